"""Issue 15, Struggle newcomer 104 (1920x1080): token 9 had taken place B, the card's ★ (any token), and every way's
note for Q, a token the card does not name, still said "your card does not name it (its ★ takes any token)"; the
newcomer took it that Q could still score through the ★. Once the ★ place is taken, the note says so instead."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_struggle_choosing_round26a_browser import SEED7

from tests.web.test_plain_words_browser import WIDE, open_page, serving

pytestmark = pytest.mark.browser

CARD = ["K", "A", "J", "10", "9"]  # the ★ at B; Q not named


def _q_note(page: Any, arrived: list[str], after_arrived: list[str]) -> list[str]:
    """The way's notes for token Q (moving 8 -> 10), the tokens ``arrived`` before the way and ``after_arrived`` after."""
    lines: list[str] = page.evaluate("""([arrived, afterArrived, card]) => {
      S.view.spaces = { Q: 8, J: 5, "10": 3 }; S.view.arrived = arrived;
      const spaces = { Q: 10, J: 5, "10": afterArrived.includes("10") ? 16 : 3 };
      return forCard({ moves: [{ token: "Q", from: 8, to: 10 }], spaces, arrived: afterArrived }, card).split("\\n");
    }""", [arrived, after_arrived, CARD])
    return [line for line in lines if "token Q" in line]


def test_a_token_the_card_does_not_name_hears_the_star_place_is_taken(browser: Any) -> None:
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30_000)
            # the ★ place B still free (K arrived first): the ★ takes any token, Q too
            free = _q_note(page, ["K"], ["K"])
            assert free and "its ★ takes any token" in free[0], free
            # ...taken by 9, arrived second: Q can score nowhere on the card
            taken = _q_note(page, ["K", "9"], ["K", "9"])
            assert taken == ["○ no change in points (compared with now): token Q moves ahead, and your card does not "
                             "name it (its ★ place, B, is taken already)"], taken
            # ...taken in this very way (10 arriving second)
            now = _q_note(page, ["K"], ["K", "10"])
            assert now and "takes any token" not in now[0] and "(its ★ place, B, is taken already)" in now[0], now
        finally:
            page.close()


# a kept hand 10, ace, K, K, 10 whose ace, as a K or as a 10, plays out the same: one way (rules.py outcomes lists each
# result once, with every play that gives it)
ONE_WAY = """([plays, aces]) => {
  const o = { index: 7, ace: aces, plays, arrived: S.view.arrived || [], round_end: [], moves_nothing: false,
    spaces: { ...(S.view.spaces || {}), K: 3 }, moves: [{ token: 'K', from: 0, to: 3, result: 'moved' }] };
  S.view = { ...S.view, faces: ['10', 'A', 'K', 'K', '10'], outcomes: [o], selected: 7 };
  drawInfo();
  return document.querySelector('#outcomes .outcome .ace-as').textContent;
}"""


def test_a_way_whose_ace_plays_out_the_same_as_another_token_says_so(browser: Any) -> None:
    """(1920x1080) the last hand, 10, ace, K, K, 10, was one way, "the ace counts as K"; as a 10 it ended the same, and
    the newcomer wondered whether a choice had been missed"""
    from test_struggle_newcomer40 import keep_first_hand

    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate(ONE_WAY, [["ace=K order=K,10", "ace=10 order=K,10", "ace=K order=10,K"], ["K"]])
            assert said == "the ace counts as K (as 10 it plays out the same)", said
            # ...two others: either
            said = page.evaluate(ONE_WAY, [["ace=K order=K,10", "ace=10 order=K,10", "ace=J order=K,10"], ["K"]])
            assert said == "the ace counts as K (as 10 or J it plays out the same)", said
            # ...none: nothing more
            said = page.evaluate(ONE_WAY, [["ace=K order=K,10", "ace=K order=10,K"], ["K"]])
            assert said == "the ace counts as K", said
            # ...two aces counted otherwise, in another order or as other tokens
            said = page.evaluate(ONE_WAY, [["ace=K,10 order=K,10", "ace=10,K order=K,10", "ace=10,10 order=K,10"], ["K", "10"]])
            assert said == "the aces count as K and 10 (counted otherwise, as 10 and 10, they play out the same)", said
            # ...in two other ways or more: counted (an attack read "as 10 and 10 or J and J" as one list)
            said = page.evaluate(ONE_WAY, [["ace=K,10 order=K,10", "ace=10,10 order=K,10", "ace=J,J order=K,10"], ["K", "10"]])
            assert said == "the aces count as K and 10 (counted 2 other ways, they play out the same)", said
        finally:
            page.context.close()


def test_with_the_card_shown_here_the_header_link_says_what_its_page_is_for(browser: Any) -> None:
    """(a phone) with the card shown lower down the same page, the header read "Your seat: 🃏️ Your card, also on its
    own page (red) ↗", and the newcomer could not tell whether that page was to be opened too; newcomer 105 read its
    next words, "For another screen: your card's own page", as moving the card away"""
    from test_struggle_newcomer16 import PHONE

    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.locator("#my-card button").first.click()  # "Show red's card": takes the seat
            page.wait_for_function("() => document.querySelectorAll('#my-card .card-place').length === 5", timeout=30_000)
            link = page.locator("#private-links .seat-link")
            link.wait_for(timeout=30_000)
            page.wait_for_timeout(300)
            said = link.inner_text()
            # (and nothing that reads as moving the card away: Struggle newcomer 105 read "For another screen: …" so)
            assert said.startswith("🃏️ Your card is on this page") and "also" not in said and "another screen" not in said, said
            box = link.bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= PHONE[0], box
        finally:
            page.close()


def test_every_way_s_points_say_those_of_now_once_the_race_has_begun(browser: Any) -> None:
    """Struggle newcomer 105 (1920x1080): in one list some ways ended "…: 10 points for your card" and others "…: 20 points
    for your card (now: 10)"; the points of now are said under every way once a token has left START, the same or not
    (before, nothing scores "now": test_struggle_round23b_browser.py)."""
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=30_000)
            lines: list[str] = page.evaluate("""(card) => {
              S.view.spaces = { Q: 8, J: 5, "10": 3 }; S.view.arrived = ["K"];
              return forCard({ moves: [{ token: "Q", from: 8, to: 10 }], spaces: { Q: 10, J: 5, "10": 3 }, arrived: ["K"] },
                             card).split("\\n"); }""", CARD)
        finally:
            page.close()
    m = re.match(r"If the race stopped after this way: (\d+) points for your card.*\(if it stopped now: (\d+)\)$", lines[-1])
    assert m and m.group(1) == m.group(2), lines  # (the same points: this way changes none)
