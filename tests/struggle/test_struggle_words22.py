"""Issue 15, round 22's Struggle words: once "Place tokens as shown" put the tokens where the play
sends them, the prompt goes on to what is next (the turn passes, or Stop) instead of asking for
the moves again; a die that shows a token already arrived is said to move nothing; the round's
end names the places that scored; lists read "Red, Blue and Green"."""

from __future__ import annotations

import io
import re

from test_struggle_referee import run_for, scripted


def _blue_followed():
    # red: K to space 2, 9 to space 3; blue: Q onto K's space 2 (10 blocked on the taken yellow space 3):
    # the page's "Place tokens as shown" (follow) makes blue's move, which no reed switch can see
    session, game, _ = scripted(["K K 9 9 9", "Q Q 10 10 10"],
                                ["throw", "stop", "play order=K,9", "follow", "stop",
                                 "throw", "stop", "play order=Q,10", "follow"])
    for _ in range(60):
        run_for(session, 200)
        if game.referee.current == "blue" and game.referee.state == "placing" and session.world.tokens["Q"] == "s2":
            break
    assert session.world.tokens["Q"] == "s2", session.world.tokens
    return session, game


def test_once_the_tokens_stand_as_shown_the_prompt_goes_on_to_what_is_next() -> None:
    session, game = _blue_followed()
    said = game.referee.instruction()
    text = said.text()
    assert said.message == "str.placed_unseen" and not said.blocked, text
    assert not re.search(r"\bMove\b|keeps asking", text), text  # the move is made: never asked for again
    first = text.split(". ")[0]
    # what is next: Stop, never a countdown (round 27: it passed the turn before an unseen move was made)
    assert "check by eye" in first and "press Stop to end the turn" in text and "passes in" not in text, text
    assert "check by eye: token Q on space 2" in text, text  # the move the reeds cannot see, to check by eye
    assert "stand" not in text, text  # the reeds cannot tell it is made: never claimed (newcomer round 4)


def test_dice_of_a_token_already_arrived_are_said_to_move_nothing() -> None:
    # round 22: "9 9 9 J Q" with 9 home read "token J moves first, then Q": three dice unexplained
    from mazeboard.controller.instruction import say
    from mazeboard.controller.struggle import rules
    from mazeboard.controller.struggle.rules import Play, Race
    from mazeboard.controller.struggle.words import play_said

    r = rules.Rules(rules.Track(("start",) + ("plain",) * 8 + ("finish",)))
    race = Race.of({"J": 2, "Q": 1, "K": 1, "10": 1}, ["9"])
    hand = ("9", "9", "9", "J", "Q")
    play = Play((), ("J", "Q"))
    p = play_said(play, rules.apply(r, race, hand, play), r.track, hand)
    assert say(p["id"], p["args"]) == ("token J moves first, then token Q; token 9 has already arrived "
                                       "(place A): its dice move nothing")
    both = Race.of({"J": 2, "Q": 1, "K": 1}, ["9", "10"])
    hand = ("9", "10", "A", "9", "10")
    play = Play(("9",), ())
    p = play_said(play, rules.apply(r, both, hand, play), r.track, hand)
    assert say(p["id"], p["args"]) == ("no token moves; the ace counts as a 9; tokens 9 and 10 have already "
                                       "arrived (places A and B): their dice move nothing")


def test_the_prompt_and_the_played_event_say_the_dice_of_arrived_tokens_move_nothing() -> None:
    track = ["start", "plain", "plain", "finish"]
    session, game, events = scripted(["K K K 9 9", "K 9 9 9 Q"], ["throw", "stop", "play order=K,9", "follow",
                                                                  "stop", "throw", "stop"], track=track)
    for _ in range(60):
        run_for(session, 200)
        if game.referee.current == "blue" and game.referee.state == "choosing":
            break
    said = game.referee.instruction()
    assert "K has already arrived (place A): its dice move nothing" in said.text(), said.text()


def test_the_round_end_names_the_places_that_scored() -> None:
    # round 22: the end summary gave each card and its points, not which places scored
    from test_struggle_physical_cards import _physical

    from mazeboard.controller.struggle.narrate import StruggleNarrator

    session, game, events = _physical(["card 10 9 A Q J", "card K Q J 10 9"])
    run_for(session, 90_000)
    over = next(e for e in events if e.type == "round_over")
    assert over["order"] == ["K", "Q", "J", "10", "9"], over
    assert over["scored"] == {"red": ["C"], "blue": ["A", "B", "C", "D", "E"]}, over
    out = io.StringIO()
    StruggleNarrator(out)(over)
    text = out.getvalue()
    assert "red: card 10 9 A Q J -> 10 points (scored at C: J), total 10" in text, text
    assert "blue: card K Q J 10 9 -> 50 points (scored at A: K, B: Q, C: J, D: 10 and E: 9)" in text, text


def test_the_narration_says_the_dice_of_arrived_tokens_move_nothing() -> None:
    from mazeboard.controller.struggle.narrate import StruggleNarrator
    from mazeboard.hal.events import GameEvent

    out = io.StringIO()
    narrate = StruggleNarrator(out)
    narrate.track = ["start"] + ["plain"] * 8 + ["finish"]
    narrate(GameEvent(0, "hand", {"player": "red", "faces": ["9", "9", "A", "J", "Q"], "throw": 1}))
    narrate(GameEvent(1, "played", {"player": "red", "ace": ["9"], "order": ["J", "Q"],
                                    "moves": [{"token": "J", "from": 2, "to": 3, "result": "moved"},
                                              {"token": "Q", "from": 1, "to": 2, "result": "moved"}],
                                    "spaces": {"J": 3, "Q": 2, "K": 1, "10": 1}, "arrived_order": ["9"]}))
    assert "red plays J 2->3, Q 1->2 (9 has already arrived: its dice move nothing)" in out.getvalue(), out.getvalue()
