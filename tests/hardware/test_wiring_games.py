"""Wiring files for the Labyrinth and Struggle boards: the reference builds, their mistakes named,
and the gpio backend reading them on gpiozero's mock pins (matrix buttons included)."""

from __future__ import annotations

import copy
import random
import tomllib
from collections import defaultdict
from pathlib import Path
from typing import Any, Callable, Hashable

import pytest
from gpiozero.pins.mock import MockFactory

from hwkit import ROOT
from mazeboard.controller.cli import main
from mazeboard.controller.wiring_diagram import wireviz_yaml
from mazeboard.hal import labyrinth, struggle
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.debounce import Debouncer
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, ReedChanged, SensorEvent
from mazeboard.hal.gpio import GpioBoard, open_session
from mazeboard.hal.wiring import MatrixReeds, Wiring, load_wiring, parse_wiring, reference_wiring_for
from mazeboard.hal.wiring_boards import DICE_DISPLAY
from mazeboard.sim.rig import MockRig
from mazeboard.sim.world import Physics, World

LABYRINTH = ROOT / "wiring" / "labyrinth.toml"
STRUGGLE = ROOT / "wiring" / "struggle.toml"


def _data(path: Path) -> dict[str, Any]:
    return copy.deepcopy(tomllib.loads(path.read_text()))


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(ConfigError) as e:
        parse_wiring(data)
    return str(e.value)


# ---------------------------------------------------------------------------- reference builds


def test_labyrinth_reference_puts_every_switch_in_one_8x8_matrix() -> None:
    w = load_wiring(LABYRINTH)
    assert w.board == "labyrinth" and w.hall is None and w.buttons == {}
    reeds = w.reeds
    assert isinstance(reeds, MatrixReeds) and reeds.diodes
    assert len(reeds.rows) == len(reeds.columns) == 8
    assert set(reeds.cells) == set(labyrinth.CELLS)
    assert set(reeds.buttons) == set(labyrinth.BUTTONS)  # 12 slot sensors, rotate, done
    places = list(reeds.cells.values()) + list(reeds.buttons.values())
    assert len(set(places)) == len(places) == 63
    assert reeds.cells["c2"] == (1, 2)  # rank-rows: row = rank, column = file
    uses = w.uses()
    assert len(uses) == len({u.bcm for u in uses}) == 17  # 16 matrix lines + LED data
    # I2C and UART stay free; SPI0 carries only the LEDs (the SPI NeoPixel driver: no root)
    assert not {u.bcm for u in uses} & {2, 3, 7, 8, 9, 11, 14, 15} and w.buses == {"spi0"}
    assert w.leds is not None and w.leds.driver == "spi" and w.leds.pin == 10


def test_labyrinth_leds_cells_serpentine_then_the_slot_arrows_in_slot_order() -> None:
    leds = load_wiring(LABYRINTH).leds
    assert leds is not None and leds.count == 61
    idx = leds.cell_to_index
    assert [idx[c] for c in ("a1", "g1", "g2", "a2", "a3", "g7")] == [0, 6, 7, 13, 14, 48]
    assert [idx[f"slot:{s}"] for s in labyrinth.SLOT_NAMES] == list(range(49, 61))
    # the names the Labyrinth referee lights are exactly the chain's
    assert set(idx) == set(labyrinth.led_layout().cell_to_index)


def test_struggle_reference_follows_the_track_in_sequence() -> None:
    w = load_wiring(STRUGGLE)
    track = struggle.load_track("default")
    assert w.board == "struggle" and w.hall is None and w.spec.extra["track"] == struggle.track_ref(track) == "default"
    reeds = w.reeds
    assert isinstance(reeds, MatrixReeds) and (len(reeds.rows), len(reeds.columns)) == (5, 5)
    assert list(reeds.cells) == list(track.sensors())
    assert reeds.cells["s0"] == (0, 0) and reeds.cells["s7"] == (1, 2) and reeds.cells["place-A"] == (3, 3)
    assert set(w.buttons) == set(struggle.BUTTONS)
    assert w.leds is not None and w.leds.count == 53
    track_leds = track.layout().cell_to_index
    assert all(w.leds.cell_to_index[n] == i for n, i in track_leds.items())
    assert [w.leds.cell_to_index[n] for n in DICE_DISPLAY] == list(range(23, 53))
    assert DICE_DISPLAY[:2] == ("die1:9", "die1:10") and DICE_DISPLAY[-1] == "die5:A"


