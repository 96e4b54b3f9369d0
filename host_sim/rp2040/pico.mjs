// The emulated Raspberry Pi Pico: MicroPython's rp2 port (a UF2) on rp2040js,
// with the bootrom, a littlefs image in flash, and the parts of the board
// (OLED, PCA9685, buttons, servos) left to the host: Python's device models
// in host_sim/fakes/emu, one set for every runtime.
//
// The host drives it over stdin/stdout, one JSON object a line (host_sim/rp2040/link.py):
//   host -> pico  {"cmd": "run", "until": us, "pins": {gpio: 0|1}, "adc": [v0..v3]}
//                 run until the emulated clock reaches `until`, inputs held as given
//                 {"cmd": "serial", "hex": "..."}  bytes for the USB serial (the host's keyboard)
//                 {"cmd": "save", "path": p}   the littlefs region into a file
//                 {"cmd": "quit"}
//   pico -> host  {"ev": "i2c", "t": us, "bus": n, "addr": a, "hex": "..."}  a write transfer, at its stop
//                 {"ev": "i2cr", "t": us, "bus": n, "addr": a}  a read byte: the host answers {"b": v}
//                 {"ev": "gpio", "t": us, "pin": n, "mode": 0|1, "out": 0|1, "pull": -1|1|2}
//                 {"ev": "pwm", "t": us, "pin": n, "freq": hz, "pulse_ns": ns}
//                 {"ev": "px", "t": us, "pin": n, "hex": "..."}  a WS2812 frame decoded from the pin
//                 {"ev": "spi", "t": us, "bus": n, "hex": "..."}  bytes out on SPI (before any later pin change)
//                 {"ev": "serial", "hex": "..."}   USB serial output
//                 {"ev": "reset", "t": us, "why": "watchdog"}   the board restarted
//                 {"ev": "at", "t": us, "cycles": n}   the run is done (its answer)
// Times are emulated microseconds since power-up; the clock is 125 MHz.
import fs from 'fs';
import {
  Simulator, createSetupPacket, getDescriptorPacket, setDeviceAddressPacket,
  setDeviceConfigurationPacket,
} from 'rp2040js';

const NS_PER_CYCLE = 8; // 125 MHz
const FLASH_BASE = 0x10000000;
const FS_START = 0xa0000; // where the rp2 port keeps littlefs (1,408 KiB)
const FS_SIZE = 352 * 4096;
// the Pico's flash chip (W25Q16JV): 2 MiB, its 24-bit addresses wrapping at
// that size; a page program writes 256 bytes, an erase command one sector or block
const FLASH_BYTES = 2 * 1024 * 1024;
const PAGE = 256;
// erase commands: bytes erased and the typical time (tSE, tBE1, tBE2)
const ERASE = { 0x20: [4096, 45e6], 0x52: [32768, 120e6], 0xd8: [65536, 150e6] };
const PROGRAM_NS_PER_PAGE = 0.4e6; // tPP

const [uf2Path, bootromPath, imagePath] = process.argv.slice(2);
const romBytes = fs.readFileSync(bootromPath);
const bootrom = new Uint32Array(romBytes.buffer.slice(romBytes.byteOffset, romBytes.byteOffset + romBytes.length));
const firmware = loadUF2(fs.readFileSync(uf2Path));
let fsImage = fs.readFileSync(imagePath);
if (fsImage.length !== FS_SIZE) fail(`${imagePath}: ${fsImage.length} bytes, a flash image is ${FS_SIZE}`);

let sim, mcu, core, clock, cdc, reBreak, rpBreak;
let quietPins = new Set(); // pins decoded as WS2812 data, never sent as edges
let lastPulse = {};
const px = {};
let totalCycles = 0;

function fail(msg) {
  process.stderr.write(msg + '\n');
  process.exit(2);
}

