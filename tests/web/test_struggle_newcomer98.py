"""Issue 15, Struggle newcomer 98 (both sizes): "while you look through the ways, the board only makes the destination
spaces glow. It does not show which token goes to which space, so you have to read the list to match them. The dashed
"ghost" tokens that show this appear only once you have chosen a way." While a way is lit, each token it moves shows
where the way leaves it, as a ghost of its own look (dotted, "would"), that goes with the way; the dashed ghosts that
ask for a token to be put there come once the way is played, as before."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7
from test_struggle_newcomer40 import keep_first_hand

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))
# the way lit, from the ways' own data (its race after the play), against the ghosts the board shows
SEEN = """() => {
  const o = S.view.outcomes[S.view.selected], want = {};
  for (const t of S.hello.tokens) {
    const end = typeof o.spaces[t] === 'number' ? `s${o.spaces[t]}` : `place-${S.hello.places[o.arrived.indexOf(t)]}`;
    if (end !== S.world.tokens[t]) want[t] = end;
  }
  const shown = {};
  for (const g of document.querySelectorAll('.space .token.would')) shown[g.dataset.would] = g.closest('.space').dataset.sensor;
  return { way: S.view.selected, want, shown, asks: document.querySelectorAll('.space .token.want').length,
           title: (document.querySelector('.space .token.would') || {}).title || '' }; }"""


def test_the_way_lit_shows_where_it_leaves_each_token(browser: Any) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            first = page.evaluate(SEEN)
            # (a simulated player's way: the same ghosts, no Stop to press here: an attack)
            watching = page.evaluate("() => { const v = S.view; S.view = { ...v, current: 'blue' }; drawTokens();"
                                     " const t = document.querySelector('.space .token.would').title; S.view = v; drawTokens();"
                                     " return t; }")
            page.click("#throw")  # ▶ Next way
            page.wait_for_function("(w) => S.view.selected !== w", arg=first["way"], timeout=WAIT)
            page.wait_for_timeout(200)
            second = page.evaluate(SEEN)
            page.click("#stop")  # played: the board asks for the tokens, its dashed ghosts
            page.wait_for_function("() => S.view.phase !== 'choosing'", timeout=WAIT)
            page.wait_for_timeout(300)
            played = page.evaluate("() => [document.querySelectorAll('.space .token.would').length,"
                                   " document.querySelectorAll('.space .token.want').length]")
        finally:
            page.context.close()
    for seen in (first, second):
        assert seen["want"] and seen["shown"] == seen["want"], seen
        assert seen["asks"] == 0, seen  # (nothing asked yet: the way is only lit)
    assert first["want"] != second["want"], (first, second)
    assert first["title"].startswith("with this way, token ") and "Stop" in first["title"], first
    assert watching.startswith("with this way, token ") and "Stop" not in watching, watching
    assert played[0] == 0 and played[1] > 0, played


GUIDE = "document.getElementById('guide')"
TIP = f"() => {GUIDE}.hidden ? null : {GUIDE}.dataset.tip"


def _press(page: Any, button: str) -> None:
    page.evaluate(f"MB.send({{type: 'press', button: '{button}'}})")


def _play_out(page: Any) -> None:
    """Red's way played and placed as shown, its turn ended."""
    _press(page, "stop")  # play the way lit
    page.wait_for_function("S.view.phase === 'placing' || S.view.current !== 'red'", timeout=WAIT)
    if page.evaluate("S.view.phase") == "placing":
        page.locator("#follow").tap()
    page.wait_for_function("S.view.current !== 'red'", timeout=60_000)


def test_a_step_s_tip_shows_at_its_moment_and_not_after_the_step_is_done(browser: Any) -> None:
    """(newcomer 98, phone: "the tip 'Press 🎲 Throw. Then tap dice to keep them …' first appears at the start of my
    second turn. By then I had already thrown, held and thrown again … The tip about the list of ways also appeared
    only after I had pressed Stop": the first turn's throw moment was the goal tip's, the ways' moment the dice tip's,
    and each step's own tip came a turn late) The ways' tip shows at the ways' moment, and a step done is learnt: its
    tip, shown or not, is read and does not come at a later turn."""
    from test_plain_words_browser import PHONE

    with serving(SEED7, PORT) as url:
        ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        page = ctx.new_page()
        try:
            page.goto(url)
            page.wait_for_function("() => S.view && said() && said().action === 'throw' && said().player === 'red'",
                                   timeout=WAIT)
            page.wait_for_function(f"() => ({TIP})() === 'goal'", timeout=WAIT)
            page.locator("#guide .guide-ok").tap()
            _press(page, "throw")
            page.wait_for_function(f"() => S.view.throws === 1 && ({TIP})() === 'dice'", timeout=WAIT)
            _press(page, "stop")  # the hand kept: the ways' moment, the dice tip not dismissed
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            page.wait_for_timeout(500)
            at_ways = page.evaluate(TIP)
            _play_out(page)
            page.wait_for_function("() => S.view.current === 'red' && said() && said().action === 'throw'", timeout=90_000)
            page.wait_for_timeout(800)
            second_throw = page.evaluate(TIP)
            _press(page, "throw")
            page.wait_for_function("() => S.view.throws === 1", timeout=WAIT)
            _press(page, "stop")
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            page.wait_for_timeout(800)
            second_ways = page.evaluate(TIP)
            seen = page.evaluate("JSON.parse(localStorage.getItem('mazeboard.guide.struggle') || '[]')")
        finally:
            ctx.close()
    assert at_ways == "choose", at_ways
    assert second_throw != "throw", second_throw  # (thrown at the first turn: learnt)
    assert second_ways != "choose", second_ways  # (a way chosen and played at the first turn: learnt)
    assert {"throw", "choose"} <= set(seen), seen


