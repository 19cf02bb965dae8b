"""Wiring files: the reference build loads; every kind of mistake is named with file, key and reason."""

from __future__ import annotations

import copy
import tomllib
from pathlib import Path
from typing import Any

import pytest

from mazeboard.controller.cli import main
from mazeboard.controller.maker import pinout
from mazeboard.controller.wiring_diagram import wireviz_yaml
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.wiring import (
    AnalogHall, MatrixReeds, header_pin, load_wiring, parse_wiring, reference_wiring_path,
)

from hwkit import DIGITAL, REFERENCE, ROOT


def _data(path: Path = REFERENCE) -> dict[str, Any]:
    return tomllib.loads(path.read_text())


def _error(data: dict[str, Any]) -> str:
    with pytest.raises(ConfigError) as e:
        parse_wiring(data)
    return str(e.value)


def test_reference_wiring_is_the_packaged_default_and_valid() -> None:
    w = load_wiring()
    assert Path(w.path).resolve() == REFERENCE.resolve() == reference_wiring_path().resolve()
    assert isinstance(w.reeds, MatrixReeds) and w.reeds.diodes and w.reeds.scan_hz == 250
    assert w.buses == {"spi0", "spi1"}  # LEDs on SPI0 (GPIO10), the MCP3008 on SPI1
    assert w.leds is not None and w.leds.driver == "spi" and w.leds.pin == 10
    assert isinstance(w.hall, AnalogHall) and w.hall.spi_bus == 1 and w.hall.select_pin == 18
    assert w.leds is not None and w.leds.count == 36 and w.leds.pixel_order == "GRB"
    # serpentine: rank 1 left to right, rank 2 right to left
    assert [w.leds.cell_to_index[c] for c in ("a1", "f1", "f2", "a2", "a3")] == [0, 5, 6, 11, 12]
    assert sorted(w.leds.cell_to_index.values()) == list(range(36))


def test_every_gpio_is_used_once_in_both_shipped_wirings() -> None:
    for path in (REFERENCE, DIGITAL):
        uses = load_wiring(path).uses()
        assert len({u.bcm for u in uses}) == len(uses)


def test_header_pins_come_from_gpiozero_board_data() -> None:
    assert header_pin(17) == 11 and header_pin(18) == 12 and header_pin(2) == 3 and header_pin(21) == 40


@pytest.mark.parametrize(("edit", "expected"), [
    (lambda d: d["reeds"].__setitem__("columns", ["GPIO5", *d["reeds"]["columns"][1:]]),
     "reeds.columns[0]: GPIO5 is used twice (matrix row 0 out"),
    (lambda d: d["buttons"].__setitem__("roll", "GPIO7"),
     "buttons.roll: GPIO7 (button roll) belongs to SPI0, which the SPI LED driver uses"),
    (lambda d: d["buttons"].__setitem__("roll", "GPIO21"), "buttons.roll: GPIO21 is used twice (MCP3008 CLK (SPI1 SCLK)"),
    (lambda d: d["hall"].__setitem__("spi_bus", 2), "hall.spi_bus: 2 is not 0 (SPI0, GPIO9-11) or 1"),
    (lambda d: d["hall"].__setitem__("spi_device", 3),
     "hall.spi_device: 3 is not a chip select of SPI1: 0 (CE0, GPIO18), 1 (CE1, GPIO17), 2 (CE2, GPIO16)"),
    (lambda d: d["hall"].__setitem__("spi_device", 1),  # spi1-2cs claims GPIO17 too: a matrix column
     "hall.spi_device: GPIO17 is used twice (matrix column 0 in (a1 a2 a3 a4 a5 a6) and MCP3008 CS (SPI1 CE1))"),
    (lambda d: d["buses"].__setitem__("spi1", True),  # spi1-3cs: GPIO16 (a matrix row) too
     "reeds.rows[5]: GPIO16 (matrix row 5 out (a6 b6 c6 d6 e6 f6)) belongs to SPI1"),
    (lambda d: d["hall"].__setitem__("spi_bus", 0),
     "leds.driver: the SPI LED driver and the MCP3008 both need SPI0"),
    (lambda d: d["leds"].__setitem__("driver", "pwm") or d["leds"].__setitem__("pin", "GPIO18"),
     "leds.pin: GPIO18 is used twice (MCP3008 CS (SPI1 CE0) and LED data (36 x WS2812, pwm driver))"),
    (lambda d: d["buses"].__setitem__("i2c", True) or d["buttons"].__setitem__("roll", "GPIO3"),
     "buttons.roll: GPIO3 (button roll) belongs to I2C, which is switched on (buses.i2c = true)"),
    (lambda d: d["buses"].__setitem__("uart", True) or d["buttons"].__setitem__("done", "GPIO14"),
     "buttons.done: GPIO14 (button done) belongs to UART"),
    (lambda d: d["leds"].__setitem__("colour", "red"), "leds.colour: unknown key"),
    (lambda d: d.__setitem__("speed", 3), "speed: unknown key"),
    (lambda d: d["hall"]["channels"].__setitem__("tray-up", 5), "hall.channels.tray-up: unknown key"),
    (lambda d: d["hall"]["channels"].__setitem__("tray-se", 0), "hall.channels.tray-se: channel 0 is already used"),
    (lambda d: d["hall"]["channels"].__setitem__("tray-se", 9), "is not an MCP3008 channel"),
    (lambda d: d["hall"]["channels"].pop("tray-nw"), "hall.channels.tray-nw: missing"),
    (lambda d: d["buttons"].__setitem__("roll", 17), "buttons.roll: 17 is not a BCM pin name like \"GPIO17\""),
    (lambda d: d["buttons"].__setitem__("roll", "GPIO1"), "reserved for the HAT ID EEPROM"),
    (lambda d: d["buttons"].__setitem__("roll", "GPIO40"), "not on the 40-pin header"),
    (lambda d: d["buttons"].pop("done"), "buttons.done: missing"),
    (lambda d: d["reeds"].__setitem__("rows", d["reeds"]["rows"][:5]), "reeds.rows: give 6 row outputs"),
    (lambda d: d["reeds"].__setitem__("scan_hz", 50), "reeds.scan_hz: 50 Hz scans every 20 ms, too slow"),
    (lambda d: d["leds"].__setitem__("brightness", 1.5), "leds.brightness: must be between 0 and 1"),
    (lambda d: d["leds"].__setitem__("pixel_order", "GRBW"), "leds.pixel_order"),
    (lambda d: d["leds"].__setitem__("pin", "GPIO17"), "leds.pin: the SPI driver sends on GPIO10 (SPI0 MOSI), not GPIO17"),
    (lambda d: d["leds"].__setitem__("driver", "auto") or d["leds"].__setitem__("pin", "GPIO17"),
     "leds.pin: the auto driver cannot drive GPIO17"),
    (lambda d: d["leds"].__setitem__("count", 30), "leds.count: 30 LEDs cannot cover the 36 cells"),
    (lambda d: d.__setitem__("board", "chess"), "board: 'chess' is not a known board"),
    (lambda d: d["reeds"].__setitem__("mode", "direct"), "direct wiring needs one GPIO per cell (36)"),
])
def test_mistakes_are_named(edit: Any, expected: str) -> None:
    data = copy.deepcopy(_data())
    edit(data)
    assert expected in _error(data)


