"""app.tall's two inner loops over a line's font columns. The board compiles
this module as viper (tools/mpy.py): a column costs some cycles instead of
the 50 us it took as bytecode, when a line of 16 tall characters took 14 ms,
a frame part's budget several times over (make bench: rp2040_step_us_p99,
rp2040_press_to_shutter_ms_p99). Elsewhere (CPython, the VM, CircuitPython,
the web page) it runs as it reads, with the same results: every value stays
within a machine word."""

from array import array

# viper reads these annotations as its pointer types; elsewhere they name what is passed
ptr8 = bytearray
ptr16 = array
ptr32 = array


def take(buf: ptr8, at: int, n: int, cols: ptr8):
    """The n column bytes of buf from at into cols, cleared in buf."""
    for u in range(n):
        cols[u] = buf[at + u]
        buf[at + u] = 0


def put(cols: ptr8, buf: ptr8, table: ptr16, a: ptr32):
    """Each of a[0] columns of cols stretched by table and shifted down a[3]
    rows, into buf from byte a[1] on (pages a[2] bytes apart, a[5] of them:
    1-3); lit (a[4] == 0) or dark on a lit bar (a[4] == 1)."""
    n = a[0]
    o = a[1]
    w = a[2]
    sh = a[3]
    inv = a[4]
    deep = a[5]
    for u in range(n):
        c = cols[u]
        if c:
            t = table[c] << sh
            j = 0
            while j < deep:
                b = (t >> (j << 3)) & 255
                at = o + j * w + u
                if inv:
                    buf[at] = buf[at] & (255 ^ b)
                else:
                    buf[at] = buf[at] | b
                j += 1
