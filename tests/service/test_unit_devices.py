"""The shipped wirings against the service unit's device policy: every Pi model, every wiring.

The hardened unit (``systemd/mazeboard.service``) runs as an unprivileged user with
``DevicePolicy=closed`` and a ``DeviceAllow=`` list. A wiring whose LED driver needs root or
``/dev/mem`` (rpi_ws281x's PWM driver on a Pi 3, 4 or Zero 2 W) would start as the service but
never light its LEDs; these tests hold :func:`mazeboard.hal.pi_setup.pi_setup` for each shipped
wiring and model against what the unit allows.
"""

from __future__ import annotations

import dataclasses
import fnmatch
from pathlib import Path

import pytest

from mazeboard.hal.pi_setup import LED_DRIVERS, PI_MODELS, pi_setup, resolve_led_driver
from mazeboard.hal.wiring import load_wiring

ROOT = Path(__file__).resolve().parents[2]
UNIT = ROOT / "systemd" / "mazeboard.service"
WIRINGS = sorted((ROOT / "wiring").glob("*.toml"))
#: DeviceAllow=char-NAME -> the device nodes of that /proc/devices group (Linux devices.txt; the
#: Raspberry Pi kernel's drivers/misc/rp1-pio.c registers its region as "rp1-pio", /dev/pio0)
CHAR_GROUPS = {"gpiochip": "/dev/gpiochip*", "spi": "/dev/spidev*", "ttyACM": "/dev/ttyACM*",
               "ttyUSB": "/dev/ttyUSB*", "mem": "/dev/mem", "rp1-pio": "/dev/pio[0-9]*"}
#: Device nodes each supported model has (Raspberry Pi OS Bookworm, current kernel, SPI on, a Pico
#: plugged in): rpi-gpiomem makes /dev/gpiomem on BCM283x/2711 and /dev/gpiomem0-4 on a Pi 5's RP1;
#: rp1-pio's /dev/pio0 exists on a Pi 5 only (raspberrypi/linux drivers/misc/rp1-pio.c, "pio%d").
NODES = {
    "pi3": {"/dev/gpiochip0", "/dev/gpiochip1", "/dev/gpiomem", "/dev/spidev0.0", "/dev/spidev0.1", "/dev/ttyACM0"},
    "zero2w": {"/dev/gpiochip0", "/dev/gpiochip1", "/dev/gpiomem", "/dev/spidev0.0", "/dev/spidev0.1", "/dev/ttyACM0"},
    "pi4": {"/dev/gpiochip0", "/dev/gpiochip1", "/dev/gpiomem", "/dev/spidev0.0", "/dev/spidev0.1", "/dev/ttyACM0"},
    "pi5": {"/dev/gpiochip0", "/dev/gpiochip10", "/dev/gpiochip11", "/dev/gpiochip12", "/dev/gpiochip13",
            *(f"/dev/gpiomem{i}" for i in range(5)), "/dev/pio0", "/dev/spidev0.0", "/dev/spidev0.1",
            "/dev/ttyACM0"},
}


def _unit() -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for line in UNIT.read_text().splitlines():
        if line and not line.startswith(("#", "[")) and "=" in line:
            key, _, value = line.partition("=")
            out.setdefault(key, []).append(value.strip())
    return out


def _allowed() -> list[str]:
    """Device-node patterns the unit opens up."""
    unit = _unit()
    assert unit["DevicePolicy"] == ["closed"]
    patterns = []
    for entry in unit["DeviceAllow"]:
        node, _, _ = entry.partition(" ")
        if node.startswith("char-"):
            patterns.append(CHAR_GROUPS[node.removeprefix("char-")])
        else:
            patterns.append(node)
    return patterns


def _is_allowed(device: str) -> bool:
    return any(fnmatch.fnmatchcase(device, p) for p in _allowed())


