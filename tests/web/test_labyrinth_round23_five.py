"""What the fifth Labyrinth newcomer (round 23, issue 15) still met, in Debian's headless Chromium at
a phone's 390x844 and at 1920x1080: the score row cut ("0 left: back to" and half a 🏠), a start
square named "a1: no picture", a spare tile too small to read its open sides, a Lift button
offered after every push with nothing saying what it is for, and cell names cluttering a phone's
small tiles."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from mazeboard.hal.web import controls
from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, push, to_shift
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])


@pytest.fixture(scope="module")
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game)."""
    with serving(("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "16680", "--speed", "3")) as address:
        yield address


# -- 1. the score row: one line, never a word cut ------------------------------------------------

#: every part of each player's row: where its text is wider than its box (clipped)
CLIPPED = """() => [...document.querySelectorAll('#players .player')].flatMap(row => [row, ...row.querySelectorAll('*')])
    .filter(e => e.offsetWidth > 0 && e.scrollWidth > e.clientWidth + 1 && e.clientWidth > 0)
    .map(e => (e.className || e.tagName) + ': ' + e.textContent.trim())"""


@SIZES
def test_the_score_row_after_the_last_card_is_never_cut(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """Red has found every card (the view as after the last card_found): the row says so on one
    line, home sign whole, nothing clipped, at a phone's width and at 1920."""
    page = open_page(browser, red_url, size, guide=False)
    page.evaluate("""() => { S.view.found.red = ['ring', 'owl', 'moth']; S.view.remaining.red = 0; drawInfo(); }""")
    row = page.locator("#players .player").first
    assert "🏠" in row.inner_text()
    assert page.evaluate(CLIPPED) == []
    box = row.bounding_box()
    assert box is not None and box["height"] < 60, f"the row wraps: {box}"
    left = page.locator("#players .player .left").first.bounding_box()
    assert left is not None and left["x"] + left["width"] <= box["x"] + box["width"], (left, box)
    page.close()


# -- 2. a start square is named by whose it is ----------------------------------------------------

@SIZES
def test_a_start_square_is_named_as_its_players_start(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, red_url, size, guide=False)
    to_shift(page)
    corners = page.evaluate("() => S.hello.corners")
    tile = page.locator(f'#maze .tile[data-cell="{corners["red"]}"]')
    if size == PHONE:
        tile.tap()
    else:
        tile.click()
    expect(page.locator("#picked")).to_contain_text(f"{corners['red']}: Red's start square", timeout=WAIT_MS)
    assert "no picture" not in page.locator("#picked").inner_text()
    page.close()


# -- 4. Lift pawn: offered when the board asks for a pawn, and says why not otherwise -------------

MOVE = {"player": "red", "action": "move", "buttons": {"done": "end the move here"}, "requests": []}
ASKED = {**MOVE, "requests": [{"piece": "red", "kind": "pawn", "reason": "misplaced", "from": "d4", "to": ["a1"],
                               "by": "red", "blocking": True}]}


def test_lift_is_offered_only_when_the_board_asks_for_a_pawn() -> None:
    """A plain move: a click on a tile walks the pawn (a lift and a set-down is a jump the
    controller warns of), so Lift is off, saying what to do instead and when it is for; a pawn the
    board asks for: Lift is on; another's turn: the hand's own reason."""
    plain = controls.lab_lift_refusal(MOVE, ["red"], "red", "red")
    assert plain is not None and "click a tile" in plain and "board asks" in plain, plain
    assert controls.lab_lift_refusal(ASKED, ["red"], "red", "red") is None
    blue = controls.lab_lift_refusal({**MOVE, "player": "blue"}, ["red"], "red", "red")
    assert blue is not None and "blue" in blue.lower(), blue


def test_after_a_push_lift_is_off_and_a_tap_says_what_it_is_for(browser: Any, red_url: str) -> None:
    from playwright.sync_api import expect

    page = open_page(browser, red_url, PHONE, guide=False)
    push(page)
    lift = page.locator("#lift")
    expect(lift).to_have_attribute("aria-disabled", "true", timeout=WAIT_MS)
    assert "tap a tile" in (lift.get_attribute("title") or "")  # a touch screen's English (i18n.js touchWords)
    lift.tap(force=True)  # aria-disabled: playwright waits for "enabled"; a finger does not
    page.wait_for_timeout(500)
    assert page.evaluate("() => S.world.pawns.red") is not None, "the pawn was lifted anyway"
    expect(page.locator("body")).to_contain_text("tap a tile", timeout=WAIT_MS)
    page.close()


# -- 3. the spare tile: big enough to see its open sides -------------------------------------------

SPARE_AND_TILE = """() => [document.querySelector('.tile.spare').getBoundingClientRect().width,
    document.querySelector('#maze .tile').getBoundingClientRect().width]"""


@pytest.mark.parametrize("size,ratio", [(PHONE, 1.18), (DESKTOP, 1.5)], ids=["phone-390x844", "desktop-1920x1080"])
def test_the_spare_is_bigger_than_a_board_tile(browser: Any, red_url: str, size: tuple[int, int], ratio: float) -> None:
    """A ~50 px thumbnail hid its open sides: on a phone the spare is bigger than a board tile (as
    much as keeps Done on the first screen), at 1920 at least 1.5 times one; the controls stay on the first screen
    in the shift step, where the spare is turned and pushed (in the move step a phone puts Done and Lift pawn
    before the idle spare: test_labyrinth_newcomer21)."""
    page = open_page(browser, red_url, size, guide=False)
    to_shift(page)  # (the module's game may be at red's move after an earlier test)
    spare, tile = page.evaluate(SPARE_AND_TILE)
    assert spare >= ratio * tile - 0.5, f"spare {spare:.1f} px beside a board tile of {tile:.1f} px"
    for sel in ("#done", "#rotate", ".tile.spare"):
        box = page.locator(sel).bounding_box()
        assert box is not None and box["y"] + box["height"] <= size[1], f"{sel} below the first screen: {box}"
    page.close()


def test_the_docs_say_the_spare_as_the_page_shows_it() -> None:
    """The docs said the spare is drawn "with the turn the controller counted": no count is shown."""
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    for doc in ("README.md", "docs/browser-sim.md"):
        assert "controller counted" not in (root / doc).read_text(encoding="utf-8"), doc


# -- 5. a phone's cell names: faint and small, still readable -------------------------------------

COORD_LOOK = """() => { const c = document.querySelector('#maze .tile .coord'), s = getComputedStyle(c),
      rgba = s.color.match(/[\\d.]+/g).map(Number), code = document.querySelector('#maze .slot .code');
    return {font: parseFloat(s.fontSize), alpha: rgba.length > 3 ? rgba[3] : 1, weight: +s.fontWeight,
            code: parseFloat(getComputedStyle(code).fontSize)}; }"""


def test_a_phones_cell_names_are_faint_and_small_but_readable(browser: Any, red_url: str) -> None:
    """The cell names on a phone's 47 px tiles cluttered them: smaller (9-10 px, never below 9) and
    fainter; the slot arrows keep their names at 11 px."""
    page = open_page(browser, red_url, PHONE, guide=False)
    look = page.evaluate(COORD_LOOK)
    assert 9 <= look["font"] <= 10, look
    assert look["alpha"] <= 0.7 and look["weight"] <= 500, look
    assert look["code"] >= 11, look
    page.close()


@SIZES
def test_a_simulated_players_row_with_every_card_found_fits(browser: Any, red_url: str, size: tuple[int, int]) -> None:
    """Round 6: Blue's row (tagged "simulated", two pictures found, "back to 🏠") was clipped at 1920 and
    made the phone's page wider than the screen."""
    page = open_page(browser, red_url, size, guide=False)
    page.evaluate("""() => { S.view.found.blue = ['ring', 'book']; S.view.remaining.blue = 0; drawInfo(); }""")
    row = page.locator("#players .player.blue")
    assert "🏠" in row.inner_text()
    assert page.evaluate(CLIPPED) == []
    assert page.evaluate("document.documentElement.scrollWidth <= innerWidth"), "the page is wider than the screen"
    box = row.bounding_box()
    left = page.locator("#players .player.blue .left").bounding_box()
    assert box is not None and left is not None and left["x"] + left["width"] <= box["x"] + box["width"], (left, box)
    page.close()