def test_the_ways_list_at_1080_is_roomier_and_its_above_line_leaves_no_cut_line_under_it(browser: Any) -> None:
    """(newcomer 98 at 1920x1080: "the 'Ways to play the hand' list is a small box in the right column that scrolls on
    its own … Its bar '▲ ways 1–3 above: press to see them' covers the last line of the way above it": the list held
    40% of the screen's height, and a line of the way above showed cut between the bar and the way lit) Half the
    screen's height; the bar reaches down to the way lit's outline."""
    from test_struggle_choosing_round26a_browser import _choosing

    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            room = page.evaluate("() => parseFloat(getComputedStyle(document.getElementById('outcomes')).maxHeight)")
            page.evaluate("() => { document.getElementById('outcomes').style.maxHeight = '90px'; }")
            page.click("#throw")
            page.wait_for_function("() => S.view.selected === 1", timeout=WAIT)
            page.click("#throw")
            page.wait_for_function("() => S.view.selected === 2 && !document.getElementById('ways-above').hidden",
                                   timeout=WAIT)
            page.wait_for_timeout(300)
            bar = page.locator("#ways-above").bounding_box()
            lit = page.locator("#outcomes .outcome.selected").bounding_box()
        finally:
            page.close()
    assert room >= 0.5 * WIDE[1], room
    assert bar and lit and 0 <= lit["y"] - (bar["y"] + bar["height"]) <= 3, (bar, lit)


NET = """() => {
  // a way of swaps (newcomer 98's way 4): J 4 -> 5 (red; 10 back to 4), 10 4 -> 6, 9 3 -> 5 (red; J back to 3)
  S.world = { ...S.world, tokens: { K: 's1', Q: 's6', J: 's4', '10': 's5', '9': 's3' } };
  const o = { index: 0, ace: [], order: ['J', '10', '9'], plays: ['J 10 9'], arrived: [], round_end: [], moves_nothing: false,
    spaces: { K: 1, Q: 6, J: 3, '10': 6, '9': 5 },
    moves: [{ token: 'J', from: 4, to: 5, result: 'swapped', displaced: ['10'] },
            { token: '10', from: 4, to: 6, result: 'moved' },
            { token: '9', from: 3, to: 5, result: 'swapped', displaced: ['J'] }] };
  const plain = { ...o, index: 1, spaces: { K: 2, Q: 6, J: 4, '10': 5, '9': 3 }, order: ['K'], plays: ['K'],
    moves: [{ token: 'K', from: 1, to: 2, result: 'moved' }] };
  S.view = { ...S.view, outcomes: [o, plain], selected: 0 };
  drawInfo();
  const lines = [...document.querySelectorAll('#outcomes .outcome')].map((li) => (li.querySelector('.net') || {}).textContent || '');
  return lines; }"""


