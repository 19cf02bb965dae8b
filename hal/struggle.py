"""Struggle (Majora) board data shared by the controller and the simulator (RULES.md §3).

The physical board: a track of spaces from the start (space 0) to the finish
(the last space), five arrival places A-E beside the finish, a reed switch
under every space and every arrival place (occupancy only: the reeds cannot
tell one token from another), an LED under each of them, and the buttons of
the electronic dice (one per die to hold it, plus ``throw`` and ``stop``).

Sensor names (``ReedChanged.cell``): ``s0`` .. ``sN`` for the track spaces,
``place-A`` .. ``place-E`` for the arrival places. LED chain order: the
spaces from the start, then the places A to E.

The colour of each space is an **assumption** kept as data
(``data/struggle_tracks.toml``); :func:`load_track` reads it and
:func:`parse_track` validates a track given inline (a scenario's ``track``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .board import LedLayout
from .errors import ConfigError
from .inputfile import load_toml

#: The five racing tokens (RULES.md §3), in the order used for listings.
TOKENS: tuple[str, ...] = ("K", "Q", "J", "10", "9")
#: The ace: a joker on the dice and on the objective cards.
ACE = "A"
#: Faces of a poker die.
FACES: tuple[str, ...] = ("9", "10", "J", "Q", "K", ACE)
#: Number of dice.
DICE = 5
#: Arrival places, first to last (RULES.md §3 Decision: A-E).
PLACES: tuple[str, ...] = ("A", "B", "C", "D", "E")
#: Kinds of space; ``start`` and ``finish`` only at the ends.
SPACE_KINDS: tuple[str, ...] = ("start", "plain", "yellow", "red", "black", "finish")
#: Buttons of the electronic dice: a hold toggle per die, then throw and stop.
DIE_BUTTONS: tuple[str, ...] = tuple(f"die{i}" for i in range(1, DICE + 1))
BUTTONS: tuple[str, ...] = (*DIE_BUTTONS, "throw", "stop")

TRACKS_FILE = Path(__file__).with_name("data") / "struggle_tracks.toml"


def space_sensor(space: int) -> str:
    """Reed/LED name of track space ``space`` (``s0`` is the start)."""
    return f"s{space}"


def place_sensor(place: str) -> str:
    """Reed/LED name of arrival place ``place`` (``A``-``E``)."""
    return f"place-{place}"


@dataclass(frozen=True)
class Track:
    """The track: ``kinds[i]`` is the kind of space ``i``; 0 is the start, the last is the finish."""

    kinds: tuple[str, ...]
    name: str = "default"

    def __post_init__(self) -> None:
        check_kinds(self.kinds, "track")

    @property
    def finish(self) -> int:
        """Number of the finish space (the last one)."""
        return len(self.kinds) - 1

    def kind(self, space: int) -> str:
        return self.kinds[space]

    def sensors(self) -> tuple[str, ...]:
        """Every reed/LED name, in LED chain order: spaces, then places A-E."""
        return tuple(space_sensor(i) for i in range(len(self.kinds))) + tuple(place_sensor(p) for p in PLACES)

    def layout(self) -> LedLayout:
        """One LED per space and per arrival place, in :meth:`sensors` order."""
        return LedLayout.row_major(self.sensors())

    def to_list(self) -> list[str]:
        return list(self.kinds)


def check_kinds(kinds: Any, where: str) -> tuple[str, ...]:
    """Validate a list of space kinds; raises :class:`ConfigError` naming ``where`` and the space."""
    if not isinstance(kinds, (list, tuple)) or len(kinds) < 3:
        raise ConfigError(f"{where}: give at least three space kinds, start first and finish last, got {kinds!r}")
    for i, k in enumerate(kinds):
        if k not in SPACE_KINDS:
            raise ConfigError(f"{where}[{i}]: {k!r} is not a kind of space ({', '.join(SPACE_KINDS)})")
    if kinds[0] != "start" or kinds[-1] != "finish":
        raise ConfigError(f"{where}: the first space must be 'start' and the last 'finish'")
    inner = kinds[1:-1]
    for i, k in enumerate(inner, start=1):
        if k in ("start", "finish"):
            raise ConfigError(f"{where}[{i}]: {k!r} may only be the first or last space")
    if all(k == "black" for k in inner):
        raise ConfigError(f"{where}: every space between start and finish is black; no token could stop anywhere")
    return tuple(kinds)


def _tracks() -> dict[str, Any]:
    data = load_toml(TRACKS_FILE, ConfigError, "Struggle tracks")
    tracks = data.get("tracks")
    if not isinstance(tracks, dict):
        raise ConfigError(f"{TRACKS_FILE}: no [tracks.NAME] tables")
    return tracks


def track_names() -> tuple[str, ...]:
    return tuple(_tracks())


def load_track(name: str = "default") -> Track:
    """The named track from the data file; raises :class:`ConfigError` for an unknown or broken one."""
    tracks = _tracks()
    table = tracks.get(name)
    if not isinstance(table, dict):
        raise ConfigError(f"track: {name!r} is not a known track (known: {', '.join(tracks)})")
    return Track(check_kinds(table.get("kinds"), f"{TRACKS_FILE.name}: tracks.{name}.kinds"), name)


def track_ref(track: Track) -> str | list[str]:
    """The track as plain data for a :class:`~mazeboard.hal.board.GameSetup` (journaled as JSON):
    its name when it is one of the data file's tracks, else its list of kinds."""
    return track.name if track.name in track_names() else track.to_list()


def parse_track(raw: Any, where: str = "track") -> Track:
    """A track from a name (``"default"``) or an inline list of kinds; raises :class:`ConfigError`."""
    if isinstance(raw, str):
        return load_track(raw)
    return Track(check_kinds(raw, where), "custom")
