"""The page -> server message protocol: every well-formed command, and malformed or hostile
messages rejected with a one-line reason (BadMessage) and nothing else."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mazeboard.hal.errors import ProtocolError
from mazeboard.hal.web.protocol import BadMessage, error_reply
from mazeboard.sim.web.protocol import FetchBall, Lift, NewGame, Place, Press, Reveal, Slide, parse_message


@pytest.mark.parametrize("message,command", [
    ({"type": "press", "button": "roll"}, Press("roll")),
    ({"type": "press", "button": "done", "id": 7}, Press("done", 7)),
    ({"type": "slide", "player": "red", "to": "a2"}, Slide("red", "a2")),
    ({"type": "lift", "player": "blue"}, Lift("blue")),
    ({"type": "place", "player": "green", "cell": "f6"}, Place("green", "f6")),
    ({"type": "fetch-ball", "player": "yellow"}, FetchBall("yellow")),
    ({"type": "reveal", "on": True}, Reveal(True)),
    ({"type": "new_game", "players": 3, "maze": "hard", "humans": ["red", "green"], "seed": 12},
     NewGame(3, "hard", ("red", "green"), 12)),
    ({"type": "new_game", "players": 2, "maze": "easy", "humans": [], "seed": None}, NewGame(2, "easy", (), None)),
    ({"type": "new_game", "players": 2, "maze": "easy", "humans": []}, NewGame(2, "easy", (), None)),
])
def test_well_formed_messages(message: dict, command: object) -> None:
    assert parse_message(json.dumps(message)) == command
    assert parse_message(json.dumps(message).encode()) == command


@pytest.mark.parametrize("text,reason", [
    ("", "not JSON"),
    ("{", "not JSON"),
    ("roll", "not JSON"),
    ("[1, 2]", "must be a JSON object"),
    ('"press"', "must be a JSON object"),
    ("null", "must be a JSON object"),
    ('{"button": "roll"}', "unknown message type null"),
    ('{"type": "explode"}', 'unknown message type "explode"'),
    ('{"type": 3}', "unknown message type 3"),
    ('{"type": "press"}', "press: missing field 'button'"),
    ('{"type": "press", "button": "reset"}', "button must be one of roll, done"),
    ('{"type": "press", "button": "roll", "force": true}', "unknown field 'force'"),
    ('{"type": "slide", "player": "red", "to": "g7"}', "to must be a cell a1..f6"),
    ('{"type": "slide", "player": "red", "to": "a0"}', "to must be a cell"),
    ('{"type": "slide", "player": "red", "to": ["a2"]}', "to must be a cell"),
    ('{"type": "slide", "player": "purple", "to": "a2"}', "player must be one of red, blue, green, yellow"),
    ('{"type": "slide", "player": null, "to": "a2"}', "player must be one of"),
    ('{"type": "place", "player": "red"}', "missing field 'cell'"),
    ('{"type": "reveal", "on": 1}', "on must be true or false"),
    ('{"type": "reveal", "on": "yes"}', "on must be true or false"),
    ('{"type": "new_game", "players": 5, "maze": "easy", "humans": []}', "players must be a whole number 2..4"),
    ('{"type": "new_game", "players": true, "maze": "easy", "humans": []}', "players must be a whole number"),
    ('{"type": "new_game", "players": 2.0, "maze": "easy", "humans": []}', "players must be a whole number"),
    ('{"type": "new_game", "players": 2, "maze": "walls", "humans": []}', "maze must be one of easy, hard"),
    ('{"type": "new_game", "players": 2, "maze": "easy", "humans": "red"}', "humans must be a list"),
    ('{"type": "new_game", "players": 2, "maze": "easy", "humans": ["red", "red"]}', "listed twice"),
    ('{"type": "new_game", "players": 2, "maze": "easy", "humans": ["pink"]}', "is not a colour"),
    ('{"type": "new_game", "players": 2, "maze": "easy", "humans": [], "seed": -1}', "seed must be a whole number"),
    ('{"type": "new_game", "players": 2, "maze": "easy", "humans": [], "seed": 1e300}', "seed must be"),
    ('{"type": "press", "button": "roll", "id": "x"}', "id must be a whole number"),
    ('{"type": "press", "button": NaN}', "not JSON"),
    ('{"type": "press", "button": Infinity}', "not JSON"),
    ("[" * 100_000, "message too long"),
    ("[" * 2000 + "]" * 2000, "message too long"),
    ("[" * 1000 + "]" * 1000, "not JSON"),  # nesting deeper than the parser allows
    ('{"type": "press", "button": "' + "x" * 5000 + '"}', "message too long"),
])
def test_malformed_messages_get_a_one_line_reason(text: str, reason: str) -> None:
    with pytest.raises(BadMessage) as e:
        parse_message(text)
    assert reason in str(e.value)
    assert "\n" not in str(e.value) and len(str(e.value)) < 200


def test_the_reply_keeps_the_message_id_when_it_could_be_read() -> None:
    with pytest.raises(BadMessage) as e:
        parse_message('{"type": "slide", "player": "red", "to": "z9", "id": 41}')
    assert e.value.msg_id == 41
    assert error_reply(str(e.value), e.value.msg_id) == {"type": "error", "message": str(e.value), "id": 41}
    assert isinstance(e.value, ProtocolError)


def test_bytes_that_are_not_utf8() -> None:
    with pytest.raises(BadMessage, match="UTF-8"):
        parse_message(b"\xff\xfe{")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=4),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None)
@given(st.dictionaries(st.sampled_from(["type", "button", "player", "to", "cell", "on", "players", "maze",
                                        "humans", "seed", "id", "x"]), json_values, max_size=6),
       st.sampled_from(["press", "slide", "lift", "place", "fetch-ball", "reveal", "new_game", None]))
def test_hostile_objects_parse_or_are_refused_never_crash(fields: dict, kind: str | None) -> None:
    if kind is not None:
        fields = {**fields, "type": kind}
    try:
        parse_message(json.dumps(fields))
    except BadMessage as e:
        assert "\n" not in str(e)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300) | st.binary(max_size=300))
def test_arbitrary_text_is_refused_never_crashes(text: str | bytes) -> None:
    try:
        parse_message(text)
    except BadMessage:
        pass
