"""Issue 15, attacker 15: while placing, two tokens put where none belongs at once (one the play moves, one it leaves
on START), the page's rewrite of the board's prompt named the second token twice, "… and token K on START", once for
the space it was put on and once for START. The board's own words name each token once (``_by_place``); the page's,
naming the tokens from the simulator's world, say each once too, the mistake's token never again after "Then:"."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_plain_words_browser import PHONE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
SEED3 = tuple("3" if x == "7" else x for x in SEED7)


def test_two_tokens_astray_are_each_named_once(browser: Any) -> None:
    with serving(SEED3) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            page.click("#stop")  # play way 1
            page.wait_for_function("() => S.view.phase === 'placing' && playEnds().length > 0", timeout=WAIT)
            moved, ends = page.evaluate("() => [playEnds()[0][0], playEnds().map((e) => e[1])]")
            still = page.evaluate("(m) => S.hello.tokens.find((t) => !playEnds().some((e) => e[0] === t)"
                                  " && S.world.tokens[t] === 's0')", moved)
            assert still, "a token the play leaves on START"
            taken = set(page.evaluate("() => Object.values(S.world.tokens)")) | set(ends)
            empty = [f"s{n}" for n in range(5, 15) if f"s{n}" not in taken][:2]
            # (the attacker's order: first the token the play leaves on START, then one it moves)
            page.evaluate("([t, s]) => MB.send({type: 'move', token: t, to: s})", [still, empty[0]])
            page.wait_for_timeout(400)
            page.evaluate("([t, s]) => MB.send({type: 'move', token: t, to: s})", [moved, empty[1]])
            page.wait_for_function("(s) => S.world.tokens[s[0]] === s[1]", arg=[moved, empty[1]], timeout=WAIT)
            page.wait_for_function("() => (said() || {}).id === 'str.mistake' || (said() || {}).id === 'str.mistake_named'"
                                   " || /where (it does not|none) belong/.test(document.getElementById('prompt-text').textContent)",
                                   timeout=WAIT)
            page.wait_for_timeout(600)
            prompt = page.locator("#prompt-text").inner_text()
            for token in (moved, still):
                assert len(re.findall(rf"\btoken {re.escape(token)}\b", prompt)) <= 1, (token, prompt)
            # ...the moved token asked where the play puts it, never back to START
            assert re.search(rf"token {re.escape(moved)} on {ends[0].replace('s', 'space ')}\b", prompt.replace("space 0", "START")), prompt
            head = prompt.split("Then:")[0]
            assert re.search(r"token \S+ is on space \d+, where it does not belong", head), prompt
        finally:
            page.context.close()


@pytest.mark.parametrize("moves", [(("K", "s4"), ("9", "s6")), (("K", "s7"), ("J", "s9"), ("Q", "s4"))],
                         ids=["onto-a-destination", "three-astray"])
def test_then_names_every_token_the_table_has_out_of_place(browser: Any, moves: Any) -> None:
    """(attack 16, seed 7's way 1, J to space 4 and 9 to space 1: K put on space 4 and 9 on space 6 were said as "token 9
    is on space 6 …: move it to space 1." and nothing of K on J's space or of J still on START; K on 7, J on 9 and Q on
    4 left Q, on J's space, unnamed. The simulator's table knows where each token stands: "Then:" names every one
    standing elsewhere than the play puts it)"""
    with serving(SEED7) as url:
        page = open_page(browser, url, PHONE)
        try:
            keep_first_hand(page)
            page.click("#stop")
            page.wait_for_function("() => S.view.phase === 'placing' && playEnds().length > 0", timeout=WAIT)
            assert sorted(page.evaluate("playEnds()")) == [["9", "s1"], ["J", "s4"]]
            for token, to in moves:
                page.evaluate("([t, s]) => MB.send({type: 'move', token: t, to: s})", [token, to])
                page.wait_for_function("([t, s]) => S.world.tokens[t] === s", arg=[token, to], timeout=WAIT)
            page.wait_for_timeout(800)
            prompt = page.locator("#prompt-text").inner_text()
            want = {"K": "START", "Q": "START", "J": "space 4", "9": "space 1"}
            out = {t for t, w in want.items() if page.evaluate("(t) => S.world.tokens[t]", t) != {"START": "s0"}.get(w, "s" + w[6:])}
            for token in out:
                assert re.search(rf"token {token}\b[^.]*?\b(on|to) {want[token]}\b", prompt), (token, prompt)
        finally:
            page.context.close()
