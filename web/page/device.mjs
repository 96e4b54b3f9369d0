// The device in a web page: the firmware's own .mpy files on
// MicroPython-WebAssembly, on the simulator's emulated board, stepped from a
// JS timer on a virtual clock that keeps pace with real time.
//
// The contract for tests and tools (stable): every device control is a
// <button data-key=K> with K its `press` letter; body.dataset.ready is "1"
// once booted; body.dataset.state is the rules state JSON and
// body.dataset.record the record the device would export, after every
// frame of steps; body.dataset.ms the virtual clock (ms); body.dataset.error
// what went wrong. URL parameters players, rules, seed, board start a game
// directly, as `press`'s flags do; speed runs the clock faster (tests).
import { loadMicroPython } from "./micropython.mjs";
import { Lid } from "./lid.mjs";
import { Epaper } from "./epaper.mjs";
import { drawOled, oledText } from "./oled.mjs";
import { Buzzer } from "./buzzer.mjs";

const KEYS = "123456rnopuUc";
const TAPS = "cU"; // pressed and released at once, whatever the hold
const PRESETS = ["standard", "family", "summary", "zh-cn"];
const PICTURES = [["lighthouse", "a lighthouse"], ["balloon", "a hot-air balloon"], ["owl", "an owl"],
  ["sailboat", "a sailboat"], ["cactus", "a cactus"], ["rocket", "a rocket"]];
const HEAP = 4 * 1024 * 1024;
const MAX_FRAME_MS = 100; // a tab left in the background does not catch up for minutes
const STEP_BUDGET_MS = 10; // of each frame (16.7 ms at 60 Hz) for the firmware's steps
const RUN_MS = 20; // virtual ms a run(): about 10 steps
const body = document.body;
const status = document.getElementById("status");

class ParamError extends Error {}

// URL parameters, checked: every error names the parameter.
export function readParams(search, boards) {
  const q = new URLSearchParams(search);
  const int = (name, lo, hi) => {
    if (!q.has(name)) return null;
    const v = q.get(name);
    if (!/^\d+$/.test(v) || +v < lo || +v > hi) throw new ParamError(`URL parameter ${name}: a whole number ${lo} to ${hi}, got "${v}"`);
    return +v;
  };
  const players = int("players", 2, 6), seed = int("seed", 0, 2 ** 31 - 1);
  const speed = int("speed", 1, 50) || 1;
  const rules = q.has("rules") ? q.get("rules") : null;
  if (rules !== null && !PRESETS.includes(rules)) throw new ParamError(`URL parameter rules: one of ${PRESETS.join(", ")}, got "${rules}"`);
  const board = q.has("board") ? q.get("board") : "pico_pca9685";
  if (!boards.includes(board)) throw new ParamError(`URL parameter board: one of ${boards.join(", ")}, got "${board}"`);
  return { players, rules, seed, board, speed };
}

function fail(msg) {
  status.textContent = msg;
  status.className = "error";
  body.dataset.error = msg;
  console.error(msg);
}

async function fetchOk(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function boot() {
  const [mp, index, blob] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, stdout: (l) => console.log(l), stderr: (l) => console.error(l) }),
    fetchOk("firmware.json").then((r) => r.json()),
    fetchOk("firmware.bin").then((r) => r.arrayBuffer()),
  ]);
  const boards = Object.keys(index).filter((p) => /^boards\/.*\.json$/.test(p)).map((p) => p.slice(7, -5)).sort();
  let params;
  try {
    params = readParams(location.search, boards);
  } catch (e) {
    if (e instanceof ParamError) { fail(e.message); return; }
    throw e;
  }
  for (const [path, [off, len]] of Object.entries(index)) {
    const full = "/fw/" + path;
    mp.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    mp.FS.writeFile(full, new Uint8Array(blob, off, len));
  }
  mp.FS.mkdirTree("/flash");
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  const pd = mp.pyimport("pagedevice");
  const err = pd.boot(params.board, params.players, params.rules, params.seed);
  if (err) fail("The board config is broken: " + err);
  const page = new Page(pd, params);
  window.macroscope = page;
  page.frame();
  body.dataset.bootMs = String(Math.round(performance.now())); // since the page began to load
  body.dataset.ready = "1";
  if (!err) status.textContent = statusLine(params);
  requestAnimationFrame(() => page.tick());
}

function statusLine(p) {
  const game = p.players || p.rules || p.seed !== null
    ? `a ${p.rules || "standard"} game for ${p.players || 3}, seed ${p.seed || 0}`
    : "the setup menu (NEXT and OK choose, Start begins)";
  return `Running the firmware on ${p.board}: ${game}.`;
}

class Page {
  constructor(pd, params) {
    this.pd = pd;
    this.speed = params.speed;
    this.lid = new Lid(document.getElementById("lid"));
    this.epaper = null; // the e-paper board's panel, in the lid's place
    this.oled = document.getElementById("oled");
    this.buzzer = new Buzzer();
    this.ms = 0; // the virtual clock, as of the last frame
    this.target = 0; // where real time says it should be
    this.last = performance.now();
    this.state = null;
    this.held = {}; // pointer id or key code -> key letter held down
    this.picture = "";
    this.ownPicture = "";
    this.stopped = false;
    this.wire();
  }

  // Key k goes down (a button held, or a tap for the card and the long UNDO).
  down(k, who) {
    this.buzzer.wake();
    if (TAPS.includes(k)) {
      this.pd.push(k);
    } else {
      this.pd.down(k);
      this.held[who] = k;
    }
    this.light(k, true);
  }

