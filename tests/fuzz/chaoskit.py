"""Running chaotic games with the real referee attached (tests/fuzz and benchmarks/bench_chaos.py).

:func:`play_chaos` opens the simulator's board for a :class:`~mazeboard.sim.chaos.Chaos`,
arms the game's chaos (:mod:`mazeboard.sim.chaos`), attaches the referee the way
every command does (``build_game``), runs virtual time until the game is over or
:data:`~mazeboard.sim.chaos.LIMIT_MS`, and reports what happened.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable

from mazeboard.controller.app import build_game
from mazeboard.hal import backends
from mazeboard.hal.events import GameEvent
from mazeboard.sim.chaos import LIMIT_MS, Chaos, module, silent_ms


@dataclass
class ChaosRun:
    """What one chaotic game did. ``said``: the last instruction event (a dict);
    ``visibly``: not over, but its LEDs show every blocking request it waits for."""

    finished: bool
    winner: str | None
    events: list[GameEvent]
    said: dict[str, Any] | None
    visibly: bool
    silent_ms: int
    end_ms: int
    mate_acts: list[str] = field(default_factory=list)
    detail: str = ""

    @property
    def warnings(self) -> int:
        return sum(1 for e in self.events if e.type == "warning")


def play_chaos(game: str, chaos: Chaos, mate: bool, sinks: list[Callable[[GameEvent], None]] | None = None,
               attach: Callable[[Any], None] | None = None) -> ChaosRun:
    """One chaotic game of ``game`` with (``mate``) or without a table-mate; ``attach(game)``
    is called with the :class:`~mazeboard.controller.app.Game` before it starts."""
    mod = module(game)
    session: Any = backends.open_board("sim", chaos.request)
    events: list[GameEvent] = []
    g = build_game(session, [events.append, *(sinks or [])])
    table = mod.arm(session, chaos, mate)
    if attach is not None:
        attach(g)
    ref = g.referee
    g.referee.start()
    session.start()
    clock = session.clock
    clock.run_until_idle(limit_ms=LIMIT_MS, stop=lambda: ref.winner is not None)
    end = clock.now_ms()
    finished = ref.winner is not None
    said = next((e.to_dict() for e in reversed(events) if e.type == "instruction"), None)
    visibly = False
    if said is not None and not finished:
        scene = ref.leds.scene  # type: ignore[attr-defined]
        lit = set(scene.blink) | set(scene.pulse)
        asked = [r for r in said["requests"] if r["blocking"]]
        names = set(ref.leds.layout.cell_to_index)  # type: ignore[attr-defined]
        visibly = bool(asked) and all(set(r["to"]) & names <= lit for r in asked if r["kind"] in ("pawn", "token"))
    detail = (f"{game} {chaos}: instruction {said and said['text']!r}, state {getattr(ref, 'state', '?')}, "
              f"mate {table.acts[-3:]}, last events {[e.to_json() for e in events[-4:]]}")
    return ChaosRun(finished, ref.winner, events, said, visibly, silent_ms(events, end), end, list(table.acts), detail)
