"""Issue 15, Labyrinth newcomer 19: on a loaded machine Red clicked the lit slot ``▲ S-f``; the simulated
column slid but the controller never registered the push (no "pushed" line, no warning, the slots stayed
lit); a second click was accepted and the column had slid twice for one logged push.

Root cause: :class:`~mazeboard.hal.clock.RealtimeClock` scheduled a timer set by a running callback from
the wall clock, not from the time that callback was due. When the thread ran late (three browsers
loading the machine), the slot sensor's contact bounce (due 0-2 ms after the press) ran late and
re-armed the Debouncer's window from "now", after the release (due 80 ms after the press, scheduled
earlier, so first in the queue): the Debouncer saw an 80 ms press as a glitch shorter than its window
and never reported it -- yet the hand pushed the line 300 ms later, as nobody had warned. A simulated
board must be as strict as hardware: its physics may not reorder because the simulating thread is slow.
"""

from __future__ import annotations

import random
import threading
import time
from typing import Any

from mazeboard.controller.app import build_game
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.clock import RealtimeClock
from mazeboard.hal.events import ButtonPressed
from mazeboard.hal.labyrinth_editions import deal, edition
from mazeboard.sim.labyrinth.board import LabyrinthBoard
from mazeboard.sim.web.labyrinth_table import Insert
from mazeboard.sim.web.session import browser_session

#: how long the loaded machine keeps the simulator's thread from running (ms; the press lasts 80)
STALL_MS = 150


class Bouncy(random.Random):
    """A contact that always bounces (HARDWARE.md: reeds and switches bounce for a few ms)."""

    def randint(self, a: int, b: int) -> int:
        return b


def _stall() -> None:
    time.sleep(STALL_MS / 1000)  # the thread is not scheduled: every timer due meanwhile runs late


def test_a_timer_set_by_a_late_callback_keeps_its_place_after_timers_set_before() -> None:
    clock = RealtimeClock()
    seen: list[tuple[str, int]] = []

    def first() -> None:  # due at 0, runs late: what it schedules is still due 20 ms after 0
        seen.append(("first", clock.now_ms()))
        clock.call_later(20, lambda: seen.append(("chained", clock.now_ms())))

    def start() -> None:
        clock.call_later(0, _stall)
        clock.call_later(0, first)
        clock.call_later(80, lambda: seen.append(("later", clock.now_ms())))

    clock.call_soon(start)
    clock.run_until_idle()
    assert [name for name, _ in seen] == ["first", "chained", "later"]
    # time as the callbacks see it is the time they were due at (as on the virtual clock)
    t0 = seen[0][1]
    assert seen[1][1] == t0 + 20 and seen[2][1] == t0 + 80


def test_a_bouncing_slot_press_reaches_the_controller_however_late_the_thread_runs() -> None:
    clock = RealtimeClock()
    board = LabyrinthBoard(deal(edition(None), random.Random("layout-1"), False), {"red": "a1"}, clock)
    board.world.contacts.rng = Bouncy()
    presses: list[Any] = []
    board.subscribe(lambda ev: presses.append(ev) if isinstance(ev, ButtonPressed) else None)

    def insert() -> None:
        board.insert("S-f")
        clock.call_later(0, _stall)

    clock.call_soon(insert)
    clock.run_until_idle()
    assert board.table.pushes == 1  # nobody warned: the hand pushed the line
    assert [p.button for p in presses] == ["slot:S-f"]  # and the slot sensor said so


def test_a_push_on_a_loaded_machine_is_registered_by_the_controller() -> None:
    """The page's Insert on the browser simulator's real-time clock, the thread stalled right after the
    slot sensor fired: the tiles move only with a logged push, and the controller's tiles are the table's."""
    request = BoardRequest(game="labyrinth", players=2, seed=3, humans=("red",), speed=4.0, browser=True)
    session = browser_session(request, realtime=True)
    game = build_game(session)
    ref, board, clock, table = game.referee, session.board, session.clock, session.table
    sent: list[dict[str, Any]] = []
    table.outbox = lambda msg, to: sent.append(msg)
    stop = threading.Event()
    loop = threading.Thread(target=clock.run_forever, kwargs={"stop": stop.is_set}, daemon=True)

    def begin() -> None:
        table.greet(1)
        ref.start()
        session.start()

    def events(kind: str) -> list[dict[str, Any]]:
        return [m["event"] for m in list(sent) if m.get("type") == "event" and m["event"]["type"] == kind]

    def wait(pred: Any, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while time.monotonic() < end:
            if pred():
                return True
            time.sleep(0.02)
        return pred()

    clock.call_soon(begin)
    loop.start()
    try:
        assert wait(lambda: ref.state == "waiting_for_shift" and ref._said is not None
                    and any(b.startswith("slot:") for b in ref._said.buttons), 5)
        slot = next(b[5:] for b in ref._said.buttons if b.startswith("slot:"))
        press = board.world.press

        def loaded_press(button: str) -> int:
            took = press(button)
            clock.call_later(0, _stall)  # the machine is busy with three browsers right after the press
            return took

        def click() -> None:
            board.world.contacts.rng = Bouncy()
            board.world.press = loaded_press  # type: ignore[method-assign]
            table.handle(1, Insert(slot))

        clock.call_soon(click)
        assert wait(lambda: board.table.pushes == 1, 5), "the hand never pushed"
        assert wait(lambda: bool(events("shifted")), 3), "the tiles moved but the controller logged no push"
        assert [e["slot"] for e in events("shifted")] == [slot]
        assert events("warning") == []
        assert wait(lambda: ref.state != "waiting_for_settle", 5)
        assert board.table.maze.rows() == ref.maze.rows()  # the controller's tiles are the table's
    finally:
        stop.set()
        loop.join(5)
