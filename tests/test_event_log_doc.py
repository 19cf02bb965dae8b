"""docs/event-log.md documents every event the code emits (guard test).

Dynamic part: seeded games (``mazeboard play``), every valid scenario of the
repo's scenario folders (``mazeboard sim --scenario``), a resumed saved game
(``play --state-dir``, all through the CLI in-process), a serial link
pulled out mid-move (the simulator's serial session, as ``--link serial``) and
the service's lobby with its games (``service run`` on the simulated board:
abandoned from the board and from a phone, cancelled, given up) are played; every event type, field (with its JSON type and, where the doc
says ``one of``, its value) and warning kind they emit must be in the doc's
tables for that game, and every field the doc marks required must be present.

Static part: every literal event type given to ``_emit(...)`` / ``GameEvent(...)``
and every literal warning kind given to ``_warn``/``_hold``/``_emit("warning", kind=...)``
under ``controller/`` is documented for the game whose folder it is in (events
outside a game folder: in the doc's "Every game" section).

When SCENARIOS.md is on this machine, the doc's ``required`` marks must agree
with its tables.
"""

from __future__ import annotations

import ast
import json
import re
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterator

import pytest

from mazeboard.controller import config as cfg
from mazeboard.controller.app import build_game
from mazeboard.controller.cli import main
from mazeboard.controller.eventlog import JsonLinesLog
from mazeboard.controller.journal import ARCHIVE, CURRENT
from mazeboard.controller.lobby import Lobby
from mazeboard.controller.notify import Notifier
from mazeboard.controller.service import Service
from mazeboard.hal import backends
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.events import GameEvent

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "event-log.md"
SPEC = ROOT.parent / "shared" / "SCENARIOS.md"
GAMES = ("magic-labyrinth", "labyrinth", "struggle")
ALL = "*"  # the doc's "Every game" section; in a fields table: a field of every event
#: controller sub-folder -> game whose events its files emit
GAME_DIRS = {"magic": "magic-labyrinth", "labyrinth": "labyrinth", "struggle": "struggle"}
SCENARIO_DIRS = {"magic-labyrinth": ROOT / "tests" / "magic" / "scenarios",
                 "labyrinth": ROOT / "tests" / "labyrinth" / "scenarios",
                 "struggle": ROOT / "tests" / "struggle" / "scenarios"}
JSON_TYPES = {"str": str, "int": int, "bool": bool, "list": list, "object": dict, "null": type(None)}

#: seeded games through ``mazeboard play`` (varied players, editions, variants, options)
PLAYS: list[tuple[str, ...]] = [
    ("--game", "magic-labyrinth", "--seed", "1"),
    ("--game", "magic-labyrinth", "--seed", "2", "--players", "3", "--maze", "hard"),
    ("--game", "magic-labyrinth", "--seed", "5", "--players", "4", "--assist"),
    ("--game", "labyrinth", "--seed", "1"),
    ("--game", "labyrinth", "--seed", "2", "--players", "4", "--variant", "younger"),
    ("--game", "labyrinth", "--seed", "3", "--edition", "star-wars", "--variant", "vader"),
    ("--game", "labyrinth", "--seed", "4", "--players", "3", "--edition", "super-mario", "--variant", "exit-anywhere"),
    ("--game", "labyrinth", "--seed", "5", "--players", "3", "--edition", "star-wars", "--variant", "vader",
     "--cards", "physical", "--guided-layout"),
    ("--game", "struggle", "--seed", "1", "--rounds", "2"),
    ("--game", "struggle", "--seed", "2", "--players", "4"),
    ("--game", "struggle", "--seed", "3", "--players", "3", "--rounds", "2"),
]

#: a move whose cable is pulled at 400 ms and plugged back at 560 ms (virtual)
UNPLUG_SCENARIO = """
game = "magic-labyrinth"
players = ["red", "blue"]
seed = 7
walls = ["e5-f5"]
dice = [4]
targets = ["owl"]
actions = ["press roll", "slide red a2 a3 a4 a5", "wait 4000"]
"""