def _explicit_cells(data: dict[str, Any]) -> dict[str, Any]:
    data["leds"]["layout"] = "cells"
    data["leds"]["cells"] = {f"{f}{r}": (r - 1) * 6 + "abcdef".index(f) for f in "abcdef" for r in range(1, 7)}
    return data


def test_explicit_led_cells_validated() -> None:
    ok = parse_wiring(_explicit_cells(copy.deepcopy(_data())))
    assert ok.leds is not None and ok.leds.cell_to_index["b1"] == 1
    d = _explicit_cells(copy.deepcopy(_data()))
    d["leds"]["cells"]["c3"] = 40
    assert "leds.cells.c3: LED index 40 is out of range (0..35 for count = 36)" in _error(d)
    d = _explicit_cells(copy.deepcopy(_data()))
    d["leds"]["cells"]["g7"] = 3
    assert "leds.cells.g7: 'g7' is not a cell of this board" in _error(d)
    d = _explicit_cells(copy.deepcopy(_data()))
    del d["leds"]["cells"]["f6"]
    assert "leds.cells.f6: missing" in _error(d)
    d = _explicit_cells(copy.deepcopy(_data()))
    d["leds"]["cells"]["f6"] = 0
    assert "leds.cells.f6: LED 0 already sits under a1" in _error(d)


def test_file_errors_name_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "board.toml"
    bad.write_text(REFERENCE.read_text().replace('roll = "GPIO26"', 'roll = "GPIO5"'))
    with pytest.raises(ConfigError, match=r"board\.toml: buttons\.roll: GPIO5 is used twice"):
        load_wiring(bad)
    bad.write_text("board = [")
    with pytest.raises(ConfigError, match=r"board\.toml: not valid TOML"):
        load_wiring(bad)
    with pytest.raises(ConfigError, match="cannot read the wiring file"):
        load_wiring(tmp_path / "missing.toml")


def test_wiring_show_prints_header_pin_bcm_and_role(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["wiring", "show"]) == 0
    out = capsys.readouterr().out
    assert " 11  GPIO17  matrix column 0 in (a1 a2 a3 a4 a5 a6)" in out
    assert " 19  GPIO10  LED data (36 x WS2812, spi driver)" in out
    assert " 12  GPIO18  MCP3008 CS (SPI1 CE0)" in out and " 40  GPIO21  MCP3008 CLK (SPI1 SCLK)" in out
    assert " 37  GPIO26  button roll" in out and " 10  GPIO15  button done" in out
    assert ("Pi 5: LEDs: spi driver; /boot/firmware/config.txt: dtoverlay=spi1-1cs, "
            "dtparam=spi=on; opens /dev/gpiochip0, /dev/spidev1.0, /dev/spidev0.0; no root") in out
    full = pinout(load_wiring(DIGITAL), show_all=True)
    assert "  3  GPIO2   Hall tray-sw (digital)" in full and "  6  GND" in full and full.count("\n") > 40


def test_wiring_show_bad_file_is_one_line_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bad = tmp_path / "w.toml"
    bad.write_text(REFERENCE.read_text() + "\n[extra]\n")
    assert main(["wiring", "show", str(bad)]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("mazeboard: error: ") and "extra: unknown key" in err and "\n" not in err


@pytest.mark.parametrize("name", ["magic-labyrinth", "magic-labyrinth-digital"])
def test_committed_diagram_source_matches_the_wiring(name: str) -> None:
    committed = (ROOT / "docs" / "wiring" / f"{name}.yml").read_text()
    assert committed == wireviz_yaml(load_wiring(ROOT / "wiring" / f"{name}.toml")), \
        "run `mazeboard wiring diagram` for both wiring files"
    svg = (ROOT / "docs" / "wiring" / f"{name}.svg").read_text()
    assert "<svg" in svg and "GPIO17" in svg
