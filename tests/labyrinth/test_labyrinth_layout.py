"""The dealt layout laid out on a real board with guidance (option ``guided_layout``, issue 13):
before the first turn the referee lights one cell at a time with the tile to lay there (the
instruction names it: shape, open sides, picture), Done goes on, Rotate goes back; the fixed
tiles are skipped; the spare comes last (the slot arrows lit); then the pawns on their start
squares (and Vader on its tile) by the reed check; then play. A restart in the middle of it
goes on with the same tile."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from mazeboard.controller import journal as jr
from mazeboard.controller.app import build_game
from mazeboard.controller.labyrinth.layout_guide import layout_steps, tile_text
from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.leds import OFF
from mazeboard.controller.persist import fingerprint, open_game
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest, GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.labyrinth import SLOT_NAMES, Maze, parse_tile, led_layout
from mazeboard.hal.labyrinth_editions import VADER, edition

from test_labyrinth_physical_cards import LAYOUT

LOOSE_ORDER = [c for r in "7654321" for c in (f + r for f in "abcdefg") if c not in edition(None).fixed]


class Rig:
    def __init__(self, options: dict[str, Any] | None = None, **extra: Any) -> None:
        self.clock = VirtualClock()
        self.events: list[GameEvent] = []
        self.frames: list[LedFrame] = []
        extra = {"layout": LAYOUT, "spare": "NS", **extra} if "edition" not in extra else extra
        setup = GameSetup("labyrinth", ("red", "blue"), 3, options={"guided_layout": True, **(options or {})},
                          extra=extra)
        self.ref = LabyrinthReferee(setup, self.clock, led_layout(), self.events.append, self.frames.append)
        self.ref.start()

    def press(self, button: str) -> None:
        self.ref.on_sensor(ButtonPressed(self.clock.now_ms(), button))
        self.clock.advance(300)

    def reed(self, cell: str, closed: bool) -> None:
        self.ref.on_sensor(ReedChanged(self.clock.now_ms(), cell, closed))
        self.clock.advance(300)

    def lit(self) -> set[str]:
        layout = led_layout()
        px = self.frames[-1].pixels
        return {name for name, i in layout.cell_to_index.items() if px[i] != OFF}

    def of(self, kind: str) -> list[GameEvent]:
        return [e for e in self.events if e.type == kind]


def test_the_steps_are_the_loose_tiles_rank_7_first_then_the_spare() -> None:
    maze = Maze.from_rows(LAYOUT, "NS")
    steps = layout_steps(maze, edition(None))
    assert [s.cell for s in steps] == [*LOOSE_ORDER, None] and len(steps) == 34
    assert [s.tile for s in steps] == [maze.tile(c) for c in LOOSE_ORDER] + [maze.spare]


def test_the_tile_is_named_as_it_looks() -> None:
    assert tile_text(parse_tile("NSW:ghost")) == "a T-piece open N, S and W with the ghost"
    assert tile_text(parse_tile("NW")) == "a corner open N and W"
    assert tile_text(parse_tile("EW")) == "a straight open E and W"
    assert tile_text(parse_tile("NS:vader")) == "a straight open N and S with the Darth Vader mark"
    assert tile_text(parse_tile("ES:general-grievous")) == "a corner open E and S with the general grievous"


def test_every_loose_tile_is_lit_in_turn_then_the_spare_then_play() -> None:
    rig = Rig()
    ref = rig.ref
    assert ref.state == "waiting_for_layout"
    assert rig.of("turn_started") == []
    started = rig.of("game_started")[0]
    assert started["guided"] is True and started["layout"] == LAYOUT and started["spare"] == "NS"
    maze = Maze.from_rows(LAYOUT, "NS")
    for i, cell in enumerate(LOOSE_ORDER):
        said = ref.instruction()
        assert said.action == "lay" and said.cells == (cell,), i
        assert rig.lit() == {cell}, i  # one cell's LED at a time
        step = rig.of("layout_step")[-1]
        assert (step["index"], step["steps"], step["cell"], step["tile"]) == (i, 34, cell, maze.tile(cell).notation())
        assert said.text().startswith(f"Lay {tile_text(maze.tile(cell))} on {cell} (lit): tile {i + 1} of 34.")
        assert ("rotate" in said.buttons) == (i > 0) and "done" in said.buttons
        rig.press("done")
    said = ref.instruction()
    assert said.action == "lay" and said.cells == () and said.facts["spare"] is True
    assert rig.lit() == {f"slot:{s}" for s in SLOT_NAMES}  # the spare goes in at a slot
    assert said.text().startswith("Keep a straight open N and S aside as the spare")
    assert rig.of("turn_started") == []
    rig.press("done")
    assert [e.type for e in rig.events if e.type in ("layout_done", "turn_started")] == ["layout_done", "turn_started"]
    assert ref.state == "waiting_for_shift" and ref.current == "red"


def test_rotate_goes_back_and_done_forward() -> None:
    rig = Rig()
    rig.press("rotate")  # nothing to go back to: not listed, nothing happens
    assert rig.ref.instruction().cells == (LOOSE_ORDER[0],) and len(rig.of("layout_step")) == 1
    for _ in range(3):
        rig.press("done")
    assert rig.ref.instruction().cells == (LOOSE_ORDER[3],)
    rig.press("rotate")
    rig.press("rotate")
    assert rig.ref.instruction().cells == (LOOSE_ORDER[1],)
    assert [e["index"] for e in rig.of("layout_step")] == [0, 1, 2, 3, 2, 1]
    rig.press("done")
    assert rig.ref.instruction().cells == (LOOSE_ORDER[2],)


def test_buttons_and_slots_do_not_end_the_layout_and_pawns_are_checked_after_it() -> None:
    rig = Rig()
    rig.press("slot:S-b")  # the spare pushed in during the layout: warned, nothing moves
    assert rig.ref.state == "waiting_for_layout" and rig.of("shifted") == []
    rig.reed("a1", False)  # red's pawn taken off its corner while the tiles are laid: not asked yet
    assert rig.ref.instruction().requests == ()
    for _ in range(34):
        rig.press("done")
    ref = rig.ref
    assert ref.state == "waiting_for_pawns" and rig.of("turn_started") == []
    said = ref.instruction()
    assert said.action == "pawns" and not said.buttons
    (req,) = said.requests
    assert (req.piece, req.reason, req.to, req.blocking) == ("red", "set_up", ("a1",), True)
    assert said.text() == ("Put the pawns on their start squares where the LEDs blink; play begins then. "
                           "Put red's pawn on a1 (where it starts).")
    rig.press("done")
    assert ref.state == "waiting_for_pawns"
    rig.reed("a1", True)
    assert ref.state == "waiting_for_shift" and rig.of("turn_started")[-1]["player"] == "red"


def test_vader_is_put_on_its_tile_after_the_layout() -> None:
    rig = Rig(edition="star-wars", variants=("vader",))
    cell = rig.ref.positions[VADER]
    assert rig.of("game_started")[0]["vader"] == cell
    for _ in range(34):
        rig.press("done")
    said = rig.ref.instruction()
    assert rig.ref.state == "waiting_for_pawns"
    assert [(r.piece, r.to, r.by) for r in said.requests] == [(VADER, (cell,), "red")]
    assert "and Vader on its tile" in said.text()
    rig.reed(cell, True)
    assert rig.ref.state == "waiting_for_shift"


# -- the simulated table ---------------------------------------------------------------
def play_guided(request: BoardRequest) -> tuple[Any, Any, list[GameEvent]]:
    events: list[GameEvent] = []
    session: Any = backends.open_board("sim", request)
    game = build_game(session, [events.append])
    checks: list[tuple[Maze, Maze, set[str]]] = []

    def at_layout_done(ev: GameEvent) -> None:
        if ev.type == "layout_done":
            table = session.board.table
            checks.append((table.maze, game.referee.maze, set(table.holes)))

    game.sinks.append(at_layout_done)
    assert game.run() and game.referee.winner is not None
    assert checks, "the layout never ended"
    sim_maze, ref_maze, holes = checks[0]
    assert holes == set() and sim_maze == ref_maze  # the hands laid exactly what the board named
    return session, game, events


@pytest.mark.parametrize("edition_, variants, players", [("classic", (), 2), ("star-wars", ("vader",), 3)])
def test_simulated_players_lay_the_tiles_the_board_names_then_play(edition_: str, variants: tuple[str, ...],
                                                                  players: int) -> None:
    request = BoardRequest(game="labyrinth", players=players, seed=5, edition=edition_, variants=variants,
                           options={"guided_layout": True})
    session, game, events = play_guided(request)
    assert [e["index"] for e in events if e.type == "layout_step"][:3] == [0, 1, 2]
    # the simulated table started with the fixed tiles only: the loose ones came out of the box
    assert session.board.table.box == []


def test_a_restart_in_the_middle_of_the_layout_goes_on_with_the_same_tile(tmp_path: Path) -> None:
    request = BoardRequest(game="labyrinth", players=2, seed=6, options={"guided_layout": True})
    first = open_game(request, tmp_path / "a", "sim")
    steps: list[tuple[int, int]] = []  # (journal records so far, layout step index)
    first.game.sinks.append(lambda e: steps.append((first.journal.count, e["index"])) if e.type == "layout_step" else None)
    assert first.run() and first.archived is not None
    saved = first.archived.read_bytes().splitlines(keepends=True)
    cut, index = next((n, i) for n, i in steps if i == 12)  # the layout went on to tile 13 after record n
    (tmp_path / "b").mkdir()
    (tmp_path / "b" / jr.CURRENT).write_bytes(b"".join(saved[: cut + 1]))  # header + n records
    events: list[GameEvent] = []
    resumed = open_game(request, tmp_path / "b", "sim", attach=lambda g: g.sinks.append(events.append))
    ref = resumed.referee
    assert ref.state == "waiting_for_layout" and ref.snapshot()["layout_step"] == 12
    assert resumed.restored == fingerprint(resumed.game)
    said = ref.instruction()
    assert said.action == "lay" and said.cells == (LOOSE_ORDER[12],)
    assert resumed.run() and ref.winner is not None
    back = [e for e in events if e.type == "game_resumed"][0]
    assert back["state"] == "waiting_for_layout" and back["step"] == 12
    assert back["laid"] == LOOSE_ORDER[:12]
    assert [e["index"] for e in events if e.type == "layout_step"][0] == 12

