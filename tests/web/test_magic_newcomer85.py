"""Issue 15, Magic newcomer 85 (1920x1080): on c3 with 2 steps left, c2, the cell just left, was dark while b2 and d2
were lit: "I couldn't tell whether going back is not allowed or just not shown". The rules forbid it (RULES.md §1
Referee policy, ``revisit``: no probing for walls); the step's tip says so, in every language."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import MAGIC, PHONE, WIDE, open_page, serving

from mazeboard.hal import i18n as cat

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_step_tip_says_the_pawn_may_not_step_back(browser: Any, size: tuple[int, int]) -> None:
    with serving(MAGIC) as url:
        page = open_page(browser, url, size)
        try:
            tip = page.evaluate("TIPS.move")
        finally:
            page.close()
    assert "never back onto a cell passed already in this move" in tip, tip
    english = cat.english()
    for lang in ("de", "fa", "it", "pt"):
        own = cat.translated(lang)
        for mid in ("page.magic.tip_move_how", "page.magic.tip_move_how_tap"):
            assert "never back onto" in english[mid] and own.get(mid), (lang, mid)


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_each_lit_cell_shows_the_steps_it_takes(browser: Any, size: tuple[int, int]) -> None:
    """Magic newcomers 77, 79 and 85 read a cell lit beside a wall found (reached round it) as one step across the
    wall: each lit cell of a move made here shows its fewest steps from the pawn (the instruction's ``steps``), in
    the cell's lower right corner, clear of its name; none on another player's move."""
    with serving(MAGIC) as url:
        page = open_page(browser, url, size)
        try:
            page.wait_for_function("() => S.view && S.view.instruction && S.view.instruction.action === 'roll'"
                                   " && S.view.instruction.player === 'red'", timeout=30000)
            page.click("#roll")
            page.wait_for_function("() => S.view.instruction.action === 'move'", timeout=30000)
            shown = page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#board .cell .steps')]
                .map((t) => [t.closest('.cell').dataset.cell, t.textContent]))""")
            steps = page.evaluate("S.view.instruction.steps")
            assert shown and shown == {c: str(n) for c, n in steps.items()}, (shown, steps)
            assert set(shown) <= set(page.evaluate("S.view.instruction.cells")), shown
            # clear of the cell's name and coordinate
            clear = page.evaluate("""() => [...document.querySelectorAll('#board .cell .steps')].every((t) => {
                const r = t.getBoundingClientRect(), c = t.closest('.cell').getBoundingClientRect();
                const apart = (e) => { if (!e) return true; const q = e.getBoundingClientRect();
                  return r.right <= q.left || q.right <= r.left || r.bottom <= q.top || q.bottom <= r.top; };
                return r.right <= c.right && r.bottom <= c.bottom && apart(t.parentElement.querySelector('.coord'))
                  && apart(t.parentElement.querySelector('.name')); })""")
            assert clear
            left = page.evaluate("""() => { S.view.instruction = { ...S.view.instruction, player: 'blue' }; drawInfo();
                return document.querySelectorAll('#board .cell .steps').length; }""")
            assert left == 0
        finally:
            page.close()


@pytest.mark.parametrize("lang", ["en", "de", "fa", "it", "pt"])
def test_the_reach_words_wrap_inside_the_card_in_every_language(browser: Any, lang: str) -> None:
    """(an attack: "on a4 · erreichbar, wenn keine verborgene Wand", kept whole on one line, ran off a 320 px phone and
    made the page scroll sideways, 408 px wide; in Italian at 390 too)"""
    with serving(MAGIC) as url:
        for width, height in ((320, 568), PHONE):
            page = browser.new_page(viewport={"width": width, "height": height})
            try:
                page.goto(f"{url}?lang={lang}")
                page.wait_for_function("() => S.view && S.view.target && S.view.instruction", timeout=30000)
                seen = page.evaluate("""() => {
                  const t = S.view.target;
                  S.view.instruction = { ...S.view.instruction, player: 'red', action: 'move', cells: ['a1', t.cell] };
                  drawInfo();
                  const box = document.getElementById('target'), r = box.getBoundingClientRect();
                  const parts = [...box.querySelectorAll('.muted *')].map((e) => e.getBoundingClientRect());
                  return { page: document.documentElement.scrollWidth, inner: innerWidth, text: box.innerText,
                           inside: parts.every((q) => q.right <= r.right + 1 && q.left >= r.left - 1) }; }""")
                assert seen["page"] <= seen["inner"] and seen["inside"], (lang, width, seen)
            finally:
                page.close()
