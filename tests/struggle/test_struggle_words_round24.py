"""Issue 15, round 24 (Struggle newcomer): plain words -- a person reads what the board cannot tell
them, never "the reed switches cannot see"; "check by eye" is said once per prompt, never in every
line; the placing prompt says the net moves first (token X: from -> to) and is short."""

from __future__ import annotations

import re

from test_struggle_referee import run_for, scripted

from mazeboard.controller.instruction import MESSAGES
from mazeboard.hal.web.controls import CONTROL_REASONS


def _placing():
    # seed 80369's first play: K, J and 9 from START to space 1, 10 to space 2 (Q stays); once K closes
    # space 1 the board cannot tell when J and 9 follow
    session, game, _ = scripted(["K J 9 10 10"], ["throw", "stop", "play order=K,J,9,10"])
    for _ in range(20):
        run_for(session, 200)
        if game.referee.state == "placing":
            break
    assert game.referee.state == "placing"
    return session, game


def test_no_sentence_a_person_reads_names_the_reed_switches_of_the_struggle_track() -> None:
    said = {k: v for k, v in {**MESSAGES, **CONTROL_REASONS}.items()
            if k.startswith(("str.", "request.token", "page.str")) and isinstance(v, str)}
    reeds = {k: v for k, v in said.items() if re.search(r"reed", v, re.I)}
    assert not reeds, reeds
    for k in ("str.why.ambiguous", "str.why.unseen", "str.confirm", "str.confirm_all"):
        assert "the board cannot tell" in MESSAGES[k].lower(), (k, MESSAGES[k])


def test_the_placing_prompt_says_the_net_moves_first_and_short() -> None:
    session, game = _placing()
    text = game.referee.instruction().text()
    assert "Token K: START → space 1" in text, text
    assert text.index("Token K: START → space 1") < 60, text  # the moves come first, no story before
    assert "as the play moves it" not in text and "as the play says" not in text, text
    assert len(text) <= 150, (len(text), text)


def test_check_by_eye_is_said_once_per_prompt() -> None:
    session, game = _placing()
    run_for(session, session.world.move("K", "s1") + 50)  # J and 9 follow unseen; 10 still to move
    said = game.referee.instruction()
    text = said.text()
    assert said.message == "str.place_unseen", text
    assert "reed" not in text, text
    assert text.count("by eye") == 1, text
    assert "Token 10: START → space 2" in text and "Token J: START → space 1" in text, text
    assert len(text) <= 240, (len(text), text)  # it was 480
    run_for(session, session.world.move("10", "s2") + 50)
    text = game.referee.instruction().text()
    assert "reed" not in text and text.count("by eye") == 1, text
