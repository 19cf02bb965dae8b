"""Issue 15, round 26 (Struggle newcomer, round 9: choosing a way): the board's pick is named at the top of
the ways list, for the card's owner only, with a control that shows it; on a phone the way shown is said
right under the dice, on the first screen with the board; an ace is explained in plain words where it is
first met (the dice box), and the help says it in the same words."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

WAIT = 30000  # (a busy machine: the other browser tests wait as long)
PORT = int(os.environ.get("MB_TEST_PORT", "0"))  # 0: any free port
SEED7 = ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red")  # red throws 9 J A J A: 3 ways


def _text(page: Any, sel: str) -> str:
    return str(page.evaluate("(sel) => document.querySelector(sel).textContent", sel))


def _until_prompt(page: Any, says: str) -> None:
    page.wait_for_function("(says) => !!document.getElementById('prompt-text')?.textContent.includes(says)", arg=says,
                           timeout=WAIT)


def _seated(page: Any) -> None:
    page.locator("#my-card button").first.click()
    page.wait_for_function("() => document.querySelectorAll('#my-card .card-place').length === 5", timeout=WAIT)


def _choosing(page: Any) -> None:
    _until_prompt(page, "Red: press Throw")
    page.click("#throw")
    _until_prompt(page, "Red threw")
    page.click("#stop")
    _until_prompt(page, "way 1 of 3")
    page.evaluate("window.scrollTo(0, 0)")  # (the click on Stop scrolled to it)


def _visible(page: Any, sel: str) -> bool:
    return bool(page.evaluate("(sel) => { const e = document.querySelector(sel); return !!e && !e.hidden"
                              " && e.getClientRects().length > 0; }", sel))


def test_the_boards_pick_is_named_at_the_top_of_the_ways_for_the_cards_owner_only(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            assert not _visible(page, "#pick-line")  # no card on this page: no pick said
            _seated(page)
            page.wait_for_function("() => !document.getElementById('pick-line').hidden", timeout=WAIT)
            line = _text(page, "#pick-line")
            m = re.search(r"board's pick for your card: way (\d)", line)
            assert m, line
            # above the first way, in view
            top, first = page.evaluate("() => ['#pick-line', '#outcomes .outcome'].map((s) => {"
                                       " const r = document.querySelector(s).getBoundingClientRect(); return [r.top, r.bottom]; })")
            assert 0 <= top[0] and top[1] <= first[0] + 1 and top[1] <= WIDE[1], (top, first)
            # the way named is the one marked as the pick in the list
            marked = page.evaluate("[...document.querySelectorAll('#outcomes .outcome.pick')].map((o) => +o.dataset.index + 1)")
            assert marked == [int(m.group(1))], (marked, line)
            # "show it" shows that way (the LEDs' way, the prompt's "way N of 3"), from another way
            pick = int(m.group(1))
            if pick == 1:
                page.click("#throw")  # the next way
                _until_prompt(page, "way 2 of 3")
            page.wait_for_function("() => !document.querySelector('#pick-line button').disabled"
                                   " && document.querySelector('#pick-line button').getAttribute('aria-disabled') !== 'true'",
                                   timeout=WAIT)
            page.locator("#pick-line button").click()
            _until_prompt(page, f"way {m.group(1)} of 3")
            page.wait_for_function("(n) => document.querySelector('#outcomes .outcome.selected').dataset.index === String(n - 1)",
                                   arg=int(m.group(1)), timeout=WAIT)
            # the button then says where the way is (newcomer 17: "shown" left open whether it was on the lights)
            page.wait_for_function("document.querySelector('#pick-line button').textContent.includes('lit on the board now')",
                                   timeout=WAIT)
        finally:
            page.close()


def test_on_a_phone_the_way_shown_is_said_under_the_dice_on_the_first_screen(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            page.wait_for_function("() => !document.getElementById('way-shown').hidden", timeout=WAIT)
            said = _text(page, "#way-shown")
            assert said.startswith("Way 1 of 3"), said
            assert "token J" in said and "space" in said, said  # its moves, compact
            box = page.locator("#way-shown").bounding_box()
            track = page.locator("#track").bounding_box()
            assert box and track and box["y"] + box["height"] <= PHONE[1], box  # on the first screen
            assert track["y"] >= 0 and page.evaluate("window.scrollY") == 0
            page.click("#throw")  # the next way
            _until_prompt(page, "way 2 of 3")
            page.wait_for_function("() => document.getElementById('way-shown').textContent.startsWith('Way 2 of 3')",
                                   timeout=WAIT)
        finally:
            page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_an_ace_is_explained_in_plain_words_where_it_is_first_met(browser: Any, size: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            _until_prompt(page, "Red: press Throw")
            assert not _visible(page, "#ace-note")  # no ace yet: nothing to explain
            page.click("#throw")
            _until_prompt(page, "Red threw")  # 9 J A J A
            page.evaluate("window.scrollTo(0, 0)")  # (the click on Throw scrolled to it)
            # (on a phone over the idle hand/Place row under the track: in the dice row it pushed Throw and Stop off)
            where = "#way-shown" if size == PHONE else "#ace-note"
            page.wait_for_function("(s) => !document.querySelector(s).hidden", arg=where, timeout=WAIT)
            assert _visible(page, where)
            note = _text(page, where)
            assert "ace counts as" in note and "five aces count for nothing" in note, note
            assert "figure" not in note and "void" not in note and "joker" not in note, note
            box = page.locator(where).bounding_box()
            assert box and box["y"] + box["height"] <= size[1], box  # seen with the dice, no scrolling
            throw = page.locator("#stop").bounding_box()
            assert throw and throw["y"] + throw["height"] <= size[1], throw  # Throw and Stop too
            help_text = _text(page, "#help")
            assert "five aces count for nothing" in help_text, help_text
            assert "jokers for figures" not in help_text and "void" not in help_text, help_text
        finally:
            page.close()


# (⚠ a loss for good that does not change the points if the race stopped now: Struggle newcomers 36, 55; ⚑ a way that
# ends the round, every card scoring then: Struggle newcomer 53)
NOTE = re.compile(r"^(✔ good for your card|✘ bad for your card|○ no change in points \(compared with now\)"
                  r"|○ no points for your card|⚠ a loss for your card|⚑ this way ends the round): "
                  r"|^○ no change in points \(compared with now\)$")


def test_every_note_is_labelled_and_the_notes_add_up_to_the_points(browser: Any) -> None:
    """Round 9: way 1 "✔ good for your card…" with 30 points, way 3 only "=" lines yet 40 points (the pick);
    a "= token 9 moves ahead from 5th to 1st…" line had no label. The notes' +10 and −10 add up to the way's
    points against now's, and each note says good, bad or no change."""
    with serving(("--game", "struggle", "--players", "2", "--seed", "16137", "--humans", "red"), PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _seated(page)
            checked = 0
            for _turn in range(4):
                page.wait_for_function("() => { const b = document.getElementById('throw'); return !b.disabled"
                                       " && b.getAttribute('aria-disabled') !== 'true'; }", timeout=WAIT)
                page.click("#throw")
                _until_prompt(page, "Red threw")
                page.click("#stop")
                page.wait_for_function("() => document.querySelectorAll('#outcomes .for-card').length > 0", timeout=WAIT)
                # every token on START: the notes count from nothing (no "now" is said then)
                start = page.evaluate("() => !S.view.arrived.length && Object.values(S.view.spaces).every((s) => s === 0)")
                for text in page.evaluate("[...document.querySelectorAll('#outcomes .for-card')].map((n) => n.innerText)"):
                    lines = [x.strip() for x in text.split("\n") if x.strip()]
                    score = [x for x in lines if x.startswith("If the race stopped after this way")]
                    assert len(score) == 1, text
                    m = re.search(r"(\d+) points? for your card", score[0])
                    now = re.search(r"\(if it stopped now: (\d+)\)", score[0])
                    assert m, text
                    points, before = int(m.group(1)), int(now.group(1)) if now else 0 if start else int(m.group(1))
                    # (the line that says how tokens level on one space rank explains the ranks; it is no note of
                    # its own: Struggle newcomer 21)
                    notes = [x for x in lines if x not in score and "board's pick" not in x and x != "For your card:"
                             and not x.startswith("(tokens level on one space rank")]
                    for note in notes:
                        assert NOTE.match(note), f"not labelled good, bad or no change: {note!r} in {text!r}"
                        if note.startswith("✔"):
                            assert note.endswith("+10"), note
                        if note.startswith("✘"):
                            assert note.endswith("−10"), note
                        if note.startswith("⚠"):
                            assert note.endswith("no change to the points if the race stopped now"), note
                        # newcomer 16: "moves ahead from 1st to 2nd" read as a contradiction: a token moving ahead
                        # that drops in the race says "but drops", one going back that comes up "but comes up"
                        rank = re.search(r"(moves ahead|goes back) from (\d)\w\w to (\d)\w\w", note)
                        if rank:
                            frm, to = int(rank.group(2)), int(rank.group(3))
                            assert (to <= frm) if rank.group(1) == "moves ahead" else (to >= frm), note
                    plus = sum(1 for x in notes if x.startswith("✔")) - sum(1 for x in notes if x.startswith("✘"))
                    assert plus * 10 == points - before, f"the notes say {plus * 10:+d}, the points {points - before:+d}: {text!r}"
                    checked += 1
                page.click("#stop")
                page.wait_for_function("() => { const b = document.getElementById('follow'); return !b.disabled"
                                       " && b.getAttribute('aria-disabled') !== 'true'; }", timeout=WAIT)
                page.click("#follow")
            assert checked > 4
        finally:
            page.close()
