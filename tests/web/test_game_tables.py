"""The Labyrinth and Struggle browser tables on virtual time with the real referee: page commands
become physical actions (sensor path only), the controller decides, the shared pages never see a
secret card and each private page sees its own only."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pytest

from mazeboard.controller.app import Game, build_game
from mazeboard.hal.board import BoardRequest
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.labyrinth import SLOTS
from mazeboard.sim.web.labyrinth_table import Insert, NewLabyrinth, Rotate
from mazeboard.sim.web.protocol import Lift, Place, Press, Slide
from mazeboard.sim.web.session import browser_session
from mazeboard.sim.web.struggle_table import Follow, MoveToken, Pick

SHARED, RED_PAGE, BLUE_PAGE = 1, 2, 3


@dataclass
class Served:
    session: Any
    game: Game
    sent: list[tuple[dict[str, Any], tuple[int, ...]]] = field(default_factory=list)

    @property
    def table(self) -> Any:
        return self.session.table

    def do(self, command: Any, ms: int = 0, client: int = SHARED) -> None:
        self.table.handle(client, command)
        self.session.clock.advance(ms)

    def to(self, client: int) -> list[dict[str, Any]]:
        return [m for m, to in self.sent if client in to]

    def events(self, type_: str | None = None, client: int = SHARED) -> list[dict[str, Any]]:
        evs = [m["event"] for m in self.to(client) if m["type"] == "event"]
        return [e for e in evs if type_ is None or e["type"] == type_]

    def errors(self, client: int = SHARED) -> list[str]:
        return [m["message"] for m in self.to(client) if m["type"] == "error"]

    def until(self, pred: Any, limit_ms: int = 120_000) -> None:
        waited = 0
        while not pred():
            assert waited < limit_ms, "the game never got there"
            self.session.clock.advance(100)
            waited += 100


def serve(game: str, humans: tuple[str, ...] = ("red",), seed: int = 3, **more: Any) -> Served:
    request = BoardRequest(game=game, players=2, seed=seed, humans=humans, speed=4.0, browser=True, **more)
    session = browser_session(request, realtime=False)
    served = Served(session, build_game(session))
    session.table.outbox = lambda msg, to: served.sent.append((msg, tuple(to)))
    session.table.greet(SHARED)
    session.table.greet_private(RED_PAGE, "red")
    session.table.greet_private(BLUE_PAGE, "blue")
    served.game.referee.start()
    session.start()
    session.clock.advance(300)
    return served


def secrets(served: Served, client: int) -> list[dict[str, Any]]:
    return [m["secret"] for m in served.to(client) if m["type"] == "secret"]


# -- Labyrinth ----------------------------------------------------------------------------------


def test_labyrinth_turn_by_the_page_goes_through_the_sensors() -> None:
    s = serve("labyrinth")
    ref = s.game.referee
    assert s.table.view()["current"] == "red" and "push it in at a lit slot" in s.table.view()["prompt"]
    spare = s.session.board.table.maze.spare
    s.do(Rotate(), 1500)
    assert ref.quarters == 1  # the rotate button reached the controller
    assert s.events("spare_rotated")[-1]["rotation"] == 90
    assert s.session.board.table.maze.spare == spare.turned(1)  # and the tile turned in the hand
    s.do(Insert("S-b"), 3000)
    shifted = s.events("shifted")[-1]
    assert (shifted["slot"], shifted["forbidden_next"]) == ("S-b", "N-b")
    assert s.table.view()["phase"] == "move" and s.table.view()["forbidden"] == "N-b"
    assert s.session.board.table.maze.rows() == ref.maze.rows()  # page's tiles = controller's tiles
    reach = s.table.view()["reachable"]["red"]
    assert reach == sorted(ref.snapshot()["reachable"]["red"])
    far = [c for c in reach if c != "a1"]
    if far:
        s.do(Slide("red", far[-1]), 6000)
        assert ref.snapshot()["positions"]["red"] == far[-1]  # the reeds took the pawn there
    s.do(Press("done"), 1500)
    assert s.events("turn_ended")[0]["player"] == "red"
    assert s.errors() == []
    s.until(lambda: s.table.view()["current"] == "red" and s.table.view()["phase"] == "shift")
    # the forbidden slot: the instruction does not list it, the page refuses it, nothing moves
    before = s.session.board.table.maze.rows()
    forbidden = s.table.view()["forbidden"]
    s.do(Insert(forbidden), 2000)
    assert f"Slot {forbidden}: does nothing now" in s.errors()[-1]
    assert s.session.board.table.maze.rows() == before and ref.state == "waiting_for_shift"


def test_labyrinth_refuses_what_the_page_may_not_do() -> None:
    s = serve("labyrinth")
    s.do(Slide("blue", "g6"))
    assert "blue is a simulated player" in s.errors()[-1]
    s.do(Slide("red", "g7"))  # before the push the page's hand waits (round 4: the board would warn)
    assert "push the spare in first" in s.errors()[-1]
    s.do(Slide("vader", "d4"))
    assert "no Vader pawn" in s.errors()[-1]
    s.do(Insert("S-b"), 3000)
    s.do(Place("red", "b2"))
    assert "lift it first" in s.errors()[-1]
    s.do(Rotate())
    assert "Rotate: does nothing now" in s.errors()[-1]
    s.do(Press("done"))
    s.until(lambda: s.table.view()["current"] == "blue")
    s.do(Rotate())
    assert "it is Blue's turn" in s.errors()[-1]
    s.do(Slide("red", "a2"))  # red's pawn waits during blue's turn
    assert "it is Blue's turn" in s.errors()[-1]
    s.do(Rotate(), client=RED_PAGE)
    assert "private page" in s.errors(RED_PAGE)[-1]


def test_labyrinth_lift_and_place_in_a_plain_move_is_refused_before_it_jumps() -> None:
    """A lift and a set-down is a jump the controller warns of: in a plain move the table refuses the
    lift (round 24: as the page's Lift button, controls.lab_lift_refusal), so no jump happens."""
    s = serve("labyrinth")
    s.do(Insert("S-b"), 3000)
    s.do(Lift("red"), 500)
    assert "click a tile to walk" in s.errors()[-1]
    s.do(Place("red", "d4"), 2000)
    assert "lift it first" in s.errors()[-1]
    s.do(Press("done"), 2000)
    assert not [e["kind"] for e in s.events("warning")]


def test_labyrinth_cards_reach_their_owner_only() -> None:
    s = serve("labyrinth", humans=())  # simulated players only: the pages watch
    decks = s.game.referee.decks
    dealt = {p: list(d) for p, d in decks.items()}
    assert secrets(s, RED_PAGE)[-1]["cards"] == [decks["red"][0]]
    assert secrets(s, BLUE_PAGE)[-1]["cards"] == [decks["blue"][0]]
    s.until(lambda: len(s.table.view()["found"].get("blue", [])) >= 1, limit_ms=900_000)  # blue finds a card
    assert secrets(s, BLUE_PAGE)[-1]["cards"] == [decks["blue"][0]] and secrets(s, BLUE_PAGE)[-1]["found"] >= 1
    shared = s.to(SHARED)
    assert not [m for m in shared if m["type"] == "secret"] and not s.events("card_shown")
    assert "cards" not in repr([m.get("view") for m in shared]).replace("open_cards", "")
    assert s.table.view()["open_cards"] == {}
    # each private page got its owner's cards only, and nothing of the shared game
    for page, owner in ((RED_PAGE, "red"), (BLUE_PAGE, "blue")):
        shown = [c for sec in secrets(s, page) for c in sec["cards"]]
        assert shown and set(shown) <= set(dealt[owner])
    assert not [m for m in s.to(RED_PAGE) if m["type"] in ("event", "frame", "world")]


def test_labyrinth_younger_variant_shows_the_open_cards_to_everyone() -> None:
    s = serve("labyrinth", variants=("younger",))
    shown = s.events("card_shown")
    assert {e["player"] for e in shown} == {"red", "blue"}
    assert s.table.view()["open_cards"]["red"] == s.game.referee.decks["red"]


def test_labyrinth_vader_is_moved_by_the_page_when_its_card_says_so() -> None:
    s = serve("labyrinth", edition="star-wars", variants=("vader",))
    assert "vader" in s.table.world_state()["pawns"]
    s.do(Lift("vader"))  # not before the push either: Lift says what it is for (round 26)
    assert "only to put a pawn back" in s.errors()[-1]
    s.do(Insert(next(slot for slot in ("S-b", "S-d", "N-b") if slot != s.table.view()["forbidden"])), 3000)
    s.until(lambda: s.table.view()["phase"] == "move")
    s.do(Lift("vader"), 1000)  # on red's turn the page moves Vader by clicks: a lift only when the board asks
    assert "click a tile to walk" in s.errors()[-1] and s.table.world_state()["pawns"]["vader"] is not None


def test_labyrinth_new_game_hands_over_the_request() -> None:
    s = serve("labyrinth")
    s.do(NewLabyrinth(3, ("red", "green"), 9, "super-mario", ("younger",)))
    nxt = s.session.next_request
    assert (nxt.game, nxt.players, nxt.humans, nxt.seed, nxt.edition, nxt.variants) == (
        "labyrinth", 3, ("red", "green"), 9, "super-mario", ("younger",))
    s2 = serve("labyrinth")
    s2.do(NewLabyrinth(2, ("green",), None, "classic", ()))
    assert "green does not play" in s2.errors()[-1] and s2.session.next_request is None


# -- Struggle ------------------------------------------------------------------------------------


def test_struggle_turn_by_the_page_goes_through_the_buttons_and_reeds() -> None:
    s = serve("struggle")
    ref = s.game.referee
    assert s.table.view()["current"] == "red" and ref.state == "waiting_for_throw"
    s.do(Press("throw"), 800)
    hand = s.events("hand")[-1]
    assert hand["throw"] == 1 and s.table.view()["faces"] == hand["faces"] == list(ref.turn.hand)
    s.do(Press("die1"), 400)
    s.do(Press("die3"), 400)
    assert s.table.view()["held"] == [1, 3] == sorted(i + 1 for i in ref.turn.held)
    s.do(Press("throw"), 800)
    assert s.table.view()["throws"] == 2
    assert [s.table.view()["faces"][i] for i in (0, 2)] == [hand["faces"][0], hand["faces"][2]]
    s.do(Press("stop"), 800)
    assert ref.state == "choosing"  # not five aces with this seed
    outcomes = s.table.view()["outcomes"]
    last = len(outcomes) - 1
    s.do(Pick(last), 3000)
    assert ref.turn.selected == last == s.table.view()["selected"]
    s.do(Press("stop"), 800)
    played = s.events("played")[-1]
    assert played["spaces"] == outcomes[last]["spaces"] and ref.state == "placing"
    s.do(Follow(), 6000)
    for _ in range(20):  # each move no reed can see (tokens sharing spaces) adds a settle time
        if s.events("turn_ended"):
            break
        s.session.clock.advance(500)
    assert s.events("turn_ended")[-1]["player"] == "red"  # the reeds agreed: the turn passed
    assert s.table.view()["current"] == "blue" and s.errors() == []


def test_struggle_refuses_what_the_page_may_not_do() -> None:
    s = serve("struggle")
    s.do(Pick(0))
    assert "no hand to interpret" in s.errors()[-1]
    s.do(MoveToken("K", "s99"))
    assert "not on this board" in s.errors()[-1]
    s.do(Press("throw"), 800)
    s.do(Press("stop"), 800)
    s.do(Pick(999))
    assert "outcomes" in s.errors()[-1]
    s.do(Press("stop"), 800)
    s.do(Follow(), 6000)
    s.do(Press("throw"))
    assert "it is Blue's turn" in s.errors()[-1]
    s.do(Press("throw"), client=BLUE_PAGE)
    assert "private page" in s.errors(BLUE_PAGE)[-1]


def test_struggle_a_token_put_elsewhere_is_a_warning() -> None:
    s = serve("struggle")
    s.do(MoveToken("K", "s5"), 3000)
    warning = s.events("warning")[-1]
    assert (warning["kind"], warning["cell"]) == ("out_of_turn", "s5")  # before the throw: nobody moves tokens
    said = s.table.view()["instruction"]
    assert said["action"] == "correct" and [(r["from"], r["to"]) for r in said["requests"]] == [("s5", ["s0"])]
    assert s.table.view()["prompt"] == said["text"]
    s.do(Press("throw"))
    assert "Throw: does nothing now" in s.errors()[-1]


def test_struggle_objectives_reach_their_owner_only() -> None:
    s = serve("struggle")
    cards = s.game.referee.cards
    assert secrets(s, RED_PAGE)[-1]["card"] == list(cards["red"])
    assert secrets(s, BLUE_PAGE)[-1]["card"] == list(cards["blue"])
    assert all(sec["card"] == list(cards["red"]) for sec in secrets(s, RED_PAGE))
    assert not [m for m in s.to(SHARED) if m["type"] == "secret"] and not s.events("objective")
    assert "card" not in repr(s.table.view())


def test_a_colour_that_does_not_play_gets_no_private_page() -> None:
    s = serve("struggle")
    s.table.greet_private(9, "green")
    assert "green does not play" in s.errors(9)[-1]


@pytest.mark.parametrize("game, more, match", [
    ("labyrinth", {"edition": "lego"}, "--edition"),
    ("labyrinth", {"variants": ("vader",)}, "star-wars"),
    ("labyrinth", {"humans": ("green",)}, "green does not play"),
    ("struggle", {"rounds": 12}, "--rounds"),
    ("chess", {}, "--game"),
])
def test_bad_options_are_one_line_config_errors(game: str, more: dict[str, Any], match: str) -> None:
    request = BoardRequest(game=game, players=2, seed=1, browser=True, **more)
    with pytest.raises(ConfigError, match=match):
        browser_session(request, realtime=False)


def test_every_slot_name_is_a_message_slot() -> None:
    from mazeboard.sim.web.labyrinth_table import PARSERS
    from mazeboard.sim.web.protocol import parse_message

    for slot in SLOTS:
        assert parse_message(f'{{"type": "insert", "slot": "{slot}"}}', PARSERS) == Insert(slot)


def test_labyrinth_view_follows_an_ambiguous_mover_and_the_guesses() -> None:
    from mazeboard.hal.web.views import LabyrinthView

    v = LabyrinthView(humans=("red",))
    v.apply({"type": "game_started", "players": ["red", "blue"], "corners": {"red": "a1", "blue": "g7"}})
    v.apply({"type": "turn_started", "player": "red", "pawns": ["red"]})
    v.apply({"type": "reachable", "player": "red", "pawn": "red", "cells": ["a1", "a2", "b2"]})
    v.apply({"type": "warning", "player": "red", "kind": "ambiguous", "cell": "a2", "pawn": "red",
             "cells": ["a2", "b2"], "pawns": ["red", "red"]})
    assert v.to_dict()["ambiguous"] == {"pawn": "red", "cell": "a2", "cells": ["a2", "b2"]}
    v.apply({"type": "instruction", "player": "red", "action": "confirm", "text": "Which tile did red stop on? Is it a2?",
             "requests": [], "buttons": {"rotate": "try the next cell", "done": "yes"}, "cells": ["a2", "b2"],
             "until": None, "messages": []})
    assert "Is it a2" in v.prompt()  # the board's words
    v.apply({"type": "guess", "player": "red", "pawn": "red", "cell": "b2"})
    assert v.ambiguous is not None and v.ambiguous["cell"] == "b2"
    v.apply({"type": "turn_ended", "player": "red", "reason": "done"})
    assert v.ambiguous is None


def test_labyrinth_rotate_while_the_controller_asks_only_presses_the_button() -> None:
    s = serve("labyrinth")
    s.do(Insert("S-b"), 3000)
    spare = s.session.board.table.maze.spare
    s.table.state.ambiguous = {"pawn": "red", "cell": "a1", "cells": ["a1", "a2"]}  # as after the warning
    said = dict(s.table.state.instruction or {})
    s.table.state.instruction = dict(said, action="confirm", buttons={"rotate": "try the next cell", "done": "yes"})
    s.do(Rotate(), 1000)
    assert s.errors() == [] and s.session.board.table.maze.spare == spare  # no tile turned in the hand
    assert not s.events("spare_rotated")  # the press reached the referee, which did not count a shift turn


def test_struggle_a_double_press_of_stop_never_plays_a_way_nobody_chose() -> None:
    """Attack, stop 23: Stop double-clicked to keep the dice. Both presses were checked against the
    instruction they arrived in ("keep this hand"), then queued; the second one ran in the choosing
    phase, where Stop plays the selected way. A press of the button whose last press is not over
    is refused instead (a double click); another button right after (Throw, then Stop) still acts."""
    s = serve("struggle")
    s.do(Press("throw"), 800)
    s.do(Press("stop"))
    s.do(Press("stop"), 3000)
    assert s.game.referee.state == "choosing", s.game.referee.state
    assert not s.events("played"), s.events("played")
    assert "pressed twice" in s.errors()[-1]
    s.do(Press("stop"), 800)  # a deliberate press once the ways are shown plays one
    assert s.events("played") or s.game.referee.state != "choosing"
    quick = serve("struggle")
    quick.do(Press("throw"), 150)
    quick.do(Press("stop"), 3000)  # another button right after acts (a quick person)
    assert quick.game.referee.state == "choosing" and not quick.errors(), (quick.game.referee.state, quick.errors())


# -- the private card pages at the game's end (issue 15: Labyrinth newcomer 26, Struggle newcomer 28): the loser's
# Labyrinth page showed no card still sought (its cards were cleared at the game's end), and a Struggle card page
# never said the game had ended. Each private page is told; the shared page never gets a secret.


def test_a_labyrinth_loser_s_page_keeps_the_card_it_sought() -> None:
    s = serve("labyrinth", humans=(), options={"cards_each": 1})
    s.until(lambda: s.table.view()["phase"] == "over", limit_ms=1_800_000)
    winner = s.table.view()["winner"]
    loser, page = ("blue", BLUE_PAGE) if winner == "red" else ("red", RED_PAGE)
    last = secrets(s, page)[-1]
    assert last["winner"] == winner and last["cards"], last  # the card it was still looking for
    assert not [m for m in s.to(SHARED) if m["type"] == "secret"]


def test_a_struggle_card_page_is_told_the_game_ended_and_how() -> None:
    s = serve("struggle", humans=())
    s.until(lambda: s.table.view()["phase"] == "over", limit_ms=1_800_000)
    view = s.table.view()
    for colour, page in (("red", RED_PAGE), ("blue", BLUE_PAGE)):
        last = secrets(s, page)[-1]
        assert last["over"] is True and last["winners"] == view["winners"], last
        assert last["total"] == view["totals"][colour], (last, view["totals"])
    assert not [m for m in s.to(SHARED) if m["type"] == "secret"]


def test_a_labyrinth_loser_s_page_shows_every_card_not_found_at_the_end() -> None:
    """Labyrinth newcomer 33: the ended card page read "You were looking for: Beetle and 1 more" under "nothing here
    is secret any more". The game's end carries each deck's cards left (``game_over.cards_left``), and the page shows
    them all."""
    s = serve("labyrinth", humans=(), options={"cards_each": 2})
    s.until(lambda: s.table.view()["phase"] == "over", limit_ms=1_800_000)
    over = s.events("game_over")[-1]
    winner = over["winner"]
    assert over["cards_left"][winner] == [], over
    loser, page = ("blue", BLUE_PAGE) if winner == "red" else ("red", RED_PAGE)
    left = over["cards_left"][loser]
    assert len(left) == 2 - over["scores"][loser] and all(isinstance(c, str) for c in left), over
    last = secrets(s, page)[-1]
    assert last["winner"] == winner and last["cards"] == left and last["remaining"] == len(left), last


def test_labyrinth_world_says_where_each_push_would_let_a_persons_pawn_go() -> None:
    """Issue 15, Labyrinth newcomers 34 and 37: pointing at an arrow marked only the row it moves; which tiles the
    pawn could reach after that push was learnt only once pushed. The world the page hears says, for each pawn of
    a person here, the tiles reachable after a push at each slot with the spare as it lies now: the same answer as
    the referee's reach after that push."""
    s = serve("labyrinth")
    ref = s.game.referee
    preview = s.table.world_state()["push_reach"]
    assert set(preview) == {"red"} and set(preview["red"]) == set(SLOTS), preview.keys()
    s.do(Insert("S-b"), 3000)
    assert s.table.view()["phase"] == "move"
    assert preview["red"]["S-b"] == sorted(ref.snapshot()["reachable"]["red"]), (preview["red"]["S-b"], ref.snapshot()["reachable"])
