"""Fuzzing the Labyrinth referee with raw sensor streams (no simulator).

Hypothesis draws sequences of reed changes on the 49 cells (either level,
repeats and impossible ones included), slot sensors (``slot:N-b``...),
``rotate`` and ``done`` presses, other games' and garbage button names, a
Hall-effect change (Labyrinth has no tray), plausible pawn steps and pushes
that settle the way the referee expects, with random gaps during which the
referee's timers run.

After every event: no exception, the state is one of ``STATES``, scores (cards
found) never fall, every emitted event is well-formed per docs/event-log.md.

After the garbage (the game is not lost), whatever the reeds show: a helper
does only what the board's ``instruction`` events ask (fuzzkit.follow_instruction:
put each requested pawn on a cell its request lists, else press ``done`` or a
lit slot), never reading the referee; every instruction must be actionable
and its requests must blink; within a bounded number of such acts the board
accepts a shift at a slot (``shifted``) or the game is over.
"""

from __future__ import annotations

from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from fuzzkit import FUZZ, GAPS, Rig, follow_instruction
from mazeboard.controller.labyrinth.referee import STATES, LabyrinthReferee
from mazeboard.hal.board import GameSetup
from mazeboard.hal.labyrinth import CELLS, GRID, SLOT_NAMES, cells_of, led_layout

BUTTONS = ("rotate", "done", "done", "roll", "stop", "", "slot:Z-9", "DONE",
           *(f"slot:{s}" for s in SLOT_NAMES))
OPS = st.one_of(
    st.tuples(st.just("reed"), st.sampled_from(CELLS), st.booleans(), GAPS),
    st.tuples(st.just("step"), st.integers(0, 5), st.integers(0, 3), GAPS),
    st.tuples(st.just("step"), st.integers(0, 5), st.integers(0, 3), GAPS),
    st.tuples(st.just("button"), st.sampled_from(BUTTONS), st.just(True), GAPS),
    st.tuples(st.just("button"), st.sampled_from(BUTTONS), st.just(True), GAPS),
    st.tuples(st.just("push"), st.integers(0, 11), st.booleans(), GAPS),
    st.tuples(st.just("hall"), st.just("tray-sw"), st.booleans(), GAPS),
    st.tuples(st.just("turns"), st.integers(0, 11), st.integers(1, 6), GAPS),
)
SETUPS = st.fixed_dictionaries({
    "players": st.sampled_from([("red", "blue"), ("red", "blue", "green"), ("red", "blue", "green", "yellow")]),
    "seed": st.integers(0, 10_000),
    "options": st.sampled_from([{}, {"settle_ms": 1500}, {"wrap_timeout_ms": 800}]),
    "extra": st.sampled_from([{}, {"variants": ("younger",)}, {"edition": "star-wars", "variants": ("vader",)},
                              {"variants": ("exit-anywhere",)}]),
})


def labyrinth_rig(setup: dict[str, Any]) -> Rig:
    gs = GameSetup("labyrinth", setup["players"], setup["seed"], options=setup["options"], extra=setup["extra"])
    rig = Rig("labyrinth", lambda clock, emit, show: LabyrinthReferee(gs, clock, led_layout(), emit, show), STATES)
    rig.start({c: True for c in rig.ref.positions.values()})
    return rig


def believed(ref: LabyrinthReferee) -> dict[str, Any]:
    """Where the referee believes each pawn stands now (None: unseen)."""
    if ref.push is not None and ref.state == "waiting_for_settle":
        return dict(ref.push.expect)
    return dict(ref.watch.positions_now() if ref.watch else ref.positions)


def set_reeds(rig: Rig, cells: set[str]) -> None:
    """Open every closed reed not in ``cells``, then close those of ``cells`` that are open."""
    for c in sorted(rig.closed() - cells):
        rig.reed(c, False)
        rig.wait(10)
    for c in sorted(cells - rig.closed()):
        rig.reed(c, True)
        rig.wait(10)


def play_garbage(rig: Rig, ops: list[tuple[Any, ...]]) -> None:
    ref: LabyrinthReferee = rig.ref
    for kind, a, b, gap in ops:
        if kind == "reed":
            rig.reed(a, b)
        elif kind == "hall":
            rig.hall(a, b)
        elif kind == "button":
            rig.press(a)
        elif kind == "turns":  # b plausible turns: a shift settled as expected, a step or none, done
            for i in range(b):
                slot = SLOT_NAMES[(a + i) % len(SLOT_NAMES)]
                rig.press(f"slot:{slot if slot != ref.forbidden else SLOT_NAMES[(a + i + 1) % len(SLOT_NAMES)]}")
                rig.wait(300)
                if ref.push is not None:
                    set_reeds(rig, set(ref.push.expect.values()))
                    rig.wait(400)
                if ref.state == "waiting_for_move" and i % 2 and ref.watch is not None:
                    mover = ref.watch.movers[0]
                    here = ref.positions[mover]
                    step = [c for c in GRID.neighbours(here) if c in cells_reachable(ref, mover)]
                    if step and not any(c == step[0] for c in ref.positions.values()):
                        if list(ref.positions.values()).count(here) == 1:  # a shared cell stays closed
                            rig.reed(here, False)
                            rig.wait(20)
                        rig.reed(step[0], True)
                        rig.wait(300)
                rig.press("done")
                rig.wait(300)
        elif kind == "push":  # a shift: the slot sensor, then (maybe) the pawns as the referee expects them
            rig.press(f"slot:{SLOT_NAMES[a]}")
            rig.wait(300)
            if b and ref.push is not None:
                set_reeds(rig, set(ref.push.expect.values()))
        else:  # a plausible step of a pawn the referee believes somewhere
            pawns = list(believed(ref))
            pawn = ref.current if a >= len(pawns) else pawns[a]
            here = believed(ref).get(pawn) or ref.positions.get(pawn)
            if here is None:
                continue
            nbrs = GRID.neighbours(here)
            rig.reed(here, False)
            rig.wait(20)
            rig.reed(nbrs[b % len(nbrs)], True)
        rig.wait(gap)


def cells_reachable(ref: LabyrinthReferee, pawn: str) -> set[str]:
    return set(cells_of(ref.reach.get(pawn, 0)))


def follow(rig: Rig) -> str:
    """Do what the board's instruction asks (fuzzkit.follow_instruction) until a push is
    accepted: Done ends a move, answers a question or confirms the tiles; a lit slot takes the spare."""
    return follow_instruction(rig, "shifted", ("done", *(f"slot:{s}" for s in SLOT_NAMES)))


@settings(FUZZ, max_examples=200)
@given(setup=SETUPS, ops=st.lists(OPS, min_size=10, max_size=80))
def test_garbage_sensor_streams_never_crash_and_the_game_goes_on(setup: dict[str, Any],
                                                                  ops: list[tuple[Any, ...]]) -> None:
    rig = labyrinth_rig(setup)
    play_garbage(rig, ops)
    assert rig.all_problems() == []
    outcome = follow(rig)
    assert rig.all_problems() == [], f"outcome {outcome}"
    assert outcome in ("shifted", "game_over")
