"""The lobby (issue 13) as a state machine on the simulated board between games.

* Pawns on the start corners are the players: colours follow from the corners
  (clockwise from a1: red, blue, green, yellow), in that turn order; the LEDs
  pulse the free corners in their colour and hold the taken ones steady.
* The start button starts only with two or more players and nothing off the
  corners (then it is refused visibly); a seating the rules do not use for that
  many players carries ``start_corners``.
* Struggle: the dice buttons choose the count, shown on the arrival places.
* After a game the result shows for ``lobby_after_ms``, then the lobby.
* Beside a game: the abandon gesture, its confirmation on the LEDs, cancel by
  another button or the timeout, and nothing of it reaches the game.
* Every state has an instruction someone can act on (the state-instruction test).
* The API a phone's view calls: options checked like the file, start, abandon.
"""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.controller import config as cfg
from mazeboard.controller.instruction import Instruction
from mazeboard.controller.leds import PLAYER_RGB, WARNING_RGB
from mazeboard.controller.lobby import STATES, GameResult, Lobby
from mazeboard.hal.board import LedLayout
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.sim.lobby import SimLobbySession

pytestmark = pytest.mark.filterwarnings("ignore")


def actionable(said: dict[str, Any]) -> bool:
    return bool(said["requests"] or said["buttons"] or said["cells"] or said["until"] is not None)


class Table:
    """A lobby on a simulated board with nobody sitting down by themselves (hands by the test)."""

    def __init__(self, game: str = "magic-labyrinth", config: cfg.Config | None = None) -> None:
        self.session = SimLobbySession(game, 2, seed=1)
        self.session.board.watchers.remove(self.session.seaters.watch)  # the test's own hands
        self.clock: VirtualClock = self.session.clock  # type: ignore[assignment]
        self.world = self.session.world
        self.board = self.session.board
        self.events: list[GameEvent] = []
        self.lobby = Lobby(game, config or cfg.Config())
        self.states: set[str] = set()
        self.problems: list[str] = []
        self.lobby.enter_lobby(self.clock, self.board.layout, self.board.show, self._emit,
                               self.board.state().closed_reeds)
        self.board.subscribe(self.lobby.on_sensor)

    def _emit(self, ev: GameEvent) -> None:
        self.events.append(ev)
        self.board.announce(ev)
        if ev.type == "instruction":
            self.states.add(self.lobby.state)
            said = ev.to_dict()
            if not said["text"] or not actionable(said):
                self.problems.append(f"{self.lobby.state}: nothing to act on: {said}")

    def said(self) -> dict[str, Any]:
        return next(e.to_dict() for e in reversed(self.events) if e.type == "instruction")

    def last(self, type_: str) -> dict[str, Any]:
        return next(e.to_dict() for e in reversed(self.events) if e.type == type_)

    def wait(self, ms: int = 300) -> None:
        self.clock.advance(ms)

    def seat(self, colour: str, cell: str) -> None:
        self.world.seat(colour, cell)
        self.wait()

    def press(self, button: str) -> None:
        self.world.press(button)
        self.wait()

    def led(self, name: str) -> tuple[int, int, int]:
        return self.board.led_colour(name)


def test_pawns_on_corners_are_the_players_in_clockwise_order_with_their_colours() -> None:
    t = Table()
    assert t.said()["action"] == "seat" and sorted(t.said()["cells"]) == ["a1", "a6", "f1", "f6"]
    t.seat("x", "f6")  # whose pawn it is does not matter: the corner decides the colour
    t.seat("y", "a1")
    t.seat("z", "f1")
    snap = t.last("lobby")
    assert snap["players"] == ["red", "green", "yellow"]
    assert snap["corners"] == {"red": "a1", "green": "f6", "yellow": "f1"} and snap["free"] == ["a6"]
    assert snap["ready"] is True and t.said()["action"] == "start" and t.said()["buttons"] == {"roll": "start the game"}
    assert "Red, Green and Yellow play" in t.said()["text"]
    # LEDs: taken corners steady in their colour; the free corner pulses in blue (on, then dark)
    seen_a6 = set()
    for _ in range(8):
        t.wait(130)
        assert t.led("a1") == PLAYER_RGB["red"] and t.led("f6") == PLAYER_RGB["green"]
        seen_a6.add(t.led("a6"))
    assert seen_a6 == {PLAYER_RGB["blue"], (0, 0, 0)}
    t.press("roll")
    req = t.last("game_requested")
    assert req["players"] == ["red", "green", "yellow"] and req["by"] == "board"
    assert t.lobby.state == "playing"
    request = t.lobby.game_request(seed=7)
    assert request.players == ("red", "green", "yellow") and request.seed == 7
    assert request.options["start_corners"] == ("a1", "f6", "f1")  # not the rules' a1, a6, f6 for three


