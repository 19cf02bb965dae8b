"""The pages' yes-or-no questions (ask.js ASK.ask), attacked: a Space pressed twice on Reveal walls showed every wall
(the focus started on "yes"); a question asked right after another was answered yes was told "no", and the old
question's late close event answered the new one."""

from __future__ import annotations

from typing import Any

import pytest
from test_magic_newcomer import ARGS, WIDE, open_page
from test_plain_words_browser import serving

pytestmark = pytest.mark.browser


def test_a_space_pressed_twice_on_reveal_walls_shows_no_wall(browser: Any) -> None:
    with serving(ARGS) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.focus("#reveal")
            page.keyboard.press("Space")
            page.wait_for_selector("dialog#ask[open]")
            assert page.evaluate("document.activeElement.value") == "no"
            page.keyboard.press("Space")
            page.wait_for_selector("dialog#ask:not([open])", state="hidden")
            page.wait_for_timeout(300)
            assert not page.is_checked("#reveal") and page.locator(".wall.revealed").count() == 0
        finally:
            page.close()


def test_a_question_asked_right_after_an_answer_gets_its_own(browser: Any) -> None:
    with serving(ARGS) as url:
        page = open_page(browser, url, WIDE)
        try:
            got = page.evaluate("""async () => {
                const d = () => document.getElementById('ask'), said = [];
                const first = ASK.ask('one?', 'yes', 'no').then((v) => said.push(['one', v]));
                d().querySelector('button[value=yes]').click();
                const second = ASK.ask('two?', 'yes', 'no').then((v) => said.push(['two', v]));
                await new Promise((r) => setTimeout(r, 100));  // (the first's close event comes meanwhile)
                const open = d().open;
                d().querySelector('button[value=yes]').click();
                await first; await second;
                return { said, open };
            }""")
            assert got["open"] is True, got  # the second question still asked
            assert got["said"] == [["one", True], ["two", True]], got
        finally:
            page.close()
