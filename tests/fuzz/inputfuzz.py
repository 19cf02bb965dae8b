"""Hostile inputs for every kind of file and value mazeboard reads, and a harness that runs them.

Shared by the property-based input fuzz tests (``tests/fuzz/test_fuzz_inputs_*.py``,
hypothesis hands them a seeded :class:`random.Random`) and the bigger campaigns of
``benchmarks/bench_fuzz_inputs.py``. Every mutator takes a ``random.Random`` so that a
campaign is reproducible from its seed.

* :func:`mutate_data` -- structural mutations of parsed TOML: a value replaced by a
  hostile one (wrong type, extreme number, huge or odd string, deep list), a key
  removed or added, a list cut, repeated or reordered;
* :func:`mutate_words` -- action lines (SCENARIOS.md ``actions``): a word replaced by
  a name of the wrong kind or an extreme number, words dropped, lines dropped,
  repeated or swapped;
* :func:`mutate_text` -- bytes: truncation, bit flips, NULs, garbage, a huge integer,
  deep nesting;

Cases run through ``tests/clirun.py`` (:func:`~clirun.run_cli`: ``mazeboard ARGV`` in this
process with a wall-clock limit, as an :class:`~clirun.Outcome`).
"""

from __future__ import annotations

import copy
import datetime
import math
import os
import random
import re
from pathlib import Path
from typing import Any, Callable, Iterator, Sequence

import tomli_w

from clirun import Hang, Outcome, run_cli, time_limit  # noqa: F401 - re-exported for the fuzz tests

ROOT = Path(__file__).resolve().parents[2]

#: values of every TOML type, the extreme ones included
HOSTILE: list[Any] = [
    [], [[]], {}, {"x": 1}, {"a1": []}, "", " ", "x", "a1", "z9", "red", "vader", "-", "0", "-1", "9" * 40,
    "é", "\u0000", "a" * 3000, 0, 1, -1, 2, 7, 63, 2**31, 2**63 - 1, -(2**63), 10**18, 0.5, -0.0, 1e308,
    float("nan"), float("inf"), True, False, ["a1"], [1, 2], [[1]], ["red", "red"], [0] * 300,
    datetime.date(2024, 1, 1), datetime.time(12, 0), "GPIO17", "GPIO99", "tray-sw", "roll",
]
#: words an action line may be given instead of the right one
WORDS: list[str] = [
    "a1", "a2", "b1", "f6", "g7", "h8", "z9", "a0", "a", "1", "0", "-1", "00", "99", "4", "5", "6",
    "999999999999", "9" * 30, "1e9", "nan", "red", "blue", "green", "yellow", "vader", "purple",
    "roll", "done", "rotate", "throw", "stop", "S-b", "N-f", "W-2", "E-6", "X-1", "90", "270", "-90",
    "360", "K", "Q", "J", "A", "9", "10", "order=A,B", "ace=K", "order=", "=", "s0", "place-A",
    "press", "slide", "lift", "place", "wait", "glitch", "insert", "hold", "select", "move", "card",
    "reset", "follow", "play", "fetch-ball",
]


def hostile(rng: random.Random) -> Any:
    """One hostile TOML value (a fresh copy)."""
    v = rng.choice(HOSTILE)
    if rng.random() < 0.08:  # a deep list
        depth = rng.choice([20, 60, 200])
        for _ in range(depth):
            v = [v]
        return v
    return copy.deepcopy(v)


def _paths(data: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    yield prefix
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, prefix + (i,))


def _get(data: Any, path: tuple[Any, ...]) -> Any:
    for k in path:
        data = data[k]
    return data


def mutate_data(data: dict[str, Any], rng: random.Random, n: int | None = None,
                extra_keys: Sequence[str] = ("x", "sim", "options", "seed", "players")) -> dict[str, Any]:
    """``data`` (not changed) with ``n`` (default 1-3) structural mutations."""
    out = copy.deepcopy(data)
    for _ in range(n or rng.randint(1, 3)):
        paths = [p for p in _paths(out) if p]
        kind = rng.random()
        if not paths or kind < 0.1:
            table = rng.choice([p for p in _paths(out) if isinstance(_get(out, p), dict)])
            _get(out, table)[rng.choice([*extra_keys, "unknown"])] = hostile(rng)
            continue
        path = rng.choice(paths)
        parent, key = _get(out, path[:-1]), path[-1]
        value = parent[key]
        if kind < 0.6:
            parent[key] = hostile(rng)
        elif kind < 0.7:
            del parent[key]
        elif isinstance(value, list) and value:
            op = rng.randrange(4)
            if op == 0:
                del value[rng.randrange(len(value)) :]
            elif op == 1:
                value.insert(rng.randrange(len(value) + 1), copy.deepcopy(rng.choice(value)))
            elif op == 2:
                rng.shuffle(value)
            else:
                value.append(hostile(rng))
        elif isinstance(value, str) and value:
            parent[key] = mutate_line(value, rng)
        elif isinstance(value, (int, float)) and not isinstance(value, bool):
            parent[key] = rng.choice([-value, value * 10**rng.randint(1, 12), value + 1, value - 1, 0,
                                      -(2**63), 2**63 - 1])
        else:
            parent[key] = hostile(rng)
    return out


