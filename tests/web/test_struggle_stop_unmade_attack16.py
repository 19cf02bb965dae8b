"""Attack 16: the simulator's Stop while a move no reed can see is not made. The page greys Stop and says
which moves are left (newcomer 15), but a second tab whose world was a moment old, a key press raced with a
token move, or any raw WebSocket client still sent ``press stop`` and the table pressed it: the turn ended
with tokens the board then believed on space 1 standing on START. The table refuses it with the page's
words, at the command and again when the hand would press it."""

from __future__ import annotations

from test_game_tables import SHARED, serve

from mazeboard.sim.web.protocol import Press
from mazeboard.sim.web.struggle_table import MoveToken


def _unseen_left():
    # seed 2's first hand played as way 1: K, Q and 10 from START to space 1, J to space 2; once one of
    # K, Q, 10 closes space 1 the other two change no reed
    s = serve("struggle", seed=2)
    ref = s.game.referee
    s.do(Press("throw"), 800)
    s.do(Press("stop"), 800)
    s.do(Press("stop"), 1500)
    assert ref.state == "placing" and set(ref.unseen) == {"K", "Q", "10"}, (ref.state, ref.unseen)
    s.do(MoveToken("K", "s1"), 1500)
    s.do(MoveToken("J", "s2"), 1500)
    said = ref.instruction()
    assert said.message == "str.placed_unseen" and "stop" in said.buttons, (said.message, said.text())
    return s, ref


def test_stop_with_an_unseen_move_not_made_is_refused_in_words() -> None:
    s, ref = _unseen_left()
    s.do(Press("stop"), 1500)
    assert ref.current == "red" and ref.state == "placing", (ref.current, ref.state)
    said = s.errors(SHARED)
    assert said and "first move" in said[-1] and "token Q to space 1" in said[-1], said
    # once the tokens stand, Stop ends the turn
    s.do(MoveToken("Q", "s1"), 1500)
    s.do(MoveToken("10", "s1"), 1500)
    s.do(Press("stop"), 1500)
    assert ref.current == "blue", (ref.current, ref.state, s.errors(SHARED))


def test_a_token_moved_back_before_the_hand_presses_stop_leaves_it_unpressed() -> None:
    s, ref = _unseen_left()
    s.do(MoveToken("Q", "s1"), 1500)
    s.do(MoveToken("10", "s1"), 1500)
    # another tab takes 10 back to START (no reed changes: START still holds 9) as Stop is pressed
    s.do(MoveToken("10", "s0"))
    s.do(Press("stop"), 3000)
    assert ref.current == "red" and ref.state == "placing", (ref.current, ref.state)
    said = s.errors(SHARED)
    assert said and "token 10 to space 1" in said[-1], said