function loadUF2(buf) {
  // 512-byte blocks: magic, flags, target address, payload size, ..., 476 data bytes
  const blocks = [];
  for (let off = 0; off + 512 <= buf.length; off += 512) {
    const v = new DataView(buf.buffer, buf.byteOffset + off, 512);
    if (v.getUint32(0, true) !== 0x0a324655 || v.getUint32(4, true) !== 0x9e5d5157) fail('not a UF2 file');
    const addr = v.getUint32(12, true);
    const size = v.getUint32(16, true);
    blocks.push([addr - FLASH_BASE, buf.subarray(off + 32, off + 32 + size)]);
  }
  return blocks;
}

function nowUs() {
  return Math.floor(clock.nanos / 1000);
}

function send(obj) {
  if (obj.ev !== 'spi') flushSPI(); // the bytes before a pin change (DC, CS) go first
  const s = JSON.stringify(obj) + '\n';
  fs.writeSync(1, s);
}

const hex = (bytes) => Buffer.from(bytes).toString('hex');

// -- commands from the host, read synchronously (the emulator waits on the host)
let inBuf = Buffer.alloc(0);
function readLine() {
  for (;;) {
    const nl = inBuf.indexOf(10);
    if (nl >= 0) {
      const line = inBuf.subarray(0, nl).toString();
      inBuf = inBuf.subarray(nl + 1);
      return JSON.parse(line);
    }
    const chunk = Buffer.alloc(65536);
    let n;
    try {
      n = fs.readSync(0, chunk, 0, chunk.length, null);
    } catch (e) {
      if (e.code === 'EAGAIN') continue;
      throw e;
    }
    if (n === 0) process.exit(0); // the host went away
    inBuf = Buffer.concat([inBuf, chunk.subarray(0, n)]);
  }
}

// -- the bootrom's flash writes, done on the flash array (the SSI is a stub in rp2040js)
function romFunction(code) {
  const rom8 = new Uint8Array(bootrom.buffer);
  const u16 = (a) => rom8[a] | (rom8[a + 1] << 8);
  for (let p = u16(0x14); u16(p); p += 4) {
    if (u16(p) === code) return u16(p + 2);
  }
  fail('bootrom: no function ' + code.toString(16));
}
const romCode = (s) => s.charCodeAt(0) | (s.charCodeAt(1) << 8);

// The bootrom's loops (program_flash_generic.c) as the chip does them. An
// erase command clears the whole sector or block holding its address (the
// low bits ignored): a 64 KiB block command where the address is aligned to
// block_size and as much is left, else a 4 KiB sector. A page program sends
// 256 bytes from data (the count rounded up to whole pages), each to its
// page's address modulo 256 (wrapping within the page), and can only clear
// bits: the flash keeps old AND new.
function flashErase() {
  const [start, count, blockSize, blockCmd] = core.registers;
  const goal = start + count;
  let ns = 0;
  for (let addr = start; addr < goal;) {
    const block = !(addr & (blockSize - 1)) && goal - addr >= blockSize;
    const cmd = block ? blockCmd : 0x20;
    if (!ERASE[cmd]) fail(`flash_range_erase: erase command 0x${cmd.toString(16)} is not the W25Q16JV's`);
    const [size, cost] = ERASE[cmd];
    const at = (addr % FLASH_BYTES) & ~(size - 1);
    mcu.flash.fill(0xff, at, at + size);
    ns += cost;
    addr += block ? blockSize : 4096;
  }
  return ns;
}

function flashProgram() {
  const [start, data, count] = core.registers;
  let ns = 0;
  for (let off = 0; off < count; off += PAGE) {
    const at = (start + off) % FLASH_BYTES;
    const page = at & ~(PAGE - 1);
    for (let i = 0; i < PAGE; i++) mcu.flash[page + ((at + i) & (PAGE - 1))] &= mcu.readUint8(data + off + i);
    ns += PROGRAM_NS_PER_PAGE;
  }
  return ns;
}

