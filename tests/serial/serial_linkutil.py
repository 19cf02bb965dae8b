"""Running one game in-process and over the serial link, for comparison."""

from __future__ import annotations

from typing import Any

from mazeboard.controller.app import Game, build_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest


def open_game(request: BoardRequest) -> tuple[Game, list[dict[str, Any]]]:
    session = backends.open_board("sim", request)
    log: list[dict[str, Any]] = []
    game = build_game(session, [lambda e: log.append(e.to_dict())])
    return game, log


def play(request: BoardRequest) -> tuple[Game, list[dict[str, Any]]]:
    game, log = open_game(request)
    try:
        game.run()
    finally:
        close = getattr(game.session, "close", None)
        if close:
            close()
    return game, log
