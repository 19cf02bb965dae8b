"""Struggle newcomer 112 (390x844 touch): a tap on START took token Q, the next tap put it on space 3, not space 2.
The prompt said "Red: token Q is on space 3, where it does not belong: move it to space 2. Then: token 9 on space 1
and token 10 on space 2", while the line under the board said "next: tap START (it takes token 9; …), then space 1":
two answers to what the board asks now. The line names first the move the prompt names first: the misplaced token."""

from __future__ import annotations

import os
import re
from typing import Any

import pytest
from test_plain_words_browser import serving
from test_struggle_newcomer58 import _phone
from test_struggle_newcomer84 import _placing
from test_struggle_choosing_round26a_browser import SEED7

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


def test_the_line_under_the_board_asks_first_what_the_prompt_asks_first(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)  # the play: J START -> space 4, 9 START -> space 1
            page.locator('.space[data-sensor="s0"]').tap()
            token = page.wait_for_function("() => S.selected").json_value()
            page.locator('.space[data-sensor="s3"]').tap()  # where no token belongs
            page.wait_for_function("(t) => S.world.tokens[t] === 's3'", arg=token, timeout=WAIT)
            page.wait_for_function("() => /does not belong/.test(document.getElementById('prompt').innerText)", timeout=WAIT)
            prompt = page.locator("#prompt").inner_text()
            assert f"token {token} is on space 3, where it does not belong" in prompt, prompt
            page.wait_for_function("() => /next: tap space 3/.test(document.getElementById('hand').innerText)", timeout=WAIT)
            line = page.locator("#hand").inner_text()
            assert re.search(rf"next: tap space 3 \(it takes token {token}\), then space \d", line), line
        finally:
            ctx.close()


def test_a_misplaced_token_put_right_is_not_followed_by_the_sensors_warning(browser: Any) -> None:
    """(newcomer 112 then dragged Q from space 3 to space 2, where it belonged, and the prompt opened "the board's
    sensors cannot tell which token is which …" as if after a mistake: a move the reeds cannot place, the token still
    on the space the play moves it from, was taken for a token gone astray)"""
    with serving(SEED7, PORT) as url:
        ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
        try:
            _placing(page)
            page.locator('.space[data-sensor="s0"]').tap()
            token = page.wait_for_function("() => S.selected").json_value()
            page.locator('.space[data-sensor="s3"]').tap()
            page.wait_for_function("() => /next: tap space 3/.test(document.getElementById('hand').innerText)", timeout=WAIT)
            to = re.search(r"then space (\d)", page.locator("#hand").inner_text()).group(1)
            page.locator('.space[data-sensor="s3"]').tap()
            page.wait_for_function("(t) => S.selected === t", arg=token, timeout=WAIT)
            page.locator(f'.space[data-sensor="s{to}"]').tap()
            page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[token, f"s{to}"], timeout=WAIT)
            page.wait_for_function("() => !/does not belong/.test(document.getElementById('prompt').innerText)", timeout=WAIT)
            page.wait_for_timeout(1000)
            prompt = page.locator("#prompt").inner_text()
            assert "cannot tell" not in prompt, prompt
            assert re.search(r"token \w+ (on|to) space \d", prompt), prompt  # the move left, still asked
        finally:
            ctx.close()
