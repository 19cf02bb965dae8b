"""Helpers for the browser simulator's tests: a session on virtual time with the real referee."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from mazeboard.controller.app import Game, build_game
from mazeboard.hal.board import BoardRequest
from mazeboard.sim.web.session import BrowserSession


@dataclass
class Table:
    """A browser session on a VirtualClock, refereed by the controller, with one page (client 1)."""

    session: BrowserSession
    game: Game
    sent: list[tuple[dict[str, Any], tuple[int, ...]]] = field(default_factory=list)

    @property
    def clock(self) -> Any:
        return self.session.clock

    def do(self, command: Any, ms: int = 0) -> None:
        self.session.table.handle(1, command)
        if ms:
            self.clock.advance(ms)

    def events(self, type_: str | None = None) -> list[dict[str, Any]]:
        evs = [m["event"] for m, _ in self.sent if m["type"] == "event"]
        return [e for e in evs if type_ is None or e["type"] == type_]

    def errors(self) -> list[str]:
        return [m["message"] for m, _ in self.sent if m["type"] == "error"]

    def last(self, kind: str) -> dict[str, Any]:
        return [m for m, _ in self.sent if m["type"] == kind][-1]

    def advance_until(self, pred: Any, limit_ms: int = 120_000, step_ms: int = 100) -> None:
        waited = 0
        while not pred():
            assert waited < limit_ms, "the game never got there"
            self.clock.advance(step_ms)
            waited += step_ms


def open_table(humans: tuple[str, ...] = ("red",), maze: Any = ("a1-b1",), seed: int = 5,
               players: int = 2, speed: float = 4.0) -> Table:
    request = BoardRequest(players=players, seed=seed, maze=maze, humans=humans, speed=speed, browser=True)
    session = BrowserSession(request, realtime=False)
    table = Table(session, build_game(session))
    session.table.outbox = lambda msg, to: table.sent.append((msg, tuple(to)))
    session.table.greet(1)
    table.game.referee.start()
    session.start()
    return table

