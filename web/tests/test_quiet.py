"""Quiet at rest: with nothing moving and no button held the page takes a
step every QUIET_STEP_MS of virtual time and draws a few frames a second, so
it uses at most 2 % of a core, and the firmware's timers still fire on time."""
import time

import pytest

from web import browser

pytestmark = pytest.mark.alone  # CPU and wall-clock figures

IDLE_CPU_PCT = 2.0
QUIET_STEP_MS = 50  # web/page/device.mjs
MSG_MS = 2500  # app.controller: how long a message stays on the screen


def test_at_rest_the_page_uses_at_most_2_percent_of_a_core(contexts):
    page, watch = contexts("?players=3&seed=5")
    page.click('button[data-key="r"]', force=True)
    ms = int(page.evaluate("document.body.dataset.ms"))
    assert browser.idle_cpu_pct(page, 4) <= IDLE_CPU_PCT
    assert int(page.evaluate("document.body.dataset.ms")) - ms >= 3500  # the clock kept going
    page.click('button[data-key="o"]', force=True)  # and wakes at once
    page.wait_for_function("document.body.dataset.quiet === '0'", timeout=1000)
    assert watch.errors == []


def test_a_firmware_timer_fires_on_time_while_the_page_rests(contexts):
    page, watch = contexts("?players=3&seed=5")
    for k in "U" + "n" * 5 + "o":  # the menu's Export: "Saved game.rec" for MSG_MS
        page.keyboard.press(k)
        time.sleep(0.05)
    page.wait_for_function("(document.body.dataset.screen || '').includes('Saved')", timeout=20000)
    shown = page.evaluate("window.macroscope.screenMs")
    page.wait_for_function("document.body.dataset.quiet === '1'", timeout=20000)  # resting before it ends
    page.wait_for_function("!document.body.dataset.screen.includes('Saved')", timeout=20000)
    gone = page.evaluate("window.macroscope.screenMs")
    # the end is seen at a resting step and drawn at the next (app.device draws
    # the step after a change): at most two resting steps late
    assert MSG_MS <= gone - shown <= MSG_MS + 2 * QUIET_STEP_MS
    assert watch.errors == []


def test_a_hidden_tab_catches_up_when_shown_again(contexts):
    page, watch = contexts("?players=3&seed=5")
    page.wait_for_function("document.body.dataset.quiet === '1'", timeout=20000)
    # hidden, as a background tab whose timers the browser holds back: here
    # none run at all (headless Chromium never hides a page itself)
    hide = """(h) => { const m = window.macroscope;
      Object.defineProperty(document, 'hidden', {value: h, configurable: true});
      if (h) { document.dispatchEvent(new Event('visibilitychange')); m.stopped = true; }
      else { m.stopped = false; document.dispatchEvent(new Event('visibilitychange')); } }"""
    ms0, t0 = int(page.evaluate("document.body.dataset.ms")), time.monotonic()
    page.evaluate(hide, True)
    time.sleep(4)
    page.evaluate(hide, False)
    time.sleep(1.5)
    behind = (time.monotonic() - t0) * 1000 - (int(page.evaluate("document.body.dataset.ms")) - ms0)
    assert -600 < behind < 600  # the 4 s it was away have run, once
    assert watch.errors == []
