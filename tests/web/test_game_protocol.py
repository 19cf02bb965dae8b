"""The Labyrinth and Struggle page messages: every type parsed into its frozen command; malformed,
mistyped, out-of-range and other games' messages rejected with a one-line reason."""

from __future__ import annotations

import json
import random

import pytest

from mazeboard.sim.web import labyrinth_table as lab
from mazeboard.sim.web import struggle_table as stg
from mazeboard.hal.web.protocol import BadMessage
from mazeboard.sim.web.protocol import Lift, Place, Press, Slide, parse_message

LAB = lab.PARSERS
STG = stg.PARSERS


@pytest.mark.parametrize("text, command", [
    ('{"type": "rotate"}', lab.Rotate()),
    ('{"type": "insert", "slot": "W-4", "id": 7}', lab.Insert("W-4", 7)),
    ('{"type": "slide", "player": "red", "to": "g7"}', Slide("red", "g7")),
    ('{"type": "slide", "player": "vader", "to": "d4"}', Slide("vader", "d4")),
    ('{"type": "lift", "player": "blue"}', Lift("blue")),
    ('{"type": "place", "player": "green", "cell": "a7"}', Place("green", "a7")),
    ('{"type": "press", "button": "done"}', Press("done")),
    ('{"type": "new_game", "players": 3, "humans": ["red"], "seed": null, "edition": "star-wars", '
     '"variants": ["vader", "younger"]}', lab.NewLabyrinth(3, ("red",), None, "star-wars", ("vader", "younger"))),
])
def test_labyrinth_messages(text: str, command: object) -> None:
    assert parse_message(text, LAB) == command


@pytest.mark.parametrize("text, command", [
    ('{"type": "press", "button": "throw"}', Press("throw")),
    ('{"type": "press", "button": "die5"}', Press("die5")),
    ('{"type": "press", "button": "stop", "id": 3}', Press("stop", 3)),
    ('{"type": "pick", "index": 0}', stg.Pick(0)),
    ('{"type": "move", "token": "10", "to": "s17"}', stg.MoveToken("10", "s17")),
    ('{"type": "move", "token": "K", "to": "place-E"}', stg.MoveToken("K", "place-E")),
    ('{"type": "follow"}', stg.Follow()),
    ('{"type": "gather"}', stg.Gather()),
    ('{"type": "new_game", "players": 4, "humans": [], "seed": 12, "rounds": 3}', stg.NewStruggle(4, (), 12, 3)),
])
def test_struggle_messages(text: str, command: object) -> None:
    assert parse_message(text, STG) == command


@pytest.mark.parametrize("parsers, text, reason", [
    (LAB, '{"type": "insert", "slot": "S-a"}', "slot must be one of"),
    (LAB, '{"type": "insert"}', "missing field 'slot'"),
    (LAB, '{"type": "rotate", "quarters": 2}', "unknown field 'quarters'"),
    (LAB, '{"type": "slide", "player": "red", "to": "h1"}', "a cell a1..g7"),
    (LAB, '{"type": "slide", "player": "red", "to": 11}', "a cell a1..g7"),
    (LAB, '{"type": "slide", "player": "purple", "to": "a1"}', "player must be one of"),
    (LAB, '{"type": "press", "button": "roll"}', "button must be one of done"),
    (LAB, '{"type": "fetch-ball", "player": "red"}', "unknown message type"),
    (LAB, '{"type": "throw"}', "unknown message type"),
    (LAB, '{"type": "new_game", "players": 2, "humans": [], "seed": null, "edition": "lego", "variants": []}',
     "edition must be one of"),
    (LAB, '{"type": "new_game", "players": 2, "humans": [], "seed": null, "edition": "classic", '
          '"variants": ["vader", "vader"]}', "listed twice"),
    (LAB, '{"type": "new_game", "players": 2, "humans": [], "seed": null, "edition": "classic", '
          '"variants": ["chess"]}', "not one of"),
    (STG, '{"type": "press", "button": "roll"}', "button must be one of"),
    (STG, '{"type": "press", "button": "die6"}', "button must be one of"),
    (STG, '{"type": "pick", "index": -1}', "whole number 0..999"),
    (STG, '{"type": "pick", "index": 1.5}', "whole number"),
    (STG, '{"type": "pick", "index": true}', "whole number"),
    (STG, '{"type": "move", "token": "A", "to": "s1"}', "token must be one of"),
    (STG, '{"type": "move", "token": "K", "to": "s-1"}', "a space s0..sN"),
    (STG, '{"type": "move", "token": "K", "to": "place-F"}', "a space s0..sN"),
    (STG, '{"type": "follow", "now": true}', "unknown field 'now'"),
    (STG, '{"type": "insert", "slot": "S-b"}', "unknown message type"),
    (STG, '{"type": "new_game", "players": 2, "humans": [], "seed": null, "rounds": 0}', "rounds must be"),
    (STG, '{"type": "new_game", "players": 5, "humans": [], "seed": null, "rounds": 1}', "players must be"),
    (STG, '[1, 2]', "must be a JSON object"),
    (STG, '{"type": "press", "button": "throw"', "not JSON"),
    (LAB, "x" * 5000, "too long"),
])
def test_malformed_messages_are_rejected_with_the_reason(parsers: dict, text: str, reason: str) -> None:
    with pytest.raises(BadMessage, match=reason):
        parse_message(text, parsers)


def test_the_reason_keeps_the_id_for_the_reply() -> None:
    with pytest.raises(BadMessage) as info:
        parse_message('{"type": "insert", "slot": 4, "id": 42}', LAB)
    assert info.value.msg_id == 42


@pytest.mark.parametrize("parsers", [LAB, STG])
def test_fuzzed_messages_never_raise_anything_else(parsers: dict) -> None:
    rng = random.Random(8)
    values = [None, True, 0, -1, 3, 10**20, 1.5, "", "red", "vader", "S-b", "s3", "place-A", "K", "done",
              "throw", [], ["red"], {"a": 1}, "x" * 50]
    keys = ["type", "id", "slot", "player", "to", "cell", "button", "index", "token", "players", "humans",
            "seed", "edition", "variants", "rounds"]
    types = list(parsers) + ["nope"]
    accepted = 0
    for _ in range(3000):
        msg = {k: rng.choice(values) for k in rng.sample(keys, rng.randint(0, 5))}
        if rng.random() < 0.8:
            msg["type"] = rng.choice(types)
        try:
            parse_message(json.dumps(msg), parsers)
            accepted += 1
        except BadMessage:
            pass
    assert 0 < accepted < 3000
