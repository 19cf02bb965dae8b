"""systemd/99-mazeboard.rules applied to simulated devices, the way udev matches them: every
match key (``==``, shell glob patterns, ``|`` alternatives, ``ATTRS{}`` on the device or a parent)
must hold, then the assignments apply (issue 14, defect 8).

USB ids: raspberrypi/usb-pid (vendor 0x2E8A; 0x0005 "Raspberry Pi Pico MicroPython firmware
(CDC)", 0x000A Pico SDK CDC UART, 0x000C the RP2040 CMSIS-DAP debug adapter, i.e. the Debug
Probe, whose UART bridge is a ttyACM too); MicroPython's rp2 port announces 2e8a:0005
(ports/rp2/mpconfigport.h, MICROPY_HW_USB_VID/PID) on a Pico and a Pico 2 alike."""

from __future__ import annotations

import fnmatch
import re
from pathlib import Path
from typing import Any

import pytest

RULE = Path(__file__).resolve().parents[2] / "systemd" / "99-mazeboard.rules"
PART = re.compile(r'^(?P<key>[A-Z]+)(\{(?P<attr>[A-Za-z_]+)\})?(?P<op>==|!=|\+=|=)"(?P<value>[^"]*)"$')


def _rules() -> list[list[dict[str, str]]]:
    rules = []
    for line in RULE.read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            parts = []
            for part in line.split(", "):
                m = PART.match(part)
                assert m, (line, part)
                parts.append(m.groupdict())
            rules.append(parts)
    return rules


def _matches(pattern: str, value: str | None) -> bool:
    return value is not None and any(fnmatch.fnmatchcase(value, p) for p in pattern.split("|"))


def apply(device: dict[str, Any]) -> dict[str, Any]:
    """What the rules give ``device``: {"SYMLINK": [...], "GROUP": ..., "MODE": ..., "ENV": {...}}."""
    out: dict[str, Any] = {"SYMLINK": [], "ENV": {}}
    for rule in _rules():
        ok = True
        for p in rule:
            if p["op"] in ("==", "!="):
                value = device.get("ATTRS", {}).get(p["attr"]) if p["key"] == "ATTRS" else device.get(p["key"])
                if _matches(p["value"], value) != (p["op"] == "=="):
                    ok = False
        if not ok:
            continue
        for p in rule:
            if p["op"] == "+=" and p["key"] == "SYMLINK":
                out["SYMLINK"].append(p["value"])
            elif p["op"] == "=" and p["key"] == "ENV":
                out["ENV"][p["attr"]] = p["value"]
            elif p["op"] == "=":
                out[p["key"]] = p["value"]
    return out


def _tty(vendor: str, product: str, n: int = 0) -> dict[str, Any]:
    return {"SUBSYSTEM": "tty", "KERNEL": f"ttyACM{n}", "ATTRS": {"idVendor": vendor, "idProduct": product}}


def test_a_pico_running_micropython_is_the_board() -> None:
    got = apply(_tty("2e8a", "0005"))
    assert got["SYMLINK"] == ["mazeboard"] and got["GROUP"] == "dialout" and got["MODE"] == "0660"
    assert got["ENV"] == {"ID_MM_DEVICE_IGNORE": "1"}  # ModemManager leaves it alone


@pytest.mark.parametrize("product, what", [("000c", "Debug Probe (CMSIS-DAP, UART bridge)"),
                                           ("000a", "a Pico running Pico SDK firmware"),
                                           ("0004", "Picoprobe")])
def test_other_raspberry_pi_serial_devices_are_not_the_board(product: str, what: str) -> None:
    got = apply(_tty("2e8a", product, 1))
    assert "mazeboard" not in got["SYMLINK"], what


def test_gpio_and_spi_devices_keep_their_groups() -> None:
    assert apply({"SUBSYSTEM": "gpio", "KERNEL": "gpiochip0"})["GROUP"] == "gpio"
    assert apply({"SUBSYSTEM": "spidev", "KERNEL": "spidev0.0"})["GROUP"] == "spi"
    assert apply({"KERNEL": "pio0"})["GROUP"] == "gpio"
