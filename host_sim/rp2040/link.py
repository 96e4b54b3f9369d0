"""The line to the emulated Pico (pico.mjs under Node): runs it in lockstep
with the simulator's virtual clock and carries what crosses the board between
the chip and the device models of host_sim/fakes/emu (world's pins and buses):
I2C transfers to the OLED and PCA9685, SPI bytes to the e-paper panel, output pins and PWM pulses to the
servos and PCA9685's OE, WS2812 frames to the pixels' pin; the buttons'
levels and the ladder's voltage back to the chip."""
import json
import os
import subprocess

from host_sim.rp2040 import assets


class PwmView:
    """What a servo asks of a PWM pin (emu.board): its pulse width now."""

    def __init__(self, freq, pulse_ns):
        self.freq = freq
        self.pulse_ns = pulse_ns

    def _pulse_us(self):
        return self.pulse_ns // 1000


class PicoError(Exception):
    """The emulator stopped or said something unexpected: the message says what."""


class Link:
    def __init__(self, image_path, ws2812=(), on_reset=None):
        """image_path: the littlefs image the flash starts with; ws2812: pins
        whose data is decoded as NeoPixel frames; on_reset(why): the chip
        restarted (its watchdog)."""
        from emu import clock, world
        self.clock = clock
        self.world = world
        self.serial = bytearray()  # USB serial output not yet taken
        self.on_reset = on_reset
        self.cycles = 0
        uf2, rom = assets.binaries()
        node = assets.node()
        self.proc = subprocess.Popen(
            [node, assets.script(), uf2, rom, image_path],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, bufsize=0)
        self._in = self.proc.stdin
        self._out = self.proc.stdout
        buses = {str(n): sorted(b.devices) for n, b in world.buses.items()}
        self._send({"cmd": "board", "i2c": buses, "ws2812": list(ws2812)})

    def _send(self, obj):
        try:
            self._in.write((json.dumps(obj) + "\n").encode())
        except BrokenPipeError:
            raise PicoError("the emulated Pico has stopped (exit %s)" % self.proc.poll())

    def _recv(self):
        line = self._out.readline()
        if not line:
            raise PicoError("the emulated Pico has stopped (exit %s)" % self.proc.wait())
        return json.loads(line)

    def _at(self, t):
        if t > self.clock.now_us():
            self.clock.advance(t - self.clock.now_us())

    def inputs(self):
        """Every input a device drives: pin levels, and the ladder's ADC reading (12 bits)."""
        pins = {}
        adc = [0, 0, 0, 0]
        for n, s in self.world.pins.items():
            if s.source is not None:
                pins[n] = s.source.level()
            if s.analog is not None and 26 <= n <= 29:
                adc[n - 26] = s.analog.read_u16() >> 4
        return pins, adc

    def run(self, until_us):
        """Run the chip until the virtual clock reads until_us, the inputs as
        they are now; apply what it did on the way, in time order."""
        pins, adc = self.inputs()
        self._send({"cmd": "run", "until": int(until_us), "pins": pins, "adc": adc})
        while True:
            e = self._recv()
            ev = e["ev"]
            if ev == "at":
                self._at(e["t"])
                self.cycles = e["cycles"]
                return
            if "t" in e:
                self._at(e["t"])
            if ev == "i2c":
                self._i2c_write(e)
            elif ev == "i2cr":
                d = self.world.bus(e["bus"]).devices.get(e["addr"])
                self._send({"b": d.i2c_read(1)[0] if d is not None else 0xFF})
            elif ev == "gpio":
                self._gpio(e)
            elif ev == "pwm":
                self._pwm(e)
            elif ev == "spi":
                self._spi(e)
            elif ev == "px":
                self.world.pin(e["pin"]).clock_out(bytes.fromhex(e["hex"]))
            elif ev == "serial":
                self.serial += bytes.fromhex(e["hex"])
            elif ev == "reset":
                if self.on_reset is not None:
                    self.on_reset(e["why"])
            else:
                raise PicoError("unexpected from the emulated Pico: %r" % e)

    def _i2c_write(self, e):
        bus = self.world.bus(e["bus"])
        data = bytes.fromhex(e["hex"])
        bus.bytes_sent += len(data)
        bus.transfers += 1
        d = bus.devices.get(e["addr"])
        if d is not None:
            d.i2c_write(data)

    def _spi(self, e):
        bus = self.world.spi(e["bus"])
        data = bytes.fromhex(e["hex"])
        bus.bytes_sent += len(data)
        for cs, d in bus.devices:
            if self.world.pin(cs).level() == 0:
                d.spi_write(data)

    def _gpio(self, e):
        s = self.world.pin(e["pin"])
        s.pwm = None
        s.mode, s.out, s.pull = e["mode"], e["out"], e["pull"]
        s.changed()

    def _pwm(self, e):
        s = self.world.pin(e["pin"])
        s.pwm = PwmView(e["freq"], e["pulse_ns"]) if e["freq"] else None
        s.changed()

    def write_serial(self, data):
        self._send({"cmd": "serial", "hex": bytes(data).hex()})

    def save(self, path):
        """The flash filesystem, as it is now, into the file path."""
        self._send({"cmd": "save", "path": path})
        e = self._recv()
        if e.get("ev") != "saved":
            raise PicoError("saving the flash: %r" % e)

    def close(self):
        if self.proc.poll() is None:
            try:
                self._send({"cmd": "quit"})
                self._in.close()
            except (PicoError, OSError):
                pass
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
        self._out.close()