// -- USB: a host that answers an OUT read only when it has bytes (a real host
// NAKs); rp2040js's own CDC host answers every 10 us with nothing, which keeps
// the firmware in its USB interrupt.
class SerialHost {
  constructor(usb) {
    this.usb = usb;
    this.queue = [];
    this.pending = 0; // bytes the device's OUT endpoint waits for (0: none)
    this.config = null;
    this.descriptors = [];
    this.inEp = -1;
    this.outEp = -1;
    this.ready = false;
    usb.onUSBEnabled = () => usb.resetDevice();
    usb.onResetReceived = () => usb.sendSetupPacket(setDeviceAddressPacket(1));
    usb.onEndpointWrite = (ep, buf) => this.written(ep, buf);
    usb.onEndpointRead = (ep, size) => {
      if (ep === this.outEp) {
        this.pending = size;
        this.feed();
      }
    };
  }

  written(ep, buf) {
    const usb = this.usb;
    if (ep === 0 && buf.length === 0) {
      if (this.config === null) usb.sendSetupPacket(getDescriptorPacket(2, 9));
      else if (!this.ready && this.outEp >= 0) {
        this.ready = true; // DTR and RTS up: the port sends its output only to a listening host
        usb.sendSetupPacket(createSetupPacket({
          dataDirection: 0, type: 1, recipient: 0, bRequest: 0x22, wValue: 3, wIndex: 0, wLength: 0,
        }));
      }
    } else if (ep === 0 && buf.length > 1) {
      if (this.config === null && buf.length === 9 && buf[1] === 2) {
        this.config = buf[2] | (buf[3] << 8);
        usb.sendSetupPacket(getDescriptorPacket(2, this.config));
      } else if (this.config !== null && this.descriptors.length < this.config) {
        this.descriptors.push(...buf);
        if (this.descriptors.length >= this.config) {
          this.endpoints();
          usb.sendSetupPacket(setDeviceConfigurationPacket(1));
        }
      }
    } else if (ep === this.inEp) {
      send({ ev: 'serial', hex: hex(buf) });
    }
  }

  endpoints() {
    // the bulk endpoints of the CDC data interface (class 10)
    const d = this.descriptors;
    let data = false;
    for (let i = 0; i + 1 < d.length && d[i] >= 2; i += d[i]) {
      if (d[i + 1] === 4) data = d[i + 5] === 10 && d[i + 4] === 2;
      if (data && d[i + 1] === 5 && (d[i + 3] & 3) === 2) {
        if (d[i + 2] & 0x80) this.inEp = d[i + 2] & 15;
        else this.outEp = d[i + 2] & 15;
      }
    }
  }

  write(bytes) {
    this.queue.push(...bytes);
    this.feed();
  }

  feed() {
    if (this.pending && this.queue.length) {
      const chunk = Uint8Array.from(this.queue.splice(0, this.pending));
      this.pending = 0;
      this.usb.endpointReadDone(this.outEp, chunk);
    }
  }
}

// -- I2C: transfers go to the host's device models; each bit takes its time
function wireI2C(n) {
  const i2c = mcu.i2c[n];
  let addr = -1;
  let data = [];
  let reading = false;
  const bitNs = () => {
    // SCL high + low counts set from the configured frequency (pico-sdk's i2c_set_baudrate)
    const hi = i2c.speed === 1 ? i2c.ssClockHighPeriod : i2c.fsClockHighPeriod;
    const lo = i2c.speed === 1 ? i2c.ssClockLowPeriod : i2c.fsClockLowPeriod;
    return (hi + lo) * NS_PER_CYCLE;
  };
  const later = (ns, fn) => clock.createAlarm(fn).schedule(ns);
  const flush = () => {
    if (addr >= 0 && !reading) send({ ev: 'i2c', t: nowUs(), bus: n, addr, hex: hex(data) });
    data = [];
  };
  i2c.onStart = () => later(bitNs(), () => i2c.completeStart());
  i2c.onConnect = (a, mode) => {
    flush();
    addr = a;
    reading = mode === 1;
    const ack = devices[n] && devices[n].includes(a);
    later(9 * bitNs(), () => i2c.completeConnect(ack));
  };
  i2c.onWriteByte = (b) => {
    data.push(b);
    later(9 * bitNs(), () => i2c.completeWrite(true));
  };
  i2c.onReadByte = () => {
    send({ ev: 'i2cr', t: nowUs(), bus: n, addr });
    const v = readLine().b;
    later(9 * bitNs(), () => i2c.completeRead(v));
  };
  i2c.onStop = () => {
    flush();
    addr = -1;
    later(bitNs(), () => i2c.completeStop());
  };
}
let devices = {};

