"""The Labyrinth referee fed sensor events directly (no simulator): forbidden slot after each
of the 12 slots, rotation, LEDs of allowed and forbidden slots, secret targets."""

from __future__ import annotations

import pytest

from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.leds import WARNING_RGB, scale
from mazeboard.hal.board import GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.labyrinth import SLOTS, led_layout


def make(variants: tuple[str, ...] = ()) -> tuple[LabyrinthReferee, VirtualClock, list[GameEvent], list[LedFrame]]:
    clock = VirtualClock()
    events: list[GameEvent] = []
    frames: list[LedFrame] = []
    setup = GameSetup("labyrinth", ("red", "blue"), 11, extra={"variants": variants,
                                                                "cards": {"red": ["owl"], "blue": ["bat"]}})
    ref = LabyrinthReferee(setup, clock, led_layout(), events.append, frames.append)
    ref.start()
    return ref, clock, events, frames


def last(events: list[GameEvent]) -> GameEvent:
    """The last event that is not an ``instruction`` (one follows every input that changes what the board asks)."""
    return next(e for e in reversed(events) if e.type != "instruction")


def press(ref: LabyrinthReferee, clock: VirtualClock, button: str) -> None:
    ref.on_sensor(ButtonPressed(clock.now_ms(), button))
    clock.advance(400)


@pytest.mark.parametrize("slot", list(SLOTS))
def test_the_next_player_may_not_push_back_where_the_tile_came_out(slot: str) -> None:
    ref, clock, events, frames = make()
    press(ref, clock, f"slot:{slot}")
    assert ref.state == "waiting_for_move"
    press(ref, clock, "done")
    assert ref.current == "blue" and ref.forbidden == SLOTS[slot].opposite
    layout = led_layout()
    assert frames[-1].pixels[layout.index(f"slot:{SLOTS[slot].opposite}")] == scale(WARNING_RGB, 0.2)
    before = ref.maze
    press(ref, clock, f"slot:{SLOTS[slot].opposite}")
    assert last(events).type == "warning" and last(events)["kind"] == "forbidden_slot"
    assert ref.maze == before and ref.state == "waiting_for_shift"
    press(ref, clock, f"slot:{slot}")  # pushing again from the same side is allowed
    assert [e for e in events if e.type == "shifted"][-1]["slot"] == slot


def test_rotate_turns_the_spare_in_the_model_and_the_shift_uses_it() -> None:
    ref, clock, events, _ = make()
    spare = ref.maze.spare
    press(ref, clock, "rotate")
    press(ref, clock, "rotate")
    assert last(events)["rotation"] == 180 and last(events)["spare"] == spare.turned(2).notation()
    press(ref, clock, "slot:W-4")
    shifted = [e for e in events if e.type == "shifted"][-1]
    assert shifted["rotation"] == 180 and ref.maze.tile("a4") == spare.turned(2)


def test_targets_are_secret_except_in_the_younger_variant() -> None:
    for variants, lit in (((), False), (("younger",), True)):
        ref, clock, _, frames = make(variants)
        press(ref, clock, "slot:S-b")
        owl = ref.maze.cell_of("owl")
        assert owl is not None
        colour = frames[-1].pixels[led_layout().index(owl)]
        assert (colour == (255, 255, 255)) == lit


