"""The service's config file, ``/etc/mazeboard/mazeboard.toml``: parsed once into frozen, typed settings.

Path: ``--config FILE``, else ``$MAZEBOARD_CONFIG``, else :data:`DEFAULT_PATH`.
A named file (option or variable) must exist; the default one may be missing
(built-in defaults then). :func:`load_config` reads the file with bounds (a
regular file of at most :data:`MAX_BYTES`, UTF-8, TOML), checks every
section, key, type and range, and raises one
:class:`~mazeboard.hal.errors.ConfigError` naming the file, the key and the
reason (``mazeboard.toml: lobby.lobby_after_ms: must be a whole number from 0
to 600000, got -1``; the CLI prints it on one line and exits 2).

Sections (the commented default, :data:`DEFAULT_TEXT`, shows every key):

* ``[board]`` -- ``backend`` (``gpio``, ``serial``, ``sim``), ``wiring``,
  ``calibration`` (paths), ``game`` (the game kind without a wiring file: the
  simulated board; with one, the wiring's ``board = ...`` decides and a
  different ``game`` is an error). The environment variables of
  ``/etc/default/mazeboard`` (``MAZEBOARD_BOARD``, ``MAZEBOARD_WIRING``,
  ``MAZEBOARD_CALIBRATION``) and command-line options override these; ``lang``: the
  language the pages say things in (docs/i18n.md; a page's ``?lang=`` wins).
* ``[lobby]`` -- :class:`LobbySettings` (the result's display time, the
  abandon gesture and its confirmation window).
* ``[magic-labyrinth]``, ``[labyrinth]``, ``[struggle]`` -- the options that
  matter at the table (:class:`MagicTable`, :class:`LabyrinthTable`,
  :class:`StruggleTable`), each checked by the game's own option parser too.
  A phone may change them in the lobby (:meth:`Config.with_option`, the same
  checks).
* ``[web]`` -- the companion web view: ``enabled``, ``host``, ``port``, and ``release``
  (seats to free at the next start).
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Mapping

from mazeboard.hal import settings
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.i18n import ENGLISH, languages
from mazeboard.hal.inputfile import load_toml
from mazeboard.hal.labyrinth_editions import EDITIONS, edition

from .labyrinth.rules import CARD_MODES as LABYRINTH_CARDS
from .labyrinth.rules import VARIANTS, LabyrinthOptions, check_edition_variants
from .magic.rules import MagicOptions
from .struggle.rules import OPTION_CHOICES, StruggleOptions

DEFAULT_PATH = "/etc/mazeboard/mazeboard.toml"
ENV_VAR = "MAZEBOARD_CONFIG"
#: the largest config file read (the default is about 3 KB)
MAX_BYTES = 64 * 1024
#: longest string value (paths, host names)
MAX_TEXT = 4096
GAMES: tuple[str, ...] = ("magic-labyrinth", "labyrinth", "struggle")
BACKENDS: tuple[str, ...] = ("gpio", "serial", "sim")


# -- the sections ----------------------------------------------------------------------
@dataclass(frozen=True)
class BoardSettings:
    """``[board]``: which board and wiring; empty strings mean "not set here"."""

    backend: str = ""
    wiring: str = ""
    calibration: str = ""
    game: str = ""
    lang: str = ENGLISH


@dataclass(frozen=True)
class LobbySettings:
    """``[lobby]`` (milliseconds): ``lobby_after_ms`` -- how long the result shows after a game
    before the lobby opens by itself; ``abandon_presses`` presses of the game's done button
    (Struggle: stop) within ``abandon_window_ms``, while that button does nothing in the game,
    ask to abandon the game; the board waits ``abandon_confirm_ms`` for the same gesture again
    (the confirmation) before it plays on."""

    lobby_after_ms: int = 15000
    abandon_presses: int = 3
    abandon_window_ms: int = 2000
    abandon_confirm_ms: int = 10000


@dataclass(frozen=True)
class MagicTable:
    """``[magic-labyrinth]``: ``assist`` (young players' assist mode), ``settle_ms`` (a pawn at
    rest this long ends the move; 0: only Done), ``win_tokens``; ``maze`` (``easy``/``hard``:
    the simulated board's walls only; a real board's walls are where you put them)."""

    assist: bool = False
    settle_ms: int = 3000
    win_tokens: int = 5
    maze: str = "easy"


@dataclass(frozen=True)
class LabyrinthTable:
    """``[labyrinth]``: ``edition``, ``variants`` (younger, exit-anywhere, vader), ``settle_ms``,
    ``cards`` (``dealt`` by the controller, or ``physical``: the box's own cards) and
    ``guided_layout`` (the board shows where each tile of the deal goes before the first turn;
    on for a real board); ``cards_each`` (a shorter game: that many cards each, 1-12; 0: all 24
    dealt as the rule book says)."""

    edition: str = "classic"
    variants: tuple[str, ...] = ()
    settle_ms: int = 0
    cards: str = "dealt"
    guided_layout: bool = True
    cards_each: int = field(default=0, metadata={"max": 12})  # the bounds in BOUNDS; named in its refusal


@dataclass(frozen=True)
class StruggleTable:
    """``[struggle]``: ``rounds``, ``cards`` (``dealt`` by the controller, or ``physical``), and
    ``players``: the player count the lobby shows first (2-4; changed on the board)."""

    rounds: int = 1
    cards: str = "dealt"
    players: int = 2


@dataclass(frozen=True)
class WebSettings:
    """``[web]``: the companion web view (``mazeboard service run`` serves it when ``enabled``);
    where it listens (``host`` ``127.0.0.1``: this machine only; ``0.0.0.0``: phones on the
    network too, said explicitly); ``release``: colours whose seats are freed when the service
    starts (an adult's way to free a seat from the config file)."""

    enabled: bool = False
    host: str = "127.0.0.1"
    port: int = 8765
    release: tuple[str, ...] = ()


GameTable = MagicTable | LabyrinthTable | StruggleTable

#: inclusive [min, max] of every whole-number key, per section
BOUNDS: dict[str, dict[str, tuple[int, int]]] = {
    "lobby": {"lobby_after_ms": (0, 600_000), "abandon_presses": (2, 10), "abandon_window_ms": (300, 10_000),
              "abandon_confirm_ms": (2000, 120_000)},
    "magic-labyrinth": {"settle_ms": (0, 60_000), "win_tokens": (1, 24)},
    "labyrinth": {"settle_ms": (0, 60_000), "cards_each": (0, 12)},
    "struggle": {"rounds": (1, 20), "players": (2, 4)},
    "web": {"port": (0, 65535)},
}
CHOICES: dict[str, dict[str, tuple[str, ...]]] = {
    "board": {"backend": BACKENDS, "game": GAMES, "lang": languages()},
    "magic-labyrinth": {"maze": ("easy", "hard")},
    "labyrinth": {"edition": tuple(EDITIONS), "cards": LABYRINTH_CARDS},
    "struggle": {"cards": OPTION_CHOICES["cards"]},
}
TABLES: dict[str, type] = {"magic-labyrinth": MagicTable, "labyrinth": LabyrinthTable, "struggle": StruggleTable}
SECTIONS: dict[str, type] = {"board": BoardSettings, "lobby": LobbySettings, **TABLES, "web": WebSettings}


@dataclass(frozen=True)
class Config:
    """The whole file, parsed: ``path`` it came from ("" for built-in defaults) and each section."""

    path: str = ""
    board: BoardSettings = field(default_factory=BoardSettings)
    lobby: LobbySettings = field(default_factory=LobbySettings)
    magic: MagicTable = field(default_factory=MagicTable)
    labyrinth: LabyrinthTable = field(default_factory=LabyrinthTable)
    struggle: StruggleTable = field(default_factory=StruggleTable)
    web: WebSettings = field(default_factory=WebSettings)

    def table(self, game: str) -> GameTable:
        """The options of ``game`` (a name of :data:`GAMES`)."""
        tables: dict[str, GameTable] = {"magic-labyrinth": self.magic, "labyrinth": self.labyrinth,
                                         "struggle": self.struggle}
        return tables[game]

    def with_option(self, game: str, key: str, value: Any) -> "Config":
        """A copy with ``[game].key = value``, checked as the file is; raises :class:`ConfigError`
        (``game.key: reason``) and changes nothing then."""
        if game not in TABLES:
            raise ConfigError(f"game: {game!r} is not one of {', '.join(GAMES)}")
        raw = {f.name: _plain(getattr(self.table(game), f.name)) for f in fields(TABLES[game])}
        raw[key] = value
        table = _section(game, raw)
        attr = {"magic-labyrinth": "magic", "labyrinth": "labyrinth", "struggle": "struggle"}[game]
        return replace(self, **{attr: table})


def request_fields(table: GameTable) -> dict[str, Any]:
    """The :class:`~mazeboard.hal.board.BoardRequest` fields a game's table sets (options by their
    referee's code names, edition, variants, rounds, maze)."""
    if isinstance(table, MagicTable):
        return {"options": {"assist": table.assist, "settle_ms": table.settle_ms, "win_tokens": table.win_tokens},
                "maze": table.maze}
    if isinstance(table, LabyrinthTable):
        return {"options": {"settle_ms": table.settle_ms, "cards": table.cards, "guided_layout": table.guided_layout,
                            "cards_each": table.cards_each},
                "edition": table.edition, "variants": table.variants}
    return {"options": {"cards": table.cards}, "rounds": table.rounds}


def option_schema(game: str) -> dict[str, dict[str, Any]]:
    """How a page offers each option of ``game`` (plain data): ``{"type": "bool" | "int" |
    "choice" | "list", "min", "max", "choices"}`` from the same bounds and choices as the file."""
    out: dict[str, dict[str, Any]] = {}
    for f in fields(TABLES[game]):
        default = f.default
        if f.name in CHOICES.get(game, {}):
            out[f.name] = {"type": "choice", "choices": list(CHOICES[game][f.name])}
        elif f.name == "variants":
            out[f.name] = {"type": "list", "choices": list(VARIANTS)}
        elif isinstance(default, bool):
            out[f.name] = {"type": "bool"}
        elif isinstance(default, int):
            lo, hi = BOUNDS.get(game, {}).get(f.name, (0, 10**6))
            out[f.name] = {"type": "int", "min": lo, "max": hi}
    return out


def options_of(table: GameTable) -> dict[str, Any]:
    """``table`` as plain data (lists for tuples), for events and views."""
    return {f.name: _plain(getattr(table, f.name)) for f in fields(table)}


def _plain(value: Any) -> Any:
    return list(value) if isinstance(value, tuple) else value


# -- checking ---------------------------------------------------------------------------
def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise ConfigError(f"{name}: must be a string, got {value!r}")
    if len(value) > MAX_TEXT or "\0" in value:
        raise ConfigError(f"{name}: must be at most {MAX_TEXT} characters, without NUL")
    return value


def _variants(value: Any, name: str) -> tuple[str, ...]:
    if not isinstance(value, (list, tuple)) or len(value) > len(VARIANTS):
        raise ConfigError(f"{name}: must be a list of variants ({', '.join(VARIANTS)}), got {value!r}")
    for v in value:
        if v not in VARIANTS:
            raise ConfigError(f"{name}: {v!r} is not a Labyrinth variant ({', '.join(VARIANTS)})")
    if len(set(value)) != len(value):
        raise ConfigError(f"{name}: a variant is listed twice")
    return tuple(value)


def _colours(value: Any, name: str) -> tuple[str, ...]:
    colours = ("red", "blue", "green", "yellow")
    if not isinstance(value, (list, tuple)) or len(value) > len(colours):
        raise ConfigError(f"{name}: must be a list of colours ({', '.join(colours)}), got {value!r}")
    for v in value:
        if v not in colours:
            raise ConfigError(f"{name}: {v!r} is not a colour ({', '.join(colours)})")
    return tuple(dict.fromkeys(value))


def _host(value: Any, name: str) -> str:
    text = _text(value, name)
    if not text or len(text) > 253 or not all(c.isalnum() or c in ".-:_%[]" for c in text):
        raise ConfigError(f"{name}: {text!r} is not a host name or IP address")
    return text


CONVERT: dict[str, dict[str, Any]] = {
    "board": {"wiring": _text, "calibration": _text},
    "labyrinth": {"variants": _variants},
    "web": {"host": _host, "release": _colours},
}


def _section(name: str, raw: Any) -> Any:
    """The section ``name`` from its TOML table; raises :class:`ConfigError` ``name.key: reason``."""
    cls = SECTIONS[name]
    if not isinstance(raw, Mapping):
        raise ConfigError(f"{name}: must be a table ([{name}]), got {raw!r}")
    values = settings.checked_values(cls, raw, name, what="key", choices=CHOICES.get(name),
                                     convert=CONVERT.get(name))
    for key, (lo, hi) in BOUNDS.get(name, {}).items():
        if key in values and not lo <= values[key] <= hi:
            raise ConfigError(f"{name}.{key}: must be a whole number from {lo} to {hi}, got {values[key]!r}")
    for key, value in values.items():  # a string the checks above let through (choices, defaults)
        if isinstance(value, str):
            _text(value, f"{name}.{key}")
    section = cls(**values)
    _game_check(name, section)
    return section


def _game_check(name: str, section: Any) -> None:
    """The game's own option parser agrees (it is what the referee will run)."""
    if isinstance(section, MagicTable):
        MagicOptions.from_mapping({"assist": section.assist, "settle_ms": section.settle_ms,
                                   "win_tokens": section.win_tokens}, name)
    elif isinstance(section, LabyrinthTable):
        opts = LabyrinthOptions.from_mapping({"settle_ms": section.settle_ms, "cards": section.cards,
                                              "guided_layout": section.guided_layout,
                                              "cards_each": section.cards_each}, section.variants)
        try:
            check_edition_variants(edition(section.edition, f"{name}.edition"), opts)
        except ConfigError as e:
            raise ConfigError(f"{name}.variants: {e}") from None
    elif isinstance(section, StruggleTable):
        StruggleOptions.from_mapping({"rounds": section.rounds, "cards": section.cards}, name)


def parse_config(data: Mapping[str, Any], path: str = "") -> Config:
    """A :class:`Config` from parsed TOML; raises :class:`ConfigError` ``section.key: reason`` (no file name)."""
    out: dict[str, Any] = {}
    attrs = {"board": "board", "lobby": "lobby", "magic-labyrinth": "magic", "labyrinth": "labyrinth",
             "struggle": "struggle", "web": "web"}
    for name, raw in data.items():
        if name not in SECTIONS:
            raise ConfigError(f"[{name}]: unknown section (known: {', '.join(SECTIONS)})")
        out[attrs[name]] = _section(name, raw)
    return Config(path, **out)


def read_toml(path: Path) -> dict[str, Any]:
    """The TOML file ``path``, read with the bounds every input file gets
    (:func:`mazeboard.hal.inputfile.load_toml`: a regular file, never a FIFO or device, at most
    :data:`MAX_BYTES`, UTF-8, numbers and nesting bounded). Raises :class:`ConfigError`
    ``"PATH: reason"``."""
    return load_toml(path, ConfigError, "config file", max_bytes=MAX_BYTES)


def config_path(explicit: str | None, environ: Mapping[str, str] = os.environ) -> tuple[str, bool]:
    """(the config file's path, whether it was named: ``--config`` or ``$MAZEBOARD_CONFIG``)."""
    if explicit:
        return explicit, True
    named = environ.get(ENV_VAR, "")
    if named:
        return named, True
    return DEFAULT_PATH, False


def load_config(explicit: str | None = None, environ: Mapping[str, str] = os.environ) -> Config:
    """The config file (see the module doc); built-in defaults when the default file is missing.
    Raises :class:`ConfigError` ``"PATH: section.key: reason"``."""
    path, named = config_path(explicit, environ)
    p = Path(path)
    if not named and not p.exists():
        return Config()
    data = read_toml(p)
    try:
        return parse_config(data, str(p))
    except ConfigError as e:
        raise ConfigError(f"{p}: {e}") from None


#: what ``service install`` writes to /etc/mazeboard/mazeboard.toml (never over an existing file)
DEFAULT_TEXT = """\
# mazeboard's settings (docs/install-pi.md). After editing:  sudo systemctl restart mazeboard
# A mistake stops the service with one line in `journalctl -u mazeboard` naming the key.
# Every key is optional: a missing one takes the default shown here.

[board]
# backend = "gpio"          # gpio (sensors and LEDs on the Pi), serial (RP2040 co-processor), sim
# wiring = "/etc/mazeboard/wiring.toml"   # your board's wiring file; its `board = ...` says which game
# calibration = "/etc/mazeboard/hall-calibration.toml"   # analog Hall-effect sensors only
# game = "magic-labyrinth"  # only without a wiring file (the simulated board)
# lang = "en"               # the pages' language: en, de, fa, it, pt (docs/i18n.md)
# ($MAZEBOARD_BOARD, $MAZEBOARD_WIRING, $MAZEBOARD_CALIBRATION in /etc/default/mazeboard win over these.)

[lobby]
# With no game going on the board shows the lobby: put your pawns on your start corners,
# then press the start button (Roll; Labyrinth: Done). Struggle: Die 2/3/4 pick the players, Throw starts.
lobby_after_ms = 15000      # after a game, how long the result shows before the lobby opens by itself
abandon_presses = 3         # press Done (Struggle: Stop) this many times while it does nothing in the game ...
abandon_window_ms = 2000    # ... within this time to ask to abandon the game (every light flashes red);
abandon_confirm_ms = 10000  # the board then waits this long for the same presses again (any other button plays on)

[magic-labyrinth]
assist = false              # young players: the lit moves stop at walls already found
settle_ms = 3000            # a pawn resting this long ends the move (0: only Done ends it)
win_tokens = 5              # tokens needed to win
# maze = "easy"             # the simulated board's walls (easy, hard); a real board's are where you put them

[labyrinth]
edition = "classic"         # classic, super-mario, star-wars
variants = []               # any of "younger", "exit-anywhere", "vader" (star-wars only)
settle_ms = 0               # a pawn resting this long ends the move (0: only Done ends it)
cards = "dealt"             # dealt (on the players' phones) or physical (the box's cards: Done on your picture)
guided_layout = true        # before the first turn the LEDs show where each tile of the deal goes
cards_each = 0              # a shorter game: this many cards each (1-12); 0 = all 24 dealt, as the rules say

[struggle]
rounds = 1                  # rounds per game
cards = "dealt"             # dealt (on the players' phones) or physical (the box's cards)
players = 2                 # the player count the lobby offers first (Die 2/3/4 change it)

[web]
# The companion page: the board live on a phone (LEDs, sensors, whose turn, scores, what the board
# asks), the lobby's options, and each player's secret card on the phone that claimed their colour.
enabled = false             # true: `service run` serves the companion page
host = "127.0.0.1"          # 127.0.0.1 = this Pi only; "0.0.0.0" = phones on your network can join
port = 8765                 # then open http://<hostname>.local:8765/ (printed by `mazeboard service install`)
release = []                # colours whose seats are freed at the next start, e.g. ["red"] (then empty it again)
"""
