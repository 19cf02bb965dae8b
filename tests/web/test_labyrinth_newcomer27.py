"""Issue 15, Labyrinth newcomer 27 (phone): the glowing 🏠 of the start square read as a tile to go to (tapped, then
refused as "cannot be reached"); after a find the board's page never said where the next picture was; at the game's
end every arrow still glowed as when pushing was allowed, and the words saying why lay below the buttons."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_labyrinth_newcomer_third import DESKTOP, PHONE, WAIT_MS, open_page, push
from test_labyrinth_round22 import OVER_ARGS, RED_ARGS, at_game_over
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


@pytest.fixture
def ended() -> Iterator[str]:
    with serving(OVER_ARGS) as address:
        yield address


def test_the_glowing_start_square_says_turn_and_a_tap_on_it_says_why(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, PHONE, guide=False, mobile=True)
        try:
            page.wait_for_function("() => S.view && S.view.current === 'red' && S.view.phase === 'shift'", timeout=WAIT_MS)
            page.wait_for_function("() => !!document.querySelector('#maze .tile.home-lit .turn-tag:not([hidden])')",
                                   timeout=WAIT_MS)
            tag = page.locator("#maze .tile.home-lit .turn-tag")
            # (Labyrinth newcomer 30 read a bare "turn" beside the start square as "your pawn is here": it names whose)
            assert " ".join(tag.inner_text().split()) == "Red's turn"
            # beside its tile on the board's frame, never over the tile's paths (Labyrinth newcomer 31: inside, it hid
            # a1's way out)
            outside = page.evaluate("""() => { const t = document.querySelector('#maze .tile.home-lit'), g = t.querySelector('.turn-tag');
                const a = t.getBoundingClientRect(), b = g.getBoundingClientRect(); return b.top >= a.bottom - 0.5 || b.bottom <= a.top + 0.5; }""")
            assert outside
            font = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#maze .tile.home-lit .turn-tag')).fontSize)")
            assert font >= 11
            home = None
            for _ in range(4):  # red walks off its start square, until a move finds it out of reach (it glows then)
                push(page)
                home = page.evaluate("() => { const t = document.querySelector('#maze .tile.home-lit'); return t && t.dataset.cell; }")
                if home:
                    break
                away = page.evaluate("() => (S.view.reachable.red || []).find((c) => c !== S.world.pawns.red)")
                if away:
                    page.locator(f'#maze .tile[data-cell="{away}"]').tap()
                    page.wait_for_function("(c) => S.world.pawns.red === c && !S.world.busy", arg=away, timeout=WAIT_MS)
                page.click("#done")
                page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy",
                                       timeout=90_000)
            if not home:
                pytest.skip("red's start square stayed in reach in four turns")
            page.locator(f'#maze .tile[data-cell="{home}"]').tap()
            page.locator("#error.toast").wait_for(state="visible", timeout=WAIT_MS)
            said = page.locator("#error").inner_text()
            assert "whose turn" in said, said
        finally:
            page.context.close()


def test_after_a_find_the_seat_link_says_the_next_card_is_there(browser: Any) -> None:
    with serving(RED_ARGS) as address:
        page = open_page(browser, address, DESKTOP, guide=False)
        try:
            assert page.evaluate("fetch('/seat/red/claim', {method: 'POST'}).then((r) => r.ok)")
            page.reload()
            page.wait_for_selector("#private-links a.seat-link.red", timeout=WAIT_MS)
            link = page.locator("#private-links a.seat-link.red")
            assert "next card" not in link.inner_text()
            page.evaluate("""() => HANDLERS.event({view: S.view, event: {type: 'card_found', player: 'red', card: 'ring',
                cell: 'c3', remaining: 1, t: 1000}})""")
            page.wait_for_function("() => document.querySelector('#private-links a.seat-link.red').textContent.includes('next card')",
                                   timeout=WAIT_MS)
            with page.context.expect_page() as opened:
                link.click()
            opened.value.close()
            page.wait_for_function("() => !document.querySelector('#private-links a.seat-link.red').textContent.includes('next card')",
                                   timeout=WAIT_MS)
        finally:
            page.context.close()


def test_at_the_end_the_prompt_says_what_the_lights_are_and_the_arrows_look_off(browser: Any, ended: str) -> None:
    page, winner = at_game_over(browser, ended, PHONE)
    try:
        prompt = page.locator("#prompt").inner_text()
        assert "lights celebrate in every colour, then glow in the winner's" in prompt, prompt  # (newcomer 33 saw both)
        # the winner said once ("Blue wins! The board lights up for the winner: Blue won." read as said twice:
        # newcomers, round 3 of the ninth session)
        assert prompt.lower().count(winner.lower()) == 1, prompt
        box = page.locator("#prompt").bounding_box()
        assert box and box["y"] + box["height"] <= PHONE[1], box
        opacity = page.evaluate("() => parseFloat(getComputedStyle(document.querySelector('#maze .slot')).opacity)")
        assert opacity < 0.8, opacity
    finally:
        page.close()
