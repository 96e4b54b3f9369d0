"""CircuitPython runs this after boot.py: the Macroscope device (cp/main.py).
If even the firmware cannot be loaded (a file missing, no memory), the LED
blinks fast and the REPL says why: never a silent boot loop."""
try:
    from cp import main

    main.use_ticks()
    main.run()
except Exception as e:  # noqa: BLE001 - nothing of the firmware may be left to show it
    import time

    import board
    import digitalio
    print("Macroscope cannot start:", repr(e))
    led = digitalio.DigitalInOut(board.LED)
    led.switch_to_output()
    while True:
        led.value = not led.value
        time.sleep(0.1)
