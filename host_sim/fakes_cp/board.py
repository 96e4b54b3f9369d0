"""A fake of CircuitPython's `board` for the Raspberry Pi Pico: GP0-GP28, LED."""
import microcontroller as _mc

for _n in list(range(23)) + [25, 26, 27, 28]:
    globals()["GP%d" % _n] = _mc.Pin(_n)
LED = globals()["GP25"]
A0, A1, A2 = (globals()["GP%d" % _n] for _n in (26, 27, 28))
board_id = "raspberry_pi_pico"
