"""Issue 15, Labyrinth newcomers 84 and 86: to find a push that opened a way to their card's picture they pointed at
the arrows one by one (eleven, then 22 marks). The board's page may not say it (the picture is secret and the page is
the table's); the card's own page does, privately: during its player's push, the pushes that open a way from the
pawn to each card's picture with the spare as it lies (``now``) and with the spare turned some way (``turned``).

The pushes are checked here against the maze itself (each push done on a copy, the reach flooded from where the
pawn stands after it), not against the code that computes them."""

from __future__ import annotations

from typing import Any

from test_game_tables import BLUE_PAGE, RED_PAGE, Served, secrets, serve

from mazeboard.hal.labyrinth import CELLS, INDEX, SLOT_NAMES, SLOTS, Maze, moved_index, ready_for_next_turn
from mazeboard.sim.web.labyrinth_table import Insert, Rotate


def apart(a: str, b: str) -> int:
    return abs(ord(a[0]) - ord(b[0])) + abs(int(a[1]) - int(b[1]))


def truth(maze: Maze, pawn: str, picture: str, forbidden: str | None, fixed: str | None = None) -> dict[str, Any]:
    """The pushes (not the forbidden one) after which ``picture`` lies on a tile the pawn can walk to; when none does
    with the spare as it lies, the pushes that let it walk nearest, each with the tile to walk to (``stay``: the
    pushes whose tile is the one the pawn stands on after the push)."""
    now, turned, near, stay, turns, closest = [], [], {}, {}, {}, 99
    for slot in SLOT_NAMES:
        if slot == forbidden:
            continue
        opens = []
        for q in range(4):
            after, _ = maze.shifted(slot, q)
            at = fixed or after.cell_of(picture)  # (a start square: a fixed tile)
            there = CELLS[moved_index(INDEX[pawn], SLOTS[slot])]
            reach = after.reachable_cells(there)
            opens.append(at is not None and at in reach)
            if at is not None and at not in reach:
                closest = min(closest, min(apart(c, at) for c in reach))
            if q == 0 and at is not None and at not in reach:
                best = min(apart(c, at) for c in reach)
                near[slot] = (best, min((c for c in reach if apart(c, at) == best), key=INDEX.__getitem__))
                stay[slot] = near[slot][1] == there
        if opens[0]:
            now.append(slot)
        if any(opens):
            turned.append(slot)
            turns[slot] = opens.index(True)  # the fewest ⟳ Rotate presses (a quarter clockwise each)
    tiles = 0 if now or not near else min(d for d, _ in near.values())
    nearest = {} if now else {s: c for s, (d, c) in near.items() if d == tiles}
    # no push, the spare turned any way, lets the pawn walk nearer than it stands now (Labyrinth newcomer 91 read a
    # list of pushes that moved it nowhere as advice; an attack found a turned spare that did help)
    here = fixed or maze.cell_of(picture)
    nearer = bool(turned) or not nearest or here is None or closest < apart(pawn, here)
    # (where no push helps, the look a turn further: checked against the tiles in test_lab_ready_next_turn.py)
    ready = None if nearer or here is None else ready_for_next_turn(maze.openings, maze.spare.mask, INDEX[pawn],
                                                                     INDEX[here], forbidden)
    return {"now": now, "turned": turned, "nearest": nearest, "tiles": tiles, "stay": [s for s in nearest if stay[s]],
            "turns": turns, "nearer": nearer, "ready": ready}


def reds_push(s: Served) -> None:
    s.until(lambda: s.table.view()["current"] == "red" and s.table.view()["phase"] == "shift"
            and "push" in s.table.view()["prompt"])


def told(s: Served, client: int = RED_PAGE) -> dict[str, Any]:
    return secrets(s, client)[-1]


def expected(s: Served) -> dict[str, dict[str, list[str]]]:
    maze = s.session.board.table.maze
    pawn = s.session.board.world.pawns["red"].cell
    return {c: truth(maze, pawn, c, s.table.view()["forbidden"]) for c in told(s)["cards"]}


def test_the_card_page_names_the_pushes_that_open_a_way_to_its_picture() -> None:
    kinds = set()
    for seed in range(1, 12):
        s = serve("labyrinth", seed=seed)
        reds_push(s)
        assert told(s)["cards"], told(s)
        assert told(s)["ways"] == expected(s), (seed, told(s)["ways"], expected(s))
        ways = next(iter(told(s)["ways"].values()))
        kinds.add("now" if ways["now"] else "turned" if ways["turned"] else "nearest" if ways["nearer"] else "stuck")
    assert kinds >= {"now", "turned", "nearest"}, kinds  # every case met


def test_a_turn_of_the_spare_tells_the_card_page_again() -> None:
    changes = 0
    for seed in range(3, 12):
        s = serve("labyrinth", seed=seed)
        reds_push(s)
        for _ in range(4):
            before, sent, was = s.session.board.table.maze.spare, len(secrets(s, RED_PAGE)), told(s)["ways"]
            s.do(Rotate(), 1500)
            assert s.session.board.table.maze.spare != before
            assert told(s)["ways"] == expected(s), told(s)["ways"]
            if expected(s) != was:  # told once each time the pushes change
                assert len(secrets(s, RED_PAGE)) == sent + 1
                changes += 1
        if changes:
            break
    assert changes, "no seed's spare turned the pushes"