def test_struggle_track_decides_the_reeds_and_leds() -> None:
    d = _data(STRUGGLE)
    d["track"] = "short"  # 7 spaces + 5 places = 12 reeds: rows 3 and 4 of a 5x5 matrix serve nothing
    assert "reeds.rows[3]: GPIO13 serves no switch (no space or place sensor or [reeds.buttons] entry on row 3)" \
        in _error(d)
    d["reeds"]["rows"] = d["reeds"]["rows"][:3]
    d["leds"]["count"] = 12
    del d["leds"]["groups"]
    w = parse_wiring(d)
    assert list(w.reeds.cells) == list(struggle.load_track("short").sensors())  # type: ignore[union-attr]
    assert w.leds is not None and set(w.leds.cell_to_index) == set(struggle.load_track("short").sensors())


def test_reference_wiring_per_game() -> None:
    assert str(reference_wiring_for("labyrinth")) == load_wiring(game="labyrinth").path and \
        Path(reference_wiring_for("labyrinth")).name == "labyrinth.toml"
    assert load_wiring(game="struggle").board == "struggle"
    assert load_wiring().board == "magic-labyrinth"


# ---------------------------------------------------------------------------- mistakes


def _lab(edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    d = _data(LABYRINTH)
    edit(d)
    return d


def _str(edit: Callable[[dict[str, Any]], Any]) -> dict[str, Any]:
    d = _data(STRUGGLE)
    edit(d)
    return d


@pytest.mark.parametrize(("data", "expected"), [
    (_lab(lambda d: d["reeds"].__setitem__("diodes", False)),
     "reeds.buttons: buttons in a matrix without diodes would ghost"),
    (_lab(lambda d: d["buttons"].__setitem__("rotate", "GPIO14")),
     "buttons.rotate: 'rotate' is already in the matrix (reeds.buttons.rotate)"),
    (_lab(lambda d: d["reeds"]["buttons"].__setitem__("done", [8, 7])),
     "reeds.buttons.done: [8, 7] is outside the 8x8 matrix (rows 0-7, columns 0-7)"),
    (_lab(lambda d: d["reeds"]["buttons"].__setitem__("done", [2, 3])),
     "reeds.buttons.done: [2, 3] is already taken by cell d3"),
    (_lab(lambda d: d["reeds"]["buttons"].__setitem__("done", [7, 0])),
     "reeds.buttons.done: [7, 0] is already taken by button slot:S-b"),
    (_lab(lambda d: d["reeds"]["buttons"].__setitem__("slot:S-c", [6, 7])),
     "reeds.buttons.slot:S-c: 'slot:S-c' is not a button of this board"),
    (_lab(lambda d: d["reeds"]["buttons"].__setitem__("done", "GPIO9")),
     "reeds.buttons.done: give its place in the matrix as [row, column]"),
    (_lab(lambda d: d["reeds"]["buttons"].pop("done")),
     "buttons.done: missing (every button needs a pin, or a place in [reeds.buttons])"),
    (_lab(lambda d: d["reeds"]["buttons"].pop("slot:W-6")),  # column 7 still serves others; row 0 too
     "buttons.slot:W-6: missing"),
    (_lab(lambda d: d["reeds"].pop("buttons")),
     "reeds.rows: give 7 row outputs"),
    (_lab(lambda d: d.__setitem__("hall", {"mode": "digital"})),
     "hall: the labyrinth board has no tray (no Hall-effect sensors); remove [hall]"),
    (_lab(lambda d: d["reeds"].__setitem__("mode", "direct")),
     "direct wiring needs one GPIO per cell (49)"),
    (_lab(lambda d: d["leds"].__setitem__("count", 60)),
     "leds.count: 60 LEDs cannot cover the 61 cell and slot LEDs"),
    (_lab(lambda d: d["leds"].__setitem__("groups", ["dice-display"])),
     "leds.groups: 'dice-display' is not an LED group of the labyrinth board (known: none)"),
    (_lab(lambda d: d["buses"].__setitem__("i2c", True) or d["reeds"]["columns"].__setitem__(6, "GPIO3")),
     "reeds.columns[6]: GPIO3 (matrix column 6 in (g1 g2 g3 g4 g5 g6 g7 slot:W-2)) belongs to I2C"),
    (_lab(lambda d: d.__setitem__("track", "default")), "track: unknown key"),
    (_str(lambda d: d.__setitem__("track", "moon")), "track: 'moon' is not a known track"),
    (_str(lambda d: d.__setitem__("track", ["start", "black", "finish"])), "track: every space between"),
    (_str(lambda d: d["reeds"].__setitem__("order", "rank-rows")),
     "reeds.order: 'rank-rows' needs a board of cells; this board's reeds are space or place sensors"),
    (_str(lambda d: d["reeds"].__setitem__("columns", d["reeds"]["columns"][:4])),
     "reeds: a 5x4 matrix has 20 places for 23 space or place sensors; add rows or columns"),
    (_str(lambda d: d["leds"].__setitem__("layout", "serpentine")),
     "leds.layout: serpentine needs a board of cells"),
    (_str(lambda d: d["leds"].__setitem__("count", 40)),
     "leds.count: 40 LEDs cannot cover the 53 spaces and places and the dice-display"),
    (_str(lambda d: d["leds"].__setitem__("groups", ["dice"])),
     "leds.groups: 'dice' is not an LED group of the struggle board (known: dice-display)"),
    (_str(lambda d: d["buttons"].pop("stop")), "buttons.stop: missing (every button needs a pin, or a place"),
    (_str(lambda d: d["buttons"].__setitem__("roll", "GPIO3")), "buttons.roll: 'roll' is not a button of this board"),
    (_str(lambda d: d["reeds"].__setitem__("buttons", {"stop": [4, 3]})),
     "buttons.stop: 'stop' is already in the matrix"),
], ids=lambda v: v if isinstance(v, str) and len(v) < 40 else None)
def test_mistakes_are_named(data: dict[str, Any], expected: str) -> None:
    assert expected in _error(data)


def test_struggle_button_moved_into_a_free_matrix_place() -> None:
    d = _data(STRUGGLE)
    del d["buttons"]["stop"]
    d["reeds"]["buttons"] = {"stop": [4, 4]}
    w = parse_wiring(d)
    assert w.matrix_buttons == {"stop": (4, 4)} and "stop" not in w.buttons


def test_struggle_explicit_led_cells_with_a_partial_dice_display_refused() -> None:
    d = _data(STRUGGLE)
    del d["leds"]["groups"]
    d["leds"]["layout"] = "cells"
    names = struggle.load_track("default").sensors()
    d["leds"]["cells"] = {n: i for i, n in enumerate(names)}
    assert parse_wiring(d).leds is not None
    d["leds"]["cells"]["die1:9"] = 30
    assert "leds.cells.die1:10: missing (an LED group is wired whole" in _error(d)
    d["leds"]["cells"] = {n: i for i, n in enumerate(names + DICE_DISPLAY)}
    assert parse_wiring(d).leds.cell_to_index["die5:A"] == 52  # type: ignore[union-attr]
    d["leds"]["cells"]["s99"] = 0
    assert "leds.cells.s99: 's99' is not a space, place or dice-display LED of this board (s0..place-E)" in _error(d)


# ---------------------------------------------------------------------------- CLI and diagram


@pytest.mark.parametrize(("name", "lines"), [
    ("labyrinth", [" 38  GPIO20  matrix row 7 out (slot:S-b slot:S-d slot:S-f slot:N-b slot:N-d slot:N-f "
                   "slot:W-2 slot:W-4)",
                   " 40  GPIO21  matrix column 7 in (slot:W-6 slot:E-2 slot:E-4 slot:E-6 rotate done - slot:W-4)",
                   "buttons in the matrix (scanned): slot:S-b", " 19  GPIO10  LED data (61 x WS2812"]),
    ("struggle", [" 33  GPIO13  matrix row 3 out (s15 s16 s17 place-A place-B)", "  3  GPIO2   button stop",
                  "buttons on GPIOs (edge callbacks): die1, die2, die3, die4, die5, throw, stop"]),
])
def test_wiring_show(name: str, lines: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wiring", "show", str(ROOT / "wiring" / f"{name}.toml")]) == 0
    out = capsys.readouterr().out
    for line in lines:
        assert line in out
    assert "MCP3008" not in out


@pytest.mark.parametrize("name", ["labyrinth", "struggle"])
def test_committed_diagram_source_matches_the_wiring(name: str) -> None:
    committed = (ROOT / "docs" / "wiring" / f"{name}.yml").read_text()
    assert committed == wireviz_yaml(load_wiring(ROOT / "wiring" / f"{name}.toml")), \
        f"run `mazeboard wiring diagram wiring/{name}.toml`"
    svg = (ROOT / "docs" / "wiring" / f"{name}.svg").read_text()
    assert "<svg" in svg and "GPIO17" in svg and "MCP3008" not in svg


def test_diagram_yaml_names_the_matrix_buttons() -> None:
    text = wireviz_yaml(load_wiring(LABYRINTH))
    assert "8x8 reed and button matrix" in text and "rotate done" in text and "Buttons:" not in text


# ---------------------------------------------------------------------------- gpio backend on mock pins


Key = tuple[str, str]


def _events_by_channel(events: list[SensorEvent]) -> dict[Key, list[tuple[bool, int]]]:
    out: dict[Key, list[tuple[bool, int]]] = defaultdict(list)
    for e in events:
        if isinstance(e, ReedChanged):
            out[("reed", e.cell)].append((e.closed, e.t_ms))
        elif isinstance(e, ButtonPressed):
            out[("button", e.button)].append((True, e.t_ms))
    return dict(out)


def _labyrinth_world(clock: VirtualClock, raw: Callable[[Hashable, bool], None]) -> World:
    return World(labyrinth.GRID, (), {"red": "a1", "blue": "g7", "vader": "d4"}, clock, Physics(),
                 random.Random(5), raw, buttons=labyrinth.BUTTONS)


def _act(world: World, clock: VirtualClock) -> None:
    """Pushes, rotations, slides, a lift and a place, the Vader pawn moved, a short glitch."""
    steps: list[Callable[[], int]] = [
        lambda: world.press("rotate"), lambda: world.press("rotate"), lambda: world.press("slot:S-b"),
        lambda: world.slide_step("red", "b1"), lambda: world.slide_step("red", "b2"),
        lambda: world.press("slot:E-6"), lambda: world.press("done"),
        lambda: world.lift("blue"), lambda: world.place("blue", "a7"),
        lambda: world.slide_step("vader", "d5"), lambda: world.press("slot:W-6"),
        lambda: world.glitch("c3", 40), lambda: world.press("done"),
    ]
    for step in steps:
        clock.advance(step() + 200)
    clock.advance(500)


def test_labyrinth_board_through_the_gpio_backend_gives_the_simulators_events(factory: MockFactory) -> None:
    """The same world actions: the sim's debouncer directly, and the 8x8 matrix on mock pins."""
    expected: list[SensorEvent] = []
    sim_clock = VirtualClock()

    def sim_event(key: Hashable, level: bool, t_ms: int) -> None:
        kind, name = key  # type: ignore[misc]
        if kind == "reed":
            expected.append(ReedChanged(t_ms, name, level))
        elif kind == "button" and level:
            expected.append(ButtonPressed(t_ms, name))

    debouncer = Debouncer(sim_clock, sim_event)
    sim_world = _labyrinth_world(sim_clock, debouncer.raw)
    for key, level in sim_world.levels().items():
        debouncer.add(key, level, 20 if key[0] == "button" else 10)  # type: ignore[index]
    _act(sim_world, sim_clock)

    wiring = load_wiring(LABYRINTH)
    clock = VirtualClock()
    rig = MockRig(wiring, factory)
    world = _labyrinth_world(clock, rig.raw)
    rig.sync(world.levels())
    board = GpioBoard(wiring, clock, pin_factory=factory)
    got: list[SensorEvent] = []
    board.subscribe(got.append)
    assert board.state().closed_reeds == {"a1", "g7", "d4"}
    _act(world, clock)
    board.close()

    exp, seen = _events_by_channel(expected), _events_by_channel(got)
    assert ("button", "slot:S-b") in exp and ("button", "rotate") in exp and ("reed", "d5") in exp
    assert set(seen) == set(exp)
    for key, seq in exp.items():
        assert [lvl for lvl, _ in seen[key]] == [lvl for lvl, _ in seq], key
        for (_, t_sim), (_, t_gpio) in zip(seq, seen[key]):
            assert -2 <= t_gpio - t_sim <= 5, (key, t_sim, t_gpio)
    assert len(seen[("button", "rotate")]) == 2 and len(seen[("button", "done")]) == 2


def test_struggle_board_reeds_in_sequence_and_direct_buttons(factory: MockFactory) -> None:
    wiring = load_wiring(STRUGGLE)
    clock = VirtualClock()
    rig = MockRig(wiring, factory)
    rig.sync({("reed", "s0"): True})
    board = GpioBoard(wiring, clock, pin_factory=factory)
    got: list[SensorEvent] = []
    board.subscribe(got.append)
    assert board.state().closed_reeds == {"s0"} and board.layout.count == 53
    for key, level in ((("reed", "place-C"), True), (("reed", "s7"), True), (("button", "die3"), True),
                       (("button", "die3"), False), (("reed", "s0"), False), (("button", "stop"), True),
                       (("button", "stop"), False)):
        rig.raw(key, level)
        clock.advance(60)
    board.close()
    assert [(type(e).__name__, getattr(e, "cell", getattr(e, "button", ""))) for e in got] == [
        ("ReedChanged", "place-C"), ("ReedChanged", "s7"), ("ButtonPressed", "die3"), ("ReedChanged", "s0"),
        ("ButtonPressed", "stop")]


def test_gpio_session_refuses_a_wiring_for_another_game(factory: MockFactory) -> None:
    with pytest.raises(ConfigError, match="wires a labyrinth board, which plays labyrinth, not struggle"):
        open_session(BoardRequest(game="struggle", wiring=str(LABYRINTH)), pin_factory=factory, leds=False)


def test_gpio_session_uses_the_games_reference_wiring_and_the_wirings_track(factory: MockFactory) -> None:
    s = open_session(BoardRequest(game="struggle", rounds=2), pin_factory=factory, leds=False,
                     scheduler=VirtualClock())
    try:
        assert isinstance(s.wiring, Wiring) and s.wiring.board == "struggle"
        assert struggle.parse_track(s.setup.extra["track"]) == struggle.load_track("default") and s.setup.options["rounds"] == 2
    finally:
        s.board.close()



# ---------------------------------------------------------------------------- maker's tools on these boards


@pytest.mark.parametrize(("name", "shown"), [
    ("struggle", ["s17:.", "place-E:."]),
    ("labyrinth", ["7 │ . │ . │ . │ . │ . │ . │ ."]),
])
def test_diag_live_view_on_mock_pins(name: str, shown: list[str], factory: MockFactory,
                                     capsys: pytest.CaptureFixture[str], captured_neopixel: list[bytes]) -> None:
    """``mazeboard diag --board gpio --wiring FILE`` opens the board the wiring describes, whatever its game."""
    path = str(ROOT / "wiring" / f"{name}.toml")
    assert main(["diag", "--board", "gpio", "--wiring", path, "--no-leds", "--seconds", "0.2"]) == 0
    out = capsys.readouterr().out
    for text in shown:
        assert text in out


def test_calibrate_reeds_names_a_struggle_reed_that_does_not_exist(factory: MockFactory) -> None:
    from mazeboard.controller.calibrate import calibrate_reeds
    from mazeboard.controller.maker import Prompter
    from rich.console import Console

    session = open_session(BoardRequest(game="struggle"), pin_factory=factory, leds=False, scheduler=VirtualClock())
    try:
        with pytest.raises(ConfigError, match=r"--cells: 's99' is not a reed of this board \(s0..place-E\)"):
            calibrate_reeds(session, Prompter(ask_fn=lambda q: ""), Console(), ["s2", "s99"])
    finally:
        session.board.close()