#: Labyrinth warnings no scenario folder case shows: a pawn taken before the shift, a pawn
#: moved out of turn, ``done`` pressed with the mover in the air (layout of unreachable.toml)
LABYRINTH_WARNINGS_SCENARIO = """
game = "labyrinth"
players = ["red", "blue"]
seed = 3
layout = [
  "ES NW ESW:book EW ESW:money EW SW",
  "NE SW:beetle NEW:dragon NS EW NW:mouse NE",
  "NES:map EW NES:crown EW ESW:keys SW NSW:skull",
  "NES:bat NSW:ghost SW:spider ES EW NE ES",
  "NES:ring NW NEW:chest EW NSW:emerald NS NSW:sword",
  "SW:owl NS EW NEW:genie NES:sorceress NE NW:lizard",
  "NE ES:moth NEW:candle NSW:pig NEW:helmet ES NW",
]
spare = "NS"
cards = { red = ["ring", "owl"], blue = ["money", "skull"] }
actions = [
  "slide red a1 a2", "wait 500", "slide red a2 a1",
  "insert W-2",
  "slide blue g7 g6", "wait 500", "slide blue g6 g7",
  "lift red", "press done", "wait 500", "place red a1", "press done",
]
"""


# -- the doc -------------------------------------------------------------------------------
@dataclass(frozen=True)
class FieldDoc:
    json: frozenset[str]
    values: frozenset[str] | None  # "one of" values, None when open
    required: bool


@dataclass
class Section:
    events: dict[str, bool] = field(default_factory=dict)  # type -> required
    private: set[str] = field(default_factory=set)
    fields: dict[str, dict[str, FieldDoc]] = field(default_factory=dict)  # type -> field -> doc
    kinds: dict[str, frozenset[str]] = field(default_factory=dict)  # warning kind -> extra fields


def _code(cell: str, where: str) -> str:
    m = re.fullmatch(r"`([^`]+)`", cell.strip())
    if m is None:
        raise AssertionError(f"docs/event-log.md {where}: expected one `name` in {cell.strip()!r}")
    return m.group(1)


def _tables(lines: list[str]) -> Iterator[tuple[list[str], list[list[str]], int]]:
    """(header, rows, line number) of each markdown table in ``lines``."""
    i = 0
    while i < len(lines):
        if lines[i].startswith("|"):
            start = i
            block = []
            while i < len(lines) and lines[i].startswith("|"):
                block.append([c.strip() for c in lines[i].strip().strip("|").split("|")])
                i += 1
            yield [c.lower() for c in block[0]], block[2:], start
        else:
            i += 1


def _section_key(heading: str) -> str | None:
    m = re.search(r"\(`([a-z-]+)`\)", heading)
    if m:
        return m.group(1)
    return ALL if heading.lower().startswith("## every game") else None


def parse_doc(text: str) -> dict[str, Section]:
    """The doc's tables, per game section (``ALL``: "Every game")."""
    sections: dict[str, Section] = {}
    chunks = re.split(r"(?m)^(?=## )", text)
    for chunk in chunks:
        lines = chunk.splitlines()
        if not lines:
            continue
        key = _section_key(lines[0])
        if key is None:
            continue
        sec = sections.setdefault(key, Section())
        for header, rows, at in _tables(lines):
            for n, row in enumerate(rows):
                where = f"section {key!r}, table at line {at + 1} of the section, row {n + 1}"
                if header[:2] == ["type", "emitted when"]:
                    sec.events[_code(row[0], where)] = row[2] == "required"
                    if row[3] == "private":
                        sec.private.add(_code(row[0], where))
                elif header[:2] == ["type", "field"]:
                    kinds = frozenset(k.strip() for k in row[2].split(" or "))
                    assert kinds <= set(JSON_TYPES), f"docs/event-log.md {where}: JSON {row[2]!r}"
                    values = frozenset(re.findall(r"`([^`]+)`", row[3])) if row[3].startswith("one of") else None
                    assert row[4] in ("required", "extension"), f"docs/event-log.md {where}: {row[4]!r}"
                    sec.fields.setdefault(_code(row[0], where), {})[_code(row[1], where)] = FieldDoc(
                        kinds, values, row[4] == "required")
                elif header[:1] == ["kind"]:
                    extra = frozenset(re.findall(r"`([^`]+)`", row[1]))
                    sec.kinds[_code(row[0], where)] = extra
    return sections


