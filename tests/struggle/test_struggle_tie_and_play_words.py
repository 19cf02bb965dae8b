"""Issue 15, Struggle's last newcomer confusions in words: a tie (RULES.md §3: the highest total
wins; several players with it all win) is said plainly and alike by the board, the narration and
the lobby ("Red and Blue tie with 30 points: both win"), never "share the win"; and the play's
words inside the prompt ("token K moves first, then Q; the ace counts as a Q") are catalogue
messages, so a prompt in German holds none of their English words."""

from __future__ import annotations

import io
import re

from test_struggle_referee import run_for, scripted

from mazeboard.controller.instruction import phrase, say
from mazeboard.controller.struggle.narrate import StruggleNarrator
from mazeboard.controller.struggle.rules import Play
from mazeboard.controller.translate import say_messages

TIE_ACTIONS = ["throw", "stop", "play order=K", "follow", "throw", "stop", "play order=Q", "follow",
               "throw", "stop", "play order=J", "follow", "throw", "stop", "play order=10", "follow"]

#: the English words of a play's description (Play.words) and of a tie
PLAY_WORDS = re.compile(r"\b(token|moves?|first|then|ace|aces|counts?|each|and)\b")


def _tie() -> tuple[object, list]:
    session, game, events = scripted(["K K K K K", "Q Q Q Q Q", "J J J J J", "10 10 10 10 10"], TIE_ACTIONS,
                                     track=["start", "plain", "yellow", "red", "black", "finish"],
                                     objectives={"red": ["K", "A", "9", "10", "Q"], "blue": ["K", "Q", "A", "J", "10"]})
    run_for(session, 20_000)
    return game, events


def test_a_tie_is_said_plainly_by_the_board_and_the_narration() -> None:
    game, events = _tie()
    said = game.referee.instruction()
    assert said.text() == "Red and Blue tie with 30 points: both win!"
    out = io.StringIO()
    StruggleNarrator(out)(next(e for e in events if e.type == "game_over"))
    line = out.getvalue()
    assert "share" not in line and "Red and Blue tie with 30 points: both win (red 30, blue 30)" in line, line


def test_a_tie_of_three_says_they_all_win() -> None:
    from mazeboard.controller.struggle.instructions import tie_message

    assert say(*tie_message(["red", "blue", "green"], 20)) == "Red, Blue and Green tie with 20 points: all three win!"
    assert say(*tie_message(["red", "blue", "green", "yellow"], 20)) == \
        "Red, Blue, Green and Yellow tie with 20 points: all four win!"


def test_a_tie_is_said_in_german_without_english_words() -> None:
    game, events = _tie()
    german = say_messages(game.referee.instruction().fields()["messages"], "de", "")
    assert german and not PLAY_WORDS.search(german) and "Rot" in german and "Blau" in german, german
    out = io.StringIO()
    StruggleNarrator(out, lang="de")(next(e for e in events if e.type == "game_over"))
    assert not PLAY_WORDS.search(out.getvalue().replace("***", "")), out.getvalue()


def test_the_play_words_in_the_prompt_are_said_in_german() -> None:
    session, game, _ = scripted(["K A Q 9 9"], ["throw", "stop"])
    run_for(session, 2000)
    said = game.referee.instruction()
    assert said.message in ("str.choose", "str.choose_first"), said.text()  # way 1: no previous way (round 27)
    assert "moves" in said.text()  # the English prompt describes the play
    german = say_messages(said.fields()["messages"], "de", "")
    assert german, "the choice of ways is not said in German"
    assert not PLAY_WORDS.search(german), german


def test_every_play_is_described_in_german_without_english_words() -> None:
    from mazeboard.controller.translate import say_in

    for play in (Play(), Play((), ("K",)), Play(("Q",), ("K", "Q", "9")), Play(("Q", "K"), ("K", "Q")),
                 Play(("10", "10", "10", "10"), ("10",)), Play(("K", "Q", "J"), ("K", "Q", "J", "9"))):
        args = {"player": "red", "hand": "K A", "play": play.phrase(), "play_text": phrase("str.play_text", play=play.phrase())}
        german = say_in("de", "str.choose_one", args)
        assert german and not PLAY_WORDS.search(german), (play, german)
        assert say("str.choose_one", args).count(play.words()) == 1


def test_the_dice_held_are_said_in_german_too() -> None:
    session, game, _ = scripted(["K A Q 9 9"], ["throw", "hold 1 3"])
    run_for(session, 2000)
    said = game.referee.instruction()
    assert "(holding die 1, 3)" in said.text(), said.text()
    german = say_messages(said.fields()["messages"], "de", "")
    assert "1, 3" in german and "holding" not in german, german
