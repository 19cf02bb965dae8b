"""Issue 15, Labyrinth newcomers 84 and 86 (on the page): during Red's push the card page, and it alone, names the
pushes that open a way from Red's pawn to the card's picture (``tests/web/test_labyrinth_card_pushes.py`` checks the
pushes against the maze); each one named is an arrow the board's page offers; after the push the line goes."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_labyrinth_newcomer17 import card_tab

from tests.web.test_plain_words_browser import LABYRINTH, WAIT_MS, serving

pytestmark = pytest.mark.browser

SAID = re.compile(r"🔀 (Your turn now: the push at|Your turn now: these pushes|With the spare as it lies, no push|No push opens)")


def test_the_card_page_names_the_pushes_to_its_picture_during_the_push(browser: Any) -> None:
    from playwright.sync_api import expect

    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, page, card = card_tab(browser, url)
        try:
            page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                   timeout=90_000)
            ways = card.locator("#secret .card-pic .ways")
            expect(ways).to_have_text(SAID, timeout=WAIT_MS)
            named = re.findall(r"\b[NESW]-[a-g1-7]\b", ways.inner_text())
            offered = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')].map((s) => s.dataset.slot)")
            assert set(named) <= set(offered), (named, offered)
            assert card.evaluate("() => document.documentElement.scrollWidth") <= 390
            # the board's page, the table's, never says it
            assert "from your pawn to it" not in page.locator("body").inner_text()
            page.click(f'#maze .slot[data-slot="{offered[0]}"]')
            page.wait_for_function("() => S.view.phase === 'move'", timeout=90_000)
            expect(ways).to_have_count(0, timeout=WAIT_MS)
        finally:
            mine.close()


def test_the_nearest_push_says_a_wall_stands_between(browser: Any) -> None:
    """Labyrinth newcomer 90 read "E-4, then walk to b5 (1 tile from it)" four turns running, the Crown on c5 walled on
    b5's side: a tile beside the picture that no push connects to it has a wall between, and says so; farther, the
    count is along the rows and columns, walls not counted."""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: [], winner: null };
              const ways = (tiles) => ({ crown: { now: [], turned: [], nearest: { "E-4": "b5" }, tiles, stay: [] } });
              drawLabyrinth({ ...base, ways: ways(1) });
              const one = document.querySelector("#secret .ways").textContent;
              drawLabyrinth({ ...base, ways: ways(3) });
              return [one, document.querySelector("#secret .ways").textContent]; }""")
        finally:
            mine.close()
    # (never a second pair of brackets after the pushes: Labyrinth newcomer 92; the push first, then where it leaves the
    # pawn, "the picture" named, never "it": newcomer 114 read "as it lies after the push, which may move it too" three
    # times, "it" the spare, the pawn or the picture)
    assert "Nearest with the spare as it lies: push at E-4, then walk to b5. Your pawn then stands beside the picture, " \
        "behind a wall (the push may move the picture too)." in said[0], said
    assert "Nearest with the spare as it lies: push at E-4, then walk to b5. Your pawn is then 3 tiles from the picture, " \
        "counted along the rows and columns as if there were no walls (the push may move the picture too)." in said[1], said
    assert all(s.count("(") == 1 and " it lies after" not in s for s in said), said


def test_a_push_after_which_the_pawn_stands_where_it_is_nearest_says_stay(browser: Any) -> None:
    """Labyrinth newcomer 92 read "S-b (your pawn is on a5 after it) (2 tiles from it …)": it wondered whether S-b
    would carry its pawn somewhere, and two pairs of brackets in a row were hard to read."""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const base = { cards: ["moth"], found: 0, remaining: 2, corner: "a1", vader_cards: [], winner: null };
              const out = [];
              for (const nearest of [{ "S-b": "a5" }, { "S-b": "a5", "W-2": "c3" }]) {
                drawLabyrinth({ ...base, ways: { moth: { now: [], turned: [], turns: {}, nearest, tiles: 2,
                                                         stay: ["S-b"], nearer: true } } });
                out.push(document.querySelector("#secret .ways").textContent); }
              return out; }""")
        finally:
            mine.close()
    assert "push at S-b, then stay on a5. Your pawn is then" in said[0], said[0]
    assert "push at S-b (then stay on a5) or W-2 (then to c3). Your pawn is then" in said[1], said[1]
    assert all("after it" not in s and ") (" not in s for s in said), said


def test_a_card_with_vader_s_mark_names_the_vader_pawn_in_its_pushes(browser: Any) -> None:
    """An attack (the vader variant): a card with Vader's mark said "⚫ Vader's mark: move the Vader pawn" and, under
    it, "the push at N-2 opens a way from your pawn to it", the pushes being counted for the Vader pawn (the table's
    ``_ways``). Each kind of line names the pawn the pushes are for."""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", vader_cards: ["crown"], winner: null };
              const kinds = [{ now: ["N-2"], turned: [] }, { now: ["N-2", "S-4"], turned: [] },
                { now: [], turned: ["W-6"] }, { now: [], turned: [], nearest: {} },
                { now: [], turned: [], nearest: { "E-4": "b5", "N-2": "c3" }, tiles: 1, stay: ["N-2"] },
                { now: [], turned: [], nearest: { "E-4": "b5" }, tiles: 3, stay: [] }];
              return kinds.map((w) => { drawLabyrinth({ ...base, ways: { crown: w } });
                                        return document.querySelector("#secret .ways").textContent; }); }""")
        finally:
            mine.close()
    for line in said:
        assert "your pawn" not in line and "the Vader pawn" in line, line


