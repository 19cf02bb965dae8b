"""Issue 15, Struggle newcomer 107 (both sizes): "pressing T during Blue's turn showed 'Throw: it is Blue's turn (a
simulated player): wait' at the bottom of the right-hand column, under the ways list, far from the Throw button and
the prompt; on the phone a tap on Throw while Blue's hand was being chosen said '🎲 Throw▶ Next way: it is Blue's
turn…', two button labels run together." A refusal of a key is said beside its button, as a click's is, over none of
the prompt, the dice and the scores (at 1920 and on a phone); a tap's refusal names the one label the button shows."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving

pytestmark = pytest.mark.browser

WAIT = 60000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
# Red and Blue simulated at a person's pace (the page's own player, Green, plays third): Blue's turn lasts seconds
BLUE_FIRST = ("--game", "struggle", "--players", "3", "--seed", "7", "--humans", "green", "--speed", "1")
SAYS = "it is Blue's turn (a simulated player)"
# the refusal's box and those of what it must leave in view: the prompt, the dice, the scores, the screen
BOXES = """() => { const box = (s) => { const r = document.querySelector(s).getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom }; };
  return { error: box('#error'), throw: box('#throw'), prompt: box('#prompt'), dice: box('#dice'),
           scores: box('#scores'), h: window.innerHeight, w: window.innerWidth,
           text: document.getElementById('error').textContent }; }"""


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    return a["left"] < b["right"] and b["left"] < a["right"] and a["top"] < b["bottom"] and b["top"] < a["bottom"]


def _refused(page: Any) -> dict[str, Any]:
    page.wait_for_function("(says) => document.getElementById('error').textContent.includes(says)", arg=SAYS, timeout=WAIT)
    return dict(page.evaluate(BOXES))


def _clear_of(seen: dict[str, Any], whats: tuple[str, ...]) -> None:
    """The refusal within the screen's height and over none of ``whats`` (boxes in ``seen``)."""
    e = seen["error"]
    assert 0 <= e["top"] and e["bottom"] <= seen["h"], seen
    for what in whats:
        assert not _overlap(e, seen[what]), (what, seen)


def _beside_throw(seen: dict[str, Any]) -> None:
    e, t = seen["error"], seen["throw"]
    assert 0 <= e["left"] and e["right"] <= seen["w"], seen  # on the screen (its height: _clear_of)
    # beside the button: the gap between the two boxes at most 120 px either way (on a phone: above the dice row)
    gap_y = max(0.0, e["top"] - t["bottom"], t["top"] - e["bottom"])
    gap_x = max(0.0, e["left"] - t["right"], t["left"] - e["right"])
    assert gap_y <= 120 and gap_x <= 120, seen
    _clear_of(seen, ("prompt", "dice", "scores", "throw"))


def test_a_key_refused_at_1920_is_said_beside_its_button(browser: Any) -> None:
    with serving(BLUE_FIRST, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'blue' && S.view.phase === 'throw'", timeout=WAIT)
            page.keyboard.press("t")
            seen = _refused(page)
        finally:
            page.context.close()
    assert seen["text"].startswith("🎲 Throw: "), seen  # (the label the button shows: an attack read "Throw: …")
    _beside_throw(seen)  # (newcomer 107: at the side panel's foot, 1100 px from Throw)


def test_a_key_refused_names_the_button_as_shown_and_keeps_off_the_controls(browser: Any) -> None:
    """(an attack) At 1280x600 in German, Stop wraps to a row under the dice: key 2's refusal, moved under the dice, lay
    over it, and named the die "Die2"; T's refusal said "Throw: …" beside "▶ Next way"."""
    with serving((*BLUE_FIRST, "--lang", "de"), PORT) as url:
        page = browser.new_page(viewport={"width": 1280, "height": 600})  # (open_page waits for "connected": English)
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && S.view.current === 'blue' && S.view.phase === 'choosing'", timeout=WAIT)
            said = []
            for key in ("2", "t"):
                page.evaluate("document.getElementById('error').textContent = ''")
                page.keyboard.press(key)
                page.wait_for_function("() => document.getElementById('error').textContent !== ''", timeout=WAIT)
                seen = dict(page.evaluate(BOXES.replace("throw: box('#throw')", "throw: box('#throw'), stop: box('#stop')")))
                said.append(seen)
            shown = page.evaluate("() => document.getElementById('throw').innerText.replace(/\\s+/g, ' ').trim()")
        finally:
            page.context.close()
    die, throw = said
    assert not die["text"].startswith("Die2") and "Die2" not in die["text"], die
    assert throw["text"].startswith(f"{shown}: ") and not throw["text"].startswith("Throw"), (shown, throw)
    for seen in said:
        _clear_of(seen, ("stop", "throw", "dice", "prompt"))


def test_a_phone_tap_refused_names_the_label_shown_beside_the_button_not_over_the_dice(browser: Any) -> None:
    with serving(BLUE_FIRST, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'blue' && S.view.phase === 'throw'", timeout=WAIT)
            page.locator("#throw").click(force=True)  # (greyed: Playwright would wait for it to act)
            throwing = _refused(page)
            # Blue's hand kept, the button shows "▶ Next way" (its "🎲 Throw" hidden)
            page.wait_for_function("() => S.view.current === 'blue' && S.view.phase === 'choosing'", timeout=WAIT)
            page.evaluate("document.getElementById('error').textContent = ''")
            page.locator("#throw").click(force=True)
            choosing = _refused(page)
            shown = page.evaluate("() => document.getElementById('throw').innerText.replace(/\\s+/g, ' ').trim()")
        finally:
            page.context.close()
    assert throwing["text"].startswith("🎲 Throw: "), throwing  # (not "🎲 Throw▶ Next way: …")
    assert choosing["text"].startswith(f"{shown}: ") and "Throw" not in shown, (shown, choosing)
    for seen in (throwing, choosing):
        _beside_throw(seen)  # (the toast lay over the five dice, just above Throw)
