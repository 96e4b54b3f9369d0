"""The emulated Pico's flash filesystem read on the host (host_sim/rp2040/image.py)
with the littlefs configuration of the board that wrote it: MicroPython's rp2
port mounts `vfs.VfsLfs2(bdev, progsize=256)`, and extmod/vfs_lfsx.c makes its
cache min(block size, 4 * max(read size, prog size)). A file the board keeps
inline in its directory's block (up to 512 bytes with that cache: the journal)
must read back whatever the place of its entry in the block. No emulator here:
the board's littlefs is played by littlefs-python (the same littlefs 2.11)."""
import littlefs

from host_sim.rp2040 import image

BOARD_READ, BOARD_PROG, BOARD_LOOKAHEAD = 32, 256, 32
BOARD_CACHE = min(4096, 4 * max(BOARD_READ, BOARD_PROG))


def board_fs(cache=BOARD_CACHE, data=None):
    fs = littlefs.LittleFS(block_size=4096, block_count=352, read_size=BOARD_READ, prog_size=BOARD_PROG,
                           cache_size=cache, lookahead_size=BOARD_LOOKAHEAD, block_cycles=100,
                           mount=data is None)
    if data is not None:
        fs.context.buffer = bytearray(data)
        fs.mount()
    return fs


def read(fs, path):
    """The file's bytes, or the littlefs error (fs kept referenced while it is open)."""
    try:
        with fs.open(path, "rb") as f:
            return f.read()
    except littlefs.errors.LittleFSError as e:
        return e


def rewrites(n, size=400):
    """The images a board leaves rewriting a journal of size bytes n times."""
    fs = board_fs()
    for k in range(n):
        data = bytes((k + i) & 255 for i in range(size))
        with fs.open("/game.jnl", "wb") as f:
            f.write(data)
        yield data, bytes(fs.context.buffer)


def test_the_host_reads_every_image_the_board_leaves_rewriting_its_journal():
    # each rewrite of 400 bytes is a commit of 512 bytes (the programs are 256):
    # every 8th lands in the last 512 bytes of the directory's block
    for k, (data, img) in enumerate(rewrites(24)):
        assert image.files(img) == {"/game.jnl": data}, "after rewrite %d" % (k + 1)


def test_why_a_smaller_cache_cannot_read_them():
    """The evidence for the host's cache size: littlefs reads an inline file
    larger than its cache in slices, each a whole cache long; where the entry
    sits in the last 512 bytes of its block the last slice's read runs past
    the block (LFS_ERR_CORRUPT), though the board's littlefs reads it whole."""
    failed = []
    for k, (data, img) in enumerate(rewrites(24)):
        assert read(board_fs(data=img), "/game.jnl") == data
        got = read(board_fs(cache=256, data=img), "/game.jnl")
        if got != data:
            assert isinstance(got, littlefs.errors.LittleFSError) and got.code == -84, got
            failed.append(k + 1)
    assert failed == [7, 15, 23]


def test_the_host_writes_images_with_the_boards_configuration():
    """What the host puts on the flash (image.fresh and with_files) is laid
    out as the board's littlefs lays it out: a 400-byte file inline."""
    fs = image._fs()
    with fs.open("/game.jnl", "wb") as f:
        f.write(b"j" * 400)
    assert fs.used_block_count == 2  # the root's pair of blocks: the file has none of its own
    assert (fs.cfg.read_size, fs.cfg.prog_size, fs.cfg.cache_size, fs.cfg.lookahead_size) == \
        (BOARD_READ, BOARD_PROG, BOARD_CACHE, BOARD_LOOKAHEAD)
    assert read(board_fs(data=bytes(fs.context.buffer)), "/game.jnl") == b"j" * 400