def test_start_needs_two_players_and_a_clear_board_and_is_refused_visibly() -> None:
    t = Table()
    t.seat("red", "a1")
    t.press("roll")
    assert t.lobby.state == "seating" and "game_requested" not in [e.type for e in t.events]
    assert t.said()["action"] == "seat" and t.said()["buttons"] == {}
    flashes = {t.led("a6")}
    for _ in range(6):
        t.wait(60)
        flashes.add(t.led("a6"))
    assert WARNING_RGB in flashes  # the free corners flash: "sit down here first"
    t.world.put("c3")  # a pawn left in the middle of the board
    t.seat("blue", "f6")
    said = t.said()
    assert said["action"] == "correct" and [(r["kind"], r["from"]) for r in said["requests"]] == [("magnet", "c3")]
    assert said["buttons"] == {}
    t.press("roll")
    assert t.lobby.state == "seating"
    t.world.clear("c3")
    t.wait()
    assert t.said()["action"] == "start"
    t.press("roll")
    assert t.lobby.state == "playing"
    request = t.lobby.game_request(seed=1)
    assert request.players == ("red", "green") and "start_corners" not in request.options  # the rules' a1, f6


def test_labyrinth_starts_with_done_and_seats_adjacent_corners() -> None:
    t = Table("labyrinth")
    t.seat("a", "a1")
    t.seat("b", "a7")
    assert t.said()["buttons"] == {"done": "start the game"}
    t.press("rotate")  # not the start button: nothing
    assert t.lobby.state == "seating"
    t.press("done")
    request = t.lobby.game_request(seed=2)
    assert request.players == ("red", "blue") and request.options["start_corners"] == ("a1", "a7")
    assert request.edition == "classic" and request.variants == ()


def test_struggle_chooses_the_count_with_the_dice_buttons() -> None:
    t = Table("struggle")
    said = t.said()
    assert said["action"] == "count" and set(said["buttons"]) == {"die2", "die3", "die4", "throw"}
    assert t.led("place-A") == PLAYER_RGB["red"] and t.led("place-B") == PLAYER_RGB["blue"]
    t.press("die4")
    assert t.last("lobby")["count"] == 4 and t.led("place-D") == PLAYER_RGB["yellow"]
    t.press("die3")
    t.press("throw")
    assert t.last("game_requested")["players"] == ["red", "blue", "green"]
    request = t.lobby.game_request(seed=1)
    assert request.players == ("red", "blue", "green") and request.rounds == 1
    assert request.options == {"cards": "dealt"}


def test_the_result_shows_then_the_lobby_opens_by_itself() -> None:
    config = cfg.Config(lobby=cfg.LobbySettings(lobby_after_ms=5000))
    t = Table(config=config)
    t.seat("r", "a1")
    t.seat("g", "f6")
    t.press("roll")
    t.lobby.leave_lobby()
    t.lobby.leave_game(GameResult("green", {"red": 2, "green": 5}))
    t.lobby.enter_lobby(t.clock, t.board.layout, t.board.show, t._emit, t.board.state().closed_reeds)
    said = t.said()
    assert said["action"] == "result" and said["until"] == t.clock.now_ms() + 5000
    assert "Green won (red 2, green 5)." in said["text"]
    t.wait(4500)  # after the rainbow sweep (4 s), every LED in the winner's colour
    assert t.led("c3") == PLAYER_RGB["green"] and t.lobby.state == "result"
    t.wait(600)
    assert t.lobby.state == "seating" and t.said()["action"] == "start"  # the pawns still sit


def test_a_shared_win_names_and_shows_every_winner() -> None:
    """A tie (Struggle: the highest total shared) is every winner's result: the words name them
    all and, after the sweep, the LEDs stand in each winner's colour in turn, not the first's."""
    t = Table(config=cfg.Config(lobby=cfg.LobbySettings(lobby_after_ms=8000)))
    t.seat("r", "a1")
    t.seat("b", "a6")
    t.press("roll")
    t.lobby.leave_lobby()
    t.lobby.leave_game(GameResult("red", {"red": 30, "blue": 30}, winners=("red", "blue")))
    t.lobby.enter_lobby(t.clock, t.board.layout, t.board.show, t._emit, t.board.state().closed_reeds)
    said = t.said()
    assert "Red and Blue tie with 30 points: both win (red 30, blue 30)." in said["text"], said["text"]
    assert "won" not in said["text"] and "share" not in said["text"]
    assert t.last("lobby")["result"]["winners"] == ["red", "blue"]
    t.wait(4500)
    shown = {t.led(f"{f}{r}") for f in "abcdef" for r in range(1, 7)}
    assert shown == {PLAYER_RGB["red"], PLAYER_RGB["blue"]}


