"""Issue 15, Magic newcomer 23: ``./run mazeboard sim --game magic --port 8791`` was refused ("the browser
simulator plays magic-labyrinth, labyrinth, struggle, not 'magic'"), though a person says "magic" for The
Magic Labyrinth. ``--game`` takes a game's short name and any case, for ``sim`` and ``play``; a name no game
has is still one clear line and exit 2."""

from __future__ import annotations

import pytest

from mazeboard.controller.cli import build_parser


@pytest.mark.parametrize("command", ["sim", "play"])
@pytest.mark.parametrize("typed, game", [("magic", "magic-labyrinth"), ("Magic-Labyrinth", "magic-labyrinth"),
                                         ("LABYRINTH", "labyrinth"), ("struggle", "struggle")])
def test_game_takes_a_short_name_and_any_case(command: str, typed: str, game: str) -> None:
    args = build_parser().parse_args([command, "--game", typed])
    assert args.game == game


def test_a_game_no_one_has_is_one_clear_line() -> None:
    from clirun import run_cli

    out = run_cli(["sim", "--game", "chess", "--port", "0"])
    assert out.code == 2 and out.good, out
    assert "magic-labyrinth" in out.err[0] and "'chess'" in out.err[0], out.err
