"""`deflate` for CPython (the MicroPython VM and the rp2 port have their own,
built in): decompression of zlib, gzip and raw streams, from a stream."""
import zlib  # pyright: ignore[reportMissingImports]  (CPython only, as this fake)

AUTO = 0
RAW = 1
ZLIB = 2
GZIP = 3


class DeflateIO:
    def __init__(self, stream, format=AUTO, wbits=0, close=False):
        self._stream = stream
        self._close = close
        w = wbits or 15
        self._d = zlib.decompressobj({AUTO: 32 + 15, RAW: -w, ZLIB: w, GZIP: 16 + w}[format])

    def read(self, n=-1):
        out = bytearray()
        while (n < 0 or len(out) < n) and not self._d.eof:
            src = self._d.unconsumed_tail or self._stream.read(64)
            if not src:
                break  # the stream ends inside the compressed data: fewer bytes
            try:
                out += self._d.decompress(src, 0 if n < 0 else n - len(out))
            except zlib.error:
                raise OSError(22)  # EINVAL: what MicroPython's deflate raises on a damaged stream
        return bytes(out)

    def readinto(self, buf):
        data = self.read(len(buf))
        buf[:len(data)] = data
        return len(data)

    def close(self):
        if self._close:
            self._stream.close()
