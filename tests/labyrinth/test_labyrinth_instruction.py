"""What the Labyrinth board asks (issue 11): one instruction per state, requests of one kind for
every pawn that is not where the referee believes it belongs, buttons that act only when the
instruction lists them, and the board check after a restart. The referee is fed sensor events
by hand on a virtual clock (no simulator), on the forced layout of tests/labyrinth/scenarios/."""

from __future__ import annotations

from typing import Any

from mazeboard.controller.instruction import MESSAGES, why_id
from mazeboard.controller.labyrinth.referee import STATES, LabyrinthReferee
from mazeboard.controller.leds import PLAYER_RGB, WARNING_ALT_RGB, WARNING_RGB
from mazeboard.hal.board import GameSetup
from mazeboard.hal.clock import VirtualClock
from mazeboard.hal.events import ButtonPressed, GameEvent, LedFrame, ReedChanged
from mazeboard.hal.labyrinth import led_layout

LAYOUT = [
    "ES NW ESW:book EW ESW:money EW SW",
    "NE SW:beetle NEW:dragon NS EW NW:mouse NE",
    "NES:map EW NES:crown EW ESW:keys SW NSW:skull",
    "NES:bat NSW:ghost SW:spider ES EW NE ES",
    "NES:ring NW NEW:chest EW NSW:emerald NS NSW:sword",
    "SW:owl NS EW NEW:genie NES:sorceress NE NW:lizard",
    "NE ES:moth NEW:candle NSW:pig NEW:helmet ES NW",
]


