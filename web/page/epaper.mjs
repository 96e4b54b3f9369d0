// The e-paper board's digital card: the emulated SSD1683 panel's glass (what
// the last refresh showed, 1 bit a pixel, rows of bytes, leftmost pixel in
// bit 7, 1 = white) drawn 1:1 on a canvas, each window framed in its
// NeoPixel's colour, and a "refreshing" mark while the panel holds BUSY.
import { colour } from "./lid.mjs";

const PAPER = [235, 235, 228], INK = [20, 20, 20];
// the windows' tiles on the panel (firmware/drivers/card_layout.py)
const TILE = 88, COLS = [0, 104, 208, 312], ROWS = [0, 96, 192];
const SVG = "http://www.w3.org/2000/svg";

export class Epaper {
  constructor(box) {
    this.box = box;
    this.canvas = box.querySelector("canvas");
    const svg = box.querySelector("svg");
    this.frames = [];
    for (let i = 0; i < 12; i++) {
      const r = document.createElementNS(SVG, "rect");
      const attrs = { x: COLS[i % 4] - 3, y: ROWS[Math.floor(i / 4)] - 3, width: TILE + 6, height: TILE + 6,
        rx: 2, fill: "none", "stroke-width": 3, "data-window": i + 1 };
      for (const k in attrs) r.setAttribute(k, attrs[k]);
      svg.appendChild(r);
      this.frames.push({ rect: r, colour: null });
    }
    this.busy = null;
  }

  // glass: {glass (hex), width, height} when it changed, else undefined;
  // busy: BUSY's level; pixels: the strip's GRB bytes as hex
  draw(glass, busy, pixels) {
    if (glass) drawGlass(this.canvas, glass);
    if (busy !== this.busy) {
      this.busy = busy;
      this.box.classList.toggle("busy", !!busy);
    }
    for (let i = 0; i < this.frames.length; i++) {
      const f = this.frames[i], c = colour(pixels, i);
      if (c !== f.colour) {
        f.colour = c;
        f.rect.setAttribute("stroke", c || "none");
      }
    }
  }

  // What the canvas shows, packed as the panel's glass is, in hex (tests).
  glassHex() {
    const c = this.canvas, d = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
    let s = "";
    for (let p = 0; p < c.width * c.height; p += 8) {
      let b = 0;
      for (let k = 0; k < 8; k++) b = (b << 1) | (d[(p + k) * 4] > 127 ? 1 : 0);
      s += b.toString(16).padStart(2, "0");
    }
    return s;
  }
}

function drawGlass(canvas, g) {
  const w = g.width, h = g.height;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(w, h), d = img.data;
  for (let i = 0, p = 0; i < (w * h) / 8; i++) {
    const b = parseInt(g.glass.substr(i * 2, 2), 16);
    for (let k = 7; k >= 0; k--, p += 4) {
      const c = (b >> k) & 1 ? PAPER : INK;
      d[p] = c[0]; d[p + 1] = c[1]; d[p + 2] = c[2]; d[p + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
}
