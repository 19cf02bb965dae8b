"""The maker's commands, shared parts: opening a board for them, prompts, pauses; ``mazeboard wiring``.

The maker's tools (``wiring``, ``calibrate``, ``diag``) reach a board only
through :func:`mazeboard.hal.backends.open_board` (``--board sim|gpio``), and
use what a session may offer for them (:mod:`mazeboard.hal.maker`):
``analog`` tray readings and, on the simulated board, a ``stagehand`` that
carries out each instruction, so every command runs without hardware.

Prompts go through :class:`Prompter`, whose ``ask`` is injected (``input``
by default), so tests script the answers.
"""

from __future__ import annotations

import argparse
import os
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Callable

from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError, MazeboardError
from mazeboard.hal.maker import Instruction
from mazeboard.hal.pi_setup import setup_lines
from mazeboard.hal.wiring import (
    WIRING_ENV, AnalogHall, DirectReeds, Wiring, gpio_name, header, header_pin, load_wiring, reference_wiring_path,
)

from .argtypes import seed as _seed


# ---------------------------------------------------------------------------- sessions and time


def board_arguments(p: argparse.ArgumentParser, calibration_help: str | None = None) -> None:
    """``--board``, ``--wiring``, ``--calibration``, ``--seed``: how the maker commands open a board."""
    p.add_argument("--board", choices=sorted(backends.BACKENDS), default=None,
                   help="board backend (default: $MAZEBOARD_BOARD or sim)")
    p.add_argument("--wiring", metavar="FILE", default=None,
                   help="wiring file of the real board (default: $MAZEBOARD_WIRING or the reference wiring; "
                        "not used by the simulated board)")
    p.add_argument("--calibration", metavar="FILE", default=None,
                   help=calibration_help or "Hall calibration file of the real board (default: "
                        "$MAZEBOARD_CALIBRATION or ~/.config/mazeboard/hall-calibration.toml; not used by the "
                        "simulated board)")
    p.add_argument("--seed", type=_seed, default=1, help="seed of the simulated board (default 1)")


#: how a maker command uses ``--calibration``: "write" (calibrate hall), "read" (diag), "none" (calibrate reeds)
CALIBRATION_USES = ("write", "read", "none")


def check_board_files(args: argparse.Namespace, calibration_use: str) -> str:
    """Validate ``--wiring`` and ``--calibration`` for the chosen backend before anything opens;
    returns the backend name.

    The simulated board has no wiring file and reads no calibration: an
    explicit ``--wiring`` (or ``--calibration``, except for ``calibrate hall``,
    which writes it) is refused with one line saying so. On a real board a
    ``--calibration`` that is read must exist. Raises :class:`ConfigError`."""
    name = backends.backend_name(args.board)
    if name == "sim":
        if args.wiring:
            raise ConfigError(f"--wiring: the simulated board does not use a wiring file (it simulates the "
                              f"reference board); leave out --wiring, or check {args.wiring} with --board gpio "
                              f"or `mazeboard wiring show {args.wiring}`")
        if args.calibration and calibration_use != "write":
            raise ConfigError("--calibration: the simulated board does not read a Hall calibration (its tray "
                              "reports balls itself); leave out --calibration, or use --board gpio")
        return name
    if args.wiring:
        load_wiring(args.wiring)  # a broken file: one line naming file, key and reason
    if args.calibration and calibration_use == "read" and not os.path.isfile(args.calibration):
        raise ConfigError(f"--calibration: {args.calibration} is not a file (run `mazeboard calibrate hall "
                          f"--board {name} --calibration {args.calibration}` to make it)")
    if args.calibration and calibration_use == "none":
        raise ConfigError("--calibration: `calibrate reeds` does not use the Hall calibration; leave it out")
    return name


def open_for_maker(args: argparse.Namespace, players: int = 2, realtime: bool = False,
                   calibration_use: str = "read") -> Any:
    """Open the chosen board for a maker command (no game is started); checks the files first
    (:func:`check_board_files`)."""
    name = check_board_files(args, calibration_use)
    game = "magic-labyrinth"
    wiring = args.wiring or os.environ.get(WIRING_ENV)
    if wiring and name == "gpio":
        game = load_wiring(wiring).spec.game  # the maker's tools check whichever board the wiring describes
    request = BoardRequest(game=game, players=players, seed=args.seed, realtime=realtime, wiring=args.wiring,
                           calibration=args.calibration, maker=True)
    return backends.open_board(args.board, request)


