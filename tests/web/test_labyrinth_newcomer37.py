"""Issue 15, Labyrinth newcomer 37: the win box read "Blue wins! Red 2 · Blue 2", a tie at first sight (Red had
found both cards too, but was still on its way home). The scores say the cards found and who came home."""

from __future__ import annotations

from typing import Any

import pytest
from test_labyrinth_newcomer_third import NEWCOMER_GAME, WAIT_MS, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_the_win_box_says_who_came_home(browser: Any) -> None:
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world", timeout=WAIT_MS)
            said = page.evaluate("""() => {
              S.view = { ...S.view, phase: "over", winner: "blue", found: { red: ["genie", "crown"], blue: ["owl", "bat"] } };
              S.bannerShown = false; drawInfo();
              return document.querySelector("#banner .banner-scores").innerText; }""")
            assert said == "Red: 2 found · Blue: 2 found, back home 🏠", said
        finally:
            page.close()


def test_pointing_at_an_arrow_shows_where_the_pawn_could_go_after_that_push(browser: Any) -> None:
    """Labyrinth newcomers 34 and 37: pointing at an arrow marked only the row it moves; newcomer 37 pushed S-b
    expecting a way toward a1, and only then saw where its pawn could go. The tiles reachable after that push are
    dashed in the turn's colour while the arrow is pointed at: the tiles the board lights once pushed."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.phase === 'shift' && S.world.push_reach", timeout=WAIT_MS)
            slot = page.evaluate("() => [...document.querySelectorAll('#maze .slot')].find((s) => !s.classList.contains('off')).dataset.slot")
            page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
            page.wait_for_timeout(200)
            # the row drawn as it will lie (Labyrinth newcomers 38, 39): each tile of the line one cell on, the spare at
            # the entry; a dash on the tile that will stand on each cell reached
            shown = page.evaluate("""(slot) => {
              const line = pushLine(slot), ghost = document.getElementById('spare-ghost');
              const at = (t) => t === ghost ? line[0] : line.includes(t.dataset.cell) ? line[line.indexOf(t.dataset.cell) + 1] : t.dataset.cell;
              const e = document.querySelector(`#maze .tile[data-cell="${line[0]}"]`);  // (offsets: before its transform)
              const a = { left: e.offsetLeft, top: e.offsetTop }, g = { left: ghost.offsetLeft, top: ghost.offsetTop };
              return { dashed: [...document.querySelectorAll('#maze .tile.push-reach')].map(at).filter(Boolean).sort(),
                       ghostAtEntry: Math.abs(g.left - a.left) < 1 && Math.abs(g.top - a.top) < 1 && ghost.innerHTML.startsWith(document.getElementById('spare').innerHTML)
                         && ghost.querySelector('.coord').textContent === line[0],  // (its cell's name: newcomer 64)
                       moved: getComputedStyle(document.querySelector(`#maze .tile[data-cell="${line[0]}"]`)).translate !== 'none' }; }""", slot)
            dashed = shown["dashed"]
            assert shown["moved"] and shown["ghostAtEntry"], shown
            assert dashed and dashed == sorted(page.evaluate(f"() => S.world.push_reach.red['{slot}']")), dashed
            page.locator(f'#maze .slot[data-slot="{slot}"]').click()
            page.wait_for_function("() => S.view.phase === 'move' && (S.view.reachable.red || []).length", timeout=WAIT_MS)
            assert sorted(page.evaluate("() => S.view.reachable.red")) == dashed
            page.mouse.move(5, 5)
            page.wait_for_timeout(200)
            assert page.locator("#maze .tile.push-reach").count() == 0 and page.locator("#spare-ghost").count() == 0
            assert page.locator("#maze .tile[data-shifted]").count() == 0
        finally:
            page.close()


def test_a_pawn_the_push_carries_off_the_board_is_drawn_on_the_tile_it_lands_on(browser: Any) -> None:
    """Labyrinth newcomer 54 marked N-f with its pawn on f1, which that push moves off the board: the preview drew the
    pawn nowhere (on the faded tile pushed out past the edge) and the newcomer learnt only from an older log line that
    such a pawn goes onto the tile pushed in. The preview draws it there, on the spare at the entry (RULES.md)."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.phase === 'shift' && S.world.push_reach", timeout=WAIT_MS)
            # the page's view of red's pawn on the tile the first lit arrow's push moves out
            slot, out = page.evaluate("""() => {
              const slot = [...document.querySelectorAll('#maze .slot')].find((s) => !s.classList.contains('off')).dataset.slot;
              const line = pushLine(slot);
              S.world = { ...S.world, pawns: { ...S.world.pawns, red: line[line.length - 1] } }; drawPawns();
              return [slot, line[line.length - 1]]; }""")
            page.locator(f'#maze .slot[data-slot="{slot}"]').hover()
            page.wait_for_timeout(200)
            shown = page.evaluate("""(out) => ({
              onGhost: [...document.querySelectorAll('#spare-ghost .lpawn')].map((p) => p.dataset.pawn),
              outSeen: [...document.querySelectorAll(`#maze .tile[data-cell="${out}"] .lpawn`)]
                .filter((p) => getComputedStyle(p).visibility !== 'hidden').length })""", out)
            assert shown == {"onGhost": ["red"], "outSeen": 0}, (slot, out, shown)
            page.mouse.move(5, 5)
            page.wait_for_timeout(200)
            assert page.locator("#spare-ghost").count() == 0
            assert page.locator(f'#maze .tile[data-cell="{out}"] .lpawn').first.is_visible()
        finally:
            page.close()


def test_a_preview_on_a_phone_never_widens_the_page(browser: Any) -> None:
    """Labyrinth newcomer 55: a first tap on W-4 or E-4 drew the tile pushed out past the board's side, and the page
    grew 410 px wide on a 390 px phone (it scrolled sideways)."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (390, 844), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.phase === 'shift' && S.world.push_reach", timeout=WAIT_MS)
            widths = page.evaluate("""() => [...document.querySelectorAll('#maze .slot:not(.off)')].map((el) => {
              previewPush(el.dataset.slot);
              return [el.dataset.slot, document.documentElement.scrollWidth]; })""")
            assert widths and all(w <= 390 for _, w in widths), widths
        finally:
            page.close()


def test_the_dashes_of_a_tile_reached_stay_over_the_marks_of_the_line_it_slides_in(browser: Any) -> None:
    """Labyrinth newcomer 56: pointing at S-d, the tiles of the column that slides took a white frame and a grey veil
    over the dashes saying the pawn could reach them: the dashes lie over the line's marks."""
    with serving(NEWCOMER_GAME) as url:
        page = open_page(browser, url, (1920, 1080), guide=False)
        try:
            page.wait_for_function("() => S.view && S.world && S.view.phase === 'shift'", timeout=WAIT_MS)
            order = page.evaluate("""() => {
              const t = document.querySelector('#maze .tile:not(.spare-ghost)');
              t.classList.add('push-line', 'push-reach');
              const z = (p) => Number(getComputedStyle(t, p).zIndex) || 0;
              return { dashes: z('::before'), veil: z('::after') }; }""")
            assert order["dashes"] > order["veil"], order
        finally:
            page.close()