  up(who) {
    const k = this.held[who];
    if (k !== undefined) {
      delete this.held[who];
      this.pd.up(k);
    }
    for (const b of document.querySelectorAll("button[data-key].down")) b.classList.remove("down");
  }

  light(k, on) {
    const b = document.querySelector(`button[data-key="${k}"]`);
    if (b) b.classList.toggle("down", on);
  }

  wire() {
    for (const b of document.querySelectorAll("button[data-key]")) {
      const k = b.dataset.key;
      b.addEventListener("pointerdown", (e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        b.setPointerCapture(e.pointerId);
        this.down(k, "p" + e.pointerId);
      });
      const up = (e) => this.up("p" + e.pointerId);
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("click", (e) => { // Enter or Space on a focused button
        if (e.detail === 0) { this.buzzer.wake(); this.pd.push(k); }
      });
    }
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      if (e.key.length !== 1 || !KEYS.includes(e.key)) return;
      e.preventDefault();
      if (!e.repeat) this.down(e.key, "k" + e.code);
    });
    document.addEventListener("keyup", (e) => this.up("k" + e.code));
    const sel = document.getElementById("picture");
    for (const [name, label] of PICTURES) sel.add(new Option(label, name));
    sel.addEventListener("change", () => { this.ownPicture = ""; this.showPicture(); });
    document.getElementById("ownpicture").addEventListener("change", (e) => {
      const f = e.target.files[0];
      if (!f) return;
      if (this.ownPicture) URL.revokeObjectURL(this.ownPicture);
      this.ownPicture = URL.createObjectURL(f);
      this.showPicture();
    });
    document.getElementById("sound").addEventListener("change", (e) => { this.buzzer.enabled = e.target.checked; });
    document.getElementById("save").addEventListener("click", () => this.save());
    const form = document.getElementById("newgame");
    const q = new URLSearchParams(location.search);
    for (const name of ["players", "rules", "seed"]) if (q.has(name)) form.elements[name].value = q.get(name);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const p = new URLSearchParams(new FormData(form));
      if (q.has("board")) p.set("board", q.get("board"));
      location.search = p.toString();
    });
  }

  showPicture() {
    if (this.epaper) return; // a digital card: its pictures are the deck's
    let url = this.ownPicture;
    if (!url) {
      const chosen = document.getElementById("picture").value;
      const card = this.state && this.state.card ? this.state.card : 1;
      url = `pictures/${chosen || PICTURES[(card - 1) % PICTURES.length][0]}.svg`;
    }
    if (url !== this.picture) {
      this.picture = url;
      this.lid.setPicture(url);
      document.getElementById("card").style.backgroundImage = `url("${url}")`;
    }
  }

  save() {
    const text = body.dataset.record;
    if (!text) return;
    const a = document.createElement("a");
    a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
    a.download = "game.rec";
    a.click();
    setTimeout(() => URL.revokeObjectURL(a.href), 1000);
  }

  // Run the device up to where real time (times speed) says, then draw.
  tick() {
    if (this.stopped) return;
    try {
      const now = performance.now();
      this.target += Math.min(now - this.last, MAX_FRAME_MS) * this.speed;
      this.last = now;
      // steps in short runs, until the clock is where it should be or this
      // frame's budget is spent: then the clock falls behind, and the page
      // stays responsive
      let ms = this.ms;
      while (this.target - ms >= 1 && performance.now() - now < STEP_BUDGET_MS) {
        this.pd.run(Math.min(Math.floor(this.target - ms), RUN_MS));
        ms = this.pd.now_ms();
      }
      if (this.target - ms >= 1) this.target = ms;
      this.frame();
    } catch (e) {
      this.stopped = true;
      fail("The firmware stopped: " + e.message);
      return;
    }
    requestAnimationFrame(() => this.tick());
  }

  frame() {
    const f = JSON.parse(this.pd.frame());
    if (this.target < f.ms - 50 || !this.ms) this.target = f.ms; // boot or a reboot
    this.ms = f.ms;
    if (f.busy !== undefined) { // the e-paper board
      if (!this.epaper) this.showEpaper();
      this.epaper.draw(f.epaper, f.busy, f.pixels);
    } else {
      this.lid.draw(f.flaps, f.pixels);
    }
    if (f.oled) drawOled(this.oled, f.oled);
    if (f.tones) this.buzzer.play(f.tones, f.ms, this.speed);
    const card = document.getElementById("card");
    card.classList.toggle("out", !f.card);
    document.getElementById("cardkey").textContent = f.card ? "Pull card" : "Insert card";
    if (f.state !== undefined) {
      this.state = JSON.parse(f.state);
      body.dataset.state = f.state;
      body.dataset.record = f.record;
      document.getElementById("save").disabled = !f.record;
    }
    this.showPicture();
    body.dataset.ms = String(f.ms);
    if (f.errors.length) body.dataset.firmwareErrors = JSON.stringify(f.errors);
    return f;
  }

  // The digital card in place of the flaps; the picture comes from the deck.
  showEpaper() {
    const box = document.getElementById("epaper");
    this.epaper = new Epaper(box);
    box.hidden = false;
    document.getElementById("lid").style.display = "none";
    for (const id of ["picture", "ownpicture"]) document.getElementById(id).parentElement.hidden = true;
  }

  // What the e-paper canvas shows, packed as the panel's glass, in hex (tests).
  epaperHex() {
    return this.epaper ? this.epaper.glassHex() : null;
  }

  // What the canvas shows, as rows of "#" (lit) and "." (tests).
  oledText() {
    return oledText(this.oled);
  }
}

window.addEventListener("error", (e) => fail("Page error: " + e.message));
window.addEventListener("unhandledrejection", (e) => fail("Page error: " + (e.reason && e.reason.message || e.reason)));
boot();