def mutate_line(line: str, rng: random.Random) -> str:
    """One action line (or any space-separated string) with a word changed, added or dropped."""
    words = line.split()
    op = rng.randrange(5)
    if op == 0 and words:
        words[rng.randrange(len(words))] = rng.choice(WORDS)
    elif op == 1:
        words.insert(rng.randrange(len(words) + 1), rng.choice(WORDS))
    elif op == 2 and words:
        del words[rng.randrange(len(words))]
    elif op == 3:
        words = [rng.choice(WORDS[-17:])] + [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
    else:
        words = words[:1] + [rng.choice(WORDS) for _ in range(rng.randint(0, 4))]
    return " ".join(words)


def mutate_words(lines: list[Any], rng: random.Random, n: int | None = None) -> list[Any]:
    """A copy of the action list with ``n`` (default 1-4) line-level changes."""
    out = list(lines)
    for _ in range(n or rng.randint(1, 4)):
        op = rng.randrange(6)
        if not out or op == 0:
            out.insert(rng.randrange(len(out) + 1), mutate_line(rng.choice(out) if out else "wait 1", rng))
            continue
        i = rng.randrange(len(out))
        if op == 1:
            del out[i]
        elif op == 2:
            out.insert(i, out[i])
        elif op == 3:
            j = rng.randrange(len(out))
            out[i], out[j] = out[j], out[i]
        else:
            out[i] = mutate_line(out[i], rng) if isinstance(out[i], str) else hostile(rng)
    return out


def mutate_text(data: bytes, rng: random.Random) -> bytes:
    """Byte-level damage: truncation, flipped bits, NULs, garbage, a huge integer, deep nesting."""
    op = rng.randrange(8)
    pos = rng.randrange(len(data) + 1)
    if op == 0:
        return data[:pos]
    if op == 1 and data:
        i = rng.randrange(len(data))
        return data[:i] + bytes([data[i] ^ (1 << rng.randrange(8))]) + data[i + 1 :]
    if op == 2:
        return data[:pos] + b"\x00" * rng.randint(1, 20) + data[pos:]
    if op == 3:
        return data[:pos] + rng.randbytes(rng.randint(1, 200)) + data[pos:]
    if op == 4:
        return data + b"\nhuge = " + b"9" * rng.choice([20, 4301, 6000]) + b"\n"
    if op == 5:
        depth = rng.choice([40, 600, 3000])
        return data + b"\ndeep = " + b"[" * depth + b"]" * depth + b"\n"
    if op == 6:
        depth = rng.choice([40, 600, 3000])
        return data + b"\ndeep = " + b"{a=" * depth + b"1" + b"}" * depth + b"\n"
    return data[:pos] + data[pos:][: rng.randint(0, 40)] * rng.randint(1, 3) + data[pos:]


def dump(data: dict[str, Any]) -> bytes:
    """``data`` as TOML (tomli_w writes nan, inf and dates as TOML does); raises ``ValueError``
    for what tomli_w cannot write (a list nested a few hundred deep exhausts its recursion too:
    :func:`mutate_text` makes those)."""
    try:
        return tomli_w.dumps(data).encode("utf-8")
    except RecursionError:
        raise ValueError("nested too deeply for tomli_w") from None


def finite(x: float) -> bool:
    return not (math.isnan(x) or math.isinf(x))


Case = Callable[[random.Random, Path], Outcome]


# -- CLI values and environment -----------------------------------------------------
#: values for any option: numbers out of range or not numbers, odd paths, names of nothing
CLI_VALUES: list[str] = [
    "nan", "inf", "-inf", "-1", "0", "1", "3", "1e9", "99999999999999999999", "9" * 5000, "", " ", "x", "-",
    "/dev/full", "/dev/null", "/dev/zero", "/proc/nonexistent/f", "/proc", "{tmp}", "{tmp}/out", "{fifo}",
    "{tmp}/a b", "red", "red,red", "purple", "none", "easy", "a1-a2", "a1-a1", "a1-z9,", "classic", "star-wars",
    "vader", "chess", "sim", "gpio", "serial", "0.0.0.0", "::1", "256.1.1.1", "65536", "labyrinth", "struggle",
    "magic-labyrinth", "\u00e9", "--", "a1,a2", "a1,zz",
]
#: command -> (argv that ends by itself, options the fuzzer may set)
CLI_COMMANDS: dict[str, tuple[list[str], list[str]]] = {
    "play": (["play", "--quiet"], ["--players", "--seed", "--maze", "--events", "--win-tokens", "--game",
                                    "--edition", "--variant", "--rounds", "--state-dir", "--board"]),
    "play-struggle": (["play", "--quiet", "--game", "struggle"], ["--rounds", "--seed", "--events", "--players"]),
    "play-labyrinth": (["play", "--quiet", "--game", "labyrinth"], ["--edition", "--variant", "--seed", "--players"]),
    "sim": (["sim", "--scenario", str(ROOT / "tests/magic/scenarios/collect.toml")], ["--events", "--link",
                                                                                      "--scenario", "--line-noise"]),
    "diag": (["diag", "--board", "sim", "--virtual", "--no-leds", "--seconds", "1"],
             ["--seconds", "--step-ms", "--seed", "--wiring", "--calibration"]),
    "calibrate-hall": (["calibrate", "hall", "--board", "sim", "--calibration", "{tmp}/cal.toml"],
                       ["--samples", "--period-ms", "--calibration", "--seed"]),
    "calibrate-reeds": (["calibrate", "reeds", "--board", "sim"], ["--cells", "--seed"]),
    "wiring-show": (["wiring", "show"], ["--all"]),
    "wiring-diagram": (["wiring", "diagram", "--no-render", "--out", "{tmp}/wd"], ["--out"]),
    "diagram": (["diagram"], []),
    "service-run": (["service", "run", "--games", "1", "--virtual-time", "--state-dir", "{tmp}/state", "--seed", "3"],
                    # not --games: N games back to back is what it asks for (0: for ever)
                    ["--seed", "--rounds", "--players", "--game", "--state-dir", "--board"]),
    "install": (["service", "install", "--dry-run"], ["--user", "--exec"]),
}
NUMBERS = ["nan", "inf", "-inf", "-1", "0", "1", "2", "3", "4", "5", "20", "1e9", "0.001", "100000", "2147483648",
           "99999999999999999999", "9" * 5000, "-99999999999999999999"]
#: paths outside the case's folder are ones nothing can be created in (never "/" or a missing folder
#: mazeboard would create: a fuzz run must not write outside its temporary folder)
PATHS = ["/dev/full", "/dev/null", "/dev/zero", "/proc/nonexistent/f", "/proc", "{tmp}", "{tmp}/out", "{fifo}",
         "{tmp}/a b", "-", "", "/proc/self/status", "{tmp}/" + "x" * 300]
#: option -> the kind of value it takes (others: any of CLI_VALUES)
CLI_KINDS: dict[str, list[str]] = {
    **{o: NUMBERS for o in ("--players", "--seed", "--win-tokens", "--rounds", "--step-ms", "--samples",
                            "--period-ms", "--games", "--seconds", "--line-noise")},
    **{o: PATHS for o in ("--events", "--state-dir", "--wiring", "--calibration", "--out", "--scenario", "--exec")},
}
#: environment variables mazeboard reads
CLI_ENV: list[str] = ["MAZEBOARD_BOARD", "MAZEBOARD_WIRING", "MAZEBOARD_CALIBRATION", "MAZEBOARD_SERIAL",
                      "STATE_DIRECTORY", "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "XDG_CONFIG_HOME"]
#: flags without a value (given alone)
CLI_FLAGS = {"--all", "--new", "--assist", "--no-leds", "--virtual", "--no-render", "--quiet"}


def cli_argv(rng: random.Random, tmp: Path) -> tuple[list[str], dict[str, str]]:
    """A command line that ends by itself, with 1-3 options and 0-1 environment variables set to hostile values."""
    fifo = tmp / "fifo"
    if not fifo.exists():
        os.mkfifo(fifo)

    def fill(v: str) -> str:
        return v.replace("{tmp}", str(tmp)).replace("{fifo}", str(fifo))

    name = rng.choice(sorted(CLI_COMMANDS))
    base, options = CLI_COMMANDS[name]
    argv = [fill(a) for a in base]
    if name in ("wiring-show", "wiring-diagram", "diagram") and rng.random() < 0.7:
        argv.insert(2 if name != "diagram" else 1, fill(rng.choice(CLI_VALUES)))
    for opt in rng.sample(options, min(len(options), rng.randint(1, 3))) if options else []:
        if opt in CLI_FLAGS:
            argv.append(opt)
        else:
            pool = CLI_KINDS.get(opt, CLI_VALUES) if rng.random() < 0.8 else CLI_VALUES
            argv += [opt, fill(rng.choice(pool))]
    env = {}
    if rng.random() < 0.3:
        env[rng.choice(CLI_ENV)] = fill(rng.choice(CLI_VALUES))
    return argv, env


def cli_case(rng: random.Random, tmp: Path, limit_s: float = 30.0) -> Outcome:
    """One hostile command line run in ``tmp`` (relative paths land there; HOME and XDG_CONFIG_HOME too)."""
    argv, env = cli_argv(rng, tmp)
    env = {"HOME": str(tmp), "XDG_CONFIG_HOME": str(tmp / "config"), **env}
    saved = {k: os.environ.get(k) for k in env}
    os.environ.update(env)
    cwd = os.getcwd()
    os.chdir(tmp)
    try:
        out = run_cli(argv, limit_s, stdin="\n" * 40)
    finally:
        os.chdir(cwd)
        for k, v in saved.items():
            if v is None:
                os.environ.pop(k, None)
            else:
                os.environ[k] = v
    out.what = " ".join(f"{k}={v!r}" for k, v in env.items()) + " " + out.what
    asked = [argv[i + 1] for i, a in enumerate(argv[:-1]) if a == "--board"] or [env.get("MAZEBOARD_BOARD", "")]
    out.hardware = asked[-1] in ("serial", "gpio")
    return out


# -- the cases: one hostile input of each kind, run as mazeboard runs it ---------------------
def valid_scenarios() -> list[Path]:
    """Every shipped scenario that runs to its end (the seeds of the scenario mutants)."""
    return [p for p in sorted(ROOT.glob("tests/*/scenarios/*.toml"))
            if not p.name.startswith("bad_") and '"exit"' not in p.with_name(p.stem + ".expect.json").read_text()]


def _toml_mutant(src: Path, rng: random.Random, words_key: str | None = None) -> bytes:
    import tomllib

    data = tomllib.loads(src.read_text(encoding="utf-8"))
    if words_key and words_key in data and rng.random() < 0.5:
        data[words_key] = mutate_words(data[words_key], rng)
    else:
        data = mutate_data(data, rng)
    try:
        text = dump(data)
    except (TypeError, ValueError):  # tomli_w cannot write it: mutate the text instead
        text = src.read_bytes()
    return mutate_text(text, rng) if rng.random() < 0.15 else text


def scenario_case(rng: random.Random, tmp: Path, limit_s: float = 60.0) -> Outcome:
    """A shipped scenario with its keys or actions mutated, run by ``mazeboard sim --scenario``."""
    p = tmp / "scenario.toml"
    p.write_bytes(_toml_mutant(rng.choice(valid_scenarios()), rng, "actions"))
    argv = ["sim", "--scenario", str(p), "--events", os.devnull]
    if rng.random() < 0.1:
        argv += ["--link", "serial"]
    return run_cli(argv, limit_s)


def wiring_case(rng: random.Random, tmp: Path, limit_s: float = 30.0) -> Outcome:
    """A shipped wiring file mutated, shown (``wiring show``) and drawn (``wiring diagram --no-render``)."""
    p = tmp / "wiring.toml"
    p.write_bytes(_toml_mutant(rng.choice(sorted((ROOT / "wiring").glob("*.toml"))), rng))
    out = run_cli(["wiring", "show", "--all", str(p)], limit_s)
    if out.good() and out.code == 0:
        out = run_cli(["wiring", "diagram", "--no-render", "--out", str(tmp / "diagram"), str(p)], limit_s)
    return out


CALIBRATION_TEXT = """# Hall-sensor calibration (tests/fuzz/inputfuzz.py)
format = 1
source = "gpio"
vref_v = 3.3
[sensors.tray-sw]
empty_v = 2.071
ball_v = 1.962
noise_v = 0.004
threshold_v = 2.016
hysteresis_v = 0.012
[sensors.tray-se]
empty_v = 1.5
ball_v = 1.9
noise_v = 0.01
threshold_v = 1.7
hysteresis_v = 0.05
[sensors.tray-ne]
empty_v = 2.0
ball_v = 1.8
noise_v = 0.005
threshold_v = 1.9
hysteresis_v = 0.02
[sensors.tray-nw]
empty_v = 2.2
ball_v = 2.0
noise_v = 0.005
threshold_v = 2.1
hysteresis_v = 0.02
"""


def calibration_case(rng: random.Random, tmp: Path, limit_s: float = 10.0) -> Outcome:
    """A calibration file mutated, read as the gpio backend reads it, its thresholds applied to readings,
    and checked as the file ``calibrate hall`` would replace. Exit 0 or 2 stand for "read" and
    "refused with a CalibrationError" (one line)."""
    import tomllib

    from mazeboard.hal.calibration import Comparator, check_target, load_calibration
    from mazeboard.hal.errors import CalibrationError
    from mazeboard.hal.events import TRAY_SENSORS

    p = tmp / "calibration.toml"
    data = mutate_data(tomllib.loads(CALIBRATION_TEXT), rng)
    try:
        text = dump(data)
    except (TypeError, ValueError):
        text = CALIBRATION_TEXT.encode()
    p.write_bytes(mutate_text(text, rng) if rng.random() < 0.2 else text)
    out = Outcome(f"calibration {p}", 0)
    try:
        with time_limit(limit_s):
            for source in ("gpio", "sim"):  # what calibrate hall checks before replacing it
                try:
                    check_target(p, source)
                except CalibrationError:
                    pass  # a refusal (the simulator never replaces a real tray's file): one line
            cal = load_calibration(p, TRAY_SENSORS)
            for t in cal.sensors.values():
                c = Comparator(t)
                for v in (0.0, t.empty_v, t.ball_v, t.threshold_v, cal.vref_v):
                    c.update(v)
    except CalibrationError as e:
        out.err, out.code = [f"mazeboard: error: {e}"], 2
    except Hang:
        out.code, out.hang = None, True
    except Exception as e:  # noqa: BLE001 - what the CLI would show as an internal error
        out.err, out.code = [f"mazeboard: internal error: {type(e).__name__}: {e}"], 1
    if any("\n" in line for line in out.err):
        out.err = [x for line in out.err for x in line.splitlines()]
    return out


# -- journals and state directories ---------------------------------------------------------
_GAMES: dict[tuple[str, int], list[bytes]] = {}
#: the games whose journals are mutated: (game, seed)
JOURNAL_GAMES = [("magic-labyrinth", 1), ("magic-labyrinth", 2), ("magic-labyrinth", 3), ("labyrinth", 1),
                 ("struggle", 1)]


def journal_lines(game: str, seed: int) -> list[bytes]:
    """The journal of a whole simulated game (played once per process, then cached)."""
    import tempfile

    from mazeboard.controller.persist import open_game
    from mazeboard.hal.board import BoardRequest

    if (game, seed) not in _GAMES:
        with tempfile.TemporaryDirectory(prefix="mazeboard-fuzz-") as d:
            pgame = open_game(BoardRequest(game=game, seed=seed, players=2), d, "sim", fsync=False)
            assert pgame.run() and pgame.archived is not None
            _GAMES[game, seed] = pgame.archived.read_bytes().splitlines(keepends=True)
    return _GAMES[game, seed]


def mutate_journal(lines: list[bytes], rng: random.Random) -> list[bytes]:
    """A journal with one hostile change that keeps the CRCs right (a field changed, a line lost,
    repeated or moved, a huge number or deep nesting in a line) or damaged bytes."""
    import json

    from mazeboard.controller import journal as jr

    lines = list(lines)
    i = rng.randrange(len(lines))
    op = rng.randrange(10)
    if op == 0:
        del lines[i]
    elif op == 1:
        j = rng.randrange(len(lines))
        lines[i], lines[j] = lines[j], lines[i]
    elif op == 2:
        lines.insert(i, lines[rng.randrange(len(lines))])
    elif op <= 6:
        rec = json.loads(lines[i])
        rec.pop("crc")
        keys = ("fired", "now", "n", "ev", "request", "setup", "closed", "hall", "x")
        if op == 6 and len(rec) > 1:
            rec[rng.choice([k for k in rec if k != "k"])] = rng.choice(
                [10**9, 10**18, -1, 2**63, 2**70, "9" * 50, [], {}, None, 0.5, True, "z9", ["z9"]])
        else:
            rec = mutate_data(rec, rng, extra_keys=keys)
        try:
            lines[i] = jr.encode(rec)
        except (TypeError, ValueError):
            pass
    elif op == 7:
        body = lines[i].rstrip(b"\n")[:-1]
        tail = b"9" * rng.choice([4301, 6000]) if rng.random() < 0.5 else b"[" * rng.choice([200, 3000])
        lines[i] = body + b',"y":' + tail + b"}\n"
    else:
        return [mutate_text(b"".join(lines), rng)]
    return lines


def _kept(d: Path, original: bytes) -> bool:
    """Whether the complete lines of ``original`` survive as the start of some file in ``d``."""
    whole = original[: original.rfind(b"\n") + 1]
    if not whole:
        return True
    for p in d.rglob("*"):
        try:
            if p.is_file() and not p.is_symlink() and p.read_bytes().startswith(whole):
                return True
        except OSError:
            continue
    return False


#: virtual time a resumed game whose finish does not count is played on (ms)
PLAY_ON_MS = 30 * 60 * 1000


def _play_saved(d: Path, game: str, original: bytes | None, limit_s: float, what: str,
                stuck_counts: bool) -> Outcome:
    """``open_game`` in ``d`` and play to the end: hang, exception, a lost saved game or a stuck game
    (when ``stuck_counts``) make a bad outcome."""
    from mazeboard.controller.persist import open_game
    from mazeboard.hal.board import BoardRequest
    from mazeboard.hal.errors import MazeboardError

    out = Outcome(what, 0)
    try:
        with time_limit(limit_s):
            pgame = open_game(BoardRequest(game=game, seed=77, players=2), d, "sim", fsync=False)
            if original is not None and not _kept(d, original):
                out.err.append("the readable saved game was lost at start-up")
            # a game whose finish does not count is played for a bounded virtual time: what is
            # checked is that it opens and plays on, and the wall-clock hang limit stays meaningful
            # on a loaded machine (a resumed Labyrinth's simulated players can wander for hours)
            until = None if stuck_counts else pgame.clock.now_ms() + PLAY_ON_MS
            finished = pgame.run(stop=None if until is None else (lambda: pgame.clock.now_ms() > until))
            if stuck_counts and (not finished or pgame.referee.winner is None):
                out.err.append(f"stuck: the game did not reach a winner ({pgame.referee.state})")
            if original is not None and not _kept(d, original):
                out.err.append("the readable saved game was lost")
    except Hang:
        out.code, out.hang = None, True
    except MazeboardError as e:
        out.code, out.err = e.exit_status, [f"mazeboard: error: {e}"]
    except Exception as e:  # noqa: BLE001 - what a service start would die of
        out.code, out.err = 1, [f"internal error: {type(e).__name__}: {e}"]
    if len(out.err) and out.code == 0:
        out.code = 1
    return out


def journal_case(rng: random.Random, tmp: Path, limit_s: float = 60.0, stuck_counts_for: Sequence[str] = (
        "magic-labyrinth",)) -> Outcome:
    """A saved game's journal, cut at a random record and given one hostile change, opened and played on."""
    game, seed = rng.choice(JOURNAL_GAMES)
    lines = journal_lines(game, seed)
    cut = rng.randrange(2, len(lines) + 1)
    data = b"".join(mutate_journal(lines[:cut], rng))
    d = tmp / "state"
    d.mkdir(exist_ok=True)
    (d / "current.jsonl").write_bytes(data)
    return _play_saved(d, game, data, limit_s, f"journal {game} seed {seed} cut {cut}", game in stuck_counts_for)


#: what ``current.jsonl`` may be, and what else may lie in the state directory
CURRENT_KINDS = ["journal", "journal", "corrupt", "fifo", "folder", "zero", "dangling", "loop", "empty", "garbage"]
ARCHIVE_KINDS = ["none", "none", "file", "odd", "link", "full"]


def state_dir_case(rng: random.Random, tmp: Path, limit_s: float = 60.0) -> Outcome:
    """A state directory with an odd ``current.jsonl`` and an odd ``archive/``; a game is opened and
    played to the end there (and the readable saved game, if there is one, kept)."""
    d = tmp / "state"
    d.mkdir(exist_ok=True)
    cur = d / "current.jsonl"
    kind = rng.choice(CURRENT_KINDS)
    lines = journal_lines("magic-labyrinth", rng.choice([1, 2, 3]))
    original: bytes | None = None
    if kind == "journal":
        original = b"".join(lines[: rng.randrange(2, len(lines) + 1)])
        cur.write_bytes(original)
    elif kind == "corrupt":
        cur.write_bytes(b"".join(mutate_journal(lines[: rng.randrange(2, len(lines))], rng)))
    elif kind == "fifo":
        os.mkfifo(cur)
    elif kind == "folder":
        cur.mkdir()
    elif kind == "zero":
        cur.symlink_to("/dev/zero")
    elif kind == "dangling":
        cur.symlink_to(d / "nowhere" / "saved.jsonl")
    elif kind == "loop":
        cur.symlink_to(cur.name)
    elif kind == "empty":
        cur.write_bytes(b"")
    else:
        cur.write_bytes(rng.randbytes(rng.randint(1, 3000)))
    archive = d / "archive"
    akind = rng.choice(ARCHIVE_KINDS)
    if akind == "file":
        archive.write_text("not a folder")
    elif akind == "link":
        archive.symlink_to("/dev/null")
    elif akind in ("odd", "full"):
        archive.mkdir()
        for name in rng.sample(["game-\u00b2\u00b3.jsonl", "game-0003.jsonl", "abandoned-x.jsonl", "game-.jsonl",
                                "game-" + "9" * 200 + ".jsonl", "unusable-0001.jsonl", "notes"], 3):
            p = archive / name
            if rng.random() < 0.5:
                p.mkdir()
            else:
                p.write_text("odd")
        if akind == "full":
            for n in range(1, 60):
                if not os.path.lexists(archive / f"game-{n:04d}.jsonl"):
                    (archive / f"game-{n:04d}.jsonl").write_text("old\n")
    for name in rng.sample(["corrupt-1.jsonl", "unreadable-1.jsonl", "current.jsonl.tmp", "game-1.jsonl"],
                           rng.randint(0, 2)):
        (d / name).mkdir(exist_ok=True)
    return _play_saved(d, "magic-labyrinth", original, limit_s, f"state dir: current {kind}, archive {akind}",
                       stuck_counts=True)


# -- the co-processor line stream, host side ------------------------------------------------
SERIAL_SCENARIOS = ["magic/scenarios/lift_after_step_50.toml", "magic/scenarios/wall_hit.toml",
                    "labyrinth/scenarios/wrap.toml", "struggle/scenarios/three_throws.toml"]


def hostile_line(rng: random.Random, seq: int) -> bytes:
    """A line a broken or hostile board could send: CRC-valid messages with names the game has or
    has not and odd values, or bytes that are not a line at all."""
    from mazeboard.hal.serial.protocol import (Ack, Button, ErrorReport, Hall, HallRaw, Heartbeat, Hello,
                                               Reed, State, encode, frame_line)

    names = ["a1", "b2", "f6", "g7", "z9", "a0", "s0", "s3", "place-A", "tray-sw", "tray-xx", "roll", "done",
             "throw", "die1", "slot:W-2", "nothing", "A" * 60]
    n = rng.choice(names)
    op = rng.randrange(12)
    if op == 0:
        return encode(Reed(n, rng.random() < 0.5), seq)
    if op == 1:
        return encode(Hall(n, rng.random() < 0.5), seq)
    if op == 2:
        return encode(Button(n), seq)
    if op == 3:
        return encode(State(frozenset(rng.sample(names, rng.randint(0, 5))),
                            frozenset(rng.sample(names, rng.randint(0, 2)))), seq)
    if op == 4:
        return encode(Heartbeat(rng.choice([0, 1, 2**31, 10**15])), seq)
    if op == 5:
        return encode(rng.choice([Ack(rng.randrange(65536)), ErrorReport("crc", rng.randrange(65536), "x"),
                                  HallRaw(n, rng.randrange(65536))]), seq)
    if op == 6:
        return encode(Hello(rng.choice([1, 1, 2, 0]), {"fw": "9.9", "leds": rng.choice(["0", "36", "x", "99999"])}),
                      rng.choice([0, seq]))
    if op == 7:  # a well-formed line of a type nobody knows, or fields a type does not take
        return frame_line(seq, [rng.choice(["ZAP", "R", "H", "S", "B"]),
                                *[rng.choice(names + ["1", "-1", "99999999999"]) for _ in range(rng.randint(0, 4))]])
    if op == 8:
        return rng.randbytes(rng.randint(1, 80))
    if op == 9:
        return b"x" * rng.choice([1023, 1024, 1025, 5000]) + b"\n"
    if op == 10:
        return encode(Reed(n, True), seq)[: rng.randint(1, 12)]  # a cut line
    return f"{rng.randrange(65536)} R a1 1*FFFF\n".encode()  # a wrong CRC


def serial_case(rng: random.Random, tmp: Path, limit_s: float = 60.0) -> Outcome:
    """A scenario played over ``--link serial`` while the board also sends hostile lines (every few
    milliseconds of the game, whatever it is doing): nothing may escape but a scenario's one line."""
    from mazeboard.controller.app import build_game
    from mazeboard.hal import backends
    from mazeboard.hal.board import BoardRequest
    from mazeboard.hal.errors import MazeboardError

    scenario = ROOT / "tests" / rng.choice(SERIAL_SCENARIOS)
    out = Outcome(f"serial {scenario.name}", 0)
    session: Any = None
    try:
        with time_limit(limit_s):
            session = backends.open_board("sim", BoardRequest(scenario=str(scenario), sim_link="serial"))
            game = build_game(session)
            emulator, clock, port, host = (session.link.emulator, session.scheduler, session.link.port,
                                           session.link.host)
            every = rng.choice([5, 20, 60, 200])

            def tick() -> None:  # only while the host has the port open (otherwise nobody reads the lines)
                if emulator.port is not None and emulator.host_ready and port.connected and host.transport.is_open:
                    line = hostile_line(rng, emulator._tx_seq)  # noqa: SLF001 - in the board's own count
                    emulator.ring.keep(emulator._tx_seq, line)  # noqa: SLF001 - and resent when asked for
                    emulator._tx_seq = (emulator._tx_seq + 1) % 65536  # noqa: SLF001
                    port.write(line)
                    if emulator.on_written is not None:
                        emulator.on_written()
                clock.call_later(every, tick, daemon=True)

            clock.call_later(every, tick, daemon=True)
            game.run()
    except Hang:
        out.code, out.hang = None, True
    except MazeboardError as e:
        out.code, out.err = e.exit_status, [f"mazeboard: error: {e}"]
    except Exception as e:  # noqa: BLE001
        out.code, out.err = 1, [f"internal error: {type(e).__name__}: {e}"]
    finally:
        if session is not None:
            session.close()
    return out


# -- WebSocket messages --------------------------------------------------------------------------
#: the fields each message type takes (any game), with good values; a message is built from these
#: and then sometimes broken (a field dropped, given a hostile value, or an unknown one added)
MESSAGE_FIELDS: dict[str, dict[str, list[Any]]] = {
    "press": {"button": ["roll", "done", "throw", "stop", "die1", "rotate"]},
    "slide": {"player": ["red", "blue", "vader"], "to": ["a2", "b1", "b2", "g7"]},
    "lift": {"player": ["red", "blue", "vader"]},
    "place": {"player": ["red", "blue", "vader"], "cell": ["a1", "a2", "f6", "g7"]},
    "fetch-ball": {"player": ["red", "blue"]},
    "reveal": {"on": [True, False]},
    "rotate": {},
    "insert": {"slot": ["W-2", "N-b", "E-6", "S-f"]},
    "pick": {"index": [0, 1, 5, 999]},
    "move": {"token": ["K", "Q", "J", "10", "9"], "to": ["s0", "s3", "s40", "place-A", "place-E"]},
    "follow": {},
    "gather": {},
    "new_game": {"players": [2, 3, 4], "humans": [["red"], [], ["blue", "green"], ["yellow"]],
                 "seed": [None, 0, 5, 2**31 - 1], "maze": ["easy", "hard"],
                 "edition": ["classic", "super-mario", "star-wars"],
                 "variants": [[], ["vader"], ["younger"], ["exit-anywhere", "vader"], ["younger", "vader"]],
                 "rounds": [1, 2, 9]},
}


def _message(rng: random.Random, parsers: Any) -> str:
    import json

    if rng.random() < 0.08:
        return rng.choice(["", "{", "null", "[]", "1e999", '{"type": NaN}', "\u0000", "{}" * 2000,
                           "[" * 5000, '{"type": "' + "x" * 3000 + '"}'])
    from mazeboard.hal.web.protocol import BadMessage
    from mazeboard.sim.web.protocol import parse_message

    kind = rng.choice([*parsers, *parsers, "nope"])
    msg: dict[str, Any] = {"type": kind}
    for f, values in MESSAGE_FIELDS.get(kind, {}).items():
        msg[f] = rng.choice(values)
    for _ in range(len(msg)):  # drop the fields this game's message does not take
        try:
            parse_message(json.dumps(msg), parsers)
            break
        except BadMessage as e:
            unknown = re.search(r"unknown field '([^']+)'", str(e))
            if unknown is None:
                break
            msg.pop(unknown.group(1), None)
    if rng.random() < 0.3:
        msg["id"] = rng.choice([1, 2**53 - 1, -5])
    if rng.random() < 0.35 and len(msg) > 1:
        key = rng.choice([k for k in msg if k != "type"])
        if rng.random() < 0.3:
            del msg[key]
        else:
            msg[key] = hostile(rng)
    if rng.random() < 0.05:
        msg[rng.choice(["extra", "type2"])] = hostile(rng)
    try:
        return json.dumps(msg)
    except (TypeError, ValueError):  # a hostile value JSON cannot carry (a date)
        return json.dumps({"type": kind})


def ws_case(rng: random.Random, tmp: Path, limit_s: float = 60.0, messages: int = 12) -> Outcome:
    """A game served to a page on virtual time, sent a burst of hostile messages (each parsed as the
    server parses it, then handled by the table); a ``new_game`` the table accepts must open.
    Anything escaping, a reply that is not JSON or not one line, or a next game that cannot be
    opened (the server used to stop there) is a bad outcome."""
    import json

    from mazeboard.controller.app import build_game
    from mazeboard.hal.board import BoardRequest
    from mazeboard.sim.web.protocol import PARSERS as MAGIC_PARSERS
    from mazeboard.hal.web.protocol import BadMessage
    from mazeboard.sim.web.protocol import parse_message
    from mazeboard.sim.web.session import browser_session

    game = rng.choice(["magic-labyrinth", "labyrinth", "struggle"])
    request = BoardRequest(game=game, players=2, seed=rng.randrange(100), humans=("red",), speed=20.0, browser=True,
                           edition="star-wars" if game == "labyrinth" else None)
    out = Outcome(f"ws {game}", 0)
    sent: list[dict[str, Any]] = []
    try:
        with time_limit(limit_s):
            session = browser_session(request, realtime=False)
            build_game(session)
            table = session.table
            table.outbox = lambda msg, to: sent.append(json.loads(json.dumps(msg)))
            table.greet(1)
            parsers = getattr(table, "PARSERS", None) or MAGIC_PARSERS
            for _ in range(messages):
                text = _message(rng, parsers)
                try:
                    command = parse_message(text, parsers)
                except BadMessage as e:
                    if "\n" in str(e):
                        out.err.append(f"a reply of more than one line: {e!r}")
                    continue
                table.handle(1, command)
                session.clock.advance(rng.choice([0, 50, 500]))
                if session.next_request is not None:
                    from dataclasses import replace

                    browser_session(replace(session.next_request, handover=None), realtime=False)
                    break
    except Hang:
        out.code, out.hang = None, True
    except Exception as e:  # noqa: BLE001 - what would stop the server
        out.code, out.err = 1, [f"internal error: {type(e).__name__}: {e}"]
    for m in sent:
        if m.get("type") == "error" and "\n" in m.get("message", ""):
            out.err.append(f"an error reply of more than one line: {m!r}")
    if out.err and out.code == 0:
        out.code = 1
    return out


#: kind of input -> its case (the benchmark and the tests run these)
CASES: dict[str, Case] = {
    "scenario": scenario_case,
    "wiring": wiring_case,
    "calibration": calibration_case,
    "journal": journal_case,
    "state-dir": state_dir_case,
    "serial": serial_case,
    "websocket": ws_case,
    "cli": lambda rng, tmp: cli_case(rng, tmp),
}


# -- extreme values in scenarios ---------------------------------------------------------------
EXTREMES = [-1, 0, 1, 10**6, 10**9, 10**12, 10**18, 2**63 - 1, -(2**63)]
_SIM_KEYS = ["step_ms", "bounce_ms", "transit_jitter_ms", "press_ms", "hand_ms", "fetch_ms", "ball_roll_ms"]
_OPTION_KEYS = {"magic-labyrinth": ["win_tokens", "settle_ms", "ball_grace_ms", "offboard_ms"],
                "struggle": ["rounds", "throws", "warning_ms", "settle_ms"],
                "labyrinth": ["shift_settle_ms", "wrap_timeout_ms"]}


def extreme_scenarios() -> list[tuple[str, dict[str, Any]]]:
    """Every shipped scenario with one value set to an extreme: the seed, each ``[sim]`` setting and
    rule option, and a ``wait``/``glitch``/``select``/``rotate``/``hold`` of that many units first."""
    import tomllib

    out = []
    for f in valid_scenarios():
        data = tomllib.loads(f.read_text(encoding="utf-8"))
        game = data["game"]
        for v in EXTREMES:
            edits: list[tuple[str, Callable[[dict[str, Any]], None]]] = [("seed", lambda d, v=v: d.update(seed=v))]
            for k in _SIM_KEYS + (["push_delay_ms"] if game == "labyrinth" else []):
                edits.append((f"sim.{k}", lambda d, k=k, v=v: d.setdefault("sim", {}).update(
                    {k: [0, v] if k == "ball_roll_ms" else v})))
            for k in _OPTION_KEYS[game]:
                edits.append((f"options.{k}", lambda d, k=k, v=v: d.setdefault("options", {}).update({k: v})))
            if v > 0:
                glitch = "glitch 3" if game == "struggle" else "glitch a2"
                for word in ("wait", glitch, "select", "rotate", "hold"):
                    edits.append((f"{word} {v}", lambda d, w=word, v=v: d.update(
                        actions=[f"{w} {v}", *d.get("actions", [])])))
            for what, edit in edits:
                d = copy.deepcopy(data)
                edit(d)
                out.append((f"{f.name} {what}={v}", d))
    return out


def extreme_case(index: int, tmp: Path, limit_s: float = 60.0) -> Outcome:
    what, data = extreme_scenarios()[index]
    p = tmp / "scenario.toml"
    p.write_bytes(dump(data))
    out = run_cli(["sim", "--scenario", str(p), "--events", os.devnull], limit_s)
    out.what = what
    return out
