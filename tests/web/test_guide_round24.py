"""Round 24 (issue 15), the first-game guide in all three games as a newcomer met it in Debian's
headless Chromium: a tip already shown in the first game does not come again in the second one (after
✨ New game), and on a phone (390x844) a tip is on the first screen when it applies, near the prompt,
covering none of the board's essentials."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, serving

pytestmark = pytest.mark.browser

GAMES = {
    "magic-labyrinth": ("--seed", "7", "--humans", "red"),
    "labyrinth": ("--game", "labyrinth", "--seed", "7", "--humans", "red"),
    "struggle": ("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"),
}
#: the instruction actions at which each game's first tip applies to red
FIRST_MOMENT = {"magic-labyrinth": ["roll"], "labyrinth": ["shift"], "struggle": ["throw"]}
#: what a person clicks at the first moment (the roll, a lit arrow, the throw)
FIRST_ACT = {"magic-labyrinth": "#roll", "labyrinth": "#maze .slot.lit:not(.forbidden)", "struggle": "#throw"}
#: the board once it did so
ACTED = {"magic-labyrinth": "() => S.view.instruction.action !== 'roll'", "labyrinth": "() => S.view.instruction.action !== 'shift'",
         "struggle": "() => S.view.throws > 0"}
#: what must stay whole on a phone's first screen, not covered by the tip
ESSENTIALS = {
    "magic-labyrinth": ["#prompt", "#board", "#roll"],
    "labyrinth": ["#prompt", ".maze-frame", "#spare", "#rotate"],
    "struggle": ["#prompt", "#track", "#throw"],
}


def fresh_page(browser: Any, url: str, size: tuple[int, int]) -> Any:
    """A newcomer's page: nothing remembered, the tips on."""
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": size[0], "height": size[1]}, has_touch=size == PHONE)
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    return page


def at_first_moment(page: Any, game: str) -> None:
    page.wait_for_function("([acts]) => S.view && S.view.instruction && S.view.instruction.player === 'red' "
                           "&& acts.includes(S.view.instruction.action)", arg=[FIRST_MOMENT[game]], timeout=90_000)


@pytest.mark.parametrize("game", list(GAMES))
def test_a_tip_seen_in_the_first_game_does_not_come_again_after_new_game(browser: Any, game: str) -> None:
    """The newcomer saw the first game's tips (not pressing Got it: they read them and played on), then
    started a second game with ✨ New game: the same tips came again. Remembered means remembered."""
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = fresh_page(browser, url, WIDE)
        at_first_moment(page, game)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        shown = page.evaluate("document.getElementById('guide').dataset.tip")
        page.locator(FIRST_ACT[game]).first.click()  # read, and played on
        page.wait_for_function(ACTED[game], timeout=WAIT_MS)
        page.evaluate("window.firstHello = S.hello")
        page.locator("#new-game").click()
        page.locator("#ng-start").click()
        # the new game is there (its hello), red is asked again what the tip was about
        page.wait_for_function("() => S.hello && S.hello !== window.firstHello", timeout=WAIT_MS)
        at_first_moment(page, game)
        page.wait_for_timeout(1000)
        again = page.evaluate("(() => { const b = document.getElementById('guide'); return b.hidden ? null : b.dataset.tip; })()")
        assert again != shown, f"{game}: the tip {shown!r} of the first game shows again in the second"
        page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_on_a_phone_the_tip_is_on_the_first_screen_near_the_prompt(browser: Any, game: str) -> None:
    """On a phone the tips waited below the fold (under the controls) in all three games: a newcomer
    never saw them. When a tip applies it shows on the first screen, and the prompt, the board and the
    first button stay uncovered."""
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = fresh_page(browser, url, PHONE)
        at_first_moment(page, game)
        guide = page.locator("#guide")
        expect(guide).to_be_visible(timeout=WAIT_MS)
        page.wait_for_timeout(500)
        assert page.evaluate("window.scrollY") == 0
        box = guide.bounding_box()
        assert box is not None
        assert box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1], \
            f"{game}: the tip {box} is not on the first screen (0..{PHONE[1]})"
        for sel in ESSENTIALS[game]:
            el = page.locator(sel).bounding_box()
            assert el is not None, sel
            overlap = (min(box["x"] + box["width"], el["x"] + el["width"]) > max(box["x"], el["x"])
                       and min(box["y"] + box["height"], el["y"] + el["height"]) > max(box["y"], el["y"]))
            assert not overlap, f"{game}: the tip {box} covers {sel} {el}"
            assert el["y"] + el["height"] <= PHONE[1], f"{game}: with the tip shown, {sel} {el} left the first screen"
        page.screenshot(path=f"/tmp/magic24/phone-tip-{game}.png")
        assert re.search(r"\S", guide.inner_text())
        page.close()


@pytest.mark.parametrize("game", list(GAMES))
def test_a_tip_not_yet_acted_on_comes_again_after_new_game(browser: Any, game: str) -> None:
    """Labyrinth newcomer 26 read the first tip, chose ✨ New game at once (to pick fewer cards) and the new game's
    first screen said only "The next first-game tip shows here when its moment comes": a tip left before anything
    was done after it is not seen yet, and comes again at its moment in the new game."""
    from playwright.sync_api import expect

    with serving(GAMES[game]) as url:
        page = fresh_page(browser, url, WIDE)
        at_first_moment(page, game)
        expect(page.locator("#guide")).to_be_visible(timeout=WAIT_MS)
        shown = page.evaluate("document.getElementById('guide').dataset.tip")
        page.evaluate("window.firstHello = S.hello")
        page.locator("#new-game").click()
        page.locator("#ng-start").click()
        page.wait_for_function("() => S.hello && S.hello !== window.firstHello", timeout=WAIT_MS)
        at_first_moment(page, game)
        page.wait_for_function("(t) => { const b = document.getElementById('guide'); return !b.hidden && b.dataset.tip === t; }",
                               arg=shown, timeout=WAIT_MS)
        page.close()
