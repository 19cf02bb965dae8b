"""hal: virtual clock, debouncing, cell and edge notation."""

from __future__ import annotations

import pytest

from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.debounce import DebounceSettings, Debouncer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.grid import LABYRINTH_GRID, MAGIC_GRID, edge_of, format_edge


def test_virtual_clock_runs_timers_in_time_order() -> None:
    c = VirtualClock()
    seen: list[tuple[int, str]] = []
    c.call_later(30, lambda: seen.append((c.now_ms(), "b")))
    c.call_later(10, lambda: seen.append((c.now_ms(), "a")))
    t = c.call_later(20, lambda: seen.append((c.now_ms(), "x")))
    t.cancel()
    c.run_until_idle()
    assert seen == [(10, "a"), (30, "b")]


def test_daemon_timers_do_not_keep_the_clock_running() -> None:
    c = VirtualClock()
    ticks: list[int] = []

    def tick() -> None:
        ticks.append(c.now_ms())
        c.call_later(50, tick, daemon=True)

    c.call_later(0, tick, daemon=True)
    c.call_later(120, lambda: None)
    c.run_until_idle()
    assert c.now_ms() == 120 and ticks == [0, 50, 100]


def test_run_until_idle_stops_at_the_limit() -> None:
    c = VirtualClock()

    def again() -> None:
        c.call_later(100, again)

    again()
    assert c.run_until_idle(limit_ms=1000) is False
    assert c.now_ms() == 1000


def rig(window: int = 10) -> tuple[VirtualClock, Debouncer, list[tuple[str, bool, int]]]:
    c = VirtualClock()
    out: list[tuple[str, bool, int]] = []
    d = Debouncer(c, lambda k, lvl, t: out.append((k, lvl, t)))  # type: ignore[arg-type]
    d.add("x", False, window)
    return c, d, out


def test_bounce_collapses_into_one_change() -> None:
    c, d, out = rig()
    for t, lvl in ((0, True), (1, False), (2, True), (3, False), (4, True)):
        c.advance(t - c.now_ms())
        d.raw("x", lvl)
    c.run_until_idle()
    assert out == [("x", True, 14)]


def test_glitch_shorter_than_the_window_is_never_reported() -> None:
    c, d, out = rig()
    d.raw("x", True)
    c.advance(5)
    d.raw("x", False)
    c.run_until_idle()
    assert out == [] and d.rejected == 1


def test_closure_longer_than_the_window_is_reported_with_its_opening() -> None:
    c, d, out = rig()
    d.raw("x", True)
    c.advance(30)
    d.raw("x", False)
    c.run_until_idle()
    assert out == [("x", True, 10), ("x", False, 40)]


def test_debounce_settings_are_validated() -> None:
    assert DebounceSettings().reed_ms >= 10
    with pytest.raises(ConfigError, match="reed_ms"):
        DebounceSettings(reed_ms=0)


def test_grid_notation() -> None:
    g = MAGIC_GRID
    assert g.cells[0] == "a1" and g.cells[-1] == "f6" and len(g.cells) == 36
    assert len(g.edges) == 60
    assert g.neighbours("a1") == ("a2", "b1")
    assert g.parse_edge("c4-c3") == ("c3", "c4") == edge_of("c4", "c3")
    assert format_edge(("c3", "c4")) == "c3-c4"
    assert len(LABYRINTH_GRID.cells) == 49 and LABYRINTH_GRID.cells[-1] == "g7"
    for bad in ("g1", "a0", "a7", "", 5):
        with pytest.raises(ConfigError):
            g.parse_cell(bad)
    with pytest.raises(ConfigError, match="not orthogonally adjacent"):
        g.parse_edge("a1-b2")


def test_connectivity() -> None:
    g = MAGIC_GRID
    assert g.is_connected([])
    assert not g.is_connected([("a1", "a2"), ("a1", "b1")])
    assert g.distances("a1", [("a1", "b1")])["b1"] == 3