// -- SPI: bytes to the host's models (the e-paper panel), each taking its bits' time
const spiOut = [[], []];
function wireSPI(n) {
  const spi = mcu.spi[n];
  spi.onTransmit = (value) => {
    spiOut[n].push(value & 0xff);
    const hz = spi.clockFrequency || 1e6;
    clock.createAlarm(() => spi.completeTransmit(0)).schedule((spi.dataBits * 1e9) / hz);
  };
}

function flushSPI() {
  for (const n of [0, 1]) {
    if (spiOut[n].length) {
      const data = spiOut[n];
      spiOut[n] = [];
      send({ ev: 'spi', t: nowUs(), bus: n, hex: hex(data) });
    }
  }
}

// -- pins: outputs and pulls to the host; PWM pulses; WS2812 frames decoded
function pinState(p) {
  const v = p.value; // 0 Low, 1 High, 2 Input, 3 pull-up, 4 pull-down, 5 bus keeper
  if (v <= 1) return { mode: 1, out: v, pull: -1 };
  return { mode: 0, out: 0, pull: v === 3 ? 1 : v === 4 ? 2 : -1 };
}

function wirePins() {
  mcu.gpio.forEach((p, n) => {
    p.addListener((value, old) => {
      if (quietPins.has(n)) return ws2812(n, value, old);
      if (p.functionSelect === 4) return; // PWM edges: the pulse is sent instead
      send({ ev: 'gpio', t: nowUs(), pin: n, ...pinState(p) });
    });
  });
  const pwm = mcu.pwm;
  const write = pwm.writeUint32.bind(pwm);
  pwm.writeUint32 = (offset, value) => {
    write(offset, value);
    pwmChanged();
  };
  const ctrl = mcu.peripherals[0x40014];
  const ioWrite = ctrl.writeUint32.bind(ctrl);
  ctrl.writeUint32 = (offset, value) => {
    ioWrite(offset, value);
    pwmChanged();
  };
}

function pwmChanged() {
  mcu.gpio.forEach((p, n) => {
    let freq = 0;
    let pulse = 0;
    if (p.functionSelect === 4) {
      const ch = mcu.pwm.channels[(n >> 1) & 7];
      const div = ((ch.div >> 4) & 0xff || 256) + (ch.div & 15) / 16;
      const twice = ch.csr & 2 ? 2 : 1; // phase-correct counts up and down
      const level = n & 1 ? ch.cc >>> 16 : ch.cc & 0xffff;
      if (ch.csr & 1) {
        pulse = Math.round(Math.min(level, ch.top + 1) * div * twice * NS_PER_CYCLE);
        freq = Math.round(1e9 / ((ch.top + 1) * div * twice * NS_PER_CYCLE));
      }
    } else if (!(n in lastPulse)) return;
    const key = freq + '/' + pulse;
    if (lastPulse[n] !== key) {
      lastPulse[n] = key;
      send({ ev: 'pwm', t: nowUs(), pin: n, freq, pulse_ns: pulse });
    }
  });
}

function ws2812(n, value, old) {
  // a bit is a high pulse: 0.4 us a 0, 0.8 us a 1; 50 us low latches the frame
  const s = px[n] || (px[n] = { rise: 0, fall: 0, bits: 0, byte: 0, bytes: [] });
  const t = clock.nanos;
  if (value === 1) {
    if (s.bytes.length && t - s.fall > 50000) latch(n);
    s.rise = t;
  } else if (value === 0 && old === 1) { // a high pulse ends (not the pin becoming an output)
    s.fall = t;
    s.byte = (s.byte << 1) | (t - s.rise > 600 ? 1 : 0);
    if (++s.bits === 8) {
      s.bytes.push(s.byte);
      s.bits = s.byte = 0;
    }
  }
}