def test_the_unit_runs_without_root_and_denies_dev_mem() -> None:
    unit = _unit()
    assert unit["User"] == ["mazeboard"] and unit["CapabilityBoundingSet"] == [""]
    assert {"gpio", "spi"} <= set(unit["SupplementaryGroups"][0].split())
    assert not _is_allowed("/dev/mem")
    assert _is_allowed("/dev/spidev0.0") and _is_allowed("/dev/spidev1.0") and _is_allowed("/dev/gpiochip0")


@pytest.mark.parametrize("model", list(PI_MODELS))
def test_the_unit_names_no_device_node_a_model_lacks(model: str) -> None:
    """systemd stat()s every DeviceAllow= path when the service starts; the bpf-devices.c that
    Bookworm's systemd 252 has warns "Couldn't stat device /dev/..." for a missing one at every
    start (later releases skip it at debug level), while a char-NAME group that matches nothing
    in /proc/devices is a debug message in both (src/core/bpf-devices.c:
    bpf_devices_allow_list_device, bpf_devices_allow_list_major). So the unit names device
    *groups*, and paths only for nodes every supported model has."""
    paths = [e.partition(" ")[0] for e in _unit()["DeviceAllow"] if e.startswith("/")]
    missing = [p for p in paths if p not in NODES[model]]
    assert missing == [], f"a {PI_MODELS[model]} has no {missing}: systemd would log \"Couldn't stat device\""
    groups = [e.partition(" ")[0].removeprefix("char-") for e in _unit()["DeviceAllow"] if e.startswith("char-")]
    assert all(g in CHAR_GROUPS for g in groups), groups


@pytest.mark.parametrize("model", list(PI_MODELS))
@pytest.mark.parametrize("path", WIRINGS, ids=lambda p: p.stem)
def test_every_shipped_wiring_runs_as_the_service_on_every_model(path: Path, model: str) -> None:
    setup = pi_setup(load_wiring(path), model)
    assert setup.problems == ()
    assert not setup.root
    denied = [d for d in setup.devices if not _is_allowed(d)]
    assert denied == [], f"{path.name} on a {PI_MODELS[model]} opens {denied}, which the unit denies"


def test_the_reference_build_uses_both_spi_buses_without_root() -> None:
    setup = {m: pi_setup(load_wiring(ROOT / "wiring" / "magic-labyrinth.toml"), m) for m in PI_MODELS}
    for s in setup.values():
        assert s.led_driver == "spi"
        assert s.devices == ("/dev/gpiochip0", "/dev/spidev1.0", "/dev/spidev0.0")
        assert s.boot_config[:2] == ("dtoverlay=spi1-1cs", "dtparam=spi=on")  # + the core clock pin, but on a Pi 5


def test_the_old_reference_leds_would_be_caught() -> None:
    """driver = "auto" on GPIO18 (the reference before): PWM on a Pi 3/4/Zero 2 W needs /dev/mem and root."""
    w = load_wiring(ROOT / "wiring" / "magic-labyrinth-digital.toml")
    assert w.leds is not None
    auto = dataclasses.replace(w, leds=dataclasses.replace(w.leds, driver="auto", pin=18))
    for model in ("pi3", "pi4", "zero2w"):
        s = pi_setup(auto, model)
        assert s.led_driver == "pwm" and s.root and "/dev/mem" in s.devices and not _is_allowed("/dev/mem")
        assert any("needs root" in p for p in s.problems)
    assert pi_setup(auto, "pi5").led_driver == "pi5" and pi_setup(auto, "pi5").problems == ()
    assert resolve_led_driver("auto", "pi5") == "pi5" and resolve_led_driver("spi", "pi4") == "spi"
    assert any("does not run on a Pi 5" in p
               for p in pi_setup(dataclasses.replace(auto, leds=dataclasses.replace(w.leds, driver="pwm", pin=18)),
                                 "pi5").problems)
    assert set(LED_DRIVERS) == {"spi", "pi5", "pwm"}
