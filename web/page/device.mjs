// The device in a web page: the firmware's own .mpy files on
// MicroPython-WebAssembly, on the simulator's emulated board, stepped from a
// JS timer on a virtual clock that keeps pace with real time.
//
// The contract for tests and tools (stable): every device control is a
// <button data-key=K> with K its `press` letter; body.dataset.ready is "1"
// once booted; body.dataset.state is the rules state JSON and
// body.dataset.record the record the device would export, after every
// frame of steps; body.dataset.screen the words on the device's screen (as
// the firmware drew them; the live region says them in the menus, the game
// in words in play); body.dataset.ms the virtual clock (ms);
// body.dataset.error what went wrong; body.dataset.picture the name of the
// picture revealed ("" until the reveal shows it). URL parameters players, rules, seed,
// board start a game directly, as `press`'s flags do; speed runs the clock
// faster (tests); lang (en, zh-hans, zh-hant) is the page's language and the
// device's, kept in this browser.
import { loadMicroPython } from "./micropython.mjs";
import { Lid, cardImages } from "./lid.mjs";
import { SeatLights } from "./seatlights.mjs";
import { Epaper } from "./epaper.mjs";
import { drawOled, oledText } from "./oled.mjs";
import { Buzzer } from "./buzzer.mjs";
import { Flash } from "./flash.mjs";
import { LANGS, apply, current, keep, kept, t } from "./i18n.mjs";
import { spoken, todo } from "./gamewords.mjs";

const KEYS = "123456rnopuUc";
const TAPS = "cU"; // pressed and released at once, whatever the hold
const PRESETS = ["standard", "family", "summary", "zh-cn"];
const HEAP = 4 * 1024 * 1024;
const RECORD_MOST = 4 << 20; // bytes: a loaded record past this is refused unread (the bench's longest is 1 MB)
const MAX_FRAME_MS = 100; // real ms a frame may add to the clock (a stalled tab does not race)
const STEP_BUDGET_MS = 10; // of each frame (16.7 ms at 60 Hz) for the firmware's steps
const RUN_MS = 20; // virtual ms a run(): about 10 steps
const QUIET_STEP_MS = 50; // at rest: a step every 50 ms of virtual time, not 2
const QUIET_TICK_MS = 250; // and a frame every 250 ms, not every 16
const QUIET_AFTER_MS = 400; // real ms with nothing moving before the page rests
const CATCH_UP_STEP_MS = 100; // a tab shown again runs the time it was hidden in longer steps
const CONSOLE_LINES = 300;
const PICTURE_KEY = "macroscope.picture";
const body = document.body;
const status = document.getElementById("status");
const printed = [];

class ParamError extends Error {}

// URL parameters, checked: every error names the parameter.
export function readParams(search, boards, seats) {
  const q = new URLSearchParams(search);
  const int = (name, lo, hi) => {
    if (!q.has(name)) return null;
    const v = q.get(name);
    if (!/^\d+$/.test(v) || +v < lo || +v > hi) throw paramError(name, t("wholeNumber", { lo, hi, v }));
    return +v;
  };
  // a seed as every front end takes it, refused in a game record's words (no modulo)
  const seedOf = () => {
    if (!q.has("seed")) return null;
    const v = q.get("seed");
    if (!/^\d{1,18}$/.test(v)) throw paramError("seed", t("seedNumber", { v: v.slice(0, 40) }));
    if (+v > 4294967295) throw paramError("seed", t("seedRange", { v }));
    return +v;
  };
  const players = int("players", 2, seats), seed = seedOf();
  const speed = int("speed", 1, 50) || 1;
  const rules = q.has("rules") ? q.get("rules") : null;
  if (rules !== null && !PRESETS.includes(rules)) throw paramError("rules", t("oneOf", { list: PRESETS.join(", "), v: rules }));
  const board = q.has("board") ? q.get("board") : "pico_pca9685";
  if (!boards.includes(board)) throw paramError("board", t("oneOf", { list: boards.join(", "), v: board }));
  return { players, rules, seed, board, speed, lang: langParam(q) };
}

function paramError(name, what) {
  return new ParamError(t("param", { name, what }));
}

