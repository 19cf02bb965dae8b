"""Seats (hal/web/seats.py): a claimed colour is one browser's only; claims are kept in the state
directory, validated and bounded on load; a bad file is put aside, never trusted."""

from __future__ import annotations

import json
import logging
import os
from pathlib import Path

import pytest

from mazeboard.hal.web.seats import FILE_NAME, MAX_FILE_BYTES, SeatTaken, Seats


def test_a_claim_is_one_browsers_only() -> None:
    seats = Seats()
    token = seats.claim("red")
    assert seats.holds("red", token) and seats.taken() == ["red"]
    assert not seats.holds("red", "x" * 32) and not seats.holds("red", None) and not seats.holds("blue", token)
    with pytest.raises(SeatTaken, match="red is taken"):
        seats.claim("red")
    with pytest.raises(SeatTaken, match="red is taken"):
        seats.claim("red", "not-the-token-but-long-enough")
    assert seats.claim("red", token) == token  # the holder claiming again keeps it
    with pytest.raises(SeatTaken, match="not a seat"):
        seats.claim("purple")
    assert seats.held({"mb-seat-red": token, "mb-seat-blue": token}) == ["red"]


@pytest.mark.parametrize("token", ["", "short", "a" * 65, "é" * 30, "a b" * 10, 12345, None])
def test_malformed_tokens_hold_nothing(token: object) -> None:
    seats = Seats()
    seats.claim("red")
    assert not seats.holds("red", token)  # type: ignore[arg-type]


def test_release_frees_seats_and_tells_listeners() -> None:
    seats = Seats()
    told: list[list[str]] = []
    seats.on_change.append(lambda: told.append(seats.taken()))
    red, blue = seats.claim("red"), seats.claim("blue")
    assert seats.release(["red", "green", "purple"]) == ["red"]
    assert not seats.holds("red", red) and seats.holds("blue", blue)
    assert told == [["red"], ["red", "blue"], ["blue"]]
    assert seats.claim("red") != red  # a new claim, a new token


def test_claims_survive_a_restart_and_the_file_holds_no_token(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    token = Seats(path).claim("green")
    text = path.read_text()
    assert token not in text and json.loads(text)["seats"].keys() == {"green"}
    assert oct(path.stat().st_mode & 0o777) == "0o600"
    again = Seats(path)
    assert again.holds("green", token) and again.taken() == ["green"]
    again.release(["green"])
    assert Seats(path).taken() == []


@pytest.mark.parametrize("content", [
    b"{", b"[]", b'{"version": 1}', b'{"version": 2, "seats": {}}', b'{"version": 1, "seats": []}',
    b'{"version": 1, "seats": {"purple": "' + b"0" * 64 + b'"}}',
    b'{"version": 1, "seats": {"red": "not-a-hash"}}', b'{"version": 1, "seats": {"red": 5}}',
    b'{"version": 1, "seats": {}, "more": 1}', b"\xff\xfe", b"[" * 3000,
    b'{"version": 1, "seats": {}}' + b" " * MAX_FILE_BYTES,
])
def test_a_bad_file_is_kept_aside_and_not_trusted(tmp_path: Path, content: bytes,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    path = tmp_path / FILE_NAME
    path.write_bytes(content)
    (tmp_path / (FILE_NAME + ".bad")).write_bytes(b"an earlier one")
    with caplog.at_level(logging.WARNING):
        seats = Seats(path)
    assert seats.taken() == []
    assert (tmp_path / (FILE_NAME + ".bad")).read_bytes() == b"an earlier one"  # never over an earlier one
    assert (tmp_path / (FILE_NAME + ".bad-2")).read_bytes() == content
    assert not path.exists()
    assert len([r for r in caplog.records if "kept aside" in r.getMessage()]) == 1
    seats.claim("red")  # and the board carries on
    assert Seats(path).taken() == ["red"]


def test_a_fifo_in_place_of_the_file_does_not_hang(tmp_path: Path) -> None:
    path = tmp_path / FILE_NAME
    os.mkfifo(path)
    assert Seats(path).taken() == []


def test_a_missing_state_directory_is_made(tmp_path: Path) -> None:
    path = tmp_path / "state" / FILE_NAME
    token = Seats(path).claim("red")
    assert Seats(path).holds("red", token)


def test_an_unwritable_state_directory_is_one_warning(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    (tmp_path / "a-file").write_text("")
    path = tmp_path / "a-file" / FILE_NAME
    seats = Seats(path)
    with caplog.at_level(logging.WARNING):
        token = seats.claim("yellow")
    assert seats.holds("yellow", token)
    assert any("cannot keep the seats" in r.getMessage() for r in caplog.records)
