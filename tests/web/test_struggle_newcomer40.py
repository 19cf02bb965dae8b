"""Issue 15, Struggle newcomer 40: once the hand was kept the prompt said "the board lights way 3 of 3 to play …" and
the newcomer expected way 1: the choice opens on the board's pick for the card held here, which only the list
below said. The prompt names the way lit as the board's pick whenever it is, and only then."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _seated

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
PICK = "★ the board's pick for your card"


def keep_first_hand(page: Any) -> None:
    """Red, seated here, throws once and keeps the hand: choosing, the board's pick lit (the page lights it)."""
    page.wait_for_function("() => S.view && S.hello && document.querySelector('#my-card button')", timeout=WAIT)
    _seated(page)
    page.wait_for_function("() => said() && said().action === 'throw' && said().player === 'red'", timeout=WAIT)
    page.click("#throw")
    page.wait_for_function("() => S.view.throws > 0 && !S.world.rolling", timeout=WAIT)
    page.click("#stop")
    page.wait_for_function("() => S.view.phase === 'choosing' && typeof S.hints.red === 'number'"
                           " && S.view.selected === S.hints.red", timeout=WAIT)
    page.wait_for_timeout(300)


@pytest.mark.parametrize(("size", "lang"), [(PHONE, "en"), (WIDE, "en"), (WIDE, "de")], ids=["phone", "wide", "wide-de"])
def test_the_prompt_names_the_way_lit_as_the_boards_pick(browser: Any, size: tuple[int, int], lang: str) -> None:
    """(an attack: German filled the page's sentence from the board's fields alone, the pick's field empty)"""
    pick_words = {"en": PICK, "de": "★ die Wahl des Bretts für deine Karte"}[lang]
    with serving(SEED7, PORT) as url:
        if lang == "en":
            page = open_page(browser, url, size)
        else:
            page = browser.new_page(viewport={"width": size[0], "height": size[1]})
            page.goto(url + f"?lang={lang}")
        try:
            keep_first_hand(page)
            pick = page.evaluate("() => S.hints.red") + 1
            prompt = page.locator("#prompt-text").inner_text()
            # (in brackets since Struggle newcomer 50)
            assert re.search(rf"{pick} (of|von) 3 \({re.escape(pick_words)}\)", prompt), prompt
            page.click("#throw")  # the next way: not the pick
            page.wait_for_function("(n) => S.view.selected !== n - 1", arg=pick, timeout=WAIT)
            page.wait_for_timeout(300)
            prompt = page.locator("#prompt-text").inner_text()
            assert pick_words not in prompt and re.search(r"\d (of|von) 3 (to play|auf)", prompt), prompt
        finally:
            page.context.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_goal_tip_names_the_button_the_card_box_shows(browser: Any, size: tuple[int, int]) -> None:
    """Newcomer 40: the goal tip said "to see it here, press your colour at the top" while the card box said "press
    below", over "🃏️ Show Red's card": two ways told apart, and which was meant unclear. The tip names the box's button."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("() => S.view && document.querySelector('#my-card button.show-card')", timeout=WAIT)
            button = page.locator("#my-card button.show-card").inner_text().strip()
            goal = page.evaluate("() => tips().goal")
            # (the colour at the top said only as the same thing: "both do the same", newcomer 49)
            assert f"press “{button}”" in goal and ("at the top" not in goal or "both do the same" in goal), (button, goal)
            assert ("under the dice" if size == PHONE else "beside the board") in goal, goal
        finally:
            page.context.close()


def test_an_arrival_says_lost_for_good_only_of_places_still_open(browser: Any) -> None:
    """Struggle newcomer 41 (card K Q J ★ 10; 9 and 10 arrived at A and B): a way taking K to C read "⚠ a loss for your
    card: … never reaches its own place on your card (A): both places are lost for good", while A was 9's a turn
    before. A place lost already is not said lost by this way: here only C, which the card wants for J."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            lines = page.evaluate("""() => {
              S.view.spaces = { K: 16, Q: 10, J: 12, "10": 17, "9": 17 }; S.view.arrived = ["9", "10"];
              const o = { moves: [{ token: "K", from: 16, to: 17, result: "arrived" }],
                          spaces: { K: 17, Q: 10, J: 12, "10": 17, "9": 17 }, arrived: ["9", "10", "K"] };
              return forCard(o, ["K", "Q", "J", "A", "10"]).split("\\n"); }""")
        finally:
            page.context.close()
    king = next(line for line in lines if "token K" in line)
    assert "both places" not in king and "its own place" not in king, king
    assert "takes place C, where your card wants J: that place is lost for good" in king, king
    # a loss for good is marked as one (⚠), never "○ no change" (Struggle newcomer 55 read the ○ as nothing lost)
    assert king.strip().startswith("⚠ a loss for your card:"), king


def test_a_screen_holding_no_seat_does_not_call_one_held_elsewhere_its_seat(browser: Any) -> None:
    """Struggle newcomer 41, at the second screen: "Your seat: 🔒 Red's card: on another screen" on a screen holding
    no seat. The words before a seat held elsewhere do not say it is this screen's."""
    with serving(SEED7 + ("--humans", "red"), PORT) as url:
        holder = browser.new_context()
        try:
            hp = holder.new_page()
            hp.goto(url)
            assert hp.request.post(url + "seat/red/claim").ok
            page = open_page(browser, url, WIDE)
            page.locator(".seat-release.red").wait_for(timeout=WAIT)
            label = page.evaluate("() => document.getElementById('private-links').previousElementSibling.textContent")
            assert "Your seat" not in label and label.strip() == "Secret card:", label
            page.close()
        finally:
            holder.close()
