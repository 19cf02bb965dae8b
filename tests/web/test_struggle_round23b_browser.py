"""Issue 15, round 23 (fifth Struggle newcomer) on the page: the goal on a phone's first screen (in the
prompt's spare room while the goal tip is up), the ace die face never a bare "A" (places A-E keep the
letter), no "now" score while no token has left START."""

from __future__ import annotations

import re
from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, WAIT_MS, WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 8742)
    yield url
    stop(proc)


def _fresh(browser: Any, server: str, size: tuple[int, int]) -> Any:
    """A page at ``size`` with the first-game tips unseen (a newcomer's), on a new game (seed 7)."""

    starter = open_page(browser, server, size)
    new_game(starter)
    starter.close()
    # a page of its own (nothing remembered): a tip the starter's page showed in the game before is seen
    # there for good (round 24), not a newcomer's
    return open_page(browser, server, size, guide=True)


def new_game(page: Any) -> None:
    """A new game of seed 7 from the page's dialog, Red to throw."""
    from playwright.sync_api import expect

    page.evaluate("() => { window.oldHello = S.hello; }")  # the game before looks the same (seed 7 too)
    page.locator("#new-game").click()
    page.locator("#ng-seed").fill("7")
    page.locator("#ng-start").click()
    page.wait_for_function("() => S.hello && S.hello !== window.oldHello", timeout=WAIT_MS)
    expect(page.locator("#log li")).to_have_count(3, timeout=WAIT_MS)
    expect(page.locator("#throw")).to_be_enabled(timeout=WAIT_MS)


def test_a_phone_shows_the_goal_on_the_first_screen_before_the_first_throw(browser: Any, server: str) -> None:
    """Round 23 put the goal in one line of the prompt while its tip waited under the controls; round 24
    shows the tip itself right under the prompt: the goal is read on the first screen once, not twice."""
    from playwright.sync_api import expect

    page = _fresh(browser, server, PHONE)
    try:
        tip = page.locator("#guide")
        expect(tip).to_be_visible(timeout=WAIT_MS)
        page.evaluate("window.scrollTo(0, 0)")
        # (the header's "card" and the track's FINISH do not say the goal)
        expect(tip).to_contain_text(re.compile(r"goal.*START.*FINISH"), timeout=WAIT_MS)
        expect(page.locator("#prompt-goal")).to_be_hidden()  # not said twice
        for sel in ["#guide", "#prompt", ".track-frame", "#throw", "#stop"]:
            r = page.locator(sel).bounding_box()
            assert r is not None and 0 <= r["y"] and r["y"] + r["height"] <= PHONE[1], f"{sel} is below the first screen: {r}"
    finally:
        page.close()


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_ace_die_reads_ace_and_fits_in_the_die(browser: Any, server: str, size: tuple[int, int]) -> None:
    page = open_page(browser, server, size)
    try:
        # a die drawn with the ace face (the page's own drawing, as a throw draws it), and the log's words
        got = page.evaluate("""() => { const d = document.querySelector('#dice .pdie');
            d.textContent = FACE.A; d.classList.add('ace');
            return { text: d.textContent, fits: d.scrollWidth <= d.clientWidth + 1,
                     log: faces({ faces: ['K', 'A', '9'] }),
                     tip: tips().dice }; }""")
        assert got["text"] != "A" and "ACE" in got["text"].upper(), got
        assert got["fits"], got
        for words in (got["log"], got["tip"]):  # (the article "A token…" is not the die)
            assert not re.search(r"(?<![\w-])A(?![\w-])(?! [a-z])", words) and "ace" in words, got
    finally:
        page.close()


