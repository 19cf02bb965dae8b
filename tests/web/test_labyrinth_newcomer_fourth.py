"""What the fourth Labyrinth newcomer (a 2-card game, 1920x1080 and 390x844) still stumbled on
(issue 15), in Debian's headless Chromium: a pawn carried by another's push not in the log, "0 left"
not saying the way home, the seat tip pointing the wrong way and staying once the seat is taken,
Rotate after the game looking usable, and the tiles' cell names small and faint on a wide screen."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest

from test_labyrinth_newcomer_third import DESKTOP, NEWCOMER_GAME, PHONE, WAIT_MS, open_page, push
from test_plain_words_browser import serving


pytestmark = pytest.mark.browser


@pytest.fixture
def url() -> Iterator[str]:
    with serving(NEWCOMER_GAME) as address:
        yield address


def test_the_log_says_a_pawn_carried_by_the_push(browser: Any, url: str) -> None:
    """The page's line for a push names each pawn that rode with its tile (the event's ``carried``)."""
    page = open_page(browser, url, DESKTOP, guide=False)
    line = page.evaluate("""() => LOG_TEXT.shifted({player: 'blue', slot: 'E-4', forbidden_next: 'W-4',
        carried: [{pawn: 'red', from: 'c4', to: 'b4'}]})""")
    assert "Blue pushed the spare in at E-4" in line
    assert re.search(r"Red.*c4 → b4", line), line
    plain = page.evaluate("() => LOG_TEXT.shifted({player: 'blue', slot: 'E-4', forbidden_next: 'W-4', carried: []})")
    assert "→" not in plain


def test_no_cards_left_says_go_back_to_the_start(browser: Any, url: str) -> None:
    """Where the count says 0 left, it says the player must now get back to the start square."""
    page = open_page(browser, url, DESKTOP, guide=False)
    page.evaluate("() => { S.view = Object.assign({}, S.view, {remaining: {red: 0, blue: 2}}); drawInfo(); }")
    left = page.locator("#players .left").all_inner_texts()
    assert any("back to" in t and "🏠" in t for t in left), left  # "found 2 · back to 🏠" (round 23 five)
    assert any(re.fullmatch(r"·\s*2 left", t.strip()) for t in left), left  # after "found N ·" (round 22)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
def test_the_seat_tip_points_truthfully_and_goes_once_the_seat_is_taken(browser: Any, url: str,
                                                                         size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    text = page.locator("#guide .guide-text")
    page.wait_for_function("() => !document.getElementById('guide').hidden", timeout=WAIT_MS)
    tip = text.inner_text()
    assert "top right" not in tip and "top left" not in tip, tip
    assert "see your secret card" in tip.lower(), tip  # no seat of this page's yet: the tip says to take one
    page.locator("#private-links button, #private-links .plink").first.click()
    page.wait_for_function("() => MB.seats && MB.seats.mine.includes('red')", timeout=WAIT_MS)
    page.wait_for_timeout(300)
    assert "see your secret card" not in text.inner_text().lower(), text.inner_text()
    # the page opened again with the seat cookie (as a new window would be): the tip never says it
    again = page
    again.evaluate("localStorage.removeItem('mazeboard.guide.labyrinth')")
    again.reload()
    again.wait_for_function("() => S.view && MB.seats && !document.getElementById('guide').hidden", timeout=WAIT_MS)
    again.wait_for_timeout(300)
    assert "see your secret card" not in again.locator("#guide .guide-text").inner_text().lower()


def test_greyed_rotate_looks_like_greyed_done(browser: Any, url: str) -> None:
    """When neither acts, Rotate (on the spare's darker box) and Done look the same greyed."""
    page = open_page(browser, url, DESKTOP, guide=False)
    push(page)  # red's move: Rotate greyed, Done usable; then blue's turn: both greyed
    page.click("#done")
    # a control that is off: aria-disabled (a tap on it says why), not the disabled attribute
    off = "(id) => document.getElementById(id).getAttribute('aria-disabled') === 'true'"
    page.wait_for_function(f"() => {{ const off = {off}; return S.view.current === 'blue' && off('rotate') && off('done'); }}",
                           timeout=WAIT_MS)
    look = page.evaluate("""() => ['rotate', 'done', 'lift'].map((id) => {
        const s = getComputedStyle(document.getElementById(id));
        return [s.opacity, s.backgroundColor, s.color]; })""")
    assert look[0] == look[1] == look[2], look
    assert look[0][0] == "1", look  # opaque: what lies behind (the spare's box) does not show through


def test_cell_names_grow_with_the_tile_and_read_clearly(browser: Any, url: str) -> None:
    page = open_page(browser, url, DESKTOP, guide=False)
    size = page.evaluate("""() => { const c = document.querySelector('#maze .tile .coord'), s = getComputedStyle(c);
        return [parseFloat(s.fontSize), s.color, document.querySelector('#maze .tile').getBoundingClientRect().width]; }""")
    assert size[2] > 100, size
    assert size[0] >= 13, size
    alpha = re.findall(r"[\d.]+", size[1])
    assert len(alpha) == 3 or float(alpha[3]) >= 0.8, size


def test_the_log_says_a_picture_a_push_put_off_the_board(browser: Any, url: str) -> None:
    """Labyrinth newcomer 56: Blue's push at W-6 put the Owl, the newcomer's next picture, off the board (the spare
    now); the log said only "Blue pushed the spare in at W-6" and the newcomer searched the board for it. The line
    says which picture went off, from where, and that it is the spare now (a fact every player sees on the table)."""
    page = open_page(browser, url, DESKTOP, guide=False)
    owl = page.evaluate("() => LOG_TEXT.shifted({player: 'blue', slot: 'W-6', forbidden_next: 'E-6', carried: [], ejected: 'ES:owl'})")
    assert "Blue pushed the spare in at W-6" in owl and "the Owl went off the board at g6: it is the spare now" in owl, owl
    bare = page.evaluate("() => LOG_TEXT.shifted({player: 'blue', slot: 'W-6', forbidden_next: 'E-6', carried: [], ejected: 'NS'})")
    assert "off the board" not in bare, bare
