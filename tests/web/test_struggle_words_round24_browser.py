"""Issue 15, round 24 (Struggle newcomer) on the page: in the simulator, where the page knows where
each token stands, the board's "check by eye" of moves already made is not asked again: the prompt
says the tokens stand where the play put them (the countdown kept)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest
from test_plain_words_browser import WIDE, open_page, serve, stop

pytestmark = pytest.mark.browser

UNSEEN = ("Red: the board cannot tell whether these moves are made, so check by eye: tokens J and 9 on space 1. "
          "Then the turn passes in 5 s, or press Stop.")


@pytest.fixture(scope="module")
def server() -> Iterator[str]:
    proc, url = serve(("--game", "struggle", "--players", "2", "--seed", "7", "--humans", "red"), 9624)
    yield url
    stop(proc)


def _say_unseen(page: Any, tokens: dict[str, str]) -> str:
    return page.evaluate("""([text, tokens]) => {
      const requests = ["J", "9"].map((piece) => ({ piece, kind: "token", from: "s0", to: ["s1"], blocking: false }));
      HANDLERS.world({ world: { ...S.world, busy: false, placing: false, tokens: { ...S.world.tokens, ...tokens } } });
      S.view.instruction = { ...S.view.instruction, player: "red", action: "place", requests, until: 99999, text,
        messages: [{ id: "str.placed_unseen", args: { player: "red", left: 5,
                     unseen: "tokens J and 9 on space 1" } }] };
      S.view.prompt = text;
      drawInfo();
      return document.getElementById("prompt-text").textContent;
    }""", [UNSEEN, tokens])


def test_moves_the_simulator_made_are_not_checked_by_eye(browser: Any, server: str) -> None:
    page = open_page(browser, server, WIDE)
    try:
        made = _say_unseen(page, {"J": "s1", "9": "s1"})
        assert "by eye" not in made and "stand where the play put them" in made, made
        assert "passes in" in made, made  # the countdown stays
        not_made = _say_unseen(page, {"J": "s0", "9": "s1"})
        assert "check by eye" in not_made, not_made
    finally:
        page.close()