@pytest.fixture(scope="module")
def doc() -> dict[str, Section]:
    return parse_doc(DOC.read_text(encoding="utf-8"))


def event_types(doc: dict[str, Section], game: str) -> set[str]:
    return set(doc[game].events) | set(doc[ALL].events)


def fields_of(doc: dict[str, Section], game: str, type_: str) -> dict[str, FieldDoc]:
    out: dict[str, FieldDoc] = {}
    for sec in (doc[ALL], doc[game]):
        out.update(sec.fields.get(ALL, {}))
    for sec in (doc[ALL], doc[game]):
        out.update(sec.fields.get(type_, {}))
    return out


def test_the_doc_has_a_section_per_game_and_its_tables_agree(doc: dict[str, Section]) -> None:
    assert set(GAMES) | {ALL} <= set(doc)
    problems = []
    for game in GAMES:
        sec = doc[game]
        assert sec.events and sec.fields and sec.kinds, f"{game}: a table is missing"
        for type_ in sec.fields:
            if type_ not in event_types(doc, game):
                problems.append(f"{game}: fields for {type_!r}, which is not in its events table")
        for type_ in sec.events:
            if type_ not in sec.fields:
                problems.append(f"{game}: event {type_!r} has no fields rows")
        warning_fields = fields_of(doc, game, "warning")
        for kind, extra in sec.kinds.items():
            for f in extra - set(warning_fields):
                problems.append(f"{game}: warning kind {kind!r} adds {f!r}, not a documented warning field")
    assert problems == [], "docs/event-log.md:\n" + "\n".join(problems)


# -- what the code emits -----------------------------------------------------------------------
@dataclass
class Emitted:
    """Events per game, each with where it came from (for the failure message)."""

    events: dict[str, list[tuple[str, dict[str, Any]]]] = field(default_factory=lambda: {g: [] for g in GAMES})

    def add(self, game: str, source: str, path: Path) -> None:
        for line in path.read_text(encoding="utf-8").splitlines():
            self.events[game].append((source, json.loads(line)))


def _cli(argv: list[str]) -> None:
    code = main(argv)
    assert code == 0, f"mazeboard {' '.join(argv)} exited {code}"


