// The lid as it stands on the table: the windows in a grid of 4 a row (1-4 on the
// top row) over the picture card, each with its flap (hinged at the top,
// drawn as far open as the emulated servo has turned) and its NeoPixel.
// The picture is drawn only where a flap has swung away: each window's clip
// is the part of it no flap covers, so no pixel of the card shows elsewhere.
import { t } from "./i18n.mjs";
import { drawRows } from "./rows.mjs";

const SVG = "http://www.w3.org/2000/svg";
const COLS = 4, W = 86, H = 74, GAP = 18, X0 = 22, Y0 = 22;

function el(name, attrs, parent) {
  const e = document.createElementNS(SVG, name);
  for (const k in attrs) e.setAttribute(k, attrs[k]);
  if (parent) parent.appendChild(e);
  return e;
}

export class Lid {
  // n windows (the game's), COLS to a row
  constructor(svg, n) {
    this.svg = svg;
    const defs = el("defs", {}, svg);
    const clip = el("clipPath", { id: "windows" }, defs);
    const glow = el("filter", { id: "glow", x: "-100%", y: "-100%", width: "300%", height: "300%" }, defs);
    el("feGaussianBlur", { stdDeviation: "3" }, glow);
    el("rect", { x: 4, y: 4, width: 432, height: 322, rx: 14, fill: "#3a2a1c", stroke: "#1b130c", "stroke-width": 3 }, svg);
    this.windows = [];
    for (let i = 0; i < n; i++) {
      const x = X0 + (i % COLS) * (W + GAP), y = Y0 + Math.floor(i / COLS) * (H + GAP + 6);
      this.windows.push({ x, y, hole: el("rect", { x, y, width: W, height: 0 }, clip) });
    }
    const gx = X0, gy = Y0, gw = COLS * W + (COLS - 1) * GAP, gh = Math.ceil(n / COLS) * (H + GAP + 6) - GAP - 6;
    el("rect", { x: gx, y: gy, width: gw, height: gh, fill: "#111", "clip-path": "url(#windows)" }, svg);
    this.picture = el("image", { x: gx, y: gy, width: gw, height: gh, preserveAspectRatio: "xMidYMid slice",
      "clip-path": "url(#windows)" }, svg);
    for (let i = 0; i < n; i++) {
      const { x, y } = this.windows[i];
      const w = this.windows[i];
      el("rect", { x: x - 3, y: y - 3, width: W + 6, height: H + 6, rx: 3, fill: "none", stroke: "#1b130c", "stroke-width": 4 }, svg);
      w.flap = el("g", { "data-window": i + 1 }, svg);
      w.face = el("rect", { x, y, width: W, height: H, fill: "#c9a66b", stroke: "#7a5a30" }, w.flap);
      w.edge = el("rect", { x, y, width: W, height: 0, fill: "#6e5330" }, w.flap);
      // no number on the flap: the real ones carry none (the lights and the OLED's grid tell the dice's windows)
      const px = x + W - 8, py = y + H + 9;
      w.halo = el("circle", { cx: px, cy: py, r: 10, fill: "none", filter: "url(#glow)" }, svg);
      w.led = el("circle", { cx: px, cy: py, r: 6, fill: "#222", stroke: "#000", class: "led" }, svg);
      w.open = -1;
      w.colour = "";
      w.name = "";
    }
  }

  // The lid in words: which windows are open, which lit and what for.
  says() {
    const open = [], lit = [];
    this.windows.forEach((w, i) => {
      if (w.open > 0) open.push(i + 1);
      if (w.colour) lit.push(t("litOne", { n: i + 1, colour: colourName(w.colour) }));
    });
    return (open.length ? t("open", { list: open.join(t("list")) }) : t("allClosed")) +
      (lit.length ? t("lit", { list: lit.join(t("litList")) }) : "");
  }

  // Each window's place on the page, in CSS pixels (tests); empty boxes while
  // the lid is not drawn (the reveal shows the picture in its place).
  windowRects() {
    const m = this.svg.getScreenCTM();
    if (!m || !this.svg.getClientRects().length) return this.windows.map(() => ({ x: 0, y: 0, w: 0, h: 0 }));
    return this.windows.map(({ x, y }) => {
      const p = new DOMPoint(x, y).matrixTransform(m), q = new DOMPoint(x + W, y + H).matrixTransform(m);
      return { x: p.x + scrollX, y: p.y + scrollY, w: q.x - p.x, h: q.y - p.y };
    });
  }

