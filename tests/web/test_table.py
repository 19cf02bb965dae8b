"""The browser table on virtual time: page commands become physical actions, the real
referee decides from the sensors alone, and the page is told what it decided."""

from __future__ import annotations

from webtable import open_table

from mazeboard.sim.web.protocol import FetchBall, Lift, NewGame, Place, Press, Reveal, Slide


def test_hello_tells_the_page_everything_to_draw_the_board() -> None:
    t = open_table()
    hello = t.sent[0][0]
    assert hello["type"] == "hello" and t.sent[0][1] == (1,)
    assert hello["humans"] == ["red"] and hello["players"] == ["red", "blue"]
    assert hello["corners"] == {"red": "a1", "blue": "f6"}
    assert hello["symbols"]["c6"] == "owl" and len(hello["cells"]) == 36
    assert hello["walls"] is None  # hidden unless asked for
    assert set(hello["world"]["pawns"]) == {"red", "blue"}


def test_roll_and_a_wall_hit_go_through_the_sensors_to_the_referee() -> None:
    t = open_table()
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    t.do(Press("roll"), 400)
    rolled = t.events("die_rolled")
    assert rolled and rolled[-1]["player"] == "red"
    # the LEDs: legal cells in dim red (the referee's frame, passed on as it is)
    frame = t.last("frame")["pixels"]
    layout = t.session.board.layout
    target = t.session.table.view.target
    plain = [c for c in rolled[-1]["legal"] if c != "a1" and (target is None or c != target["cell"])]
    assert plain
    for cell in plain:
        assert frame[layout.index(cell)] == "#4c0000"
    assert frame[layout.index("a1")] == "#ff0000"  # the player's corner, full red
    t.do(Slide("red", "b1"), 1500)  # a1-b1 is the only wall of this maze
    assert t.events("ball_dropped")[-1] == {**t.events("ball_dropped")[-1], "player": "red", "edge": "a1-b1"}
    assert [e["edge"] for e in t.events("wall_learned")] == ["a1-b1"]
    assert t.session.table.view.returning == ["red"]
    assert "Fish the ball out" in t.session.table.view.prompt()
    # back to the corner by hand, ball out of the tray: the referee sees it and the game goes on
    t.do(Lift("red"), 400)
    t.do(Place("red", "a1"), 400)
    t.do(FetchBall("red"), 1200)
    assert t.events("returned_to_start")[-1]["player"] == "red"
    t.advance_until(lambda: t.session.table.view.current == "blue" and t.session.table.view.phase == "move")
    assert t.errors() == []


def test_refusals_change_nothing_and_name_the_reason() -> None:
    t = open_table()
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    before = t.session.world.snapshot()
    actions = len(t.session.table.recorder.actions)
    t.do(Slide("red", "c3"), 600)
    t.do(Slide("blue", "f5"), 600)
    t.do(Place("red", "c3"), 600)
    t.do(FetchBall("red"), 600)
    t.do(Slide("green", "a2"), 600)
    errors = t.errors()
    assert "press Roll first" in errors[0]  # before the roll the hand waits (the neighbour check: below)
    assert "blue is a simulated player" in errors[1]
    assert "lift it first" in errors[2]
    # the 🎣 button's own words on the page (controls fetch:red), not other ones (attacker, round 24)
    assert "no ball of yours is in the tray" in errors[3], errors[3]
    assert "green does not play" in errors[4]
    assert t.session.world.snapshot()["pawns"] == before["pawns"]
    assert len(t.session.table.recorder.actions) == actions
    assert all(to == (1,) for m, to in t.sent if m["type"] == "error")  # only the asking page is told


def test_a_watching_page_cannot_move_anything() -> None:
    t = open_table(humans=())
    t.do(Press("roll"))
    t.do(Slide("red", "a2"))
    assert len(t.errors()) == 2 and all("only watches" in e for e in t.errors())


def test_reveal_walls_is_per_page_and_off_by_default() -> None:
    t = open_table(maze=("a1-b1", "c3-c4"))
    t.do(Reveal(True))
    assert t.last("walls") == {"type": "walls", "walls": ["a1-b1", "c3-c4"]}
    assert t.session.table.hello(1)["walls"] == ["a1-b1", "c3-c4"]
    assert t.session.table.hello(2)["walls"] is None
    t.do(Reveal(False))
    assert t.last("walls")["walls"] is None


