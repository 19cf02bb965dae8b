"""Shared plumbing of the referee fuzz tests (tests/fuzz/test_fuzz_*.py).

* :data:`FUZZ` -- hypothesis settings: derandomized (the same examples every
  run), no example database, no deadline (virtual time only).
* :class:`EventCheck` -- every emitted event must be JSON-serialisable,
  round-trip through JSON unchanged, and be well-formed per
  docs/event-log.md (the doc's tables, parsed by tests/test_event_log_doc.py):
  a documented type, documented fields with their JSON types and ``one of``
  values, every required field present, a documented warning kind with only
  its documented extra fields.
* :class:`ScoreWatch` -- scores never fall.
* :class:`Rig` -- a referee on a :class:`VirtualClock` fed hand-made sensor
  events (no simulator), with the reed / Hall levels it was sent.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged
from test_event_log_doc import DOC, Section, _json_kind, event_types, fields_of, parse_doc

#: derandomized: the same examples on every run and machine; bounded by max_examples per test
FUZZ = settings(database=None, derandomize=True, deadline=None, max_examples=60,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

#: time between two sensor events (ms): bursts, bounces, steps, the referee's timers, long pauses
GAPS = st.sampled_from([0, 0, 1, 3, 10, 20, 40, 80, 150, 250, 400, 700, 1200, 2500, 6000, 20000])

_DOC: dict[str, Section] | None = None


def doc() -> dict[str, Section]:
    global _DOC
    if _DOC is None:
        _DOC = parse_doc(DOC.read_text(encoding="utf-8"))
    return _DOC


def event_problems(game: str, event: GameEvent) -> list[str]:
    """What is wrong with ``event`` per docs/event-log.md (empty: well-formed)."""
    sections = doc()
    try:
        line = event.to_json()
    except (TypeError, ValueError) as e:
        return [f"{event!r} is not JSON-serialisable: {e}"]
    back = json.loads(line)
    if back != event.to_dict():
        return [f"{line} does not round-trip through JSON"]
    problems: list[str] = []
    if not isinstance(back["t"], int):
        problems.append(f"{line}: t is not an int")
    if back["type"] not in event_types(sections, game):
        return [f"{line}: type {back['type']!r} is not documented for {game}"]
    docs = fields_of(sections, game, back["type"])
    for name, value in back.items():
        fd = docs.get(name)
        if fd is None:
            problems.append(f"{line}: field {name!r} is not documented")
            continue
        if _json_kind(value) not in fd.json:
            problems.append(f"{line}: {name} is {_json_kind(value)}, documented {sorted(fd.json)}")
        if fd.values is not None and value not in fd.values:
            problems.append(f"{line}: {name} = {value!r}, documented one of {sorted(fd.values)}")
    for name, fd in docs.items():
        if fd.required and name not in back:
            problems.append(f"{line}: required field {name!r} missing")
    if back["type"] == "warning":
        kinds = sections[game].kinds
        kind = back.get("kind")
        if kind not in kinds:
            problems.append(f"{line}: warning kind {kind!r} is not documented")
        else:
            base = {n for n, fd in fields_of(sections, game, "warning").items() if fd.required}
            extra = set(back) - base - kinds[kind]
            if extra:
                problems.append(f"{line}: warning {kind!r} has undocumented fields {sorted(extra)}")
    return problems


@dataclass
class EventCheck:
    """A sink: keeps every event and the problems found in it."""

    game: str
    events: list[GameEvent] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def __call__(self, event: GameEvent) -> None:
        self.events.append(event)
        self.problems.extend(event_problems(self.game, event))

    def since(self, mark: int) -> list[GameEvent]:
        return self.events[mark:]

    def types(self, mark: int = 0) -> list[str]:
        return [e.type for e in self.events[mark:]]


@dataclass
class ScoreWatch:
    """Scores never fall: call :meth:`check` with the referee's scores as often as you like."""

    last: dict[str, int] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def check(self, scores: Mapping[str, int], where: str) -> None:
        for p, v in scores.items():
            if v < self.last.get(p, 0):
                self.problems.append(f"{where}: {p}'s score fell from {self.last[p]} to {v}")
            self.last[p] = v


