"""`python -m web.build [DEST] [--serve PORT]`: the device as a static web page.

DEST (default build/web) gets the page (web/page/), MicroPython-WebAssembly
from the pinned npm package (web/package-lock.json, fetched into build/npm
and checked against the lock's hash), the rules for players (web/rules/ as HTML), and the firmware with the simulator's fakes as one bundle of
.mpy files (mpy-cross: the wasm port loads .mpy v6, and loading precompiled
modules is far quicker than compiling source in the page). Any static host can
serve DEST; --serve serves it on 127.0.0.1 (a page opened from file:// cannot
fetch its files)."""
import functools
import http.server
import json
import os
import shutil
import sys
import tempfile

from host_sim import ROOT
from tools.mpy import build as build_mpy, compile_file, firmware_files

WEB = os.path.join(ROOT, "web")
PAGE = os.path.join(WEB, "page")
FAKES = os.path.join(ROOT, "host_sim", "fakes")
NPM_DIR = os.path.join(ROOT, "build", "npm")
PACKAGE = "@micropython/micropython-webassembly-pyscript"
RUNTIME = ("micropython.mjs", "micropython.wasm")
# The CJK font the page's Chinese is set in, so that no machine shows tofu:
# Noto Sans SC (it covers the Traditional characters too), cut at build time
# to the characters the page and the firmware's texts use.
FONT_PACKAGE = "@expo-google-fonts/noto-sans-sc"
FONT_FILES = ("400Regular/NotoSansSC_400Regular.ttf", "LICENSE_FONT")
FONT = "cjk.woff"
FONT_SOURCES = (os.path.join(PAGE, "i18n.mjs"), os.path.join(PAGE, "index.html"),
                os.path.join(ROOT, "texts", "zh_hans.py"), os.path.join(ROOT, "texts", "zh_hant.py"),
                # the deck's names: the page names the picture at the reveal, in the page's language
                os.path.join(ROOT, "decks", "demo.tsv"))
# The wasm port has these built in, in C (deflate too: the e-paper board's deck
# is zlib): the fakes for CPython are not wanted.
BUILT_IN = ("micropython.py", "framebuf.py", "deflate.py")


def runtime():
    """The folder holding micropython.mjs and .wasm: the pinned npm package
    (web/package-lock.json: its version and sha512), fetched from the npm
    registry as `npm ci` fetches it and checked against the lock's hash;
    fetched again only when the lock file changes. The font's package too."""
    font_package()
    return _package(PACKAGE, RUNTIME)


def font_package():
    """The folder holding the CJK font's FONT_FILES (as runtime())."""
    return _package(FONT_PACKAGE, FONT_FILES)


def _package(package, files):
    lock = os.path.join(WEB, "package-lock.json")
    pkg = os.path.join(NPM_DIR, "node_modules", *package.split("/"))
    stamp = os.path.join(pkg, ".package-lock.json")
    with open(lock) as f:
        entry = json.load(f)["packages"]["node_modules/" + package]
    want = json.dumps(entry, sort_keys=True).encode()
    fresh = os.path.exists(stamp) and _read(stamp) == want
    if not (fresh and all(os.path.exists(os.path.join(pkg, f)) for f in files)):
        for name, data in _fetch(package, files, entry["version"], entry["integrity"]).items():
            path = os.path.join(pkg, name)
            os.makedirs(os.path.dirname(path), exist_ok=True)
            with open(path, "wb") as f:
                f.write(data)
        with open(stamp, "wb") as f:
            f.write(want)
    return pkg


def _fetch(package, files, version, integrity):
    """files from the package's tarball, {name: bytes}; the tarball
    must match the lock file's integrity hash."""
    import base64
    import hashlib
    import io
    import tarfile
    import urllib.request
    registry = os.environ.get("NPM_CONFIG_REGISTRY", "https://registry.npmjs.org").rstrip("/")
    url = "%s/%s/-/%s-%s.tgz" % (registry, package, package.split("/")[1], version)
    try:
        with urllib.request.urlopen(url, timeout=300) as r:
            data = r.read()
    except OSError as e:
        raise RuntimeError("cannot fetch %s: %s" % (url, e))
    algo, _, want = integrity.partition("-")
    if base64.b64encode(hashlib.new(algo, data).digest()).decode() != want:
        raise RuntimeError("%s does not match web/package-lock.json's %s hash" % (url, algo))
    out = {}
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        for m in tar.getmembers():
            name = m.name.split("/", 1)[-1]
            if name in files and m.isfile():
                out[name] = tar.extractfile(m).read()
    missing = [f for f in files if f not in out]
    if missing:
        raise RuntimeError("%s holds no %s" % (url, ", ".join(missing)))
    return out


def _read(path):
    with open(path, "rb") as f:
        return f.read()