// ?lang=, checked: a language code, or null when the URL has none.
export function langParam(q) {
  if (!q.has("lang")) return null;
  const v = q.get("lang");
  if (!LANGS.includes(v)) throw paramError("lang", t("oneOf", { list: LANGS.join(", "), v: v.slice(0, 40) }));
  return v;
}

// The page's language before the device speaks: ?lang= if it is one, else
// the one kept in this browser, else English.
function firstLang() {
  try {
    const v = langParam(new URLSearchParams(location.search));
    if (v) return v;
  } catch (e) { /* named once the firmware is loaded, with the other parameters */ }
  return kept() || "en";
}

// The language selector: the page and the device speak the choice (without
// a booted device, as after a bad URL parameter, the page loads again in it).
function chooser() {
  const sel = document.getElementById("lang");
  sel.addEventListener("change", () => {
    const code = sel.value;
    if (window.macroscope) {
      window.macroscope.chooseLang(code);
      return;
    }
    keep(code);
    const q = new URLSearchParams(location.search);
    q.set("lang", code);
    location.search = q.toString();
  });
}

// The page's own words in language code: the marked texts and the seats'
// names (the lid and the status line follow at the next frame).
function speakPage(code) {
  apply(code);
  for (const b of document.querySelectorAll("button.seat")) b.setAttribute("aria-label", t("seat", { n: b.dataset.key }));
  const pause = document.getElementById("pause");
  pause.textContent = t(pause.getAttribute("aria-pressed") === "true" ? "resume" : "pause");
  document.querySelector("#newgame input[name=seed]").placeholder = t("seedRandom");
}

// A seed and a deck secret (decimal text) from the browser's random source:
// a new game given no seed, whose dice and pictures no one can know.
function freshSeed() {
  const a = crypto.getRandomValues(new Uint32Array(3));
  return [String(a[0]), ((BigInt(a[1]) << 32n) | BigInt(a[2])).toString()];
}

function fail(msg) {
  status.textContent = msg;
  status.className = "error";
  body.dataset.error = msg;
  console.error(msg);
}

function print(line) {
  printed.push(line);
  if (printed.length > CONSOLE_LINES) printed.shift();
  const pre = document.querySelector("#console pre");
  if (pre && document.getElementById("console").open) pre.textContent = printed.join("\n");
}

async function fetchOk(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return r;
}