  // url: the card's picture; laid: drawn window by window for this lid
  // (cardImages' lid), else a picture of any shape, cropped to fill it
  setPicture(url, laid) {
    this.picture.setAttribute("preserveAspectRatio", laid ? "none" : "xMidYMid slice");
    this.picture.setAttribute("href", url || "");
  }

  // open: 0-100 for each flap; colours: each pixel's CSS colour, "" dark
  draw(open, colours) {
    for (let i = 0; i < this.windows.length; i++) {
      const w = this.windows[i];
      const f = open[i] === undefined ? 0 : open[i];
      if (f !== w.open) {
        w.open = f;
        // a flap hinged at the top: its face shortens as it swings up and out,
        // its underside shows as a dark band that grows while it moves
        const h = H * (1 - f / 100);
        const band = Math.min(H * Math.sin(Math.PI * f / 100) * 0.25, h);
        w.face.setAttribute("height", Math.max(h - band, 0));
        w.hole.setAttribute("y", w.y + h);
        w.hole.setAttribute("height", H - h);
        w.edge.setAttribute("y", w.y + Math.max(h - band, 0));
        w.edge.setAttribute("height", band);
        w.flap.setAttribute("class", f >= 100 ? "open" : f <= 0 ? "closed" : "moving");
      }
      const c = colours[i] || "";
      if (c !== w.colour) {
        w.colour = c;
        w.led.setAttribute("fill", c || "#222");
        w.halo.setAttribute("fill", c || "none");
      }
      const state = t(f >= 100 ? "isOpen" : f <= 0 ? "isClosed" : "isMoving");
      const name = c ? t("windowLit", { n: i + 1, state, colour: colourName(c) }) : t("window", { n: i + 1, state });
      if (name !== w.name) {
        w.name = name;
        w.flap.setAttribute("aria-label", name);
      }
    }
  }
}

// A deck card's picture (the view model's rows: its 12 tiles side by side,
// 4 by 3) as two data: URLs: lid, each tile in its window of this lid (for
// setPicture); face, the whole card with the deck's gutters, as printed.
const PAPER = [250, 248, 240], INK = [25, 25, 25], TILE_GAP = [16, 8], SCALE = 2;
export function cardImages(p) {
  const src = document.createElement("canvas");
  drawRows(src, p, PAPER, INK);
  const tw = p.width / COLS, rows = p.height / tw;
  const gw = COLS * W + (COLS - 1) * GAP, gh = rows * (H + GAP + 6) - GAP - 6;
  const lid = document.createElement("canvas");
  lid.width = gw * SCALE;
  lid.height = gh * SCALE;
  const face = document.createElement("canvas");
  face.width = COLS * tw + (COLS - 1) * TILE_GAP[0];
  face.height = rows * tw + (rows - 1) * TILE_GAP[1];
  const lc = lid.getContext("2d"), fc = face.getContext("2d");
  lc.imageSmoothingEnabled = false;
  fc.fillStyle = `rgb(${PAPER.join()})`;
  fc.fillRect(0, 0, face.width, face.height);
  for (let i = 0; i < COLS * rows; i++) {
    const c = i % COLS, r = Math.floor(i / COLS), sx = c * tw, sy = r * tw;
    // a square tile in a window W wide, H high: centred, its top and bottom under the frame
    lc.drawImage(src, sx, sy, tw, tw, c * (W + GAP) * SCALE, (r * (H + GAP + 6) - (W - H) / 2) * SCALE, W * SCALE, W * SCALE);
    fc.drawImage(src, sx, sy, tw, tw, c * (tw + TILE_GAP[0]), r * (tw + TILE_GAP[1]), tw, tw);
  }
  return { lid: lid.toDataURL(), face: face.toDataURL() };
}

// What a light means, in words as well as colour: firmware/app/lights.py's
// palette (blue the first die, orange the second, purple both, green free).
const MEANINGS = [[[0, 60, 255], "blue"], [[255, 110, 0], "orange"], [[170, 0, 255], "purple"], [[0, 200, 60], "green"],
  [[255, 255, 255], "white"], [[255, 0, 0], "red"]]; // i18n's words for each

export function colourName(css) {
  const m = /rgb\((\d+),(\d+),(\d+)\)/.exec(css);
  if (!m) return "";
  let best = "", d0 = Infinity;
  for (const [rgb, name] of MEANINGS) {
    const k = 255 / Math.max(...rgb);
    const d = rgb.reduce((acc, v, j) => acc + (v * k - m[j + 1]) ** 2, 0);
    if (d < d0) { d0 = d; best = name; }
  }
  return best && t(best);
}
