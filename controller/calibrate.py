"""``mazeboard calibrate hall`` and ``mazeboard calibrate reeds``: guided sessions for the maker.

``calibrate hall`` samples the tray's analog Hall sensors with the tray
empty, then with a ball in each corner (progress bars), computes each
sensor's threshold and hysteresis (:func:`~mazeboard.hal.calibration.threshold_for`),
shows the readings as a bar chart, and writes the calibration file
atomically, keeping the file it replaces as ``NAME.bak``. It refuses (exit 2,
file untouched) when a signal is too close to the noise or a ball moved
another sensor most (channels swapped); an interrupted run (Ctrl-C: exit 130;
end of input: one line, exit 1) writes nothing either. The target file is
checked before any sampling (a folder, an unwritable place). On the simulated
board the calibration is practice: it goes to ``hall-calibration-sim.toml``
by default, is marked ``source = "sim"`` (the gpio backend refuses it), and
never replaces a file measured on a real tray.

``calibrate reeds`` asks for a pawn on each cell in turn and checks that
exactly that reed closes; it names stuck reeds (closed with the board
empty, or staying closed after the pawn left), dead cells, swapped matrix
rows or columns (or swapped direct wires) and ghosting in a matrix (three
pawns on the corners of a matrix rectangle).
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Sequence

from rich.bar import Bar
from rich.console import Console
from rich.progress import BarColumn, Progress, TextColumn
from rich.table import Table

from mazeboard.hal import backends
from mazeboard.hal.calibration import (
    SIM_SOURCE, HallCalibration, HallThreshold, Stats, backup_path, check_target, default_calibration_path,
    save_calibration, threshold_for,
)
from mazeboard.hal.errors import CalibrationError, ConfigError
from mazeboard.hal.maker import Instruction
from mazeboard.hal.wiring import DirectReeds, MatrixReeds, gpio_name

from .argtypes import plain_int
from .maker import Prompter, Quit, board_arguments, close_session, open_for_maker, pause

#: time given to a hand's change to settle before reading (debounce windows are 10-20 ms)
SETTLE_MS = 400
#: most readings per sensor and step (10,000 at 5 ms: under a minute per step)
MAX_SAMPLES = 10_000
#: longest time between readings, ms
MAX_PERIOD_MS = 1000


def calibrate_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="what", metavar="WHAT", required=True)
    hall = sub.add_parser("hall", help="calibrate the tray's analog Hall sensors (thresholds with hysteresis)")
    board_arguments(hall, calibration_help=(
        "where to write the calibration (default: $MAZEBOARD_CALIBRATION or "
        "~/.config/mazeboard/hall-calibration.toml; with --board sim ~/.config/mazeboard/hall-calibration-sim.toml)"))
    hall.add_argument("--samples", type=plain_int, default=200, help="readings per sensor and step (default 200)")
    hall.add_argument("--period-ms", type=plain_int, default=5, help="time between readings (default 5 ms)")
    reeds = sub.add_parser("reeds", help="check every reed switch: pawn on each cell in turn")
    board_arguments(reeds)
    reeds.add_argument("--cells", default=None, metavar="LIST",
                       help="only these cells, comma-separated (default: every cell)")


def calibrate(args: argparse.Namespace) -> int:
    return CALIBRATIONS[args.what](args)


# ---------------------------------------------------------------------------- hall


def _hall_command(args: argparse.Namespace) -> int:
    if not 10 <= args.samples <= MAX_SAMPLES:
        raise ConfigError(f"--samples: take 10 to {MAX_SAMPLES} readings, not {args.samples}")
    if not 1 <= args.period_ms <= MAX_PERIOD_MS:
        raise ConfigError(f"--period-ms: 1 to {MAX_PERIOD_MS} ms between readings, not {args.period_ms}")
    source = backends.backend_name(args.board)
    path = Path(args.calibration) if args.calibration else default_calibration_path(source)
    check_target(path, source)  # before the board opens and long before sampling
    session = open_for_maker(args, calibration_use="write")
    try:
        calibrate_hall(session, Prompter(stagehand=getattr(session, "stagehand", None),
                                         stopped_note="; the previous calibration is kept"),
                       Console(highlight=False), path, samples=args.samples, period_ms=args.period_ms, source=source)
    except Quit:
        print("Stopped; the previous calibration is kept.")
        return 130
    finally:
        close_session(session)
    return 0


def sample(analog: Any, scheduler: Any, sensors: Sequence[str], samples: int, period_ms: int,
           console: Console, label: str) -> dict[str, list[float]]:
    """``samples`` readings of every sensor, ``period_ms`` apart, with a progress bar; volts."""
    readings: dict[str, list[float]] = {s: [] for s in sensors}
    with Progress(TextColumn("{task.description}"), BarColumn(), TextColumn("{task.completed}/{task.total}"),
                  console=console, transient=True) as progress:
        task = progress.add_task(label, total=samples)
        for _ in range(samples):
            for s in sensors:
                readings[s].append(analog.read_v(s))
            pause(scheduler, period_ms)
            progress.advance(task)
    return readings


def calibrate_hall(session: Any, prompter: Prompter, console: Console, path: Any, *, samples: int = 200,
                   period_ms: int = 5, source: str = "gpio") -> HallCalibration:
    """The guided Hall calibration on ``session`` (a board of backend ``source``); writes ``path``
    only when every sensor is good, marked with ``source``, the replaced file kept as ``NAME.bak``.

    Raises :class:`CalibrationError` (bad signal, swapped channels, a target
    that cannot be written, a simulated run onto a real tray's file: checked
    before sampling) or :class:`ConfigError` (digital sensors: nothing to calibrate)."""
    analog = getattr(session, "analog", None)
    if analog is None:
        raise ConfigError("calibrate hall: this board's tray sensors are digital (hall.mode = \"digital\"); "
                          "they need no calibration")
    replaced = check_target(path, source)
    sensors = tuple(analog.sensors)
    sched = session.scheduler
    console.print(f"Calibrating {len(sensors)} Hall sensors: {samples} readings each, {period_ms} ms apart.")
    prompter.instruct(Instruction("empty-tray"))
    pause(sched, SETTLE_MS)
    empty = sample(analog, sched, sensors, samples, period_ms, console, "empty tray")
    empty_stats = {s: Stats.of(v) for s, v in empty.items()}
    ball_stats: dict[str, Stats] = {}
    for sensor in sensors:
        prompter.instruct(Instruction("ball", sensor))
        pause(sched, SETTLE_MS)
        got = sample(analog, sched, sensors, samples, period_ms, console, f"ball at {sensor}")
        stats = {s: Stats.of(v) for s, v in got.items()}
        moved = max(sensors, key=lambda s: abs(stats[s].mean_v - empty_stats[s].mean_v))
        ball_stats[sensor] = stats[sensor]
        if moved != sensor and abs(stats[moved].mean_v - empty_stats[moved].mean_v) > 4 * max(
                stats[moved].sd_v, analog.lsb_v):
            chart(console, sensors, empty_stats, ball_stats, {})
            raise CalibrationError(
                f"{sensor}: the ball in the {sensor} corner moved {moved}'s reading most; are the two sensors' "
                f"ADC channels swapped (hall.channels in the wiring file)? The previous calibration is kept")
    prompter.instruct(Instruction("empty-tray"))
    thresholds: dict[str, HallThreshold] = {}
    errors: list[CalibrationError] = []
    for sensor in sensors:
        try:
            thresholds[sensor] = threshold_for(sensor, empty_stats[sensor], ball_stats[sensor], analog.lsb_v)
        except CalibrationError as e:
            errors.append(e)
    chart(console, sensors, empty_stats, ball_stats, thresholds)
    if errors:
        more = f" ({len(errors) - 1} more sensor(s) too weak, see the chart)" if len(errors) > 1 else ""
        raise CalibrationError(f"{errors[0]}{more}")
    cal = HallCalibration(float(analog.vref_v), thresholds, source)
    written = save_calibration(cal, path)
    what = "the simulated board's" if source == SIM_SOURCE else "the"
    console.print(f"Saved {what} Hall calibration to {written}", soft_wrap=True)  # a path stays whole
    if replaced is not None:
        console.print(f"It replaced a calibration measured {f'on the {replaced} board' if replaced else 'earlier'}, "
                      f"kept as {backup_path(written)}", soft_wrap=True)
    return cal


def chart(console: Console, sensors: Sequence[str], empty: dict[str, Stats], ball: dict[str, Stats],
          thresholds: dict[str, HallThreshold]) -> None:
    """The readings as a bar chart: per sensor, the empty and ball levels on one voltage scale."""
    levels = [st.mean_v for st in empty.values()] + [st.mean_v for st in ball.values()]
    lo = min(levels) - 0.05
    hi = max(levels) + 0.05
    table = Table(title=f"Hall readings, {lo:.2f} V to {hi:.2f} V", show_edge=False)
    for col in ("sensor", "level", "volts", "", "noise", "signal", "threshold", "verdict"):
        table.add_column(col)
    for s in sensors:
        for what, st in (("empty", empty.get(s)), ("ball", ball.get(s))):
            if st is None:
                continue
            t = thresholds.get(s)
            signal = abs(ball[s].mean_v - empty[s].mean_v) if s in ball else None
            table.add_row(
                s if what == "empty" else "", what, f"{st.mean_v:.3f}",
                Bar(hi - lo, 0, st.mean_v - lo, width=20, color="green" if what == "empty" else "magenta"),
                f"{st.sd_v * 1000:.1f} mV",
                "" if what == "empty" or signal is None else f"{signal * 1000:.0f} mV",
                "" if what == "empty" or t is None else f"{t.threshold_v:.3f}±{t.hysteresis_v * 500:.1f}mV",
                "" if what == "empty" else ("ok" if t is not None else "TOO WEAK"),
            )
    console.print(table)


# ---------------------------------------------------------------------------- reeds


@dataclass
class ReedReport:
    """What ``calibrate reeds`` found; ``problems`` are one line each, for the maker."""

    ok: list[str] = field(default_factory=list)
    dead: list[str] = field(default_factory=list)
    stuck: list[str] = field(default_factory=list)
    misread: dict[str, tuple[str, ...]] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    ghosting: bool | None = None  # None: not tested (no matrix)


def _reeds_command(args: argparse.Namespace) -> int:
    session = open_for_maker(args, players=4, calibration_use="none")
    try:
        cells = [c.strip() for c in args.cells.split(",") if c.strip()] if args.cells else None
        report = calibrate_reeds(session, Prompter(stagehand=getattr(session, "stagehand", None)),
                                 Console(highlight=False), cells)
    except Quit:
        print("Stopped.")
        return 130
    finally:
        close_session(session)
    return 0 if not report.problems else 1


def calibrate_reeds(session: Any, prompter: Prompter, console: Console,
                    cells: Sequence[str] | None = None) -> ReedReport:
    """Walk the maker through the cells; returns the :class:`ReedReport` (also printed)."""
    board = session.board
    grid = getattr(board, "grid", None)
    names: tuple[str, ...] = tuple(grid.cells) if grid is not None else tuple(getattr(board, "reeds", ()))
    for c in cells or ():
        if grid is not None:
            grid.parse_cell(c, "--cells")
        elif c not in names:
            raise ConfigError(f"--cells: {c!r} is not a reed of this board ({names[0]}..{names[-1]})")
    todo = list(cells or names)
    sched = session.scheduler
    wiring = getattr(session, "wiring", None)
    report = ReedReport()

    def closed() -> frozenset[str]:
        pause(sched, SETTLE_MS)
        return frozenset(board.state().closed_reeds)

    prompter.instruct(Instruction("clear-board"))
    base = closed()
    report.stuck.extend(sorted(base))
    prev: str | None = None
    last_new: frozenset[str] = frozenset()
    for cell in todo:
        answer = prompter.instruct(Instruction("place", cell, (prev,) if prev else ()), "Enter when done, s to skip")
        if answer == "s":
            continue
        seen = closed()
        prev = cell
        # a reed the pawn closed on its last cell and that is still closed: sticking (the final
        # check with an empty board confirms), not this cell's reading
        lingering = (last_new & seen) - {cell}
        new = seen - base - lingering
        last_new = new | lingering
        if cell in base:
            console.print(f"  {cell}: its reed is stuck closed, cannot be tested")
            continue
        if new == {cell}:
            report.ok.append(cell)
        elif not new:
            report.dead.append(cell)
        else:
            report.misread[cell] = tuple(sorted(new))
        console.print(f"  {cell}: {_verdict(cell, new)}")
    prompter.instruct(Instruction("clear-board"))
    late = sorted(closed() - base)  # closed while a pawn stood there, and stayed closed after it left
    if late:
        console.print(f"  still closed with the board empty again: {' '.join(late)}")
        report.stuck.extend(late)
    matrix = getattr(wiring, "reeds", None)
    if isinstance(matrix, MatrixReeds):
        report.ghosting = _ghost_test(session, prompter, console, matrix, base)
    _diagnose(report, wiring)
    _print_report(console, report, len(todo))
    return report


def _verdict(cell: str, new: frozenset[str]) -> str:
    if new == {cell}:
        return "ok"
    if not new:
        return "no reed closed (dead cell, or the pawn's magnet is too weak)"
    return f"read as {' '.join(sorted(new))}"


def _ghost_test(session: Any, prompter: Prompter, console: Console, reeds: MatrixReeds, base: frozenset[str]) -> bool:
    """Three pawns on three corners of a matrix rectangle: does the fourth read closed?"""
    at = reeds.cell_at()
    corners = (at[(0, 0)], at[(0, 1)], at[(1, 0)])
    fourth = at[(1, 1)]
    board = session.board
    before = len(getattr(board, "ghost_reports", []))
    prompter.instruct(Instruction("ghost", extra=corners))
    pause(session.scheduler, SETTLE_MS)
    closed = board.state().closed_reeds - base
    reported = getattr(board, "ghost_reports", [])[before:]
    ghost = fourth in closed or any(fourth in r.suspects for r in reported)
    if fourth in closed:
        console.print(f"  ghost test: {fourth} reads closed with pawns on {', '.join(corners)} only")
    elif ghost:
        console.print(f"  ghost test: the scanner reported a possible ghost at {fourth} (and did not believe it)")
    else:
        console.print(f"  ghost test: no ghost at {fourth} with pawns on {', '.join(corners)}")
    prompter.instruct(Instruction("clear-board"))
    return ghost


def _diagnose(report: ReedReport, wiring: Any) -> None:
    """Turn the per-cell findings into named faults (swapped lines, stuck, dead, ghosting)."""
    p = report.problems
    reeds = getattr(wiring, "reeds", None)
    if report.stuck:
        p.append(f"stuck reeds (closed without a pawn): {' '.join(sorted(set(report.stuck)))}"
                 + _lines_of(sorted(set(report.stuck)), reeds))
    if report.dead:
        p.append(f"dead cells (no reed closed): {' '.join(report.dead)}" + _lines_of(report.dead, reeds))
    moved = {c: seen[0] for c, seen in report.misread.items() if len(seen) == 1}
    explained: set[str] = set()
    if isinstance(reeds, MatrixReeds):
        rows: Counter[tuple[int, int]] = Counter()
        cols: Counter[tuple[int, int]] = Counter()
        for cell, other in moved.items():
            (r1, c1), (r2, c2) = reeds.cells[cell], reeds.cells[other]
            if c1 == c2:
                rows[(min(r1, r2), max(r1, r2))] += 1
                explained.add(cell)
            elif r1 == r2:
                cols[(min(c1, c2), max(c1, c2))] += 1
                explained.add(cell)
        for (a, b), _ in rows.most_common():
            p.append(f"matrix rows {a} and {b} are swapped: {gpio_name(reeds.rows[a])} and "
                     f"{gpio_name(reeds.rows[b])} go to each other's row of reeds")
        for (a, b), _ in cols.most_common():
            p.append(f"matrix columns {a} and {b} are swapped: {gpio_name(reeds.columns[a])} and "
                     f"{gpio_name(reeds.columns[b])} go to each other's column of reeds")
    else:
        for cell, other in moved.items():
            if moved.get(other) == cell and cell not in explained:
                explained.update((cell, other))
                pins = ""
                if isinstance(reeds, DirectReeds):
                    pins = f" ({gpio_name(reeds.pins[cell])} and {gpio_name(reeds.pins[other])})"
                p.append(f"the reeds of {cell} and {other} are swapped{pins}")
    for cell, seen in report.misread.items():
        if cell in explained:
            continue
        if cell in seen:
            p.append(f"a pawn on {cell} also closes {' '.join(c for c in seen if c != cell)} (a short between "
                     "matrix lines, or a magnet strong enough to reach the next reed)")
        else:
            p.append(f"a pawn on {cell} reads as {' '.join(seen)}")
    if report.ghosting and isinstance(reeds, MatrixReeds):
        if reeds.diodes:
            p.append("ghosting: the matrix shows phantom closures although the wiring says diodes = true; "
                     "a diode is missing, reversed or shorted")
        else:
            p.append("ghosting: this matrix has no diodes, so three pawns on a rectangle's corners hide the fourth "
                     "(the scanner reports it and believes nothing there); fit a diode per reed")


def _lines_of(cells: Sequence[str], reeds: Any) -> str:
    if isinstance(reeds, MatrixReeds):
        parts = [f"{c}: row {reeds.cells[c][0]} {gpio_name(reeds.rows[reeds.cells[c][0]])}, "
                 f"column {reeds.cells[c][1]} {gpio_name(reeds.columns[reeds.cells[c][1]])}" for c in cells]
        return " (" + "; ".join(parts) + ")"
    if isinstance(reeds, DirectReeds):
        return " (" + ", ".join(f"{c}: {gpio_name(reeds.pins[c])}" for c in cells) + ")"
    return ""


def _print_report(console: Console, report: ReedReport, total: int) -> None:
    console.print(f"Reeds: {len(report.ok)} of {total} cells ok.")
    if report.ghosting is None:
        console.print("Ghost test: not applicable (no reed matrix on this board).")
    for line in report.problems:
        console.print(f"PROBLEM: {line}")
    if not report.problems:
        console.print("Every reed works.")


CALIBRATIONS: dict[str, Callable[[argparse.Namespace], int]] = {"hall": _hall_command, "reeds": _reeds_command}