async function boot() {
  const [mp, index, blob] = await Promise.all([
    loadMicroPython({ heapsize: HEAP, stdout: (l) => { print(l); console.log(l); },
      stderr: (l) => { print(l); console.error(l); } }),
    fetchOk("firmware.json").then((r) => r.json()),
    fetchOk("firmware.bin").then((r) => r.arrayBuffer()),
  ]);
  const boards = Object.keys(index).filter((p) => /^boards\/.*\.json$/.test(p)).map((p) => p.slice(7, -5)).sort();
  for (const [path, [off, len]] of Object.entries(index)) {
    const full = "/fw/" + path;
    mp.FS.mkdirTree(full.slice(0, full.lastIndexOf("/")));
    mp.FS.writeFile(full, new Uint8Array(blob, off, len));
  }
  mp.runPython("import sys\nsys.path.insert(0, '/fw')");
  const pd = mp.pyimport("pagedevice");
  let params;
  try {
    params = readParams(location.search, boards, pd.SEATS);
  } catch (e) {
    if (e instanceof ParamError) { fail(e.message); return; }
    throw e;
  }
  // the flash: kept in this browser per board; a URL game or a shared link replaces it
  const flash = new Flash(mp.FS, "/flash", params.board);
  const shared = new URLSearchParams(location.hash.slice(1)).get("game");
  const urlGame = params.players !== null || params.rules !== null || params.seed !== null;
  let note = flash.note ? [flash.note] : "";
  if (shared !== null) {
    let jnl = null;
    try {
      jnl = Flash.unpack(shared);
    } catch (e) {
      note = ["damagedLink", { why: e.message }];
    }
    if (jnl !== null) { // its CRCs pass: the firmware tries it aside before anything is replaced
      mp.FS.mkdirTree(pd.LINK_CHECK);
      mp.FS.writeFile(pd.LINK_CHECK + "game.jnl", jnl);
      const why = pd.link_fault();
      if (why) {
        note = ["damagedLink", { why }];
        jnl = null;
      }
    }
    flash.restore();
    const kept = flash.read("game.jnl");
    const other = kept !== null && kept.length > 0 && String(kept) !== String(jnl);
    if (jnl !== null && other && !window.confirm(t("replaceGame"))) note = ["linkDeclined"];
    else if (jnl !== null) flash.replace({ "game.jnl": jnl }); // the journal only: settings stay the browser's own
  } else if (urlGame) {
    flash.replace({});
  } else {
    flash.restore();
  }
  if (params.lang) keep(params.lang); // a language in the URL is chosen
  const fresh = urlGame && params.seed === null ? freshSeed() : null;
  const err = pd.boot(params.board, params.players, params.rules, params.seed, params.lang || kept(), "/fw/", "/flash/", fresh);
  if (err) fail(t("brokenBoard", { why: err }));
  flash.save(); // what the boot wrote (a URL game's journal)
  // a reload resumes the game from the flash, so the URL no longer starts one
  if (urlGame || shared !== null) {
    const q = new URLSearchParams(location.search);
    for (const k of ["players", "rules", "seed"]) q.delete(k);
    history.replaceState(null, "", location.pathname + (q.toString() ? "?" + q : ""));
  }
  const page = new Page(mp, pd, params, flash);
  window.macroscope = page;
  page.frame();
  body.dataset.bootMs = String(Math.round(performance.now())); // since the page began to load
  // the first frame is drawn a part a step: until it is whole the screen has no words yet
  if (body.dataset.screen === undefined) body.dataset.screen = "";
  if (body.dataset.picture === undefined) body.dataset.picture = ""; // nothing revealed yet
  body.dataset.ready = "1";
  if (note) page.tell(note);
  page.showStatus();
  page.schedule();
}

class Page {
  constructor(mp, pd, params, flash) {
    this.mp = mp;
    this.pd = pd;
    this.params = params;
    this.flash = flash;
    this.speed = params.speed;
    this.lid = new Lid(document.getElementById("lid"), pd.WINDOWS);
    this.seatLights = new SeatLights([...document.querySelectorAll("#controls button.seat")], pd.WINDOWS);
    this.epaper = null; // the e-paper board's panel, in the lid's place
    this.oled = document.getElementById("oled");
    this.buzzer = new Buzzer();
    this.ms = 0; // the virtual clock, as of the last frame
    this.target = 0; // where real time says it should be
    this.last = performance.now();
    this.state = null;
    this.mode = -1;
    this.held = {}; // pointer id or key code -> key letter held down
    this.picture = "";
    this.ownPicture = "";
    this.deck = null; // the dealt card's pictures from the deck: {lid, face} data: URLs, null before a card
    this.answer = ""; // the revealed picture's name, from the device ("" until the reveal)
    this.stopped = false;
    this.paused = false;
    this.reboots = -1;
    this.seenShut = []; // each flap, seen shut since power-up (until then it is drawn shut)
    this.flaps = "";
    this.busySince = performance.now(); // when something last moved
    this.quiet = false;
    this.timer = 0; // the pending setTimeout of a resting page
    this.frameReq = 0; // the pending requestAnimationFrame
    this.hiddenAt = 0; // performance.now() when the tab was hidden, 0 when shown
    this.backlog = 0; // real ms of a hidden spell still to run
    this.flashAt = -1; // the flash's bytes written, as last kept
    this.note = ""; // a page message for the status line: [i18n key, values] or words as they are
    this.screen = "";
    this.play = null; // the play mode's words and what the rules allow now (pagedevice's "play")
    this.card = true; // the card is in its slot
    this.noteAt = ""; // the record when the note was given: the note ends when the game moves on
    this.said = ""; // the live region's words, as last written
    this.lidSays = "";
    this.wire();
  }

  // A page message in the status line, until the game moves on (loaded: from
  // the loaded game's first state on). note: [i18n key, values] or words.
  tell(note, loaded) {
    this.note = note;
    this.noteAt = loaded ? null : body.dataset.record || "";
  }

