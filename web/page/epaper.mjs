// The e-paper board's digital card: the emulated SSD1683 panel's glass (what
// the last refresh showed; the view model's rows, 1 = white) drawn 1:1 on a
// canvas, each window framed in its NeoPixel's colour, and a "refreshing"
// mark while the panel holds BUSY.
import { drawRows } from "./rows.mjs";

const PAPER = [235, 235, 228], INK = [20, 20, 20];
const SVG = "http://www.w3.org/2000/svg";

export class Epaper {
  constructor(box) {
    this.box = box;
    this.canvas = box.querySelector("canvas");
    this.frames = [];
    this.busy = null;
  }

  // The windows' frames, where the view model says they lie on the glass.
  place(windows) {
    const svg = this.box.querySelector("svg");
    windows.forEach(([x, y, w, h], i) => {
      const r = document.createElementNS(SVG, "rect");
      const attrs = { x: x - 3, y: y - 3, width: w + 6, height: h + 6,
        rx: 2, fill: "none", "stroke-width": 3, "data-window": i + 1 };
      for (const k in attrs) r.setAttribute(k, attrs[k]);
      svg.appendChild(r);
      this.frames.push({ rect: r, colour: null });
    });
  }

  // glass: {rows (hex), width, height, windows} when it changed, else
  // undefined; busy: BUSY's level; colours: each pixel's CSS colour, "" dark
  draw(glass, busy, colours) {
    if (glass) {
      if (!this.frames.length) this.place(glass.windows);
      drawRows(this.canvas, glass, PAPER, INK);
    }
    if (busy !== this.busy) {
      this.busy = busy;
      this.box.classList.toggle("busy", !!busy);
    }
    for (let i = 0; i < this.frames.length; i++) {
      const f = this.frames[i], c = colours[i] || "";
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
