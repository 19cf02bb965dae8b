"""The Labyrinth board always says what it needs (issue 11): every state of the machine has an
instruction, every state is reached in driven games -- seeded games of simulated players, chaotic
ones, a game resumed after a restart -- and in each the instruction is actionable (a request, a
button, a cell, a countdown, or the game is over); a button the instruction does not list changes
nothing (no event, no state change: at most a flash, or for a slot sensor the warning that makes
the hand pull the spare back), and a button it lists does something."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

from mazeboard.controller import journal as jr
from mazeboard.controller.app import build_game
from mazeboard.controller.labyrinth.referee import STATES, LabyrinthReferee
from mazeboard.controller.persist import open_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, ReedChanged
from mazeboard.hal.labyrinth import SLOT_NAMES, led_layout
from mazeboard.sim.chaos import LIMIT_MS
from mazeboard.sim.chaos import labyrinth as chaos

BUTTONS = ("rotate", "done", *(f"slot:{s}" for s in SLOT_NAMES))


def actionable(said: dict[str, Any]) -> bool:
    return bool(said["requests"] or said["buttons"] or said["cells"] or said["until"] is not None
                or said["action"] == "game_over")


class StateLog:
    """A sink: for every instruction the referee announces, the state it was in and whether it was actionable."""

    def __init__(self) -> None:
        self.ref: LabyrinthReferee | None = None
        self.seen: dict[str, int] = {}
        self.silent: list[str] = []

    def __call__(self, ev: GameEvent) -> None:
        if ev.type != "instruction" or self.ref is None:
            return
        state = self.ref.state
        self.seen[state] = self.seen.get(state, 0) + 1
        if not actionable(ev.to_dict()):
            self.silent.append(f"{state}: {ev.to_json()}")


def play(request: BoardRequest, log: StateLog, acts: tuple[tuple[int, str, int, int], ...] = ()) -> bool:
    session: Any = backends.open_board("sim", request)
    game = build_game(session, [log])
    log.ref = game.referee
    if acts:
        chaos.arm(session, chaos.Chaos(request, acts), mate=True)
    game.referee.start()
    session.start()
    session.clock.run_until_idle(limit_ms=LIMIT_MS, stop=lambda: game.referee.winner is not None)
    return game.referee.winner is not None


def test_every_state_has_an_instruction() -> None:
    setup = GameSetup("labyrinth", ("red", "blue"), 1)
    ref = LabyrinthReferee(setup, VirtualClock(), led_layout(), lambda e: None, lambda f: None)
    assert set(ref._instructions) == set(STATES)


def test_every_state_is_reached_in_driven_games_and_always_says_what_to_do(tmp_path: Path) -> None:
    log = StateLog()
    for players, seed in ((2, 1), (3, 3), (4, 5)):  # seed 3, three players: an ambiguous end of move
        assert play(BoardRequest(game="labyrinth", players=players, seed=seed), log)
    # the box's own cards (the board asks after a move that ends on a picture) and the guided layout
    # (then the pawns: Vader is put on its tile after the layout)
    assert play(BoardRequest(game="labyrinth", players=2, seed=2, options={"cards": "physical"}), log)
    assert play(BoardRequest(game="labyrinth", players=3, seed=4, edition="star-wars", variants=("vader",),
                             options={"cards": "physical", "guided_layout": True}), log)
    for i in range(30):
        c = chaos.seeded(i)
        assert play(c.request, log, c.acts), f"chaotic game {i}"
    # a restart in the middle of a game: the board check
    request = BoardRequest(game="labyrinth", players=2, seed=2)
    first = open_game(request, tmp_path / "a", "sim")
    lines: list[int] = []
    first.on_record.append(lambda n: lines.append(n))
    assert first.run() and first.archived is not None
    saved = first.archived.read_bytes().splitlines(keepends=True)
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / jr.CURRENT).write_bytes(b"".join(saved[: len(saved) // 2]))
    resumed = open_game(request, tmp_path / "b", "sim", attach=lambda g: g.sinks.append(log))
    log.ref = resumed.referee
    log(GameEvent(0, "instruction", resumed.referee.instruction().fields()))
    assert resumed.run() and resumed.referee.winner is not None
    assert log.silent == []
    assert set(log.seen) == set(STATES), f"never reached: {set(STATES) - set(log.seen)}"


# -- buttons -----------------------------------------------------------------------------------
class Rig:
    """A referee on a virtual clock fed by hand (red a1, blue g7), copyable to try a button."""

    def __init__(self) -> None:
        self.clock = VirtualClock()
        self.events: list[GameEvent] = []
        setup = GameSetup("labyrinth", ("red", "blue"), 11, extra={"cards": {"red": ["owl"], "blue": ["bat"]}})
        self.ref = LabyrinthReferee(setup, self.clock, led_layout(), self.events.append, lambda f: None)
        self.ref.start()

    def send(self, ev: Any, wait: int = 300) -> list[GameEvent]:
        mark = len(self.events)
        self.ref.on_sensor(ev)
        self.clock.advance(wait)
        return self.events[mark:]

    def reed(self, cell: str, closed: bool) -> None:
        self.send(ReedChanged(self.clock.now_ms(), cell, closed))

    def press(self, button: str) -> list[GameEvent]:
        return self.send(ButtonPressed(self.clock.now_ms(), button), wait=0)


def check_buttons(rig: Rig, where: str) -> list[str]:
    """Press every button on a copy of the rig: the unlisted ones change nothing, the listed ones act."""
    said = rig.ref.instruction()
    problems = []
    for button in BUTTONS:
        trial = copy.deepcopy(rig)
        before = (trial.ref.state, trial.ref.snapshot())
        happened = [e for e in trial.press(button) if e.type != "instruction"]
        after = (trial.ref.state, trial.ref.snapshot())
        changed = trial.ref.instruction() != said
        if button in said.buttons:
            if not happened and after == before and not changed:
                problems.append(f"{where}: {button} is listed ({said.buttons[button]}) but does nothing")
        elif after != before or changed:
            problems.append(f"{where}: {button} is not listed but changed the game: {[e.type for e in happened]}")
        elif button.startswith("slot:"):
            if [(e.type, e.get("kind")) for e in happened] not in ([], [("warning", "forbidden_slot")],
                                                                   [("warning", "extra_shift")]):
                problems.append(f"{where}: slot {button} out of place: {[e.to_json() for e in happened]}")
        elif happened:
            problems.append(f"{where}: {button} is not listed but emitted {[e.to_json() for e in happened]}")
    return problems


def test_a_button_the_instruction_does_not_list_changes_nothing_and_a_listed_one_acts() -> None:
    rig = Rig()
    problems = check_buttons(rig, "shift")
    rig.reed("a1", False)  # red lifted before the shift: the board must be put right first
    problems += check_buttons(rig, "shift, red lifted")
    rig.reed("a1", True)
    rig.press("rotate")
    problems += check_buttons(rig, "shift, rotated")
    rig.press("slot:S-b")
    problems += check_buttons(rig, "settle")
    rig.clock.advance(500)
    assert rig.ref.state == "waiting_for_move"
    problems += check_buttons(rig, "move")
    rig.reed("g7", False)  # blue taken out of turn
    problems += check_buttons(rig, "move, blue away")
    rig.reed("g7", True)
    rig.reed("a1", False)
    rig.press("done")  # red in the air: the mover's correction
    assert rig.ref.state == "waiting_for_correction"
    problems += check_buttons(rig, "correction")
    rig.ref.resume(frozenset({"a1", "g7"}), frozenset())  # a restart: the board check
    problems += check_buttons(rig, "setup")
    assert problems == []


class GuidedRig(Rig):
    """The guided layout with the box's own cards (red a1, blue g7), on the find_card layout."""

    def __init__(self) -> None:
        from test_labyrinth_physical_cards import LAYOUT

        self.clock = VirtualClock()
        self.events = []
        setup = GameSetup("labyrinth", ("red", "blue"), 3, options={"cards": "physical", "guided_layout": True},
                          extra={"layout": LAYOUT, "spare": "NS"})
        self.ref = LabyrinthReferee(setup, self.clock, led_layout(), self.events.append, lambda f: None)
        self.ref.start()


