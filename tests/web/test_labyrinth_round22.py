"""What the Labyrinth newcomers of round 2 (issue 15) still met, in Debian's headless Chromium at a
phone's 390x844 and at 1920x1080: "Open your secret card page" said once per screen however many
seats this browser holds, and a phone's board using the screen's width (tiles of at least 46 px,
nothing wider than the screen)."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, push, to_shift
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])


@pytest.fixture
def url() -> Iterator[str]:
    """Red and Blue both played from this browser (a hot seat: both seats claimed here), a short game;
    one server a test, as the seats claimed stay with the server."""
    with serving(("--game", "labyrinth", "--cards-each", "2", "--humans", "red,blue", "--seed", "9135",
                           "--speed", "3")) as address:
        yield address


def claim(page: Any, colour: str) -> None:
    from playwright.sync_api import expect

    page.locator(f"button.seat-claim.{colour}").click(timeout=WAIT_MS)
    expect(page.locator(f"a.seat-link.{colour}")).to_be_visible(timeout=WAIT_MS)


#: what a person reads on the page now (visible text only; closed dialogs and hidden boxes left out)
VISIBLE = "() => document.body.innerText"


@SIZES
def test_the_secret_card_page_is_said_once_for_two_seats(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    claim(page, "red")
    claim(page, "blue")
    page.wait_for_timeout(300)
    said = re.findall(r"secret card page", page.evaluate(VISIBLE), re.I)
    assert len(said) == 1, f"said {len(said)} times: {page.locator('#private-links').inner_text()!r}"
    for colour in ("red", "blue"):  # each seat still opens its own page, named by its colour
        link = page.locator(f"a.seat-link.{colour}")
        assert link.get_attribute("href") == f"/seat/{colour}"
        assert colour in link.inner_text().lower(), link.inner_text()
        box = link.bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= size[0], box
    page.close()


def test_one_seat_still_says_what_its_link_opens(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE)
    claim(page, "red")
    assert re.search(r"open your secret card page", page.locator("a.seat-link.red").inner_text(), re.I)
    page.close()


#: the tiles' width, the board's frame and how wide the page scrolls (px)
BOARD = """() => { const t = [...document.querySelectorAll('#maze .tile')].map(e => e.getBoundingClientRect().width),
    f = document.querySelector('.maze-frame').getBoundingClientRect();
    return {tile: Math.min(...t), left: f.left, right: f.right, scroll: document.documentElement.scrollWidth}; }"""


def test_a_phones_board_uses_the_width(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE)
    claim(page, "red")  # as the newcomer did: a taller header
    for phase in ("shift", "move"):
        if phase == "move":
            push(page)
        else:
            to_shift(page)
        board = page.evaluate(BOARD)
        assert board["tile"] >= 46, f"{phase}: tiles of {board['tile']:.1f} px on a 390 px phone"
        assert board["left"] >= 0 and board["right"] <= PHONE[0], f"{phase}: the board overflows: {board}"
        assert board["scroll"] <= PHONE[0], f"{phase}: the page scrolls sideways: {board}"
    page.close()


def test_the_seat_tip_goes_when_every_seat_is_taken_elsewhere(browser: Any, url: str) -> None:
    """The tip "Press your colour beside Your seat" points to a seat this page can take: once each seat
    played here is another browser's (🔒), it points nowhere and is not said."""
    other = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    try:
        phone = other.new_page()
        phone.goto(url)
        for colour in ("red", "blue"):
            claim(phone, colour)
        page = open_page(browser, url, DESKTOP)
        page.wait_for_function("() => MB.seats && MB.seats.taken.length === 2 && !document.getElementById('guide').hidden",
                               timeout=WAIT_MS)
        page.wait_for_timeout(300)
        tip = page.locator("#guide .guide-text").inner_text()
        assert "your seat" not in tip.lower(), tip
        page.close()
    finally:
        other.close()
