"""Issue 15, round 22's Struggle words on the page: what a way to play does for the player's card
reads plainly (✔ means good for the player, whatever the token does, and the line says why: the
place the card wants); the board's pick says what it counts without "counted twice"; lists read
"Red, Blue and Green" (one joiner for the page's lists: I18N.list, the controller's rule); the
round's cards say which places scored."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, serve, stop

from mazeboard.controller.i18n import page_phrases


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "3", "--seed", "7", "--port", "8731"))
    yield url
    stop(proc)


def _page(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
    page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
    page.goto(url)
    expect(page.locator("#conn")).to_have_attribute("data-state", "open", timeout=WAIT_MS)
    page.wait_for_function("() => S.hello && S.view", timeout=WAIT_MS)
    return page


@pytest.mark.browser
def test_lists_on_the_page_read_red_blue_and_green(browser: Any, server: str) -> None:
    page = _page(browser, server)
    try:
        assert page.evaluate("andList(['Red', 'Blue', 'Green'])") == "Red, Blue and Green"
        assert page.evaluate("andList(['Red', 'Blue'])") == "Red and Blue"
        assert page.evaluate("andList(['Red'])") == "Red"
    finally:
        page.close()


@pytest.mark.browser
def test_a_token_sent_back_nearer_its_place_reads_as_good_and_says_why(browser: Any, server: str) -> None:
    # round 22: "✔ token 10 goes back, 4th in the race: closer to its place C on your card"
    page = _page(browser, server)
    try:
        lines = page.evaluate("""() => {
          S.view.spaces = { K: 3, Q: 2, J: 1, "10": 5, "9": 4 }; S.view.arrived = [];
          const o = { moves: [{ token: "Q", from: 2, to: 6, result: "swapped", displaced: ["10"] }],
                      spaces: { K: 3, Q: 6, J: 1, "10": 2, "9": 4 }, arrived: [] };
          return forCard(o, ["9", "Q", "10", "K", "J"]).split("\\n");
        }""")
        # (round 26, newcomer round 9: the mark follows the points -- nearer its place but not in it, the card
        # scores the same: "=" and why, no "✔" beside a way that scores no more: test_struggle_choosing_round26a_browser)
        ten = next(line for line in lines if "token 10" in line)
        assert ten.startswith("○ no change in points (compared with now): token 10 goes back from 1st to 4th in the race"), lines
        assert "nearer the 3rd place your card wants for it (C)" in ten, lines
        queen = next(line for line in lines if "token Q" in line)
        assert queen.startswith("○ no change in points (compared with now): token Q moves ahead from 4th to 1st in the race"), lines
    finally:
        page.close()


def test_the_boards_pick_says_plainly_what_it_counts() -> None:
    hint = page_phrases()["page.str.hint"]
    assert "counted twice" not in hint and "sure ones" not in hint, hint
    assert "if the race stopped here" in hint and "already arrived" in hint, hint


def test_the_view_keeps_the_places_that_scored() -> None:
    from mazeboard.hal.web.views import StruggleView

    v = StruggleView(humans=["red"])
    v.apply({"type": "round_over", "round": 1, "order": ["K", "Q", "J", "10", "9"], "points": {"red": 10},
             "totals": {"red": 10}, "cards": {"red": ["10", "9", "A", "Q", "J"]},
             "scored": {"red": ["C"]}})
    assert v.to_dict()["results"][-1]["scored"] == {"red": ["C"]}


@pytest.mark.browser
def test_each_revealed_card_says_which_places_scored(browser: Any, server: str) -> None:
    page = _page(browser, server)
    try:
        rows = page.evaluate("""() => {
          S.view.results = [{ round: 1, order: ["K", "Q", "J", "10", "9"], points: { red: 20, blue: 0 },
            cards: { red: ["K", "9", "A", "Q", "J"], blue: ["9", "K", "Q", "J", "10"] },
            scored: { red: ["A", "C"], blue: [] } }];
          drawInfo();
          return [...document.querySelectorAll("#scores .round-card")].map((r) => r.textContent);
        }""")
        assert any(r.startswith("Red's card") and r.endswith("scored at A (K) and C (J)") for r in rows), rows
        assert any(r.endswith("no token in its place") for r in rows), rows
    finally:
        page.close()


@pytest.mark.browser
def test_a_token_whose_rank_does_not_change_reads_still_never_from_1st_to_1st(browser: Any, server: str) -> None:
    # round 27 (newcomer 11): "token K moves ahead from 1st to 1st", "token J moves ahead from 3rd to 3rd"
    page = _page(browser, server)
    try:
        lines = page.evaluate("""() => {
          S.view.spaces = { K: 0, Q: 0, J: 0, "10": 0, "9": 0 }; S.view.arrived = [];
          const o = { moves: [{ token: "K", from: 0, to: 2, result: "moved" }, { token: "J", from: 0, to: 1, result: "moved" }],
                      spaces: { K: 2, Q: 0, J: 1, "10": 0, "9": 0 }, arrived: [] };
          return forCard(o, ["K", "Q", "10", "J", "9"]).split("\\n");
        }""")
    finally:
        page.close()
    king = next(line for line in lines if "token K" in line)
    # while every token stands on START no rank is "still" or "from": the tokens are level there (Struggle
    # newcomer 20 read "moves ahead, still 1st in the race" with all five on START)
    assert "from 1st to 1st" not in king and "still" not in king and "moves ahead to 1st in the race" in king, lines
    jack = next(line for line in lines if "token J" in line)
    assert "still" not in jack and " from " not in jack and "moves ahead to 2nd in the race" in jack, lines
