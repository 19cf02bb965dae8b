"""A table-mate's hands on the simulated Labyrinth board (:class:`~mazeboard.sim.tablemate.Reach`).

:class:`LabyrinthReach` does what a person does when the board's instruction
asks for a pawn: it takes the named pawn -- or, when that pawn already stands
where it is asked to go, whatever pawn stands on the cell the request names
(reeds cannot tell pawns apart; the board is satisfied by occupancy) -- and
sets it on a cell the request lists, a free one first (pawns may share a
tile). It presses ``done`` and ``rotate`` like anyone -- during the guided
layout it first lays the tile the board names, as anyone pressing Done there
would -- and for a slot it pushes the spare in there (the slot sensor fires,
then the row moves: :meth:`LabyrinthBoard.insert`). Labyrinth has no balls
to fish.
"""

from __future__ import annotations

from typing import Callable, Sequence

from mazeboard.hal.labyrinth import SLOT_NAMES

from .board import LabyrinthBoard

#: what a table-mate presses for a player who does nothing: end the move, answer, push somewhere
PRESS_ORDER: tuple[str, ...] = ("done", *(f"slot:{s}" for s in SLOT_NAMES))


class LabyrinthReach:
    """A table-mate's hands on ``board``. ``busy(pawn)``: another hand is sliding it now (leave it)."""

    def __init__(self, board: LabyrinthBoard, busy: Callable[[str], bool] = lambda pawn: False) -> None:
        self.board = board
        self.busy = busy

    def put(self, piece: str, kind: str, frm: str | None, to: Sequence[str]) -> str | None:
        world = self.board.world
        if kind != "pawn" or not to:
            return None
        pawn = piece if piece in world.pawns else None
        if pawn is None or world.pawns[pawn].cell in to:  # it stands where asked: move the pawn on ``frm``
            pawn = next((p for p, pw in world.pawns.items() if frm is not None and pw.cell == frm), None)
        if pawn is None or self.busy(pawn):
            return None
        others = {pw.cell for p, pw in world.pawns.items() if p != pawn}
        spot = next((c for c in to if c not in others), to[0])
        here = world.pawns[pawn].cell
        if here == spot:
            return None
        if here is not None:
            world.lift(pawn)
        world.place(pawn, spot)
        return f"{pawn} -> {spot}"

    def fish(self, piece: str) -> str | None:
        return None

    def press(self, button: str) -> None:
        if button.startswith("slot:"):
            try:
                self.board.insert(button[len("slot:"):])
            except ValueError:  # another hand is pushing the spare in right now
                pass
        else:
            said = self.board.said
            if button == "done" and said.get("action") == "lay":
                facts = said["messages"][0]["args"]
                try:
                    self.board.lay(facts.get("cell"), facts["tile"])
                except ValueError:  # not in the box (laid elsewhere by someone): press anyway
                    pass
            self.board.world.press(button)
