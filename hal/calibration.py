"""Hall-sensor calibration: thresholds with hysteresis from measured voltages, and the file that keeps them.

A linear (SS49E-type) Hall sensor under a tray corner sits at ``empty_v``
with the tray empty and moves to ``ball_v`` when a steel ball rests there
(the ball bends the bias magnet's field; HARDWARE.md). :func:`threshold_for`
puts the switching point half way and a hysteresis band around it, and
refuses (:class:`~mazeboard.hal.errors.CalibrationError`) when the signal is
too close to the noise: each edge of the band must stay ``margin_sigma``
standard deviations away from the level it leaves.

The calibration file is TOML::

    format = 1
    source = "gpio"      # the board it was measured on: "gpio" (a real tray) or "sim"
    vref_v = 3.3
    [sensors.tray-sw]
    empty_v = 2.071      # mean with the tray empty, volts
    ball_v = 1.962       # mean with a ball in this corner
    noise_v = 0.004      # standard deviation (the larger of the two)
    threshold_v = 2.016
    hysteresis_v = 0.012 # width of the band around threshold_v

:func:`save_calibration` writes it atomically (a temporary file in the same
folder, fsync, rename), so an interrupted or failed run never damages the
previous file, and keeps the file it replaces as ``NAME.bak``.

The simulated board's calibration is practice, never the real tray's: it
goes to its own default file (``hall-calibration-sim.toml``), carries
``source = "sim"``, refuses to replace a file measured on another board
(:func:`check_target`), and the gpio backend refuses to play with it.
"""

from __future__ import annotations

import os
import statistics
import tempfile
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any, Mapping, Sequence

import tomli_w

from .errors import CalibrationError
from .inputfile import FileProblem, TomlProblem, load_toml, parse_toml, read_bounded

FORMAT = 1
#: largest calibration file read, bytes (four sensors take under 1 KB)
MAX_CALIBRATION_BYTES = 64 * 1024
#: Edges of the hysteresis band stay this many noise standard deviations from each level.
MARGIN_SIGMA = 4.0
ENV_VAR = "MAZEBOARD_CALIBRATION"
#: the simulated board's calibrations (never read by a real board)
SIM_SOURCE = "sim"
#: backend -> default file name in the config folder (others: the real tray's)
DEFAULT_NAMES = {SIM_SOURCE: "hall-calibration-sim.toml"}
DEFAULT_NAME = "hall-calibration.toml"


@dataclass(frozen=True)
class HallThreshold:
    """One sensor's calibration, volts. A ball is sensed past ``on_v``, released past ``off_v``."""

    empty_v: float
    ball_v: float
    noise_v: float
    threshold_v: float
    hysteresis_v: float

    @property
    def rising(self) -> bool:
        """True when a ball raises the reading."""
        return self.ball_v > self.empty_v

    @property
    def on_v(self) -> float:
        half = self.hysteresis_v / 2
        return self.threshold_v + half if self.rising else self.threshold_v - half

    @property
    def off_v(self) -> float:
        half = self.hysteresis_v / 2
        return self.threshold_v - half if self.rising else self.threshold_v + half


@dataclass(frozen=True)
class HallCalibration:
    """Thresholds for every tray sensor (``sensors``: name -> threshold) at ADC reference ``vref_v``."""

    vref_v: float
    sensors: Mapping[str, HallThreshold]
    #: the board it was measured on (``gpio``, ``sim``); "" for files written before the key existed
    source: str = "gpio"


class Comparator:
    """A Schmitt trigger in software: ``update(volts) -> ball sensed``, with the threshold's hysteresis."""

    __slots__ = ("t", "level")

    def __init__(self, threshold: HallThreshold, level: bool = False) -> None:
        self.t = threshold
        self.level = level

    def update(self, v: float) -> bool:
        t = self.t
        if self.level:
            if (v < t.off_v) if t.rising else (v > t.off_v):
                self.level = False
        elif (v > t.on_v) if t.rising else (v < t.on_v):
            self.level = True
        return self.level


@dataclass(frozen=True)
class Stats:
    """Mean and (population) standard deviation of a series of readings, volts."""

    mean_v: float
    sd_v: float
    n: int

    @classmethod
    def of(cls, readings: Sequence[float]) -> "Stats":
        if not readings:
            raise CalibrationError("no readings were taken")
        return cls(statistics.fmean(readings), statistics.pstdev(readings), len(readings))


