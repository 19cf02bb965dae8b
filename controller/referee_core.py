"""Plumbing every game's referee shares: the state machine, emitting events, named timers.

A referee subclasses :class:`RefereeCore`, declares its states and transitions
as tables next to its model (DESIGN.md, State machines), calls
:meth:`RefereeCore._init_core` and implements ``instruction()`` (what the
board asks now, :mod:`.instruction`: one entry of its ``_instructions``
table per state) and ``_scene(instruction)`` (the LED scene for it). The
``transitions`` machine is wrapped: triggers go through :meth:`_go`, so
nothing depends on the methods ``transitions`` adds at run time, and its
thread-based Timeout extension is never used (time is injected: timers go
through the scheduler).

Every input -- a sensor event, a timer, ``start``, ``resume``, a view's
choice -- runs inside :meth:`_input`; when the outermost one returns, the
referee *publishes*: it computes the instruction once, shows its LED scene
and, when it changed, emits an ``instruction`` event. So the LEDs, the log
and every view render the same instruction, and no change of state goes
unannounced.
"""

from __future__ import annotations

import logging
from typing import Any, Callable, Sequence

from transitions import Machine

from mazeboard.hal.clock import Scheduler, Timer
from mazeboard.hal.events import ButtonPressed, GameEvent, SensorEvent

from .instruction import Instruction
from .leds import LedDriver, Scene

log = logging.getLogger(__name__)


class _Flow:
    """The model ``transitions`` decorates (it gains ``state`` and ``trigger``)."""

    state: str


class _Inputs:
    """The referee's scheduler as its helpers (the pawn tracker) see it: every callback runs as an input."""

    def __init__(self, core: "RefereeCore", scheduler: Scheduler) -> None:
        self._core = core
        self._scheduler = scheduler

    def now_ms(self) -> int:
        return self._scheduler.now_ms()

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Timer:
        return self._scheduler.call_later(delay_ms, lambda: self._core._input(fn), daemon=daemon)


class RefereeCore:
    """State machine, event emission, named timers on an injected scheduler, and the instruction."""

    leds: LedDriver
    #: the board check after a restart while it runs (see :meth:`resume`)
    setup_check: Any = None
    #: state -> what the board asks in it (each referee's own table, DESIGN.md)
    _instructions: dict[str, Callable[[], Instruction]]
    _scheduler: Scheduler
    _emit_sink: Callable[[GameEvent], None]
    _timers: dict[str, Timer]
    _flow: _Flow
    _machine: Machine
    #: sensor event type -> handler (set by each referee)
    _dispatch: dict[type, Callable[[Any], None]]
    #: button name -> what pressing it does (set by each referee)
    _buttons: dict[str, Callable[[], None]]

    def _init_core(
        self,
        scheduler: Scheduler,
        emit: Callable[[GameEvent], None],
        states: Sequence[str],
        transitions: Sequence[dict[str, Any]],
        initial: str,
    ) -> None:
        self._scheduler = scheduler
        self._inputs = _Inputs(self, scheduler)
        self._emit_sink = emit
        self._timers = {}
        self._depth = 0
        self._said: Instruction | None = None
        #: bumped by every change the referee shows (events, transitions, refreshes; a timer whose
        #: deadline shows, like the settle countdown, is set or cancelled with one of those)
        self._rev = 0
        self._shown: tuple[Any, ...] | None = None
        self._flow = _Flow()
        self._machine = Machine(
            model=self._flow, states=list(states), transitions=list(transitions), initial=initial,
            queued=True, auto_transitions=False, send_event=False,
        )

    @property
    def state(self) -> str:
        """The machine's state: what the referee waits for."""
        return self._flow.state

    def on_sensor(self, event: SensorEvent) -> None:
        """Feed one debounced sensor event; a type this game has no sensor for is logged and ignored."""
        handler = self._dispatch.get(type(event))
        if handler is None:
            log.info("%s: ignored sensor event %r", type(self).__name__, event)
            return
        self._input(lambda: handler(event))

    # -- after a restart ---------------------------------------------------------
    def _new_setup_check(self) -> Any:
        """This game's board check after a restart (its ``setup_check.SetupCheck``)."""
        raise NotImplementedError

    def resume(self, closed_reeds: frozenset[str], hall_active: frozenset[str] = frozenset()) -> None:
        """After a restart replayed the saved game: compare the board (closed reeds, active
        Hall-effect sensors) with the saved game and guide the players until it matches
        (state ``waiting_for_setup``, each game's ``setup_check``); then play goes on where
        it was saved. A second restart before the board matched continues the same check."""
        if self.state == "game_over":
            return

        def begin() -> None:
            if self.setup_check is None:
                self.setup_check = self._new_setup_check()
            self.setup_check.begin(closed_reeds, hall_active)

        self._input(begin)

    # -- the instruction -------------------------------------------------------
    def instruction(self) -> Instruction:
        """What the board asks now (a pure function of the referee's state)."""
        return self._instructions[self.state]()

    def _scene(self, instruction: Instruction) -> Scene:
        """The LED scene showing ``instruction`` (each game's own)."""
        raise NotImplementedError

    def _input(self, fn: Callable[[], None]) -> None:
        """Run one input; when the outermost input returns, publish the instruction."""
        self._depth += 1
        try:
            fn()
        finally:
            self._depth -= 1
        if self._depth == 0:
            self._publish()

    def _seen(self) -> tuple[Any, ...]:
        """What the instruction and the scene read from the board beyond the referee's own
        changes (each game's tracker state that shows: requests, the mover's cell); () if none."""
        return ()

    def _publish(self) -> None:
        """Show the instruction's LED scene; emit an ``instruction`` event when it changed.
        Skipped when nothing it depends on changed since the last time (``_rev``, ``_seen()``)."""
        seen = self._seen()
        if (self._rev, seen) == self._shown:
            return
        said = self.instruction()
        self.leds.set(self._scene(said))
        if said != self._said:
            self._said = said
            self._emit("instruction", **said.fields())
        self._shown = (self._rev, seen)  # instruction() and _scene() are pure: the same still holds

    def _on_button(self, ev: ButtonPressed) -> None:
        """A button press: its action from ``_buttons``; nothing after the game is over."""
        if self.state == "game_over":
            return
        action = self._buttons.get(ev.button)
        if action is None:
            log.info("%s: button %r has no meaning here: ignored", type(self).__name__, ev.button)
            return
        action()

    def _refresh(self) -> None:
        """Something the board shows changed: publish now, or when the current input ends."""
        self._rev += 1
        if self._depth == 0:
            self._publish()

    def _now(self) -> int:
        return self._scheduler.now_ms()

    def _emit(self, type_: str, **fields: Any) -> None:
        """Send one event-log line ``{"t": now, "type": type_, **fields}``."""
        self._rev += 1
        self._emit_sink(GameEvent(self._now(), type_, fields))

    def _go(self, trigger: str) -> None:
        """Fire a transition (raises ``transitions.MachineError`` if the table has none), then refresh the LEDs."""
        self._flow.trigger(trigger)  # type: ignore[attr-defined]
        self._refresh()  # bumps _rev

    def _after(self, name: str, delay_ms: int, fn: Callable[[], None]) -> None:
        """Run ``fn`` in ``delay_ms`` ms, replacing the timer of the same name."""
        self._cancel(name)
        self._timers[name] = self._inputs.call_later(delay_ms, fn)

    def _cancel(self, name: str) -> None:
        timer = self._timers.pop(name, None)
        if timer is not None:
            timer.cancel()
