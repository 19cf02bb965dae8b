"""Labyrinth geometry (hal) and rules (RULES.md §2): tiles, editions, shift, forbidden slot,
wrap, reachability, cards, winning, variants."""

from __future__ import annotations

import random
from collections import deque

import pytest

from mazeboard.controller.labyrinth import rules
from mazeboard.controller.labyrinth.rules import LabyrinthOptions
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.labyrinth import (
    CELLS, GRID, INDEX, SLOTS, Maze, Tile, cells_of, distinct_turns, format_sides, openings, parse_sides,
    parse_tile, reachable, rotate, shift_openings, sweep,
)
from mazeboard.hal.labyrinth_editions import EDITIONS, VADER, deal

CLASSIC = EDITIONS["classic"]
STAR_WARS = EDITIONS["star-wars"]


def naive_reachable(maze: Maze, cell: str) -> set[str]:
    """Breadth-first search over tile masks, written without bitboards (the oracle)."""
    opens = {"N": (0, 1, "S"), "E": (1, 0, "W"), "S": (0, -1, "N"), "W": (-1, 0, "E")}
    seen = {cell}
    todo = deque([cell])
    while todo:
        c = todo.popleft()
        f, r = GRID.coords(c)
        here = format_sides(maze.tile(c).mask)
        for side, (df, dr, back) in opens.items():
            nf, nr = f + df, r + dr
            if side in here and 0 <= nf < 7 and 0 <= nr < 7:
                n = GRID.cell_at(nf, nr)
                if back in format_sides(maze.tile(n).mask) and n not in seen:
                    seen.add(n)
                    todo.append(n)
    return seen


def test_rotation_turns_clockwise() -> None:
    assert format_sides(rotate(parse_sides("NE"))) == "ES"
    assert format_sides(rotate(parse_sides("NES"), 3)) == "NEW"
    assert rotate(parse_sides("NS"), 2) == parse_sides("NS")
    assert distinct_turns(parse_sides("NS")) == (0, 1)
    assert len(distinct_turns(parse_sides("NE"))) == 4


def test_tile_notation_round_trips_and_rejects_garbage() -> None:
    assert parse_tile("ESW:ring") == Tile(parse_sides("ESW"), "ring")
    assert parse_tile("NS:vader").mark == VADER
    assert parse_tile("NES:map").notation() == "NES:map"
    for bad in ("", "NN", "X", "N", "NESW", "NS:"):
        with pytest.raises(ConfigError):
            parse_tile(bad)


@pytest.mark.parametrize("name", sorted(EDITIONS))
def test_each_edition_has_16_fixed_34_loose_and_24_pictures_once(name: str) -> None:
    ed = EDITIONS[name]
    assert len(ed.fixed) == 16 and len(ed.loose) == 34
    assert all(GRID.coords(c)[0] % 2 == 0 and GRID.coords(c)[1] % 2 == 0 for c in ed.fixed)
    shapes = [t.shape for t in ed.loose]
    assert (shapes.count("straight"), shapes.count("corner"), shapes.count("t")) == (12, 16, 6)
    pictures = [t.picture for t in (*ed.fixed.values(), *ed.loose) if t.picture]
    assert sorted(pictures) == sorted(ed.cards) and len(set(pictures)) == 24
    assert [t.picture for t in ed.loose if t.shape == "t"].count(None) == 0
    assert sum(1 for t in ed.loose if t.mark == VADER) == (1 if ed.vader_tile else 0)
    maze = deal(ed, random.Random(5), ed.vader_tile)
    ed.check_maze(maze)  # a deal is always a legal layout


def test_star_wars_has_four_vader_cards_from_the_seed_text() -> None:
    assert STAR_WARS.vader_cards == {"general-grievous", "darth-maul", "darth-sidious", "count-dooku"}


def test_check_maze_names_the_cell_and_the_reason() -> None:
    maze = deal(CLASSIC, random.Random(1))
    tiles = list(maze.tiles)
    tiles[INDEX["b2"]] = Tile(parse_sides("NES"), "ring")  # the ring is printed on the fixed a3
    with pytest.raises(ConfigError, match="layout b2: .*ring is on a fixed tile"):
        CLASSIC.check_maze(Maze(tuple(tiles), maze.spare))
    tiles = list(maze.tiles)
    tiles[INDEX["a1"]] = Tile(parse_sides("ES"))
    with pytest.raises(ConfigError, match="layout a1: must be the fixed tile NE"):
        CLASSIC.check_maze(Maze(tuple(tiles), maze.spare))


