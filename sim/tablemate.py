"""A person at the table who follows the board's instruction, as a person follows the LEDs.

:class:`TableMate` reads nothing but the ``instruction`` events the board
announces (docs/event-log.md, "The instruction") and what anyone at a real
table sees: where the pawns, tokens and balls physically are. When the
instruction has not changed for ``patience_ms`` -- the players did not do
what it asks -- it does it with its own hands: puts each requested piece on
a free cell it asks for, fishes balls out of the tray, and, when nothing
needs putting right and nobody acts, presses a button the instruction says
does something (``done`` before ``roll``...). It never reads the referee.

What its hands can do on a game's simulated board is that game's
:class:`Reach` (:class:`MagicReach` here; the other games have their own).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Protocol, Sequence

from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.events import GameEvent

from .world import World

#: buttons a table-mate presses for a player who does nothing, most useful first
PRESS_ORDER: tuple[str, ...] = ("done", "stop", "roll", "throw")


class Reach(Protocol):
    """What a table-mate's hands can do on one game's simulated board."""

    def put(self, piece: str, kind: str, frm: str | None, to: Sequence[str]) -> str | None:
        """Put ``piece`` (a pawn or token; ``frm``: where the request says it is) on a free
        cell of ``to``, or take it off when ``to`` is empty; what was done, or None."""

    def fish(self, piece: str) -> str | None:
        """Take a ball (``piece``'s, or any when ``piece`` is empty) out of the tray."""

    def press(self, button: str) -> None: ...


@dataclass
class TableMate:
    """Acts on the board's instruction when it has stood unchanged for ``patience_ms``.

    ``start_ms``: it does nothing before (a chaos test's hands are busy until
    then). ``acts`` lists what it did (for test messages)."""

    reach: Reach
    scheduler: Scheduler
    patience_ms: int = 20_000
    start_ms: int = 0
    #: its timer does not keep a simulation running by itself
    daemon: bool = False
    #: buttons it presses for a player who does nothing, most useful first (a game's own order)
    press_order: tuple[str, ...] = PRESS_ORDER
    acts: list[str] = field(default_factory=list)
    instruction: Mapping[str, Any] | None = None
    _since: int = 0
    _timer: Timer | None = None
    _pressed: int = 0

    def watch(self, event: GameEvent) -> None:
        """Board announcements in; only ``instruction`` matters."""
        if event.type != "instruction":
            return
        self.instruction = event.to_dict()
        self._since = self.scheduler.now_ms()
        self._pressed = 0
        self._arm(self.patience_ms)

    def _arm(self, delay_ms: int) -> None:
        if self._timer is not None:
            self._timer.cancel()
        delay = max(delay_ms, self.start_ms - self.scheduler.now_ms())
        self._timer = self.scheduler.call_later(delay, self._look, daemon=self.daemon)

    def _look(self) -> None:
        self._timer = None
        said = self.instruction
        if said is None or said.get("action") == "game_over":
            return
        now = self.scheduler.now_ms()
        if now - self._since < self.patience_ms:
            self._arm(self.patience_ms - (now - self._since))
            return
        acted = self.follow(said)
        if not acted:
            acted = self._press(said)
        self._arm(self.patience_ms)

    def follow(self, said: Mapping[str, Any]) -> bool:
        """Do every blocking request of ``said`` -- or, when none blocks, the others (moves the
        board shows but cannot see, tokens it asks to check: a person reads the letters);
        True when something was done."""
        done = False
        requests = said.get("requests", [])
        blocking = any(r.get("blocking", True) for r in requests)
        for r in requests:
            if blocking and not r.get("blocking", True):
                continue
            if r["kind"] == "ball":
                what = self.reach.fish(r["piece"])
            else:
                what = self.reach.put(r["piece"], r["kind"], r.get("from"), r.get("to", []))
            if what:
                self.acts.append(f"{self.scheduler.now_ms()}: {what}")
                done = True
        return done

    def _press(self, said: Mapping[str, Any]) -> bool:
        buttons = said.get("buttons", {})
        if any(r.get("blocking", True) for r in said.get("requests", [])) or not buttons or self._pressed >= 3:
            return False
        button = next((b for b in self.press_order if b in buttons), sorted(buttons)[0])
        self.reach.press(button)
        self._pressed += 1
        self.acts.append(f"{self.scheduler.now_ms()}: pressed {button} for {said.get('player')}")
        return True


class MagicReach:
    """A table-mate's hands on The Magic Labyrinth's simulated board (:class:`World`).

    ``busy(player)``: another hand is sliding that pawn right now (leave it)."""

    def __init__(self, world: World, busy: Callable[[str], bool] = lambda player: False) -> None:
        self.world = world
        self.busy = busy

    def put(self, piece: str, kind: str, frm: str | None, to: Sequence[str]) -> str | None:
        world = self.world
        pawn = world.pawns.get(piece)
        if kind != "pawn" or pawn is None or not to or pawn.ball == "rolling" or self.busy(piece):
            return None
        taken = {p.cell for p in world.pawns.values() if p.player != piece}
        spot = next((c for c in to if c not in taken), to[0])
        if pawn.cell == spot:
            return None
        if pawn.cell is not None:
            world.lift(piece)
        world.place(piece, spot)
        return f"{piece} -> {spot}"

    def fish(self, piece: str) -> str | None:
        world = self.world
        in_tray = [p for balls in world.tray.values() for p in balls]
        owner = piece if piece in in_tray else (in_tray[0] if in_tray else None)
        if owner is None:
            return None
        world.fetch_ball(owner)
        return f"fished out {owner}'s ball"

    def press(self, button: str) -> None:
        self.world.press(button)
