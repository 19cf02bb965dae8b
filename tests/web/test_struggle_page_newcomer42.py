"""Issue 15, Struggle newcomer 42, on the page: with Q moved of Q and J on space 1 (both to space 2), the board asks
for "a token" off space 1 (the reeds cannot tell which is left: tests/struggle/test_struggle_newcomer42.py); the
simulator's page, whose world knows, names it, "Token J: space 1 → space 2.", and says Q's move made."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "struggle"))

pytestmark = pytest.mark.browser


def prompt_after_q_moved(browser: Any, tokens: dict[str, str]) -> str:
    """The page's prompt for the board's instruction once Q alone has left space 1 (tests/struggle), with the
    simulator's world holding ``tokens``."""
    from test_struggle_newcomer42 import placing  # (tests/struggle)
    from test_struggle_referee import run_for

    session, game, events = placing()
    run_for(session, session.world.move("Q", "s2") + 50)
    said = [e for e in events if e.type == "instruction"][-1].to_dict()
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.hello && S.view && S.world", timeout=30_000)
            return page.evaluate("""([said, tokens]) => {
              S.view.instruction = said;
              S.view.outcomes = [{ moves: [{ token: "Q", from: 1, to: 2 }, { token: "J", from: 1, to: 2 }, { token: "10", from: 0, to: 3 }] }];
              S.view.selected = 0;
              S.world.tokens = tokens;
              return promptNow(); }""", [said, tokens])  # type: ignore[no-any-return]
        finally:
            page.close()


def test_the_page_names_the_token_the_board_cannot(browser: Any) -> None:
    text = prompt_after_q_moved(browser, {"K": "s5", "Q": "s2", "J": "s1", "10": "s0", "9": "s3"})
    assert text.startswith("Red: move the tokens to the blinking spaces: "), text  # never "read the letters"
    assert "Token J: space 1 → space 2." in text and "A token" not in text, text
    assert "✓ Made: token Q on space 2." in text, text
    assert "belong" not in text.split("(")[0], text


def test_two_ways_alike_but_for_their_order_say_which_token_moves_first(browser: Any) -> None:
    """Struggle newcomer 42: ways 2 and 3 both read "the ace counts as J" (Q then J, and J then Q), the order only in
    the numbered lines under them. Each says which token moves first; a way unlike the others says nothing more."""
    from test_struggle_choosing_round26a_browser import _choosing

    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            heads = page.evaluate("""() => {
              const m = (token, from, to) => ({ token, from, to, result: "moved" });
              S.view.outcomes = [
                { index: 5, ace: ["9"], moves: [m("Q", 1, 2), m("9", 0, 1)] },
                { index: 6, ace: ["J"], moves: [m("Q", 1, 2), m("J", 1, 2)] },
                { index: 7, ace: ["J"], moves: [m("J", 1, 2), m("Q", 1, 2)] }];
              drawInfo();
              return [...document.querySelectorAll("#outcomes .outcome")].map((li) =>
                [...li.querySelectorAll(".ace-as, .first-move")].map((e) => e.innerText).join(" | ")); }""")
            assert heads == ["the ace counts as 9", "the ace counts as J | token Q moves first",
                             "the ace counts as J | token J moves first"], heads
        finally:
            page.close()


def test_a_note_of_no_points_either_way_says_points_not_card(browser: Any) -> None:
    """Struggle newcomer 42: "○ no change for your card (compared with now): token K moves ahead from 4th to 3rd in
    the race, farther from the 5th place your card wants for it (E)" read as a contradiction, the order for the card
    had changed. The mark follows the points: "no change in points"."""
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.hello && S.view", timeout=30_000)
            lines = page.evaluate("""() => {
              S.view.spaces = { K: 3, Q: 5, J: 6, "10": 2, "9": 1 }; S.view.arrived = [];
              const o = { moves: [{ token: "K", from: 3, to: 7, result: "moved" }],
                          spaces: { K: 7, Q: 5, J: 6, "10": 2, "9": 1 }, arrived: [] };
              return forCard(o, ["J", "Q", "10", "9", "K"]).split("\\n"); }""")
            king = next(line for line in lines if "token K" in line)
            assert king.startswith("○ no change in points (compared with now): token K moves ahead from 3rd to 1st"), lines
            assert "farther from the 5th place your card wants for it (E)" in king, king
            assert not any("no change for your card" in line for line in lines), lines
        finally:
            page.close()


def test_the_page_never_names_a_token_the_play_sends_elsewhere(browser: Any) -> None:
    """(an attack fed the page "A token: space 1 → space 2" with K, which belongs on space 5, on space 1: it read
    "Token K: space 1 → space 2")"""
    text = prompt_after_q_moved(browser, {"K": "s1", "Q": "s2", "J": "s2", "10": "s0", "9": "s3"})
    assert "Token K: space 1 → space 2" not in text, text


def test_a_mistake_s_then_lists_a_move_no_reed_sees_still_to_make(browser: Any) -> None:
    """Struggle newcomer 44: K and Q both to space 2, 9 to space 1; with K there, 9 put on space 3 by mistake, the
    page said "token 9 is on space 3, where it does not belong: move it to space 1." and nothing of Q, still on START
    (its move onto a space K holds is one no reed sees). The "Then:" lists it."""
    from test_struggle_referee import run_for, scripted

    session, game, events = scripted(["K K Q Q 9"], ["throw", "stop", "play order=K,Q,9"])
    for _ in range(40):
        run_for(session, 300)
        if game.referee.state == "placing":
            break
    run_for(session, session.world.move("K", "s2") + 50)
    run_for(session, session.world.move("9", "s3") + 50)
    said = [e for e in events if e.type == "instruction"][-1].to_dict()
    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.hello && S.view && S.world", timeout=30_000)
            text = page.evaluate("""([said, tokens]) => { S.view.instruction = said; S.world.tokens = tokens;
                                     return promptNow(); }""",
                                 [said, {"K": "s2", "Q": "s0", "J": "s0", "10": "s0", "9": "s3"}])
            assert text.startswith("Red: token 9 is on space 3, where it does not belong: move it to space 1."), text
            assert "Then: token Q on space 2" in text and "token K" not in text, text
        finally:
            page.close()
