"""app.tall's stretch: each of a font column's 8 rows drawn at the rows
_ROWS gives, so a capital or digit stands LIT of the line's H rows."""
from host_sim import hw

hw.install()
import framebuf  # noqa: E402

from app import tall  # noqa: E402


def test_the_stretch_table_draws_each_row_where_rows_says():
    for v in range(256):
        want = sum(1 << k for k in range(tall.H) if (v >> tall._ROWS[k]) & 1)
        assert tall._STRETCH[v] == want, (v, bin(tall._STRETCH[v]), bin(want))


def test_a_digit_stands_lit_rows_of_its_line():
    fb = framebuf.FrameBuffer(bytearray(128 * 8), 128, 64, framebuf.MONO_VLSB)
    tall.draw(fb, "8", 0, 20)
    rows = [y for y in range(64) if any(fb.pixel(x, y) for x in range(8))]
    assert rows[-1] - rows[0] + 1 == tall.LIT and rows[0] >= 20 and rows[-1] < 20 + tall.H
