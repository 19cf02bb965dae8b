"""Issue 15, Struggle newcomer 22 (wide): "Got it" pressed on the placing tip, the dice tip, never dismissed,
came back at every turn's throw (each tip shown but not dismissed came again with its moment, without end),
and the newcomer read it as a dismissed tip coming back. A tip shown at two moments and not dismissed is now
remembered once the second is over; the next tip comes in its place (none, once the steps are learnt by doing
them: Struggle newcomer 98)."""

from __future__ import annotations

from typing import Any

import pytest
from test_plain_words_browser import WIDE, serving
from test_struggle_newcomer17 import SEED7, WAIT

pytestmark = pytest.mark.browser

GUIDE = "document.getElementById('guide')"


def _turn(page: Any, tips: bool = True) -> list[str]:
    """Red's turn played by presses; the tips shown at its throw moment."""
    page.wait_for_function("S.view && S.view.current === 'red' && S.view.phase === 'throw'", timeout=60_000)
    if tips:
        page.wait_for_function(f"!{GUIDE}.hidden", timeout=WAIT)
    shown = [page.evaluate(f"{GUIDE}.dataset.tip")]
    page.evaluate("MB.send({type: 'press', button: 'throw'})")
    page.wait_for_function("S.view.throws > 0", timeout=WAIT)
    page.evaluate("MB.send({type: 'press', button: 'stop'})")
    page.wait_for_function("S.view.phase !== 'throw'", timeout=WAIT)
    page.wait_for_timeout(300)
    page.evaluate("MB.send({type: 'press', button: 'stop'})")  # play the way shown
    page.wait_for_function("S.view.phase === 'placing' || S.view.current !== 'red'", timeout=WAIT)
    if page.evaluate("S.view.phase") == "placing":
        page.locator("#follow").click()
    for _ in range(60):  # Stop once the tokens stand as played
        if page.evaluate("S.view.current !== 'red'"):
            break
        if page.evaluate("!S.world.placing && said() && said().action === 'place' && !(said().requests || []).length"):
            page.evaluate("MB.send({type: 'press', button: 'stop'})")
        page.wait_for_timeout(500)
    page.wait_for_function("S.view.current !== 'red'", timeout=WAIT)
    return shown


def _phone_at_throw(browser: Any, url: str) -> tuple[Any, Any]:
    """A phone's page (every tip seen) at Red's first throw: (its context, the page)."""
    from test_plain_words_browser import PHONE

    ctx = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page = ctx.new_page()
    page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', "
                         "JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
    page.goto(url)
    page.wait_for_function("S.view && S.view.current === 'red' && S.view.phase === 'throw'", timeout=WAIT)
    return ctx, page


def test_a_tip_not_dismissed_comes_back_once_then_the_next_one(browser: Any) -> None:
    with serving(SEED7) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        try:
            page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'place']))")
            page.goto(url)
            shown = [_turn(page)[0] for _ in range(2)]
            assert shown == ["dice", "dice"], shown
            seen = page.evaluate("JSON.parse(localStorage.getItem('mazeboard.guide.struggle') || '[]')")
            assert "dice" in seen, seen
            # ...and at the third turn no tip: the throw and the ways were learnt by doing them at the first (Struggle
            # newcomer 98 had the throw tip at its second turn, after it had thrown)
            assert {"throw", "choose"} <= set(seen), seen
            page.wait_for_function("S.view && S.view.current === 'red' && S.view.phase === 'throw'", timeout=60_000)
            page.wait_for_timeout(800)
            assert page.evaluate(f"{GUIDE}.hidden"), page.evaluate(f"{GUIDE}.dataset.tip")
        finally:
            page.close()