@pytest.mark.parametrize("slot", list(SLOTS))
def test_forbidden_slot_after_each_of_the_12_slots_is_the_opposite(slot: str) -> None:
    s = SLOTS[slot]
    forbidden = rules.forbidden_after(slot)
    assert SLOTS[forbidden].entry == s.exit and SLOTS[forbidden].exit == s.entry
    assert rules.forbidden_after(forbidden) == slot
    maze = deal(CLASSIC, random.Random(2))
    out = rules.apply_shift(maze, {}, slot, 1)
    assert out.forbidden_next == forbidden
    # pushing back at once (the forbidden move) would restore the maze: that is why it is forbidden
    undone, _ = out.maze.shifted(forbidden, 0)
    assert undone.tiles == maze.tiles


@pytest.mark.parametrize("slot", list(SLOTS))
def test_shift_moves_the_line_turns_the_spare_and_ejects_the_far_tile(slot: str) -> None:
    maze = deal(CLASSIC, random.Random(3))
    s = SLOTS[slot]
    new, ejected = maze.shifted(slot, 3)
    line = [CELLS[i] for i in s.line]
    assert ejected == maze.tile(line[-1])
    assert new.tile(line[0]) == maze.spare.turned(3)
    assert [new.tile(c) for c in line[1:]] == [maze.tile(c) for c in line[:-1]]
    assert new.spare == ejected
    untouched = [c for c in CELLS if c not in line]
    assert all(new.tile(c) == maze.tile(c) for c in untouched)
    # bitboards agree with the tile tuples
    op, ej = shift_openings(maze.openings, s, maze.spare.turned(3).mask)
    assert op == new.openings and ej == ejected.mask


@pytest.mark.parametrize("slot", list(SLOTS))
def test_pawn_pushed_off_wraps_onto_the_inserted_tile(slot: str) -> None:
    s = SLOTS[slot]
    maze = deal(CLASSIC, random.Random(4))
    mid = CELLS[s.line[3]]
    out = rules.apply_shift(maze, {"red": s.exit, "blue": mid, "green": "a1"}, slot, 0)
    assert out.positions["red"] == s.entry
    assert out.wrapped == (("red", s.exit, s.entry),)
    assert out.positions["blue"] == CELLS[s.line[4]]
    assert out.positions["green"] == "a1"


def test_reachability_on_hand_made_layouts() -> None:
    # rank 1 all open east-west, everything else a closed-off north-south column
    masks = [parse_sides("EW") if i < 7 else parse_sides("NS") for i in range(49)]
    tiles = tuple(Tile(m) for m in masks)
    maze = Maze(tiles, Tile(parse_sides("NS")))
    assert cells_of(maze.reachable("d1")) == ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
    assert cells_of(maze.reachable("c4")) == ["c2", "c3", "c4", "c5", "c6", "c7"]
    # a single crossroads in a sea of dead ends reaches only what faces it
    masks = [parse_sides("NE")] * 49
    masks[INDEX["d4"]] = 15
    maze = Maze(tuple(Tile(m) for m in masks), Tile(3))
    assert cells_of(maze.reachable("d4")) == ["c4", "d3", "d4"]  # only c4 (E) and d3 (N) face back
    assert set(cells_of(maze.reachable("d4"))) == naive_reachable(maze, "d4")
    # the edges of the board do not wrap: a row of EW tiles on rank 2 stays on rank 2
    masks = [parse_sides("EW")] * 49
    maze = Maze(tuple(Tile(m) for m in masks), Tile(5))
    assert cells_of(maze.reachable("g2")) == [f"{f}2" for f in "abcdefg"]


@pytest.mark.parametrize("seed", range(12))
def test_bitboard_sweep_matches_a_plain_search_for_every_slot_and_rotation(seed: int) -> None:
    rng = random.Random(seed)
    maze = deal(EDITIONS[rng.choice(sorted(EDITIONS))], rng)
    start = rng.choice(CELLS)
    got = sweep(maze.openings, maze.spare.mask, INDEX[start])
    assert len(got) == 48
    for slot, q, at, bits in got:
        new, _ = maze.shifted(slot, q)
        out = rules.apply_shift(maze, {"p": start}, slot, q)
        assert CELLS[at] == out.positions["p"]
        assert set(cells_of(bits)) == naive_reachable(new, CELLS[at])
        assert bits == reachable(openings(t.mask for t in new.tiles), at)