class Table:
    """A Labyrinth referee on a virtual clock with the reeds it was sent (red a1, blue g7)."""

    def __init__(self, options: dict[str, Any] | None = None) -> None:
        self.clock = VirtualClock()
        self.events: list[GameEvent] = []
        self.frames: list[LedFrame] = []
        setup = GameSetup("labyrinth", ("red", "blue"), 3, options=options or {},
                          extra={"layout": LAYOUT, "spare": "NS", "cards": {"red": ["ring", "owl"],
                                                                            "blue": ["money", "skull"]}})
        self.ref = LabyrinthReferee(setup, self.clock, led_layout(), self.events.append, self.frames.append)
        self.closed = {"a1", "g7"}
        self.ref.start()

    def reed(self, cell: str, closed: bool, wait: int = 300) -> None:
        (self.closed.add if closed else self.closed.discard)(cell)
        self.ref.on_sensor(ReedChanged(self.clock.now_ms(), cell, closed))
        self.clock.advance(wait)

    def move(self, frm: str, to: str, wait: int = 300) -> None:
        self.reed(frm, False, 20)
        self.reed(to, True, wait)

    def press(self, button: str, wait: int = 400) -> list[GameEvent]:
        mark = len(self.events)
        self.ref.on_sensor(ButtonPressed(self.clock.now_ms(), button))
        self.clock.advance(wait)
        return self.events[mark:]

    def said(self) -> dict[str, Any]:
        return next(e.to_dict() for e in reversed(self.events) if e.type == "instruction")

    def last(self, type_: str) -> GameEvent:
        return next(e for e in reversed(self.events) if e.type == type_)

    def led(self, name: str) -> tuple[int, int, int]:
        return self.frames[-1].pixels[led_layout().index(name)]

    def leds_over(self, name: str, ms: int = 1000) -> set[tuple[int, int, int]]:
        """The colours LED ``name`` shows over the next ``ms`` (animations run on the clock)."""
        seen = set()
        for _ in range(ms // 50):
            self.clock.advance(50)
            seen.add(self.led(name))
        return seen


def blocking(said: dict[str, Any]) -> list[dict[str, Any]]:
    return [r for r in said["requests"] if r["blocking"]]


def test_every_state_of_the_machine_has_an_instruction_and_a_restart_check_state() -> None:
    t = Table()
    assert "waiting_for_setup" in STATES
    assert set(t.ref._instructions) == set(STATES)


def test_a_pawn_moved_out_of_turn_is_asked_back_to_the_cell_it_left_and_done_waits() -> None:
    """Blue is lifted from g7 during red's move and set down on d4: the board asks for blue's pawn
    on d4 to go to g7 (g7 blinks in blue, d4 pulses); Done is not offered and does nothing until then."""
    t = Table()
    t.press("slot:W-2")
    assert t.ref.state == "waiting_for_move"
    t.move("g7", "d4")
    warning = t.last("warning")
    assert (warning["kind"], warning["pawn"], warning["cell"]) == ("out_of_turn", "blue", "g7")
    said = t.said()
    assert blocking(said) == [{"piece": "blue", "kind": "pawn", "reason": "out_of_turn", "from": "d4",
                               "to": ["g7"], "by": "blue", "blocking": True}]
    assert "done" not in said["buttons"] and "g7" in said["text"] and "d4" in said["text"]
    assert t.leds_over("g7", 3000) >= {PLAYER_RGB["blue"]}  # after the warning's flash
    assert [e.type for e in t.press("done")] == []  # not listed: nothing happens
    assert t.ref.current == "red"
    t.move("d4", "g7")
    said = t.said()
    assert said["requests"] == [] and "done" in said["buttons"] and said["action"] == "move"
    assert "turn_ended" in [e.type for e in t.press("done")]
    assert t.ref.current == "blue" and t.ref.snapshot()["positions"] == {"red": "a1", "blue": "g7"}


def test_another_pawn_moved_before_the_shift_is_out_of_turn_by_its_owner_and_the_shift_waits() -> None:
    """Blue's pawn slides g7 -> g6 while red should shift: out of turn by blue (RULES.md §1 policy),
    not red's moved_before_shift; blue is asked to put it back, the slots wait, and once it is back
    red's instruction is the shift again."""
    t = Table()
    t.move("g7", "g6")
    warning = t.last("warning")
    assert (warning["kind"], warning["player"], warning["pawn"], warning["cell"]) == (
        "out_of_turn", "blue", "blue", "g7")
    said = t.said()
    assert (said["player"], said["action"]) == ("red", "correct")
    assert [(r["piece"], r["from"], r["to"], r["reason"], r["by"]) for r in blocking(said)] == [
        ("blue", "g6", ["g7"], "out_of_turn", "blue")]
    assert "out of turn" in said["text"] and "before the shift" not in said["text"]
    assert not any(b.startswith("slot:") for b in said["buttons"])
    t.move("g6", "g7")
    said = t.said()
    assert (said["player"], said["action"], said["requests"]) == ("red", "shift", [])
    assert "slot:W-2" in said["buttons"]


def test_a_pawn_lifted_before_the_shift_blocks_the_slots_and_is_asked_back() -> None:
    t = Table()
    t.reed("a1", False)
    assert t.last("warning")["kind"] == "moved_before_shift"
    said = t.said()
    assert [(r["piece"], r["from"], r["to"], r["reason"]) for r in blocking(said)] == [
        ("red", None, ["a1"], "moved_before_shift")]
    assert not any(b.startswith("slot:") for b in said["buttons"])
    t.reed("d4", True)  # set down elsewhere: the request now names where it stands
    assert [(r["from"], r["to"]) for r in blocking(t.said())] == [("d4", ["a1"])]
    refused = t.press("slot:W-2")
    assert [e.type for e in refused] == ["warning"] and refused[0]["kind"] == "extra_shift"
    t.move("d4", "a1")
    assert any(b.startswith("slot:") for b in t.said()["buttons"])
    assert "shifted" in [e.type for e in t.press("slot:W-2")]


def test_done_before_the_push_changes_nothing_but_points_at_the_slots() -> None:
    """Issue 15: Done pressed before the push must say something visible: the instruction never
    lists Done before the shift, and pressing it flashes the slots that may take the spare."""
    t = Table()
    said = t.said()
    assert "done" not in said["buttons"] and said["action"] == "shift" and "slot:W-2" in said["buttons"]
    assert t.press("done", wait=0) == []
    assert t.leds_over("slot:W-2", 500) >= {WARNING_RGB, WARNING_ALT_RGB}


def test_a_pawn_not_carried_by_the_push_is_asked_for_on_the_cell_the_push_takes_it_to() -> None:
    """Red on a2 is pushed off by E-2 and must go on the inserted tile g2: until it is there the
    instruction asks for it (g2 blinks in red), naming where it was set down instead; a closed
    reed nobody explains is only pointed at and does not hold the push."""
    t = Table()
    t.press("slot:W-2")
    t.move("a1", "a2")
    t.press("done")
    t.press("slot:W-4")
    t.press("done")
    assert t.ref.current == "red"
    t.press("slot:E-2")
    assert t.ref.state == "waiting_for_settle"
    t.reed("a2", False)  # lifted off the board by the push
    said = t.said()
    assert [(r["piece"], r["reason"], r["from"], r["to"]) for r in blocking(said)] == [("red", "wrapped", None, ["g2"])]
    assert t.leds_over("g2") >= {PLAYER_RGB["red"]}
    t.reed("c4", True)  # set down on c4 instead
    assert [(r["piece"], r["from"], r["to"]) for r in blocking(t.said())] == [("red", "c4", ["g2"])]
    t.reed("g2", True, wait=100)  # a pawn on g2 now; c4 stays closed (a magnet the board cannot explain)
    said = t.said()
    assert blocking(said) == [] and [(r["kind"], r["from"]) for r in said["requests"]] == [("magnet", "c4")]
    t.clock.advance(1000)
    assert t.ref.state == "waiting_for_move" and t.ref.positions["red"] == "g2"


#: every reason a Labyrinth request can carry (docs/event-log.md, Labyrinth's instruction)
LAB_REASONS = ("out_of_turn", "moved_before_shift", "unreachable", "lifted", "wrapped", "pushed", "not_wrapped",
               "misplaced", "resumed", "set_up", "stray")


def test_every_request_reason_has_labyrinth_words() -> None:
    """Each Labyrinth reason is said in the Labyrinth's own words (``lab.why.*``) or in the words
    every game shares (``why.*``), never in another game's (Struggle's ``misplaced`` is 'the play')."""
    for reason in LAB_REASONS:
        mid = why_id("lab", reason)
        assert mid in MESSAGES and mid in (f"lab.why.{reason}", f"why.{reason}"), reason
    assert "push" in MESSAGES[why_id("lab", "misplaced")] and "play" in MESSAGES[why_id("str", "misplaced")]
    other_games = {m.split(".why.")[1] for m in MESSAGES if ".why." in m and not m.startswith("lab.")}
    for reason in other_games - set(LAB_REASONS):  # another game's reason is no Labyrinth word
        assert why_id("lab", reason) not in MESSAGES, reason


def test_a_pawn_the_push_does_not_carry_left_elsewhere_is_still_out_of_turn_when_the_push_is_overdue() -> None:
    """Blue's pawn slides g7 -> f6 while red's push at W-4 (rank 4: it does not carry blue) settles;
    once the push is overdue the request still says why in the Labyrinth's words: blue moved out
    of turn (asked of blue), not ``misplaced`` -- and never Struggle's 'the play'. (Labyrinth's own
    ``misplaced`` words: test_every_request_reason_has_labyrinth_words.)"""
    t = Table()
    t.press("slot:W-4", wait=0)
    t.move("g7", "f6", wait=50)
    t.clock.advance(t.ref.options.wrap_timeout_ms)
    said = t.said()
    assert [(r["piece"], r["reason"], r["from"], r["to"], r["by"]) for r in blocking(said)] == [
        ("blue", "out_of_turn", "f6", ["g7"], "blue")]
    assert "the play" not in said["text"]
    assert [m["args"]["why_id"] for m in said["messages"][1:]] == ["why.out_of_turn"]


def test_after_a_restart_the_board_is_checked_and_the_players_guided_until_it_matches() -> None:
    """A referee that replayed red's push and step to a2 is resumed on a board whose pawns are back
    on their corners: it announces the saved game (with the tiles), asks for red's pawn on a2, and
    offers Done (the tiles cannot be sensed: the people confirm them) once the pawns match."""
    t = Table()
    t.press("slot:W-2")
    t.move("a1", "a2")
    t.closed = {"a1", "g7"}  # the plug was out: the board came back with the pawns on their corners
    t.ref.resume(frozenset({"a1", "g7"}), frozenset())
    resumed = t.last("game_resumed")
    assert resumed["state"] == "waiting_for_move" and resumed["positions"] == {"red": "a2", "blue": "g7"}
    assert resumed["layout"] == t.ref.maze.rows() and resumed["spare"] == t.ref.maze.spare.notation()
    assert t.ref.state == "waiting_for_setup"
    said = t.said()
    assert said["action"] == "check" and "done" not in said["buttons"]
    assert [(r["piece"], r["from"], r["to"], r["reason"]) for r in blocking(said)] == [
        ("red", "a1", ["a2"], "resumed")]
    assert t.press("done") == []
    t.move("a1", "a2")
    said = t.said()
    assert said["requests"] == [] and "done" in said["buttons"]
    restored = [e.type for e in t.press("done")]
    assert "setup_restored" in restored and t.ref.state == "waiting_for_move"
    assert "turn_ended" in [e.type for e in t.press("done")]
    assert t.ref.positions == {"red": "a2", "blue": "g7"}


def test_the_quick_match_gives_reconciles_answer() -> None:
    """The direct match for one-cell beliefs (belief._one_cell, what reconcile answers for
    the Labyrinth's belief) must answer as the general search does, on random boards: shared
    cells, free pawns, strays, open cells."""
    import random

    from mazeboard.controller.belief import _one_cell, _search

    rng = random.Random(11)
    cells = ["a1", "a2", "b1", "b2", "c3"]
    for _ in range(3000):
        pawns = ["red", "blue", "green", "vader"][: rng.randint(1, 4)]
        may = {p: (None if rng.random() < 0.2 else frozenset({rng.choice(cells)})) for p in pawns}
        hint = {p: rng.choice([*cells, None]) for p in pawns}
        closed = {c for c in cells if rng.random() < 0.5}
        explained = frozenset(c for c in closed if rng.random() < 0.2)
        assert _one_cell(may, closed, hint, explained) == _search(may, closed, hint, explained), \
            (may, closed, hint, explained)


def test_another_pawn_moved_while_the_push_settles_is_out_of_turn_by_its_owner() -> None:
    """Blue's pawn slides g7 -> g6 while red's push at W-2 (rank 2: nobody on it) settles: the push
    does not carry it, so it moved out of turn -- warned to blue and asked of blue in those words,
    never 'the push carries it there' or a misplaced cell blamed on red; once it is back red moves."""
    t = Table()
    assert "shifted" in [e.type for e in t.press("slot:W-2", wait=50)]
    t.move("g7", "g6", wait=2000)
    warnings = [e.to_dict() for e in t.events if e.type == "warning"]
    assert [(w["kind"], w["player"], w.get("pawn"), w["cell"]) for w in warnings] == [
        ("out_of_turn", "blue", "blue", "g7")]
    said = t.said()
    assert [(r["piece"], r["from"], r["to"], r["reason"], r["by"]) for r in blocking(said)] == [
        ("blue", "g6", ["g7"], "out_of_turn", "blue")]
    assert "out of turn" in said["text"] and "push carries" not in said["text"]
    t.move("g6", "g7", wait=2000)
    said = t.said()
    assert (said["player"], said["action"], said["requests"]) == ("red", "move", [])
