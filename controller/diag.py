"""``mazeboard diag``: an LED test, then a live view of every sensor, updated in place.

LED test (unless ``--no-leds``): each LED in turn lights white (its cell
named), then the whole chain shows red, green and blue; the maker says which
colour each really was, and a wrong ``pixel_order`` is named with the value
to put in the wiring file (:func:`pixel_order_from`).

Live view (``--seconds`` or until Ctrl-C): the reed grid (closed reeds
marked), the tray sensors (ball or not, and volts when they are analog),
button presses, the last sensor events, debounce rejects and matrix ghost
reports. On the simulated board, simulated players play a game meanwhile so
something moves.
"""

from __future__ import annotations

import argparse
from collections import Counter, deque
from typing import Any, Callable

from rich.console import Console, Group
from rich.live import Live
from rich.table import Table
from rich.text import Text

from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, HallChanged, LedFrame, ReedChanged, SensorEvent

from .argtypes import plain_float, plain_int
from .maker import Prompter, Quit, board_arguments, close_session, open_for_maker, pause

#: longest --seconds, one day (leave --seconds out to watch until Ctrl-C)
MAX_SECONDS = 86_400
#: what each test colour is sent as
TEST_COLOURS: dict[str, tuple[int, int, int]] = {"R": (255, 0, 0), "G": (0, 255, 0), "B": (0, 0, 255)}
ANSWERS = {"r": "R", "red": "R", "g": "G", "green": "G", "b": "B", "blue": "B"}


def diag_arguments(p: argparse.ArgumentParser) -> None:
    board_arguments(p)
    p.add_argument("--seconds", type=plain_float, default=None, help="stop the live view after this long (default: Ctrl-C)")
    p.add_argument("--no-leds", action="store_true", help="skip the LED test")
    p.add_argument("--step-ms", type=plain_int, default=150, help="how long each LED stays lit in the chase (default 150)")
    p.add_argument("--virtual", action="store_true", help="simulated board: run on virtual time (no waiting)")


def diag(args: argparse.Namespace) -> int:
    if args.seconds is not None and not 0 < args.seconds <= MAX_SECONDS:  # nan fails both comparisons
        raise ConfigError(f"--seconds: must be more than 0 and at most {MAX_SECONDS}, got {args.seconds:g} "
                          "(leave it out to watch until Ctrl-C)")
    if not 1 <= args.step_ms <= 10_000:
        raise ConfigError(f"--step-ms: {args.step_ms} is not a time each LED stays lit (1 to 10000 ms)")
    session = open_for_maker(args, players=2, realtime=not args.virtual, calibration_use="read")
    console = Console(highlight=False)
    problem = getattr(session, "calibration_problem", None)
    if problem:
        console.print(f"Note: the tray shows volts only, no balls: {problem}")
    prompter = Prompter(stagehand=getattr(session, "stagehand", None))
    try:
        if not args.no_leds:
            led_test(session, prompter, console, step_ms=args.step_ms)
        live_view(session, console, seconds=args.seconds)
    except Quit:
        pass
    finally:
        close_session(session)
    return 0


# ---------------------------------------------------------------------------- LEDs


def pixel_order_from(configured: str, seen: dict[str, str]) -> str:
    """The strip's real byte order, from what the maker saw for each test colour.

    The driver puts colour X into byte ``configured.index(X)``; the strip
    shows byte k as its channel ``actual[k]``; the maker saw ``seen[X] ==
    actual[configured.index(X)]``. Raises :class:`ConfigError` when the
    answers are not a permutation (e.g. red seen twice)."""
    actual = [""] * 3
    for colour, saw in seen.items():
        actual[configured.index(colour)] = saw
    if sorted(actual) != ["B", "G", "R"]:
        raise ConfigError(f"LED test: the answers {seen} do not fit any pixel order (each colour must be seen once)")
    return "".join(actual)


def led_test(session: Any, prompter: Prompter, console: Console, step_ms: int = 150) -> str | None:
    """Chase every LED, then red/green/blue; returns the pixel order to use when it differs, else None."""
    board = session.board
    layout = board.layout
    sched = session.scheduler
    by_index = {i: c for c, i in layout.cell_to_index.items()}
    console.print(f"LED test: {layout.count} LEDs, each in turn.")
    for i in range(layout.count):
        px = [(0, 0, 0)] * layout.count
        px[i] = (255, 255, 255)
        board.show(LedFrame(sched.now_ms(), tuple(px)))
        if console.is_terminal:
            console.print(f"  LED {i}: {by_index.get(i, 'not under a cell'):<18}", end="\r")
        pause(sched, step_ms)
    console.print(f"  lit LEDs 0 to {layout.count - 1} in turn, white: each should sit under its cell.")
    wiring = getattr(session, "wiring", None)
    configured = wiring.leds.pixel_order if wiring is not None and wiring.leds is not None else "GRB"
    seen: dict[str, str] = {}
    for colour, rgb in TEST_COLOURS.items():
        board.show(LedFrame(sched.now_ms(), (rgb,) * layout.count))
        name = {"R": "red", "G": "green", "B": "blue"}[colour]
        answer = prompter.ask(f"All LEDs should be {name}: which colour do you see? (Enter if {name}, or r/g/b): ")
        if answer == "q":
            raise Quit()
        seen[colour] = ANSWERS.get(answer, colour)
    board.show(LedFrame(sched.now_ms(), ((0, 0, 0),) * layout.count))
    order = pixel_order_from(configured, seen)
    if order == configured:
        console.print(f"Pixel order {configured} is right.")
        return None
    console.print(f"PROBLEM: the LEDs' pixel order is {order}, not {configured}: "
                  f"set pixel_order = \"{order}\" under [leds] in the wiring file.")
    return order


