"""The real board's companion table (hal/web/companion.py) fed as the service feeds it: secret cards
reach their owner's private page only (Labyrinth's ``card_shown``, Struggle's ``objective`` and
hint), the sensors and frames follow the board, a phone's command reaches the lobby only through
the control it is given, and nothing in the table can raise into the referee."""

from __future__ import annotations

from typing import Any

import pytest

from mazeboard.hal.board import BoardState, LedLayout
from mazeboard.hal.events import ButtonPressed, GameEvent, HallChanged, LedFrame, ReedChanged
from mazeboard.hal.web.companion import Abandon, CompanionTable, SetOption, Start


class Control:
    def __init__(self) -> None:
        self.calls: list[tuple[Any, ...]] = []

    def set_option(self, key: str, value: Any) -> None:
        if key == "win_tokens" and not 1 <= value <= 24:
            raise ValueError("magic-labyrinth.win_tokens: must be a whole number from 1 to 24")
        self.calls.append(("option", key, value))

    def start(self, by: str) -> str | None:
        self.calls.append(("start", by))
        return "fewer than two pawns on start corners"

    def abandon(self, by: str) -> str | None:
        self.calls.append(("abandon", by))
        return None


class Board:
    def __init__(self) -> None:
        self.layout = LedLayout({"a1": 1, "b1": 0, "roll": 2}, 3)
        self.frame = LedFrame(5, ((1, 2, 3), (0, 0, 0), (255, 0, 0)))
        self.frame_watchers: list[Any] = []
        self.sinks: list[Any] = []

    def subscribe(self, sink: Any) -> None:
        self.sinks.append(sink)

    def state(self) -> BoardState:
        return BoardState(frozenset({"a1"}), frozenset({"tray-sw"}))


def table(game: str = "labyrinth") -> tuple[CompanionTable, list[tuple[dict[str, Any], tuple[int, ...]]], Control]:
    control = Control()
    t = CompanionTable(game, ("a1", "b1"), ("tray-sw",), ("roll", "done"), {"a1": 0, "b1": 1}, control,
                       {"win_tokens": {"type": "int", "min": 1, "max": 24}}, (2, 1))
    sent: list[tuple[dict[str, Any], tuple[int, ...]]] = []
    t.outbox = lambda msg, to: sent.append((msg, tuple(to)))
    return t, sent, control


def ev(t: int, kind: str, **fields: Any) -> GameEvent:
    return GameEvent(t, kind, fields)


def to(sent: list[tuple[dict[str, Any], tuple[int, ...]]], client: int) -> list[dict[str, Any]]:
    return [m for m, who in sent if client in who]


def test_labyrinth_cards_reach_their_owners_private_page_only() -> None:
    t, sent, _ = table()
    t.greet(1)
    t.greet_private(2, "red")
    t.greet_private(3, "blue")
    t.greet_private(4, "green")
    t.on_event(ev(0, "game_started", game="labyrinth", players=["red", "blue"], corners={"red": "a1", "blue": "g7"},
                  edition="classic", variants=[], layout=[], spare="NS", vader=None))
    t.on_event(ev(1, "card_shown", player="red", cards=["ring"]))
    t.on_event(ev(2, "card_shown", player="blue", cards=["skull"]))
    red, blue, green, shared = to(sent, 2), to(sent, 3), to(sent, 4), to(sent, 1)
    assert [m["secret"]["cards"] for m in red if m["type"] == "secret"] == [["ring"]]
    assert [m["secret"]["cards"] for m in blue if m["type"] == "secret"] == [["skull"]]
    assert [m for m in green if m["type"] == "secret"] == []
    assert "ring" not in str(shared) and "skull" not in str(shared)
    t.greet_private(5, "red")  # a reload: the card again
    assert to(sent, 5)[-1]["secret"]["cards"] == ["ring"]


@pytest.mark.parametrize("left,shown", [
    ({"red": ["ring", "map"], "blue": []}, ["ring", "map"]),  # every card not found (Labyrinth newcomer 33)
    (None, ["ring"]),  # physical cards, an older log: the card it showed
    ({"red": "ring"}, ["ring"]),  # hostile shapes: tolerated, the card it showed
    ({"red": [1, 2]}, ["ring"]),
    ({"red": ["x" * 41]}, ["ring"]),
    ({"red": ["ring"] * 25}, ["ring"]),
])
def test_the_game_s_end_shows_a_labyrinth_loser_the_cards_not_found(left: Any, shown: list[str]) -> None:
    t, sent, _ = table()
    t.greet_private(2, "red")
    t.on_event(ev(0, "game_started", game="labyrinth", players=["red", "blue"], corners={"red": "a1", "blue": "g7"},
                  edition="classic", variants=[], layout=[], spare="NS", vader=None))
    t.on_event(ev(1, "card_shown", player="red", cards=["ring"]))
    over: dict[str, Any] = {"winner": "blue", "scores": {"red": 0, "blue": 2}}
    if left is not None:
        over["cards_left"] = left
    t.on_event(ev(2, "game_over", **over))
    last = [m["secret"] for m in to(sent, 2) if m["type"] == "secret"][-1]
    assert last["winner"] == "blue" and last["cards"] == shown, last


