"""A page's message may fail; the server never stops on one (issue 12).

A well-formed ``new_game`` for a combination the game refuses (Labyrinth's Vader variant in an
edition without the Vader tile) used to end the whole server with exit 2 when the next game was
opened. Now the page gets an ``error`` reply naming the reason, the game goes on, and a good
``new_game`` afterwards still works; and should a next game ever fail to open anyway, the
command logs one line and serves the previous kind of game again instead of stopping.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import logging
from dataclasses import replace
from typing import Any

import aiohttp
import pytest

from mazeboard.controller import browser
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError

from test_game_server import _recv, run, start


@pytest.mark.parametrize("edition", ["classic", "super-mario"])
def test_new_game_with_vader_in_an_edition_without_it_is_refused_and_the_server_goes_on(edition: str) -> None:
    p, url = start("--game", "labyrinth", "--seed", "3", "--speed", "20")
    try:
        async def go() -> tuple[dict[str, Any], dict[str, Any]]:
            async with aiohttp.ClientSession() as s, s.ws_connect(url + "ws") as ws:
                await _recv(ws, lambda m: m["type"] == "hello")
                await ws.send_str(json.dumps({"type": "new_game", "players": 2, "humans": ["red"], "seed": 5,
                                              "edition": edition, "variants": ["vader"], "id": 7}))
                error = await _recv(ws, lambda m: m["type"] in ("error", "restarting"))
                await asyncio.sleep(1.0)
                assert p.poll() is None, "the server stopped"
                await ws.send_str(json.dumps({"type": "new_game", "players": 2, "humans": ["red"], "seed": 5,
                                              "edition": "star-wars", "variants": ["vader"]}))
                await _recv(ws, lambda m: m["type"] == "restarting")
                return error, await _recv(ws, lambda m: m["type"] == "hello")
        error, hello = run(go())
        assert error["type"] == "error" and error.get("id") == 7, error
        assert "vader" in error["message"] and "star-wars" in error["message"], error
        assert hello["variants"] == ["vader"] and hello["title"] == "Star Wars Labyrinth"
    finally:
        p.terminate()
        p.wait(timeout=10)


class _Session:
    """A served session that ends at once, asking for ``next_request``."""

    def __init__(self, request: BoardRequest, next_request: BoardRequest | None) -> None:
        self.request = request
        self.next_request = next_request


def test_a_next_game_that_cannot_be_opened_serves_the_previous_kind_again(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    opened: list[BoardRequest] = []

    def open_board(name: str, request: BoardRequest) -> _Session:
        opened.append(request)
        if request.edition == "broken":
            raise ConfigError("--edition: 'broken' is not an edition")
        if len(opened) == 1:  # the first game: a page asks for a game that cannot be opened
            return _Session(request, replace(request, edition="broken", seed=9))
        return _Session(request, None)  # the game served again: Ctrl-C

    monkeypatch.setattr(browser.backends, "open_board", open_board)
    monkeypatch.setattr(browser, "build_game", lambda session, sinks: argparse.Namespace(run=lambda: True))
    args = argparse.Namespace(host="127.0.0.1", port=0, seed=3, game="labyrinth", edition="star-wars",
                              variant=["vader"], rounds=None, players=2, maze="easy", humans=("red",), speed=1.0,
                              open=False, events=None)
    with caplog.at_level(logging.WARNING):
        assert browser.run(args) == 0
    assert [r.edition for r in opened] == ["star-wars", "broken", "star-wars"]
    assert any("cannot be opened" in r.getMessage() and "broken" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("game,press,more", [("struggle", "throw", {"rounds": 1}), ("magic-labyrinth", "roll", {"maze": "easy"}),
                                             ("labyrinth", "rotate", {"edition": "classic", "variants": []})])
def test_every_command_sent_right_after_a_new_game_gets_its_answer(game: str, press: str, more: dict[str, Any]) -> None:
    """Found by the attack of stop 22: commands sent at once after ``new_game`` were queued on the
    game being replaced, whose clock stopped: no ``ok`` or ``error`` ever came for them
    (docs/browser-sim.md promises one for every command with an ``id``)."""
    p, url = start("--game", game, "--seed", "3", "--speed", "20")
    try:
        async def go() -> dict[int, dict[str, Any]]:
            async with aiohttp.ClientSession() as s, s.ws_connect(url + "ws") as ws:
                await _recv(ws, lambda m: m["type"] == "hello")
                await ws.send_str(json.dumps({"type": "new_game", "players": 2, "humans": ["red"], "seed": 3, "id": 1,
                                              **more}))
                for i in (2, 3):
                    await ws.send_str(json.dumps({"type": "press", "button": press, "id": i}))
                answers: dict[int, dict[str, Any]] = {}
                while len(answers) < 3:
                    m = await _recv(ws, lambda m: m["type"] in ("ok", "error") and m.get("id") in (1, 2, 3))
                    answers[m["id"]] = m
                return answers
        answers = run(go())
        assert answers[1]["type"] == "ok", answers
    finally:
        p.terminate()
        p.wait(timeout=10)