# ---------------------------------------------------------------------------- the live view


class SensorView:
    """Collects sensor events and renders the board's sensors as a rich table."""

    def __init__(self, session: Any, history: int = 6) -> None:
        self.session = session
        self.board = session.board
        self.events: deque[SensorEvent] = deque(maxlen=history)
        self.presses: Counter[str] = Counter()
        self.count = 0
        self.board.subscribe(self.on_event)

    def on_event(self, event: SensorEvent) -> None:
        self.count += 1
        self.events.append(event)
        if isinstance(event, ButtonPressed):
            self.presses[event.button] += 1

    def render(self) -> Group:
        board = self.board
        state = board.state()
        grid = getattr(board, "grid", None)
        reeds = Table(title="reeds (o closed)", show_header=True, show_edge=False, pad_edge=False)
        reeds.add_column("")
        if grid is None:  # a board whose reeds are not a grid of cells (Struggle's spaces and places)
            names = tuple(getattr(board, "reeds", ()))
            reeds.add_column("reeds")
            for i in range(0, len(names), 8):
                reeds.add_row("", " ".join(f"{n}:{'o' if n in state.closed_reeds else '.'}" for n in names[i:i + 8]))
            grid_rows = False
        else:
            grid_rows = True
        for f in range(grid.files if grid_rows and grid is not None else 0):
            reeds.add_column(chr(ord("a") + f), justify="center")
        for r in reversed(range(grid.ranks if grid_rows and grid is not None else 0)):
            assert grid is not None
            reeds.add_row(str(r + 1), *("o" if grid.cell_at(f, r) in state.closed_reeds else "." for f in range(grid.files)))
        tray = Table(title="tray Hall sensors", show_edge=False)
        tray.add_column("sensor")
        tray.add_column("ball")
        analog = getattr(self.session, "analog", None)
        if analog is not None:
            tray.add_column("volts")
        for s in _tray_names(board, analog):
            row = [s, "BALL" if s in state.hall_active else "-"]
            if analog is not None:
                row.append(f"{analog.read_v(s):.3f}")
            tray.add_row(*row)
        t_s = self.session.scheduler.now_ms() / 1000
        debouncer = getattr(board, "debouncer", None)
        ghosts = getattr(board, "ghost_reports", [])
        lines = [
            f"t = {t_s:.1f} s   events {self.count}   buttons: "
            + (", ".join(f"{b} x{n}" for b, n in sorted(self.presses.items())) or "none pressed"),
            f"debounce rejects {getattr(debouncer, 'rejected', 0)}   matrix ghost reports {len(ghosts)}",
            "last events: " + ("; ".join(_describe(e) for e in self.events) or "none yet"),
        ]
        return Group(reeds, tray, *(Text(line) for line in lines))


def _tray_names(board: Any, analog: Any) -> tuple[str, ...]:
    wiring = getattr(board, "wiring", None)
    if wiring is not None:
        return tuple(wiring.spec.tray)
    if analog is not None:
        return tuple(analog.sensors)
    from mazeboard.hal.events import TRAY_SENSORS

    return TRAY_SENSORS


_DESCRIBE: dict[type, Callable[[Any], str]] = {
    ReedChanged: lambda e: f"{e.t_ms} ms reed {e.cell} {'closed' if e.closed else 'opened'}",
    HallChanged: lambda e: f"{e.t_ms} ms {e.sensor} {'ball' if e.ball else 'empty'}",
    ButtonPressed: lambda e: f"{e.t_ms} ms {e.button} pressed",
}


def _describe(event: SensorEvent) -> str:
    return _DESCRIBE[type(event)](event)


def live_view(session: Any, console: Console, seconds: float | None = None, refresh_ms: int = 100) -> SensorView:
    """Show every sensor, updated in place every ``refresh_ms``, for ``seconds`` (None: until Ctrl-C)."""
    view = SensorView(session)
    if getattr(session, "stagehand", None) is not None:
        _demo_game(session)
    sched = session.scheduler
    end = None if seconds is None else sched.now_ms() + int(seconds * 1000)
    console.print("Live sensor view" + (" (Ctrl-C to stop)" if seconds is None else ""))
    try:
        with Live(view.render(), console=console, refresh_per_second=10, transient=False) as live:
            while end is None or sched.now_ms() < end:
                pause(sched, refresh_ms)
                live.update(view.render())
    except KeyboardInterrupt:
        pass
    return view


def _demo_game(session: Any) -> None:
    """On the simulated board, let simulated players play so the sensors change."""
    from .app import build_game

    game = build_game(session)
    game.referee.start()
    session.start()
