"""A shorter Labyrinth (issue 15: a first game takes long): ``cards_each`` deals fewer picture
cards each, a house rule beside RULES.md §2 Setup's even deal of all 24 (docs/labyrinth.md).
Reachable from ``mazeboard sim``/``play`` (``--cards-each N``), the config file
(``[labyrinth] cards_each``) and a scenario's ``[options]``; validated; in the event log."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from mazeboard.controller import config as cfg
from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.labyrinth.rules import LabyrinthOptions
from mazeboard.hal.board import GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import GameEvent
from mazeboard.hal.labyrinth import led_layout

from tests.clirun import run_cli


def referee(players: tuple[str, ...], **options: object) -> tuple[LabyrinthReferee, list[GameEvent]]:
    events: list[GameEvent] = []
    setup = GameSetup("labyrinth", players, 5, options=dict(options))
    ref = LabyrinthReferee(setup, VirtualClock(), led_layout(), events.append, lambda f: None)
    ref.start()
    return ref, events


def test_cards_each_deals_that_many_cards_and_the_log_says_so() -> None:
    ref, events = referee(("red", "blue"), cards_each=3)
    assert {p: len(d) for p, d in ref.decks.items()} == {"red": 3, "blue": 3}
    assert ref.cards_left("red") == 3
    started = next(e for e in events if e.type == "game_started")
    assert started.fields["cards_each"] == 3


def test_forced_decks_give_the_log_their_own_size() -> None:
    """A scenario's own decks (``extra.cards``): ``game_started.cards_each`` is the cards each
    really holds, the largest deck when they differ (before: the even deal, 12, with 1 card each)."""
    for decks, each in (({"red": ["owl"], "blue": ["bat"]}, 1), ({"red": ["owl", "map"], "blue": ["bat"]}, 2)):
        events: list[GameEvent] = []
        setup = GameSetup("labyrinth", ("red", "blue"), 5, extra={"cards": decks})
        LabyrinthReferee(setup, VirtualClock(), led_layout(), events.append, lambda f: None).start()
        started = next(e for e in events if e.type == "game_started")
        assert started.fields["cards_each"] == each


def test_without_it_the_rule_books_even_deal() -> None:
    for players, each in ((("red", "blue"), 12), (("red", "blue", "green"), 8), (("red", "blue", "green", "yellow"), 6)):
        ref, _ = referee(players)
        assert {len(d) for d in ref.decks.values()} == {each}


def test_more_than_the_share_deals_the_share() -> None:
    ref, _ = referee(("red", "blue", "green", "yellow"), cards_each=10)
    assert {len(d) for d in ref.decks.values()} == {6}


@pytest.mark.parametrize("bad", [-1, 13, "3", True, 2.5])
def test_a_bad_cards_each_is_refused_naming_it(bad: object) -> None:
    with pytest.raises(ConfigError, match="cards_each"):
        LabyrinthOptions.from_mapping({"cards_each": bad})


def test_the_config_file_carries_it(tmp_path: Path) -> None:
    p = tmp_path / "mazeboard.toml"
    p.write_text("[labyrinth]\ncards_each = 4\n")
    c = cfg.load_config(str(p))
    assert cfg.request_fields(c.labyrinth)["options"]["cards_each"] == 4
    assert "cards_each = 0" in cfg.DEFAULT_TEXT
    p.write_text("[labyrinth]\ncards_each = 13\n")
    with pytest.raises(ConfigError, match="labyrinth.cards_each"):
        cfg.load_config(str(p))


@pytest.mark.parametrize("argv", [
    ["sim", "--game", "labyrinth", "--cards-each", "0"],
    ["sim", "--game", "labyrinth", "--cards-each", "x"],
    ["sim", "--game", "labyrinth", "--players", "4", "--cards-each", "7"],
    ["sim", "--game", "struggle", "--cards-each", "3"],
    ["play", "--game", "labyrinth", "--cards-each", "13"],
])
def test_a_bad_cli_value_is_one_line_and_exit_2(argv: list[str]) -> None:
    out = run_cli(argv)
    assert out.code == 2 and len(out.err) == 1 and "--cards-each" in out.err[0], out


def test_play_a_shorter_game_from_the_cli(tmp_path: Path) -> None:
    log = tmp_path / "events.jsonl"
    out = run_cli(["play", "--game", "labyrinth", "--cards-each", "2", "--quiet", "--events", str(log)], limit_s=60)
    assert out.code == 0, out
    events = [json.loads(line) for line in log.read_text().splitlines()]
    assert events[0]["type"] == "game_started" and events[0]["cards_each"] == 2
    over = [e for e in events if e["type"] == "game_over"]
    assert over and max(over[0]["scores"].values()) == 2


def test_the_pages_count_the_cards_of_a_shorter_game() -> None:
    from mazeboard.hal.web.views import LabyrinthView

    _, events = referee(("red", "blue"), cards_each=3)
    view = LabyrinthView()
    view.apply(next(e for e in events if e.type == "game_started").to_dict())
    assert view.remaining == {"red": 3, "blue": 3}