def test_cards_count_only_the_top_card_for_the_own_pawn() -> None:
    maze = deal(CLASSIC, random.Random(6))
    opts = LabyrinthOptions()
    ring = maze.cell_of("ring")
    assert ring == "a3"
    assert rules.found_card(maze, "red", "a3", ["ring", "owl"], CLASSIC, opts) == "ring"
    assert rules.found_card(maze, "red", "a3", ["owl", "ring"], CLASSIC, opts) is None
    assert rules.found_card(maze, "red", "a1", ["ring"], CLASSIC, opts) is None  # a start square has no picture


def test_younger_variant_opens_every_card_in_any_order() -> None:
    maze = deal(CLASSIC, random.Random(6))
    opts = LabyrinthOptions.from_mapping({}, ["younger"])
    assert rules.open_cards(["owl", "ring"], opts) == ["owl", "ring"]
    assert rules.found_card(maze, "red", "a3", ["owl", "ring"], CLASSIC, opts) == "ring"


def test_win_needs_every_card_then_home_or_an_exit_with_exit_anywhere() -> None:
    masks = [parse_sides("NS")] * 49
    maze = Maze(tuple(Tile(m) for m in masks), Tile(5))
    classic = LabyrinthOptions()
    assert rules.has_won(maze, "a1", "a1", 0, classic)
    assert not rules.has_won(maze, "a1", "a1", 1, classic)
    assert not rules.has_won(maze, "a1", "d7", 0, classic)
    exit_opts = LabyrinthOptions.from_mapping({}, ["younger", "exit-anywhere"])
    assert rules.has_won(maze, "a1", "d7", 0, exit_opts)  # a straight on rank 7 opens off the board
    assert not rules.has_won(maze, "a1", "d4", 0, exit_opts)
    with pytest.raises(ConfigError, match="exit-anywhere"):
        LabyrinthOptions.from_mapping({"exit_anywhere_alone": False}, ["exit-anywhere"])


def test_vader_cards_move_vader_and_several_players_may_need_him() -> None:
    opts = LabyrinthOptions.from_mapping({}, ["vader"])
    assert rules.movers("red", ["darth-maul", "luke"], STAR_WARS, opts) == (VADER,)
    assert rules.movers("blue", ["count-dooku"], STAR_WARS, opts) == (VADER,)  # shared by two players
    assert rules.movers("red", ["luke", "darth-maul"], STAR_WARS, opts) == ("red",)
    both = LabyrinthOptions.from_mapping({}, ["vader", "younger"])
    assert rules.movers("red", ["luke", "darth-maul"], STAR_WARS, both) == ("red", VADER)
    maze = deal(STAR_WARS, random.Random(7), True)
    maul = maze.cell_of("darth-maul")
    assert maul is not None
    assert rules.found_card(maze, VADER, maul, ["darth-maul"], STAR_WARS, opts) == "darth-maul"
    assert rules.found_card(maze, "red", maul, ["darth-maul"], STAR_WARS, opts) is None
    # without the variant the marks are ignored (seed 004): the own pawn finds it
    assert rules.found_card(maze, "red", maul, ["darth-maul"], STAR_WARS, LabyrinthOptions()) == "darth-maul"
    with pytest.raises(ConfigError, match="Vader"):
        rules.check_edition_variants(CLASSIC, opts)


def test_deal_splits_24_cards_evenly() -> None:
    for n, per in ((2, 12), (3, 8), (4, 6)):
        players = ["red", "blue", "green", "yellow"][:n]
        decks = rules.deal_cards(CLASSIC, players, random.Random(n))
        assert [len(d) for d in decks.values()] == [per] * n
        assert sorted(c for d in decks.values() for c in d) == sorted(CLASSIC.cards)


def test_vader_tile_is_never_the_spare_when_vader_plays() -> None:
    for seed in range(60):
        assert deal(STAR_WARS, random.Random(seed), True).cell_of(VADER) is not None
