"""Issue 15, Struggle newcomer 24 (phone): "Your seat (shows your card here): [Red]" read as seated already, beside
"take your seat to see your secret card"; and the help named a button "Show your colour's card" that reads
"🃏️ Show red's card". While this browser holds no seat and one is free, the words say to take it; once it holds
one they say it is its seat. (Labyrinth's "Your seat:" the same.) Labyrinth newcomer 32 read "Take your seat" as
needed to play, Struggle newcomer 32 set it against "Red · you": the words before a free colour say what it is for,
the secret card, not a seat to play from."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, serving

pytestmark = pytest.mark.browser

WAIT = 30000


@pytest.mark.parametrize("game,before,after", [
    ("struggle", "See your card here:", "Your seat:"),
    ("labyrinth", "See your secret card:", "Your seat:"),
])
def test_the_seat_words_say_take_it_until_it_is_taken(browser: Any, game: str, before: str, after: str) -> None:
    with serving(("--game", game, "--seed", "7", "--humans", "red")) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            label = page.locator("#private-links").locator("xpath=preceding-sibling::span[1]")
            page.locator("button.seat-claim.red").wait_for(timeout=WAIT)
            page.wait_for_function("() => document.getElementById('private-links').previousElementSibling.textContent"
                                   f" === {before!r}", timeout=WAIT)
            if game == "struggle":  # the card box under the dice says the same: press a colour, no seat to take
                card = page.locator("#my-card").inner_text()
                assert "press below" in card and "seat" not in card, card
            else:  # the label says what the colour is for: no second line under it saying it again (a phone line)
                assert page.locator("#seat-hint").is_hidden(), page.locator("#seat-hint").inner_text()
            page.locator("button.seat-claim.red").tap()
            page.wait_for_function("() => document.getElementById('private-links').previousElementSibling.textContent"
                                   f" === {after!r}", timeout=WAIT)
            assert label.inner_text().strip() == after
        finally:
            ctx.close()


def test_the_help_names_the_card_button_as_it_reads() -> None:
    from pathlib import Path

    html = (Path(__file__).resolve().parents[2] / "hal" / "web" / "static" / "struggle.html").read_text(encoding="utf-8")
    assert "Show your colour's card" not in html and "Show Red's card" in html


def test_an_arrival_is_counted_once_its_token_stands_on_its_place(browser: Any) -> None:
    """Newcomer 24 (turn 8): "arrived: 1 of 4" over five empty arrival places, the 9 still to be placed on A."""
    with serving(("--game", "struggle", "--seed", "7", "--humans", "red")) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        try:
            page.goto(url)
            page.wait_for_function("S.view && S.world && S.hello", timeout=WAIT)
            said = page.evaluate("""() => {
                const v = S.view, w = S.world, was = [v.phase, v.arrived, w.tokens['9']];
                v.phase = 'placing'; v.arrived = ['9']; w.tokens['9'] = 's14'; drawProgress();
                const before = document.getElementById('progress').textContent;
                w.tokens['9'] = 'place-A'; drawProgress();
                const after = document.getElementById('progress').textContent;
                [v.phase, v.arrived, w.tokens['9']] = was;
                return [before, after];
            }""")
            assert "arrived: 0 of 4" in said[0] and "1 more once placed" in said[0], said[0]
            assert "arrived: 1 of 4" in said[1] and "more once placed" not in said[1], said[1]
        finally:
            page.close()
