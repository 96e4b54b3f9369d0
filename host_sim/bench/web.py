"""The web page's figures in headless Chromium: page load to booted firmware,
and one step() of the device in the page during a whole game by its keys.
Without Chromium they are skipped, with a note on stderr."""
import os
import random
import sys
import tempfile

LOADS = 5  # each in a fresh browser context: nothing cached; the median is web_boot_ms
PLAYERS, PRESET, SEED = 2, "family", 2
# one step() per run(1) (emu.session: a step, then 2 ms of sleep); per key,
# the key's gesture and the device's reaction, as `press` gives it
STEPS = """(keys) => {
  const m = window.macroscope;
  m.stopped = true;
  const t = [];
  for (const k of keys) {
    m.pd.push(k);
    const n = k === "U" ? 650 : 190;
    for (let i = 0; i < n; i++) {
      const a = performance.now();
      m.pd.run(1);
      t.push(performance.now() - a);
    }
  }
  m.frame();
  t.sort((a, b) => a - b);
  return [t[Math.floor(t.length / 2)], t[Math.floor(t.length * 0.99)], t.length];
}"""


def game_keys():
    """A whole game's keys, chosen as the device tests' player chooses them."""
    from host_sim import press
    from host_sim.tests.keyplay import next_key
    with tempfile.TemporaryDirectory(prefix="flash-") as flash:
        s = press.start("pico_pca9685", flash, {"players": PLAYERS, "rules": PRESET, "seed": SEED})
        rng = random.Random(SEED)
        keys = []
        while len(keys) < 1000:
            k = next_key(s.dev.ctl, rng)
            if k is None:
                break
            keys.append(k)
            s.key(k)
    return keys


def figures():
    from web import browser
    why = browser.missing()
    if why:
        print("web figures skipped: %s" % why, file=sys.stderr)
        return []
    query = "?players=%d&rules=%s&seed=%d" % (PLAYERS, PRESET, SEED)
    with tempfile.TemporaryDirectory(prefix="web-") as tmp:
        folder = browser.build_page(os.path.join(tmp, "web"))
        with browser.served(folder) as url, browser.chromium() as b:
            boots = []
            for _ in range(LOADS):
                ctx = b.new_context()
                page = ctx.new_page()
                page.goto(url + query)
                page.wait_for_function("document.body.dataset.ready === '1'", timeout=60000)
                boots.append(int(page.evaluate("document.body.dataset.bootMs")))
                ctx.close()
            page, watch = browser.open_page(b, url + query)
            p50, p99, n = page.evaluate(STEPS, game_keys())
            over = '"over": true' in page.evaluate("document.body.dataset.state")
            page.close()
    if not over or watch.errors:
        raise RuntimeError("the benchmark's game did not end cleanly in the page: %s" % watch.errors)
    first = boots[0]
    boots.sort()
    return [("web_boot_ms", boots[len(boots) // 2], "ms"),
            ("web_boot_first_ms", first, "ms"),
            ("web_step_ms_p50", round(p50, 2), "ms"),
            ("web_step_ms_p99", round(p99, 2), "ms"),
            ("web_steps", n, "steps")]