def close_session(session: Any) -> None:
    try:
        session.board.close()
    except Exception:  # closing must not hide the error that made us stop
        pass


def pause(scheduler: Any, ms: int) -> None:
    """Let ``ms`` milliseconds pass on the session's clock, running its timers (scans, debounce).

    A virtual clock jumps; a real-time clock runs its queue until then."""
    advance = getattr(scheduler, "advance", None)
    if advance is not None:
        advance(ms)
        return
    end = scheduler.now_ms() + ms
    scheduler.call_later(ms, lambda: None)
    scheduler.run_forever(stop=lambda: scheduler.now_ms() >= end)


# ---------------------------------------------------------------------------- prompts


class Quit(Exception):
    """The maker answered ``q``."""


class NoAnswer(MazeboardError):
    """End of input at a prompt (stdin closed or a script ran out): the command stops, exit status 1."""


@dataclass
class Prompter:
    """Asks the maker; on a simulated board the stagehand then does what was asked.

    ``ask(prompt) -> answer`` defaults to :func:`input`. End of input ends
    the prompt's line on ``out`` and raises :class:`NoAnswer` (``"no answer:
    stopped"`` + ``stopped_note``; the CLI prints it, exit 1), so a
    half-scripted run never writes anything; Ctrl-C stays a
    KeyboardInterrupt (exit 130)."""

    out: IO[str] = field(default_factory=lambda: sys.stdout)
    ask_fn: Callable[[str], str] = field(default=lambda prompt: input(prompt))
    stagehand: Any = None
    asked: int = 0
    stopped_note: str = ""

    def ask(self, question: str) -> str:
        self.asked += 1
        try:
            return self.ask_fn(question).strip().lower()
        except EOFError:
            print(file=self.out, flush=True)  # the prompt left the cursor on its line
            raise NoAnswer(f"no answer: stopped{self.stopped_note}") from None

    def instruct(self, step: Instruction, choices: str = "Enter when done") -> str:
        """Show ``step``, wait for the answer (``q`` quits), let the stagehand act; returns the answer."""
        who = " [the simulator does it]" if self.stagehand is not None else ""
        answer = self.ask(f"{step.text()}{who} ({choices}): ")
        if answer == "q":
            raise Quit()
        if answer != "s" and self.stagehand is not None:
            self.stagehand.perform(step)
        return answer


# ---------------------------------------------------------------------------- mazeboard wiring


def wiring_arguments(p: argparse.ArgumentParser) -> None:
    sub = p.add_subparsers(dest="wiring_command", metavar="ACTION", required=True)
    show = sub.add_parser("show", help="print the pinout: header pin, BCM name, what it serves")
    show.add_argument("file", nargs="?", default=None, help="wiring file (default: the reference wiring)")
    show.add_argument("--all", action="store_true", help="list all 40 header pins, free ones too")
    diag = sub.add_parser("diagram", help="write the WireViz source (and SVG, when WireViz is installed)")
    diag.add_argument("file", nargs="?", default=None, help="wiring file (default: the reference wiring)")
    diag.add_argument("--out", metavar="DIR", default=None,
                      help="output folder (default: the source checkout's docs/wiring when run inside it, "
                           "else the current folder); the paths written are printed")
    diag.add_argument("--no-render", action="store_true", help="only write the YAML source")


def wiring(args: argparse.Namespace) -> int:
    return WIRING_ACTIONS[args.wiring_command](args)


def _show(args: argparse.Namespace) -> int:
    w = load_wiring(args.file)
    print(pinout(w, show_all=args.all))
    print()
    print("\n".join(_companion_lines()))
    return 0


def _companion_lines() -> list[str]:
    """The companion page's address as the config file (``$MAZEBOARD_CONFIG`` or the default path)
    says; a config that cannot be read is one line here (``service run`` names the key)."""
    from . import config as cfg
    from .webview import join_text

    try:
        return join_text(cfg.load_config())
    except MazeboardError as e:
        return [f"Companion page: {e}"]


def _diagram(args: argparse.Namespace) -> int:
    from .wiring_diagram import write_diagram

    w = load_wiring(args.file)
    name = Path(args.file).stem if args.file else reference_wiring_path().stem
    out = Path(args.out) if args.out else diagram_folder()
    try:
        if out.exists() and not out.is_dir():
            raise ConfigError(f"--out: {out} is not a folder")
        written = write_diagram(w, out, name, render=not args.no_render)
    except OSError as e:
        raise ConfigError(f"--out: cannot write the diagram in {out} ({e.strerror or e})") from None
    for path in written:
        print(f"wrote {path.resolve()}")
    return 0


