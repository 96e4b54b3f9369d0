"""Beyond the device: pause, speed, a power button that keeps the flash, and
a console of what the firmware prints."""
import time

from web import browser
from web.tests.test_page import click_keys, page_state


def clock_over(page, seconds):
    a = int(page.evaluate("document.body.dataset.ms"))
    time.sleep(seconds)
    return int(page.evaluate("document.body.dataset.ms")) - a


def test_pause_and_speed(contexts):
    page, watch = contexts("?players=3&seed=5")
    page.click("#pause")
    assert page.inner_text("#status").startswith("Paused")
    assert page.get_attribute("#pause", "aria-pressed") == "true"
    assert clock_over(page, 0.6) == 0
    page.click("#pause")
    assert clock_over(page, 0.6) > 300
    page.select_option("#speed", "4")
    page.click('button[data-key="r"]', force=True)  # something moving: no rest
    assert clock_over(page, 1.0) > 1600  # four times real time, less what a loaded machine loses
    assert watch.errors == []


def test_the_power_button_restarts_the_board_and_keeps_the_game(contexts):
    page, watch = contexts("?players=3&seed=5&speed=4")
    click_keys(page, ["r", "o"])
    before = page_state(page)
    page.click("#console summary")
    page.click("#power")
    page.wait_for_function("document.querySelector('#console pre').textContent.includes('restart 1')")
    browser.wait_ms(page, 1500)
    assert page_state(page) == before  # resumed from the flash
    assert page.eval_on_selector_all("#lid g.open", "gs => gs.map(g => +g.dataset.window)") == before["open"]
    assert "first boot" in page.inner_text("#console pre")
    assert page.evaluate("document.body.dataset.firmwareErrors") is None
    assert watch.errors == []


def test_welcome_how_to_play_and_the_rules_are_one_click_away(contexts):
    page, watch = contexts("?players=3&seed=5&speed=4")
    assert "board game" in page.inner_text("#about")
    page.click("#howtokey")
    assert page.is_visible("#howto") and "ROLL" in page.inner_text("#howto table")
    page.keyboard.press("Escape")
    page.click("#ruleskey")
    page.wait_for_function("document.querySelector('#rulestext h1')")
    assert page.inner_text("#rulestext h1") == "How Macroscope is played"  # in players' words, not the spec
    rules = page.inner_text("#rulestext")
    assert "must" not in rules and "rewards guessing early" in rules
    presets = page.inner_text("#rulestext table")
    for name in ("standard", "family", "summary", "zh-cn"):  # each preset said in a line
        assert name in presets
    assert "first to guess" not in page.inner_text("#about") and "still closed" in page.inner_text("#about")
    page.keyboard.press("Escape")
    assert page.inner_text("#status").startswith("Round 1, seat 1's turn: roll the dice.")
    click_keys(page, ["r"])
    assert "open a window (dice" in page.inner_text("#status") and "N = 12" in page.inner_text("#status")
    assert watch.errors == []