class Rig:
    """A referee under test on a virtual clock, fed sensor events by hand.

    ``make(clock, emit, show)`` builds the referee. ``reeds``/``halls`` are the
    levels last sent (what a debounced board would report now).
    """

    def __init__(self, game: str, make: Callable[[VirtualClock, Callable[[GameEvent], None],
                                                  Callable[[LedFrame], None]], Any],
                 states: list[str]) -> None:
        self.clock = VirtualClock()
        self.log = EventCheck(game)
        self.frames: list[LedFrame] = []
        self.ref = make(self.clock, self.log, self.frames.append)
        self.states = states
        self.scores = ScoreWatch()
        self.problems: list[str] = []
        self.reeds: dict[str, bool] = {}
        self.halls: dict[str, bool] = {}
        self.sent = 0

    def start(self, closed: Mapping[str, bool] = {}) -> None:
        self.reeds.update(closed)
        self.ref.start()
        self.check("start")

    def check(self, where: str) -> None:
        if self.ref.state not in self.states:
            self.problems.append(f"{where}: state {self.ref.state!r} is not one of {self.states}")
        self.scores.check(self.ref.scores, where)

    def wait(self, ms: int) -> None:
        self.clock.advance(ms)
        self.check(f"t={self.clock.now_ms()} after waiting {ms} ms")

    def reed(self, cell: str, closed: bool) -> None:
        self.reeds[cell] = closed
        self._send(ReedChanged(self.clock.now_ms(), cell, closed))

    def hall(self, sensor: str, ball: bool) -> None:
        self.halls[sensor] = ball
        self._send(HallChanged(self.clock.now_ms(), sensor, ball))

    def press(self, button: str) -> None:
        self._send(ButtonPressed(self.clock.now_ms(), button))

    def _send(self, ev: Any) -> None:
        self.sent += 1
        self.ref.on_sensor(ev)
        self.check(f"after {ev!r}")

    def closed(self) -> set[str]:
        return {c for c, v in self.reeds.items() if v}

    def all_problems(self) -> list[str]:
        return self.problems + self.log.problems + self.scores.problems

    def blink(self) -> dict[str, Any]:
        """The cells blinking in the referee's current LED scene (what the players are asked to fix)."""
        return dict(self.ref.leds.scene.blink)


# -- a helper doing what the board's instruction asks (every game) -------------------------------
def last_instruction(rig: Rig) -> dict[str, Any] | None:
    """The latest ``instruction`` event the referee emitted (as a dict), if any."""
    for ev in reversed(rig.log.events):
        if ev.type == "instruction":
            return ev.to_dict()
    return None


def leds_show(rig: Rig, said: Mapping[str, Any]) -> list[str]:
    """Problems with how the LEDs show ``said``'s requests: every cell a piece must go to blinks."""
    blink = rig.blink()
    names = set(rig.ref.leds.layout.cell_to_index)
    return [f"{said['action']}: {r['piece'] or 'a piece'} must go to {c}, which does not blink"
            for r in said["requests"] if r["kind"] in ("pawn", "token")
            for c in r["to"] if c in names and c not in blink]


def do_request(rig: Rig, r: Mapping[str, Any]) -> None:
    """Do one request with hands on the rig's sensors: a ball out of the tray (its Hall sensor
    off); a piece off its ``from`` cell (the reed opens) and onto a free ``to`` cell."""
    if r["kind"] == "ball":
        if r["from"] and rig.halls.get(r["from"]):
            rig.hall(r["from"], False)
        else:
            for s, on in list(rig.halls.items()):
                if on:
                    rig.hall(s, False)
                    break
        return
    if r["from"] and rig.reeds.get(r["from"]):
        rig.reed(r["from"], False)
        rig.wait(20)
    if not r["to"]:
        return
    spot = next((c for c in r["to"] if not rig.reeds.get(c)), r["to"][0])
    if rig.reeds.get(spot):  # a closed reed cannot close again: lift what stands there first
        rig.reed(spot, False)
        rig.wait(20)
    rig.reed(spot, True)
    rig.wait(300)


PRESS_ACTS_MS = 500
"""How soon a press of an offered button must show (a Labyrinth Done waits out the tracker's
150 ms overlap window first)."""


def follow_instruction(rig: Rig, goal: str, press: tuple[str, ...], acts: int = 40,
                       answer: Callable[[Rig, Mapping[str, Any]], bool] | None = None) -> str:
    """Do only what the board's ``instruction`` events ask until one of ``press`` (buttons,
    most useful first) produces an event of type ``goal``, or the game is over.

    Each round: wait 3 s (timers run), read the last instruction; it must exist, must be
    actionable (a request, a button, a countdown) and its LEDs must show its requests;
    do every blocking request, else let ``answer(rig, instruction)`` act on it (a game's own
    answer, e.g. entering a Struggle card; True: it did), else press the first of ``press``
    it lists (something must follow within ``PRESS_ACTS_MS``: an offered button never does
    nothing), else wait. Returns ``"game_over"``, the goal, ``"silent"`` or ``"stuck"``
    (problems noted on the rig)."""
    for _ in range(acts):
        rig.wait(3000)
        said = last_instruction(rig)
        if said is None:
            rig.problems.append("no instruction was ever emitted")
            return "silent"
        if said["action"] == "game_over":
            return "game_over"
        rig.problems.extend(leds_show(rig, said))
        blocking = [r for r in said["requests"] if r["blocking"]]
        if blocking:
            for r in blocking:
                do_request(rig, r)
            continue
        if answer is not None and answer(rig, said):
            continue
        button = next((b for b in press if b in said["buttons"]), None)
        if button is not None:
            mark = len(rig.log.events)
            rig.press(button)
            if goal in rig.log.types(mark):
                return goal
            rig.wait(PRESS_ACTS_MS)
            if len(rig.log.events) == mark:  # a button the board offers always acts, visibly
                rig.problems.append(f"{button} offered by {said['text']!r} did nothing")
                return "silent"
            if goal in rig.log.types(mark):
                return goal
            continue
        if said["until"] is None and not said["buttons"] and not said["cells"]:
            rig.problems.append(f"instruction with nothing to do: {said['text']!r}")
            return "silent"
    rig.problems.append(f"no {goal} after {acts} rounds; last instruction: {last_instruction(rig)}")
    return "stuck"
