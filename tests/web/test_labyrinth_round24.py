"""What the Labyrinth newcomer of round 24 (issue 15) still met in Debian's headless Chromium at a
phone's 390x844 and at 1920x1080: paths hard to read on a phone's ~47 px tiles, the greyed Done's
reason cut at the bottom of the screen, a push preview left from the last game under a resting
mouse, and a tiny Players dropdown in the new-game dialog."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, to_shift
from test_labyrinth_round22 import RED_ARGS
from test_labyrinth_round23 import CONTRAST, PREVIEW
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def red_url() -> Iterator[str]:
    """Red played here, Blue simulated, two cards each (the newcomer's game)."""
    with serving(RED_ARGS) as address:
        yield address


# -- 1. a phone's corridors: clearly readable on ~47 px tiles ---------------------------------------

#: a tile's corridor edge: the dark line drawn along each side of the path (its colour, its width in
#: page pixels) and the tile's width
EDGE = """() => { const t = document.querySelector('#maze .tile'), e = t.querySelector('.edge'), s = getComputedStyle(e),
    unit = t.getBoundingClientRect().width / 100;
    return {stroke: s.stroke, width: parseFloat(s.strokeWidth) / 2 * unit, tile: t.getBoundingClientRect().width}; }"""


def test_a_phones_corridors_are_drawn_clearly(browser: Any, red_url: str) -> None:
    """At a phone's tile size the path stands out from the rock at WCAG's enhanced 7:1, and each
    corridor is outlined by a dark edge at least 1.5 px wide on the rock side (what makes a narrow
    path's shape read at a glance)."""
    page = open_page(browser, red_url, PHONE, guide=False)
    ratio = page.evaluate(CONTRAST)
    edge = page.evaluate(EDGE)
    page.close()
    assert edge["tile"] < 50, edge
    assert ratio >= 7, f"path against rock: {ratio:.2f}:1 on a phone"
    assert edge["stroke"] not in ("none", ""), f"no edge along the corridors: {edge}"
    assert edge["width"] >= 1.5, f"the corridor's edge is {edge['width']:.2f} px wide"


# -- 2. the greyed Done's reason: in full on the screen ---------------------------------------------

def test_a_tap_on_the_greyed_done_says_why_in_full_on_the_screen(browser: Any, red_url: str) -> None:
    """Before the push Done is off: a tap on it says why, the whole line inside the phone's screen."""
    from playwright.sync_api import expect

    page = open_page(browser, red_url, PHONE, guide=False)
    to_shift(page)
    page.locator("#done").tap(force=True)  # aria-disabled: a finger taps it anyway
    expect(page.locator("#error")).to_contain_text("Done", timeout=WAIT_MS)
    page.wait_for_timeout(200)
    box = page.evaluate("() => { const r = document.getElementById('error').getBoundingClientRect(); "
                        "return {top: r.top, bottom: r.bottom, h: innerHeight}; }")
    page.close()
    assert box["top"] >= 0 and box["bottom"] <= box["h"], f"the reason is cut by the screen's edge: {box}"


# -- 3. no push preview left from the last game -----------------------------------------------------

def test_no_preview_after_a_new_game_under_a_resting_mouse(browser: Any) -> None:
    """The mouse rests on a slot arrow (its push previewed) while a new game starts: the new board
    shows no marks until the pointer comes to an arrow anew."""
    with serving(RED_ARGS) as url:
        page = open_page(browser, url, DESKTOP, guide=False)
        to_shift(page)
        slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot:not(.off)')][0].dataset.slot")
        page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
        assert len(page.evaluate(PREVIEW)["line"]) == 7
        seed = page.evaluate("() => S.hello.seed")
        page.evaluate("() => MB.send({type: 'new_game', players: 2, humans: ['red'], edition: S.hello.edition, "
                      "variants: [], cards_each: 2, seed: S.hello.seed + 1})")
        page.wait_for_function("(s) => S.hello.seed !== s && S.view.current === 'red' && S.view.phase === 'shift'",
                               arg=seed, timeout=WAIT_MS)
        page.wait_for_timeout(300)
        assert page.evaluate(PREVIEW) == {"line": [], "out": []}, "the last game's push preview shows on the new board"
        box = page.locator(f'#maze .slot[data-slot="{slot}"]').bounding_box()
        assert box is not None
        page.mouse.move(box["x"] + box["width"] / 2 + 2, box["y"] + box["height"] / 2 + 1)  # the mouse moves on the arrow
        if page.evaluate("(s) => !document.querySelector(`#maze .slot[data-slot=\"${s}\"]`).classList.contains('off')", slot):
            assert len(page.evaluate(PREVIEW)["line"]) == 7, "a mouse moved on the arrow shows no preview"
        page.close()


# -- 4. the new-game dialog's dropdowns on a phone ------------------------------------------------

def test_the_new_game_dialogs_dropdowns_are_finger_sized(browser: Any, red_url: str) -> None:
    page = open_page(browser, red_url, PHONE, guide=False)
    page.locator("#new-game").tap()
    page.wait_for_function("() => document.getElementById('new-dialog').open", timeout=WAIT_MS)
    sizes = page.evaluate("""() => [...document.querySelectorAll('#new-dialog select, #new-dialog input[type=number]')]
        .map(e => ({id: e.id, font: parseFloat(getComputedStyle(e).fontSize), h: e.getBoundingClientRect().height}))""")
    page.close()
    assert any(s["id"] == "ng-players" for s in sizes), sizes
    small = [s for s in sizes if s["font"] < 16 or s["h"] < 44]
    assert not small, f"too small for a finger or an eye: {small}"


# -- 5. the moth: its drawing wherever another picture shows its emoji -------------------------------

def test_the_log_shows_the_moths_drawing_where_another_card_shows_its_emoji(browser: Any, red_url: str) -> None:
    """"⭐ Red found 💍 Ring": a card found is told with its picture; the moth (no emoji of its own,
    pictures.js draws it) with its drawing, never a bare name nor the butterfly."""
    page = open_page(browser, red_url, DESKTOP, guide=False)
    for card in ("ring", "moth"):
        page.evaluate("""(c) => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red', card: c,
            cell: 'b1', remaining: 1, t: 1000}})""", card)
    lines = page.evaluate("""() => [...document.querySelectorAll('#log li.ev-card_found .text')].slice(0, 2)
        .map(e => ({text: e.textContent, drawn: [...e.querySelectorAll('svg[role=img]')].map(s => s.getAttribute('aria-label'))}))""")
    page.close()
    moth, ring = lines
    assert "💍" in ring["text"], ring
    assert moth["drawn"] == ["Moth"] and "🦋" not in moth["text"] and "Moth" in moth["text"], moth
