"""The config file (issue 13): parsed once, every key checked, one line naming file, key and reason, exit 2.

Nothing here reads or writes /etc: every file is under the test's tmp path.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

import pytest

from mazeboard.controller import config as cfg
from mazeboard.controller.cli import main
from mazeboard.controller.servicecmd import choose_board
from mazeboard.hal.errors import ConfigError

ROOT = Path(__file__).resolve().parents[2]


def test_the_commented_default_is_the_built_in_defaults() -> None:
    import tomllib

    parsed = cfg.parse_config(tomllib.loads(cfg.DEFAULT_TEXT))
    assert parsed == cfg.Config()
    for section in cfg.SECTIONS:
        assert f"[{section}]" in cfg.DEFAULT_TEXT
    for name, cls in cfg.SECTIONS.items():  # every key is shown (set or commented out)
        for key in cls.__dataclass_fields__:
            assert f"{key} = " in cfg.DEFAULT_TEXT, f"[{name}] {key} is not in the default file"


def test_a_file_sets_the_sections(tmp_path: Path) -> None:
    p = tmp_path / "mazeboard.toml"
    p.write_text('[board]\nbackend = "sim"\ngame = "struggle"\n[lobby]\nlobby_after_ms = 0\n'
                 '[labyrinth]\nedition = "star-wars"\nvariants = ["vader", "younger"]\n'
                 '[struggle]\nrounds = 3\ncards = "physical"\nplayers = 4\n[web]\nhost = "0.0.0.0"\nport = 9000\n')
    c = cfg.load_config(str(p))
    assert c.path == str(p) and c.board.game == "struggle" and c.lobby.lobby_after_ms == 0
    assert c.labyrinth == cfg.LabyrinthTable("star-wars", ("vader", "younger"), 0)
    assert c.struggle == cfg.StruggleTable(3, "physical", 4) and c.web == cfg.WebSettings(host="0.0.0.0", port=9000)
    assert cfg.request_fields(c.labyrinth) == {"options": {"settle_ms": 0, "cards": "dealt", "guided_layout": True,
                                                                "cards_each": 0},
                                               "edition": "star-wars", "variants": ("vader", "younger")}
    assert cfg.request_fields(c.struggle) == {"options": {"cards": "physical"}, "rounds": 3}


BAD: list[tuple[str, str]] = [
    ("[lobby]\nlobby_after_ms = -1\n", "lobby.lobby_after_ms: must be a whole number from 0 to 86400000, got -1"),
    ("[lobby]\nlobby_after_ms = 600001\n", "lobby.lobby_after_ms: must be a whole number from 0 to 600000"),
    ("[lobby]\nabandon_presses = 1\n", "lobby.abandon_presses: must be a whole number from 2 to 10"),
    ("[lobby]\nlobby_after = 1\n", "lobby.lobby_after: unknown key (known: abandon_confirm_ms"),
    ("[lobbby]\n", "[lobbby]: unknown section (known: board, lobby"),
    ("lobby = 3\n", "lobby: must be a table ([lobby]), got 3"),
    ("[board]\nbackend = \"usb\"\n", "board.backend: 'usb' is not one of gpio, serial, sim"),
    ("[board]\nwiring = 7\n", "board.wiring: must be a string, got 7"),
    ("[board]\ngame = \"chess\"\n", "board.game: 'chess' is not one of magic-labyrinth"),
    ("[magic-labyrinth]\nassist = \"yes\"\n", "magic-labyrinth.assist: must be true or false, got 'yes'"),
    ("[magic-labyrinth]\nwin_tokens = 0\n", "magic-labyrinth.win_tokens: must be a whole number from 1 to 24"),
    ("[magic-labyrinth]\nsettle_ms = 1.5\n", "magic-labyrinth.settle_ms: must be a whole number from 0 to 86400000, got 1.5"),
    ("[magic-labyrinth]\nmaze = \"a1-a2\"\n", "magic-labyrinth.maze: 'a1-a2' is not one of easy, hard"),
    ("[labyrinth]\nedition = \"lego\"\n", "labyrinth.edition: 'lego' is not one of classic"),
    ("[labyrinth]\nvariants = [\"vader\"]\n", "labyrinth.variants: variant vader: the classic edition has no "
                                               "Darth Vader tile"),
    ("[labyrinth]\nvariants = \"younger\"\n", "labyrinth.variants: must be a list of variants"),
    ("[labyrinth]\nvariants = [\"younger\", \"younger\"]\n", "labyrinth.variants: a variant is listed twice"),
    ("[labyrinth]\ncards = \"paper\"\n", "labyrinth.cards: 'paper' is not one of dealt, physical"),
    ("[labyrinth]\nguided_layout = 1\n", "labyrinth.guided_layout: must be true or false, got 1"),
    ("[struggle]\ncards = \"none\"\n", "struggle.cards: 'none' is not one of dealt, physical"),
    ("[struggle]\nplayers = 5\n", "struggle.players: must be a whole number from 2 to 4, got 5"),
    ("[struggle]\nrounds = 99999999999999999999\n", "struggle.rounds: 99999999999999999999 is outside TOML's 64-bit integers"),
    ("[struggle]\nrounds = 1" + "0" * 5000 + "\n", "not valid TOML"),
    ("[web]\nport = 70000\n", "web.port: must be a whole number from 0 to 65535, got 70000"),
    ("[web]\nhost = \"a b\"\n", "web.host: 'a b' is not a host name or IP address"),
    ("[web\n", "not valid TOML"),
    ("[board]\nwiring = \"" + "x" * 5000 + "\"\n", "board.wiring: must be at most 4096 characters"),
    ("x = " + "[" * 3000 + "]" * 3000 + "\n", "not valid TOML"),
]


@pytest.mark.parametrize("text, reason", BAD)
def test_a_bad_file_is_one_line_naming_file_key_and_reason_exit_2(
        text: str, reason: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "mazeboard.toml"
    p.write_text(text)
    code = main(["service", "run", "--config", str(p), "--virtual-time", "--state-dir", str(tmp_path / "s")])
    err = capsys.readouterr().err
    assert code == 2
    assert err.startswith(f"mazeboard: error: {p}: ") and reason in err, err
    assert err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "s").exists()  # refused before anything started


def test_unreadable_files_are_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    fifo = tmp_path / "fifo.toml"
    os.mkfifo(fifo)  # nobody writes: a blocking open would hang for ever
    big = tmp_path / "big.toml"
    big.write_text("# " + "x" * cfg.MAX_BYTES + "\n")
    latin = tmp_path / "latin.toml"
    latin.write_bytes(b"[board]\ngame = \"caf\xe9\"\n")
    cases = {tmp_path / "missing.toml": "cannot read the config file (no such file)",
             tmp_path: "not a regular file", fifo: "not a regular file", big: "more than the 65536 allowed",
             latin: "not a UTF-8 text file"}
    for path, reason in cases.items():
        code = main(["service", "run", "--config", str(path), "--state-dir", str(tmp_path / "s")])
        err = capsys.readouterr().err
        assert code == 2 and err.startswith(f"mazeboard: error: {path}: ") and reason in err, err
        assert err.count("\n") == 1


def test_where_the_file_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cfg, "DEFAULT_PATH", str(tmp_path / "absent.toml"))
    assert cfg.load_config(None, {}) == cfg.Config()  # the default file may be missing
    named = tmp_path / "named.toml"
    named.write_text("[struggle]\nrounds = 2\n")
    assert cfg.load_config(None, {cfg.ENV_VAR: str(named)}).struggle.rounds == 2
    with pytest.raises(ConfigError, match="cannot read the config file"):
        cfg.load_config(None, {cfg.ENV_VAR: str(tmp_path / "gone.toml")})  # a named one may not
    (tmp_path / "absent.toml").write_text("[struggle]\nrounds = 4\n")
    assert cfg.load_config(None, {}).struggle.rounds == 4
    assert cfg.load_config(str(named), {cfg.ENV_VAR: "/nonexistent"}).struggle.rounds == 2  # --config first


def _args(**kw: object) -> argparse.Namespace:
    return argparse.Namespace(**{"board": None, "game": None, **kw})


def test_the_game_kind_follows_the_wiring_file(tmp_path: Path) -> None:
    struggle = str(ROOT / "wiring" / "struggle.toml")
    choice = choose_board(cfg.Config(board=cfg.BoardSettings(wiring=struggle)), _args(), {})
    assert choice.game == "struggle" and choice.wiring == struggle and choice.backend == "sim"
    lab = str(ROOT / "wiring" / "labyrinth.toml")
    choice = choose_board(cfg.Config(board=cfg.BoardSettings(wiring=struggle, backend="gpio")), _args(),
                          {"MAZEBOARD_WIRING": lab, "MAZEBOARD_BOARD": "serial"})
    assert choice.game == "labyrinth" and choice.backend == "serial"  # the environment wins over the file
    assert choose_board(cfg.Config(), _args(board="gpio", game="struggle"), {"MAZEBOARD_BOARD": "serial"}) == \
        type(choice)("gpio", None, None, "struggle")
    with pytest.raises(ConfigError, match="--game: 'labyrinth', but the wiring file .* wires a struggle board"):
        choose_board(cfg.Config(board=cfg.BoardSettings(wiring=struggle)), _args(game="labyrinth"), {})
    with pytest.raises(ConfigError, match="board.game: 'magic-labyrinth', but the wiring file"):
        choose_board(cfg.Config("f.toml", board=cfg.BoardSettings(wiring=struggle, game="magic-labyrinth")),
                     _args(), {})


def test_with_option_checks_like_the_file_and_changes_nothing_on_error() -> None:
    c = cfg.Config()
    c2 = c.with_option("labyrinth", "variants", ["younger"])
    assert c2.labyrinth.variants == ("younger",) and c.labyrinth.variants == ()
    with pytest.raises(ConfigError, match="labyrinth.edition: 'x' is not one of"):
        c.with_option("labyrinth", "edition", "x")
    with pytest.raises(ConfigError, match="game: 'chess'"):
        c.with_option("chess", "edition", "x")
