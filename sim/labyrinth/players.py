"""Simulated Labyrinth players: they see the tiles, their own cards, and act with their hands.

A :class:`LabyrinthPlayer` learns its cards from the controller's private
``card_shown`` announcements (what a person reads on their phone), the
forbidden slot from ``shifted``, and the maze by looking at the physical
tiles. On its turn it evaluates every shift (12 slots x 4 rotations, with
the reachable set after each, :func:`mazeboard.hal.labyrinth.sweep`) and:

1. takes a shift that lets the mover reach a target tile, if any does;
2. otherwise one that leaves the mover closest (Manhattan distance from the
   reachable set to the nearest target);
3. among equally good shifts, the one that leaves the next player's pawn the
   fewest reachable cells (not helping the next player: its card is secret,
   so mobility is what can be denied), then a seeded random choice.

A purely greedy player can loop forever next to a target walled off by
fixed tiles (seen in seeded games), so when the target is out of reach it
wanders (``wander``): with that probability it also accepts shifts one cell worse
and does not always stop on the nearest cell.

It acts on the board's ``instruction`` events, as a person acts on the
LEDs (docs/event-log.md, "The instruction"): when the board asks for its
shift (the slots that take the spare now are listed) it rotates and pushes;
when it may move it slides the mover along the maze path to the target (or
the reachable cell closest to it) and presses ``done``; when the board asks
which shared tile the mover stopped on it looks and presses ``rotate`` until
the guess is right, then ``done``; it puts back the pawns the board asks it
for (requests ``by`` it: its own pawn, Vader on its turn) on a cell the
request lists; after a restart the player whose turn it is confirms the
tiles with ``done`` once the pawns match. A button it pressed that did not
change what the board asks is pressed again after ``retry_ms``. After all
cards the target is its start square (or, with ``exit-anywhere``, any edge
tile open off the board).

With the box's own cards (``deck``: the cards this player drew, top first,
:func:`box_decks`) nothing is shown by the controller: the player knows its
cards, and when the board asks whether the picture its move ended on was its
card it answers Done (an open card of the pawn that stands there) or Rotate.
In the guided layout the first player in turn order lays the tiles the board
names (from the box, as it must lie, then Done); seeing a tile missing on a
cell the board showed earlier (someone pressed Done before it was laid) it
presses Rotate to go back to it.
"""

from __future__ import annotations

import random
from collections import deque
from typing import Any, Sequence

from mazeboard.hal.clock import Timer
from mazeboard.hal.events import GameEvent
from mazeboard.hal.grid import Cell
from mazeboard.hal.labyrinth import (
    CELLS,
    GRID,
    INDEX,
    SLOTS,
    Maze,
    cells_of,
    distinct_turns,
    flood,
    links,
    moved_index,
    rotate,
    shift_openings,
    sweep,
)
from mazeboard.hal.labyrinth_editions import VADER, Edition, edition

from ..hands import Action
from .board import LabyrinthBoard
from .hands import LabyrinthHands, TileAction