def test_a_new_game_asks_the_session_to_end_with_the_next_request() -> None:
    t = open_table()
    t.do(NewGame(3, "hard", ("green",), 42))
    nxt = t.session.next_request
    assert nxt is not None and (nxt.players, nxt.maze, nxt.humans, nxt.seed) == (3, "hard", ("green",), 42)
    assert nxt.browser and not nxt.open_browser
    assert t.last("restarting") == {"type": "restarting"}


def test_a_new_game_with_a_human_colour_not_playing_is_refused() -> None:
    t = open_table()
    t.do(NewGame(2, "easy", ("yellow",), None))
    assert "yellow does not play in a 2-player game" in t.errors()[-1]
    assert t.session.next_request is None


def test_the_hand_queues_steps_but_not_without_limit() -> None:
    t = open_table(maze=())
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    t.do(Press("roll"), 600)  # the hand moves the pawn once the die is rolled
    t.advance_until(lambda: t.session.table.view.phase == "move")
    path = ["a2", "a3", "a4", "a5", "a6", "b6", "c6", "d6"]
    for cell in path:
        t.do(Slide("red", cell))
    assert any("still busy" in e for e in t.errors())
    t.clock.advance(3000)
    cells = [a.words for a in t.session.table.recorder.actions if a.words[0] == "slide"]
    assert cells == [("slide", "red", c) for c in path[:6]]


def test_every_command_is_answered_in_order_and_a_world_follows_the_answer() -> None:
    """Keys pressed quickly: the page sends slide b1, c1, d1 before it hears of the first. A
    ``world`` message sent between two of them does not show the later ones yet; the page keeps
    its own plan until every command it sent is answered (``ok`` or ``error``), so each command
    needs exactly one answer, in order, and a world after the answer shows that command."""
    t = open_table()
    t.do(Press("roll", msg_id=1), 600)
    t.advance_until(lambda: t.session.table.view.phase == "move")
    t.sent.clear()
    t.session.table.handle(1, Slide("red", "b1", msg_id=2))
    t.session.table.handle(1, Slide("red", "c1", msg_id=3))
    t.session.table.handle(1, Slide("red", "c3", msg_id=4))  # not next to c1: refused
    t.do(Lift("red", msg_id=5), 1)
    answers = [(m["type"], m.get("id")) for m, _ in t.sent if m["type"] in ("ok", "error")]
    assert answers == [("ok", 2), ("ok", 3), ("error", 4), ("ok", 5)]
    kinds = [m["type"] for m, _ in t.sent]
    last_answer = max(i for i, k in enumerate(kinds) if k in ("ok", "error"))
    after = [m for m, _ in t.sent[last_answer:] if m["type"] == "world"]
    assert after and after[0]["world"]["hands"]["red"] == {"cell": None, "busy": True}  # lifted on its way to c1


def test_steps_asked_one_after_another_are_never_refused_as_too_many() -> None:
    """CI79's overstep test lost its last step back: each key came as the board saw the step before, the hand
    still finishing it, and the hand counted actions since it was last idle (7 in a row → "still busy") rather
    than actions waiting. A person stepping steadily never has more than one step waiting."""
    t = open_table(maze=())
    t.advance_until(lambda: t.session.table.view.phase == "roll")
    t.do(Press("roll"), 600)
    t.advance_until(lambda: t.session.table.view.phase == "move")
    path = ["b1", "c1", "d1", "e1", "f1", "e1", "d1", "c1"]
    for cell in path:
        t.do(Slide("red", cell))
        assert not t.errors(), (cell, t.errors())
        t.advance_until(lambda cell=cell: t.session.world.pawns["red"].cell == cell, step_ms=10)
        assert not t.session.table.hands["red"].hands.idle  # the hand still finishing the step
    assert not any("still busy" in e for e in t.errors()), t.errors()
    t.clock.advance(3000)
    cells = [a.words for a in t.session.table.recorder.actions if a.words[:2] == ("slide", "red")]
    assert cells[:len(path)] == [("slide", "red", c) for c in path]
