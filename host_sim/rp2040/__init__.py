"""The emulated Raspberry Pi Pico: MicroPython's own rp2 port on rp2040js (Node),
bridged to the simulator's device models (docs/rp2040.md)."""
