"""Issue 15, round 22 (third Struggle newcomer) on the page: the placed prompt asks for Stop (the settle
countdown it counted down is gone since round 27); the whole prompt is visible on a phone and at 1920x1080, the longest ones too (no box
of fixed height that scrolls without a hint)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_plain_words_browser import PHONE, WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser

# the longest prompts a game says: placing with moves no reed can see (seed 80369's first play, as the
# board said it before round 22's words), and choosing among ways with a play that says the aces
PLACING = ("Red: move the tokens as the play says, where the LEDs blink. The reed switches cannot see every move "
           "of this play (a token joins or leaves a space another token keeps), so the board cannot tell when "
           "those are made: once every token stands right, press Stop or wait a moment: K goes from START to "
           "space 1 (as the play moves it). J goes from START to space 1 (the reed switches cannot see this "
           "move: check it by eye). 9 goes from START to space 1 (the reed switches cannot see this move: check "
           "it by eye). 10 goes from START to space 2 (as the play moves it).")
CHOOSING = ("Red: the LEDs show way 3 of 12 to play K A A 9 10 (token K moves first, then 9, then 10, then Q; the "
            "aces count as a Q and a K; token J has already arrived (place A): its dice move nothing): press "
            "Stop to play it, Throw for the next way, Die 1 for the previous one.")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 8742)
    yield url
    stop(proc)


@pytest.fixture
def wide(browser: Any, server: str) -> Iterator[Any]:
    """The page at 1920x1080, closed after the test (the prologue the tests below shared, each a copy)."""
    page = open_page(browser, server, WIDE)
    yield page
    page.close()


def _say(page: Any, text: str, message: dict[str, Any] | None = None, until: int | None = None) -> None:
    page.evaluate("""([text, message, until]) => {
      S.view.instruction = { ...S.view.instruction, player: "red", messages: message ? [message] : [],
                             until, text };
      S.view.prompt = text;
      drawInfo();
    }""", [text, message, until])


@pytest.mark.parametrize("size", [PHONE, WIDE], ids=["phone", "wide"])
def test_the_longest_prompts_are_seen_whole(browser: Any, server: str, size: tuple[int, int]) -> None:
    page = open_page(browser, server, size)
    try:
        for text in (PLACING, CHOOSING):
            _say(page, text)
            box = page.evaluate("() => { const p = document.getElementById('prompt'); "
                                "return { scroll: p.scrollHeight, client: p.clientHeight, text: p.textContent }; }")
            assert text in box["text"]
            assert box["scroll"] <= box["client"] + 1, (size, box["scroll"], box["client"], text[:40])
    finally:
        page.close()


def test_the_placed_prompt_asks_for_stop_and_counts_nothing_down(wide: Any) -> None:
    # round 27: a play's turn ends at Stop, never by a countdown (the page counted "passes in N s" down)
    text = "The tokens stand where Red's play put them: press Stop to end the turn."
    _say(wide, text, {"id": "str.placed", "args": {"player": "red"}}, None)
    wide.evaluate("() => { S.view.controls = { ...S.view.controls, stop: [true, ''] }; drawInfo(); }")
    first = wide.locator("#prompt-text").text_content()
    wide.wait_for_timeout(1500)
    assert wide.locator("#prompt-text").text_content() == first == text, first


def test_while_the_tokens_are_placed_for_the_player_the_prompt_says_so(wide: Any) -> None:
    asking = "Red: move the tokens as the play says, where the LEDs blink: K goes from START to space 2."
    _say(wide, asking, None)
    wide.evaluate("() => { S.view.instruction.action = 'place'; drawInfo(); }")
    wide.evaluate("() => HANDLERS.world({ world: { ...S.world, busy: true, placing: true } })")
    text = wide.locator("#prompt-text").text_content() or ""
    assert "Placing the tokens" in text and "goes from" not in text, text
    wide.evaluate("() => HANDLERS.world({ world: { ...S.world, busy: false, placing: false } })")
    assert wide.locator("#prompt-text").text_content() == asking


def test_a_way_that_ends_the_round_shows_the_last_token_on_its_place(wide: Any) -> None:
    # round 22: "J space 10 → space 11", then the board asked for J on arrival place E
    from mazeboard.controller.struggle import rules
    from mazeboard.controller.struggle.referee import outcome_summary
    from mazeboard.controller.struggle.rules import Race

    r = rules.Rules(rules.Track(("start",) + ("plain",) * 8 + ("finish",)))
    race = Race.of({"J": 2, "Q": 6}, ["9", "10", "K"])
    ways = [outcome_summary(i, o, race) for i, o in enumerate(rules.outcomes(r, race, ("J", "J", "Q", "Q", "Q")))]
    lines = wide.evaluate("""(ways) => {
      S.view.phase = "choosing"; S.view.outcomes = ways; S.view.selected = 0; drawInfo();
      return [...document.querySelectorAll("#outcomes .outcome .moves li")].map((li) => li.textContent);
    }""", ways)
    assert any(line.startswith("J") and "arrival place E" in line for line in lines), lines


def test_no_change_says_what_it_compares_with_and_the_points_say_now(wide: Any) -> None:
    # round 22: a way marked "○ no change for your card" showed 30 points while the race now scores 20
    lines = wide.evaluate("""() => {
      S.view.spaces = { K: 3, Q: 2, J: 1, "10": 5, "9": 4 }; S.view.arrived = [];
      const o = { moves: [{ token: "Q", from: 2, to: 7, result: "moved" }],
                  spaces: { K: 3, Q: 7, J: 1, "10": 5, "9": 4 }, arrived: [] };
      return forCard(o, ["9", "A", "10", "K", "J"]).split("\\n");
    }""")
    same = [line for line in lines if line.startswith("○")]
    assert same and all("compared with now" in line for line in same), lines
    assert lines[-1] == "If the race stopped after this way: 30 points for your card (if it stopped now: 20)", lines


def test_an_arrival_that_makes_its_points_sure_says_so_not_no_change(wide: Any) -> None:
    """Struggle newcomer 33: the way that brought token 10 home to its ★ place read "○ no change for your card ...
    its 10 points, counted already, now stay for good" while the scores showed "–" (counted when the round ends):
    the move that made the player's only points sure read as pointless, and "counted already" as a contradiction."""
    lines = wide.evaluate("""() => {
      S.view.spaces = { K: 3, Q: 2, J: 1, "10": 15, "9": 4 }; S.view.arrived = [];
      const o = { moves: [{ token: "10", from: 15, to: 17, result: "arrived", place: "A" }],
                  spaces: { K: 3, Q: 2, J: 1, "9": 4 }, arrived: ["10"] };
      return [forCard(o, ["10", "A", "9", "K", "J"]).split("\\n"), forCard(o, ["A", "10", "9", "K", "J"]).split("\\n")];
    }""")
    for said in lines:
        first = next(line for line in said if "token 10 " in line)
        assert first.startswith("🔒") and "cannot be lost" in first, said
        assert "counted already" not in first and "no change in points" not in first, said