class FakeGame:
    """What the service hands the lobby beside a game: the board's LEDs, the game's stream."""

    def __init__(self, lobby: Lobby, clock: VirtualClock) -> None:
        self.clock = clock
        self.events: list[GameEvent] = []
        self.frames: list[LedFrame] = []
        self.held: list[bool] = []
        self.layout = LedLayout.row_major(tuple(f"{f}{r}" for r in range(1, 7) for f in "abcdef"))
        self.lobby = lobby
        self.game_said = Instruction("red", "roll", "magic.roll", {}, (), {"roll": "roll the die"})
        lobby.enter_game(clock, clock.now_ms, self.layout, self.frames.append, self.events.append,
                         self.held.append, lambda: self.game_said, ("red", "blue"))

    def press(self, button: str, gap: int = 300) -> bool:
        passed = self.lobby.gate(ButtonPressed(self.clock.now_ms(), button))
        self.clock.advance(gap)
        return passed

    def types(self) -> list[str]:
        return [e.type for e in self.events]


def _beside_a_game(config: cfg.Config | None = None) -> tuple[Table, FakeGame]:
    t = Table(config=config)
    t.seat("r", "a1")
    t.seat("b", "a6")
    t.press("roll")
    t.lobby.leave_lobby()
    return t, FakeGame(t.lobby, t.clock)


def test_the_abandon_gesture_asks_on_the_leds_and_the_same_gesture_again_abandons() -> None:
    t, g = _beside_a_game()
    # the game asks for Roll: Done does nothing in it now, so quick Dones are the gesture
    assert g.press("done", gap=100) and g.press("done", gap=100)  # they reach the game, which ignores them
    assert g.lobby.gate(ReedChanged(g.clock.now_ms(), "a1", False))  # reeds always reach the game
    assert not g.press("done", gap=100)  # the third within 2 s asks instead
    assert t.lobby.state == "confirming_abandon" and g.held == [True]
    said = next(e.to_dict() for e in reversed(g.events) if e.type == "instruction")
    assert said["action"] == "abandon" and list(said["buttons"]) == ["done"] and said["until"]
    assert "Press Done 3 times quickly again" in said["text"]
    assert g.types()[:2] == ["abandon_asked", "instruction"]
    assert set(g.frames[-1].pixels) <= {WARNING_RGB, (255, 255, 255)}  # every LED flashes red
    assert not g.press("done", gap=100) and not g.press("done", gap=100)  # never reach the game
    assert t.lobby.abandoned is None and t.lobby.state == "confirming_abandon"
    assert not g.press("done")  # the gesture again: abandoned
    assert t.lobby.abandoned == "board" and g.types()[-1] == "game_abandoned"
    assert not g.press("roll") and g.types()[-1] == "game_abandoned"  # nothing after it, no "play on"
    t.lobby.leave_game(GameResult(abandoned="board"))
    assert t.lobby.state == "seating" and g.held == [True, False]


def test_presses_the_game_acts_on_are_never_part_of_the_gesture() -> None:
    """Issue 11 attack: a brisk turn (Stop, Stop, Stop each acting) or an impatient Done (the first
    ends the move) is play, not the gesture: a press the game lists breaks it."""
    t, g = _beside_a_game()
    g.game_said = Instruction("red", "move", "magic.move", {}, (), {"done": "end the move here"})
    for _ in range(4):
        assert g.press("done", gap=100)  # each acts in the game
    assert t.lobby.state == "playing"
    g.game_said = Instruction("red", "roll", "magic.roll", {}, (), {"roll": "roll the die"})
    assert g.press("done", gap=100) and g.press("roll", gap=100)  # Roll plays: the gesture starts again
    assert g.press("done", gap=100) and g.press("done", gap=100)
    assert t.lobby.state == "playing"
    assert not g.press("done", gap=100) and t.lobby.state == "confirming_abandon"


def test_another_button_or_the_timeout_plays_on_and_the_game_says_again_what_it_asks() -> None:
    t, g = _beside_a_game()
    for _ in range(2):
        g.press("done", gap=200)
    assert not g.press("done", gap=200)
    # the next player's Roll, as the game asks: plays on, and rolls (it reaches the game)
    assert g.press("roll")
    assert t.lobby.state == "playing" and g.held == [True, False]
    cancelled = [e for e in g.events if e.type == "abandon_cancelled"]
    assert [e["reason"] for e in cancelled] == ["button"]
    assert g.events[-1].type == "instruction" and g.events[-1]["action"] == "roll"  # the game's again
    # slow presses are no gesture
    for _ in range(4):
        assert g.press("done", gap=1100)
    assert t.lobby.state == "playing"
    g.clock.advance(2000)
    for _ in range(3):
        g.press("done", gap=100)
    assert t.lobby.state == "confirming_abandon"
    g.clock.advance(10_000)
    assert t.lobby.state == "playing" and [e["reason"] for e in g.events if e.type == "abandon_cancelled"] == [
        "button", "timeout"]


