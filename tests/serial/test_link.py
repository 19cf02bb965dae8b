"""controller <-> SerialBoard <-> pyserial <-> pseudo-terminal <-> emulated firmware <-> SimBoard.

The event log over the link must equal the in-process one (same virtual times:
the lock-step link delivers each line before time moves on)."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path

import pytest

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.serial.board import IncompatibleFirmware, SerialBoard

from serial_linkutil import open_game, play

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared" / "scenarios" / "magic"  # the shared examples beside the clone, when present


def _valid(path: Path) -> bool:
    expect = path.with_name(path.stem + ".expect.json")
    return not path.name.startswith("bad_") and not (expect.exists() and '"exit"' in expect.read_text())


# every game's example scenarios that run to their end (The Magic Labyrinth first)
SCENARIOS = sorted(p for p in (ROOT / "tests").glob("*/scenarios/*.toml") if _valid(p)) + sorted(
    p for p in SHARED.glob("*.toml") if _valid(p))
SCENARIOS.sort(key=lambda p: (p.parent.parent.name != "magic", str(p)))


@pytest.mark.parametrize("path", SCENARIOS, ids=lambda p: p.stem)
def test_scenario_gives_the_same_events_over_the_serial_link(path):
    direct = play(BoardRequest(scenario=str(path)))[1]
    game, serial = play(BoardRequest(scenario=str(path), sim_link="serial"))
    assert isinstance(game.session.board, SerialBoard)
    assert serial == direct
    assert len(direct) > 3


def test_simulated_players_play_the_same_game_over_the_link():
    request = BoardRequest(players=3, seed=5)
    direct_game, direct = play(request)
    serial_game, serial = play(replace(request, sim_link="serial"))
    assert serial == direct
    assert [e for e in direct if e["type"] != "instruction"][-1]["type"] == "game_over"
    board = serial_game.session.board
    assert board.parser.bad_lines == 0 and board.window.gaps == 0 and board.window.repeats == 0
    link = serial_game.session.link
    assert link.emulator.frames == direct_game.referee.leds.frames_sent  # every frame crossed, once


def test_link_does_not_leave_files_behind():
    game, _ = play(BoardRequest(scenario=str(SCENARIOS[0]), sim_link="serial"))
    assert not os.path.exists(game.session.link.dir)


def test_unknown_link_is_a_config_error():
    from mazeboard.hal.errors import ConfigError

    with pytest.raises(ConfigError, match="--link"):
        open_game(BoardRequest(scenario=str(SCENARIOS[0]), sim_link="carrier-pigeon"))


def test_incompatible_firmware_is_refused_with_what_to_flash():
    from mazeboard.sim.link import SerialLink
    from mazeboard.sim.backend import open_session

    inner = open_session(BoardRequest(scenario=str(SCENARIOS[0])))
    link = SerialLink(inner.board, inner.scheduler, proto=1)  # a board still on protocol 1 (no resend)
    try:
        with pytest.raises(IncompatibleFirmware) as err:
            link.connect()
    finally:
        link.close()
    text = str(err.value)
    assert "speaking protocol 1" in text and "speaks protocol 2" in text
    assert "mpremote" in text and "firmware 0.2.0" in text
    assert err.value.exit_status == 2


def test_garbage_on_the_line_is_counted_and_changes_nothing():
    path = str(SCENARIOS[0])
    direct = play(BoardRequest(scenario=path))[1]
    game, log = open_game(BoardRequest(scenario=path, sim_link="serial"))
    link = game.session.link
    real_write = link.port.write
    junk = [b"\x00\xffnoise\n", b"12 R a1 1*0000\n", b"x" * 3000 + b"\n"]

    def noisy_write(data: bytes) -> None:  # a noisy cable: junk lines between good ones
        if junk and b" R " in data:
            real_write(junk.pop(0))
        real_write(data)

    link.port.write = noisy_write
    game.run()
    link.close()
    assert log == direct
    assert game.session.board.parser.bad == {"not-ascii": 1, "crc": 1, "too-long": 1}
