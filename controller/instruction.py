"""What the board asks now: one instruction, computed from the referee's state, rendered everywhere.

At every moment a referee answers "what does the board ask now?" with one
:class:`Instruction` (``referee.instruction()``, a pure function of its
state): whose turn it is and what they may do (``action``, the ``buttons``
that act, the ``cells`` they may go to, a running ``until_ms`` countdown),
or the :class:`Request`\\ s that block play (a pawn, token, ball or magnet
that is not where the referee believes it belongs: which piece, from where,
to which cells, and why). The LED scene (:func:`request_layers`), the
browser's prompt, the terminal narration and the ``instruction`` event of
the log (:meth:`Instruction.fields`) are all rendered from it, so they
cannot disagree. The English sentences come from :data:`MESSAGES` by message
id, so a page can show them in another language from the same ids and
arguments (``messages`` of the event).

Shapes: cells and sensors are strings in the board's notation (``c3``,
``start``, ``place:A``, ``tray:ne``); players are colours; ``until_ms`` is on
the game's clock (ms).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from mazeboard.hal.i18n import MAX_PHRASE_DEPTH, fill, is_phrase

from .leds import PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, RGB, blink_pair

#: what a request asks to move
PIECES = ("pawn", "token", "ball", "magnet")


@dataclass(frozen=True, slots=True)
class Request:
    """One thing on the board that must be put right before play goes on.

    ``piece``: what it is about -- a player's colour (``red``), ``vader``, a
    Struggle token (``K``), the owner of a ball, or ``""`` when nobody's.
    ``kind``: one of :data:`PIECES`. ``reason``: why (a warning kind such as
    ``overstep``, or ``lifted``, ``ball_dropped``, ``resumed``, ``misplaced``...).
    ``frm``: where it is now (a cell, a tray sensor; None: off the board or
    not known). ``to``: the cells it may go to, sorted (empty: take it off the
    board or out of the tray). ``by``: the player asked to do it (None: anyone
    at the table). ``blocking``: play waits until it is done (a stray magnet
    is only pointed at). ``words`` (keyword, required): the prefix of the
    asking game's ids in :data:`MESSAGES` (``magic``, ``lab``, ``str``,
    ``lobby``): the reason is said in that game's words (:func:`why_id`). ``shown``
    (keyword, optional): ``frm`` and ``to`` as the board labels them, for the words only
    (Struggle's ``s0`` reads ``START``; each a string or a phrase, :func:`phrase`); None: the sensor names themselves.
    """

    piece: str
    kind: str
    reason: str
    frm: str | None
    to: tuple[str, ...] = ()
    by: str | None = None
    blocking: bool = True
    words: str = field(kw_only=True)
    shown: tuple[Any, tuple[Any, ...]] | None = field(default=None, kw_only=True)

    def to_dict(self) -> dict[str, Any]:
        return {"piece": self.piece, "kind": self.kind, "reason": self.reason, "from": self.frm,
                "to": list(self.to), "by": self.by, "blocking": self.blocking}


class Does(str):
    """What a button does now, as an :class:`Instruction`'s ``buttons`` value: the English words
    (the ``str``: "play this way"), with the message id ``mid`` (in :data:`MESSAGES`) and the
    arguments ``args`` a page says them by in its language (the event's ``button_messages``)."""

    mid: str
    args: dict[str, Any]

    def __new__(cls, mid: str, **args: Any) -> "Does":
        self = super().__new__(cls, say(mid, args))
        self.mid, self.args = mid, args
        return self


@dataclass(frozen=True, slots=True)
class Instruction:
    """What the board asks now.

    ``player``: whose turn it is (None before the first turn, after the game,
    or when the whole table is asked). ``action``: what the board waits for,
    a word of the game's table (``roll``, ``move``, ``correct``, ``return``,
    ``check``, ``shift``, ``throw``, ``game_over``...). ``requests``: what must
    be put right first (see :class:`Request`). ``buttons``: the buttons that do
    something now, each with what it does (a page disables the others; a :class:`Does` carries
    the words' message id, for a page in another language).
    ``cells``: where the player may go (lit on the board). ``steps``: the fewest steps each of
    those cells takes from where the pawn stands (Magic's move; empty otherwise). ``until_ms``: when
    a running timer ends this wait by itself (the settle countdown), or None.
    ``facts``: the message arguments (roll, steps left, throws left...).
    ``message``: the id of the main sentence in :data:`MESSAGES`.
    """

    player: str | None
    action: str
    message: str
    facts: Mapping[str, Any] = field(default_factory=dict)
    requests: tuple[Request, ...] = ()
    buttons: Mapping[str, str] = field(default_factory=dict)
    cells: tuple[str, ...] = ()
    until_ms: int | None = None
    #: cell -> the fewest steps to it, for the lit cells but the pawn's own (Magic's move: issue 15, newcomers 77,
    #: 79 and 85 read a cell lit beside a wall found, reached round it, as one step across)
    steps: Mapping[str, int] = field(default_factory=dict)
    #: False: the main sentence says the requests itself (its facts), none gets a sentence of its own
    requests_said: bool = True
    #: buttons that do nothing now, each with why (a :class:`Does`), where that is worth saying (Struggle's
    #: Die 1 on way 1: no previous way yet); a page's refusal says it before the instruction
    idle: Mapping[str, str] = field(default_factory=dict)

    @property
    def blocked(self) -> bool:
        """True when a request blocks play."""
        return any(r.blocking for r in self.requests)

    def actionable(self) -> bool:
        """Something ends this wait: a request, a button, a cell to go to, a countdown, or the game is over."""
        return bool(self.requests or self.buttons or self.cells or self.until_ms is not None
                    or self.action == "game_over")

    def messages(self) -> list[tuple[str, dict[str, Any]]]:
        """The sentences, in order: the main one, then one per request (id, arguments)."""
        out = [(self.message, {"player": self.player, **self.facts})]
        for r in self.requests if self.requests_said else ():
            out.append((request_message(r), request_args(r)))
        return out

    def text(self) -> str:
        """The instruction in plain English (what the page's prompt and the narration say)."""
        return " ".join(say(mid, args) for mid, args in self.messages())

    def fields(self) -> dict[str, Any]:
        """The ``instruction`` event's fields (docs/event-log.md)."""
        messages = self.messages()
        return {
            "player": self.player,
            "action": self.action,
            "text": " ".join(say(mid, args) for mid, args in messages),
            "messages": [{"id": mid, "args": args} for mid, args in messages],
            "requests": [r.to_dict() for r in self.requests],
            "buttons": {b: str(d) for b, d in self.buttons.items()},
            "button_messages": {b: {"id": d.mid, "args": dict(d.args)} for b, d in self.buttons.items()
                                if isinstance(d, Does)},
            "button_idle": {b: {"id": d.mid, "args": dict(d.args)} for b, d in self.idle.items()
                            if isinstance(d, Does)},
            "cells": list(self.cells),
            "steps": dict(self.steps),
            "until": self.until_ms,
        }


# -------------------------------------------------------------------------- words
#: English sentences by message id; ``{name}`` is filled from the arguments. A page may
#: translate by id (the ``messages`` of an ``instruction`` event carry the ids and arguments).
MESSAGES: dict[str, str] = {
    # every game
    "game_over": "{Winner} wins!{again}",
    "check": "Put the board back as it was before the restart.",
    "wait_board": "The board is not connected: wait for it.",
    "correct": "First put right what the board shows:",
    # requests
    "request.pawn.to": "{Piece}'s pawn{from_text} must go to {to_text} ({why}).",
    "request.pawn.on": "Put {piece}'s pawn on {to_text} ({why}).",
    "request.token.to": "{Token_text}{from_text} must go to {to_text} ({why}).",
    "request.token.to.lifted": "Put {token_text} back on {to_text} ({why}).",
    "request.token.off": "Take the token off {frm} ({why}).",
    "request.token.to.ambiguous": "{Token_text} belongs on {to_text}.",
    # a Struggle move: the net move, from where the token stands to where the play leaves it
    "request.token.to.placing": "{Token_text}: {frm} → {to_text}.",
    "request.token.to.unseen": "{Token_text}: {frm} → {to_text}.",
    "request.ball": "Fish the ball out of the tray and put it back under {owner_text} ({why}).",
    "request.ball.ball_dropped": "Fish the ball out of the tray and put it back under {owner_text}.",
    "request.ball.stray_ball": "Fish the ball out of the tray and put it back under {owner_text}.",
    "request.pawn.to.ball_dropped": "{Piece}'s pawn{from_text} goes back to its start corner {to_text}.",
    "request.pawn.on.ball_dropped": "Put {piece}'s pawn back on its start corner {to_text}.",
    "request.magnet": "Something on {frm} closes its reed switch: take it off ({why}).",
    # why a request exists (the ``reason`` of a request; a game's own ``GAME.why.REASON`` first, see why_id)
    "why.out_of_turn": "it moved out of turn",
    "why.lifted": "it was lifted",
    "why.resumed": "as the saved game has it",
    "why.stray": "nothing should stand there",
    # The Magic Labyrinth
    "magic.roll": "{Player}: press Roll.",
    "magic.roll_again": "{Player}: roll again ({why}).",
    # the move ends by itself after the last step (or on the target); Done ends it sooner
    # "cell by cell" (Magic newcomer 20 read "up to 3 steps to a lit cell" as "tap where to end"; the lit cells
    # say where, and the words stay as short as before, so the prompt keeps its room at 390 and at 1024x700)
    "magic.move": "{Player} rolled {roll}: slide the pawn on {here} cell by cell, up to {left} more step{s} "
                  "(press Done to stop here{settle}).",
    "magic.move_start": "{Player} rolled {roll}: slide the pawn on {here} cell by cell, up to {left} step{s} "
                        "(press Done to stop sooner).",
    # (what blocks it: a found wall, another pawn, a cell the move passed already: an attack walked into a dead end)
    # (no longer than magic.move_start: the prompt keeps its room, the board stays put at 1024x700)
    "magic.move_none": "{Player} rolled {roll}: no lit cell to go to from {here} (walls found, pawns, cells passed): "
                       "press Done.",
    # on another pawn's cell with a step left (no longer than magic.move: the prompt keeps its room)
    "magic.move_over": "{Player} rolled {roll}: {Other}'s pawn stands on {here} too: slide on, up to {left} more "
                       "step{s} (no move ends on another pawn).",
    "magic.closing": "{Player}'s move is over ({reason}): keep the pawn still (a ball may still fall).",
    "magic.return": "{Returner}'s ball fell.",
    "magic.why.overstep": "more steps than the roll",
    "magic.why.occupied": "another pawn stands there",
    "magic.why.jump": "it was lifted over the board",
    "magic.why.moved_before_roll": "it moved before the die was rolled",
    "magic.why.ball_dropped": "the ball fell",
    "magic.why.stray_ball": "a ball nobody was asked to fetch",
    "magic.why.displaced": "its move ended there",
    "magic.why.moved": "it belongs there",
    # Labyrinth
    "lab.shift": "{Player}: turn the spare with Rotate as you like, then push it in at a lit slot. "
                 "{Player} moves after the push.",
    # the same while the last push forbids a slot (named as its arrow is: "S-f")
    "lab.shift_not": "{Player}: turn the spare with Rotate as you like, then push it in at a lit slot (not "
                     "{forbidden}: that would undo the last push). {Player} moves after the push.",
    "lab.shift_home": "{Player}: all your cards are found: turn the spare with Rotate as you like, push it in at a "
                      "lit slot, then go back to your start square {home}.",
    "lab.shift_home_not": "{Player}: all your cards are found: turn the spare with Rotate as you like, push it in at "
                          "a lit slot (not {forbidden}: that would undo the last push), then go back to your start "
                          "square {home}.",
    # why the slot the last push forbids does nothing (Instruction.idle: a tap on its crossed arrow says it first)
    "lab.idle.forbidden": "{slot} would undo the last push, so it is forbidden this turn",
    # ...and why no slot does anything in the move: one push a turn, made already
    "lab.idle.pushed": "{Player} has pushed the spare in this turn already: one push a turn",
    "lab.settle": "{Player}: push the column at {slot} all the way in; a pawn pushed off the board goes on the new tile.",
    "lab.settle_row": "{Player}: push the row at {slot} all the way in; a pawn pushed off the board goes on the new tile.",
    "lab.move": "{Player}: move {movers} along the paths to a lit tile, then press Done (or press Done to stay).",
    # ...once the pawn has moved: where it is and what Done does there
    "lab.move_on": "{Player}: the pawn is on {cell} now: press Done to end the move there, or go on to another lit tile.",
    # (the reeds do not see the pawn: lifted, or on a tile another pawn closes already, as after a walk onto it)
    "lab.move_set": "{Player}: once the pawn stands on a lit tile, press Done to end the move there.",
    # all cards found (RULES.md A turn, 6): the pawn is home, so Done ends the game; or it is not yet
    "lab.move_win": "{Player}: all your cards are found and your pawn is home on {cell}: press Done to win "
                    "the game.",
    # (Labyrinth newcomer 13: the longer sentence took four lines on a phone and pushed Done off the screen)
    "lab.move_home": "{Player}: all cards found: walk back to your start square {home} and press Done there to "
                     "win (Done elsewhere ends the turn).",
    # ...once the pawn has moved on the way home: where it is (Labyrinth newcomer 43)
    "lab.move_home_on": "{Player}: the pawn is on {cell} now: walk on to your start square {home} and press Done "
                        "there to win (Done elsewhere ends the turn).",
    # ...and where no path reaches it this turn (Labyrinth newcomer 46 read "walk on to ... a1" with a1 out of reach
    # as one more step to win)
    "lab.move_home_far": "{Player}: all cards found, but no path reaches your start square {home} this turn: move "
                         "along the paths to a lit tile, or press Done to stay.",
    "lab.move_home_far_on": "{Player}: the pawn is on {cell} now; no path reaches your start square {home} this "
                            "turn: press Done to end the move there, or go on to another lit tile.",
    # no lit tile but the mover's own after the push (Labyrinth newcomer 46 looked for the lit tile to go to)
    "lab.move_none": "{Player}: no path leads on from {cell} after this push: press Done.",
    "lab.ending": "{Player}'s move ends: keep the pawn still.",
    "lab.confirm": "Which tile did {pawn} stop on? Is it {cell} (blinking)? Press Rotate for the next one, "
                   "Done when it is that one.",
    "lab.check": "The game goes on as saved: lay the tiles as the saved game shows them (the spare: {spare}), "
                 "put the pawns where the LEDs blink, then press Done.",
    "lab.check_push": "The game goes on as saved: lay the tiles as the saved game shows them, with the row at "
                      "{slot} pushed all the way in (the spare: {spare}); put the pawns where the LEDs blink, "
                      "then press Done.",
    "lab.card_question": "{Player}: {mover_text} ended on the {picture} ({cell}). Was it {card_text}? "
                         "Press Done for yes, Rotate for no.",
    "lab.lay": "Lay {tile_text} on {cell} (lit): tile {n} of {of}. Then press Done{back_text}.",
    "lab.lay_spare": "Keep {tile_text} aside as the spare (the slot arrows are lit): tile {n} of {of}. "
                     "Then press Done{back_text}.",
    "lab.pawns": "Put the pawns on their start squares{vader_text} where the LEDs blink; play begins then.",
    "lab.why.moved_before_shift": "it moved before the shift",
    "lab.why.unreachable": "that tile is not connected",
    "lab.why.wrapped": "it was pushed off the board",
    "lab.why.not_wrapped": "it was pushed off the board",
    "lab.why.pushed": "the push carries it there",
    "lab.why.misplaced": "it is not where the push leaves it",
    "lab.why.set_up": "where it starts",
    # Struggle
    "str.tokens": "Put all five tokens on {start} (the green start space) for round {round}.",
    "str.tokens_ready": "All five tokens stand on the start: round {round} begins in a moment, or press Stop.",
    "str.throw": "{Player}: press Throw.",
    "str.throw_arrived": "{Player}: press Throw. Points are counted when the round ends (10 for each token on "
                         "its place on your card): until then the scores show the rounds already over.",
    # (before any round is over the scores show a dash: Struggle newcomer 30 read "the rounds already over" in a
    # one-round game)
    "str.throw_arrived_first": "{Player}: press Throw. Points are counted when the round ends (10 for each token "
                               "on its place on your card): until then the scores show “–”.",
    "str.rethrow": "{Player} threw {hand}{held_text}: press or click a die to hold or free it, Throw to throw "
                   "the others again ({left} throw{s} left), or Stop to keep the hand.",
    "str.holding": " (holding die {dice})",
    "str.die.ace": "ace",
    "str.all_held": "{Player} holds all five dice ({hand}): free a die to throw it again, or press Stop to keep the hand.",
    "str.keep": "{Player}: {hand} is the hand: press Stop to keep it.",
    # (a hand that moves no token in any way of playing it, said from the throw on: Struggle newcomer 73)
    # (no reason said: five aces, dice on tokens arrived, moves cancelled and swaps undone alike; an attack read "its
    # dice land on black or taken spaces" of five aces)
    "str.rethrow_idle": "{Player} threw {hand}{held_text}: this hand moves no token, whichever way it is played. Hold "
                        "or free dice and Throw the others again ({left} throw{s} left), or Stop to keep it anyway.",
    "str.all_held_idle": "{Player} holds all five dice ({hand}), a hand that moves no token: free a die to throw it "
                         "again, or press Stop to keep it anyway.",
    "str.keep_idle": "{Player}: {hand} is the hand, and it moves no token: press Stop to keep it (the turn ends).",
    "str.keep_idle_play": "{Player}: {hand} is the hand, and it moves no token: press Stop to keep it, Stop again to play "
                          "it (nothing moves), and Stop once more to end the turn.",
    # Die 1 named only where there is a previous way, Throw as "the next way" only where there is one (round 27:
    # way 1 said "Die 1 for the previous one" while die 1 was greyed); after the last way Throw shows way 1
    # (the board lights the way: the LEDs under the spaces, the page's frames; {play_text}: " (" the play ")", a page
    # showing the way's moves beside the board leaves it out: Struggle newcomer 26 read a prompt of five lines)
    "str.choose": "{Player}: the board lights way {n} of {count} to play {hand}{play_text}: press Stop to play it, "
                  "Throw for the next way, Die 1 for the previous one.",
    "str.choose_first": "{Player}: the board lights way {n} of {count} to play {hand}{play_text}: press Stop to play "
                        "it, Throw for the next way.",
    "str.choose_last": "{Player}: the board lights way {n} of {count} to play {hand}{play_text}: press Stop to play it, "
                       "Die 1 for the previous one, Throw to go back to way 1.",
    "str.choose_one": "{Player}: {hand} plays one way{play_text}, lit on the board: press Stop to play it.",
    "str.play_text": " ({play})",
    "str.place": "{Player}: move the tokens to the blinking spaces:",
    # a token put where none belongs while placing: the mistake and its fix first, the rest short after it
    # (issue 15, round 26: the correction was a wall of text with the mistake last)
    "str.mistake": "{Player}: a token is on {where}, where none belongs: move it where its letter belongs "
                   "({which}).{then}{check}",
    "str.mistake_named": "{Player}: token {piece} is on {where}, where it does not belong: move it to {to}.{then}{check}",
    "str.mistake_then": " Then: {moves}.",
    "str.mistake_check": " The board cannot tell whether the play's other moves are made: check them by eye: {moves}.",
    "str.place_which": "{Player}: move the tokens to the blinking spaces (the board cannot tell tokens apart: "
                       "read the letters; {which}):",
    "str.correct_which": "First put right what the board shows (it cannot tell tokens apart: read the letters; "
                         "{which}):",
    "str.confirm": "{Player}: the board cannot tell tokens apart: check that these stand where they belong "
                   "(swap any that stands elsewhere), then press Stop:",
    # the same while placing: Stop ends the turn (the tokens stand where the play put them; round 27)
    "str.confirm_end": "{Player}: the board cannot tell tokens apart: check that these stand where they belong "
                       "(swap any that stands elsewhere), then press Stop to end the turn:",
    "str.confirm_all": "The board cannot tell tokens apart: check that these stand where they belong (swap any "
                       "that stands elsewhere), then press Stop:",
    # the play's tokens stand: Stop ends the turn, always (round 27: a 1 s countdown here and a Stop for moves
    # no reed sees read as two rules, and the countdown passed turns under the hands)
    # ("the tokens", never "Red's tokens": they belong to nobody, Struggle newcomer 18)
    "str.placed": "The tokens stand where {Player}'s play put them: press Stop to end the turn.",
    # the same said where Stop does not act (a page on another player's turn: hal/web/controls.py)
    "str.placed_wait": "The tokens stand where {Player}'s play put them: {Player} presses Stop to end the turn.",
    # a play whose moves are all impasses (or dice on tokens arrived already): nothing to set (Struggle newcomer 35)
    "str.placed_none": "{Player}'s play moves no token: press Stop to end the turn.",
    # the net moves follow, one a line; {unseen}: the tokens whose arrival no reed sees ("tokens J and 9")
    # (round 26: "cannot see tokens Q and 10 arrive" read as reaching FINISH: the wide screen's words)
    # {unseen_text}: the caveat " (the board cannot tell ...)"; the browser simulator, which knows where each token
    # stands and refuses Stop until the moves are made, leaves it out (Struggle newcomer 27: "cannot tell tokens
    # apart" read as nonsense where tokens are tapped by name)
    "str.place_unseen": "{Player}: move the tokens to the blinking spaces, then press Stop{unseen_text}:",
    "str.unseen_text": " (the board cannot tell tokens apart: check {unseen} by eye)",
    # the reeds saw what they can: what is next, then the moves no reed sees as one list to look at
    # the board cannot tell whether these moves are made: it never says the tokens stand right, and it
    # never passes the turn by itself (round 27: a countdown passed it with a token still on START)
    "str.placed_unseen": "{Player}: the board cannot tell whether these moves are made, so check by eye: "
                         "{unseen}. Then press Stop to end the turn.",
    # the same said where Stop does not act (a page on a simulated player's turn)
    "str.placed_unseen_wait": "{Player}: the board cannot tell whether these moves are made, so {Player} "
                              "checks by eye: {unseen}, then presses Stop.",
    # (pages of the simulator, which know where each token stands: hal/web/static/struggle.js) the moves
    # no reed sees still to make (every one made: str.placed)
    # (Struggle newcomer 14: "(the board cannot see these moves)" read as a technical aside; the page knows
    # where the tokens stand, so it only says what is left)
    "str.placed_left": "{Player}: still to move: {moves}. Then press Stop to end the turn.",
    "str.placed_left_wait": "{Player}: still to move: {moves}.",
    # ...none of them made yet (Struggle newcomer 62 read "still to move" before moving anything)
    "str.placed_todo": "{Player}: move {moves}, then press Stop to end the turn.",
    "str.placed_todo_wait": "{Player}: move {moves}.",
    "str.check_on": "token {token} on {place}",
    # (one of several tokens the play moves off a space, the reeds unable to say which: a mistake's "Then:")
    "str.check_from": "a token from {frm} on {place}",
    # where a token still has to go (pages of the simulator: str.placed_left, page.str.stop_unmade)
    "str.move_to": "token {token} to {place}",
    "str.check_on_many": "tokens {tokens} on {place}",
    "str.token": "token {token}",
    "str.tokens_named": "tokens {tokens}",
    "str.card": "{Player}: enter your objective card on the dice buttons, place {place} next "
                "(Die 1-5: K Q J 10 9, Throw: the ace{erase}).",
    "str.card_erase": ", Stop erases the last one",
    "str.card_confirm": "{Player}: your card reads {card}: press Stop to confirm it.",
    "str.card_questioned": "{Player}: {holder} already entered {questioned}, and each card exists once. Check "
                           "your card and enter it from place A (Die 1-5: K Q J 10 9, Throw: the ace); if it "
                           "is {questioned}, enter that again: you keep it and {holder} checks theirs.",
    "str.card_recheck": "{Player}: {holder} kept the card you entered ({questioned}): check your card and enter "
                        "it again from place A (Die 1-5: K Q J 10 9, Throw: the ace).",
    "str.tie": "{Winners} tie with {points} points: both win!",
    "str.tie_three": "{Winners} tie with {points} points: all three win!",
    "str.tie_four": "{Winners} tie with {points} points: all four win!",
    # a play in words (rules.Play.phrase): "token K moves first, then Q, then 9; the aces count as a Q and a K"
    "str.play.none": "no token moves",
    "str.play.one": "token {token} moves",
    "str.play.first": "token {token} moves first, then {rest}",
    "str.play.then": "{first}, then {rest}",
    "str.play.ace": "{moves}; the ace counts as a {figure}",
    "str.play.aces_two": "{moves}; two aces counted as {figure}",
    "str.play.aces_three": "{moves}; three aces counted as {figure}",
    "str.play.aces_four": "{moves}; four aces counted as {figure}",
    "str.play.aces": "{moves}; the aces count as {aces}",
    "str.play.a": "a {figure}",
    # what a play does to each token (words.play_said): said when one does not simply move
    "str.play.moves": "token {token} moves",
    "str.play.arrives": "token {token} reaches arrival place {place}",
    "str.play.swaps": "token {token} moves and sends {displaced} back to {space}",
    "str.play.last": "token {token} takes the last place, {place}",
    # a play whose tokens bump each other back, said as where each token ends (words._net_said)
    "str.play.net": "{ends} (red spaces sent tokens back on the way)",
    "str.play.ends_first": "token {token} ends on {where}",
    "str.play.ends_more": "token {token} on {where}",
    # the dice of tokens already arrived (words.idle_said): they move nothing
    "str.play.idle_one": "{play}; token {token} has already arrived (place {place}): its dice move nothing",
    "str.play.idle_many": "{play}; tokens {tokens} have already arrived (places {places}): their dice move nothing",
    "str.play.stays_black": "token {token} stays on {space}, since no token may stop on black space {target}",
    "str.play.stays_yellow": "token {token} stays on {space}, since yellow space {target} is taken",
    "str.play.stays_plain": "token {token} stays on {space}, since space {target} is taken",
    # where, as the board labels it (words.where); START and FINISH are printed on the board
    "str.where.space": "space {n}",
    "str.where.place": "arrival place {place}",
    # where tokens belong (instructions._belong): "K and Q belong on space 2, 9 on space 1"
    "str.belong.one": "token {tokens} belongs on {where}",
    "str.belong.many": "tokens {tokens} belong on {where}",
    "str.belong.more_one": "token {tokens} on {where}",
    "str.belong.more_many": "tokens {tokens} on {where}",
    # what a Struggle button does now (Does: the instruction's buttons, a control's tooltip)
    "str.button.throw_all": "throw all five dice",
    "str.button.throw_rest": "throw the dice not held",
    "str.button.hold": "hold die {die}",
    "str.button.free": "free die {die}",
    "str.button.keep": "keep this hand",
    "str.button.play": "play this way",
    "str.button.next": "show the next way",
    "str.button.previous": "show the previous way",
    "str.button.first": "go back to way 1",
    # why Die 1 does nothing on way 1 (Instruction.idle: a page's refusal says it)
    "str.idle.no_previous": "there is no previous way yet: this is way 1",
    "str.button.order": "name another order of the same moves",
    "str.button.placed": "the tokens stand right: end the turn",
    "str.button.start_round": "start the round now",
    "str.button.confirm": "the tokens stand where they belong: play on",
    "str.button.confirm_end": "the tokens stand where they belong: end the turn",
    "str.button.enter": "enter {figure} for place {place}",
    "str.button.enter_ace": "enter the ace for place {place}",
    "str.button.confirm_card": "confirm the card",
    "str.button.erase": "erase the last entry",
    "str.why.misplaced": "it is not where the play leaves it",
    "str.why.ambiguous": "the board cannot tell tokens apart",
    "str.why.placing": "as the play moves it",
    "str.why.start": "every token starts there",
    "str.why.unseen": "the board cannot tell when this move is made",
    # pieces of sentences: the requests' arguments (request_fragments), said in each language
    "text.from": " on {frm}",
    "text.nowhere": "nowhere",
    "text.one_of": "one of {cells}",
    "text.or": "{rest} or {last}",
    "text.comma": ", ",
    "text.blinking": "one of the {count} blinking cells",
    "text.owner": "{Piece}'s pawn",
    "text.owner_unknown": "the pawn that lost it",
    "text.a_token": "a token",
    # a token named (Struggle's K, Q, J, 10, 9): "token 10", never a bare "10", which reads like track
    # space 10 (issue 15, round 23)
    "text.the_token": "token {piece}",
    "text.and": "{rest} and {last}",
    "text.series": "{first}, {rest}",
    "text.name": "{Name}",
    "text.score": "{player} {score}",
    # the lobby (controller/lobby.py)
    "lobby.seat": "Put your pawns on your start corners (the pulsing corners are free); with two or more, "
                  "press {start}.",
    "lobby.start": "{players_text} play. More players: put a pawn on a pulsing corner. Press {start} to start.",
    "lobby.clear": "Only pawns on start corners may stand on the board before a game:",
    "lobby.count": "{count} players (Die 2, Die 3 or Die 4 change it): press {start} to start.",
    "lobby.won": "{Winner} won.",
    "lobby.won_scores": "{Winner} won ({scores}).",
    "lobby.tie": "{Winners} tie with {points} points: both win ({scores}).",
    "lobby.tie_three": "{Winners} tie with {points} points: all three win ({scores}).",
    "lobby.tie_four": "{Winners} tie with {points} points: all four win ({scores}).",
    "lobby.result": "{result_text} Press {start} for the next game (the lobby opens by itself in a moment).",
    "lobby.playing": "A game is under way. To abandon it, press {gesture} {presses} times quickly while it does "
                     "nothing in the game ({idle}), then {presses} times again when every light flashes red.",
    "lobby.abandon": "Abandon this game? Press {gesture} {presses} times quickly again to abandon it; any other "
                     "button plays on.",
}

def why_id(words: str, reason: str) -> str:
    """The message id that says why a request of game ``words`` exists: the game's own
    ``WORDS.why.REASON`` when :data:`MESSAGES` has it, else the words every game shares
    (``why.REASON``). One lookup for every game: a reason another game names alike (Struggle's
    and Labyrinth's ``misplaced``) never borrows that game's words."""
    own = f"{words}.why.{reason}"
    return own if own in MESSAGES else f"why.{reason}"


def why(words: str, reason: str) -> str:
    """Why a request of game ``words`` exists, in words (an unknown reason: its name spelt out)."""
    return MESSAGES.get(why_id(words, reason), reason.replace("_", " "))


#: ``say(message_id, args) -> sentence`` in some language
Say = Callable[[str, Mapping[str, Any]], str]


def cells_text(cells: "tuple[Any, ...] | list[Any]", say: Say) -> str:
    """Where a piece may go, in words: ``nowhere``, ``c3``, ``one of a1, b2 or c3``, or (five and
    more) ``one of the 6 blinking cells``; ``say`` gives the language's words."""
    if not cells:
        return say("text.nowhere", {})
    named = [say(c["id"], c["args"]) if is_phrase(c) else str(c) for c in cells]  # a cell may be a phrase
    if len(cells) == 1:
        return named[0]
    if len(cells) <= 4:
        rest = say("text.comma", {}).join(named[:-1])
        return say("text.one_of", {"cells": say("text.or", {"rest": rest, "last": named[-1]})})
    return say("text.blinking", {"count": len(cells)})


def request_message(r: Request) -> str:
    """The message id of a request's sentence: ``request.KIND[.how][.REASON]``, the most
    specific one :data:`MESSAGES` has."""
    if r.kind == "pawn":
        base = "request.pawn.to" if r.frm is not None else "request.pawn.on"
    elif r.kind == "token":
        base = "request.token.to" if r.to else "request.token.off"
    else:
        base = f"request.{r.kind}"
    specific = f"{base}.{r.reason}"
    if specific in MESSAGES and "{frm}" in MESSAGES[specific] and not (r.shown or (r.frm,))[0]:
        return base  # a sentence that names where the piece stands, for a piece the board cannot place
    return specific if specific in MESSAGES else base


def request_args(r: Request) -> dict[str, Any]:
    """A request's message arguments; ``why`` is said in the asking game's words, ``why_id``
    names them in :data:`MESSAGES` (for a page that translates)."""
    frm, to = r.shown if r.shown is not None else (r.frm, r.to)
    words = request_fragments({"piece": r.piece, "frm": frm, "to": to, "why_id": why_id(r.words, r.reason),
                               "reason": r.reason}, say)
    return {"piece": r.piece, "frm": frm, "to": list(to), "why": words.pop("why"),
            "why_id": why_id(r.words, r.reason), "reason": r.reason, **words}


def request_fragments(args: Mapping[str, Any], say: Say) -> dict[str, str]:
    """The words a request's sentence is built of (``why``, ``from_text``, ``to_text``,
    ``owner_text``, ``token_text``), from its plain arguments (``piece``, ``frm``, ``to``,
    ``why_id``, ``reason``) in the language of ``say``: how a translation says them too."""
    piece, frm = args.get("piece") or "", args.get("frm")
    wid, reason = str(args.get("why_id") or ""), str(args.get("reason") or "")
    return {
        "why": say(wid, {}) if wid in MESSAGES else reason.replace("_", " "),
        "from_text": say("text.from", {"frm": frm}) if frm else "",
        "to_text": cells_text(list(args.get("to") or ()), say),
        "owner_text": say("text.owner", {"piece": piece}) if piece else say("text.owner_unknown", {}),
        "token_text": say("text.the_token", {"piece": piece}) if piece else say("text.a_token", {}),
    }


def say(message: str, args: Mapping[str, Any], depth: int = 0) -> str:
    """The English sentence ``message`` with ``args`` filled in; a capitalised field name
    (``{Player}``) takes the argument ``player`` capitalised (``None`` reads "Nobody"), an
    argument that is a phrase (``{"id", "args"}``, :func:`phrase`) is said from :data:`MESSAGES`
    first; see :func:`mazeboard.hal.i18n.fill`."""
    if any(is_phrase(v) for v in args.values()):
        args = {k: (say(v["id"], v["args"], depth + 1) if depth < MAX_PHRASE_DEPTH else "") if is_phrase(v) else v
                for k, v in args.items()}
    return fill(MESSAGES.get(message, message), args)


def phrase(mid: str, **args: Any) -> dict[str, Any]:
    """A piece of sentence by message id, as an argument of another sentence (``{"id", "args"}``):
    said in the language the sentence is said in (the page, the narration, the log's ``messages``)."""
    return {"id": mid, "args": args}


def listing(items: "list[Any] | tuple[Any, ...]", joined: str | None = "text.and",
            rest: str = "text.series") -> Any:
    """Items as one phrase: ``a``, ``a and b``, ``a, b and c`` (``joined``, ``{rest} and {last}``,
    joins the last two; ``rest``, ``{first}, {rest}``, the ones before; ``joined`` None: ``rest``
    joins them all, ``a, b, c``); an item may be a phrase. Empty: ``""``."""
    if not items:
        return ""
    before = list(items[:-1])
    tail: Any = items[-1]
    if joined is not None and before:
        tail = phrase(joined, rest=before.pop(), last=tail)
    for item in reversed(before):
        tail = phrase(rest, first=item, rest=tail)
    return tail


def names(colours: "list[str] | tuple[str, ...]") -> Any:
    """Players' colours as one phrase, each capitalised: ``Red``, ``Red and Blue``, ``Red, Blue
    and Green`` (said in the sentence's language, colours too)."""
    return listing([phrase("text.name", name=c) for c in colours], "text.and", "text.series")


# -------------------------------------------------------------------------- LEDs
#: a cell a piece must leave pulses (breathes) in this colour
LEAVE_RGB: RGB = PROMPT_RGB


def piece_rgb(piece: str) -> RGB:
    return PLAYER_RGB.get(piece, TARGET_RGB)


@dataclass(frozen=True)
class RequestLayers:
    """LED layers for an instruction's requests: ``blink`` (cells to go to: the piece's
    colour bright and less bright at 2 Hz, never dark; for a ball, alternating with the prompt colour) and
    ``pulse`` (cells to leave: breathing in :data:`LEAVE_RGB`; a stray magnet in red)."""

    blink: dict[str, tuple[RGB, RGB]]
    pulse: dict[str, RGB]


def request_layers(instruction: Instruction, ball_cells: Mapping[str, str] | None = None) -> RequestLayers:
    """The LED layers of ``instruction``'s requests. ``ball_cells``: owner -> the cell whose
    LED stands for that owner's ball (its pawn's start corner); a ball of nobody known
    blinks orange on all of them."""
    blink: dict[str, tuple[RGB, RGB]] = {}
    pulse: dict[str, RGB] = {}
    if not instruction.requests:
        return RequestLayers(blink, pulse)
    balls = ball_cells or {}
    for r in instruction.requests:
        rgb = piece_rgb(r.piece)
        if r.kind == "magnet":
            if r.frm:
                pulse[r.frm] = WARNING_RGB
            continue
        if r.kind == "ball":
            if r.piece in balls:
                blink[balls[r.piece]] = (rgb, PROMPT_RGB)
            else:  # nobody's: every start corner asks
                for cell in balls.values():
                    blink.setdefault(cell, blink_pair(PROMPT_RGB))
            continue
        for c in r.to:
            blink.setdefault(c, blink_pair(rgb))
        if r.frm and r.frm not in r.to:
            pulse[r.frm] = LEAVE_RGB
    return RequestLayers(blink, pulse)
