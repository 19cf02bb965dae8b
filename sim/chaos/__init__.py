"""Physical chaos on the simulated boards: extra hands that do what people do wrong.

Each game has a module here (:mod:`.magic`, ...) with the same small API:

* ``KINDS`` -- the kinds of chaotic acts it knows (a person sliding the wrong
  pawn, lifting and setting one down anywhere, pressing a button out of turn,
  a reed glitch, fishing a ball out at the wrong time...);
* ``seeded(i) -> Chaos`` -- chaotic game number ``i`` of a fixed, seeded batch
  (2-4 players, the game's variants, a dozen acts at random moments);
* ``arm(session, chaos, mate) -> TableMate`` -- schedule the acts on a session
  opened with ``chaos.request`` (the simulator's own board), give the simulated
  players hands that cope with a pawn moved from under them, and, when
  ``mate``, seat a :class:`~mazeboard.sim.tablemate.TableMate` who follows the
  board's ``instruction`` events once the chaos is over.

The referee is attached by the caller (tests, benchmarks): the simulator
never imports the controller. :func:`silent_ms` measures, from an event
log, the longest time the board waited without an instruction anybody could
act on.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any, Iterable, Mapping

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent

#: game name -> module implementing the API above
MODULES: dict[str, str] = {
    "magic-labyrinth": "mazeboard.sim.chaos.magic",
    "labyrinth": "mazeboard.sim.chaos.labyrinth",
    "struggle": "mazeboard.sim.chaos.struggle",
}

#: a game not over by then (virtual ms) counts as stuck
LIMIT_MS = 4 * 3600 * 1000


@dataclass(frozen=True)
class Chaos:
    """One chaotic game: the board asked for, and the acts ``(t_ms, kind, who, arg)``."""

    request: BoardRequest
    acts: tuple[tuple[int, str, int, int], ...]

    @property
    def calm_from_ms(self) -> int:
        """When the last chaotic act is over (a table-mate starts helping 1 s later)."""
        return max((t for t, *_ in self.acts), default=0) + 1000


def module(game: str) -> Any:
    """The chaos module of ``game``; raises KeyError for a game without one."""
    return importlib.import_module(MODULES[game])


def actionable(said: Mapping[str, Any]) -> bool:
    """An ``instruction`` event anybody can act on: a request, a button, cells, a countdown, or the end."""
    return bool(said.get("requests") or said.get("buttons") or said.get("cells")
                or said.get("until") is not None or said.get("action") == "game_over")


def silent_ms(events: Iterable[GameEvent], end_ms: int) -> int:
    """The longest stretch (ms) between the game's start and ``end_ms`` during which the
    board's latest instruction was missing or not actionable."""
    longest = 0
    silent_since: int | None = 0  # before the first instruction the board has said nothing
    for ev in events:
        if ev.type != "instruction":
            continue
        if actionable(ev.to_dict()):
            if silent_since is not None:
                longest = max(longest, ev.t_ms - silent_since)
                silent_since = None
        elif silent_since is None:
            silent_since = ev.t_ms
    if silent_since is not None:
        longest = max(longest, end_ms - silent_since)
    return longest
