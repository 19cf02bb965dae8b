"""The state-instruction test for Struggle (issue 11): the referee's table has an instruction
for every state of its machine; driving games (seeded, chaotic, physical cards, resumed
after a restart) reaches every state, and in each the board says something anybody can act
on; a button the instruction does not list changes nothing, a listed one does something."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from chaoskit import play_chaos
from fuzzkit import Rig, last_instruction
from mazeboard.controller.app import build_game
from mazeboard.controller.persist import open_game
from mazeboard.controller.struggle.cards import BUTTON_FOR
from mazeboard.controller.struggle.referee import STATES, StruggleReferee
from mazeboard.hal.board import BoardRequest, BoardState, GameSetup
from mazeboard.hal.events import ButtonPressed, GameEvent
from mazeboard.hal.struggle import BUTTONS, load_track
from mazeboard.sim.backend import open_session
from mazeboard.sim.chaos import actionable
from mazeboard.sim.chaos.struggle import seeded

TRACK = load_track("short")
CARDS = (("K", "Q", "J", "10", "9"), ("9", "10", "J", "Q", "K"), ("Q", "K", "A", "9", "10"))


def test_the_table_has_an_instruction_for_every_state() -> None:
    ref = StruggleReferee(GameSetup("struggle", ("red", "blue"), 1), _NoClock(), TRACK.layout(),
                          lambda e: None, lambda f: None)
    assert set(ref._instructions) == set(STATES)
    assert set(ref._machine.states) == set(STATES)


class _NoClock:
    def now_ms(self) -> int:
        return 0

    def call_later(self, delay_ms: int, fn: Callable[[], None], *, daemon: bool = False) -> Any:
        raise AssertionError("no timer expected")


class Watch:
    """A sink recording, for every instruction the referee publishes, the state it is for."""

    def __init__(self) -> None:
        self.ref: Any = None
        self.seen: dict[str, int] = {}
        self.silent: list[str] = []

    def __call__(self, ev: GameEvent) -> None:
        if ev.type != "instruction" or self.ref is None:
            return
        state = self.ref.state
        self.seen[state] = self.seen.get(state, 0) + 1
        if not actionable(ev.to_dict()):
            self.silent.append(f"{state}: {ev['text']!r}")


def test_driving_games_reaches_every_state_with_an_instruction_to_act_on(tmp_path: Path) -> None:
    watch = Watch()
    for request in (BoardRequest(game="struggle", players=3, seed=4, rounds=2),
                    BoardRequest(game="struggle", players=2, seed=8, options={"cards": "physical"})):
        session = open_session(request)
        game = build_game(session, [watch])
        watch.ref = game.referee
        assert game.run()
    for i in range(4):  # chaos: tokens knocked and lifted before the throw, while choosing, ...
        run = play_chaos("struggle", seeded(i), mate=True, sinks=[watch])
        assert run.finished, run.detail
    # a restart: the board check, then the game goes on
    pgame = open_game(BoardRequest(game="struggle", seed=6, players=2), tmp_path, "sim")
    pgame.run()
    archived = pgame.archived
    assert archived is not None
    journal = archived.read_bytes().splitlines(keepends=True)
    resumed = tmp_path / "resumed"
    resumed.mkdir()
    (resumed / "current.jsonl").write_bytes(b"".join(journal[: len(journal) // 2]))
    pgame = open_game(BoardRequest(game="struggle"), resumed, "sim",
                      attach=lambda g: (setattr(watch, "ref", g.referee), g.sinks.append(watch)))
    assert pgame.resumed and pgame.run()
    assert set(watch.seen) == set(STATES), f"never reached: {set(STATES) - set(watch.seen)}"
    assert watch.silent == []
    assert watch.seen["waiting_for_setup"] >= 1


# -- buttons: the ones listed act, the others change nothing -------------------------------------
Op = tuple[str, Any, Any]


def rig_for(options: dict[str, Any], ops: list[Op]) -> Rig:
    setup = GameSetup("struggle", ("red", "blue", "green"), 11, options=options, extra={"track": "short"})

    def make(clock: Any, emit: Any, show: Any) -> StruggleReferee:
        return StruggleReferee(setup, clock, TRACK.layout(), emit, show, lambda: BoardState(frozenset({"s0"}), frozenset()))

    rig = Rig("struggle", make, STATES)
    rig.start({"s0": True})
    for kind, a, b in ops:
        {"wait": lambda: rig.wait(a), "reed": lambda: rig.reed(a, b), "press": lambda: rig.press(a)}[kind]()
    return rig


class Recorder:
    """Drives a rig and keeps every input, so the same game can be replayed up to any point."""

    def __init__(self, options: dict[str, Any]) -> None:
        self.options = options
        self.ops: list[Op] = []
        self.rig = rig_for(options, [])
        rig = self.rig
        self._wait, self._reed, self._press = rig.wait, rig.reed, rig.press
        rig.wait = lambda ms: self._do(("wait", ms, None))  # type: ignore[method-assign]
        rig.reed = lambda cell, closed: self._do(("reed", cell, closed))  # type: ignore[method-assign]
        rig.press = lambda button: self._do(("press", button, None))  # type: ignore[method-assign]

    def _do(self, op: Op) -> None:
        self.ops.append(op)
        kind, a, b = op
        if kind == "wait":
            self._wait(a)
        elif kind == "reed":
            self._reed(a, b)
        else:
            self._press(a)


def state_of(rig: Rig) -> tuple[Any, ...]:
    """What a press could change: the state, the game, what the board asks and shows (now)."""
    ref = rig.ref
    said = ref.instruction()
    return (ref.state, repr(ref.snapshot()), said, ref._scene(said))


def check_buttons(rec: Recorder, said: dict[str, Any], problems: list[str]) -> None:
    rig = rec.rig
    for button in BUTTONS:
        if button in said["buttons"]:
            continue
        before, mark = state_of(rig), len(rig.log.events)
        rig.ref.on_sensor(ButtonPressed(rig.clock.now_ms(), button))  # not recorded: it must change nothing
        if rig.log.events[mark:] or state_of(rig) != before:
            problems.append(f"{said['action']}: {button} is not listed but changed something: "
                            f"{[e.type for e in rig.log.events[mark:]]}")
    for button in said["buttons"]:
        replay = rig_for(rec.options, rec.ops)
        mark = len(replay.log.events)
        replay.press(button)
        done = [e.type for e in replay.log.events[mark:] if e.type != "instruction"]
        if not done:
            problems.append(f"{said['action']}: {button} is listed ({said['buttons'][button]}) but did nothing")


class Tokens:
    """Five tokens as the reeds see them: how many stand on each sensor (a reed opens when the
    last one leaves, closes when the first arrives)."""

    def __init__(self, rig: Rig) -> None:
        self.rig = rig
        self.count: dict[str, int] = {"s0": 5}

    def move(self, frm: str, to: str) -> None:
        if frm == to or not self.count.get(frm):
            return
        self.count[frm] -= 1
        if not self.count[frm]:
            del self.count[frm]
            self.rig.reed(frm, False)
        self.rig.wait(200)
        self.count[to] = self.count.get(to, 0) + 1
        if self.count[to] == 1:
            self.rig.reed(to, True)
        self.rig.wait(200)


def drive(options: dict[str, Any], knocks: dict[str, str]) -> tuple[set[str], list[str]]:
    """Follow the instruction through a game (the first time it asks for ``action``, a hand
    closes the reed ``knocks[action]``: a token put where none belongs), checking the buttons
    at every new kind of instruction."""
    rec = Recorder(options)
    rig = rec.rig
    tokens = Tokens(rig)
    problems: list[str] = []
    checked: dict[tuple[str, tuple[str, ...]], int] = {}
    actions: set[str] = set()
    for step in range(400):
        rig.wait(1500)
        said = last_instruction(rig)
        assert said is not None
        if said["action"] == "game_over":
            return actions, problems + rig.all_problems()
        actions.add(said["action"])
        key = (said["action"], tuple(sorted(said["buttons"])))
        if checked.get(key, 0) < 2:
            checked[key] = checked.get(key, 0) + 1
            check_buttons(rec, said, problems)
        knock = knocks.pop(said["action"], None)
        if knock is not None:
            tokens.move(max(tokens.count, key=lambda c: tokens.count[c]), knock)
            continue
        blocking = [r for r in said["requests"] if r["blocking"]]
        if blocking:
            for r in blocking:
                frm = r["from"] if tokens.count.get(r["from"], 0) else max(tokens.count, key=lambda c: tokens.count[c])
                tokens.move(frm, r["to"][0])
            continue
        if said["action"] == "enter_card":
            card = CARDS[("red", "blue", "green").index(said["player"])]
            for v in card:
                rig.press(BUTTON_FOR[v])
            rig.press("stop")
            continue
        for button in ("stop", "throw"):
            if button in said["buttons"]:
                rig.press(button)
                break
    raise AssertionError(f"no end after 400 steps: {last_instruction(rig)}")


def test_a_button_not_listed_changes_nothing_and_a_listed_one_acts() -> None:
    knocks = {"throw": "s4", "choose": "s5", "enter_card": "s2"}
    actions, problems = drive({"cards": "physical", "settle_ms": 300, "rounds": 2}, knocks)
    assert problems == []
    assert {"tokens", "throw", "choose", "place", "enter_card", "correct"} <= actions
    actions, problems = drive({"throws": 2}, {})
    assert problems == []
