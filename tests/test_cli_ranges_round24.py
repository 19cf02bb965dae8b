"""Issue 15, round 24 (attacker): the command line and the page agree on a seed's range, a number of
thousands of digits is refused in the plain-number words with the value shortened, and --win-tokens is
1..24 (the game's symbols) in one line of the option's own words."""

from __future__ import annotations

import pytest
from clirun import run_cli

from mazeboard.hal.web.protocol import SEED_MAX

HUGE = "9" * 5000


@pytest.mark.parametrize("argv, words", [
    (["sim", "--seed", str(SEED_MAX + 1)], f"a seed is a whole number 0..{SEED_MAX}"),
    (["sim", "--seed", "-1"], f"a seed is a whole number 0..{SEED_MAX}"),
    (["service", "run", "--seed", "-1"], f"a seed is a whole number 0..{SEED_MAX}"),
    (["play", "--seed", HUGE], "is not a whole number"),
    (["play", "--win-tokens", "25"], "a game is won with 1 to 24 symbols"),
    (["play", "--win-tokens", "0"], "a game is won with 1 to 24 symbols"),
    (["play", "--win-tokens", "9" * 30], "a game is won with 1 to 24 symbols"),
    (["sim", "--port", "x" * 5000], "is not a TCP port number"),
])
def test_a_bad_number_is_one_short_line_in_the_options_words(argv: list[str], words: str) -> None:
    out = run_cli(argv)
    assert out.code == 2 and not out.hang and not out.internal and len(out.err) == 1, out
    line = out.err[0]
    assert words in line and len(line) < 200, line[:400]
    assert "plain_int" not in line, line


def test_the_largest_seed_the_page_takes_is_taken_by_the_command_line() -> None:
    out = run_cli(["play", "--seed", str(SEED_MAX), "--win-tokens", "1"])
    assert out.code == 0 and not out.err, out
