"""What a wiring file must wire, per kind of game board: a table of board kinds, as data.

A wiring file names its board (``board = "labyrinth"``); :data:`BOARD_KINDS`
maps that name to a :class:`BoardKind`, whose ``spec`` builds the
:class:`BoardSpec` (the reed switches, tray Hall-effect sensors, buttons and
LEDs the board has) from the file's own board keys (Struggle's ``track``:
the track's length decides how many reeds and LEDs there are).

Boards (RULES.md §1-3, issues #4, #7, #8):

* ``magic-labyrinth``: 36 cells (6x6), four tray Hall sensors, ``roll`` and
  ``done``; 36 cell LEDs.
* ``labyrinth``: 49 cells (7x7; the players' pawns and the Vader pawn carry
  magnets), the 12 insertion-slot sensors reported as buttons
  ``slot:S-b`` .. ``slot:E-6``, ``rotate`` and ``done``; 49 cell LEDs then
  one LED per slot arrow (:func:`mazeboard.hal.labyrinth.led_layout`).
* ``struggle``: one reed and one LED per track space ``s0`` .. ``sN`` and per
  arrival place ``place-A`` .. ``place-E`` (track from ``track = NAME`` or a
  list of kinds, default ``"default"``), buttons ``die1`` .. ``die5``,
  ``throw``, ``stop``; an optional dice display (LED group
  ``dice-display``: one LED per face of each die, ``die1:9`` .. ``die5:A``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from . import labyrinth, struggle
from .board import LedLayout
from .boards import MAGIC
from .errors import ConfigError
from .events import MAGIC_BUTTONS, TRAY_SENSORS
from .grid import Grid


@dataclass(frozen=True)
class BoardSpec:
    """What one game board has to be wired with.

    ``reeds``: reed switch names (cells, or track spaces and places);
    ``tray``: Hall-effect sensor names (empty: no tray); ``buttons``: button
    names (slot sensors included); ``leds``: LEDs every chain must light, in
    the default chain order (``layout = "rows"``); ``led_groups``: optional
    LED groups a wiring may add (``groups = [...]``); ``grid``: the square
    board, when the reeds are its cells (matrix orders ``rank-rows`` /
    ``file-rows``, LED layout ``serpentine``); ``game``: what is played on it
    (``mazeboard play --game``); ``reed_item`` / ``led_item`` / ``led_noun``:
    words for error messages; ``extra``: board-specific values for the game
    (Struggle's track)."""

    name: str
    game: str
    reeds: tuple[str, ...]
    tray: tuple[str, ...]
    buttons: tuple[str, ...]
    leds: tuple[str, ...]
    led_groups: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    grid: Grid | None = None
    reed_item: str = "cell"
    led_item: str = "cell"
    led_noun: str = "cells"
    extra: Mapping[str, Any] = field(default_factory=dict)

    @property
    def optional_leds(self) -> tuple[str, ...]:
        return tuple(n for names in self.led_groups.values() for n in names)


@dataclass(frozen=True)
class BoardKind:
    """A kind of board: ``spec(data)`` from the wiring file's top-level table (reads only ``keys``)."""

    spec: Callable[[Mapping[str, Any]], BoardSpec]
    keys: frozenset[str] = frozenset()
    #: the reference wiring file shipped for it (``wiring/NAME.toml``)
    reference: str = ""


def _in_chain_order(layout: LedLayout) -> tuple[str, ...]:
    return tuple(sorted(layout.cell_to_index, key=layout.index))


MAGIC_SPEC = BoardSpec("magic-labyrinth", "magic-labyrinth", MAGIC.cells, TRAY_SENSORS, MAGIC_BUTTONS,
                       MAGIC.cells, grid=MAGIC)

LABYRINTH_SPEC = BoardSpec(
    "labyrinth", "labyrinth", labyrinth.CELLS, (), labyrinth.BUTTONS,
    _in_chain_order(labyrinth.led_layout()),
    grid=labyrinth.GRID, led_item="cell or slot LED", led_noun="cell and slot LEDs",
)

#: The dice display: one LED per face of each die, beside a printed face label (9 10 J Q K A).
DICE_DISPLAY: tuple[str, ...] = tuple(f"{b}:{face}" for b in struggle.DIE_BUTTONS for face in struggle.FACES)


def die_face_led(die: int, face: str) -> str:
    """LED name of ``face`` on die ``die`` (1-5) in the dice display: ``die2:Q``."""
    return f"die{die}:{face}"


def _struggle_spec(data: Mapping[str, Any]) -> BoardSpec:
    raw = data.get("track", "default")
    try:
        track = struggle.parse_track(raw, "track")
    except ConfigError as e:
        msg = str(e)
        raise ConfigError(msg if msg.startswith("track") else f"track: {msg}") from None
    sensors = track.sensors()
    return BoardSpec("struggle", "struggle", sensors, (), struggle.BUTTONS, sensors,
                     led_groups={"dice-display": DICE_DISPLAY}, reed_item="space or place sensor",
                     led_item="space, place or dice-display LED", led_noun="spaces and places",
                     extra={"track": struggle.track_ref(track)})


#: board name (the wiring file's ``board`` key) -> its kind. Another game adds one entry.
BOARD_KINDS: dict[str, BoardKind] = {
    "magic-labyrinth": BoardKind(lambda data: MAGIC_SPEC, reference="magic-labyrinth"),
    "labyrinth": BoardKind(lambda data: LABYRINTH_SPEC, reference="labyrinth"),
    "struggle": BoardKind(_struggle_spec, frozenset({"track"}), reference="struggle"),
}

#: game name -> the board kind it is played on (the gpio backend's default wiring per game).
BOARD_OF_GAME: dict[str, str] = {"magic-labyrinth": "magic-labyrinth", "labyrinth": "labyrinth",
                                 "struggle": "struggle"}


def spec_of_game(game: object, extra: Mapping[str, Any] | None = None) -> BoardSpec:
    """The board ``game`` is played on, as a game set it up (Struggle: ``extra["track"]``, a
    track name or list of kinds); raises :class:`ConfigError` for a game without a board."""
    board = BOARD_OF_GAME.get(game) if isinstance(game, str) else None
    if board is None:
        raise ConfigError(f"game: {game!r} is not played on a known board ({', '.join(BOARD_OF_GAME)})")
    data = {"track": extra["track"]} if extra and "track" in extra else {}
    return BOARD_KINDS[board].spec(data)