def test_a_way_of_swaps_says_where_each_token_ends(browser: Any) -> None:
    """(newcomer 98 at 1920x1080: "the ★ board's pick was a chain of swaps that left J, the token my card wants first,
    behind where it started … I couldn't judge from the long texts": J moved to space 5, then went back to 3, said in
    two lines far apart) A way with a swap says under its moves where each token it touches ends, from where it
    stands now."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            swaps, plain = page.evaluate(NET)
        finally:
            page.context.close()
    assert swaps == "in the end: token J space 4 → space 3 (back), token 10 space 5 → space 6, token 9 space 3 → space 5", swaps
    assert plain == "", plain  # (each move's own line says it all)


STACK = """() => {
  // newcomer 99's way: K 14 -> 15, 10 13 -> 14, 9 5 -> 8; 10 put on K's space 14, then the 10 (not the K) taken from
  // the stack there to 15: the reeds see 13 empty, 14 and 15 taken, as the play wants; the table has K and 10 swapped
  const req = (piece, frm, from, n) => ({ id: 'request.token.to.placing', args: { piece, frm, to: [{ id: 'str.where.space',
    args: { n } }], why: 'as the play moves it', why_id: 'str.why.placing', reason: 'placing', from_text: ` on ${frm}`,
    to_text: `space ${n}`, owner_text: `${piece}'s pawn`, token_text: `token ${piece}` } });
  const o = { index: 0, ace: [], order: ['K', '10', '9'], plays: ['K 10 9'], arrived: [], round_end: [], moves_nothing: false,
    spaces: { K: 15, Q: 6, J: 4, '10': 14, '9': 8 },
    moves: [{ token: 'K', from: 14, to: 15, result: 'moved' }, { token: '10', from: 13, to: 14, result: 'moved' },
            { token: '9', from: 5, to: 8, result: 'moved' }] };
  S.world = { ...S.world, tokens: { K: 's14', Q: 's6', J: 's4', '10': 's15', '9': 's5' } };
  S.view = { ...S.view, phase: 'placing', current: 'red', outcomes: [o], selected: 0, prompt:
    'Red: move the tokens to the blinking spaces: Token 10: space 13 → space 14. Token 9: space 5 → space 8.',
    instruction: { ...S.view.instruction, player: 'red', action: 'place', buttons: {},
      messages: [{ id: 'str.place', args: { player: 'red' } }, req('10', 'space 13', 's13', 14), req('9', 'space 5', 's5', 8)],
      requests: [{ piece: '10', kind: 'token', reason: 'placing', from: 's13', to: ['s14'], by: 'red', blocking: true },
                 { piece: '9', kind: 'token', reason: 'placing', from: 's5', to: ['s8'], by: 'red', blocking: true }] } };
  return promptNow(); }"""


def test_a_token_taken_from_a_stack_for_another_is_said_as_the_table_has_it(browser: Any) -> None:
    """(Struggle newcomer 99 at 1920x1080: after taking the 10 instead of the K from a stack, the prompt read "Token 10:
    space 13 → space 14. Token 9: space 5 → space 8." with space 13 empty and K's move gone; the line under the board
    was right) Where the table has a token of the play elsewhere than the board's requests say, the prompt says every
    move left as the table has it, as that line does."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate(STACK)
        finally:
            page.context.close()
    assert "token 10 to space 14" in said and "token K to space 15" in said and "token 9 to space 8" in said, said
    assert "space 13" not in said, said
    # (said of any token the board took for another, a stack or not: Struggle newcomer 107 read "the board cannot tell
    # the tokens on one space apart; as they stand on this table" with no two tokens on one space)
    assert "the board's sensors cannot tell which token is which" in said and "on this table" not in said and "one space apart" not in said, said


def test_a_star_token_ranked_on_start_says_how_level_tokens_rank(browser: Any) -> None:
    """(Struggle newcomer 100, phone, turn 1: "token Q, 3rd in the race if it stopped here: +10" with Q still on START
    beside 10 and 9, and nothing said why Q was 3rd; the tie rule came at turn 7) The ★ line's token is one the note
    names: the level line says how it ranks among those on its space."""
    from test_struggle_level_tokens import _lines

    lines = _lines(browser, {"K": 0, "Q": 0, "J": 0, "10": 0, "9": 0},
                   {"K": 2, "Q": 0, "J": 1, "10": 0, "9": 0},
                   [{"token": "K", "from": 0, "to": 2}, {"token": "J", "from": 0, "to": 1}], ["10", "9", "A", "K", "J"])
    star = [line for line in lines if "★ place" in line]
    assert star and "token Q, 3rd in the race" in star[0], lines
    level = [line for line in lines if "level" in line]
    assert level == ["(tokens level on one space rank in the order K, Q, J, 10, 9: Q before 10 before 9 on START)"], lines


def test_a_single_way_is_not_called_the_board_s_pick(browser: Any) -> None:
    """(Struggle newcomer 100, phone: "WAYS TO PLAY THE HAND (1)" labelled its one way "★ the board's pick for your
    card", with nothing to pick from)"""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            keep_first_hand(page)
            said = page.evaluate("""() => { const o = { ...S.view.outcomes[S.hints.red], index: 0 };
              S.view = { ...S.view, outcomes: [o], selected: 0 }; S.hints.red = 0; drawInfo();
              return [document.getElementById('outcomes').innerText, !!document.querySelector('#outcomes .pick')]; }""")
        finally:
            page.context.close()
    assert "board's pick" not in said[0] and not said[1], said