def test_the_layout_the_pawn_check_and_the_card_question_list_only_buttons_that_act() -> None:
    rig = GuidedRig()
    problems = check_buttons(rig, "layout, first tile")
    rig.press("done")
    problems += check_buttons(rig, "layout, second tile")
    for _ in range(32):
        rig.press("done")
    assert rig.ref.instruction().facts["spare"] is True
    problems += check_buttons(rig, "layout, the spare")
    rig.reed("a1", False)  # red's pawn is not on its corner when the layout ends
    rig.press("done")
    assert rig.ref.state == "waiting_for_pawns"
    problems += check_buttons(rig, "pawns")
    rig.reed("a1", True)
    assert rig.ref.state == "waiting_for_shift"
    rig.press("slot:W-2")
    rig.clock.advance(500)
    for a, b in (("a1", "a2"), ("a2", "a3")):
        rig.reed(b, True)
        rig.reed(a, False)
    rig.press("done")
    rig.clock.advance(400)
    assert rig.ref.state == "waiting_for_answer"
    problems += check_buttons(rig, "answer")
    rig.reed("g7", False)  # blue knocked off: the answer waits
    problems += check_buttons(rig, "answer, blue away")
    rig.reed("g7", True)
    rig.ref.resume(frozenset({"a3", "g7"}), frozenset())  # a restart while the board asks
    problems += check_buttons(rig, "setup during the question")
    assert problems == []
