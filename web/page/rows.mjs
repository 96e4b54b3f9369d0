// A panel's picture as the board's view model (emu.view) gives it, drawn
// 1:1 on a canvas: "rows" in hex, rows of bytes, 8 pixels a byte, the
// leftmost in bit 7; a 1 is drawn in colour one, a 0 in colour zero.
export function drawRows(canvas, p, one, zero) {
  const w = p.width, h = p.height;
  if (canvas.width !== w) canvas.width = w;
  if (canvas.height !== h) canvas.height = h;
  const ctx = canvas.getContext("2d");
  const img = ctx.createImageData(w, h), d = img.data;
  for (let i = 0, q = 0; i < (w * h) / 8; i++) {
    const b = parseInt(p.rows.substr(i * 2, 2), 16);
    for (let k = 7; k >= 0; k--, q += 4) {
      const c = (b >> k) & 1 ? one : zero;
      d[q] = c[0]; d[q + 1] = c[1]; d[q + 2] = c[2]; d[q + 3] = 255;
    }
  }
  ctx.putImageData(img, 0, 0);
}