def threshold_for(sensor: str, empty: Stats, ball: Stats, lsb_v: float,
                  margin_sigma: float = MARGIN_SIGMA) -> HallThreshold:
    """Threshold half way between the two levels, hysteresis ``max(2 sigma, 2 LSB)``.

    ``noise`` is the larger standard deviation, at least half an ADC step
    (quantisation). Raises :class:`CalibrationError` naming the sensor, the
    signal, the noise and what is needed when ``|ball - empty|`` is smaller
    than ``hysteresis + 2 * margin_sigma * noise``.
    """
    noise = max(empty.sd_v, ball.sd_v, lsb_v / 2)
    signal = abs(ball.mean_v - empty.mean_v)
    hysteresis = max(2 * noise, 2 * lsb_v)
    need = hysteresis + 2 * margin_sigma * noise
    if signal < need:
        raise CalibrationError(
            f"{sensor}: the ball moves the reading by {signal * 1000:.1f} mV but the noise is "
            f"{noise * 1000:.1f} mV; need at least {need * 1000:.1f} mV ({margin_sigma:g} sigma each side of a "
            f"{hysteresis * 1000:.1f} mV hysteresis band). Move the bias magnet closer to the sensor, check that "
            f"the ball rests over it, shorten or shield the sensor wires; the previous calibration is kept")
    return HallThreshold(
        round(empty.mean_v, 5), round(ball.mean_v, 5), round(noise, 6),
        round((empty.mean_v + ball.mean_v) / 2, 5), round(hysteresis, 6),
    )


# ---------------------------------------------------------------------------- the file


def default_calibration_path(backend: str = "gpio") -> Path:
    """Where ``backend``'s Hall calibration lives by default.

    A real board: ``$MAZEBOARD_CALIBRATION``, else
    ``$XDG_CONFIG_HOME/mazeboard/hall-calibration.toml`` (``~/.config/...``
    when XDG_CONFIG_HOME is unset). The simulated board: always
    ``.../mazeboard/hall-calibration-sim.toml`` (the environment variable
    names the real tray's file, which a simulated run must never replace)."""
    env = os.environ.get(ENV_VAR)
    if env and backend != SIM_SOURCE:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
    return Path(base) / "mazeboard" / DEFAULT_NAMES.get(backend, DEFAULT_NAME)


def backup_path(path: str | Path) -> Path:
    """Where :func:`save_calibration` keeps the file it replaces (``NAME.bak``)."""
    p = Path(path)
    return p.with_name(p.name + ".bak")


def check_target(path: str | Path, source: str) -> str | None:
    """Check, before any sampling, that a calibration measured on ``source`` may be written to ``path``.

    Returns the ``source`` of the file it would replace (``""`` for a file
    without one, None when there is none). Raises :class:`CalibrationError`
    when ``path`` is a folder, its folder cannot be created or written, or a
    simulated calibration would replace one measured on another board."""
    p = Path(path)
    try:
        if p.is_dir():
            raise CalibrationError(f"{p}: is a folder; give the calibration file's name "
                                   f"(e.g. {p / DEFAULT_NAMES.get(source, DEFAULT_NAME)})")
        folder = next((f for f in (p.parent, *p.parent.parents) if f.exists()), Path("."))
        if not folder.is_dir() or not os.access(folder, os.W_OK | os.X_OK):
            raise CalibrationError(f"{p}: cannot write the calibration there ({folder} is not a writable folder)")
        if not p.exists():
            return None
    except OSError as e:  # a path the kernel will not look up (name too long, a loop of links)
        raise CalibrationError(f"{str(p)[:80]}: cannot use this path for the calibration ({e.strerror or e})") from None
    if not os.access(p, os.R_OK):
        raise CalibrationError(f"{p}: cannot read the calibration it would replace (permission denied)")
    try:
        old = load_toml(p, CalibrationError, "calibration", MAX_CALIBRATION_BYTES)
        old_source = old.get("source", "") if isinstance(old.get("source", ""), str) else ""
    except CalibrationError:
        old_source = ""
    if source == SIM_SOURCE and old_source != SIM_SOURCE:
        measured = f"on the {old_source} board" if old_source else "without a source (a real tray, perhaps)"
        raise CalibrationError(
            f"{p}: holds a calibration measured {measured}; the simulated board does not replace it. "
            f"Leave out --calibration (the simulator writes {default_calibration_path(SIM_SOURCE)}) "
            "or name another file")
    return old_source