def test_an_ambiguous_end_of_move_is_asked_and_the_players_answer_decides() -> None:
    """Seed 3, three players: green ends its move on a tile shared with another pawn and a
    slide could have ended on either of two shared tiles. The referee asks (``ambiguous``,
    both cells blinking, its guess first), the player presses rotate once (``guess``: the
    other cell) and done; the move ends where the pawn really stands."""
    from mazeboard.controller.app import build_game
    from mazeboard.hal import backends
    from mazeboard.hal.board import BoardRequest

    session = backends.open_board("sim", BoardRequest(game="labyrinth", players=3, seed=3))
    game = build_game(session)
    ref = game.referee
    assert isinstance(ref, LabyrinthReferee)
    world = session.board.world  # type: ignore[attr-defined]
    seen: list[tuple[str, dict[str, object]]] = []

    def sink(ev: GameEvent) -> None:
        if ev.type == "warning" and ev["kind"] == "ambiguous":
            seen.append(("asked", {"state": ref.state, "choice": ref.snapshot()["choice"], "cells": ev["cells"],
                                   "truth": world.pawns[ev["pawn"]].cell, "guess": ev["cell"]}))
        elif ev.type == "guess":
            seen.append(("guess", {"cell": ev["cell"], "truth": world.pawns[ev["pawn"]].cell}))
        elif ev.type == "turn_ended" and seen and seen[-1][0] != "ended":
            seen.append(("ended", {"believed": ref.snapshot()["positions"],
                                   "actual": {p: pw.cell for p, pw in world.pawns.items()}}))

    game.sinks.append(sink)
    assert game.run() and ref.winner is not None
    kinds = [k for k, _ in seen]
    assert kinds[:3] == ["asked", "guess", "ended"]
    asked, guess, ended = (d for _, d in seen[:3])
    assert asked["state"] == "waiting_for_confirmation"
    assert asked["guess"] != asked["truth"] and asked["truth"] in asked["cells"]  # type: ignore[operator]
    assert asked["choice"] == {"options": [["green", c] for c in asked["cells"]],  # type: ignore[union-attr]
                               "guess": ["green", asked["guess"]]}
    assert guess["cell"] == guess["truth"]
    assert ended["believed"] == ended["actual"]


def reed(ref: LabyrinthReferee, clock: VirtualClock, cell: str, closed: bool) -> None:
    ref.on_sensor(ReedChanged(clock.now_ms(), cell, closed))
    clock.advance(300)


def test_a_pawn_moved_out_of_turn_is_held_until_it_is_back_and_the_turn_goes_on() -> None:
    ref, clock, events, _ = make()
    press(ref, clock, "slot:S-b")
    reed(ref, clock, "g7", False)  # blue's pawn taken during red's move
    warning = last(events)
    assert (warning.type, warning["kind"], warning["pawn"], warning["cell"]) == ("warning", "out_of_turn", "blue", "g7")
    assert ref.blocked() and ref.instruction().action == "correct"
    press(ref, clock, "done")  # not while a pawn is missing
    assert ref.state == "waiting_for_move" and ref.current == "red"
    reed(ref, clock, "g7", True)
    assert not ref.blocked() and "done" in ref.instruction().buttons
    press(ref, clock, "done")
    assert ref.current == "blue" and ref.snapshot()["positions"] == {"red": "a1", "blue": "g7"}


def test_a_pawn_lifted_before_the_shift_is_held_until_it_is_back() -> None:
    ref, clock, events, _ = make()
    reed(ref, clock, "a1", False)
    assert last(events)["kind"] == "moved_before_shift" and ref.blocked()
    reed(ref, clock, "d4", True)  # set down elsewhere: still not back
    assert ref.blocked()
    press(ref, clock, "slot:S-b")  # the slot sensor fires: no shift while the pawn is away
    assert last(events)["kind"] == "extra_shift" and ref.state == "waiting_for_shift"
    reed(ref, clock, "d4", False)
    reed(ref, clock, "a1", True)
    assert ref.state == "waiting_for_shift" and not ref.blocked()
    press(ref, clock, "slot:S-b")
    assert ref.state == "waiting_for_move"


def test_done_with_the_mover_in_the_air_waits_for_it() -> None:
    ref, clock, events, _ = make()
    press(ref, clock, "slot:S-b")
    reed(ref, clock, "a1", False)  # red lifted, and no other pawn shares a cell it may reach
    assert not (ref.reach["red"] >> 48) & 1  # g7 (blue's) is out of reach: red cannot stand on a shared cell
    press(ref, clock, "done")
    assert last(events)["kind"] == "lifted" and ref.state == "waiting_for_correction"
    reed(ref, clock, "a1", True)
    assert ref.state == "waiting_for_shift" and ref.current == "blue"
