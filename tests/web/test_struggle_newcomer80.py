"""Issue 15, Struggle newcomer 80 (phone): "When the board's pick is way 2 of 2, the prompt says 'to see the others,
◀ Previous way or ▶ Way 1', and there are two buttons, '◀' and '▶ Way 1'. With only two ways, both lead to way 1, and
I stopped to check whether they did different things." With two ways the page offers one button to the other way, ▶
Next way / ▶ Back to way 1, and the prompt names it alone. (The board's pick is way 1 now: the referee lists it first.)"""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
SEED115 = tuple("115" if x == "7" else x for x in SEED7)  # red's first hand A J J 10 J: 2 ways, the pick way 1


def _placing(browser: Any, url: str) -> tuple[Any, Any]:
    """A phone with Red's first hand played as way 1 (J START -> space 4, 9 START -> space 1): its context and page."""
    from test_struggle_choosing_round26a_browser import _choosing
    from test_struggle_newcomer58 import WAIT as WAIT58, _phone

    ctx, page = _phone(browser, url, "['goal', 'dice', 'throw', 'choose', 'place']")
    _choosing(page)
    page.locator("#stop").tap()
    page.wait_for_function("() => document.getElementById('prompt-text').textContent.includes('blink')", timeout=WAIT58)
    return ctx, page


def _choose(page: Any, sensor: str, token: str) -> None:
    """Taps ``sensor`` until ``token`` is chosen: on a touch screen a tap takes the token the line names, a tap again
    the next the play moves from there (Struggle newcomer 84)."""
    from test_struggle_newcomer58 import WAIT as WAIT58

    for _ in range(4):
        page.locator(f'.space[data-sensor="{sensor}"] .token[data-token="{token}"]').tap()
        if page.evaluate("(t) => S.selected === t", token):
            return
    page.wait_for_function("(t) => S.selected === t", arg=token, timeout=WAIT58)


def _said(page: Any) -> tuple[str, bool, str]:
    page.wait_for_timeout(300)
    return (page.locator("#prompt-text").inner_text(), page.locator("#prev-way").is_visible(),
            page.locator("#throw").inner_text().strip())


def test_two_ways_have_one_button_to_the_other(browser: Any) -> None:
    with serving(SEED115) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            pick, count = page.evaluate("() => [S.hints.red + 1, S.view.outcomes.length]")
            assert (pick, count) == (1, 2), (pick, count)
            prompt, prev, throw = _said(page)
            assert "way 1 of 2 (★ the board's pick for your card)" in prompt, prompt
            assert "▶ Next way" in prompt and "Previous" not in prompt, prompt
            assert not prev and throw == "▶ Next way", (prev, throw)
            # ...and a tap on a die says the buttons there are (an attack: "◀ Previous way, Throw (the next way)")
            said = page.locator("#dice .pdie").first.get_attribute("data-tap") or ""  # (what a tap on it says)
            assert "▶ shows the other way" in said and "Previous" not in said, said
            page.click("#throw")  # way 2 of 2: "back to way 1", one button
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            prompt, prev, throw = _said(page)
            assert "▶ Back to way 1" in prompt and "Previous" not in prompt, prompt
            assert not prev and throw == "▶ Back to way 1", (prev, throw)
            page.click("#throw")  # way 1 again
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
            prompt, prev, throw = _said(page)
            assert "▶ Next way" in prompt and not prev, (prompt, prev)
        finally:
            page.context.close()


def test_a_token_chosen_says_where_the_play_puts_it(browser: Any) -> None:
    """(Struggle newcomer 81, phone: "I tapped the middle of the START space, expecting J, but the token chips fill that
    space on a phone, so each tap took whichever chip was under my finger (9, then 10). As a result 9 ended on space 1
    and J on space 2.") The line under the board says the token chosen and where this play puts it, "token 9 chosen:
    tap space 1, where this play puts it", so a chip taken by mistake shows before it is put down."""
    from test_struggle_newcomer58 import WAIT as WAIT58

    with serving(SEED7) as url:
        ctx, page = _placing(browser, url)
        try:
            page.locator('.space[data-sensor="s0"] .token[data-token="9"]').tap()  # on 9's chip: J, the line's
            page.wait_for_function("() => S.selected === 'J'", timeout=WAIT58)
            line = page.locator("#hand").inner_text()
            assert "token J chosen: tap space 4, where this play puts it (a tap on START again takes token 9)" in line, line
            page.locator('.space[data-sensor="s0"] .token[data-token="J"]').tap()  # START again: the other one
            page.wait_for_function("() => S.selected === '9'", timeout=WAIT58)
            line = page.locator("#hand").inner_text()
            assert "token 9 chosen: tap space 1, where this play puts it" in line, line
            # ...a play of this page's only (an attack: on Blue's simulated turn, beside "🤖 Blue plays by itself:
            # wait", the line named the space of Blue's token)
            line = page.evaluate("""() => { S.view.instruction = { ...said(), player: 'blue' }; drawTokens();
              return document.getElementById('hand').innerText; }""")
            assert "where this play puts it" not in line, line
        finally:
            ctx.close()