def bundle(dest):
    """The firmware (its board configs and decks too), the fakes and the
    page's device module as .mpy, packed
    into dest/firmware.bin with its index dest/firmware.json
    ({path: [offset, length]}): one fetch instead of sixty."""
    with tempfile.TemporaryDirectory(prefix="web-fw-") as tmp:
        build_mpy(tmp)
        for rel in firmware_files(".py", root=FAKES):
            if rel not in BUILT_IN:
                compile_file(rel, tmp, root=FAKES)
        compile_file("pagedevice.py", tmp, root=PAGE)
        index = {}
        blob = bytearray()
        for top, dirs, files in os.walk(tmp):
            dirs.sort()
            for f in sorted(files):
                path = os.path.join(top, f)
                rel = os.path.relpath(path, tmp).replace(os.sep, "/")
                data = _read(path)
                index[rel] = [len(blob), len(data)]
                blob += data
    with open(os.path.join(dest, "firmware.bin"), "wb") as f:
        f.write(blob)
    with open(os.path.join(dest, "firmware.json"), "w") as f:
        json.dump(index, f, sort_keys=True)
    return index


def build(dest):
    """The whole page into dest (replaced); returns dest."""
    pkg = runtime()
    if os.path.isdir(dest):
        shutil.rmtree(dest)
    shutil.copytree(PAGE, dest, ignore=shutil.ignore_patterns("*.py", "__pycache__"))
    for f in RUNTIME:
        shutil.copyfile(os.path.join(pkg, f), os.path.join(dest, f))
    bundle(dest)
    rules(dest)
    font(dest)
    return dest


RULES = os.path.join(WEB, "rules")  # the rules in players' words, a file a language (the spec stays docs/rules.md)
LANGS = ("en", "zh-hans", "zh-hant")


def rules(dest):
    """web/rules/LANG.md as dest/rules.LANG.html, the page's Rules dialog (a fragment)."""
    from markdown_it import MarkdownIt
    for code in LANGS:
        with open(os.path.join(RULES, code + ".md"), encoding="utf-8") as f:
            html = MarkdownIt("commonmark").enable("table").render(f.read())
        with open(os.path.join(dest, "rules.%s.html" % code), "w", encoding="utf-8") as f:
            f.write(html)


def font_text(dest):
    """Every character past Latin-1 that the page (its texts, the rules as
    built into dest) and the firmware's text tables use."""
    text = ""
    for path in FONT_SOURCES + tuple(os.path.join(dest, "rules.%s.html" % c) for c in LANGS):
        with open(path, encoding="utf-8") as f:
            text += f.read()
    return "".join(sorted(set(c for c in text if ord(c) > 0xFF)))


def font(dest):
    """dest/cjk.woff: the font cut to font_text's characters (those it has),
    with its license beside it."""
    import hashlib
    from fontTools import subset
    from fontTools.ttLib import TTFont
    pkg = font_package()
    src = os.path.join(pkg, FONT_FILES[0])
    out = os.path.join(dest, FONT)
    shutil.copyfile(os.path.join(pkg, FONT_FILES[1]), os.path.join(dest, "cjk.LICENSE.txt"))
    text = font_text(dest)
    # the cut kept beside the package, by its characters: a build with the same texts takes it (7 s saved)
    kept = os.path.join(pkg, "cut-%s.woff" % hashlib.sha1(text.encode("utf-8")).hexdigest()[:16])
    if os.path.exists(kept):
        shutil.copyfile(kept, out)
        return
    has = TTFont(src, lazy=True).getBestCmap()
    chars = [c for c in text if ord(c) in has]
    opts = subset.Options()
    opts.flavor = "woff"  # zlib: no brotli module needed
    opts.layout_features = ["*"]
    opts.name_IDs = ["*"]  # the font's own name, copyright and license lines stay
    f = subset.load_font(src, opts)
    s = subset.Subsetter(opts)
    s.populate(unicodes=[ord(c) for c in chars])
    s.subset(f)
    tmp = "%s.%d.tmp" % (kept, os.getpid())  # test workers may cut at once
    subset.save_font(f, tmp, opts)
    os.replace(tmp, kept)
    shutil.copyfile(kept, out)


class Quiet(http.server.SimpleHTTPRequestHandler):
    """Serves the page's folder; .mjs and .wasm with the types browsers need."""

    extensions_map = dict(http.server.SimpleHTTPRequestHandler.extensions_map,
                          **{".mjs": "text/javascript", ".wasm": "application/wasm", ".woff": "font/woff"})

    def log_message(self, fmt, *args):
        pass


def server(folder, port=0, host="127.0.0.1"):
    """An HTTP server for folder (port 0: any free port); serve_forever() it."""
    handler = functools.partial(Quiet, directory=folder)
    return http.server.ThreadingHTTPServer((host, port), handler)


def main(argv):
    args = list(argv)
    port = None
    if "--serve" in args:
        i = args.index("--serve")
        port = int(args[i + 1])
        del args[i:i + 2]
    dest = args[0] if args else os.path.join("build", "web")
    try:
        build(dest)
    except RuntimeError as e:
        print(e, file=sys.stderr)
        return 2
    print("built %s" % dest)
    if port is not None:
        try:
            srv = server(dest, port)
        except OSError as e:
            print("cannot serve on 127.0.0.1:%d: %s (another server there? serve %s yourself, on another port)"
                  % (port, e.strerror, dest), file=sys.stderr)
            return 2
        print("serving %s at http://127.0.0.1:%d/ (Ctrl-C stops)" % (dest, srv.server_address[1]))
        sys.stdout.flush()
        try:
            srv.serve_forever()
        except KeyboardInterrupt:
            pass
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
