"""CircuitPython's boot on the MicroPython VM (the core CircuitPython is
built on): what code.py relies on."""
import subprocess


def test_code_py_gives_the_firmware_its_time_through_sys_modules():
    """code.py's shim, on the real MicroPython core CircuitPython is built on:
    a module put in sys.modules as `time` is what `import time` gets, builtin
    or not. (CPython's `time` must stay whole, so the host patches it instead.)"""
    from tools.mpy import tool
    script = ("import sys\nclass M:\n    def ticks_ms(self):\n        return 42\n"
              "sys.modules['time'] = M()\nimport time\nprint(time.ticks_ms())\n")
    proc = subprocess.run([tool("micropython"), "-c", script], capture_output=True, text=True, timeout=60)
    assert proc.stdout.split() == ["42"], proc.stderr
