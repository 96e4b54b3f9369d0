"""SSD1683 e-paper controller (Waveshare Pico-ePaper-4.2 V2, 400x300, 1 bit a
pixel, 1 = white) on machine.SPI, with DC, CS, RST and BUSY (high while busy).

The controller has two RAM planes: "new" (0x24), what the next refresh shows,
and "old" (0x26), what the panel shows now. A full refresh redraws the whole
glass from "new"; a partial refresh (display mode 2) drives only the pixels
where "new" differs from "old", so after a partial the refreshed region must
be written to "old" as well. Nothing here blocks on BUSY: a refresh is started
and busy() says when it is over. Commands, arguments and data go out from
buffers made at start, so a refresh allocates nothing."""
import time
from micropython import const

WIDTH = const(400)
HEIGHT = const(300)
ROW_BYTES = const(50)
NEW = const(0x24)  # RAM written for the next refresh
OLD = const(0x26)  # RAM the partial refresh compares against

_DRIVER_OUTPUT = const(0x01)
_DEEP_SLEEP = const(0x10)
_ENTRY_MODE = const(0x11)
_SW_RESET = const(0x12)
_TEMP_SENSOR = const(0x18)
_ACTIVATE = const(0x20)
_UPDATE_CTRL1 = const(0x21)
_UPDATE_CTRL2 = const(0x22)
_BORDER = const(0x3C)
_X_RANGE = const(0x44)
_Y_RANGE = const(0x45)
_X_COUNTER = const(0x4E)
_Y_COUNTER = const(0x4F)

# 0x22 update sequences: clock + analog on, load temperature and waveform,
# display mode 1 (full) or 2 (partial: only the differences), then power off.
_SEQ_FULL = const(0xF7)
_SEQ_PARTIAL = const(0xFF)


class SSD1683:
    def __init__(self, spi, cs, dc, rst, busy):
        """spi: machine.SPI (mode 0, up to 20 MHz); cs, dc, rst, busy: machine.Pin."""
        self.spi = spi
        self.cs = cs
        self.dc = dc
        self.rst = rst
        self.busy_pin = busy
        cs.init(cs.OUT, value=1)
        dc.init(dc.OUT, value=0)
        rst.init(rst.OUT, value=1)
        busy.init(busy.IN)
        self._cmd = bytearray(1)
        self._arg = bytearray(4)
        mv = memoryview(self._arg)
        self._args = (mv[:0], mv[:1], mv[:2], mv[:3], mv[:4])
        self.asleep = True  # until reset(): after power-up or deep sleep

    def busy(self):
        return self.busy_pin.value() == 1

    # The bus: one command byte with DC low, its arguments with DC high.
    def command(self, c, n=0):
        """Send command c and the first n bytes of self._arg as its arguments."""
        self._cmd[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        if n:
            self.dc(1)
            self.spi.write(self._args[n])
        self.cs(1)

    def _send(self, c, a=0, b=0, d=0, e=0, n=0):
        arg = self._arg
        arg[0] = a
        arg[1] = b
        arg[2] = d
        arg[3] = e
        self.command(c, n)

    def data(self, buf):
        self.cs(0)
        self.dc(1)
        self.spi.write(buf)
        self.cs(1)

    # Power
    def reset(self):
        """Wake from power-up or deep sleep: a RST pulse, then a software
        reset. The panel is busy for a few ms after: call init() once
        busy() is False."""
        self.rst(0)
        time.sleep_ms(10)  # the datasheet's minimum low time
        self.rst(1)
        time.sleep_ms(10)
        self._send(_SW_RESET)
        self.asleep = False

    def init(self):
        """Registers after reset: 300 gate lines, white border, the internal
        temperature sensor, RAM addressed x then y, both increasing."""
        self._send(_DRIVER_OUTPUT, (HEIGHT - 1) & 0xFF, (HEIGHT - 1) >> 8, 0, n=3)
        self._send(_BORDER, 0x05, n=1)
        self._send(_TEMP_SENSOR, 0x80, n=1)
        self._send(_ENTRY_MODE, 0x03, n=1)

    def sleep(self):
        """Deep sleep (RAM kept, a few uA); only reset() wakes the panel."""
        self._send(_DEEP_SLEEP, 0x01, n=1)
        self.asleep = True

    # RAM
    def window(self, xb, y, wb, h):
        """Address the RAM rectangle of wb bytes (8 px each) from byte column
        xb, h rows from row y; data then fills it row by row."""
        x1 = xb + wb - 1
        y1 = y + h - 1
        self._send(_X_RANGE, xb, x1, n=2)
        self._send(_Y_RANGE, y & 0xFF, y >> 8, y1 & 0xFF, y1 >> 8, n=4)
        self._send(_X_COUNTER, xb, n=1)
        self._send(_Y_COUNTER, y & 0xFF, y >> 8, n=2)

    def write(self, plane, buf):
        """Send buf into plane (NEW or OLD) at the window set last."""
        self._send(plane)
        self.data(buf)

    # Refresh: started here, over when busy() is False
    def refresh(self, full):
        if full:
            self._send(_UPDATE_CTRL1, 0x40, 0x00, n=2)  # "old" RAM ignored
            self._send(_UPDATE_CTRL2, _SEQ_FULL, n=1)
        else:
            self._send(_UPDATE_CTRL1, 0x00, 0x00, n=2)
            self._send(_UPDATE_CTRL2, _SEQ_PARTIAL, n=1)
        self._send(_ACTIVATE)
