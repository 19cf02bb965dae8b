"""The gpio backend on gpiozero's real lgpio pin factory, over a stand-in of lgpio that behaves as
joan2937/lg does (``mazeboard.sim.lgpio_chip``): kernel calls counted, line groups, alerts through
one notification pipe that drops reports when full (issue 14, defects 5 and 6)."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, ReedChanged, SensorEvent
from mazeboard.hal.gpio import GpioBoard, MatrixScanner
from mazeboard.hal.wiring import MatrixReeds, Wiring, load_wiring, reference_wiring_path
from mazeboard.sim import lgpio_chip
from mazeboard.sim.lgpio_chip import Copper, FakeLgpio

from hwkit import DIGITAL


def _copper(w: Wiring) -> Copper:
    assert isinstance(w.reeds, MatrixReeds)
    return Copper(rows=w.reeds.rows, columns=w.reeds.columns, diodes=w.reeds.diodes)


@pytest.fixture
def lgpio() -> Iterator[tuple[FakeLgpio, Any, Wiring]]:
    w = load_wiring(DIGITAL)
    fake = FakeLgpio(_copper(w))
    factory = lgpio_chip.factory(fake)
    try:
        yield fake, factory, w
    finally:
        factory.close()
        lgpio_chip.uninstall()


def _place(fake: FakeLgpio, w: Wiring, cell: str, on: bool = True) -> None:
    assert isinstance(w.reeds, MatrixReeds)
    r, c = w.reeds.cells[cell]
    fake.close_reed(w.reeds.rows[r], w.reeds.columns[c], on)


def test_matrix_columns_are_plain_inputs_and_scans_send_no_edge_reports(lgpio: Any) -> None:
    fake, factory, w = lgpio
    clock = VirtualClock()
    board = GpioBoard(w, clock, pin_factory=factory)
    try:
        events: list[SensorEvent] = []
        board.subscribe(events.append)
        for cell in ("a1", "b2", "c3", "f6"):  # four pawns, four columns
            _place(fake, w, cell)
        clock.advance(1000)  # 250 scans
        assert {e.cell for e in events if isinstance(e, ReedChanged)} == {"a1", "b2", "c3", "f6"}
        columns = {fake.lines[c].mode for c in w.reeds.columns}  # type: ignore[union-attr]
        assert columns == {"input"} and fake.reports == 0  # no alerts claimed on them, nothing in the pipe
        assert {fake.lines[g].mode for g in w.buttons.values()} == {"alert"}  # buttons keep their edges
    finally:
        board.close()


def test_a_button_press_survives_a_stalled_notification_thread_while_the_matrix_scans(lgpio: Any) -> None:
    """lgpio has one notification thread; its 64 KiB pipe holds 4096 reports and drops the rest
    without a word (lgPthAlerts.c). If scanning put reports in it (edge-detecting columns), a
    stall of that thread -- the GIL held elsewhere, a slow callback -- would lose the button."""
    fake, factory, w = lgpio
    clock = VirtualClock()
    board = GpioBoard(w, clock, pin_factory=factory)
    try:
        events: list[SensorEvent] = []
        board.subscribe(events.append)
        for cell in ("a1", "b2", "c3", "f6"):
            _place(fake, w, cell)
        clock.advance(100)
        fake.stall()
        clock.advance(2500)  # 625 scans with four pawns standing
        roll = w.buttons["roll"]
        fake.ground(roll, True)  # pressed while the thread is behind
        clock.advance(10)
        fake.stall(False)  # it catches up
        clock.advance(100)
        fake.ground(roll, False)  # released after 110 ms
        clock.advance(100)
        assert fake.dropped == 0
        assert [e.button for e in events if isinstance(e, ButtonPressed)] == ["roll"]
    finally:
        board.close()


def test_an_8x8_scan_costs_at_most_20_kernel_calls_and_a_few_hundred_python_calls() -> None:
    w = load_wiring(reference_wiring_path("labyrinth"))
    assert isinstance(w.reeds, MatrixReeds)
    fake = FakeLgpio(_copper(w))
    factory = lgpio_chip.factory(fake)
    try:
        scanner = MatrixScanner(w.reeds, factory)
        assert scanner.grouped
        reeds = w.reeds
        for (r, c) in [(0, 0), (3, 4), (7, 7), (6, 1)]:
            fake.close_reed(reeds.rows[r], reeds.columns[c], True)
        assert scanner.scan() == {(0, 0), (3, 4), (7, 7), (6, 1)}
        python, kernel = lgpio_chip.count_calls(lambda: [scanner.scan() for _ in range(10)], fake)
        assert kernel / 10 <= 20
        assert python / 10 <= 300
        fake.close_reed(reeds.rows[3], reeds.columns[4], False)
        assert scanner.scan() == {(0, 0), (7, 7), (6, 1)}
        scanner.close()
        assert {fake.lines[g].mode for g in (*reeds.rows, *reeds.columns)} == {"free"}
    finally:
        factory.close()
        lgpio_chip.uninstall()


def test_open_drain_rows_without_diodes_float_when_idle() -> None:
    w = load_wiring(DIGITAL)
    assert isinstance(w.reeds, MatrixReeds)
    reeds = MatrixReeds(w.reeds.rows, w.reeds.columns, w.reeds.cells, diodes=False)
    fake = FakeLgpio(Copper(rows=reeds.rows, columns=reeds.columns, diodes=False))
    factory = lgpio_chip.factory(fake)
    try:
        scanner = MatrixScanner(reeds, factory)
        assert all(fake.lines[g].flags & lgpio_chip.SET_OPEN_DRAIN and fake.lines[g].value for g in reeds.rows)
        for (r, c) in [(0, 0), (0, 1), (1, 0)]:  # three corners of a rectangle
            fake.close_reed(reeds.rows[r], reeds.columns[c], True)
        assert scanner.scan() == {(0, 0), (0, 1), (1, 0), (1, 1)}  # the ghost at (1, 1), as on real copper
        scanner.close()
    finally:
        factory.close()
        lgpio_chip.uninstall()


def test_a_matrix_pin_used_elsewhere_is_refused(lgpio: Any) -> None:
    from gpiozero import DigitalInputDevice
    from gpiozero.exc import GPIOPinInUse

    fake, factory, w = lgpio
    scanner = MatrixScanner(w.reeds, factory)
    try:
        with pytest.raises(GPIOPinInUse):
            DigitalInputDevice("GPIO17", pin_factory=factory)  # a matrix column
    finally:
        scanner.close()