FILE_A = sum(1 << (7 * r) for r in range(7))
EDGE_BITS = {"N": 0x7F << 42, "E": FILE_A << 6, "S": 0x7F, "W": FILE_A}
#: Manhattan distance between cell indices
DIST = [[abs(a % 7 - b % 7) + abs(a // 7 - b // 7) for b in range(49)] for a in range(49)]
FAR = 20


def _bit_indices(bits: int) -> list[int]:
    out = []
    while bits:
        low = bits & -bits
        out.append(low.bit_length() - 1)
        bits ^= low
    return out


def target_after(index: int | None, slot_name: str) -> int | None:
    """Where a tile on cell ``index`` (None: the spare) lies after a push at the slot (None: ejected)."""
    s = SLOTS[slot_name]
    if index is None:
        return s.line[0]
    if index == s.line[-1]:
        return None
    return moved_index(index, s)


def box_decks(ed: Edition, players: Sequence[str], seed: int) -> dict[str, list[str]]:
    """The box's own cards as the simulated players draw them for game ``seed``: shuffled with a
    seed of the simulator's own and dealt evenly, top first (RULES.md §2 Setup). Private to the
    simulated players: with ``cards = "physical"`` the controller never sees them."""
    cards = list(ed.cards)
    random.Random(f"box-cards-{seed}").shuffle(cards)
    per = len(cards) // len(players)
    return {p: cards[i * per:(i + 1) * per] for i, p in enumerate(players)}


class LabyrinthPlayer:
    """One simulated player of colour ``player`` on ``board``; ``deck``: its cards drawn from the
    box (top first) when the game is played with the box's own cards, else None."""

    #: a press or a shift that did not change what the board asks is tried again after this long (ms)
    retry_ms = 3000

    def __init__(self, player: str, board: LabyrinthBoard, rng: random.Random, ed: Edition | None = None,
                 variants: tuple[str, ...] = (), think_ms: tuple[int, int] = (300, 1200),
                 wander: float = 0.3, deck: Sequence[str] | None = None) -> None:
        self.player = player
        self.board = board
        self.rng = rng
        self.edition = ed or edition(None)
        self.variants = variants
        self.think_ms = think_ms
        self.wander = wander
        self.hands = LabyrinthHands(board, board.scheduler, on_idle=self._idle)
        #: the box's own cards this player holds, top first (None: the controller deals)
        self.deck: list[str] | None = list(deck) if deck is not None else None
        #: the cards it may aim for now (shown by the controller, or open cards of its deck)
        self.cards: list[str] = []
        self._open_deck()
        self.players: list[str] = []
        #: layout step index -> its cell (None: the spare), as the board showed them
        self._steps: dict[int, str | None] = {}
        self.corner: Cell | None = None
        self.forbidden: str | None = None
        self.pawns: tuple[str, ...] = (player,)
        self._handlers = {
            "game_started": self._game_started,
            "game_resumed": self._game_resumed,
            "card_shown": self._card_shown,
            "card_found": self._card_found,
            "turn_started": self._turn_started,
            "shifted": self._shifted,
            "reachable": self._reachable,
            "instruction": self._instruction,
            "game_over": self._game_over,
            "layout_step": self._layout_step,
        }
        self._reach: dict[str, list[Cell]] = {}
        self._moved = False
        self._over = False
        #: the player whose turn a restarted game goes on with (confirms the tiles)
        self._resumed_player: str | None = None
        #: the board's latest instruction (an ``instruction`` event as a dict)
        self._said: dict[str, Any] | None = None
        #: what was last done for which instruction, and when (ms): not twice within retry_ms
        self._did: tuple[Any, ...] | None = None
        self._did_at = -(10**9)
        self._look: Timer | None = None
        #: where the turn's possible movers stood when the move began
        self._start: dict[str, Cell | None] = {}

    def watch(self, event: GameEvent) -> None:
        handler = self._handlers.get(event.type)
        if handler is not None:
            handler(event)

    # -- what the player sees -------------------------------------------------
    def _think(self) -> Action:
        return Action("wait", ms=self.rng.randint(*self.think_ms))

    def _game_started(self, ev: GameEvent) -> None:
        self.corner = ev["corners"][self.player]
        self.players = list(ev["players"])

    def _game_resumed(self, ev: GameEvent) -> None:
        self.corner = ev["corners"].get(self.player)
        self.players = list(ev["corners"])
        self.forbidden = ev["forbidden"]
        self._resumed_player = ev["player"]
        self._moved = False
        if self.deck is not None:  # the cards found before the restart are out of the hand
            found = set(ev.get("found", {}).get(self.player, ()))
            self.deck = [c for c in self.deck if c not in found]
            self._open_deck()

    def _open_deck(self) -> None:
        if self.deck is not None:
            self.cards = list(self.deck) if "younger" in self.variants else self.deck[:1]

    def _card_shown(self, ev: GameEvent) -> None:
        if ev["player"] == self.player:
            self.cards = list(ev["cards"])

    def _card_found(self, ev: GameEvent) -> None:
        if ev["player"] != self.player:
            return
        if self.deck is not None:
            if ev["card"] in self.deck:
                self.deck.remove(ev["card"])
            if ev["remaining"] == 0:  # the board's count: a Done pressed by mistake may have recorded another
                self.deck = []
            self._open_deck()
        elif ev["remaining"] == 0:
            self.cards = []

    def _layout_step(self, ev: GameEvent) -> None:
        self._steps[ev["index"]] = ev["cell"]

    def _shifted(self, ev: GameEvent) -> None:
        self.forbidden = ev["forbidden_next"]

    def _turn_started(self, ev: GameEvent) -> None:
        if ev["player"] == self.player:
            self.pawns = tuple(ev["pawns"])
            self._reach = {}
            self._moved = False
            self._did = None

    def _reachable(self, ev: GameEvent) -> None:
        if ev["player"] == self.player:
            self._reach[ev["pawn"]] = list(ev["cells"])

    def _game_over(self, ev: GameEvent) -> None:
        self._over = True

    def _instruction(self, ev: GameEvent) -> None:
        self._said = ev.to_dict()
        self._act()

    def _idle(self) -> None:
        """The hands are free: a press they just made counts as done now; look at the board again."""
        last = self.hands.done[-1] if self.hands.done else None
        if last is not None and last.kind == "press":
            self._did, self._did_at = ("press", last.button), self.board.scheduler.now_ms()
        self.board.scheduler.call_later(0, self._act)

    # -- following the instruction ----------------------------------------------
    def _once(self, key: tuple[Any, ...]) -> bool:
        """True (and remembered) unless ``key`` was done less than ``retry_ms`` ago; either way
        the player looks at the board again when that time is up (nothing may change before)."""
        now = self.board.scheduler.now_ms()
        if key == self._did and now - self._did_at < self.retry_ms:
            self._look_again(self._did_at + self.retry_ms + 1 - now)
            return False
        self._did, self._did_at = key, now
        self._look_again(self.retry_ms + 1)
        return True

    def _look_again(self, delay_ms: int) -> None:
        if self._look is None or self._look.cancelled or self._look.due_ms <= self.board.scheduler.now_ms():
            self._look = self.board.scheduler.call_later(delay_ms, self._act)

    def _act(self) -> None:
        """Do what the board's latest instruction asks of this player, when the hands are free."""
        said = self._said
        if said is None or self._over or said["action"] == "game_over" or not self.hands.idle:
            return
        action, buttons = said["action"], said["buttons"]
        settling = action == "settle"
        mine = [r for r in said["requests"] if r["blocking"] and r["kind"] == "pawn" and r["by"] == self.player
                and r["to"] and not (settling and r["reason"] == "wrapped")]  # the pushing hand sets it down
        if mine:
            if self._once(("fix", tuple((r["piece"], r["from"], tuple(r["to"])) for r in mine))):
                self._fix(mine)
            return
        if action == "lay":
            if self.players and self.players[0] == self.player:
                self._lay(said)
            return
        due = said["player"] == self.player or (said["player"] is None and self._resumed_player == self.player)
        if not due:
            return
        if action == "shift" and any(b.startswith("slot:") for b in buttons):
            if self._once(("shift",)):
                self._shift([b[len("slot:"):] for b in buttons if b.startswith("slot:")])
        elif action == "move" and "done" in buttons:
            if not self._moved:
                self._once(("move",))
                self._move(said)
            elif self._once(("press", "done")):
                self.hands.do(self._think(), Action("press", button="done"))
        elif action == "confirm":
            self._answer(said)
        elif action == "answer":
            self._answer_card(said)
        elif action in ("correct", "check") and "done" in buttons and self._once(("press", "done")):
            self.hands.do(self._think(), Action("press", button="done"))

    def _fix(self, requests: list[dict[str, Any]]) -> None:
        """Put each requested pawn on a cell its request lists (a free one, the nearest)."""
        world = self.board.world
        actions: list[Action] = [self._think()]
        for r in requests:
            name = r["piece"]
            if name in world.pawns and world.pawns[name].cell in r["to"] and r["from"] is not None:
                # mine already stands where asked: the reeds took another pawn for it -- move the one on ``from``
                name = next((p for p, pw in world.pawns.items() if pw.cell == r["from"]), name)
            pawn = world.pawns.get(name)
            if pawn is None:
                continue
            here = pawn.cell
            others = {p.cell for p in world.pawns.values() if p.player != name}
            free = [c for c in r["to"] if c not in others] or list(r["to"])
            spot = min(free, key=lambda c: (GRID.distance(here, c) if here else 0, c))
            if here != spot:
                actions.append(TileAction("put", player=name, cells=(spot,)))
        if len(actions) > 1:
            self.hands.do(*actions)

    def _shift(self, allowed: list[str]) -> None:
        maze = self.board.table.maze
        slot, quarters = self.choose_shift(maze, set(allowed))
        actions: list[Action] = [self._think()]
        if quarters:
            actions.append(TileAction("rotate", degrees=90 * quarters))
        actions.append(TileAction("insert", slot=slot))
        self.hands.do(*actions)

    def _move(self, said: dict[str, Any]) -> None:
        """Slide the mover toward a target along the maze, then press done."""
        self._moved = True
        world = self.board.world
        maze = self.board.table.maze
        movers = tuple(said.get("messages", [{}])[0].get("args", {}).get("pawns") or self.pawns)
        lit = set(said["cells"])
        for p in movers:  # after a restart no ``reachable`` was heard: the tiles show it
            cell = world.pawns[p].cell if p in world.pawns else None
            if p not in self._reach and cell is not None:
                self._reach[p] = [c for c in cells_of(maze.reachable(cell)) if c in lit]
        self._start = {p: world.pawns[p].cell for p in movers if p in world.pawns}
        pawn, dest = self.choose_move(maze)
        actions: list[Action] = [self._think()]
        here = world.pawns[pawn].cell
        if here is not None and dest != here:
            path = self.path(maze, here, dest)
            if path:
                actions.append(Action("slide", player=pawn, cells=tuple(path)))
        actions.append(Action("press", button="done"))
        self.hands.do(*actions)

    def _answer(self, said: dict[str, Any]) -> None:
        """The board cannot tell which shared tile the mover stopped on: look, and press
        ``rotate`` while the guess is wrong, ``done`` when it is right."""
        args = said["messages"][0]["args"]
        options = [tuple(o) for o in args.get("options", [])]
        guess = (args.get("pawn"), args.get("cell"))
        world = self.board.world.pawns
        truth = next((o for o in options if o[0] in world and world[o[0]].cell == o[1]
                      and all(world[q].cell == c for q, c in self._start.items() if q != o[0])), guess)
        button = "done" if guess == truth else "rotate"
        if self._once(("answer", guess, button)):
            self.hands.do(self._think(), Action("press", button=button))

    def _lay(self, said: dict[str, Any]) -> None:
        """The guided layout: lay the tile the board names and press Done (back with Rotate to a
        tile the board showed earlier and nobody laid)."""
        facts = said["messages"][0]["args"]
        index, cell, tile = facts["index"], facts["cell"], facts["tile"]
        table = self.board.table
        self._steps[index] = cell
        if any(c in table.holes for i, c in self._steps.items() if i < index and c is not None):
            if self._once(("lay", "back", index)):
                self.hands.do(self._think(), Action("press", button="rotate"))
            return
        if not self._once(("lay", index, cell)):
            return
        here = table.maze.spare if cell is None else table.maze.tile(cell)
        missing = table.spare_missing if cell is None else cell in table.holes
        actions: list[Action] = [self._think()]
        if missing or here.notation() != tile:
            actions.append(TileAction("lay", cells=(cell,) if cell else (), tile=tile))
        actions.append(Action("press", button="done"))
        self.hands.do(*actions)

    def _answer_card(self, said: dict[str, Any]) -> None:
        """Box's own cards: was the picture the move ended on one of its open cards (for that pawn)?"""
        args = said["messages"][0]["args"]
        yes = args["picture"] in self.targets_for(args["pawn"])
        if self._once(("card", args["pawn"], args["picture"])):
            self.hands.do(self._think(), Action("press", button="done" if yes else "rotate"))

    # -- planning ---------------------------------------------------------------
    def targets_for(self, pawn: str) -> list[str]:
        """Pictures ``pawn`` should reach (own cards for the own pawn, Vader cards for Vader)."""
        vader = "vader" in self.variants
        return [c for c in self.cards if (vader and c in self.edition.vader_cards) == (pawn == VADER)]

    def _goal_bits(self, maze: Maze, pawn: str, slot: str | None,
                   where: dict[str, int | None] | None = None) -> tuple[list[int], int]:
        """(goal cell indices after the push at ``slot`` -- or now when None, bit set of exit cells).
        ``where``: picture -> cell index now (None: the spare), when the caller already looked."""
        goals: list[int] = []
        exits = 0
        cards = self.targets_for(pawn)
        if cards:
            if where is None:
                where = self._pictures(maze)
            for c in cards:
                idx = where.get(c)
                at = target_after(idx, slot) if slot else idx
                if at is not None:
                    goals.append(at)
        elif pawn == self.player and self.corner is not None:
            if "exit-anywhere" in self.variants:
                exits = -1  # computed per shift
            else:
                goals.append(INDEX[self.corner])
        return goals, exits

    @staticmethod
    def _pictures(maze: Maze) -> dict[str, int | None]:
        """Picture -> the index of the cell showing it (pictures on the spare are absent)."""
        return {t.picture: i for i, t in enumerate(maze.tiles) if t.picture}

    def _score(self, reach: int, goals: list[int], exits: int) -> int:
        if exits:
            if reach & exits:
                return 0
            return 1 + min(min(i % 7, 6 - i % 7, i // 7, 6 - i // 7) for i in _bit_indices(reach))
        if not goals:
            return FAR
        best = FAR
        for g in goals:
            if (reach >> g) & 1:
                return 0
            for i in _bit_indices(reach):
                d = DIST[i][g]
                if d < best:
                    best = d
        return best

    def choose_shift(self, maze: Maze, allowed: set[str] | None = None) -> tuple[str, int]:
        """(slot, quarter turns) by the rules in the module docstring, among the ``allowed``
        slots (None: all but the forbidden one)."""
        allowed = allowed if allowed is not None else {s for s in SLOTS if s != self.forbidden}
        op = maze.openings
        spare = maze.spare.mask
        world = self.board.world
        scored: list[tuple[int, str, int]] = []
        where = self._pictures(maze)
        for pawn in self.pawns:
            cell = world.pawns[pawn].cell if pawn in world.pawns else None
            if cell is None:
                continue
            turns = distinct_turns(spare)
            for slot, q, _, reach in sweep(op, spare, INDEX[cell]):
                if slot not in allowed or q not in turns:
                    continue
                goals, exits = self._goal_bits(maze, pawn, slot, where)
                if exits:
                    new, _ = shift_openings(op, SLOTS[slot], rotate(spare, q))
                    exits = ((new[0] & EDGE_BITS["N"]) | (new[1] & EDGE_BITS["E"]) | (new[2] & EDGE_BITS["S"])
                             | (new[3] & EDGE_BITS["W"]))
                scored.append((self._score(reach, goals, exits), slot, q))
        if not scored:
            return self.rng.choice(sorted(allowed)), 0
        best = min(s for s, _, _ in scored)
        slack = 1 if best > 0 and self.rng.random() < self.wander else 0
        top = sorted({(slot, q) for s, slot, q in scored if s <= best + slack})
        if len(top) > 1:
            top = self._deny_next(maze, top)
        return self.rng.choice(top)

    def _deny_next(self, maze: Maze, options: list[tuple[str, int]]) -> list[tuple[str, int]]:
        """Keep the options that leave the next player's pawn the fewest reachable cells."""
        if len(self.players) < 2:
            return options
        nxt = self.players[(self.players.index(self.player) + 1) % len(self.players)]
        cell = self.board.world.pawns[nxt].cell if nxt in self.board.world.pawns else None
        if cell is None:
            return options
        op = maze.openings
        sizes = []
        for slot, q in options:
            s = SLOTS[slot]
            new, _ = shift_openings(op, s, rotate(maze.spare.mask, q))
            sizes.append((bin(flood(links(new), 1 << moved_index(INDEX[cell], s))).count("1"), slot, q))
        least = min(n for n, _, _ in sizes)
        return [(slot, q) for n, slot, q in sizes if n == least]

    def choose_move(self, maze: Maze) -> tuple[str, Cell]:
        """(pawn, destination): a target in reach, else the reachable cell closest to one."""
        best: tuple[int, int, str, Cell] | None = None
        for pawn, cells in self._reach.items():
            goals, exits = self._goal_bits(maze, pawn, None)
            if exits:
                exits = sum(1 << INDEX[c] for c in CELLS if maze.is_exit(c))
            for cell in cells:
                i = INDEX[cell]
                score = self._score(1 << i, goals, exits)
                if score > 0 and self.rng.random() < self.wander:
                    score += self.rng.randint(0, 2)  # not always the nearest: local dead ends trap a greedy player
                key = (score, self.rng.randrange(1000), pawn, cell)
                if best is None or key < best:
                    best = key
        if best is None:
            return self.player, self.board.world.pawns[self.player].cell or CELLS[0]
        return best[2], best[3]

    @staticmethod
    def path(maze: Maze, start: Cell, goal: Cell) -> list[Cell]:
        """Cells from ``start`` (excluded) to ``goal`` along open tile sides (breadth first); [] if none."""
        up, rt, dn, lf = links(maze.openings)
        prev: dict[int, int] = {INDEX[start]: -1}
        todo = deque([INDEX[start]])
        g = INDEX[goal]
        while todo:
            i = todo.popleft()
            if i == g:
                out = []
                while i != INDEX[start]:
                    out.append(CELLS[i])
                    i = prev[i]
                return out[::-1]
            bit = 1 << i
            for ok, j in ((up & bit, i + 7), (dn & bit, i - 7), (rt & bit, i + 1), (lf & bit, i - 1)):
                if ok and j not in prev:
                    prev[j] = i
                    todo.append(j)
        return []

    def snapshot(self) -> dict[str, Any]:
        return {"player": self.player, "cards": list(self.cards), "forbidden": self.forbidden,
                "reach": {p: cells_of(sum(1 << INDEX[c] for c in cs)) for p, cs in self._reach.items()}, "grid": GRID.files}