  // -- input: every click and key is one press, queued by the device side ---

  down(k, who) {
    this.buzzer.wake();
    if (TAPS.includes(k)) {
      this.pd.push(k);
    } else {
      this.pd.down(k);
      this.held[who] = k;
    }
    this.light(k, true);
    this.wake();
  }

  up(who) {
    const k = this.held[who];
    if (k !== undefined) {
      delete this.held[who];
      this.pd.up(k);
    }
    for (const b of document.querySelectorAll("button[data-key].down")) b.classList.remove("down");
    this.wake();
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
        e.preventDefault(); // no focus steal, no text selection, no touch scroll
        b.setPointerCapture(e.pointerId);
        this.down(k, "p" + e.pointerId);
      });
      const up = (e) => this.up("p" + e.pointerId);
      b.addEventListener("pointerup", up);
      b.addEventListener("pointercancel", up);
      b.addEventListener("contextmenu", (e) => e.preventDefault()); // a long touch is a held button
      b.addEventListener("click", (e) => { // Enter or Space on a focused button
        if (e.detail === 0) { this.buzzer.wake(); this.pd.push(k); this.wake(); }
      });
    }
    document.addEventListener("keydown", (e) => {
      if (e.ctrlKey || e.metaKey || e.altKey || /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName)) return;
      if (e.key.length !== 1 || !KEYS.includes(e.key)) return;
      if (e.target.closest && e.target.closest("dialog")) return;
      e.preventDefault();
      if (!e.repeat) this.down(e.key, "k" + e.code);
    });
    document.addEventListener("keyup", (e) => this.up("k" + e.code));
    // the picture: the deck's, a new one for each card, or the user's own
    // file; never a list of the deck's answers
    // each file input is drawn as the page's own button and the chosen file's
    // name, in the page's language (the browser's says "Choose File" in its own)
    for (const input of document.querySelectorAll("#table input[type=file]")) {
      input.addEventListener("change", () => chosen(input, input.files[0] ? input.files[0].name : ""));
    }
    const sel = document.getElementById("picture");
    const file = document.getElementById("ownpicture");
    sel.addEventListener("change", () => {
      if (sel.value === "own") {
        if (!this.ownPicture) file.click();
        return;
      }
      this.ownPicture = "";
      file.value = "";
      chosen(file, "");
      try { localStorage.removeItem(PICTURE_KEY); } catch (e) { /* not kept */ }
      this.showPicture();
      this.reveal();
    });
    try { // a picture of one's own is kept with the game
      this.ownPicture = localStorage.getItem(PICTURE_KEY) || "";
    } catch (e) { /* no storage: not kept */ }
    sel.value = this.ownPicture ? "own" : "";
    if (this.ownPicture) chosen(file, t("ownKept"));
    file.addEventListener("change", (e) => {
      const f = e.target.files[0];
      if (!f) return;
      const r = new FileReader();
      r.onload = () => {
        this.ownPicture = r.result; // a data: URL
        sel.value = "own";
        this.reveal();
        try {
          localStorage.setItem(PICTURE_KEY, r.result);
        } catch (err) {
          this.tell(["bigPicture"]);
        }
        this.showPicture();
      };
      r.readAsDataURL(f);
    });
    document.getElementById("sound").addEventListener("change", (e) => { this.buzzer.enabled = e.target.checked; });
    document.getElementById("save").addEventListener("click", () => download(body.dataset.record));
    document.getElementById("load").addEventListener("change", (e) => this.loadRecord(e.target));
    document.getElementById("share").addEventListener("click", () => this.share());
    document.getElementById("pause").addEventListener("click", () => this.pause(!this.paused));
    const speed = document.getElementById("speed");
    if (![...speed.options].some((o) => +o.value === this.speed)) speed.add(new Option(this.speed + "x", this.speed));
    speed.value = String(this.speed);
    speed.addEventListener("change", () => { this.speed = +speed.value; this.wake(); });
    document.getElementById("power").addEventListener("click", () => {
      this.pd.power();
      this.tell(["restarted"]);
      this.wake();
    });
    document.getElementById("console").addEventListener("toggle", () => print(printed.pop() ?? ""));
    const form = document.getElementById("newgame");
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      const p = new URLSearchParams(new FormData(form));
      this.restart(p);
    });
    document.getElementById("setupmenu").addEventListener("click", () => this.restart(new URLSearchParams()));
    for (const [key, id] of [["howtokey", "howto"], ["ruleskey", "rules"]]) {
      document.getElementById(key).addEventListener("click", () => {
        if (id === "rules") loadRules();
        document.getElementById(id).showModal();
      });
    }
    document.addEventListener("visibilitychange", () => {
      if (document.hidden) {
        this.hiddenAt = performance.now();
        this.hiddenTarget = this.target;
        this.flash.save();
      } else if (this.hiddenAt) {
        // the time it was away less what its throttled timers ran meanwhile
        const ran = (this.target - this.hiddenTarget) / this.speed;
        this.backlog += Math.max(0, performance.now() - this.hiddenAt - ran);
        this.hiddenAt = 0;
        this.last = performance.now();
        this.wake();
      }
    });
    addEventListener("pagehide", () => this.flash.save());
  }

  // The language the device speaks now (set: as chosen in its settings, ""
  // while it follows the preset): the page speaks it too, and keeps a choice.
  speak(code, set) {
    if (set) keep(set);
    if (code === current()) return;
    speakPage(code);
    this.reveal(); // its words in the new language (the name follows from the device)
  }

  // The selector: the device speaks code (its settings remember it), the page follows.
  chooseLang(code) {
    keep(code);
    const q = new URLSearchParams(location.search);
    if (!q.has("lang")) {
      q.set("lang", code);
      history.replaceState(null, "", location.pathname + "?" + q + location.hash);
    }
    this.pd.set_lang(code);
    this.frame();
    this.wake();
  }

  // A new game: the flash is cleared, the page reloaded with the setup.
  restart(params) {
    const s = this.state;
    if (s && !s.over && !window.confirm(t("endGame"))) return; // a running game ends only when asked
    const q = new URLSearchParams(location.search);
    for (const k of ["players", "rules", "seed"]) q.delete(k);
    for (const [k, v] of params) if (v !== "") q.set(k, v); // no seed given: a fresh one
    this.flash.clear();
    this.stopped = true;
    location.search = q.toString() || "?";
  }

  pause(on) {
    this.paused = on;
    this.quiet = false;
    const b = document.getElementById("pause");
    b.textContent = t(on ? "resume" : "pause");
    b.setAttribute("aria-pressed", String(on));
    this.last = performance.now();
    this.showStatus();
    this.schedule();
  }

  async loadRecord(input) {
    const f = input.files[0];
    if (!f) return;
    input.value = "";
    if (f.size > RECORD_MOST) {  // not read at all: a whole game's record is some kB
      this.tell(["recordTooBig", { file: f.name, mb: RECORD_MOST >> 20 }]);
      this.showStatus();
      return;
    }
    const text = await f.text();
    let err = this.pd.check_record(text); // read once: the confirm asks, the write takes what was read
    const st = JSON.parse(document.body.dataset.state || "null");
    if (!err && st !== null && !st.over && !window.confirm(t("replaceByRecord", { file: f.name }))) {
      this.pd.drop_record();
      this.tell(["recordDeclined", { file: f.name }]);
      this.showStatus();
      return;
    }
    if (!err) err = this.pd.write_record();
    if (err) this.tell(`${f.name}: ${err}`);
    else this.tell(["loaded", { file: f.name }], true);
    this.flash.save();
    this.wake();
    this.frame();
    this.showStatus();
  }

  share() {
    this.flash.save();
    const jnl = this.flash.read("game.jnl");
    if (!jnl) return;
    const q = new URLSearchParams(location.search);
    for (const k of ["players", "rules", "seed", "speed"]) q.delete(k);
    const url = location.origin + location.pathname + (q.toString() ? "?" + q : "") + "#game=" + Flash.pack(jnl);
    const box = document.getElementById("sharelink");
    box.value = url;
    box.hidden = false;
    // the keys go back to the device at once (the link field would take r, o and 1-6)
    document.getElementById("device").focus({ preventScroll: true });
    this.tell(["shared"]);
    this.showStatus();
    const copied = navigator.clipboard ? navigator.clipboard.writeText(url) : Promise.reject(new Error("no clipboard"));
    copied.catch(() => {
      if (this.note && this.note[0] === "shared") {
        this.note = ["sharedNoCopy"];
        this.showStatus();
      }
    });
  }

  // The card under the lid: the user's own picture, or the deck's picture
  // of the card dealt (data: URLs, named by nothing of the answer).
  showPicture() {
    if (this.epaper) return; // a digital card: its panel shows the deck
    const own = this.ownPicture;
    const url = own || (this.deck ? this.deck.lid : "");
    if (url !== this.picture) {
      this.picture = url;
      this.lid.setPicture(url, !own);
      const face = own || (this.deck ? this.deck.face : "");
      document.getElementById("card").style.setProperty("--face", face ? `url("${face}")` : "none");
    }
  }

  // The revealed picture: named in body.dataset.picture, the status line, the
  // lid's live region and the card's name, and shown whole and large in the
  // lid's place (on the e-paper board its panel shows it whole already).
  reveal() {
    const own = this.ownPicture && !this.epaper;
    const name = this.answer ? (own ? t("yourPicture") : this.answer) : "";
    body.dataset.picture = name;
    const fig = document.getElementById("reveal"), img = fig.querySelector("img");
    const face = own ? this.ownPicture : this.deck ? this.deck.face : "";
    const show = !!name && !this.epaper && !!face;
    if (show) {
      if (img.getAttribute("src") !== face) img.src = face;
      img.alt = name;
      fig.querySelector("figcaption").textContent = name;
    } else {
      img.removeAttribute("src");
      img.alt = "";
      fig.querySelector("figcaption").textContent = "";
    }
    fig.hidden = !show;
    this.lid.svg.style.display = show || this.epaper ? "none" : "";
    document.getElementById("card").setAttribute("aria-label", name ? t("cardShows", { name }) : t(this.cardIn ? "cardIn" : "cardOut"));
    this.lidSays = null; // said again, with the name
    this.showStatus();
  }

  // -- the clock: steps while anything moves, rests when nothing does -------

  wake() {
    this.busySince = performance.now();
    if (this.quiet) {
      this.quiet = false;
      this.schedule();
    }
  }

  schedule() {
    if (this.stopped || this.paused) return;
    clearTimeout(this.timer);
    cancelAnimationFrame(this.frameReq);
    if (this.quiet && !this.backlog) this.timer = setTimeout(() => this.tick(), QUIET_TICK_MS);
    else this.frameReq = requestAnimationFrame(() => this.tick());
  }

  // Run the device up to where real time (times speed) says, then draw.
  tick() {
    if (this.stopped || this.paused) return;
    try {
      const now = performance.now();
      let real = now - this.last;
      this.last = now;
      if (this.quiet) real = Math.min(real, QUIET_TICK_MS * 3);
      else real = Math.min(real, MAX_FRAME_MS);
      const extra = Math.min(this.backlog, 2000); // a hidden spell, run in 2 s slices
      this.backlog -= extra;
      this.target += (real + extra) * this.speed;
      // steps in short runs, until the clock is where it should be or this
      // frame's budget is spent: then the clock falls behind, and the page
      // stays responsive
      let ms = this.ms;
      const step = this.quiet ? (extra ? CATCH_UP_STEP_MS : QUIET_STEP_MS) : 2;
      const budget = extra ? 3 * STEP_BUDGET_MS : STEP_BUDGET_MS;
      while (this.target - ms >= 1 && performance.now() - now < budget) {
        this.pd.run(Math.min(Math.floor(this.target - ms), this.quiet ? 10 * step : RUN_MS), step);
        ms = this.pd.now_ms();
      }
      if (this.target - ms >= 1) {
        if (extra) this.backlog += (this.target - ms) / this.speed; // not all of it: the rest next frame
        this.target = ms;
      }
      this.frame();
    } catch (e) {
      this.stopped = true;
      fail(t("stopped", { why: e.message }));
      return;
    }
    this.schedule();
  }

  frame() {
    const f = JSON.parse(this.pd.frame());
    if (this.target < f.ms - 50 || !this.ms) this.target = f.ms; // boot or a reboot
    this.ms = f.ms;
    if (f.reboots !== this.reboots) { // power-up: the lid is shut until the firmware's close-all is done
      this.reboots = f.reboots;
      print(`--- the board powers up (${f.reboots ? "restart " + f.reboots : "first boot"}) ---`);
      this.seenShut = f.flaps.map(() => false);
    }
    // a flap is drawn shut from power-up until its servo has first come to
    // rest (shut by the boot's close-all, or where the firmware then sent it)
    const flaps = f.flaps.map((v, i) => {
      if (v === 0 || f.resting[i] !== false) this.seenShut[i] = true;
      return this.seenShut[i] ? v : 0;
    });
    const moving = f.flaps.some((v) => v > 0 && v < 100);
    const key = flaps.join() + f.pixels.join();
    if (key !== this.flaps || moving || f.tones || f.oled || f.epaper || f.busy || !f.idle || Object.keys(this.held).length) {
      this.flaps = key;
      this.busySince = performance.now();
      this.quiet = false;
    } else if (!this.quiet && performance.now() - this.busySince > QUIET_AFTER_MS) {
      this.quiet = true;
    }
    const q = this.quiet ? "1" : "0";
    if (body.dataset.quiet !== q) body.dataset.quiet = q;
    if (f.busy !== undefined) { // the e-paper board
      if (!this.epaper) this.showEpaper();
      this.epaper.draw(f.epaper, f.busy, f.pixels);
    } else {
      this.lid.draw(flaps, f.pixels);
    }
    this.seatLights.draw(f.pixels);
    if (f.oled) drawOled(this.oled, f.oled);
    if (f.tones) this.buzzer.play(f.tones, f.ms, this.speed);
    const card = document.getElementById("card");
    card.classList.toggle("out", !f.card);
    if (this.card !== f.card) {
      this.card = f.card;
      this.showStatus();
    }
    if (f.play !== undefined) this.play = JSON.parse(f.play);
    const ck = document.getElementById("cardkey");
    if (f.lang !== undefined) this.speak(f.lang, f.lang_set);
    if (f.picture !== undefined) {
      this.deck = f.picture ? cardImages(f.picture) : null;
      this.showPicture();
    }
    if (f.whole !== undefined) {
      this.whole = f.whole;
      this.showStatus();
    }
    if (ck.dataset.in !== String(f.card) || ck.dataset.lang !== current()) {
      ck.dataset.in = String(f.card);
      ck.dataset.lang = current();
      ck.textContent = t(f.card ? "pull" : "insert");
      ck.setAttribute("aria-label", t(f.card ? "pullLabel" : "insertLabel"));
      this.cardIn = f.card;
      card.setAttribute("aria-label", body.dataset.picture ? t("cardShows", { name: body.dataset.picture }) : t(f.card ? "cardIn" : "cardOut"));
    }
    if (f.state !== undefined) {
      this.state = JSON.parse(f.state);
      this.mode = f.mode;
      body.dataset.state = f.state;
      if (this.noteAt === null) {
        if (f.record) this.noteAt = f.record; // a loaded game's first state
      } else if (this.note && this.noteAt !== f.record) {
        this.note = ""; // the game moved on: the message ends
      }
      body.dataset.record = f.record;
      const players = document.querySelector("#newgame input[name=players]");
      if (this.state && document.activeElement !== players) { // the running game's setup
        players.value = String(this.state.players);
        document.querySelector("#newgame select[name=rules]").value = this.state.rules;
      }
      document.getElementById("save").disabled = !f.record;
      document.getElementById("share").disabled = !f.record;
      this.showStatus();
    }
    if (f.screen !== undefined) {
      this.screen = f.screen;
      this.screenMs = f.screen_ms; // when the firmware drew it (virtual ms)
      body.dataset.screen = f.screen;
    }
    if (f.screen !== undefined || f.play !== undefined || f.state !== undefined || f.lang !== undefined || f.whole !== undefined) this.say();
    const says = this.lid.says() + (body.dataset.picture ? " " + t("revealed", { name: body.dataset.picture }) : "");
    if (says !== this.lidSays) {
      this.lidSays = says;
      document.getElementById("lidsays").textContent = says;
    }
    this.showPicture();
    if (f.answer !== undefined) {
      this.answer = f.answer;
      this.reveal();
    }
    body.dataset.ms = String(f.ms);
    if (f.errors.length) {
      const text = JSON.stringify(f.errors);
      if (body.dataset.firmwareErrors !== text) {
        for (const e of f.errors.slice(this.errorsShown || 0)) print("error, the board restarts: " + e);
        this.errorsShown = f.errors.length;
        body.dataset.firmwareErrors = text;
      }
    }
    if (f.flash !== this.flashAt) {
      const first = this.flashAt < 0;
      this.flashAt = f.flash;
      if (!first) this.flash.save();
      const rec = this.flash.changed("game.rec");
      if (rec && !first) download(new TextDecoder().decode(rec)); // the device menu's Export
    }
    return f;
  }

  // What is happening now, from the game's state.
  showStatus() {
    if (body.dataset.error) return;
    const s = this.state;
    let line;
    if (this.paused) line = t("paused");
    else if (this.mode > 1) line = t("inMode", { mode: t("modes")[this.mode] || t("menu") });
    else if (!s) line = t("setup");
    else if (s.over) line = t(s.winners.length > 1 ? "overMany" : "over", { round: s.round, seats: s.winners.join(t("list")) });
    else line = t("turn", { round: s.round, active: s.active, phase: todo(s, this.play, this.card, this.digital()), card: s.card, closed: s.closed });
    if (body.dataset.picture) line += (current() === "en" ? " " : "") + t("revealed", { name: body.dataset.picture });
    const note = typeof this.note === "string" ? this.note : t(...this.note);
    status.textContent = note ? line + (current() === "en" ? " " : "") + note : line;
    status.className = "";
  }

  // The e-paper board's picture: false while it waits for OK, true once
  // shown whole; undefined on a board with a card slot.
  digital() {
    return this.epaper ? !!this.whole : undefined;
  }

  // The live region: the game in words while it is played (built from its
  // state), else the device's own screen (the menus and their messages).
  say() {
    const s = this.state;
    const words = this.mode === 1 && s ? spoken(s, this.play, this.card, this.digital()) : this.screen;
    if (words !== this.said) {
      this.said = words;
      document.getElementById("screen").textContent = words;
    }
  }

  // The digital card in place of the flaps; the picture comes from the deck.
  showEpaper() {
    const box = document.getElementById("epaper");
    this.epaper = new Epaper(box);
    box.hidden = false;
    document.getElementById("lid").style.display = "none";
    document.getElementById("slot").hidden = true;
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

  // Presses the firmware's button driver reported, by button (tests).
  presses() {
    return JSON.parse(this.pd.presses());
  }
}

