// The seats' lights: the NeoPixels after the windows' on the chain, one by
// each seat button (firmware/app/lights.py), lit while that seat may press:
// its turn, a call it may join, the reveal. Each is drawn as a dot on its
// seat's button from the emulated chain's state, as the lid draws the
// windows' lights, with a name for screen readers; body.dataset.seatLights
// lists the lit seats ("2", "1 3 4", "" none).
import { t } from "./i18n.mjs";

export class SeatLights {
  // buttons: the seat buttons, seat 1 first; first: the chain's index of seat 1's pixel
  constructor(buttons, first) {
    this.first = first;
    this.dots = buttons.map((b, i) => {
      // the button and its dot share a cell of the pad's second row
      b.style.gridArea = `2 / ${i + 1}`;
      const d = document.createElement("span");
      d.className = "seatlight";
      d.setAttribute("role", "img");
      d.style.gridArea = `2 / ${i + 1}`;
      b.after(d);
      return d;
    });
    this.key = null;
  }

  // colours: each pixel's CSS colour, "" dark (the frame's pixels)
  draw(colours) {
    const lit = this.dots.map((_, i) => colours[this.first + i] || "");
    const key = lit.join() + t("seatLit", { n: 0 });
    if (key === this.key) return;
    this.key = key;
    this.dots.forEach((d, i) => {
      d.style.background = lit[i] || "";
      d.classList.toggle("lit", !!lit[i]);
      d.setAttribute("aria-label", t(lit[i] ? "seatLit" : "seatDark", { n: i + 1 }));
    });
    document.body.dataset.seatLights = lit.map((c, i) => (c ? i + 1 : 0)).filter((n) => n).join(" ");
  }
}
