// The OLED drawn from the emulated SSD1306's display RAM (what the firmware's
// driver sent over I2C), mapped to the glass as the controller does: segment
// remap and COM scan direction, inversion, display on/off.
const INK = [170, 230, 255], OFF = [0, 0, 0];

export function drawOled(canvas, o) {
  const w = o.width, h = o.height;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(w, h);
  const ram = new Uint8Array(o.ram.length / 2);
  for (let i = 0; i < ram.length; i++) ram[i] = parseInt(o.ram.substr(i * 2, 2), 16);
  for (let y = 0; y < h; y++) {
    const row = o.com_flip ? y : h - 1 - y;
    for (let x = 0; x < w; x++) {
      const col = o.seg_remap ? x : w - 1 - x;
      const bit = (ram[(row >> 3) * w + col] >> (row & 7)) & 1;
      const lit = o.on && (bit === 1) !== o.inverted;
      const c = lit ? INK : OFF, p = (y * w + x) * 4;
      img.data[p] = c[0]; img.data[p + 1] = c[1]; img.data[p + 2] = c[2]; img.data[p + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
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
