"""CircuitPython runs this after boot.py: the Macroscope device (cp/main.py)."""
from cp import main

main.use_ticks()
main.run()
