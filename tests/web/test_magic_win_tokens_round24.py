"""Round 24 (newcomer round 7): a shorter Magic Labyrinth in the simulator.

``mazeboard play`` had ``--win-tokens N``; ``mazeboard sim`` and the page's New game dialog offered
no "symbols to win", and a newcomer played 9 minutes to 5. Now ``sim --win-tokens N`` (1-24, a
plain number, Magic only) and the dialog's "Symbols to win" start a shorter game.
"""

from __future__ import annotations

import dataclasses
import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parents[1]))

from clirun import run_cli  # noqa: E402
from webtable import open_table  # noqa: E402

from mazeboard.controller.cli import build_parser  # noqa: E402
from mazeboard.hal.board import BoardRequest  # noqa: E402
from mazeboard.sim.web.protocol import NewGame, parse_message  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


def test_sim_takes_win_tokens_as_play_does() -> None:
    args = build_parser().parse_args(["sim", "--win-tokens", "3"])
    assert args.win_tokens == 3


@pytest.mark.parametrize("value", ["0", "25", "1_0"])
def test_sim_refuses_a_win_tokens_out_of_range_in_one_line(value: str) -> None:
    out = run_cli(["sim", "--win-tokens", value, "--port", "0"], limit_s=20)
    assert out.code == 2 and not out.hang and not out.internal and len(out.err) == 1, out
    assert "--win-tokens" in out.err[0], out


def test_sim_refuses_win_tokens_for_another_game() -> None:
    out = run_cli(["sim", "--game", "labyrinth", "--win-tokens", "3", "--port", "0"], limit_s=20)
    assert out.code == 2 and len(out.err) == 1 and "--win-tokens" in out.err[0], out


def test_the_new_game_message_carries_the_symbols_to_win() -> None:
    msg = parse_message(json.dumps({"type": "new_game", "players": 2, "maze": "easy", "humans": ["red"],
                                    "seed": None, "win_tokens": 2}))
    assert msg.win_tokens == 2
    old = parse_message(json.dumps({"type": "new_game", "players": 2, "maze": "easy", "humans": ["red"], "seed": None}))
    assert old.win_tokens is None


def test_a_new_game_with_symbols_to_win_is_that_shorter_game() -> None:
    t = open_table()
    t.do(NewGame(2, "easy", ("red",), 3, win_tokens=2))
    nxt = t.session.next_request
    assert isinstance(nxt, BoardRequest) and nxt.options["win_tokens"] == 2
    t2 = open_table()
    t2.session.request = dataclasses.replace(t2.session.request, options={"win_tokens": 2})
    t2.do(NewGame(2, "easy", ("red",), 3))  # not said: 5, as the rules (not the last game's 2)
    assert "win_tokens" not in t2.session.next_request.options


def test_readme_names_the_short_magic_game() -> None:
    text = (ROOT / "README.md").read_text()
    assert re.search(r"sim[^\n]*--win-tokens|Symbols to win", text), "README: no short Magic game"


@pytest.mark.browser
def test_the_dialog_s_symbols_to_win_starts_a_shorter_game(browser: Any) -> None:
    from playwright.sync_api import expect

    from test_magic_newcomer import ARGS, WAIT_MS, WIDE, open_page, serve

    proc, url = serve((*ARGS, "--win-tokens", "3"))
    try:
        page = open_page(browser, url, WIDE)
        assert page.evaluate("S.view.win_tokens") == 3
        assert page.locator("#help-goal").text_content() == "3 symbols win (the rules say 5)."
        page.locator("#new-game").click()
        select = page.locator("#ng-win-tokens")
        expect(select).to_be_visible()
        assert select.input_value() == "3"  # opens on the game's own
        select.select_option("1")
        page.locator("#ng-start").click()
        page.wait_for_function("S.view && S.view.win_tokens === 1", timeout=WAIT_MS)
        expect(page.locator("#new-dialog")).not_to_be_visible()
        expect(page.locator("#help-goal")).to_have_text("One symbol wins (a shorter game).")
        page.close()
    finally:
        proc.terminate()
        proc.wait(timeout=10)