def to_toml(cal: HallCalibration) -> str:
    data: dict[str, Any] = {"format": FORMAT, "source": cal.source, "vref_v": cal.vref_v,
                            "sensors": {s: asdict(t) for s, t in cal.sensors.items()}}
    return ("# Hall-sensor calibration written by `mazeboard calibrate hall` (docs/hardware.md).\n"
            + tomli_w.dumps(data))


def save_calibration(cal: HallCalibration, path: str | Path) -> Path:
    """Write ``cal`` to ``path`` atomically (temporary file, fsync, rename); returns the path.

    A file already there is first copied (atomically too) to
    :func:`backup_path` (``NAME.bak``). Raises :class:`CalibrationError`
    when the folder cannot be written."""
    p = Path(path)
    text = to_toml(cal)
    try:
        p.parent.mkdir(parents=True, exist_ok=True)
        if p.is_file():
            _write_atomically(backup_path(p), p.read_bytes())
        _write_atomically(p, text.encode("utf-8"))
    except OSError as e:
        raise CalibrationError(f"{p}: cannot write the calibration ({e.strerror or e})") from None
    return p


def _write_atomically(p: Path, data: bytes) -> None:
    """Temporary file in ``p``'s folder, fsync, rename over ``p``, fsync the folder."""
    fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", suffix=".tmp", dir=p.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, p)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dir_fd = os.open(p.parent, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def load_calibration(path: str | Path, sensors: Sequence[str] | None = None) -> HallCalibration:
    """Read a calibration file; raises :class:`CalibrationError` naming the file and key.

    ``sensors``: names that must be present (the wiring's tray sensors). The file is
    read within bounds (a regular file of at most :data:`MAX_CALIBRATION_BYTES`,
    :func:`~mazeboard.hal.inputfile.parse_toml`)."""
    p = Path(path)
    try:
        raw = read_bounded(p, MAX_CALIBRATION_BYTES)
        data = parse_toml(raw.decode("utf-8"))
    except FileProblem as e:
        if e.missing:
            raise CalibrationError(f"{p}: no Hall calibration yet; run `mazeboard calibrate hall`") from None
        raise CalibrationError(f"{p}: unreadable calibration ({e}); run `mazeboard calibrate hall` again") from None
    except UnicodeDecodeError:
        raise CalibrationError(f"{p}: not a UTF-8 text file; run `mazeboard calibrate hall` again") from None
    except TomlProblem as e:
        raise CalibrationError(f"{p}: {e}; run `mazeboard calibrate hall` again") from None
    try:
        return _parse(data, sensors)
    except CalibrationError as e:
        raise CalibrationError(f"{p}: {e}") from None


def _parse(data: Mapping[str, Any], sensors: Sequence[str] | None) -> HallCalibration:
    if data.get("format") != FORMAT:
        raise CalibrationError(f"format: {data.get('format')!r} is not {FORMAT}")
    source = data.get("source", "")
    if not isinstance(source, str):
        raise CalibrationError(f"source: {source!r} is not a board name (\"gpio\" or \"sim\")")
    vref = _volts(data, "vref_v", "vref_v")
    raw = data.get("sensors")
    if not isinstance(raw, dict):
        raise CalibrationError("sensors: missing table")
    out: dict[str, HallThreshold] = {}
    fields = ("empty_v", "ball_v", "noise_v", "threshold_v", "hysteresis_v")
    for name, table in raw.items():
        if not isinstance(table, dict):
            raise CalibrationError(f"sensors.{name}: must be a table")
        unknown = set(table) - set(fields)
        if unknown:
            raise CalibrationError(f"sensors.{name}.{sorted(unknown)[0]}: unknown key")
        out[name] = HallThreshold(*(_volts(table, f, f"sensors.{name}.{f}") for f in fields))
    for name in sensors or ():
        if name not in out:
            raise CalibrationError(f"sensors.{name}: missing; run `mazeboard calibrate hall` again")
    return HallCalibration(vref, out, source)


def _volts(table: Mapping[str, Any], key: str, where: str) -> float:
    v = table.get(key)
    if not isinstance(v, (int, float)) or isinstance(v, bool) or not 0 <= v <= 10:
        raise CalibrationError(f"{where}: {v!r} is not a voltage")
    return float(v)