def test_another_order_is_a_button_only_when_the_order_changes_what_happens(browser: Any, server: str) -> None:
    """Die 2 (another order of the same moves) outlined as acting was explained nowhere (Struggle newcomer 20); the
    dice as buttons beside the page's own read as hidden buttons (newcomer 33). The page's ⇄ Another order, at the end
    of the way's line, shows only where the order changes what happens (the instruction's orders_differ), and
    presses the board's die 2."""
    from playwright.sync_api import expect

    page = open_page(browser, server, PHONE)
    try:
        new_game(page)
        page.locator("#throw").click()
        expect(page.locator("#dice .pdie").first).not_to_have_attribute("data-face", "", timeout=WAIT_MS)
        page.locator("#stop").click()
        expect(page.locator("#outcomes .outcome").first).to_be_visible(timeout=WAIT_MS)
        page.wait_for_function("() => { const s = said(); return s && s.action === 'choose'"
                               " && s.messages[0].args.orders_differ !== undefined; }", timeout=WAIT_MS)
        args = page.evaluate("() => said().messages[0].args")
        assert args["orders_differ"] is False, args  # seed 7's first hand: tokens leave START, nothing meets
        expect(page.locator("#way-shown")).to_be_visible(timeout=WAIT_MS)
        assert page.locator("#other-order").count() == 0  # the same result whatever the order: nothing to press
        # where the order matters (the facts say so), the button is there and presses die 2
        page.evaluate("() => { const s = said(); s.messages[0].args.orders_differ = true;"
                      " s.buttons = { ...s.buttons, die2: s.buttons.die2 || 'name another order' }; drawInfo(); }")
        button = page.locator("#way-shown #other-order")
        expect(button).to_have_text("⇄ Another order")
        sent = page.evaluate("""() => { const out = []; const send = MB.send; MB.send = (m) => out.push(m);
            try { document.getElementById('other-order').click(); } finally { MB.send = send; } return out; }""")
        assert {"type": "press", "button": "die2"} in sent, sent
    finally:
        page.close()


def test_no_now_score_while_every_token_is_on_start(browser: Any, server: str) -> None:

    page = open_page(browser, server, WIDE)
    try:
        new_game(page)
        # a way that moves Q two spaces, for the card J Q K 10 9: said from START, then from a race under way
        said = page.evaluate("""() => {
            const card = ['J', 'Q', 'K', '10', '9'], o = (sp) => ({ moves: [{ token: 'Q', from: sp.Q, to: sp.Q + 2 }],
              spaces: { ...sp, Q: sp.Q + 2 }, arrived: [] });
            const start = { K: 0, Q: 0, J: 0, 10: 0, 9: 0 }, going = { K: 3, Q: 0, J: 1, 10: 0, 9: 0 };
            const words = (sp) => { const keep = S.view.spaces; S.view.spaces = sp;
              try { return JSON.stringify(forCard(o(sp), card)); } finally { S.view.spaces = keep; } };
            return { start: words(start), going: words(going) }; }""")
        assert "now:" not in said["start"], said["start"]
        assert "(if it stopped now:" in said["going"], said["going"]  # (K 1st, J 2nd, Q 3rd now: 0; Q 1st after: 0+...)
    finally:
        page.close()


def test_cosmetics_winner_chip_whole_on_a_phone_opaque_guide_and_no_track_default(browser: Any, server: str) -> None:
    page = open_page(browser, server, PHONE)
    try:
        # the longest chip, the game over: "Blue simulated · winner 🏆" and its points
        got = page.evaluate("""() => { const p = document.querySelector('.player:not([data-player="red"])') || document.querySelectorAll('.player')[1];
            p.querySelector('.who small').textContent = ' simulated · winner 🏆';
            const chip = p.getBoundingClientRect(), score = p.querySelector('.score').getBoundingClientRect();
            return { chip: chip.right, score: score.right, info: document.getElementById('game-info').textContent }; }""")
        assert got["score"] <= got["chip"] + 1, f"the points are cut off the chip: {got}"
        assert "default" not in got["info"], got["info"]
        guide = page.evaluate("getComputedStyle(document.getElementById('guide')).backgroundColor")
        assert not guide.startswith("rgba"), f"the first-game guide is see-through: {guide}"
    finally:
        page.close()


def test_each_way_says_what_its_aces_count_as(browser: Any, server: str) -> None:
    """Round 5: "Q START → space 2" and "Q START → space 1" differed only in what the ace counted as,
    which only the selected way's prompt said: each way says it."""
    page = open_page(browser, server, WIDE)
    try:
        page.wait_for_function("() => S.hello && S.view", timeout=WAIT_MS)
        texts = page.evaluate("""() => {
          const way = (i, ace, to) => ({ index: i, ace, order: ['Q'], plays: [], spaces: {}, arrived: [],
                                         moves: [{ token: 'Q', from: 0, to, result: 'moved' }], round_end: [] });
          S.view.phase = 'choosing'; S.view.selected = 0;
          S.view.outcomes = [way(0, ['Q'], 2), way(1, ['10'], 1), way(2, [], 1), way(3, ['J', 'Q'], 3)]; drawInfo();
          return [...document.querySelectorAll('#outcomes .outcome')].map((li) => li.textContent); }""")
        assert "ace counts as Q" in texts[0] and "ace counts as 10" in texts[1], texts
        assert "count" not in texts[2], texts[2]
        assert "aces count as J and Q" in texts[3], texts[3]
    finally:
        page.close()
