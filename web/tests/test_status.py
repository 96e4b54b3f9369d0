"""The page's words and controls: the status line lists what may be done in
each phase; Share link copies the link, says so once and hands the keys back
to the device; page messages end when the game moves on; New game asks
before it ends a running game; the players field shows the game's count."""
import json

from web import browser
from web.tests.test_page import click_keys, page_state

GAME = "?players=3&rules=standard&seed=5&speed=4"


def status(page):
    return page.inner_text("#status")


def test_the_status_line_lists_what_may_be_done(contexts):
    page, watch = contexts(GAME)
    click_keys(page, ["r", "o"])  # one window open, the other die unused
    assert "open another window, guess (seat 1's button) or pass (PASS)" in status(page)
    click_keys(page, ["o"])  # the second window: no die left
    s = status(page)
    assert "guess (seat 1's button) or pass (PASS)" in s and "another" not in s
    click_keys(page, ["p"])  # a pass: the others may call, the active seat may not
    s = status(page)
    assert "seat 1 passed; seats 2 and 3 may call a guess (paying 2), OK closes the call" in s
    click_keys(page, ["2", "3", "o"])
    assert "pull the card out" in status(page)
    click_keys(page, ["c"])  # out: no more "pull the card out"
    s = status(page)
    assert "press the seat that was right (seats 2 and 3) or OK for nobody" in s and "pull" not in s
    assert watch.errors == []


def test_share_link_says_so_once_and_hands_the_keys_back(contexts):
    page, watch = contexts(GAME)
    click_keys(page, ["r", "o"])
    page.click("#share")
    page.wait_for_function("document.getElementById('status').textContent.includes('link to this game')")
    assert status(page).count("link to this game") == 1
    assert page.evaluate("document.activeElement.id") == "device"  # not the link field
    assert page.input_value("#sharelink").startswith("http")
    before = page_state(page)
    page.keyboard.press("o")  # a key reaches the device: the second window opens
    page.wait_for_function("(n) => JSON.parse(document.body.dataset.state).open.length > n", arg=len(before["open"]))
    assert "link" not in status(page)  # the game moved on: the message is gone
    assert watch.errors == []


def test_a_load_error_ends_when_the_game_moves_on(contexts, tmp_path):
    page, watch = contexts(GAME)
    bad = tmp_path / "bad.rec"
    bad.write_text("players 3\nroll 9 9\n")
    page.set_input_files("#load", str(bad))
    page.wait_for_function("document.getElementById('status').textContent.includes('bad.rec')")
    click_keys(page, ["r"])
    assert "bad.rec" not in status(page) and "open a window" in status(page)
    assert watch.errors == []


def test_new_game_asks_before_it_ends_a_running_game(contexts):
    page, watch = contexts("?players=4&rules=family&seed=5&speed=4")
    assert page.input_value("#newgame input[name=players]") == "4"  # the game's count
    assert page.input_value("#newgame select[name=rules]") == "family"
    click_keys(page, ["r", "o"])
    before = page.evaluate("document.body.dataset.record")
    asked = []
    page.once("dialog", lambda d: (asked.append(d.message), d.dismiss()))
    page.click("#newgame button[type=submit]")
    browser.wait_ms(page, 500)
    assert asked and "End the game" in asked[0]
    assert page.evaluate("document.body.dataset.record") == before  # declined: the game goes on
    page.once("dialog", lambda d: d.accept())
    page.fill("#newgame input[name=players]", "2")
    with page.expect_navigation():
        page.click("#newgame button[type=submit]")
    page.wait_for_function("document.body.dataset.ready === '1' && JSON.parse(document.body.dataset.state || 'null')?.players === 2")
    assert json.loads(page.evaluate("document.body.dataset.state"))["open"] == []
    assert watch.errors == []