def _resumed(emitted: Emitted, tmp: Path) -> None:
    """A saved Magic Labyrinth game cut short at a few points and resumed (``play --state-dir``)."""
    state = tmp / "state"
    _cli(["play", "--seed", "3", "--quiet", "--state-dir", str(state), "--events", str(tmp / "whole.jsonl")])
    journal = min((state / ARCHIVE).glob("*.jsonl")).read_bytes().splitlines(keepends=True)
    for cut in (len(journal) // 3, len(journal) // 2, 2 * len(journal) // 3):
        (state / CURRENT).write_bytes(b"".join(journal[:cut]))
        log = tmp / f"resumed-{cut}.jsonl"
        _cli(["play", "--quiet", "--state-dir", str(state), "--events", str(log)])
        emitted.add("magic-labyrinth", f"play --state-dir (journal cut at record {cut})", log)


def _resumed_struggle(emitted: Emitted, tmp: Path) -> None:
    """A saved Struggle game cut short at a few points and resumed (``play --state-dir``)."""
    state = tmp / "struggle-state"
    _cli(["play", "--game", "struggle", "--seed", "4", "--quiet", "--state-dir", str(state)])
    journal = min((state / ARCHIVE).glob("*.jsonl")).read_bytes().splitlines(keepends=True)
    for cut in (len(journal) // 3, 2 * len(journal) // 3):
        (state / CURRENT).write_bytes(b"".join(journal[:cut]))
        log = tmp / f"struggle-resumed-{cut}.jsonl"
        _cli(["play", "--quiet", "--state-dir", str(state), "--events", str(log)])
        emitted.add("struggle", f"play --game struggle --state-dir (journal cut at record {cut})", log)


def _resumed_labyrinth(emitted: Emitted, tmp: Path) -> None:
    """A saved Labyrinth game with the guided layout and the box's own cards, cut short during the
    layout and while the board asks about a picture, resumed (``play --state-dir``)."""
    state = tmp / "labyrinth-state"
    flags = ["--game", "labyrinth", "--seed", "6", "--cards", "physical", "--guided-layout", "--quiet"]
    whole = tmp / "labyrinth-whole.jsonl"
    _cli(["play", *flags, "--state-dir", str(state), "--events", str(whole)])
    journal = min((state / ARCHIVE).glob("*.jsonl")).read_bytes().splitlines(keepends=True)
    for cut in (12, len(journal) // 2):
        (state / CURRENT).write_bytes(b"".join(journal[:cut]))
        log = tmp / f"labyrinth-resumed-{cut}.jsonl"
        _cli(["play", "--quiet", "--state-dir", str(state), "--events", str(log)])
        emitted.add("labyrinth", f"play --game labyrinth --guided-layout --state-dir (journal cut at record {cut})", log)


def _unplugged(emitted: Emitted, tmp: Path) -> None:
    """A move over the serial link with the cable pulled and plugged back (``sim --link serial``)."""
    scenario = tmp / "unplug.toml"
    scenario.write_text(UNPLUG_SCENARIO)
    log_path = tmp / "unplug.jsonl"
    session: Any = backends.open_board("sim", BoardRequest(scenario=str(scenario), sim_link="serial"))
    log = JsonLinesLog(str(log_path))
    try:
        game = build_game(session, [log])
        session.scheduler.call_at(400, session.link.unplug)
        session.scheduler.call_at(560, session.link.plug)
        game.run()
    finally:
        log.close()
        session.link.close()
    emitted.add("magic-labyrinth", "sim --link serial, unplugged at 400 ms", log_path)


def _service(emitted: Emitted, tmp: Path, game: str, name: str, games: int, script: Any = None) -> None:
    """``service run`` on the simulated board (lobby and games) with the test's hands ``script(svc, ev)``."""
    path = tmp / f"service-{game}-{name}.jsonl"
    log = JsonLinesLog(str(path))
    sinks: list[Any] = [log]
    if script is not None:
        sinks.append(lambda ev: script(svc, ev))
    svc = Service(Lobby(game, cfg.Config()), BoardRequest(game=game, realtime=False), str(tmp / f"state-{name}"),
                  "sim", Notifier(None), games=games, seed=3, seaters=3, sinks=sinks)
    try:
        assert svc.run() == 0
    finally:
        log.close()
    emitted.add(game, f"service run ({name})", path)


def _press(svc: Service, buttons: list[str], gap_ms: int = 150, at_ms: int = 5) -> None:
    """The test's hands press ``buttons`` from now; the simulated players wait meanwhile (5 s)."""
    session: Any = svc.current.session.inner if svc.current is not None else None
    if session is None:
        return
    for player in getattr(session, "players", []):
        player.think_ms = (5000, 5000)
    for i, b in enumerate(buttons):
        session.scheduler.call_later(at_ms + i * gap_ms, lambda b=b: session.world.press(b))


def _service_runs(emitted: Emitted, tmp: Path) -> None:
    """The lobby of every game, an abandon cancelled, one confirmed, a phone's, a game given up."""
    for game in GAMES:
        _service(emitted, tmp, game, "lobby", games=2)
    turns = {"n": 0}

    def board_hands(svc: Service, ev: GameEvent) -> None:
        if ev.type == "turn_started":
            turns["n"] += 1
            if turns["n"] == 3:
                _press(svc, ["done", "done", "done", "roll"])  # asked, then another button: play on (and roll)
            elif turns["n"] == 8:
                _press(svc, ["done"] * 6)  # asked, and the same gesture again: confirmed

    _service(emitted, tmp, "magic-labyrinth", "abandon", games=2, script=board_hands)

    def phone(svc: Service, ev: GameEvent) -> None:
        if ev.type == "turn_started" and svc.current is not None and svc.lobby.state == "playing":
            svc.submit(svc.lobby.request_abandon)
            _press(svc, ["done"] * 3, at_ms=500)  # once the board asks, its abandon gesture confirms

    _service(emitted, tmp, "labyrinth", "phone", games=1, script=phone)
    from mazeboard.sim import session as sim_backend

    limit = sim_backend.GAME_LIMIT_MS
    sim_backend.GAME_LIMIT_MS = 20_000  # nobody can win in 20 s: the service gives the game up
    try:
        _service(emitted, tmp, "magic-labyrinth", "given-up", games=1)
    finally:
        sim_backend.GAME_LIMIT_MS = limit


@pytest.fixture(scope="module")
def emitted(tmp_path_factory: pytest.TempPathFactory) -> Emitted:
    tmp = tmp_path_factory.mktemp("event-log-doc")
    out = Emitted()
    for game, folder in SCENARIO_DIRS.items():
        for path in sorted(folder.glob("*.toml")):
            expect = json.loads(path.with_name(path.stem + ".expect.json").read_text())
            if "exit" in expect:  # an invalid scenario: refused before anything is emitted
                continue
            assert tomllib.loads(path.read_text())["game"] == game, path
            log = tmp / f"{game}-{path.stem}.jsonl"
            _cli(["sim", "--scenario", str(path), "--events", str(log)])
            out.add(game, str(path.relative_to(ROOT)), log)
    extra = tmp / "labyrinth-warnings.toml"
    extra.write_text(LABYRINTH_WARNINGS_SCENARIO)
    log = tmp / "labyrinth-warnings.jsonl"
    _cli(["sim", "--scenario", str(extra), "--events", str(log)])
    out.add("labyrinth", "LABYRINTH_WARNINGS_SCENARIO (this file)", log)
    for i, argv in enumerate(PLAYS):
        log = tmp / f"play-{i}.jsonl"
        _cli(["play", *argv, "--quiet", "--events", str(log)])
        out.add(argv[1], "mazeboard play " + " ".join(argv), log)
    _resumed(out, tmp)
    _resumed_struggle(out, tmp)
    _resumed_labyrinth(out, tmp)
    _unplugged(out, tmp)
    _service_runs(out, tmp)
    return out


def test_the_runs_emit_every_required_type_and_the_extensions_they_exercise(
        emitted: Emitted, doc: dict[str, Section]) -> None:
    """Not vacuous: each game's runs show every required type, and the runs reach the
    restart, the serial link, Labyrinth's private cards and Struggle's objectives."""
    for game in GAMES:
        seen = {e["type"] for _, e in emitted.events[game]}
        required = {t for t, req in doc[game].events.items() if req}
        assert required - seen == set(), f"{game}: never emitted by the runs"
        assert any(e["type"] == "warning" for _, e in emitted.events[game]), game
    seen_magic = {e["type"] for _, e in emitted.events["magic-labyrinth"]}
    assert {"game_resumed", "setup_restored", "board_disconnected", "board_connected"} <= seen_magic
    lab = {e["type"] for _, e in emitted.events["labyrinth"]}
    assert {"card_shown", "card_question", "card_denied", "layout_step", "layout_done", "game_resumed"} <= lab
    assert "waiting_for_layout" in {e["state"] for _, e in emitted.events["labyrinth"] if e["type"] == "game_resumed"}
    lab_kinds = {e["kind"] for _, e in emitted.events["labyrinth"] if e["type"] == "warning"}
    assert {"moved_before_shift", "out_of_turn", "lifted"} <= lab_kinds
    assert "objective" in {e["type"] for _, e in emitted.events["struggle"]}
    assert {"game_resumed", "setup_check", "setup_restored"} <= {e["type"] for _, e in emitted.events["struggle"]}
    lobby = {e["type"] for g in GAMES for _, e in emitted.events[g]}
    assert {"lobby", "game_requested", "abandon_asked", "abandon_cancelled", "game_abandoned"} <= lobby
    by = {e["by"] for g in GAMES for _, e in emitted.events[g] if e["type"] == "game_abandoned"}
    assert by == {"board", "phone", "service"}


def test_every_emitted_event_type_is_documented(emitted: Emitted, doc: dict[str, Section]) -> None:
    missing: dict[str, str] = {}
    for game in GAMES:
        known = event_types(doc, game)
        for source, e in emitted.events[game]:
            if e["type"] not in known:
                missing.setdefault(f"{game}: event type {e['type']!r}", source)
    assert missing == {}, "not in docs/event-log.md (first seen in):\n" + "\n".join(
        f"  {k}  <- {v}" for k, v in missing.items())


def _json_kind(value: Any) -> str:
    for name, py in JSON_TYPES.items():
        if type(value) is py:
            return name
    return type(value).__name__


def test_every_emitted_field_is_documented_with_its_json_type_and_values(
        emitted: Emitted, doc: dict[str, Section]) -> None:
    problems: dict[str, str] = {}
    for game in GAMES:
        known = event_types(doc, game)
        for source, e in emitted.events[game]:
            if e["type"] not in known:
                continue  # reported by the test above
            docs = fields_of(doc, game, e["type"])
            for name, value in e.items():
                fd = docs.get(name)
                if fd is None:
                    problems.setdefault(f"{game}: field {name!r} of {e['type']!r} is not documented", source)
                    continue
                kind = _json_kind(value)
                if kind not in fd.json:
                    problems.setdefault(f"{game}: {e['type']}.{name} is {kind}, documented as "
                                        f"{' or '.join(sorted(fd.json))}", source)
                if fd.values is not None and value not in fd.values:
                    problems.setdefault(f"{game}: {e['type']}.{name} = {value!r}, documented as one of "
                                        f"{sorted(fd.values)}", source)
    assert problems == {}, "docs/event-log.md disagrees (first seen in):\n" + "\n".join(
        f"  {k}  <- {v}" for k, v in problems.items())


def test_every_documented_required_field_is_always_present(emitted: Emitted, doc: dict[str, Section]) -> None:
    problems: dict[str, str] = {}
    for game in GAMES:
        for source, e in emitted.events[game]:
            for name, fd in fields_of(doc, game, e["type"]).items():
                if fd.required and name not in e:
                    problems.setdefault(f"{game}: {e['type']} without required {name!r}", source)
    assert problems == {}, "\n".join(f"  {k}  <- {v}" for k, v in problems.items())


def test_every_emitted_warning_kind_and_its_fields_are_documented(emitted: Emitted, doc: dict[str, Section]) -> None:
    problems: dict[str, str] = {}
    for game in GAMES:
        kinds = doc[game].kinds
        for source, e in emitted.events[game]:
            if e["type"] != "warning":
                continue
            kind = e.get("kind")
            if kind not in kinds:
                problems.setdefault(f"{game}: warning kind {kind!r} is not documented", source)
                continue
            base = {n for n, fd in fields_of(doc, game, "warning").items() if fd.required}
            for name in set(e) - base - kinds[kind]:
                problems.setdefault(f"{game}: warning {kind!r} has {name!r}, not in its extra fields", source)
    assert problems == {}, "docs/event-log.md misses (first seen in):\n" + "\n".join(
        f"  {k}  <- {v}" for k, v in problems.items())


# -- the code, read statically ------------------------------------------------------------------
def _game_of(path: Path) -> str:
    parts = path.relative_to(ROOT / "controller").parts
    return GAME_DIRS.get(parts[0], ALL) if len(parts) > 1 else ALL


def _name(call: ast.Call) -> str | None:
    f = call.func
    return f.attr if isinstance(f, ast.Attribute) else f.id if isinstance(f, ast.Name) else None


def _strings(node: ast.AST) -> set[str]:
    return {n.value for n in ast.walk(node) if isinstance(n, ast.Constant) and isinstance(n.value, str)}


def _resolve(arg: ast.expr, func: ast.FunctionDef | ast.AsyncFunctionDef | None) -> set[str] | None:
    """The literal strings ``arg`` can be: a literal, or a local variable assigned literals
    (``kind = "a" if c else "b"``). Empty for a parameter (plumbing: its callers are read);
    None when it cannot be told."""
    if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
        return {arg.value}
    if isinstance(arg, ast.Name) and func is not None:
        params = {a.arg for a in [*func.args.posonlyargs, *func.args.args, *func.args.kwonlyargs]}
        if arg.id in params:
            return set()
        values = [n.value for n in ast.walk(func) if isinstance(n, ast.Assign)
                  and any(isinstance(t, ast.Name) and t.id == arg.id for t in n.targets)]
        if values:
            return set().union(*(_strings(v) for v in values))
    return None


def _calls() -> Iterator[tuple[Path, ast.Call, ast.FunctionDef | ast.AsyncFunctionDef | None]]:
    for path in sorted((ROOT / "controller").rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        funcs = [n for n in ast.walk(tree) if isinstance(n, (ast.FunctionDef, ast.AsyncFunctionDef))]
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                owner = None
                for f in funcs:  # the innermost function holding the call
                    if f.lineno <= node.lineno <= (f.end_lineno or f.lineno) and (
                            owner is None or f.lineno >= owner.lineno):
                        owner = f
                yield path, node, owner


def emitted_in_code() -> tuple[dict[tuple[str, str], str], list[str]]:
    """(game, event type) -> where, for every literal type given to ``_emit``/``GameEvent``; and
    the calls whose type cannot be told statically."""
    found: dict[tuple[str, str], str] = {}
    unknown = []
    for path, call, func in _calls():
        name = _name(call)
        index = {"_emit": 0, "GameEvent": 1}.get(name or "")
        if index is None or len(call.args) <= index:
            continue
        where = f"{path.relative_to(ROOT)}:{call.lineno}"
        types = _resolve(call.args[index], func)
        if types is None:
            unknown.append(where)
            continue
        for t in types:
            found.setdefault((_game_of(path), t), where)
    return found, unknown


def warned_in_code() -> dict[tuple[str, str], str]:
    """(game, warning kind) -> where, for every literal kind the referees warn with."""
    found: dict[tuple[str, str], str] = {}
    for path, call, _ in _calls():
        name = _name(call)
        kinds: set[str] = set()
        if name in ("_warn", "_hold") and len(call.args) > 1:
            silent = any(k.arg == "warn" and isinstance(k.value, ast.Constant) and k.value.value is False
                         for k in call.keywords)
            arg = call.args[1]
            if not silent and isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                kinds.add(arg.value)
        elif name == "_emit" and call.args and isinstance(call.args[0], ast.Constant) and call.args[0].value == "warning":
            for k in call.keywords:
                if k.arg == "kind" and isinstance(k.value, ast.Constant) and isinstance(k.value.value, str):
                    kinds.add(k.value.value)
        for kind in kinds:
            found.setdefault((_game_of(path), kind), f"{path.relative_to(ROOT)}:{call.lineno}")
    return found


def test_every_literal_event_type_in_the_controller_is_documented(doc: dict[str, Section]) -> None:
    found, unknown = emitted_in_code()
    assert unknown == [], f"event types that cannot be read statically (use a literal or a local assigned literals): {unknown}"
    assert len(found) >= 40  # the scan does find the referees' calls
    missing = []
    for (game, type_), where in sorted(found.items()):
        games = GAMES if game == ALL else (game,)
        documented = type_ in doc[ALL].events if game == ALL else all(type_ in event_types(doc, g) for g in games)
        if not documented:
            missing.append(f"{where}: {type_!r} is not in docs/event-log.md"
                           f" ({'Every game' if game == ALL else game})")
    assert missing == [], "\n".join(missing)


def test_every_literal_warning_kind_in_the_controller_is_documented(doc: dict[str, Section]) -> None:
    found = warned_in_code()
    assert {g for g, _ in found} == set(GAMES)
    missing = [f"{where}: warning kind {kind!r} is not in docs/event-log.md ({game})"
               for (game, kind), where in sorted(found.items())
               if game == ALL or kind not in doc[game].kinds]
    assert missing == [], "\n".join(missing)
    documented = {(g, k) for g in GAMES for k in doc[g].kinds}
    assert documented - set(found) == set(), "documented kinds the referees never warn with"


# -- SCENARIOS.md --------------------------------------------------------------------------------
def spec_tables(text: str) -> dict[str, dict[str, set[str]]]:
    """SCENARIOS.md's event tables: ``general`` (the event log section) and per game."""
    out: dict[str, dict[str, set[str]]] = {}
    key = None
    for chunk in re.split(r"(?m)^(?=## )", text):
        head = chunk.splitlines()[0] if chunk else ""
        key = ("general" if head.startswith("## The event log") else "labyrinth" if head.startswith("## Labyrinth")
               else "struggle" if head.startswith("## Struggle") else None)
        if key is None:
            continue
        for header, rows, _ in _tables(chunk.splitlines()):
            if header[:2] != ["type", "fields"]:
                continue
            for row in rows:
                type_ = _code(row[0], f"SCENARIOS.md {key}")
                # field names: the backticked names before any parenthesis or colon that explains them
                text_ = re.sub(r"\([^)]*\)", "", row[1]).split(":")[0]
                out.setdefault(key, {})[type_] = set(re.findall(r"`([^`]+)`", text_))
    return out


@pytest.mark.skipif(not SPEC.exists(), reason="SCENARIOS.md is not on this machine (../shared)")
def test_required_marks_agree_with_scenarios_md(doc: dict[str, Section]) -> None:
    spec = spec_tables(SPEC.read_text(encoding="utf-8"))
    problems = []
    for game in GAMES:
        want: dict[str, set[str]] = {}
        for type_, names in spec["general"].items():
            if game == "magic-labyrinth" or type_ in doc[game].events:
                want[type_] = names
        want.update(spec.get(game, {}))
        for type_, names in want.items():
            if not doc[game].events.get(type_):
                problems.append(f"{game}: {type_!r} is required by SCENARIOS.md")
            marked = {f for f, fd in doc[game].fields.get(type_, {}).items() if fd.required}
            for f in names - marked:
                problems.append(f"{game}: {type_}.{f} is required by SCENARIOS.md")
            for f in marked - names:
                problems.append(f"{game}: {type_}.{f} is marked required but SCENARIOS.md does not list it")
        for type_, req in doc[game].events.items():
            if req and type_ not in want:
                problems.append(f"{game}: {type_!r} is marked required but SCENARIOS.md does not list it")
    assert problems == [], "docs/event-log.md vs SCENARIOS.md:\n" + "\n".join(problems)
