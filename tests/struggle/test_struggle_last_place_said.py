"""Issue 15, Struggle newcomer 21: on a round's last turn the way listed token K twice (its own move, then
"→ arrival place E" as the round ended) while the prompt said only K's move: the fourth arrival came after K
had moved in the order played, and the words of the play (controller/struggle/words.py) left out the last
place of a token that had moved before. The prompt says every token the way puts on an arrival place."""

from __future__ import annotations

from mazeboard.controller.instruction import say
from mazeboard.controller.struggle import rules
from mazeboard.controller.struggle.rules import Play, Race
from mazeboard.controller.struggle.words import play_said


def _said(order: tuple[str, ...]) -> str:
    track = rules.Track(("start",) + ("plain",) * 8 + ("finish",))
    race = Race.of({"J": 8, "K": 2}, ["9", "10", "Q"])  # three arrived: the fourth ends the round
    play = Play((), order)
    result = rules.apply(rules.Rules(track), race, ("K", "J", "9", "9", "9"), play)
    assert dict(result.arrivals) == {"J": "D", "K": "E"}, result
    said = play_said(play, result, track)
    return say(said["id"], said["args"])


def test_a_token_that_moved_before_the_fourth_arrival_is_said_to_take_the_last_place() -> None:
    text = _said(("K", "J"))
    assert "token K takes the last place, E" in text, text
    assert "token J" in text and "D" in text, text


def test_the_last_token_said_once_when_it_did_not_move() -> None:
    text = _said(("J", "K"))  # J arrives fourth first: K's own move is never played
    assert text.count("token K takes the last place, E") == 1, text
