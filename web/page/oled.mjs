// The OLED: its pixels as a viewer sees them (the view model has mapped the
// emulated SSD1306's display RAM to the glass: segment remap, COM scan
// direction, inversion, display on/off).
import { drawRows } from "./rows.mjs";

const INK = [170, 230, 255], OFF = [0, 0, 0];

export function drawOled(canvas, o) {
  drawRows(canvas, o, INK, OFF);
}

// Which pixels of the canvas are lit, as rows of "#" and "." (for tests and tools).
export function oledText(canvas) {
  const ctx = canvas.getContext("2d");
  const d = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
  const rows = [];
  for (let y = 0; y < canvas.height; y++) {
    let s = "";
    for (let x = 0; x < canvas.width; x++) s += d[(y * canvas.width + x) * 4 + 1] > 100 ? "#" : ".";
    rows.push(s);
  }
  return rows.join("\n");
}
