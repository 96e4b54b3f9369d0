"""The seats' lights on the page: the NeoPixels after the windows' (one by
each seat button, firmware/app/lights.py) drawn from the emulated chain, each
with a name: the active seat in its turn, in a call the seats that may join."""
from playwright.sync_api import TimeoutError

from web.tests.test_page import click_keys, page_state

SPEED = 4


def lit(page):
    """The lit seats as the page's contract says them, and as the dots' names do."""
    said = page.evaluate("document.body.dataset.seatLights")
    names = page.evaluate("[...document.querySelectorAll('.seatlight')].map((d) => d.getAttribute('aria-label'))")
    named = [i + 1 for i, n in enumerate(names) if n.endswith("may press")]
    assert [int(x) for x in said.split()] == named, (said, names)
    return named


def wait_lit(page, want):
    """The lit seats once they are want, or after 5 s (a light is sent within a frame or two)."""
    try:
        page.wait_for_function("document.body.dataset.seatLights === %r" % " ".join(map(str, want)), timeout=5000)
    except TimeoutError:
        pass
    return lit(page)


def test_the_active_seat_lights_in_its_turn_and_the_joiners_in_a_call(pages):
    page, watch = pages("?players=4&seed=9&speed=%d" % SPEED)
    st = page_state(page)
    assert st["phase"] == "roll" and st["active"] == 2
    assert wait_lit(page, [2]) == [2]  # its turn: only the active seat
    click_keys(page, ["r", "o"])
    assert page_state(page)["phase"] == "decide" and lit(page) == [2]
    click_keys(page, ["2"])  # seat 2 guesses: the call opens, the others may join
    st = page_state(page)
    assert st["phase"] == "call" and st["call"] == [2]
    assert wait_lit(page, [1, 3, 4]) == [1, 3, 4]
    click_keys(page, ["3"])  # seat 3 joined: it may not join again
    assert wait_lit(page, [1, 4]) == [1, 4]
    # the dots are drawn lit (white), the others dark, and named for screen readers
    dots = page.evaluate("[...document.querySelectorAll('.seatlight')].map((d) => getComputedStyle(d).backgroundColor)")
    assert [d != "rgb(34, 34, 34)" for d in dots] == [True, False, False, True, False, False], dots
    assert page.get_by_role("img", name="seat 4's light: lit, seat 4 may press").count() == 1
    assert page.get_by_role("img", name="seat 3's light: dark").count() == 1
    assert watch.errors == []