def test_two_ways_are_said_so_in_every_language(browser: Any) -> None:
    """(an attack: in German, Persian, Italian and Portuguese the prompt said "◀ Voriger Weg für den vorigen, ▶ Zurück
    zu Weg 1" beside the button "▶ Weg 1", ◀ hidden: the page rebuilt the sentence from its first words' id)"""
    with serving(SEED115) as url:
        page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', "
                             "JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
        page.goto(url + "?lang=de")
        try:
            keep_first_hand(page)
            prompt, prev, throw = _said(page)
            assert "Voriger" not in prompt and not prev, (prompt, prev)
            page.click("#throw")
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            prompt, prev, throw = _said(page)
            assert "▶ Zurück zu Weg 1" in prompt and "Voriger" not in prompt, prompt
            assert not prev and throw == "▶ Zurück zu Weg 1", (prev, throw)
        finally:
            page.context.close()


def test_two_tokens_set_on_each_other_s_spaces_are_said_before_stop(browser: Any) -> None:
    """(Struggle newcomer 81: 9 set on J's space, then J on 9's; the board, whose reeds cannot tell tokens apart, said
    "The tokens stand where Red's play put them: press Stop", and the turn would have ended with them swapped) The
    simulator's world knows each token: the page says which stand elsewhere and where the play puts them, and Stop
    waits, as for a move no reed can see."""
    from test_struggle_newcomer58 import WAIT as WAIT58

    with serving(SEED7) as url:
        ctx, page = _placing(browser, url)
        try:
            for token, space in (("9", "s4"), ("J", "s1")):  # each on the other's space
                _choose(page, "s0", token)
                page.locator(f'.space[data-sensor="{space}"]').tap()
                page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[token, space], timeout=WAIT58)
            page.wait_for_function("() => said() && said().messages[0].id === 'str.placed'", timeout=WAIT58)
            page.wait_for_timeout(300)
            prompt = page.locator("#prompt-text").inner_text()
            assert "cannot tell the tokens apart" in prompt, prompt
            assert "token J to space 4" in prompt and "token 9 to space 1" in prompt, prompt
            assert page.locator("#stop").get_attribute("aria-disabled") == "true"
            for token, frm, space in (("9", "s4", "s1"), ("J", "s1", "s4")):  # put right
                _choose(page, frm, token)
                page.locator(f'.space[data-sensor="{space}"]').tap()
                page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[token, space], timeout=WAIT58)
            page.wait_for_timeout(500)
            prompt = page.locator("#prompt-text").inner_text()
            assert "stand where Red's play put them" in prompt and "apart" not in prompt, prompt
            assert page.locator("#stop").get_attribute("aria-disabled") != "true"
        finally:
            ctx.close()


def test_a_token_the_way_leaves_where_it_is_is_said_on_its_space(browser: Any) -> None:
    """(Struggle newcomer 82: space 11 glowed orange while way 2 was lit, "I first read it as J leaving 11"; the board's
    LEDs light a token that stays in their prompt colour) While choosing, the space of a token the lit way leaves where
    it is says "stays" on it; not for a way that moves every token, nor once the way is played."""
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            page.evaluate("""() => { const m = S.view.outcomes[S.view.selected].moves;
              m.push({ token: "K", from: 0, to: 0, result: "impasse", blocked: "yellow", target: 3 }); drawInfo(); }""")
            said = page.evaluate("""() => [...document.querySelectorAll('.space[data-stays]')].map((e) =>
              [e.dataset.sensor, getComputedStyle(e, '::after').content])""")
            # (the token named: Struggle newcomer 91 read "stays" on space 11 as of the 9 standing there, leaving it,
            # the J the way sends back to 11 being the one that stays)
            assert said == [["s0", '"token K stays"']], said
            two = page.evaluate("""() => { const m = S.view.outcomes[S.view.selected].moves;
              m.push({ token: "Q", from: 0, to: 0, result: "impasse", blocked: "black", target: 7 }); drawInfo();
              const t = document.querySelector('.space[data-stays]').dataset.stays; m.pop(); drawInfo(); return t; }""")
            assert two == "tokens K and Q stay", two
            # ...nor a token the round's end then puts on the last place (Struggle newcomer 86: "K stays on space 11"
            # beside "K space 11 → arrival place E", the badge on K)
            ended = page.evaluate("""() => { const o = S.view.outcomes[S.view.selected];
              o.round_end = [{ token: "K", from: 0, place: "E" }]; drawInfo();
              const n = document.querySelectorAll('.space[data-stays]').length; delete o.round_end; return n; }""")
            assert ended == 0, ended
            page.evaluate("() => { S.view.outcomes[S.view.selected].moves.pop(); drawInfo(); }")
            assert page.locator(".space[data-stays]").count() == 0
        finally:
            page.context.close()
