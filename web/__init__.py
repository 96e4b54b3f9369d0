"""The device as a web page: the firmware on MicroPython-WebAssembly (build, serve, browser tests)."""
