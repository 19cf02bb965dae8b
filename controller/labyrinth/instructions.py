"""What the Labyrinth board asks now, and the LED scene that shows it.

:func:`table` gives the referee one instruction function per state of its
machine (a test walks every state); :func:`requests` turns what does not fit
between the referee's belief and the board (:meth:`LabyrinthReferee.match`,
the mover's own correction) into :class:`~..instruction.Request`\\ s;
:func:`scene` renders an instruction on the LEDs:

* whose turn, in the shift and the move: the tile under the current
  player's pawn in their colour (none while the pawn is in the hand); the
  start square in full colour once all the player's cards are found (where
  to go back to), otherwise only as a reachable cell like the others;
* the shift: the slot LEDs that take the spare now in the player's colour,
  the forbidden slot dim red (slots are dark while the board must be put
  right first);
* the move: the reachable cells glowing dimly in the player's colour, the
  ``settle_ms`` countdown on the mover's cell;
* the question after ``ambiguous``: the candidate cells blinking dimly in the
  mover's colour, the guess alternating the mover's colour with orange;
* open targets (younger variant only) in white;
* the question about a picture (box's own cards): its tile blinking in the
  player's colour and white; a card found: its tile flashing in the finder's
  colour for ``warning_ms``;
* the guided layout: only the cell of the tile to lay now, white (the spare:
  the 12 slot arrows); the pawn check after it: its requests;
* requests (:func:`~..instruction.request_layers`): the cells a pawn must go
  to blink in its colour, the cell it must leave pulses, a stray magnet's
  cell pulses red; they paint over everything else;
* warnings and refused buttons: a flash.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

from mazeboard.hal.labyrinth import DONE_BUTTON, ROTATE_BUTTON, SLOT_NAMES
from mazeboard.hal.labyrinth_editions import VADER

from ..belief import source_cell
from ..instruction import Does, Instruction, Request, request_layers
from . import rules
from .layout_guide import tile_text
from ..leds import LEGAL_LEVEL, PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, RGB, Scene, blink_pair, scale

if TYPE_CHECKING:  # pragma: no cover
    from .referee import LabyrinthReferee

#: the mover's own corrections (the cells it may stand on are its reachable ones)
MOVER_KINDS = ("unreachable", "lifted")


def table(ref: "LabyrinthReferee") -> dict[str, Callable[[], Instruction]]:
    """State -> instruction function (every state of ``STATES``)."""
    return {
        "waiting_for_shift": lambda: _shift(ref),
        "waiting_for_settle": lambda: _settle(ref),
        "waiting_for_move": lambda: _move(ref),
        "waiting_for_correction": lambda: _correct(ref),
        "waiting_for_confirmation": lambda: _confirm(ref),
        "waiting_for_setup": lambda: _setup(ref),
        "waiting_for_answer": lambda: _answer(ref),
        "waiting_for_layout": lambda: _lay(ref),
        "waiting_for_pawns": lambda: _pawns(ref),
        "game_over": lambda: Instruction(None, "game_over", "game_over", {"winner": ref.winner, "again": ""}),
    }


def owner(ref: "LabyrinthReferee", pawn: str) -> str:
    """Who is asked to move ``pawn``: its player, or the current player for Vader."""
    return pawn if pawn in ref.players else ref.current


def away(ref: "LabyrinthReferee", pawn: str) -> str:
    """Why ``pawn`` left the cell the board believes it on, outside a push and the checks
    (a warning kind and its request's reason): before the shift a pawn of the turn
    (:meth:`~.referee.LabyrinthReferee.movers`: the player's own, or Vader for it) moved
    ``moved_before_shift``; any other pawn, or any pawn during the move, ``out_of_turn``
    (RULES.md §1 policy: a pawn other than the current player's moves) -- asked of its
    owner (:func:`owner`)."""
    if ref.state == "waiting_for_shift" and pawn in ref.movers():
        return "moved_before_shift"
    return "out_of_turn"


def _reason(ref: "LabyrinthReferee", pawn: str, frm: str | None) -> str:
    if ref.setup_check is not None:
        return "resumed"
    if ref.state == "waiting_for_pawns":
        return "set_up"
    why = ref.why.get(pawn)
    if why is not None:
        return why
    state = ref.state
    if state == "waiting_for_settle":
        push = ref.push
        return "wrapped" if push is not None and any(p == pawn for p, _, _ in push.wrapped) else "pushed"
    if state == "waiting_for_shift":
        return away(ref, pawn)
    return "out_of_turn" if frm is not None else "lifted"


def requests(ref: "LabyrinthReferee") -> tuple[Request, ...]:
    """The mover's correction, pawns not where they may stand, closed reeds nobody explains."""
    belief = ref.belief()
    match, may, hint = belief.match, belief.may, belief.hint
    strays, strays_block = belief.strays, belief.strays_block
    out: list[Request] = []
    taken: set[str] = set()
    corr = ref.correction
    if corr is not None:
        watch = ref.watch
        here = watch.at.get(corr.pawn) if watch is not None else None
        if here is None and strays_block and watch is not None:  # the closure taken for the unseen mover
            here = next(iter(sorted(ref.closed - set(watch.fixed().values()) - set(strays))), None)
        if here is not None:
            taken.add(here)
        if here is None or here not in corr.allowed:  # (on an allowed cell: only the strays must go)
            # unseen, it may already stand on a lit tile another pawn shares: Done says so (not blocking)
            hidden = here is None and watch is not None and bool(set(watch.held()) & corr.allowed)
            out.append(Request(corr.pawn, "pawn", corr.kind, here, tuple(sorted(corr.allowed)),
                               owner(ref, corr.pawn), blocking=not hidden, words="lab"))
    loose = sorted(ref.closed - {c for c in hint.values() if c is not None})  # closed, nobody believed there
    moving = ref.riding()
    for pawn in match.unmatched:
        if pawn in moving:
            continue  # carried by its tile right now: a movement in progress, not a request
        frm = source_cell(pawn, match, hint, taken)
        if frm is None or frm not in ref.closed:  # (its believed cell is open: it is not there)
            frm = next((c for c in loose if c not in taken), None)
        if frm is not None:
            taken.add(frm)
        out.append(Request(pawn, "pawn", _reason(ref, pawn, frm), frm, tuple(sorted(may[pawn] or ())),
                           owner(ref, pawn), words="lab"))
    for cell in strays:
        if cell not in taken:
            out.append(Request("", "magnet", "stray", cell, (), None, blocking=strays_block, words="lab"))
    return tuple(out)


def _blocked(ref: "LabyrinthReferee", reqs: tuple[Request, ...]) -> Instruction | None:
    """The instruction while a request blocks play: put right first; no button acts."""
    if any(r.blocking for r in reqs):
        return Instruction(ref.current, "correct", "correct", {}, reqs)
    return None


def _shift(ref: "LabyrinthReferee") -> Instruction:
    reqs = requests(ref)
    blocked = _blocked(ref, reqs)
    if blocked is not None:
        return blocked
    buttons = {ROTATE_BUTTON: "turn the spare a quarter clockwise"}
    buttons.update({f"slot:{s}": f"push the spare in at {s}" for s in SLOT_NAMES if s != ref.forbidden})
    facts: dict[str, Any] = {"spare": ref.maze.spare.turned(ref.quarters).notation(), "rotation": 90 * ref.quarters}
    # all found: back to the start square (not in the exit_anywhere variant, where any open edge wins: an attack saw
    # "…then go back to your start square a1" there; the move keeps the plain words too)
    home = ref.current is not None and ref.cards_left(ref.current) == 0 and not ref.options.exit_anywhere
    if home:
        facts["home"] = ref.corners[ref.current]
    message = "lab.shift_home" if home else "lab.shift"
    idle: dict[str, str] = {}
    if ref.forbidden:  # the slot the last push forbids, named in the sentence (each language says it its way)
        facts["forbidden"] = ref.forbidden
        message += "_not"
        # and a tap on its crossed arrow says why first (round 27: "slot W-6: does nothing now. Red: turn the
        # spare …" put the reason halfway through the quoted instruction)
        idle[f"slot:{ref.forbidden}"] = Does("lab.idle.forbidden", slot=ref.forbidden)
    return Instruction(ref.current, "shift", message, facts, reqs, buttons, idle=idle)


def _settle(ref: "LabyrinthReferee") -> Instruction:
    reqs = requests(ref)
    push = ref.push
    settle = ref._timers.get("settle")  # the reeds still change: the push is judged when they rest
    if push is not None and not push.warned:  # at the latest when the push is overdue (then it asks)
        until: int | None = push.t_ms + ref.options.wrap_timeout_ms
    else:
        until = settle.due_ms if settle is not None else None
    slot = push.slot if push else None  # N/S slots push a column, W/E slots a row
    message = "lab.settle_row" if slot is not None and slot[0] in "WE" else "lab.settle"
    return Instruction(ref.current, "settle", message, {"slot": slot}, reqs,
                       until_ms=until)


def _movers_text(pawns: tuple[str, ...]) -> str:
    return " or ".join("Vader" if m == VADER else "your pawn" for m in pawns)


def _move(ref: "LabyrinthReferee") -> Instruction:
    reqs = requests(ref)
    blocked = _blocked(ref, reqs)
    if blocked is not None:
        return blocked
    movers = ref.movers()
    cells = ref.reach_cells
    close = ref._timers.get("close")
    if close is not None:  # Done was pressed: the move ends once the last step has landed
        return Instruction(ref.current, "move", "lab.ending", {}, reqs, until_ms=close.due_ms)
    settle = ref._timers.get("settle")
    message, done = "lab.move", "end the move here"
    facts: dict[str, Any] = {"movers": _movers_text(movers), "pawns": list(movers)}
    player = ref.current
    # all found: Done at home wins (RULES.md A turn, 6; the exit_anywhere variant keeps the plain words)
    if player is not None and ref.cards_left(player) == 0 and not ref.options.exit_anywhere:
        watch = ref.watch
        here = (watch.positions_now() if watch is not None else dict(ref.positions)).get(player)
        facts["home"] = ref.corners[player]
        if rules.has_won(ref.maze, ref.corners[player], here, 0, ref.options):
            message, done = "lab.move_win", "win the game"
            facts["cell"] = here
        else:  # ...walking there, where a path reaches it this turn (the region lit does not shrink as it walks)
            message = "lab.move_home" if ref.corners[player] in cells else "lab.move_home_far"
    # the mover stands elsewhere than at the move's start: where it is, and that Done ends the move there (Labyrinth
    # newcomer 41 read "or press Done to stay" with its pawn on e1 as Done putting it back)
    # ...and a mover off its cell as the reeds see it (lifted, or set on a tile another pawn closes already: an attack
    # saw "or press Done to stay" there): where to set it and what Done does then
    watch = ref.watch
    mover = watch.mover if watch is not None else None
    # (...on the way home too: Labyrinth newcomer 43 walked to b3 and read the same words as before it)
    on = {"lab.move": "lab.move_on", "lab.move_home": "lab.move_home_on", "lab.move_home_far": "lab.move_home_far_on"}
    lifted = watch is not None and mover is not None and mover in watch.at and watch.at[mover] is None
    if message in on and watch is not None and mover is not None and mover in watch.at:
        here = watch.at[mover]
        # (words offering "press Done to stay" while the pawn is in the hand: an attack saw them after a lift)
        if here is None and message in ("lab.move", "lab.move_home_far"):
            message = "lab.move_set"
            facts.update(mover=_movers_text((mover,)))
        elif here is not None and here != watch.positions[mover]:
            message = on[message]
            facts.update(mover=_movers_text((mover,)), cell=here)
    # nowhere to go: the one mover's own tile is all that is lit (Labyrinth newcomer 46)
    if message in ("lab.move", "lab.move_home_far") and not lifted and watch is not None and len(movers) == 1 \
            and set(cells) <= {watch.positions.get(movers[0])}:
        message = "lab.move_none"
        facts.update(cell=watch.positions.get(movers[0]))
    # a slot tapped in the move says why it does nothing first (Labyrinth newcomer 14: "slot E-4: does nothing
    # now. Red: move your pawn ..." never said the push was made)
    idle = {f"slot:{s}": Does("lab.idle.pushed", player=player) for s in SLOT_NAMES}
    idle[ROTATE_BUTTON] = Does("lab.idle.pushed", player=player)  # and Rotate, whose spare is in (attack 16)
    return Instruction(ref.current, "move", message, facts,
                       reqs, {DONE_BUTTON: done}, cells,
                       until_ms=settle.due_ms if settle is not None else None, idle=idle)


def _correct(ref: "LabyrinthReferee") -> Instruction:
    reqs = requests(ref)
    corr = ref.correction
    others = [r for r in reqs if r.blocking and (corr is None or r.piece != corr.pawn)]
    buttons = {}
    watch = ref.watch
    if corr is not None and corr.kind in MOVER_KINDS and not others and watch is not None and \
            watch.at.get(corr.pawn) is None and set(watch.held()) & corr.allowed:
        # unseen, it may stand on a lit tile another pawn shares (no reed changes there): Done says so
        buttons[DONE_BUTTON] = "the pawn stands on a lit tile: end the move"
    return Instruction(ref.current, "correct", "correct", {}, reqs, buttons)


def _confirm(ref: "LabyrinthReferee") -> Instruction:
    reqs = requests(ref)
    blocked = _blocked(ref, reqs)
    choice = ref.choice
    if blocked is not None or choice is None:
        return blocked or Instruction(ref.current, "correct", "correct", {}, reqs)
    pawn, cell = choice.guess
    return Instruction(ref.current, "confirm", "lab.confirm",
                       {"pawn": pawn, "cell": cell, "options": [list(o) for o in choice.options]}, reqs,
                       {ROTATE_BUTTON: "try the next cell", DONE_BUTTON: "yes, it stands there"},
                       tuple(sorted({c for _, c in choice.options})))


def _setup(ref: "LabyrinthReferee") -> Instruction:
    check = ref.setup_check
    assert check is not None
    reqs = requests(ref)
    buttons = {} if any(r.blocking for r in reqs) else {DONE_BUTTON: "the tiles lie as saved: play on"}
    push = check.push_slot
    return Instruction(None, "check", "lab.check_push" if push else "lab.check",
                       {"spare": ref.maze.spare.turned(ref.quarters).notation(), "slot": push}, reqs, buttons)


def _answer(ref: "LabyrinthReferee") -> Instruction:
    """Box's own cards: was the picture the move ended on the player's card?"""
    reqs = requests(ref)
    blocked = _blocked(ref, reqs)
    question = ref.question
    if blocked is not None or question is None:
        return blocked or Instruction(ref.current, "correct", "correct", {}, reqs)
    pawn, cell, picture = question.asked
    card_text = "one of your cards" if ref.options.younger else "your card"
    return Instruction(ref.current, "answer", "lab.card_question",
                       {"pawn": pawn, "cell": cell, "picture": picture, "card_text": card_text,
                        "mover_text": "Vader" if pawn == VADER else "your pawn"}, reqs,
                       {DONE_BUTTON: f"yes, the {picture} was {card_text}", ROTATE_BUTTON: "no"}, (cell,))


def _lay(ref: "LabyrinthReferee") -> Instruction:
    """The guided layout: the tile to lay now (the cell lit), or the spare to keep aside."""
    guide = ref.guide
    assert guide is not None
    step = guide.step
    facts = {**guide.fields(), "tile_text": tile_text(step.tile), "n": step.index + 1, "of": len(guide.steps),
             "back_text": " (Rotate: back to the last one)" if step.index else ""}
    buttons = {DONE_BUTTON: "the tile lies there: the next one" if not step.spare else "the spare is aside: "
               "check the pawns, then play"}
    if step.index:
        buttons[ROTATE_BUTTON] = "back to the last tile"
    if step.cell is None:
        return Instruction(None, "lay", "lab.lay_spare", facts, (), buttons)
    return Instruction(None, "lay", "lab.lay", facts, (), buttons, (step.cell,))


def _pawns(ref: "LabyrinthReferee") -> Instruction:
    """After the guided layout: the pawns on their start squares, Vader on its tile."""
    return Instruction(None, "pawns", "lab.pawns",
                       {"vader_text": " and Vader on its tile" if VADER in ref.positions else ""}, requests(ref))


def scene(ref: "LabyrinthReferee", said: Instruction) -> Scene:
    """The LED scene for ``said`` (see the module doc)."""
    if ref.state == "game_over":
        return Scene(win_rgb=PLAYER_RGB.get(ref.winner or "", TARGET_RGB), win_start_ms=ref._now())
    names, until = ref._flash
    flash = {n: WARNING_RGB for n in names} if until > ref._now() else {}
    if said.action == "lay":  # one cell at a time (the spare: the slot arrows)
        lit = said.cells or tuple(f"slot:{s}" for s in SLOT_NAMES)
        return Scene(cells={c: TARGET_RGB for c in lit}, flash=flash, flash_until_ms=until)
    player = ref.current
    rgb = PLAYER_RGB[player]
    cells: dict[str, RGB] = {}
    blink: dict[str, tuple[RGB, RGB]] = {}
    countdown: dict[str, tuple[RGB, int, int]] = {}
    if said.action == "shift":
        for s in SLOT_NAMES:
            name = f"slot:{s}"
            if s == ref.forbidden:
                cells[name] = scale(WARNING_RGB, 0.2)
            elif name in said.buttons:
                cells[name] = rgb
    if said.action == "move":
        glow = scale(rgb, LEGAL_LEVEL)
        for c in said.cells:
            cells[c] = glow
    if ref.options.younger:
        for card in ref.decks[player]:
            where = ref.maze.cell_of(card)
            if where is not None:
                cells[where] = TARGET_RGB
    check = ref.setup_check
    if check is not None:
        for pawn, cell in check.expected.items():
            cells[cell] = PLAYER_RGB.get(pawn, rgb)
    elif said.action == "pawns":
        for pawn, cell in ref.positions.items():
            cells[cell] = PLAYER_RGB.get(pawn, rgb)
    elif said.action in ("shift", "move") and not said.requests:
        # all found: the start square is where to go back to, in full colour; otherwise it is a tile to walk to
        # like any other, as dim (Labyrinth newcomer 14: it framed brighter than the rest)
        if ref.cards_left(player) == 0 and not ref.options.exit_anywhere:
            cells[ref.corners[player]] = rgb
        # whose turn: under the player's pawn, where it stands (Labyrinth newcomer 49 and four Magic newcomers read
        # a lit start square with the pawn elsewhere as "go back home"); none while it is in the hand, where a
        # lit tile without a pawn would read as the tile to set it on
        watch = ref.watch
        here = watch.at.get(player) if watch is not None and player in watch.at else ref.positions.get(player)
        if here is not None:
            cells[here] = rgb
    if said.action == "move" and said.until_ms is not None and ref.watch is not None:
        mover = ref.watch.mover
        here = ref.watch.at.get(mover) if mover is not None else None
        settle = ref.options.settle_ms
        if here is not None and settle > 0:
            countdown[here] = (rgb, said.until_ms - settle, said.until_ms)
    if said.action == "answer":
        for c in said.cells:
            blink[c] = (rgb, TARGET_RGB)
    choice = ref.choice
    if said.action == "confirm" and choice is not None:
        for i, (pawn, c) in enumerate(choice.options):
            prgb = PLAYER_RGB.get(pawn, rgb)
            blink[c] = (prgb, PROMPT_RGB) if i == choice.index else blink_pair(scale(prgb, 0.3))  # dim, never dark
    layers = request_layers(said)
    blink.update(layers.blink)
    shine = ref._shine
    if shine is not None and shine[2] > ref._now():  # a card just found: its tile flashes in the finder's colour
        flash[shine[0]] = PLAYER_RGB[shine[1]]
        until = max(until, shine[2]) if flash.keys() - {shine[0]} else shine[2]
    return Scene(cells=cells, countdown=countdown, pulse=layers.pulse, blink=blink, flash=flash,
                 flash_until_ms=until)
