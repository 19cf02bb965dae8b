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


def sensor_key(event: Any) -> tuple[str, str, Any]:
    """(kind, name, level) of a sensor event, to compare what the board sent with what arrived."""
    name = getattr(event, "cell", None) or getattr(event, "sensor", None) or getattr(event, "button", "")
    return type(event).__name__, name, getattr(event, "closed", getattr(event, "ball", None))


def play_noisy(request: BoardRequest, rate: float, seed: int, kinds: tuple[str, ...]) -> dict[str, Any]:
    """One game over ``--link serial`` with ``rate`` of the lines damaged each way (seeded): its event
    log, the sensor events the simulated board sent and those the serial backend delivered, the link."""
    from mazeboard.sim.backend import open_session
    from mazeboard.sim.link import serial_session
    from mazeboard.sim.noise import LineNoise

    inner = open_session(request)
    sent: list[Any] = []
    inner.board.subscribe(lambda e: sent.append(sensor_key(e)))
    session = serial_session(inner, noise=(LineNoise(rate, f"{seed}-to-host", kinds),
                                           LineNoise(rate, f"{seed}-to-board", kinds)))
    log: list[dict[str, Any]] = []
    game = build_game(session, [lambda e: log.append(e.to_dict())])
    got: list[Any] = []
    session.board.subscribe(lambda e: got.append(sensor_key(e)))
    try:
        finished = game.run()
    finally:
        session.close()
    return {"log": log, "sent": sent, "got": got, "finished": finished, "link": session.link, "game": game}