def test_the_turns_of_the_spare_are_counted_and_no_push_that_helps_is_said(browser: Any) -> None:
    """Labyrinth newcomer 91 (a phone, the card page in its own tab): "Turned another way (⟳ Rotate, on the board's
    page), the spare lets these: S-f" said no number of turns, so it rotated, switched tabs, read, switched back; and
    boxed in, "S-b (your pawn is on c2 after it), N-b (…) and 8 more as near" read as advice to push S-b, no push
    bringing it nearer. The presses are counted per push, and "no push helps" is said so."""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const base = { cards: ["crown"], found: 0, remaining: 2, corner: "a1", winner: null };
              const kinds = [{ now: [], turned: ["S-f"], turns: { "S-f": 1 }, nearest: {}, nearer: true },
                { now: [], turned: ["W-4", "N-b", "S-f"], turns: { "N-b": 2, "S-f": 1, "W-4": 2 }, nearest: {}, nearer: true },
                { now: [], turned: [], turns: {}, nearest: { "S-b": "c2", "N-b": "c2", "W-2": "d3" }, tiles: 2,
                  stay: ["S-b", "N-b", "W-2"], nearer: false }];
              const out = [];
              for (const vader of [[], ["crown"]]) for (const w of kinds) {
                drawLabyrinth({ ...base, vader_cards: vader, ways: { crown: w } });
                out.push(document.querySelector("#secret .ways").textContent); }
              return out; }""")
        finally:
            mine.close()
    assert "⟳ Rotate" in said[0] and said[0].endswith(": once, then push at S-f."), said[0]
    assert said[1].endswith(": once, then push at S-f; twice, then push at N-b or W-4."), said[1]
    # (what to push then, in words a player can act on: "choose a push that does not help the others" asked newcomer
    # 93 for the others' secret cards, and "any push will do" was false of pushes leaving the pawn farther, an attack)
    # (the arrows in one order, sorted, as the card page's other lists: an attack)
    assert "none lets your pawn get nearer to it than it stands; these keep it as near: N-b (then stay on c2), " \
        "S-b (then stay on c2) or W-2 (then stay on d3)." in said[2], said[2]
    for line in said[3:]:
        assert "your pawn" not in line and "the Vader pawn" in line, line
    assert said[3].endswith(": once, then push at S-f."), said[3]


def test_the_way_home_on_the_card_page_names_the_start_square_not_a_picture(browser: Any) -> None:
    """(Labyrinth newcomer 115, every card found: the card page said "All found! Go back to your start square a1." and
    under it "… Your pawn is then 7 tiles from the picture, … (the push may move the picture too)": no picture is left
    to find, and the start square, fixed, never moves. The card page says the way home as the board's page does)"""
    with serving(LABYRINTH + ("--humans", "red")) as url:
        mine, _page, card = card_tab(browser, url)
        try:
            said = card.evaluate("""() => {
              const base = { cards: [], found: 2, remaining: 0, corner: "a1", vader_cards: [], winner: null };
              const ways = (tiles) => ({ home: { now: [], turned: [], nearest: { "E-4": "e4" }, tiles, stay: [] } });
              const out = [];
              for (const n of [1, 7]) { drawLabyrinth({ ...base, ways: ways(n) });
                out.push(document.querySelector("#secret .ways").textContent); }
              return out; }""")
        finally:
            mine.close()
    assert all("picture" not in s for s in said), said
    assert "push at E-4, then walk to e4. Your pawn then stands beside a1, behind a wall." in said[0], said
    assert "push at E-4, then walk to e4. Your pawn is then 7 tiles from a1, counted along the rows and columns as " \
        "if there were no walls." in said[1], said
