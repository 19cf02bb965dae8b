"""Issue 15, Labyrinth newcomer 114: right after finding a card, while Blue played ("🤖 Blue plays by itself
(simulated): wait"), the card page (in its own tab) said "🔀 This turn, the push at N-b opens a way from your pawn to
it". The card page names pushes only during its own player's push (``LabyrinthTable._ways``): checked here from a card
found to the other player's turn. (The newcomer's card tab was looked at some seconds after Blue's turn began, and Red's
push had likely begun; the words now say "Your turn now:", not "This turn", which read as the turn being played.)"""

from __future__ import annotations

from test_game_tables import serve
from test_labyrinth_card_pushes import reds_push, told

from mazeboard.sim.web.labyrinth_table import Insert, Press, Slide


def test_after_a_card_is_found_the_card_page_names_no_push_in_the_other_player_s_turn() -> None:
    for seed in range(1, 40):
        s = serve("labyrinth", seed=seed)
        reds_push(s)
        card, ways = next(iter(told(s)["ways"].items()))
        if ways["now"]:
            break
    else:
        raise AssertionError("no seed gave a push to the picture")
    s.do(Insert(ways["now"][0]), 3000)
    s.until(lambda: s.table.view()["phase"] == "move")
    at = s.session.board.table.maze.cell_of(card)
    s.do(Slide("red", at), 8000)
    if s.table.view()["current"] == "red":
        s.do(Press("done"), 2000)
    s.until(lambda: s.table.view()["current"] == "blue")
    s.session.clock.advance(500)
    assert card not in told(s)["cards"], told(s)
    assert not told(s)["ways"], (s.table.view()["current"], s.table.view()["phase"], told(s)["ways"])