def test_the_younger_variant_shows_cards_to_all() -> None:
    t, sent, _ = table()
    t.greet(1)
    t.on_event(ev(0, "game_started", game="labyrinth", players=["red", "blue"], corners={}, edition="classic",
                  variants=["younger"], layout=[], spare="NS", vader=None))
    t.on_event(ev(1, "card_shown", player="red", cards=["ring", "map"]))
    assert any(m["type"] == "event" and m["event"]["type"] == "card_shown" for m in to(sent, 1))


def test_struggle_objective_and_hint_are_private() -> None:
    t, sent, _ = table("struggle")
    t.greet(1)
    t.greet_private(2, "red")
    t.on_event(ev(0, "game_started", game="struggle", players=["red", "blue"], corners={}, track=["start"], rounds=1))
    t.on_event(ev(1, "objective", player="red", card=["K", "Q", "J", "10", "A"]))
    t.on_event(ev(2, "objective", player="blue", card=["Q", "K", "J", "10", "A"]))
    t.on_event(ev(3, "outcomes", player="red", outcomes=[], selected=0, hint=1))
    secrets = [m["secret"] for m in to(sent, 2) if m["type"] == "secret"]
    assert secrets[0]["card"] == ["K", "Q", "J", "10", "A"] and secrets[-1]["hint"] == 1
    assert all(s["card"] != ["Q", "K", "J", "10", "A"] for s in secrets)
    assert "objective" not in [m["event"]["type"] for m in to(sent, 1) if m["type"] == "event"]


def test_the_board_is_followed_leds_and_every_sensor() -> None:
    t, sent, _ = table("magic-labyrinth")
    t.greet(1)
    board = Board()
    t.watch_board(board)
    hello = t.hello()
    assert hello["layout"] == {"a1": 1, "b1": 0, "roll": 2}  # the wiring's chain order, from the board
    assert hello["frame"]["pixels"] == ["#010203", "#000000", "#ff0000"]
    assert hello["sensors"] == {"closed": ["a1"], "active": ["tray-sw"], "pressed": []}
    board.sinks[0](ReedChanged(7, "b1", True))
    board.sinks[0](HallChanged(8, "tray-sw", False))
    board.sinks[0](ButtonPressed(9, "roll"))
    board.frame_watchers[0](LedFrame(10, ((0, 0, 0), (0, 0, 9), (0, 0, 0))))
    last = [m for m in to(sent, 1) if m["type"] == "sensors"][-1]["sensors"]
    assert last == {"closed": ["a1", "b1"], "active": [], "pressed": [{"button": "roll", "t": 9}]}
    assert [m for m in to(sent, 1) if m["type"] == "frame"][-1]["pixels"] == ["#000000", "#000009", "#000000"]


def test_a_phones_commands_go_through_the_control_only() -> None:
    t, sent, control = table("magic-labyrinth")
    t.handle(1, SetOption("win_tokens", 3, 1), held=("red",))
    t.handle(1, SetOption("win_tokens", 99, 2), held=("red",))
    t.handle(1, SetOption("settle_ms", 5, 3), held=("red",))
    t.handle(1, Start(4), held=("red",))
    t.handle(1, Abandon(5), held=("red",))
    t.handle(1, Abandon(6))  # no seat
    replies = {m["id"]: m for m in to(sent, 1)}
    assert replies[1]["type"] == "done" and "win_tokens = 3" in replies[1]["message"]
    assert replies[2]["type"] == "error" and "1 to 24" in replies[2]["message"]
    assert replies[3]["type"] == "error" and "not an option" in replies[3]["message"]
    assert replies[4]["type"] == "error" and "fewer than two" in replies[4]["message"]
    assert replies[5]["type"] == "done" and "confirm" in replies[5]["message"]
    assert replies[6]["type"] == "error" and "claim a seat" in replies[6]["message"]
    assert control.calls == [("option", "win_tokens", 3), ("start", "phone (red)"), ("abandon", "phone (red)")]


def test_a_broken_page_never_raises_into_the_game() -> None:
    t, _, _ = table()

    def broken(msg: dict[str, Any], to: Any) -> None:
        raise RuntimeError("the web server is gone")

    t.outbox = broken
    t.clients.add(1)  # a shared page is open
    t.on_event(ev(0, "game_started", game="labyrinth", players=["red"], corners={}, edition="classic", variants=[],
                  layout=[], spare="NS", vader=None))
    t.on_event(ev(1, "turn_started", player="red", pawns=["red"]))
    t.watch_board(object())  # not a board at all
