"""The built page in headless Chromium, for the tests and the benchmark:
Debian's chromium (/usr/bin/chromium) driven by Playwright from PyPI, the
page served from a folder on 127.0.0.1."""
import contextlib
import fcntl
import os
import random
import threading
import time

from web import build

CHROMIUM = "/usr/bin/chromium"
# No background traffic: this machine reaches no network but package registries.
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
HOW = ("install Debian's Chromium with `apt-get install -y chromium` (the web tests drive "
       "/usr/bin/chromium through Playwright; `playwright install` is not needed)")


def missing():
    """Why the browser tests cannot run here, or None."""
    if not os.path.exists(CHROMIUM):
        return "no %s: %s" % (CHROMIUM, HOW)
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "no playwright module: run `make setup` (requirements.txt pins it)"
    return None


def build_page(dest):
    """Build the page into dest, one build at a time on this machine (test
    workers share build/npm)."""
    os.makedirs(build.NPM_DIR, exist_ok=True)
    with open(os.path.join(build.NPM_DIR, ".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            build.runtime()
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)
    return build.build(dest)


@contextlib.contextmanager
def served(folder):
    """Serve folder on a free port of 127.0.0.1; yields the base URL."""
    srv = build.server(folder)
    t = threading.Thread(target=srv.serve_forever, daemon=True)
    t.start()
    try:
        yield "http://127.0.0.1:%d/" % srv.server_address[1]
    finally:
        srv.shutdown()
        srv.server_close()


@contextlib.contextmanager
def chromium():
    """A headless Chromium (Playwright's Browser)."""
    from playwright.sync_api import sync_playwright
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            yield b
        finally:
            b.close()


class Watch:
    """A page's console errors and uncaught exceptions, kept as they come."""

    def __init__(self, page):
        self.errors = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))


def open_page(browser, url, timeout_ms=30000):
    """A new page at url, booted (body.dataset.ready) or failed (.error);
    returns (page, Watch)."""
    page = browser.new_page(viewport={"width": 800, "height": 1000})
    watch = Watch(page)
    page.goto(url)
    page.wait_for_function("document.body.dataset.ready === '1' || !!document.body.dataset.error",
                           timeout=timeout_ms)
    return page, watch


def wait_ms(page, ms):
    """Let the page's virtual clock run on by ms from now."""
    t = int(page.evaluate("document.body.dataset.ms"))
    page.wait_for_function("+document.body.dataset.ms >= %d" % (t + ms))


def whole_game(flash, players, preset, seed, limit=1000):
    """A whole game on the simulator (what `press` runs), its keys chosen as
    the device tests' player chooses them: (Session, keys)."""
    from host_sim import press
    from host_sim.autoplay import next_key
    s = press.start("pico_pca9685", flash, {"players": players, "rules": preset, "seed": seed})
    rng = random.Random(seed)
    keys = []
    while len(keys) < limit:
        k = next_key(s.dev.ctl, rng)
        if k is None:
            break
        keys.append(k)
        s.key(k)
    return s, keys


def idle_cpu_pct(page, seconds):
    """The page's main-thread busy time (CDP TaskDuration) over seconds once
    it rests (nothing moving, no button held), in % of one core."""
    page.wait_for_function("document.body.dataset.quiet === '1'", timeout=20000)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Performance.enable")

    def busy():
        return {m["name"]: m["value"] for m in cdp.send("Performance.getMetrics")["metrics"]}["TaskDuration"]
    a, t = busy(), time.monotonic()
    time.sleep(seconds)
    return (busy() - a) / (time.monotonic() - t) * 100