// The name shown beside a file input's button: the file's, or "none chosen"
// (its data-t mark back, so a language change says it anew).
function chosen(input, name) {
  const span = input.parentElement.querySelector(".chosen");
  if (name) {
    delete span.dataset.t;
    span.textContent = name;
  } else {
    span.dataset.t = "noFile";
    span.textContent = t("noFile");
  }
}

function download(text) {
  if (!text) return;
  const a = document.createElement("a");
  a.href = URL.createObjectURL(new Blob([text], { type: "text/plain" }));
  a.download = "game.rec";
  a.click();
  setTimeout(() => URL.revokeObjectURL(a.href), 1000);
}

let rulesLoaded = ""; // the language of the rules in the dialog
async function loadRules() {
  const code = current();
  if (rulesLoaded === code) return;
  rulesLoaded = code;
  const box = document.getElementById("rulestext");
  try {
    box.innerHTML = await (await fetchOk(`rules.${code}.html`)).text();
  } catch (e) {
    box.textContent = t("noRules", { why: e.message });
    rulesLoaded = "";
  }
}

window.addEventListener("error", (e) => fail(t("pageError", { why: e.message })));
window.addEventListener("unhandledrejection", (e) => fail(t("pageError", { why: e.reason && e.reason.message || e.reason })));
speakPage(firstLang());
status.textContent = t("starting");
chooser();
boot();
