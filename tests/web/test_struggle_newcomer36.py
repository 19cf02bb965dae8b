"""Issue 15, Struggle newcomers 35 and 36: once the hand was kept, "🎲 Throw: next way" showed the next way to play
it, and both read it as throwing again ("the 🎲 icon and the word Throw made me expect another throw"). While
choosing, the page's button is "▶ Next way" (the last way: "▶ Back to way 1"), beside "◀ Previous way", and the
prompt names it so; it is still the board's Throw button (T), which its title says."""

from __future__ import annotations

import os
from typing import Any

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serving
from test_struggle_choosing_round26a_browser import SEED7, _choosing

pytestmark = pytest.mark.browser

WAIT = 30000
PORT = int(os.environ.get("MB_TEST_PORT", "0"))


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_next_way_is_not_called_throw_while_choosing(browser: Any, size: tuple[int, int]) -> None:
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, size)
        try:
            _choosing(page)
            button = page.locator("#throw")
            said = [(button.inner_text().strip(), page.locator("#prompt-text").inner_text())]
            assert said[0][0] == "▶ Next way", said
            assert "press Stop to play it, ▶ Next way for the next one." in said[0][1] and "Throw" not in said[0][1], said
            assert "Throw" in (button.get_attribute("title") or ""), button.get_attribute("title")  # the board's button
            for n in (2, 3):
                button.click()
                page.wait_for_function("(n) => S.view.selected === n - 1 && "
                                       "document.getElementById('prompt-text').textContent.includes(`way ${n} of`)",
                                       arg=n, timeout=WAIT)
            label, prompt = button.inner_text().strip(), page.locator("#prompt-text").inner_text()
            assert label == "▶ Back to way 1", label
            assert "◀ Previous way to go back one, ▶ Back to way 1 to see the first again." in prompt, prompt
            assert "Throw" not in prompt, prompt
            button.click()
            page.wait_for_function("() => S.view.selected === 0", timeout=WAIT)
        finally:
            page.context.close()


