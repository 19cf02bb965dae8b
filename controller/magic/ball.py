"""The ball in The Magic Labyrinth: the tray's Hall-effect sensors, drops, returns.

Functions of the referee's state (:class:`~.referee.MagicReferee`), kept
here so each module stays one concern. A ball sensed in the tray is the
mover's drop when the mover has left its cell during the move (the wall is
inferred from the step times, :func:`.rules.infer_wall`, unless the pawn was
lifted: a lift releases the ball anywhere); otherwise the pawn that moved
last lost it, however late (a slow tray), and the current player rolls again.
The dropper goes back to its start corner and its ball is fished out of the
tray (``waiting_for_return``); a ball whose owner cannot be told is asked out
of the tray by the instruction (``ball_owner``).
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from mazeboard.hal.events import HallChanged
from mazeboard.hal.grid import format_edge

from . import rules
from .rules import TimedStep

if TYPE_CHECKING:  # pragma: no cover
    from .referee import MagicReferee, _Move

log = logging.getLogger(__name__)


def on_hall(ref: "MagicReferee", ev: HallChanged) -> None:
    """A tray Hall-effect sensor changed (``ev.ball``: a ball is there now)."""
    if ev.ball:
        ref.hall_active.add(ev.sensor)
    else:
        ref.hall_active.discard(ev.sensor)
        ref.ball_owner.pop(ev.sensor, None)
    if ref.state == "game_over":
        return
    if ref.setup_check is not None:
        ref.setup_check.changed()
        return
    if ev.ball and ref.returner is None:
        arrived(ref, ev.t_ms, ev.sensor)
    elif ev.ball:  # another ball while a return is under way: whose, if the reeds can tell
        lifted = lifted_pawns(ref, ev.t_ms)
        ref.ball_owner.setdefault(ev.sensor, lifted[0] if len(lifted) == 1 else "")


def lifted_pawns(ref: "MagicReferee", t_ms: int) -> list[str]:
    """Pawns lifted off the board early enough to have released a ball sensed at ``t_ms`` (a lift
    takes the magnet away: the ball falls, wherever the pawn stood): still in the air since at
    least ``ball_roll_ms[0] - ball_slack_ms`` before, or set down again after a lift inside the
    ball's roll window. A pawn in the gap of a slide is off its cell only for moments."""
    lo, hi = ref.options.ball_roll_ms
    slack = ref.options.ball_slack_ms
    out = []
    for pawn in ref.players:
        off = ref.tracker.off_since(pawn)
        if off is not None and off <= t_ms - lo + slack:
            out.append(pawn)
        elif off is None and t_ms - hi - slack <= ref.lifted_at.get(pawn, -(10**12)) <= t_ms - lo + slack:
            out.append(pawn)
    return out


def arrived(ref: "MagicReferee", t_ms: int, sensor: str) -> None:
    """A ball was sensed at ``sensor`` (at ``t_ms``): whose it is, and what follows.

    A pawn other than the mover lifted in time to have released it: that pawn's ball (no wall,
    the move goes on; the instruction asks for it out of the tray). Else the mover's, when it
    has left its cell this move (a wall, or its own lift). Else the pawn that moved last lost
    it, however late the ball (a slow tray)."""
    move = ref.move
    mover = move.player if move is not None and ref.state in ("moving", "waiting_for_correction") else None
    others = [p for p in lifted_pawns(ref, t_ms) if p != mover]
    if others:
        ref.ball_owner[sensor] = others[0] if len(others) == 1 else ""
        log.info("ball sensed at %d ms: %s was lifted (its magnet left the ball); no wall", t_ms, " or ".join(others))
        return
    if move is not None and ref.state in ("moving", "waiting_for_correction") and (
        ref.correction is None or ref.correction.player == move.player
    ) and has_moved(ref, move):
        player, timed = move.player, move.timed
        for name in ("close", "settle", "offboard"):
            ref._cancel(name)
        ref.correction = None
        ref.ball_owner[sensor] = player
        drop(ref, player, timed, t_ms, turn_over=True)
        return
    # Not the mover's ball (it has not left its cell): the pawn that moved last
    # lost it, however late the ball (a slow tray). Its owner must fetch it, or
    # the tray would never be empty again.
    if ref._last_moved is not None and ref.state in ("waiting_for_roll", "moving"):
        player = ref._last_moved[0]
        last = ref.last_move if ref.move is None or ref.move.player != player else ref.move
        timed = last.timed if last is not None and last.player == player else []
        for name in ("close", "settle", "offboard"):
            ref._cancel(name)
        if ref.state == "moving":
            ref.roll_again = f"{player}'s ball fell"
        ref.ball_owner[sensor] = player
        drop(ref, player, timed, t_ms, turn_over=False)
        return
    lifted = [p for p, c in ref.tracker.at.items() if c is None]  # lifting a pawn drops its ball
    ref.ball_owner[sensor] = lifted[0] if len(lifted) == 1 else ""
    log.info("ball sensed at %d ms with no move to blame: the instruction asks to take it out", t_ms)


def has_moved(ref: "MagicReferee", move: "_Move") -> bool:
    """True when the mover has left its start cell during ``move`` (stepped or lifted)."""
    return bool(move.timed) or ref.tracker.at[move.player] != move.start


def drop(ref: "MagicReferee", player: str, timed: list[TimedStep], t_ms: int, turn_over: bool) -> None:
    """``player`` lost its ball: announce it (and the wall, when the step times tell it), send
    the pawn home; ``turn_over``: its move ends now."""
    edge = rules.infer_wall(timed, t_ms, ref.options.ball_roll_ms, ref.options.ball_slack_ms, ref.known_open)
    off = ref.tracker.off_since(player)
    move = ref.move if ref.move is not None and ref.move.player == player else None
    if off is None and move is not None:
        off = move.lifted_ms  # lifted and set down again since its last step
    if off is not None and off <= t_ms - ref.options.ball_roll_ms[0] + ref.options.ball_slack_ms:
        edge = None  # lifted early enough to have released the ball itself: cannot be told
    ref._emit("ball_dropped", player=player, edge=format_edge(edge) if edge else None)
    if edge is not None:
        wall_edge = edge
        # the steps before the wall were crossed with the ball on: open
        for s in timed:
            if s.edge == wall_edge:
                break
            ref.known_open.add(s.edge)
        if wall_edge not in ref.known_walls:
            ref.known_walls.add(wall_edge)
            ref._emit("wall_learned", edge=format_edge(wall_edge))
    ref.just_moved = None
    if turn_over:
        ref._emit("turn_ended", player=player, reason="ball_dropped")
    ref.home[player] = ref.corners[player]
    ref._home_v += 1
    ref.why.pop(player, None)
    if not ref.options.wait_for_return and turn_over:
        ref._go("move_over")
        ref._next_turn()
        return
    ref.returner = player
    ref._return_ends_turn = turn_over
    ref._go("ball_lost")


def returned(ref: "MagicReferee") -> None:
    """The returner stands on its start corner and the tray is empty."""
    player = ref.returner
    assert player is not None
    ref.returner = None
    ref._emit("returned_to_start", player=player)
    if ref.state == "waiting_for_return":
        ref._go("resume_waiting")
        if ref._return_ends_turn:
            ref._next_turn()