def test_the_pushes_are_said_only_on_the_push_of_the_card_s_own_player() -> None:
    s = serve("labyrinth", seed=3)
    reds_push(s)
    assert told(s)["ways"]
    # Blue's page never hears of Red's card, and has no pushes while it is Red's turn
    assert all(not sec.get("ways") for sec in secrets(s, BLUE_PAGE))
    assert not any(c in str(secrets(s, BLUE_PAGE)) for c in told(s)["cards"])
    s.do(Insert(next(x for x in SLOT_NAMES if x != s.table.view()["forbidden"])), 3000)
    s.until(lambda: s.table.view()["phase"] != "shift")
    assert not told(s)["ways"], told(s)


def test_a_push_the_card_page_names_opens_the_way() -> None:
    """Pushed where the card page says, the referee's own reach holds the picture's tile."""
    for seed in range(1, 30):
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
    assert at in s.game.referee.snapshot()["reachable"]["red"], (at, s.game.referee.snapshot()["reachable"])


def test_every_card_found_the_card_page_names_the_pushes_home() -> None:
    """Labyrinth newcomer 89: with every card found the card page said "Go back to your start square a1" and nothing of
    the pushes that open a way there (the board's page said them): the card page names them too, as ``home``."""
    for seed in range(1, 12):
        s = serve("labyrinth", seed=seed)
        reds_push(s)
        s.table.cards["red"] = []  # every card found (the table's own record of it)
        s.table.world_changed()
        maze, pawn = s.session.board.table.maze, s.session.board.world.pawns["red"].cell
        want = truth(maze, pawn, "", s.table.view()["forbidden"], fixed=s.table.view()["corners"]["red"])
        assert told(s)["cards"] == [] and told(s)["ways"] == {"home": want}, (seed, told(s)["ways"], want)
        if want["now"]:
            break
    else:
        raise AssertionError("no seed opened a way home")


def test_with_exit_anywhere_the_card_page_names_no_way_home() -> None:
    """(an attack: in the exit-anywhere variant, where the last card found sends the pawn out at any edge, the card page
    named the pushes to the start square, and a pawn walked there did not win)"""
    s = serve("labyrinth", variants=("exit-anywhere",))
    reds_push(s)
    s.table.cards["red"] = []
    s.table.world_changed()
    assert told(s)["cards"] == [] and not told(s)["ways"], told(s)
    assert told(s)["exit_anywhere"] is True


def test_the_turns_of_the_spare_and_a_pawn_no_push_brings_nearer_are_told() -> None:
    """Labyrinth newcomer 91: "Turned another way (⟳ Rotate), the spare lets these: S-f" said no number of turns (it
    rotated, switched to the card tab, read, switched back); and boxed in on c2 it read "S-b (your pawn is on c2
    after it), N-b (…) and 8 more as near" as advice, no push bringing it nearer. ``turns``: the fewest ⟳ presses per
    push; ``nearer``: False when no push lets the pawn walk nearer than it stands."""
    kinds = set()
    for seed in (*range(1, 12), 116):  # (seed 116: Red boxed in on a1, the owl beside it past a wall)
        s = serve("labyrinth", seed=seed)
        reds_push(s)
        assert told(s)["ways"] == expected(s), (seed, told(s)["ways"], expected(s))
        for ways in told(s)["ways"].values():
            assert set(ways["turns"]) == set(ways["turned"]) and set(ways["turns"].values()) <= {0, 1, 2, 3}
            kinds.add("turned" if set(ways["turns"].values()) - {0} else "")
            kinds.add("stuck" if not ways["nearer"] else "")
        if {"turned", "stuck"} <= kinds:
            break
    assert {"turned", "stuck"} <= kinds, kinds


def test_no_push_that_helps_is_said_only_when_no_turn_of_the_spare_helps() -> None:
    """(an attack, over random mazes: "none lets your pawn get nearer … whichever way the spare is turned" was said in
    103 of 1,534 cases where a push with the spare turned did let the pawn walk nearer) Each push, each quarter turn,
    flooded here from the sweep's reach: ``nearer`` is False only where none gets nearer than the pawn stands."""
    import random

    from mazeboard.hal.labyrinth import _apart, openings, picture_pushes, rotate, sweep

    rng = random.Random(1)
    shapes = [0b0101, 0b0011, 0b0111]  # a straight, a corner, a tee
    stuck = 0
    for _ in range(4000):
        masks = [rotate(rng.choice(shapes), rng.randrange(4)) for _ in range(49)]
        spare = rotate(rng.choice(shapes), rng.randrange(4))
        pawn, picture = rng.randrange(49), rng.randrange(49)
        if pawn == picture:
            continue
        op = openings(masks)
        told = picture_pushes(op, spare, pawn, picture)
        best = min(min(_apart(i, moved_index(picture, SLOTS[name])) for i in range(49) if (bits >> i) & 1)
                   for name, _q, _moved, bits in sweep(op, spare, pawn) if picture != SLOTS[name].line[-1])
        assert told.nearer == (best < _apart(pawn, picture) or bool(told.turned)), (pawn, picture, told, best)
        stuck += not told.nearer
    assert stuck > 50, stuck  # the case is met


def test_every_card_found_and_home_the_card_page_says_so() -> None:
    """(Labyrinth newcomers 99 and 100: the pawn home on a1, the board said "press Done to win the game" while the card
    page still said "All found! Go back to your start square a1.") The card page hears ``at_home`` (every card found,
    its pawn on its start square) whenever it changes."""
    s = serve("labyrinth", seed=3)
    reds_push(s)
    assert told(s)["at_home"] is False  # (cards to find)
    s.table.cards["red"] = []  # every card found, the pawn on its start square (where it began)
    s.table.world_changed()
    assert s.session.board.world.pawns["red"].cell == s.table.view()["corners"]["red"]
    assert told(s)["at_home"] is True, told(s)