def test_an_arrival_in_a_place_the_card_wants_for_another_is_said_as_a_loss(browser: Any) -> None:
    """Newcomer 36: "○ no change for your card (compared with now): token K takes place C, where your card wants Q:
    that place is lost for good" undersold it: K arriving 3rd also meant the card's place for K (E) could never
    score. The note says both places are lost for good, with a warning's mark, not the empty circle of a way that
    changes nothing; the points if the race stopped now are said unchanged (each mark still follows the points:
    no ✘ for a note of 0)."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view", timeout=WAIT)
            lines = page.evaluate("""() => {
              S.view.spaces = { K: 15, Q: 14, J: 16, "10": 1, "9": 1 }; S.view.arrived = ["J", "10"];
              const o = { moves: [{ token: "K", from: 15, to: 17, result: "arrived" }],
                          spaces: { K: 17, Q: 14, J: 16, "10": 1, "9": 1 }, arrived: ["J", "10", "K"] };
              return forCard(o, ["J", "10", "Q", "9", "K"]).split("\\n");
            }""")
        finally:
            page.context.close()
    king = next(line for line in lines if "token K" in line)
    assert king.startswith("⚠ a loss for your card"), lines
    assert "token K takes place C, where your card wants Q, and so never reaches its own place on your card (E)" in king, king
    assert "both places are lost for good" in king and "no change to the points if the race stopped now" in king, king


def test_ways_without_the_cards_notes_say_where_the_card_is(browser: Any) -> None:
    """Newcomer 36 went on at a wide screen while the phone held Red's seat: the ways lost their "For your card"
    notes and the board's pick, with nothing saying why. At the top of the ways a line says the card, and what
    each way does for it, are on the screen holding the seat (a free seat: take it to see them)."""
    with serving(SEED7, PORT) as url:
        phone = open_page(browser, url, PHONE)
        wide = open_page(browser, url, WIDE)
        try:
            phone.locator("button.seat-claim.red").click(timeout=WAIT)
            phone.locator("a.seat-link.red").wait_for(timeout=WAIT)
            _choosing(wide)
            line = wide.locator("#pick-line")
            line.wait_for(state="visible", timeout=WAIT)
            assert line.inner_text().startswith("🔒 Red's card is on another screen: what each way does for it shows there"), line.inner_text()
            assert wide.locator("#outcomes").inner_text().count("For your card") == 0
        finally:
            phone.context.close()
            wide.context.close()


@pytest.mark.parametrize("lang", ["de", "fa", "it", "pt"])
def test_in_every_language_the_button_and_the_prompt_name_the_next_way_alike(browser: Any, lang: str) -> None:
    """An attack: in Persian, Italian and Portuguese the prompt said "▶ Next way" (the page's English words, the
    board's sentence having no translation) beside "🎲 Throw: next way"; in German the button said "Throw: next way"
    beside "Werfen für den nächsten Weg"."""
    with serving(SEED7, PORT) as url:
        page = browser.new_page(viewport={"width": WIDE[0], "height": WIDE[1]})
        page.add_init_script("localStorage.setItem('mazeboard.guide.struggle', JSON.stringify(['goal', 'dice', 'throw', 'choose', 'place']))")
        page.goto(url.rstrip("/") + f"/?lang={lang}")
        try:
            page.wait_for_function("() => S.view && S.view.phase === 'throw' && I18N.lang === LANG".replace("LANG", repr(lang)), timeout=WAIT)
            page.locator("#throw").click()
            page.wait_for_function("() => S.view.throws > 0", timeout=WAIT)
            page.locator("#stop").click()
            page.wait_for_function("() => S.view.phase === 'choosing'", timeout=WAIT)
            for n in (1, 2, 3):
                page.wait_for_function("(n) => S.view.selected === n - 1", arg=n, timeout=WAIT)
                page.wait_for_timeout(200)
                label = page.locator("#next-way").inner_text().strip()
                prompt = page.locator("#prompt-text").inner_text()
                assert label and label in prompt, (n, label, prompt)
                assert not page.locator("#throw .throw-icon").is_visible(), (n, label)
                page.locator("#throw").click()
        finally:
            page.context.close()


def test_the_goal_tip_says_how_to_see_a_card_held_on_another_screen(browser: Any) -> None:
    """Struggle newcomer 37 went on at a wide screen while the phone held Red's seat: the first tip said "(to see it
    here, press your colour at the top)", where the top offered only "move it to this screen"; and the ways' line
    said the card was elsewhere while "way 2 of 6" stood lit with no word why (the phone had lit the pick)."""
    with serving(SEED7, PORT) as url:
        phone = open_page(browser, url, PHONE)
        wide = open_page(browser, url, WIDE)
        try:
            free = wide.evaluate("() => tips().goal")
            # (newcomer 40: the card box's button; newcomer 49: the colour at the top said to be the same)
            assert "(to see it here, press “🃏️ Show Red's card” beside the board, or Red at the top: both do the same)" in free, free
            phone.locator("button.seat-claim.red").click(timeout=WAIT)
            phone.locator("a.seat-link.red").wait_for(timeout=WAIT)
            wide.wait_for_function("() => MB.seatElsewhere('red')", timeout=WAIT)
            held = wide.evaluate("() => tips().goal")
            assert "(on another screen now: to see it here, press “⇄ show it here instead” at the top)" in held, held
            assert "and way 1 is the board's pick for it" in wide.evaluate("() => cardAway('red')")
        finally:
            phone.context.close()
            wide.context.close()


def test_made_says_every_move_of_the_play_made_so_far(browser: Any) -> None:
    """Struggle newcomer 37 moved K by clicks, then dragged 10 onto its space: "Token 9: space 5 → space 6. ✓ Made:
    token K on space 4." -- 10's move, seen by its reed, had left the board's requests and was not said made, and the
    newcomer thought the drag had failed. "✓ Made" says each move of the play whose token stands where it goes."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            _choosing(page)
            page.locator("#stop").click()  # way 1: J START -> space 4, 9 START -> space 1
            page.wait_for_function("() => S.view.phase === 'placing'", timeout=WAIT)
            page.locator('#track .token[data-token="J"]').first.click()
            page.locator('.space[data-sensor="s4"]').click()
            page.wait_for_function("() => S.world.tokens.J === 's4' && !S.view.instruction.requests.some((r) => r.piece === 'J')",
                                   timeout=WAIT)
            page.wait_for_timeout(300)
            prompt = page.locator("#prompt-text").inner_text()
            assert "START → space 1" in prompt and "✓ Made: token J on space 4." in prompt, prompt
        finally:
            page.context.close()


