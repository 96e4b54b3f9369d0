// The device's flash kept in the browser (localStorage, one entry a board):
// the emulated flash folder is written back from it before the firmware
// boots, so a reload resumes the game through the firmware's own journal, as
// the board does after a power cut.
const PREFIX = "macroscope.flash.";

export class Flash {
  constructor(fs, dir, board) {
    this.fs = fs;
    this.dir = dir;
    this.key = PREFIX + board;
    this.known = {}; // name -> the bytes as last seen (hex), to tell what changed
    this.note = ""; // what the page should say about the storage: a key of i18n.mjs
    fs.mkdirTree(dir);
    try {
      this.store = window.localStorage;
      this.store.getItem(this.key);
    } catch (e) {
      this.store = null;
      this.note = "noStorage";
    }
  }

  names() {
    return this.fs.readdir(this.dir).filter((n) => n !== "." && n !== ".." && !this.fs.isDir(this.fs.stat(this.dir + "/" + n).mode));
  }

  read(name) {
    try {
      return this.fs.readFile(this.dir + "/" + name);
    } catch (e) {
      return null;
    }
  }

  // The files kept in the browser, into the flash folder.
  restore() {
    let files = {};
    const text = this.store && this.store.getItem(this.key);
    if (text) {
      try {
        for (const [n, b64] of Object.entries(JSON.parse(text))) files[n] = fromBase64(b64);
      } catch (e) {
        files = {};
        this.note = "damagedKept";
      }
    }
    this.replace(files);
  }

  // The flash folder holds just these files (name -> Uint8Array).
  replace(files) {
    for (const n of this.names()) this.fs.unlink(this.dir + "/" + n);
    for (const [n, data] of Object.entries(files)) this.fs.writeFile(this.dir + "/" + n, data);
    this.known = {};
    for (const n of this.names()) this.known[n] = toBase64(this.read(n));
  }

  // The flash folder, kept in the browser.
  save() {
    if (!this.store) return;
    const files = {};
    for (const n of this.names()) files[n] = toBase64(this.read(n));
    try {
      this.store.setItem(this.key, JSON.stringify(files));
    } catch (e) {
      this.note = "full";
    }
  }

  // Forget the kept game; nothing is kept after this (the page is leaving).
  clear() {
    if (this.store) this.store.removeItem(this.key);
    this.store = null;
  }

  // The file's bytes if they changed since last asked (or since restore), else null.
  changed(name) {
    const data = this.read(name);
    const b64 = data ? toBase64(data) : undefined;
    if (b64 === this.known[name]) return null;
    this.known[name] = b64;
    return data;
  }

  // Bytes as URL-safe text for a link, and back: LENGTH.CRC32.BASE64, so a
  // link cut at an entry's end (each entry passes its own CRC) is refused.
  static pack(bytes) {
    const b64 = toBase64(bytes).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
    return bytes.length + "." + crc32(bytes).toString(16) + "." + b64;
  }

  static unpack(text) {
    const m = /^(\d{1,9})\.([0-9a-f]{1,8})\.([A-Za-z0-9_-]+)$/.exec(text);
    if (!m) throw new Error(/^[A-Za-z0-9_-]+$/.test(text) ? "no length and CRC" : "not a game");
    const bytes = fromBase64(m[3].replace(/-/g, "+").replace(/_/g, "/"));
    if (bytes.length !== +m[1]) throw new Error("cut short");
    if (crc32(bytes) !== parseInt(m[2], 16)) throw new Error("CRC mismatch");
    const magic = String.fromCharCode(...bytes.slice(0, 4));
    if (magic !== "MJ2 " && magic !== "MJ1 ") throw new Error("not a game journal"); // MJ1: before the header's CRC
    return bytes;
  }
}

// CRC-32 (IEEE, as zlib's)
function crc32(bytes) {
  let c = ~0;
  for (const x of bytes) {
    c ^= x;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xEDB88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function toBase64(bytes) {
  let s = "";
  for (let i = 0; i < bytes.length; i += 0x8000) s += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(s);
}

function fromBase64(text) {
  const s = atob(text);
  const out = new Uint8Array(s.length);
  for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
  return out;
}