def test_a_persons_throw_says_what_the_other_player_played(browser: Any) -> None:
    """Newcomer 22 (phone): after Blue's turn the K was back on START and the prompt said only "Red: press
    Throw."; why was in the log, two screens down. Under a person's "press Throw", before their first throw,
    a phone says the other's play as the log says it; the track does not move for it."""
    with serving(SEED7) as url:
        ctx, page = _phone_at_throw(browser, url)
        try:
            track = page.locator(".track-frame").bounding_box()
            assert page.locator("#prompt-news").is_hidden()  # nobody has played yet
            _turn(page, tips=False)
            page.wait_for_function("S.view.current === 'red' && S.view.phase === 'throw' && !S.view.throws", timeout=60_000)
            news = page.locator("#prompt-news")
            news.wait_for(state="visible", timeout=WAIT)
            played = page.evaluate("[...document.querySelectorAll('#log li')].map((li) => li.innerText)"
                                   ".find((t) => t.includes('Blue played'))")
            # the play as the log has it, and where each token went (Struggle newcomer 28 had to scroll to the log)
            assert played and news.inner_text().startswith("Blue played: token "), (news.inner_text(), played)
            assert "→" in news.inner_text() or "stays" in news.inner_text(), news.inner_text()
            assert page.locator(".track-frame").bounding_box()["y"] == pytest.approx(track["y"], abs=1), "the track moved"
            page.evaluate("MB.send({type: 'press', button: 'throw'})")
            page.wait_for_function("S.view.throws > 0", timeout=WAIT)
            news.wait_for(state="hidden", timeout=WAIT)
        finally:
            ctx.close()


def test_a_pick_among_ways_of_equal_points_says_why_this_one(browser: Any) -> None:
    """Newcomer 22: all three ways said "10 points for your card", the ★ pick was way 3, and its reason ("the most
    points if the race stopped there") did not tell it from the others. Among ways of equal points the pick line
    says the pick leaves the racing tokens more in the card's order (rules.py evaluate's next measure)."""
    from test_plain_words_browser import open_page

    with serving(SEED7) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            said = page.evaluate("""() => {
              S.view.spaces = { K: 1, Q: 2, J: 3, "10": 4, "9": 5 }; S.view.arrived = []; S.view.phase = "choosing";
              const card = ["K", "Q", "J", "10", "9"];  // now: 9 10 J Q K, J in its place (10 points)
              const ways = [{ index: 0, spaces: { K: 1, Q: 2, J: 3, "10": 4, "9": 6 }, arrived: [] },
                            { index: 1, spaces: { K: 1, Q: 2, J: 3, "10": 6, "9": 5 }, arrived: [] }];
              const out = [];
              drawPickLine(S.view, ways, card, 0, true, { reason: 'order', token: null }); out.push(document.getElementById("pick-line").textContent);
              ways[1].spaces = { K: 1, Q: 2, J: 6, "10": 4, "9": 5 };  // J out of its place: 0 points
              drawPickLine(S.view, ways, card, 0, true, { reason: 'order', token: null }); out.push(document.getElementById("pick-line").textContent);
              return out;
            }""")
        finally:
            page.close()
    tied, alone = said
    assert "Way 2 would score as many points" in tied and "more in your card's order" in tied, tied
    assert "(the most points if the race stopped there" in alone, alone


def test_the_news_never_makes_the_prompt_grow(browser: Any) -> None:
    """Newcomer 23 (phone): under a long prompt ("Red: press Throw. Points are counted when the round ends …") the
    news of Blue's play made the box grow, the prompt's letters smaller, and Throw ended 10 px below the first
    screen. The news is said only where the prompt's room holds it as it is."""
    with serving(SEED7) as url:
        ctx, page = _phone_at_throw(browser, url)
        try:
            sizes = page.evaluate("""() => {
              const box = document.getElementById("prompt"), look = () => [box.offsetHeight, box.className];
              const news = !document.getElementById("prompt-news").hidden;
              S.news = null; drawPrompt(); const plain = look();
              S.news = ["Blue played: token K moves"]; drawPrompt();
              const short = [look(), !document.getElementById("prompt-news").hidden];
              S.news = ["Blue played: token K moves, then token 10 stays on space 6, since no token may stop on black " +
                        "space 7; token 9 has already arrived (place A): its dice move nothing, and the ace counts as a K"];
              drawPrompt();
              return { plain, short, long: [look(), !document.getElementById("prompt-news").hidden] };
            }""")
            assert sizes["short"] == [sizes["plain"], True], sizes  # room for it under "press Throw": said, the box as it was
            assert sizes["long"][0] == sizes["plain"], sizes  # a longer one: never a taller box, nor smaller letters
        finally:
            ctx.close()