def test_a_ways_moves_say_their_order(browser: Any) -> None:
    """Struggle newcomer 37: two ways read "the aces count as J and 10" with the same moves listed in two orders, and
    only the log said which token moves first (where the order decides whether 10 lands on a taken yellow space).
    The moves of a way are numbered in the ways list ("1.", "2.", the order they move in) and say "then" in a phone's line under
    the dice."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, PHONE)
        try:
            _choosing(page)
            line = page.locator("#way-shown").inner_text()
            assert "token J START → space 4 · then token 9 START → space 1" in line, line
            first = [" ".join(t.split()) for t in page.locator('#outcomes .outcome[data-index="0"] .moves li').all_inner_texts()]
            # (numbered: Struggle newcomer 39 read "first/then" as places in the race)
            assert first[0].startswith("1.") and first[1].startswith("2."), first
        finally:
            page.context.close()


def test_a_way_played_is_not_rewritten_and_made_counts_the_rounds_last_token(browser: Any) -> None:
    """Struggle newcomer 38: after Stop played a way, its entry read "the aces count as K, K and K (K arrived
    already: moves nothing)" beside "K space 13 → arrival place C": the note counted the arrival this very play
    made. It is said only while choosing, of tokens arrived before the play. And "✓ Made" left out J put on E, the
    round's last place (the fourth arrival's round end, not one of the play's moves)."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("S.hello && S.view && S.world", timeout=WAIT)
            said = page.evaluate("""() => {
              const v = S.view;
              v.outcomes = [{ index: 0, moves: [{ token: "K", from: 13, to: 17, result: "moved", place: "C" }], ace: ["K", "K", "K"],
                              plays: [{ aces: ["K", "K", "K"], order: ["K"] }], spaces: {}, arrived: ["Q", "10", "K", "9"],
                              round_end: [{ token: "J", from: 11, place: "E" }] }];
              v.faces = ["A", "A", "A", "K", "Q"]; v.selected = 0; v.current = "red";
              v.phase = "placing"; v.arrived = ["Q", "10", "K", "9"];
              drawInfo();
              const entry = document.querySelector('#outcomes .outcome[data-index="0"]').innerText;
              S.world.tokens = { ...S.world.tokens, K: "place-C", J: "place-E" };
              return { entry, ends: playEnds() }; }""")
            assert "arrived already" not in said["entry"], said["entry"]
            assert ["J", "place-E"] in said["ends"] and ["K", "place-C"] in said["ends"], said["ends"]
        finally:
            page.context.close()


def test_a_wide_screen_says_the_other_players_play_too(browser: Any) -> None:
    """Struggle newcomer 39 at 1920x1080: the phone's prompt had said "Blue played: token K space 4 → space 6 · …"
    at Red's "press Throw", the wide screen only "Red: press Throw.", and Blue's play had to be dug out of the log.
    Every width says it, where the prompt's room holds it (the track does not move)."""
    with serving(SEED7, PORT) as url:
        page = open_page(browser, url, WIDE)
        try:
            page.wait_for_function("() => S.view && S.view.phase === 'throw' && S.view.current === 'red' && !S.view.throws", timeout=WAIT)
            track = page.locator(".track-frame").bounding_box()
            page.evaluate("""() => { heardNews({ type: "played", player: "blue",
                                    moves: [{ token: "K", from: 0, to: 2, result: "moved" }] }); drawPrompt(); }""")
            news = page.locator("#prompt-news")
            assert news.is_visible() and news.inner_text().startswith("Blue played: token K START → space 2"), news.inner_text()
            assert page.locator(".track-frame").bounding_box()["y"] == pytest.approx(track["y"], abs=1), "the track moved"
        finally:
            page.context.close()