function latch(n) {
  const s = px[n];
  send({ ev: 'px', t: Math.floor(s.fall / 1000), pin: Number(n), hex: hex(s.bytes) });
  s.bytes = [];
  s.bits = s.byte = 0;
}

// -- power: a fresh chip, the flash kept
function powerUp(flash) {
  sim = new Simulator();
  mcu = sim.rp2040;
  core = mcu.core;
  clock = sim.clock;
  mcu.logger = { debug() {}, info() {}, warn() {}, error() {} };
  mcu.loadBootrom(bootrom);
  if (flash) mcu.flash.set(flash);
  else {
    for (const [off, data] of firmware) mcu.flash.set(data, off);
    mcu.flash.set(fsImage, FS_START);
  }
  reBreak = romFunction(romCode('RE')) & ~1; // a Thumb address: bit 0 set
  rpBreak = romFunction(romCode('RP')) & ~1;
  cdc = new SerialHost(mcu.usbCtrl);
  for (const n of [0, 1]) {
    wireI2C(n);
    wireSPI(n);
  }
  wirePins();
  lastPulse = {};
  mcu.watchdog = mcu.peripherals[0x40058];
  mcu.watchdog.onWatchdogTrigger = () => {
    // its counter at 0 would fire again at once, for ever: stop it, the chip restarts anyway
    mcu.watchdog.timer.enable = false;
    mcu.watchdog.alarm.enable = false;
    resetPending = mcu.watchdog.reason & 1 ? 'watchdog' : 'machine.reset()'; // REASON: 1 timer, 2 force (machine.reset)
  };
  core.PC = FLASH_BASE; // the boot2 stage at the start of flash, as the bootrom would
}
let resetPending = null;
let timeBase = 0; // emulated us before the last reset: the host's clock never goes back

function run(untilUs) {
  const target = (untilUs - timeBase) * 1000;
  while (clock.nanos < target) {
    if (resetPending) {
      const why = resetPending;
      resetPending = null;
      timeBase += nowUs();
      powerUp(mcu.flash.slice());
      send({ ev: 'reset', t: timeBase, why });
      return;
    }
    if (core.waiting) {
      const ahead = clock.nanosToNextAlarm;
      clock.tick(ahead > 0 && clock.nanos + ahead < target ? ahead : target - clock.nanos);
      continue;
    }
    const pc = core.PC;
    if (pc === reBreak || pc === rpBreak) {
      const ns = pc === reBreak ? flashErase() : flashProgram();
      core.PC = core.LR & ~1;
      clock.tick(ns);
      continue;
    }
    const cycles = core.executeInstruction();
    totalCycles += cycles;
    clock.tick(cycles * NS_PER_CYCLE);
  }
  flushSPI();
  for (const n of Object.keys(px)) {
    if (px[n].bytes.length && clock.nanos - px[n].fall > 50000) latch(n);
  }
}

function main() {
  const hello = readLine(); // {"cmd": "board", "i2c": {bus: [addr...]}, "ws2812": [pins]}
  devices = hello.i2c || {};
  quietPins = new Set(hello.ws2812 || []);
  powerUp(null);
  for (;;) {
    const c = readLine();
    if (c.cmd === 'run') {
      for (const [pin, v] of Object.entries(c.pins || {})) mcu.gpio[pin].setInputValue(!!v);
      (c.adc || []).forEach((v, i) => (mcu.adc.channelValues[i] = v));
      run(c.until);
      send({ ev: 'at', t: timeBase + nowUs(), cycles: totalCycles });
    } else if (c.cmd === 'serial') {
      cdc.write(Buffer.from(c.hex, 'hex'));
    } else if (c.cmd === 'save') {
      fs.writeFileSync(c.path, mcu.flash.subarray(FS_START, FS_START + FS_SIZE));
      send({ ev: 'saved' });
    } else if (c.cmd === 'quit') {
      process.exit(0);
    }
  }
}

main();
