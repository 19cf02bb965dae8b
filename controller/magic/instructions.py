"""What The Magic Labyrinth's board asks now, and the LED scene that shows it.

:func:`table` gives the referee one instruction function per state of its
machine (a test walks every state); :func:`requests` turns what does not fit
between the referee's belief and the board (:meth:`MagicReferee.match`) into
:class:`~..instruction.Request`\\ s; :func:`scene` renders an instruction
on the LEDs: the target in white, whose turn (the mover's cell, under its
pawn, in the player's colour), the cells the mover may end on (a dim glow; the target
among them alternates white with that glow), the settle
countdown on the mover's cell, the requests (cells to go to blink in the
pawn's colour, a cell to leave pulses, a ball to fetch alternates the
owner's corner with orange), "roll again" (the pawn's cell blinking with
white), and warnings (a flash).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable

from mazeboard.hal.grid import Cell

from ..belief import source_cell
from ..instruction import Instruction, Request, request_layers
from ..leds import LEGAL_LEVEL, PLAYER_RGB, TARGET_RGB, WARNING_RGB, Scene, scale
from .rules import GRID

if TYPE_CHECKING:  # pragma: no cover
    from .referee import MagicReferee

#: why a move ended, in words
ENDED = {"steps_used": "all steps used", "done": "Done pressed", "settled": "the move's time ran out",
         "symbol_collected": "the pawn reached the symbol", "ball_dropped": "the ball fell"}


def table(ref: "MagicReferee") -> dict[str, Callable[[], Instruction]]:
    """State -> instruction function (every state of ``STATES``)."""
    return {
        "waiting_for_roll": lambda: _roll(ref),
        "moving": lambda: _moving(ref),
        "waiting_for_correction": lambda: _correct(ref),
        "waiting_for_return": lambda: _return(ref),
        "waiting_for_setup": lambda: _setup(ref),
        "game_over": lambda: _over(ref),
    }


def requests(ref: "MagicReferee") -> tuple[Request, ...]:
    """Pawns not where they may stand, closed reeds nobody explains, balls in the tray."""
    match = ref.match()
    if not match.unmatched and not match.extra and not ref.hall_active:
        return ()
    may = ref.may()
    corr = ref.correction
    out: list[Request] = []
    taken: set[str] = set()
    for pawn in match.unmatched:
        frm = source_cell(pawn, match, ref.tracker.at, taken)
        if frm is not None and frm not in ref.tracker.closed:
            frm = None  # the belief's cell, open: the pawn is not there (the board check after a restart: an attack
            # read "Red's pawn on a2 must go to a2" with the pawn lifted off a1)
        last = ref.tracker.last.get(pawn)
        off = ref.tracker.off_since(pawn)
        in_gap = off is not None and ref._now() - off < ref.options.offboard_ms
        if frm is None and in_gap and last not in (may[pawn] or ()):
            frm = last  # in the gap of a slide: where it was last seen (the text does not flicker)
        # (...longer off its cell, it is in a hand: the cell it left is empty, neither pulsed nor named; Magic
        # newcomer 52 saw b1 pulse and "Red's pawn on b1 goes back" with the pawn lifted off b1)
        if frm is not None:
            taken.add(frm)
        if corr is not None and corr.player == pawn:
            reason = corr.kind
        elif ref.setup_check is not None:
            reason = "resumed"
        elif pawn == ref.returner:
            reason = "ball_dropped"
        else:
            reason = ref.why.get(pawn) or ("lifted" if frm is None else "moved")
        out.append(Request(pawn, "pawn", reason, frm, tuple(sorted(may[pawn] or ())), by=pawn, words="magic"))
    for cell in match.extra:  # a stray magnet or a stuck reed: pointed at, never waited for
        if cell not in taken:
            out.append(Request("", "magnet", "stray", cell, (), None, blocking=False, words="magic"))
    for sensor in sorted(ref.hall_active):
        owner = ref.ball_owner.get(sensor, "")
        reason = "ball_dropped" if owner and owner == ref.returner else "stray_ball"
        # somebody is always asked: the owner, else whoever must come back, else whose turn it is
        by = owner or ref.returner or ref.current
        out.append(Request(owner, "ball", reason, sensor, (), by, words="magic"))
    return tuple(out)


def _roll(ref: "MagicReferee") -> Instruction:
    reqs = requests(ref)
    player = ref.current
    if ref.blocked() or ref.tracker.at[player] is None:
        return Instruction(player, "correct", "correct", {}, reqs)
    clock = _clock(ref, player)
    if ref.roll_again:
        return Instruction(player, "roll", "magic.roll_again", {"why": ref.roll_again, "clock": clock}, reqs,
                           {"roll": "roll the die again"})
    return Instruction(player, "roll", "magic.roll", {"clock": clock}, reqs, {"roll": "roll the die"})


def _clock(ref: "MagicReferee", player: str) -> int:
    """The seconds ``player``'s resting pawn has before its move ends (the settle timer's own setting,
    0: none), a fact of the roll and move requests: a page says them before the countdown runs (round
    26: "a short countdown" did not say how long; the newcomer's turn ended while deciding)."""
    return -(-ref.settle_ms(player) // 1000)


def _moving(ref: "MagicReferee") -> Instruction:
    move = ref.move
    assert move is not None
    reqs = requests(ref)
    player = move.player
    if move.closing is not None:
        close = ref._timers.get("close")
        return Instruction(player, "closing", "magic.closing", {"reason": ENDED.get(move.closing, move.closing)},
                           reqs, until_ms=close.due_ms if close is not None else None)
    steps = len(move.path) - 1
    left = max(0, move.roll - steps)
    if steps and not left:  # the last step taken, the close a moment away: never "0 more steps"
        return Instruction(player, "closing", "magic.closing", {"reason": ENDED["steps_used"]}, reqs)
    settle = ref._timers.get("settle")
    # where the board believes the pawn is (the one to slide: after a mix-up of two pawns, the board's word counts)
    here = ref.tracker.at.get(player) or ref.tracker.last.get(player) or move.path[-1]
    facts = {"roll": move.roll, "left": left, "s": "" if left == 1 else "s", "here": here,
             "settle": " or wait for the countdown" if ref.settle_ms(player) > 0 else "", "clock": _clock(ref, player)}
    reach = lit_steps(ref, here, left)
    lit = tuple(sorted(reach))
    # no lit cell but the pawn's own (found walls round it, a pawn where the last step would end): said, with the
    # way on (Magic newcomer 45 read "slide ... up to 1 step" with nothing lit, and learnt why only by a refusal)
    mid = "magic.move_none" if set(lit) <= {here} else "magic.move" if steps else "magic.move_start"
    # on another pawn's cell with a step left: slide on, the move cannot end there (RULES.md §1 Referee policy,
    # `occupied`; Magic newcomer 54 read "press Done to stop here" on Blue's cell, against the tip and the help)
    # (a move may end where it began, shared or not: lit_cells, the referee's _finish_move; no countdown runs there)
    under = [p for p in ref.tracker.pawns_at(here) if p != player]
    if under and mid != "magic.move_none" and here != move.start:
        mid = "magic.move_over"
        facts["other"] = under[0]
    return Instruction(player, "move", mid, facts, reqs, {"done": "end the move here"}, lit,
                       until_ms=settle.due_ms if settle is not None else None,
                       steps={c: n for c, n in reach.items() if c != here})


def lit_cells(ref: "MagicReferee", here: Cell, left: int) -> tuple[Cell, ...]:
    """The cells lit for the mover standing on ``here`` with ``left`` steps left: the end cells it
    can still reach from there (RULES.md §1 A turn, 2-3: free, or its own start cell), not across a
    wall the players found this game (legal, but sure to drop the ball), nor through a cell this move
    has passed already (a `revisit`, against the rules: Magic newcomer 20 stepped back onto the lit cell
    it had just left, and was warned). Sorted cells."""
    return tuple(sorted(lit_steps(ref, here, left)))


def lit_steps(ref: "MagicReferee", here: Cell, left: int) -> dict[Cell, int]:
    """:func:`lit_cells` with the fewest steps each takes from ``here`` ({cell: steps}, ``here`` 0): a cell lit beside
    a wall found takes the steps round it (the page writes them on the cells)."""
    move = ref.move
    assert move is not None
    # (never past the target: entering it ends the move, Magic newcomer 87 saw d1 lit "3" past the target c1)
    dist = GRID.distances(here, ref.known_walls, avoid=move.path, ends=(ref.target[1],) if ref.target else ())
    taken = set(ref.tracker.occupied(exclude=move.player)) - {move.start}
    return {c: d for c, d in dist.items() if d <= left and c not in taken}


def _correct(ref: "MagicReferee") -> Instruction:
    return Instruction(ref.current, "correct", "correct", {}, requests(ref))


def _return(ref: "MagicReferee") -> Instruction:
    who = ref.returner or ref.current
    return Instruction(ref.current, "return", "magic.return", {"returner": who, "corner": ref.corners[who]},
                       requests(ref))


def _setup(ref: "MagicReferee") -> Instruction:
    confirm = ref._timers.get("setup")
    return Instruction(None, "check", "check", {}, requests(ref),
                       until_ms=confirm.due_ms if confirm is not None else None)


def _over(ref: "MagicReferee") -> Instruction:
    return Instruction(None, "game_over", "game_over", {"winner": ref.winner, "again": ""})


def scene(ref: "MagicReferee", instruction: Instruction) -> Scene:
    """The LED scene for ``instruction`` (see the module doc)."""
    if ref.state == "game_over":
        return Scene(win_rgb=PLAYER_RGB.get(ref.winner or "", TARGET_RGB), win_start_ms=ref._now())
    cells: dict[str, tuple[int, int, int]] = {}
    blink: dict[str, tuple[tuple[int, int, int], tuple[int, int, int]]] = {}
    countdown: dict[str, tuple[tuple[int, int, int], int, int]] = {}
    rgb = PLAYER_RGB[ref.current]
    if instruction.action == "move":
        cells = dict.fromkeys(instruction.cells, scale(rgb, LEGAL_LEVEL))
    if ref.setup_check is not None:
        for pawn, cell in ref.setup_check.expected.items():
            cells[cell] = PLAYER_RGB.get(pawn, TARGET_RGB)
    elif instruction.action in ("roll", "move", "closing"):
        # whose turn: under the pawn that moves (in the gap of a slide, the cell it left), its start corner only
        # while it stands there (Magic newcomers 25, 33, 46, 47 read a lit corner with the pawn elsewhere as
        # "go back here"); other moments light what they ask for (the requests), not the turn
        turn = ref.tracker.at.get(ref.current) or ref.tracker.last.get(ref.current) or ref.corners[ref.current]
        cells[turn] = rgb
    if instruction.action == "move":
        here = ref.tracker.last.get(ref.current)  # in the gap of a slide too: no flicker
        if instruction.until_ms is not None and here is not None:
            countdown[here] = (rgb, instruction.until_ms - ref.settle_ms(ref.current), instruction.until_ms)
    if ref.target:
        cells[ref.target[1]] = TARGET_RGB
        # the target within this roll's reach alternates white with the mover's glow (Magic newcomer 14:
        # white either way, it never said whether the roll could reach it)
        if instruction.action == "move" and ref.target[1] in instruction.cells:
            blink[ref.target[1]] = (TARGET_RGB, scale(rgb, LEGAL_LEVEL))
    if instruction.action == "roll" and ref.roll_again:
        here = ref.tracker.at.get(ref.current)
        if here is not None:
            blink[here] = (rgb, TARGET_RGB)
    pulse: dict[str, tuple[int, int, int]] = {}
    if instruction.requests:
        layers = request_layers(instruction, ref.corners)
        blink.update(layers.blink)
        pulse = layers.pulse
    flash_cells, until = ref._flash
    flash = dict.fromkeys(flash_cells, WARNING_RGB) if until > ref._now() else {}
    return Scene(cells=cells, countdown=countdown, pulse=pulse, blink=blink, flash=flash, flash_until_ms=until)