def test_a_phone_asks_to_abandon_and_the_board_confirms() -> None:
    t, g = _beside_a_game()
    assert t.lobby.request_start() is not None  # no lobby while a game runs
    with pytest.raises(ConfigError, match="not while a game"):
        t.lobby.set_option("magic-labyrinth", "assist", True)
    assert t.lobby.request_abandon() is None
    assert t.lobby.state == "confirming_abandon" and g.events[0]["by"] == "phone"
    assert t.lobby.request_abandon() == "the board is already asking"
    assert t.lobby.abandoned is None  # nothing is abandoned before the board confirms
    for _ in range(3):
        g.press("done", gap=100)  # the board's abandon gesture
    assert t.lobby.abandoned == "phone"


def test_options_from_a_phone_are_checked_like_the_file_and_start_from_a_phone() -> None:
    t = Table()
    t.lobby.set_option("magic-labyrinth", "assist", True)
    t.lobby.set_option("magic-labyrinth", "win_tokens", 3)
    assert t.last("lobby")["options"]["assist"] is True
    for key, value, match in [("win_tokens", 0, "magic-labyrinth.win_tokens: must be a whole number from 1"),
                              ("assist", "yes", "magic-labyrinth.assist: must be true or false"),
                              ("colour", 1, "magic-labyrinth.colour: unknown key"),
                              ("settle_ms", 10**30, "magic-labyrinth.settle_ms: must be a whole number from 0")]:
        with pytest.raises(ConfigError, match=match):
            t.lobby.set_option("magic-labyrinth", key, value)
    with pytest.raises(ConfigError, match="this board plays magic-labyrinth"):
        t.lobby.set_option("struggle", "rounds", 2)
    assert t.lobby.config.magic == cfg.MagicTable(assist=True, win_tokens=3)  # the refused ones changed nothing
    assert t.lobby.request_start() == "fewer than two pawns on start corners"
    t.seat("r", "a1")
    t.seat("y", "f1")
    assert t.lobby.request_start() is None
    assert t.last("game_requested")["by"] == "phone" and t.lobby.state == "playing"
    request = t.lobby.game_request(seed=3)
    assert request.options["assist"] is True and request.options["win_tokens"] == 3


@pytest.mark.parametrize("game", ["magic-labyrinth", "labyrinth", "struggle"])
def test_every_state_has_an_actionable_instruction(game: str) -> None:
    t = Table(game, cfg.Config(lobby=cfg.LobbySettings(lobby_after_ms=3000)))
    assert set(t.lobby._instructions) == set(STATES)
    if game == "struggle":
        t.press("throw")
    else:
        t.world.put("c3")
        t.wait()
        t.world.clear("c3")
        corners = [c for _, c in t.lobby.kind.seats]
        t.seat("a", corners[0])
        t.seat("b", corners[2])
        t.press(t.lobby.kind.start)
    t.lobby.leave_lobby()
    g = FakeGame(t.lobby, t.clock)
    g.events = t.events  # one log
    g.lobby._emit_sink = t._emit
    for _ in range(3):
        g.press(t.lobby.kind.gesture, gap=100)
    assert t.lobby.state == "confirming_abandon"
    g.press("die1" if game == "struggle" else "slot:N-b" if game == "labyrinth" else "roll")
    # "playing" is never published (the game's referee has the board then), but it has an instruction too
    said = t.lobby.instruction()
    assert t.lobby.state == "playing" and said.buttons and said.text()
    t.states.add("playing")
    t.lobby.leave_game(GameResult("red", {"red": 1, "blue": 0}))
    t.lobby.enter_lobby(t.clock, t.board.layout, t.board.show, t._emit, t.board.state().closed_reeds)
    t.wait(3100)
    assert t.states == set(STATES) and t.problems == []


def test_labyrinth_takes_the_lobbys_start_corners() -> None:
    from mazeboard.controller.labyrinth.rules import LabyrinthOptions, corners_for

    opts = LabyrinthOptions.from_mapping({"start_corners": ["a1", "a7"]})
    assert corners_for(("red", "blue"), opts.start_corners) == {"red": "a1", "blue": "a7"}
    assert corners_for(("red", "blue")) == {"red": "a1", "blue": "g7"}  # RULES.md's default for two
    for bad, match in [(["a1", "b2"], "must be a list of start squares"), (["a1", "a1"], "share a start square"),
                       ("a1", "must be a list")]:
        with pytest.raises(ConfigError, match=match):
            LabyrinthOptions.from_mapping({"start_corners": bad})
    with pytest.raises(ConfigError, match="3 cells for 2 players"):
        corners_for(("red", "blue"), ("a1", "a7", "g7"))
