"""Issue 15, Struggle newcomer 27 (phone): a second throw that came up K, K again looked like Throw did nothing; the
placing prompt said "the board cannot tell tokens apart: check tokens K and 10 by eye" where tokens are tapped by
name; the scores read "– pts" all round and nothing on the screen said why until a token arrived."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing, _until_prompt

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
WATCH = """() => { window.tumbled = []; const dice = document.getElementById('dice');
    new MutationObserver(() => { for (const d of dice.querySelectorAll('.pdie.thrown')) window.tumbled.push(d.dataset.die); })
      .observe(dice, {childList: true, subtree: true, attributes: true}); }"""


def test_the_dice_thrown_tumble_and_the_held_ones_do_not(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            page.evaluate(WATCH)
            page.click("#throw")
            _until_prompt(page, "Red threw")
            page.wait_for_timeout(300)
            assert set(page.evaluate("() => window.tumbled")) == {"1", "2", "3", "4", "5"}
            page.locator('.pdie[data-die="1"]').click()  # hold die 1
            page.wait_for_function("() => S.view.held.includes(1)", timeout=WAIT)
            page.wait_for_timeout(700)  # the first tumble over
            page.evaluate(WATCH)
            page.click("#throw")
            page.wait_for_function("() => S.view.throws === 2", timeout=WAIT)
            page.wait_for_timeout(300)
            tumbled = set(page.evaluate("() => window.tumbled"))
            assert tumbled == {"2", "3", "4", "5"}, tumbled
        finally:
            page.close()


def test_a_throw_here_says_when_the_points_are_counted(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            prompt = page.locator("#prompt-text").inner_text()
            assert "counted when the round ends" in prompt, prompt
            box = page.locator("#prompt-text").bounding_box()
            assert box and box["y"] + box["height"] <= PHONE[1], box
        finally:
            page.close()


def test_the_page_says_no_caveat_about_telling_tokens_apart(browser: Any) -> None:
    """The board's words keep it (a real board's reeds cannot tell tokens apart: tests/struggle); the page, which
    knows where each token stands and refuses Stop until the moves are made, says the moves alone."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _until_prompt(page, "Red: press Throw")
            said = page.evaluate("""() => pageWords({player: 'red', action: 'place', requests: [], messages: [
                {id: 'str.place_unseen', args: {player: 'red', unseen: {id: 'str.token', args: {token: 'K'}},
                  unseen_text: {id: 'str.unseen_text', args: {unseen: {id: 'str.token', args: {token: 'K'}}}}}}]})""")
            assert said and "blinking spaces, then press Stop" in said, said
            assert "cannot tell" not in said and "by eye" not in said, said
        finally:
            page.close()


def test_an_ace_s_token_under_it_fits_its_die(browser: Any) -> None:
    """Struggle newcomer 26 read "= token 10= token 10" under two aces: the words ran into each other."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            fits = page.evaluate("""() => [...document.querySelectorAll('#dice .pdie[data-role]')].map((d) => {
                const c = document.createElement('canvas').getContext('2d'), s = getComputedStyle(d, '::after');
                c.font = `${s.fontWeight} ${s.fontSize} ${s.fontFamily}`;
                return [d.dataset.role, c.measureText(d.dataset.role).width, d.getBoundingClientRect().width + 8]; })""")
            assert any(role.startswith("token ") for role, _, _ in fits), fits
            assert all(w <= room for _, w, room in fits), fits
        finally:
            page.close()
