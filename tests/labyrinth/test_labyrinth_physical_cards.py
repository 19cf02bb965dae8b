"""Labyrinth with the box's own picture cards (option ``cards = "physical"``, issue 13): nothing is
dealt; a move that ends on a picture asks the player on the board whether it was their card (Done:
yes, Rotate: no); a yes records the picture under the pawn (``card_found``, the tile flashes in the
player's colour); the win counts the cards each player holds (RULES.md §2: 12, 8 or 6)."""

from __future__ import annotations

import re
from typing import Any

import pytest

from mazeboard.controller.cli import main
from mazeboard.controller.labyrinth import rules
from mazeboard.controller.labyrinth.referee import LabyrinthReferee
from mazeboard.controller.labyrinth.rules import LabyrinthOptions
from mazeboard.controller.leds import PLAYER_RGB
from mazeboard.hal.board import GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.labyrinth import led_layout
from mazeboard.hal.labyrinth_editions import VADER, edition

#: tests/labyrinth/scenarios/find_card.toml's layout: W-2 with the straight spare opens a1 up to the ring on a3
LAYOUT = [
    "ES NW ESW:book EW ESW:money EW SW",
    "NE SW:beetle NEW:dragon NS EW NW:mouse NE",
    "NES:map EW NES:crown EW ESW:keys SW NSW:skull",
    "NES:bat NSW:ghost SW:spider ES EW NE ES",
    "NES:ring NW NEW:chest EW NSW:emerald NS NSW:sword",
    "SW:owl NS EW NEW:genie NES:sorceress NE NW:lizard",
    "NE ES:moth NEW:candle NSW:pig NEW:helmet ES NW",
]


class Rig:
    def __init__(self, players: tuple[str, ...] = ("red", "blue"), options: dict[str, Any] | None = None,
                 **extra: Any) -> None:
        self.clock = VirtualClock()
        self.events: list[GameEvent] = []
        self.frames: list[LedFrame] = []
        setup = GameSetup("labyrinth", players, 3, options={"cards": "physical", **(options or {})},
                          extra={"layout": LAYOUT, "spare": "NS", **extra})
        self.ref = LabyrinthReferee(setup, self.clock, led_layout(), self.events.append, self.frames.append)
        self.ref.start()

    def press(self, button: str) -> None:
        self.ref.on_sensor(ButtonPressed(self.clock.now_ms(), button))
        self.clock.advance(400)

    def slide(self, *cells: str) -> None:
        """Slide a pawn along ``cells`` (the first is where it stands)."""
        for a, b in zip(cells, cells[1:]):
            self.ref.on_sensor(ReedChanged(self.clock.now_ms(), b, True))
            self.clock.advance(60)
            self.ref.on_sensor(ReedChanged(self.clock.now_ms(), a, False))
            self.clock.advance(300)

    def of(self, kind: str) -> list[GameEvent]:
        return [e for e in self.events if e.type == kind]


def red_to_the_ring(rig: Rig) -> None:
    rig.press("slot:W-2")
    assert rig.ref.state == "waiting_for_move"
    rig.slide("a1", "a2", "a3")
    rig.press("done")


def test_nothing_is_dealt_and_the_game_says_how_many_cards_each_player_holds() -> None:
    for players, each in ((("red", "blue"), 12), (("red", "blue", "green"), 8), (("red", "blue", "green", "yellow"), 6)):
        rig = Rig(players)
        started = rig.of("game_started")[0]
        assert started["cards"] == "physical" and started["cards_each"] == each
        assert rig.of("card_shown") == []
        assert rig.ref.snapshot()["cards_left"] == {p: each for p in players}
    dealt = LabyrinthReferee(GameSetup("labyrinth", ("red", "blue"), 3), VirtualClock(), led_layout(),
                             lambda e: None, lambda f: None)
    assert dealt.snapshot()["cards_left"] == {"red": 12, "blue": 12}


def test_a_move_ending_on_a_picture_asks_and_done_records_the_card_under_the_pawn() -> None:
    rig = Rig()
    red_to_the_ring(rig)
    ref = rig.ref
    assert ref.state == "waiting_for_answer"
    said = ref.instruction()
    assert said.action == "answer" and said.player == "red" and said.cells == ("a3",)
    assert set(said.buttons) == {"done", "rotate"}
    assert said.text() == "Red: your pawn ended on the ring (a3). Was it your card? Press Done for yes, Rotate for no."
    asked = rig.of("card_question")[-1]
    assert (asked["player"], asked["pawn"], asked["picture"], asked["cell"]) == ("red", "red", "ring", "a3")
    assert rig.of("turn_ended") == []  # the turn ends once the player answered
    a3 = led_layout().index("a3")
    assert PLAYER_RGB["red"] in {f.pixels[a3] for f in rig.frames[-8:]}  # the tile blinks in red's colour
    rig.frames.clear()
    rig.press("done")
    found = rig.of("card_found")[-1]
    assert (found["player"], found["pawn"], found["card"], found["cell"], found["remaining"]) == ("red", "red", "ring", "a3", 11)
    assert rig.of("turn_ended")[-1]["player"] == "red" and ref.current == "blue"
    assert ref.scores == {"red": 1, "blue": 0} and ref.snapshot()["cards_left"] == {"red": 11, "blue": 12}
    assert ref.snapshot()["found"]["red"] == ["ring"]
    # the LEDs say so: the ring's tile flashes in red's colour
    assert PLAYER_RGB["red"] in {f.pixels[a3] for f in rig.frames}


