"""Issue 15, round 22 (third newcomer of Struggle): once the reeds have seen what they can, the prompt
is short -- what is next (Stop since round 27), then the moves no reed can see as one "check by eye"
list, never as orders again; a way's preview ends where the referee will put the tokens (the round's
end included)."""

from __future__ import annotations

import re

from test_struggle_referee import run_for, scripted


def _red_placed_unseen():
    # seed 80369's first play: K, J and 9 from START to space 1, 10 to space 2 (Q stays); once K closes
    # space 1 the reeds cannot see J and 9 follow
    session, game, _ = scripted(["K J 9 10 10"], ["throw", "stop", "play order=K,J,9,10"])
    for _ in range(20):
        run_for(session, 200)
        if game.referee.state == "placing":
            break
    run_for(session, session.world.move("K", "s1") + 50)
    run_for(session, session.world.move("10", "s2") + 50)
    return session, game


def test_placed_with_unseen_moves_is_one_short_sentence_and_a_check_by_eye_list() -> None:
    session, game = _red_placed_unseen()
    said = game.referee.instruction()
    text = said.text()
    assert said.message == "str.placed_unseen", text
    # what is next: Stop (round 27: no countdown while a move no reed can see may be unmade)
    assert said.until_ms is None and "Then press Stop to end the turn." in text, text
    assert "in a moment" not in text, text
    assert "goes from" not in text and "put it there now" not in text, text  # never an order again
    assert re.search(r"check by eye: tokens (K, )?J and 9 on space 1\. Then press Stop", text), text
    assert "stand" not in text, text  # round 4: "tokens stand as the play says" before anything moved
    assert len(text) <= 160, (len(text), text)
    # the requests stay (the LEDs and the page point at them), said in the list only
    assert {"J", "9"} <= {r.piece for r in said.requests} and not said.blocked


def test_a_way_that_ends_the_round_shows_the_last_token_on_the_last_place() -> None:
    # round 22: the ways list said "J space 10 -> space 11", then the board asked for J on arrival place E
    # (the fourth arrival ends the round, the fifth token takes E): a way shows where tokens really end
    from mazeboard.controller.struggle import rules
    from mazeboard.controller.struggle.referee import outcome_summary
    from mazeboard.controller.struggle.rules import Race

    r = rules.Rules(rules.Track(("start",) + ("plain",) * 8 + ("finish",)))
    race = Race.of({"J": 2, "Q": 6}, ["9", "10", "K"])
    outs = rules.outcomes(r, race, ("J", "J", "Q", "Q", "Q"))
    assert outs
    for i, o in enumerate(outs):
        s = outcome_summary(i, o, race)
        shown = {m["token"]: m["place"] for m in s["moves"] if m.get("place")}
        shown.update({e["token"]: e["place"] for e in s["round_end"]})
        assert shown == {"Q": "D", "J": "E"}, s
        end = s["round_end"][0]
        moved = [m["to"] for m in s["moves"] if m["token"] == "J"]
        assert end["from"] == (moved[-1] if moved else 2), s  # from where it stands once the moves are made


def test_the_pages_view_keeps_a_ways_round_end() -> None:
    from mazeboard.hal.web.views import StruggleView

    v = StruggleView(humans=["red"])
    end = [{"token": "J", "from": 4, "place": "E"}]
    v.apply({"type": "outcomes", "player": "red", "faces": ["J", "J", "Q", "Q", "Q"], "hint": 0, "selected": 0,
             "outcomes": [{"index": 0, "plays": ["order=J,Q"], "spaces": {}, "arrived": ["9", "10", "K", "Q", "J"],
                           "moves": [], "round_end": end}]})
    assert v.to_dict()["outcomes"][0]["round_end"] == end


def test_the_help_says_how_tokens_on_one_space_are_ranked_as_the_hints_rank_them() -> None:
    """Seen (newcomer, round 4): "token Q moves ahead, still 1st in the race" with 10 and Q on one
    space: how tokens sharing a space are ranked was said nowhere. The help says it, in the order
    the hints use (rules.projected_order: furthest first, ties in token order)."""
    from pathlib import Path

    from mazeboard.controller.struggle import rules
    from mazeboard.hal.struggle import TOKENS

    html = (Path(rules.__file__).resolve().parents[2] / "hal" / "web" / "static" / "struggle.html").read_text("utf-8")
    assert "on one space" in html and " before ".join(TOKENS) in html
    race = rules.Race.of({"Q": 6, "10": 6, "K": 2, "J": 1, "9": 0})
    assert rules.projected_order(rules.Rules.default(), race)[:2] == ("Q", "10")  # the order the help says
