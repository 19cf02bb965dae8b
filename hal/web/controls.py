"""Which of a page's controls act now: one answer, from the board's instruction and the humans the page plays.

The board says what it needs in one instruction (``instruction`` event:
``player``, ``action``, ``buttons``, ``requests``, ``text``; see
:mod:`mazeboard.controller.instruction`). A page plays some colours (its
``humans``; none: it only watches). Each control of the page -- a board button
(``roll``, ``done``, ``slot:S-b``...) or a hand moving a piece (``hand:red``,
``gather``, ``follow``) -- acts now or does not, and says why. The functions
here answer that once for both sides:

* the view sends the answers to the page (``controls`` of the view:
  ``{control: [on, why]}``), which enables a button only when ``on`` and puts
  ``why`` in its title (what it does, or why it does not act: said in the page's language by
  its message id);
* the table refuses a command whose answer is off with the same reason (an
  ``error`` reply at once: nothing is queued for later).

Every function returns None when the control acts, else the reason in a few
words (a page writes ``"Lift pawn: " + reason``, the server ``"lift " + reason``): a
:class:`Reason`, English with its message id (:data:`CONTROL_REASONS`) and arguments.
``names``: how a colour is written (the page's titles capitalise it: "Blue's turn").
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping

from mazeboard.hal.i18n import fill

#: why a control does not act, by message id: English here, other languages in the catalogues
#: (collected by mazeboard.controller.i18n.english_sources). ``{player}``: a colour (the page's
#: translation may write ``{Player}``); ``{text}``: the board's instruction, in English.
CONTROL_REASONS: dict[str, str] = {
    "control.watching": "every colour is a simulated player: this page only watches (start with --humans red)",
    "control.waiting": "waiting for the board",
    "control.does_nothing": "does nothing now. {text}",
    # a button the instruction names as idle, with why (Instruction.idle: Struggle's Die 1 on way 1)
    "control.idle": "does nothing now ({why}). {text}",
    "control.game_over": "the game is over: press ✨ New game to play another",
    "control.simulated_turn": "it is {player}'s turn (a simulated player): wait",
    "control.asks_simulated": "the board asks {player} (a simulated player) to move it",
    "control.pawn_waits": "it is {player}'s turn",
    # the page's hand waits for the phase before the move (the board would warn "moved before ...")
    "control.hand.roll_first": "press Roll first, then slide it",
    "control.hand.push_first": "push the spare in first, then move it",
    "control.not_now": "not now: {text}",
    "control.no_token": "no token needs moving now: {text}",
    "control.simulated_places": "it is {player}'s turn (a simulated player): {player} places the tokens",
    "control.between_rounds": "the tokens go back to the start only between rounds: {text}",
    "control.on_start": "the tokens stand on the start already: {text}",
    "control.lift.slide_back": "slide your pawn back where the board shows: lifting it would drop its ball",
    "control.lift.game_over": "the game is over: start a new game",
    "control.lift.roll_first": "roll first; you lift your pawn only when the board sends it back (after your ball falls)",
    "control.lift.slide": "slide your pawn one cell at a time; you lift it only when the board sends it back",
    "control.lift.only_back": "you lift your pawn only when the board sends it back (after your ball falls)",
    # (Magic newcomer 21: "cannot go on" read oddly to one taking the pawn back; a click on the corner does it)
    # (Magic newcomer 22: the prompt said "press ✊ Lift pawn, then click a1", this only "click a1"; newcomer 29 read
    # "click a1 (or press ✊ Lift pawn, then click a1)" beside the prompt's one way as two rules: the prompt's way only,
    # a click on the corner still does it in one)
    "control.hand.ball_fell": "{Player}'s ball fell, so the pawn goes back to its start corner: press ✊ Lift pawn, "
                              "then click {corner}",
    # (Magic newcomer 14: "lifting it lets the ball fall again" did not say what to do)
    "control.fetch.pawn_first": "first press ✊ Lift pawn and click {corner}: the ball goes back under the pawn "
                                "once it stands on its start corner",
    "control.fetch.no_ball": "no ball of yours is in the tray",
    "control.lift.lab_click": "only to put a pawn back when the board asks you to (after a push or a slip); "
                              "in your move, click a tile to walk there",
}


class Reason(str):
    """Why a control does not act: the English sentence (the ``str``, what the server's refusals
    say), with its message id ``mid`` (:data:`CONTROL_REASONS`), its arguments ``args`` (a colour
    as the colour's name, ``red``) and the instruction's ``messages`` when it quotes the
    instruction (``{text}``): what a page needs to say it in its language."""

    mid: str
    args: dict[str, Any]
    messages: Any

    def __new__(cls, mid: str, names: Callable[[str], str] | None = None, said: Mapping[str, Any] | None = None,
                **args: Any) -> "Reason":
        template = CONTROL_REASONS[mid]
        if said is not None:
            args["text"] = _text(said)
        english = {k: names(v) if names is not None and k == "player" else v for k, v in args.items()}
        self = super().__new__(cls, fill(template, english))
        self.mid, self.args = mid, args
        self.messages = said.get("messages") if said is not None else None
        return self

    def said(self) -> dict[str, Any]:
        """``{id, args}`` (and ``messages``: the instruction's, when the reason quotes it) for the page."""
        out: dict[str, Any] = {"id": self.mid, "args": dict(self.args)}
        if self.messages is not None:
            out["messages"] = self.messages
        return out


WATCHING = Reason("control.watching")
WAITING = Reason("control.waiting")

Said = Mapping[str, Any] | None


def _text(said: Mapping[str, Any]) -> str:
    return str(said.get("text") or "wait for the board")


def _plain(colour: str) -> str:
    return colour


Names = Callable[[str], str]


def press_refusal(said: Said, humans: Iterable[str], button: str, names: Names = _plain) -> str | None:
    """Whether a board button acts now: the instruction lists it, and it asks one of ``humans``
    (or nobody in particular: anyone at the table may press it)."""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    if said.get("action") == "game_over" and button not in said.get("buttons", {}):
        return Reason("control.game_over")
    player = said.get("player")
    # a simulated player's moment is said as the wait it is, whether or not the button acts in it (round 8:
    # T in Blue's turn quoted Blue's "press Stop to play it" as the reason)
    if player is not None and player not in humans and said.get("action") != "game_over":
        return Reason("control.simulated_turn", names, player=player)
    if button not in said.get("buttons", {}):
        idle = _words((said.get("button_idle") or {}).get(button))
        if idle is not None:  # why it does nothing, said before the instruction (a phrase: in the page's language)
            return Reason("control.idle", said=said, why=idle)
        return Reason("control.does_nothing", said=said)
    return None


def hand_refusal(said: Said, humans: Iterable[str], piece: str, owner: str | None,
                 after_game: bool = False, names: Names = _plain) -> str | None:
    """Whether a hand of this page may move ``piece`` (a pawn) now: the board asks for it (a
    request naming it, of one of ``humans`` or of anyone), or it is ``owner``'s turn and
    ``owner`` is one of ``humans``. ``owner``: whose pawn it is (for Labyrinth's Vader: the
    player on turn). ``after_game``: pawns may be moved freely once the game is over."""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    asked = [r for r in said.get("requests", []) if r.get("piece") == piece]
    if asked:
        by = asked[0].get("by") or owner
        if by is not None and by not in humans:
            return Reason("control.asks_simulated", names, player=by)
        if asked[0].get("reason") == "ball_dropped" and asked[0].get("kind", "pawn") == "pawn":
            # back to the start corner by lifting it (:func:`lift_refusal`), never slid on: a
            # slide or a jump elsewhere is refused (The Magic Labyrinth, RULES.md §1 Ball drop)
            return Reason("control.hand.ball_fell", names, player=piece, corner=_corner(asked[0]))
        return None
    if after_game and said.get("action") == "game_over":
        return None
    who = said.get("player")
    if owner is None or who != owner:
        return Reason("control.pawn_waits", names, player=who) if who else Reason("control.not_now", said=said)
    if owner not in humans:
        return Reason("control.simulated_turn", names, player=owner)
    first = BEFORE_THE_MOVE.get(str(said.get("action")))
    return Reason(first) if first is not None else None


#: the instruction's actions before a turn's move, and why the page's hand waits through them
BEFORE_THE_MOVE = {"roll": "control.hand.roll_first", "shift": "control.hand.push_first"}


def lift_refusal(said: Said, humans: Iterable[str], pawn: str, names: Names = _plain) -> str | None:
    """Whether the page's Lift button helps now (The Magic Labyrinth): only while the board sends
    ``pawn`` back to its start corner after its ball fell (a request naming it, reason
    ``ball_dropped``), asked of one of ``humans``. A pawn moves by sliding one cell at a time: lifting
    it otherwise drops its ball (the pawn's magnet holds the steel ball under the board), a pawn put
    right slides back, and after the game only a new game is left to do. (A drag across the board
    still lifts and places: :func:`hand_refusal`.)"""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    asked = [r for r in said.get("requests", []) if r.get("piece") == pawn and r.get("kind", "pawn") == "pawn"]
    if asked:
        by = asked[0].get("by") or pawn
        if by not in humans:
            return Reason("control.asks_simulated", names, player=by)
        if asked[0].get("reason") != "ball_dropped":
            return Reason("control.lift.slide_back")
        return None
    action = said.get("action")
    if action == "game_over":
        return Reason("control.lift.game_over")
    who = said.get("player")
    if who is not None and who != pawn:
        return Reason("control.pawn_waits", names, player=who)
    if said.get("player") == pawn and action == "roll":
        return Reason("control.lift.roll_first")
    if said.get("player") == pawn and action == "move":
        return Reason("control.lift.slide")
    return Reason("control.lift.only_back")


def lab_lift_refusal(said: Said, humans: Iterable[str], pawn: str, owner: str | None,
                     names: Names = _plain) -> str | None:
    """Whether the Labyrinth page's Lift button helps now: only while the board asks for ``pawn``
    (a request naming it: put back where a push or a slip leaves it, maybe where no path leads),
    asked of one of ``humans`` (:func:`hand_refusal`'s reasons otherwise). In a plain move a click
    on a tile walks the pawn along the paths; a pawn lifted and set down is a jump the referee warns
    of (controller/labyrinth/referee.py, ``lifted``), so the button is off and says what it is for, in
    every step (round 26: the push step's "push the spare in first, then move it" read as a way to move)."""
    humans = tuple(humans)  # read twice below: an iterator would be spent by the first
    if any(r.get("piece") == pawn for r in (said or {}).get("requests", [])):
        return hand_refusal(said, humans, pawn, owner, names=names)
    if not humans or said is None or said.get("action") == "game_over" or said.get("player") not in humans:
        return hand_refusal(said, humans, pawn, owner, names=names)
    return Reason("control.lift.lab_click")


def _corner(request: Mapping[str, Any]) -> str:
    return " / ".join(str(c) for c in request.get("to") or ()) or "?"


def fetch_refusal(said: Said, humans: Iterable[str], player: str, names: Names = _plain) -> str | None:
    """Whether the page's hand may fish ``player``'s ball out of the tray (The Magic Labyrinth): the
    instruction asks for a ball out of the tray (``player``'s, or nobody's asked of ``player``), and
    ``player``'s pawn is not asked back first (the order the board asks for: lift the pawn, set it
    on its start corner, then the ball; a ball put back under a pawn still at the wall falls again
    when it is lifted)."""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    reqs = said.get("requests", [])
    back = [r for r in reqs if r.get("piece") == player and r.get("kind", "pawn") == "pawn"
            and r.get("reason") == "ball_dropped"]
    if back:
        return Reason("control.fetch.pawn_first", corner=_corner(back[0]))
    balls = [r for r in reqs if r.get("kind") == "ball" and (r.get("piece") == player or (not r.get("piece")
                                                                                         and r.get("by") == player))]
    if not balls:
        return Reason("control.fetch.no_ball")
    by = balls[0].get("by") or player
    if by not in humans:
        return Reason("control.asks_simulated", names, player=by)
    return None


def follow_refusal(said: Said, humans: Iterable[str], names: Names = _plain) -> str | None:
    """Whether the page's hand may put the pieces where the board asks (Struggle's "place the
    tokens as shown"): the instruction requests moves, of one of ``humans`` or of anyone."""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    asks = [r for r in said.get("requests", []) if r.get("kind") == "token" and r.get("to")]
    if not asks:
        # a person's play that moves no token: "Place tokens as shown" places nothing and ends the turn, as its name
        # and the README promise (Struggle newcomer 47 found it greyed, "press Stop" the only way on)
        first = (said.get("messages") or [{}])[0]
        if said.get("action") == "place" and said.get("player") in humans and isinstance(first, dict) \
                and first.get("id") == "str.placed_none":
            return None
        return Reason("control.no_token", said=said)
    by = {r.get("by") for r in asks} - {None}
    if by and not by & set(humans):
        who = sorted(by)[0]
        return Reason("control.simulated_places", names, player=who)
    return None


def gather_refusal(said: Said, humans: Iterable[str]) -> str | None:
    """Whether the page's hand may gather every token on the start (Struggle, between rounds):
    only while the instruction asks for the tokens on the start (``action`` ``tokens``, with
    requests); never in the middle of a round."""
    humans = tuple(humans)
    if not humans:
        return WATCHING
    if said is None:
        return WAITING
    if said.get("action") != "tokens":
        return Reason("control.between_rounds", said=said)
    if not said.get("requests"):
        return Reason("control.on_start", said=said)
    return None


def _words(said: Any) -> dict[str, Any] | None:
    """``{id, args}`` of what a button does (an instruction's ``button_messages`` entry), or None
    when it is not one (a page then shows the English)."""
    if isinstance(said, Mapping) and isinstance(said.get("id"), str) and isinstance(said.get("args"), Mapping):
        return {"id": said["id"], "args": dict(said["args"])}
    return None


def pair(reason: str | None, does: str = "", words: Any = None) -> list[Any]:
    """``[on, why]`` as a page receives it: ``why`` is what the control does when on (with
    ``words``, its ``{id, args}``: ``[True, why, {id, args}]``); off, with a :class:`Reason`:
    ``[False, why, {id, args[, messages]}]`` (the page says ``why`` in its language)."""
    if reason is None:
        said = _words(words)
        return [True, does, said] if said is not None else [True, does]
    return [False, str(reason), reason.said()] if isinstance(reason, Reason) else [False, reason]


def page_name(colour: str) -> str:
    """A colour as the page's titles write it ("Blue")."""
    return colour.capitalize()


def press_controls(said: Said, humans: Iterable[str], buttons: Iterable[str]) -> dict[str, list[Any]]:
    """``{button: [on, why]}`` for the page's board ``buttons`` (colours written as the page does)."""
    humans = tuple(humans)
    does = dict((said or {}).get("buttons", {}))
    words = (said or {}).get("button_messages")
    words = words if isinstance(words, Mapping) else {}
    return {b: pair(press_refusal(said, humans, b, page_name), str(does.get(b, "")), words.get(b)) for b in buttons}


def refused_line(label: str, reason: str) -> str:
    """The server's one-line refusal of ``label`` (``rotate``, ``slot S-b``...), as the page words its
    own: "Rotate: does nothing now. ..." for a button the instruction does not list, else the reason
    itself (Magic newcomer 108 read "roll does nothing now", a sentence begun in lower case)."""
    return f"{label[:1].upper()}{label[1:]}: {reason}" if reason.startswith("does nothing") else reason