def diagram_folder(cwd: Path | None = None) -> Path:
    """Where ``wiring diagram`` writes without ``--out``: the source checkout's ``docs/wiring``
    when ``cwd`` is inside the checkout the package runs from, else ``cwd`` itself."""
    here = (cwd or Path.cwd()).resolve()
    repo = reference_wiring_path().resolve().parent.parent  # wiring/ sits at a checkout's top level
    docs = repo / "docs" / "wiring"
    if docs.is_dir() and (repo / "pyproject.toml").is_file() and (here == repo or repo in here.parents):
        return docs
    return here


WIRING_ACTIONS: dict[str, Callable[[argparse.Namespace], int]] = {"show": _show, "diagram": _diagram}


def summary(w: Wiring) -> list[str]:
    """What the wiring builds, one line per part."""
    lines = [f"board {w.board}: {w.description}" if w.description else f"board {w.board}"]
    r = w.reeds
    if isinstance(r, DirectReeds):
        lines.append(f"reeds: one GPIO per cell ({len(r.pins)}), edge callbacks")
    else:
        extra = f" + {len(r.buttons)} buttons" if r.buttons else ""
        lines.append(f"reeds: {len(r.cells)} reeds{extra} in a {len(r.rows)}x{len(r.columns)} matrix "
                     f"{'with' if r.diodes else 'WITHOUT'} diodes, "
                     f"scanned {r.scan_hz} times a second (every {r.scan_period_ms:g} ms)")
    h = w.hall
    if isinstance(h, AnalogHall):
        lines.append(f"tray: {len(h.channels)} linear Hall sensors on an MCP3008 ({h.bus_name}, {h.device_path}), "
                     f"read {h.sample_hz} times a second, Vref {h.vref_v:g} V")
    elif h is not None:
        lines.append(f"tray: {len(h.pins)} digital Hall sensors, edge callbacks")
    if w.buttons:
        lines.append(f"buttons on GPIOs (edge callbacks): {', '.join(w.buttons)}")
    if w.matrix_buttons:
        lines.append(f"buttons in the matrix (scanned): {', '.join(w.matrix_buttons)}")
    if w.leds is not None:
        le = w.leds
        lines.append(f"LEDs: {le.count} x WS2812 ({le.pixel_order}) on {gpio_name(le.pin)}, {le.driver} driver, "
                     f"brightness {le.brightness:g}")
    db = w.debounce
    lines.append(f"debounce: reeds {db.reed_ms} ms, Hall {db.hall_ms} ms, buttons {db.button_ms} ms")
    if w.buses:
        lines.append(f"buses in use: {', '.join(sorted(b.upper() for b in w.buses))}")
    return lines


def pinout(w: Wiring, show_all: bool = False) -> str:
    """The wiring as text: a summary, then one line per header pin (``pin  BCM  serves``)."""
    uses = {u.bcm: u.role for u in w.uses()}
    lines = [f"Wiring {w.path}", *("  " + s for s in summary(w)), "",
             f"{'pin':>3}  {'BCM':<7} serves"]
    if show_all:
        for hp in header():
            role = uses.get(hp.bcm, "-") if hp.bcm is not None else ""
            lines.append(f"{hp.number:>3}  {hp.name:<7} {role}".rstrip())
    else:
        for bcm in sorted(uses, key=header_pin):
            lines.append(f"{header_pin(bcm):>3}  {gpio_name(bcm):<7} {uses[bcm]}")
        lines.append("")
        lines.append(POWER_NOTE[w.hall is not None])
    lines += ["", "On the Pi (what the service's device policy must allow; docs/install-pi.md, step 3):",
              *("  " + s for s in setup_lines(w))]
    return "\n".join(lines)


#: the power line of ``wiring show``, by whether the board has a tray of Hall sensors
POWER_NOTE = {
    True: "Power: 3V3 (pin 1 or 17) for the MCP3008's VDD/VREF and the Hall sensors; GND on pin 6, 9, 14, "
          "20, 25, 30, 34 or 39; the LEDs take their own 5 V supply, grounds joined.",
    False: "Power: GND on pin 6, 9, 14, 20, 25, 30, 34 or 39 (buttons wired directly switch to GND); "
           "the LEDs take their own 5 V supply, grounds joined.",
}


def check_no_game(args: argparse.Namespace) -> None:
    if getattr(args, "scenario", None):
        raise ConfigError("--scenario: the maker commands take no scenario")
