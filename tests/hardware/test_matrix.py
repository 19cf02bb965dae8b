"""Reed matrix scanning on mock pins: with diodes every reed is seen alone; without them three
closed corners of a rectangle make the fourth read closed, and the scanner reports that instead of
inventing a pawn."""

from __future__ import annotations

import dataclasses

from gpiozero.pins.mock import MockFactory

from hwkit import DIGITAL
from mazeboard.hal.events import ReedChanged, SensorEvent
from mazeboard.hal.gpio import MatrixScanner, ghost_suspects
from mazeboard.hal.wiring import MatrixReeds, Wiring, load_wiring
from mazeboard.sim.rig import open_rig_session


def _wiring(diodes: bool) -> Wiring:
    w = load_wiring(DIGITAL)
    assert isinstance(w.reeds, MatrixReeds)
    return dataclasses.replace(w, reeds=dataclasses.replace(w.reeds, diodes=diodes))


def test_ghost_suspects_are_the_corners_of_closed_rectangles() -> None:
    assert ghost_suspects(frozenset({(0, 0), (0, 1), (1, 0)})) == frozenset()
    assert ghost_suspects(frozenset({(0, 0), (0, 1), (1, 0), (1, 1), (4, 4)})) == {(0, 0), (0, 1), (1, 0), (1, 1)}
    assert ghost_suspects(frozenset({(0, 0), (0, 3), (2, 0), (2, 3), (2, 5)})) == {(0, 0), (0, 3), (2, 0), (2, 3)}


def _three_corners(diodes: bool, factory: MockFactory) -> tuple[object, list[SensorEvent]]:
    # pawns start on a1, a6, f6 (three players); bring them to a1, b1, a2: rows 0-1 x columns 0-1
    s = open_rig_session(_wiring(diodes), players=("red", "blue", "green"), factory=factory)
    events: list[SensorEvent] = []
    s.board.subscribe(events.append)
    w = s.world
    for act in (lambda: w.lift("blue"), lambda: w.place("blue", "b1"), lambda: w.lift("green"),
                lambda: w.place("green", "a2")):
        act()
        s.clock.advance(200)  # hands take time: the scanner sees every step
    return s, events


def test_matrix_with_diodes_sees_exactly_the_pawns(factory: MockFactory) -> None:
    s, events = _three_corners(True, factory)
    assert s.board.state().closed_reeds == {"a1", "b1", "a2"}  # type: ignore[attr-defined]
    assert s.board.ghost_reports == []  # type: ignore[attr-defined]


def test_raw_scan_of_a_diode_less_matrix_shows_the_ghost(factory: MockFactory) -> None:
    s, _ = _three_corners(False, factory)
    matrix = s.board.matrix  # type: ignore[attr-defined]
    assert isinstance(matrix, MatrixScanner) and matrix.open_drain
    at = matrix.reeds.cell_at()
    assert {at[rc] for rc in matrix.scan()} == {"a1", "b1", "a2", "b2"}  # b2: no pawn, still reads closed


def test_start_position_on_three_matrix_corners_is_reported_not_guessed(factory: MockFactory) -> None:
    # three players start on a1, a6, f6: rows 0 and 5 x columns 0 and 5, so f1 ghosts from the start
    s = open_rig_session(_wiring(False), players=("red", "blue", "green"), factory=factory)
    assert "f1" not in s.board.state().closed_reeds
    assert s.board.ghost_reports and s.board.ghost_reports[0].suspects == {"a1", "a6", "f1", "f6"}


def test_scanner_reports_ghosts_and_never_invents_a_pawn(factory: MockFactory) -> None:
    s, events = _three_corners(False, factory)
    board = s.board  # type: ignore[attr-defined]
    assert "b2" not in board.state().closed_reeds
    assert not any(isinstance(e, ReedChanged) and e.cell == "b2" for e in events)
    assert board.ghost_reports, "the possible ghost must be reported"
    report = board.ghost_reports[-1]
    assert report.suspects == {"a1", "b1", "a2", "b2"} and report.closed == {"a1", "b1", "a2", "b2"}
    # a pawn already standing on a suspect corner stays believed
    assert {"a1"} <= board.state().closed_reeds
    # the rectangle breaks when green leaves a2: everything is believed again
    s.world.lift("green")  # type: ignore[attr-defined]
    s.world.place("green", "e5")  # type: ignore[attr-defined]
    s.clock.advance(200)  # type: ignore[attr-defined]
    assert board.state().closed_reeds == {"a1", "b1", "e5"}
    assert not any(isinstance(e, ReedChanged) and e.cell == "b2" for e in events)


def test_scan_rate_is_the_wiring_rate(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(DIGITAL), factory=factory)
    before = s.board.matrix.scans
    s.clock.advance(1000)
    assert s.board.matrix.scans - before == 250


def test_row_outputs_idle_high_with_diodes(factory: MockFactory) -> None:
    s = open_rig_session(load_wiring(DIGITAL), factory=factory)
    for row in s.board.matrix.lines.rows:
        assert row.function == "output" and row.state is True  # idle rows high (inactive)
