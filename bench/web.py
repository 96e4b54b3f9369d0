"""The web page's figures in headless Chromium: page load to booted firmware,
and one step() of the device in the page during a whole game by its keys.
Without Chromium they are skipped, with a note on stderr."""
import os
import sys
import tempfile

IDLE_S = 10  # web_idle_cpu_pct: CDP TaskDuration over this long at rest
LOADS = 5  # each in a fresh browser context: nothing cached; the median is web_boot_ms
PLAYERS, PRESET, SEED = 2, "family", 2
# one step() per run(1) (emu.session: a step, then 2 ms of sleep); per key,
# the key's gesture and the device's reaction, as `press` gives it
STEPS = """(keys) => {
  const m = window.macroscope;
  m.stopped = true;
  const t = [];
  for (const [k, n] of keys) {
    m.pd.push(k);
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
            idle = idle_cpu_pct(b, url + query)
            page, watch = browser.open_page(b, url + query)
            with tempfile.TemporaryDirectory(prefix="flash-") as flash:
                keys = browser.whole_game(flash, PLAYERS, PRESET, SEED)[1]
            from emu.session import HOLD_MS, LONG_MS, REACT_MS, STEP_MS
            gesture = {"U": LONG_MS, "c": 0}
            steps = [[k, (gesture.get(k, HOLD_MS) + REACT_MS) // STEP_MS] for k in keys]
            p50, p99, n = page.evaluate(STEPS, steps)
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
            ("web_steps", n, "steps"),
            ("web_idle_cpu_pct", round(idle, 2), "%")]


def idle_cpu_pct(b, url):
    """web_idle_cpu_pct: a game rolled, then IDLE_S seconds at rest."""
    from web import browser
    ctx = b.new_context()
    try:
        page = ctx.new_page()
        page.goto(url)
        page.wait_for_function("document.body.dataset.ready === '1'", timeout=60000)
        page.click('button[data-key="r"]')
        return browser.idle_cpu_pct(page, IDLE_S)
    finally:
        ctx.close()