def test_rotate_says_no_nothing_is_recorded_and_the_turn_passes() -> None:
    rig = Rig()
    red_to_the_ring(rig)
    rig.press("rotate")
    denied = rig.of("card_denied")[-1]
    assert (denied["player"], denied["picture"], denied["cell"]) == ("red", "ring", "a3")
    assert rig.of("card_found") == [] and rig.ref.scores == {"red": 0, "blue": 0}
    assert rig.ref.current == "blue" and rig.ref.state == "waiting_for_shift"


def test_a_picture_the_player_found_and_a_start_square_ask_nothing() -> None:
    rig = Rig()
    red_to_the_ring(rig)
    rig.press("done")  # red found the ring
    rig.press("slot:W-4")  # blue stays on g7 (a start square: no picture)
    rig.press("done")
    assert rig.ref.current == "red" and rig.ref.state == "waiting_for_shift"
    rig.press("slot:S-d")
    rig.press("done")  # red stays on the ring: it is found already, nobody is asked
    assert len(rig.of("card_question")) == 1 and rig.ref.current == "blue"


def test_a_request_blocks_the_answer_until_the_board_matches() -> None:
    rig = Rig()
    red_to_the_ring(rig)
    rig.ref.on_sensor(ReedChanged(rig.clock.now_ms(), "g7", False))  # blue knocked off its corner
    rig.clock.advance(400)
    said = rig.ref.instruction()
    assert said.action == "correct" and not said.buttons and said.requests[0].piece == "blue"
    rig.press("done")
    assert rig.of("card_found") == [] and rig.ref.state == "waiting_for_answer"
    rig.ref.on_sensor(ReedChanged(rig.clock.now_ms(), "g7", True))
    rig.clock.advance(400)
    rig.press("done")
    assert rig.of("card_found")[-1]["card"] == "ring"


def test_the_win_counts_the_cards_each_player_holds() -> None:
    opts = LabyrinthOptions(cards="physical")
    assert rules.cards_each(edition(None), ("red", "blue", "green")) == 8
    from mazeboard.hal.labyrinth import Maze
    m = Maze.from_rows(LAYOUT, "NS")
    assert rules.has_won(m, "a1", "a1", 0, opts)
    assert not rules.has_won(m, "a1", "a1", 1, opts)
    assert not rules.has_won(m, "a1", "b2", 0, opts)


def test_vader_with_physical_cards_either_pawn_may_move_and_only_matching_pictures_are_asked() -> None:
    sw = edition("star-wars")
    opts = LabyrinthOptions(cards="physical", vader=True)
    assert rules.physical_movers("red", 6, sw, opts) == ("red", VADER)
    assert rules.physical_movers("red", 0, sw, opts) == ("red",)  # all found: only home is left
    assert rules.physical_movers("red", 3, sw, LabyrinthOptions(cards="physical")) == ("red",)
    maul = "darth-maul"
    assert rules.askable_picture(maul, VADER, "red", frozenset(), sw, opts)
    assert not rules.askable_picture(maul, "red", "red", frozenset(), sw, opts)  # a Vader card is found with Vader
    assert not rules.askable_picture("luke", VADER, "red", frozenset(), sw, opts)
    assert rules.askable_picture("luke", "red", "red", frozenset(), sw, opts)
    assert not rules.askable_picture("luke", "red", "red", frozenset({"luke"}), sw, opts)  # red found it already
    assert rules.askable_picture(maul, "red", "red", frozenset(), sw, LabyrinthOptions(cards="physical"))


# -- options ---------------------------------------------------------------------------
def test_the_cards_option_is_validated() -> None:
    with pytest.raises(ConfigError, match=r"options\.cards: 'paper' is not one of dealt, physical"):
        LabyrinthOptions.from_mapping({"cards": "paper"})
    with pytest.raises(ConfigError, match="nothing is dealt"):
        LabyrinthReferee(GameSetup("labyrinth", ("red", "blue"), 1, options={"cards": "physical"},
                                   extra={"cards": {"red": ["owl"], "blue": ["bat"]}}),
                         VirtualClock(), led_layout(), lambda e: None, lambda f: None)


@pytest.mark.parametrize("argv, says", [
    (["play", "--game", "labyrinth", "--cards", "paper"], "--cards"),
    (["play", "--game", "magic-labyrinth", "--cards", "physical"], "--cards: not used by magic-labyrinth"),
    (["play", "--game", "magic-labyrinth", "--guided-layout"], "--guided-layout: not used by magic-labyrinth"),
])
def test_cli_options_one_line_exit_2(argv: list[str], says: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as e:
        code = main(argv)
        raise SystemExit(code)
    err = capsys.readouterr().err
    assert e.value.code == 2 and says in err and len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_a_simulated_game_with_physical_cards_ends_with_a_winner_who_found_all_their_cards(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--game", "labyrinth", "--players", "3", "--seed", "4", "--cards", "physical",
                 "--quiet"]) == 0
    out = capsys.readouterr().out
    m = re.search(r"Winner: (\w+) \(([^)]*)\)", out)
    assert m is not None, out
    scores = dict((p, int(n)) for p, n in (part.split() for part in m.group(2).split(", ")))
    assert scores[m.group(1)] == 8  # three players hold 8 cards each: the winner found all of theirs
