"""What the Struggle board asks now, the token requests, and the LED scene that shows them.

:func:`table` gives the referee one instruction function per state of its
machine (a test walks every state). :func:`token_requests` is Struggle's
belief vs board: the referee believes each token stands on one sensor
(``home``: a track space or an arrival place, as the race has them; all on
the start space between rounds; as saved after a restart), the reeds report
which sensors are closed. Reeds sense occupancy only (two tokens on a space
close one reed), so the comparison is by occupancy: a sensor where tokens
belong but whose reed is open is *missing* its tokens; a closed reed where
no token belongs is *extra*. Which token may stand where is the referee's
:class:`~.whereabouts.Whereabouts`: a request names where a token stands only
when the board knows it (a token seen leaving its own space, or standing
where it was known), never a guess -- "9 must go to s1" when 9 may be on s0
or on s4. Each missing token becomes a request (the token, where it stands
if known, where it must go, why); an extra reed left over is the token that
may stand there, named when only one may, else "a token on s4" that goes to
where the tokens that may stand there belong (the instruction's words then
say which token belongs where: people read the letters); when no token may
stand there as far as the reeds told, still "a token on s4" going to a space
several tokens share or whose reed is open (a move no reed saw, left undone:
the reeds' inference cannot rule it out), and only when counting does (five
tokens on five closed reeds), something that is not a token. When the reeds match but a
swap is possible, the instruction is ``confirm``: check the tokens, then
Stop (:func:`check`).

(:func:`mazeboard.controller.belief.reconcile` is not used here: every token
is held to one sensor and sharing a space is legal, so its guess of which of
two stacked pawns moved would name a token the reeds cannot tell.)

:func:`scene` renders an instruction: the spaces where tokens belong glow
dimly, the dice display and the preview of the selected outcome are steady,
requests are the only things that blink (where a token must go, in the
colour of the player asked, white for anyone) and pulse (where one must
leave), warnings flash, the settle countdown dims the spaces just played.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, AbstractSet, Any, Callable, Mapping

from mazeboard.hal.struggle import ACE, DIE_BUTTONS, PLACES, TOKENS, place_sensor, space_sensor
from mazeboard.hal.wiring_boards import die_face_led

from ..instruction import LEAVE_RGB, Does, Instruction, Request, listing, names, phrase
from ..leds import PLAYER_RGB, PROMPT_RGB, TARGET_RGB, WARNING_RGB, RGB, Scene, blink_pair, scale, win_scene
from . import rules
from .cards import CARD_BUTTONS, ERASE_OR_CONFIRM
from .words import play_said, where as where_said

if TYPE_CHECKING:  # pragma: no cover
    from .referee import StruggleReferee

#: brightness of a space where a token belongs (steady)
HOME_LEVEL = 0.15


def table(ref: "StruggleReferee") -> dict[str, Callable[[], Instruction]]:
    """State -> instruction function (every state of ``STATES``)."""
    return {
        "waiting_for_tokens": lambda: _tokens(ref),
        "waiting_for_throw": lambda: _throw(ref),
        "choosing": lambda: _choose(ref),
        "placing": lambda: _place(ref),
        "entering_cards": lambda: _card(ref),
        "waiting_for_setup": lambda: _setup(ref),
        "game_over": lambda: _over(ref),
    }


# -- belief vs board ------------------------------------------------------------------------------
def compare(home: Mapping[str, str], closed: set[str] | frozenset[str]) -> tuple[dict[str, str], list[str]]:
    """(token -> the sensor it belongs on, for tokens whose sensor's reed is open; closed
    sensors where no token belongs, sorted)."""
    expected = set(home.values())
    missing = {t: s for t, s in home.items() if s not in closed}
    return missing, sorted(set(closed) - expected)


def board_name(ref: "StruggleReferee", sensor: str) -> Any:
    """A sensor as the board (and the page) labels it, for words (a phrase said in the sentence's
    language, :func:`.words.where`): ``s0`` -> ``START``, ``s3`` -> ``space 3``, the last space ->
    ``FINISH``, ``place-A`` -> ``arrival place A``; anything else as it is."""
    return where_said(ref.track, sensor)


def _req(ref: "StruggleReferee", piece: str, kind: str, reason: str, frm: str | None, to: tuple[str, ...],
         by: str | None, blocking: bool = True) -> Request:
    """A Struggle request whose words name the places as the board labels them (:func:`board_name`)."""
    shown = (board_name(ref, frm) if frm else None, tuple(board_name(ref, s) for s in to))
    return Request(piece, kind, reason, frm, to, by, blocking, words="str", shown=shown)


def _reason(ref: "StruggleReferee", token: str | None, frm: str | None, lifted: bool = False,
            could_be: tuple[str, ...] = ()) -> str:
    """Why a token (``token``, or one of ``could_be`` where the reeds cannot tell which) is asked to move."""
    if ref.setup_check is not None:
        return "resumed"
    state = ref.state
    if state == "waiting_for_tokens":
        return "start"
    if state == "placing":
        # a token put on a space where none belongs (nor stood before the play) is a mistake, whichever token it
        # is (round 27: token J put on space 4 instead of space 1 was asked "as the play moves it", and the
        # prompt never named space 4); a token still where it stood is a move not made yet
        if frm is not None and astray(ref, frm):
            return "misplaced"
        # (one of several tokens the play moves from one space, the reeds unable to tell which has gone: a move not
        # made yet either, Struggle newcomer 42 moved Q of Q and J on space 1 and read "where it does not belong")
        mine = (token,) if token is not None else could_be
        return "placing" if mine and all(t in ref.moved for t in mine) else "misplaced"
    return "lifted" if lifted else "out_of_turn"


def astray(ref: "StruggleReferee", sensor: str) -> bool:
    """Whether a token on ``sensor`` was put where no token belongs and none stood before the play (a
    placing mistake, never a move not made yet): a difference the reeds show, said first."""
    return sensor not in set(ref.home().values()) and sensor not in set(ref.where.origin.values())


def _order(ref: "StruggleReferee") -> Callable[[str], int]:
    """A sensor's place along the track (start first, the arrival places last)."""
    order = {s: i for i, s in enumerate(ref.track.sensors())}
    return lambda sensor: order.get(sensor, len(order))


def _could_be_token(home: Mapping[str, str], closed: AbstractSet[str], pos: Callable[[str], int]) -> tuple[str, ...]:
    """Where a token standing on a closed reed nobody belongs on could belong, by counting alone
    (the reeds' inference aside): a sensor several tokens share (one may have left it unseen), or
    one whose reed is open. Empty when each token has its own sensor and every one is closed:
    five tokens on five closed reeds, so anything more is not a token."""
    count: dict[str, int] = {}
    for s in home.values():
        count[s] = count.get(s, 0) + 1
    return tuple(sorted((s for s, n in count.items() if n > 1 or s not in closed), key=pos))


def token_requests(ref: "StruggleReferee") -> tuple[Request, ...]:
    """The board against where the tokens belong (see the module doc); empty when it matches."""
    if ref.state == "game_over":
        return ()
    home = ref.home()
    closed = ref.closed
    expected = set(home.values())
    if closed == expected and not (ref.unseen and ref.state == "placing"):
        return ()  # the board matches (most of the time)
    pos = _order(ref)
    where = ref.where
    free = sorted(set(closed) - expected, key=pos)
    by = ref.current if ref.state == "placing" else None
    out: list[Request] = []
    explained: set[str] = set()
    for sensor in sorted(expected - set(closed), key=pos):
        for token in (t for t in TOKENS if home[t] == sensor):
            known = where.known(token)  # named only where the board knows it stands
            frm = known if known is not None and known in closed and known != sensor else None
            if frm is not None:
                explained.add(frm)
            out.append(_req(ref, token, "token", _reason(ref, token, frm, where.lifted(token)), frm, (sensor,), by))
    for sensor in free:
        if sensor in explained:
            continue
        here = where.here(sensor)
        if len(here) == 1:  # only this token may stand there: it goes where it belongs
            out.append(_req(ref, here[0], "token", _reason(ref, here[0], sensor), sensor, (home[here[0]],), by))
        elif here:  # one of several: it goes where the one it is belongs (the letters say which)
            homes = tuple(sorted({home[t] for t in here}, key=pos))
            # (a token in a hand may have been set down here unseen, the reed closed already: it may be the one, and a
            # token put where none belongs is a mistake, never a move not made yet; an attack put K on space 1 so)
            unsure = here + tuple(t for t in TOKENS if t not in here and where.lifted(t))
            out.append(_req(ref, "", "token", _reason(ref, None, sensor, could_be=unsure), sensor, homes, by))
        else:  # no token should stand there as far as the reeds told; counting decides
            could = _could_be_token(home, closed, pos)
            if could:  # a token still may (a move no reed saw, left undone): back where it belongs
                out.append(_req(ref, "", "token", _reason(ref, None, sensor), sensor, could, by))
            else:  # five tokens on five closed reeds: this one is not a token
                out.append(_req(ref, "", "magnet", "stray", sensor, (), None))
    if ref.state == "placing" and ref.setup_check is None:  # moves no reed can confirm: shown, not awaited
        # (a move of "a token" off a space, one of several the play moves from there, asks for each of them: Struggle
        # newcomer 42; a token put where none belongs asks for none of them)
        asked = {t for r in out for t in ((r.piece,) if r.piece else
                                          where.here(r.frm) if r.frm and r.reason == "placing" else ())}
        for token in ref.unmade():  # (not those the reeds saw arrive after all)
            frm, to = ref.unseen[token]
            if token not in asked:
                out.append(_req(ref, token, "token", "unseen", frm, (to,), by, blocking=False))
    return tuple(out)


def blocking(reqs: tuple[Request, ...]) -> bool:
    return any(r.blocking for r in reqs)


def _belong(ref: "StruggleReferee", tokens: tuple[str, ...]) -> Any:
    """Where ``tokens`` belong, as a phrase: "tokens K and Q belong on space 2, token 9 on space 1"."""
    home = ref.home()
    pos = _order(ref)
    groups: dict[str, list[str]] = {}
    for t in tokens:
        groups.setdefault(home[t], []).append(t)
    parts = sorted(groups.items(), key=lambda kv: pos(kv[0]))
    (s0, ts0), rest = parts[0], parts[1:]
    first = phrase("str.belong.many" if len(ts0) > 1 else "str.belong.one", tokens=listing(ts0),
                   where=board_name(ref, s0))
    return listing([first] + [phrase("str.belong.more_many" if len(ts) > 1 else "str.belong.more_one",
                                     tokens=listing(ts), where=board_name(ref, s))
                              for s, ts in rest], None)


def _which(ref: "StruggleReferee", reqs: tuple[Request, ...]) -> Any:
    """For requests about a token the reeds cannot name ("a token on s4"): which token belongs
    where, among those that may stand there (people read the letters); "" when none."""
    tokens = {t for r in reqs if r.kind == "token" and not r.piece and r.frm for t in ref.where.here(r.frm)}
    return _belong(ref, tuple(t for t in TOKENS if t in tokens)) if tokens else ""


def check(ref: "StruggleReferee", player: str | None) -> Instruction | None:
    """The reeds match where the tokens belong but cannot say each token is the right one: the
    players check the tokens (each request says where one belongs) and confirm with Stop.
    None when the referee is sure (or the reeds do not match)."""
    tokens = ref.doubt()
    if not tokens:
        return None
    home = ref.home()
    by = player if ref.state == "placing" else None
    reqs = tuple(_req(ref, t, "token", "ambiguous", None, (home[t],), by, blocking=False) for t in tokens)
    key = "str.confirm" if player is not None else "str.confirm_all"  # between rounds: the whole table
    # while placing, Stop ends the turn too: the players say every token stands where it belongs
    # (referee._confirm_tokens; round 27: it started another countdown, "play on" said nothing of it)
    ends = ref.state == "placing" and player is not None
    return Instruction(player, "confirm", "str.confirm_end" if ends else key,
                       {"tokens": list(tokens), "belong": _belong(ref, tokens)},
                       reqs, {"stop": Does("str.button.confirm_end" if ends else "str.button.confirm")})


# -- instructions -----------------------------------------------------------------------------------
def _until(ref: "StruggleReferee", name: str) -> int | None:
    timer = ref._timers.get(name)
    return timer.due_ms if timer is not None else None


def _correct(ref: "StruggleReferee", player: str | None, reqs: tuple[Request, ...]) -> Instruction:
    which = _which(ref, reqs)
    if which:
        return Instruction(player, "correct", "str.correct_which", {"which": which}, reqs)
    return Instruction(player, "correct", "correct", {}, reqs)


def _tokens(ref: "StruggleReferee") -> Instruction:
    asked = check(ref, None)
    if asked is not None:
        return asked
    reqs = token_requests(ref)
    facts = {"round": ref.round + 1, "start": board_name(ref, space_sensor(0))}
    if blocking(reqs):
        return Instruction(None, "tokens", "str.tokens", facts, reqs)
    return Instruction(None, "tokens", "str.tokens_ready", facts, (), {"stop": Does("str.button.start_round")},
                       until_ms=_until(ref, "settle"))


def _throw(ref: "StruggleReferee") -> Instruction:
    asked = check(ref, ref.current)
    if asked is not None:
        return asked
    reqs = token_requests(ref)
    if blocking(reqs):
        return _correct(ref, ref.current, reqs)
    turn = ref.turn
    throws = turn.throws if turn else 0
    held = sorted(i + 1 for i in turn.held) if turn else []
    left = ref.options.throws - throws
    buttons: dict[str, str] = {}
    if left > 0 and (throws == 0 or len(held) < len(DIE_BUTTONS)):
        buttons["throw"] = Does("str.button.throw_all" if throws == 0 else "str.button.throw_rest")
    if throws and left > 0:
        for i, b in enumerate(DIE_BUTTONS):
            buttons[b] = Does("str.button.free" if i + 1 in held else "str.button.hold", die=i + 1)
    if throws:
        buttons["stop"] = Does("str.button.keep")
    hand = list(turn.hand) if turn else []
    facts = {"throws": throws, "left": left, "s": "" if left == 1 else "s", "faces": hand, "held": held,
             "hand": hand_words(hand), "held_text": _held_text(held)}
    if throws == 0:  # once a token arrived: its points come at the round's end (cards are secret till then)
        message = ("str.throw_arrived" if ref.round_scores else "str.throw_arrived_first") if ref.race.arrived else "str.throw"
    elif "throw" in buttons:
        message = "str.rethrow"
    elif left > 0:
        message = "str.all_held"
    else:
        message = "str.keep"
    # a hand no way of playing moves a token: said before Stop keeps it (Struggle newcomer 73)
    if throws and len(hand) == len(DIE_BUTTONS) and rules.hand_moves_nothing(ref.rules, ref.race, hand):
        message += "_idle"
        # ...kept, a hand that is not void is still played, its one move nothing: Stop three times, said so (Struggle
        # newcomer 77 read "(the turn ends)" and pressed Stop three times)
        if message == "str.keep_idle" and not rules.is_void(hand):
            message = "str.keep_idle_play"
    return Instruction(ref.current, "throw", message, facts, (), buttons)


def _held_text(held: list[int]) -> object:
    """" (holding die 1, 3)" as a phrase (said in the prompt's language), or "" when none is held."""
    if not held:
        return ""
    return phrase("str.holding", dice=listing([str(d) for d in held], None))


def hand_words(hand: Any) -> Any:
    """The dice thrown as the prompt says them, a phrase: ``("K", "A", "9")`` -> "K, ace, 9". The ace die
    face is said "ace" (``str.die.ace``, in the prompt's language), never a bare "A": that letter names
    arrival place A (RULES.md, Struggle, places A-E). The faces themselves are the facts' ``faces``."""
    return listing([phrase("str.die.ace") if f == ACE else str(f) for f in hand], None)


#: plays of one way compared for :func:`_other_story` (an ace-rich hand has up to 120 orders: bounded)
STORIES_COMPARED = 24


def _other_story(ref: "StruggleReferee", plays: Any) -> bool:
    """Whether another order of the selected way's moves makes one of them happen differently (a token
    blocked, sent back, or moving from or to another space): only then does die 2 ("the same moves in
    another order") change anything a person sees (round 23: from START every order of "9 J 10 K K"
    moves each token alike, yet the page explained die 2). Die 2 still acts then (it names the order the
    log keeps); the facts' ``orders_differ`` says this. The first :data:`STORIES_COMPARED` plays are compared."""
    turn = ref.turn
    assert turn is not None

    def happens(play: Any) -> list[str]:  # what each move does, whatever the order they are told in
        return sorted(repr(m) for m in rules.apply(ref.rules, ref.race, turn.hand, play).moves)

    shown = list(plays)[:STORIES_COMPARED]
    first = happens(shown[0]) if shown else []
    return any(happens(p) != first for p in shown[1:])


def _choose(ref: "StruggleReferee") -> Instruction:
    asked = check(ref, ref.current)
    if asked is not None:
        return asked
    reqs = token_requests(ref)
    if blocking(reqs):
        return _correct(ref, ref.current, reqs)
    turn = ref.turn
    assert turn is not None and turn.outcomes
    count = len(turn.outcomes)
    outcome = turn.outcomes[turn.selected]
    play = outcome.plays[turn.play]
    buttons = {"stop": Does("str.button.play")}
    last = turn.selected == count - 1
    if count > 1:  # after the last way: way 1 again, said so (round 27: "the next way" at way 3 of 3)
        buttons["throw"] = Does("str.button.first" if last else "str.button.next")
    idle: dict[str, str] = {}
    if turn.selected > 0:  # only a way before this one (round 23: "the previous way" on the first way read wrong)
        buttons["die1"] = Does("str.button.previous")
    elif count > 1:  # and a tap on it says why (round 27: its refusal quoted "Die 1 for the previous one")
        idle["die1"] = Does("str.idle.no_previous")
    result = rules.apply(ref.rules, ref.race, turn.hand, play)
    said = play_said(play, result, ref.track, turn.hand)  # what it does
    if len(outcome.plays) > 1:  # the same result whatever the order: a button, never a choice to explain
        buttons["die2"] = Does("str.button.order")  # (it names the order the log keeps: SCENARIOS.md "played")
    facts = {"hand": hand_words(turn.hand), "faces": list(turn.hand), "n": turn.selected + 1, "count": count, "play": said,
             "play_text": phrase("str.play_text", play=said),
             "selected": turn.selected, "order": list(play.order),
             # the moves and aces of the order said ({play}; die 2 names another): what a page shows of the way
             # (round 27: the phone's "Way 1 of 3" line kept the first order after die 2)
             "moves": [m.to_dict() for m in result.moves], "aces": list(play.aces),
             "orders_differ": _other_story(ref, outcome.plays)}  # a page explains die 2 only then
    order = {s: i for i, s in enumerate(ref.track.sensors())}
    targets = {place_sensor(m.place) if m.place else space_sensor(m.to)
               for m in outcome.result.moves if m.result != "impasse"}
    targets |= {place_sensor(p) for _, p in outcome.result.arrivals}  # the fifth token's last place too
    message = ("str.choose_one" if count == 1 else "str.choose_first" if turn.selected == 0
               else "str.choose_last" if last else "str.choose")
    return Instruction(ref.current, "choose", message, facts, (), buttons,
                       tuple(sorted(targets, key=lambda s: order.get(s, len(order)))), idle=idle)


def _play_rank(ref: "StruggleReferee") -> Callable[[str], int]:
    """A token's place in the order the play being placed moves its tokens (:attr:`.rules.Play.order`);
    tokens it does not move, and "" (a token the board cannot name), after them."""
    turn = ref.turn
    order: tuple[str, ...] = ()
    if turn is not None and turn.outcomes:
        order = tuple(turn.outcomes[turn.selected].plays[turn.play].order)
    return lambda token: order.index(token) if token in order else len(order)


def _moves_nothing(ref: "StruggleReferee") -> bool:
    """Whether the play being placed moves no token (every move an impasse, or a die spent on a token
    arrived already, or swaps that undo each other: Struggle newcomer 64 read "✓ Made: token 10 on space 10 and token
    K on space 9" before touching anything): its words say so, not where the play put the tokens (issue 15, Struggle
    newcomer 35)."""
    turn = ref.turn
    if turn is None or not turn.outcomes or not 0 <= turn.selected < len(turn.outcomes):
        return False
    return not rules.net_moves(turn.outcomes[turn.selected].result.moves)


def _place(ref: "StruggleReferee") -> Instruction:
    asked = check(ref, ref.current)
    if asked is not None:
        return asked
    reqs = token_requests(ref)
    if blocking(reqs):
        # the mistake the board sees first: a token on a space where none belongs (a closed reed no token
        # explains), before a token named where it may stand (round 27: "token 9 is on START" hid space 4)
        wrongs = [r for r in reqs if r.reason == "misplaced" and r.frm and r.to]
        wrong = next((r for r in wrongs if r.frm and astray(ref, r.frm)), wrongs[0] if wrongs else None)
        if wrong is not None:
            return _mistake_first(ref, wrong, reqs)
        which = _which(ref, reqs)
        if which:
            return Instruction(ref.current, "place", "str.place_which", {"which": which}, reqs)
        # each move in the order the play moves its tokens, as the log tells it (Struggle newcomer 14: "token
        # J moves first, then token 9" was listed 9 first, by the space each goes to), whether a reed sees it
        # or not (newcomer 20: the moves a reed sees came first, and "K to space 3" before "Q from space 3")
        rank = _play_rank(ref)
        reqs = tuple(sorted(reqs, key=lambda r: rank(r.piece)))
        unseen = [r.piece for r in reqs if not r.blocking and r.piece]
        if not unseen:
            return Instruction(ref.current, "place", "str.place", {}, reqs)
        named = (phrase("str.token", token=unseen[0]) if len(unseen) == 1
                 else phrase("str.tokens_named", tokens=listing(unseen)))
        return Instruction(ref.current, "place", "str.place_unseen",
                           {"unseen": named, "unseen_text": phrase("str.unseen_text", unseen=named)}, reqs)
    # the tokens stand as far as the reeds can tell: Stop ends the turn, never a countdown (round 27)
    facts: dict[str, Any] = {}
    if reqs:  # the moves no reed can see, made or not: one list to look at, never orders again
        on: list[tuple[Any, list[str]]] = []  # one place, its tokens together: "tokens K, J and 9 on space 1"
        for r in reqs:
            if r.to:
                place = (r.shown or (r.frm, r.to))[1][0]
                same = next((ts for p, ts in on if p == place), None)
                if same is None:
                    on.append((place, [r.piece]))
                else:
                    same.append(r.piece)
        facts["unseen"] = listing([phrase("str.check_on", token=ts[0], place=place) if len(ts) == 1
                                   else phrase("str.check_on_many", tokens=listing(ts), place=place)
                                   for place, ts in on], "text.and")
    said = "str.placed_unseen" if reqs else "str.placed_none" if _moves_nothing(ref) else "str.placed"
    return Instruction(ref.current, "place", said, facts, reqs,
                       {"stop": Does("str.button.placed")}, requests_said=not reqs)


def _mistake_first(ref: "StruggleReferee", wrong: Request, reqs: tuple[Request, ...]) -> Instruction:
    """A token put where none belongs while placing: that mistake and its fix first ("Red: token 9 is on
    space 5, where it does not belong: move it to space 1."), the play's other moves short after it
    ("Then: token J on space 4."). Issue 15, round 26: the correction was a wall of text, the mistake last.
    The requests stay the same (the LEDs), the mistake's first."""
    assert wrong.frm is not None
    suspects = tuple(t for t in TOKENS if t in ref.where.here(wrong.frm)) if not wrong.piece else (wrong.piece,)
    # (the play's moves no reed can see too, made or not: Struggle newcomer 44 read "Then: token 9 on space 1" with Q
    # still to go to space 2)
    # ...and a move off a shared space the reeds cannot name the token of (an attack: J still to leave space 1 with
    # Q, the "Then:" said nothing of it)
    rest = [r for r in reqs if r is not wrong and r.to and (r.piece and r.piece not in suspects
                                                           or not r.piece and r.frm and r.reason == "placing")]
    # ...the moves still to make after "Then:", and those no reed can see, made or not, to check by eye (Struggle
    # newcomer 106 read "Then: token 9 on space 11" with 9 set there a moment before as a second job); a move no reed
    # sees onto a space a move still to make fills is one still to make too (a space's tokens said once, together:
    # test_struggle_newcomer61.py)
    ahead = {r.to[0] for r in rest if r.blocking}
    todo = [r for r in rest if r.blocking or r.to[0] in ahead]
    look = [r for r in rest if r not in todo]
    facts: dict[str, Any] = {"where": board_name(ref, wrong.frm), "piece": wrong.piece,
                             "to": listing([board_name(ref, s) for s in wrong.to], "text.or"),
                             "then": phrase("str.mistake_then", moves=_by_place(ref, todo, suspects)) if todo else "",
                             "check": phrase("str.mistake_check", moves=_by_place(ref, look, suspects)) if look else ""}
    if wrong.piece:
        message = "str.mistake_named"
    else:
        message = "str.mistake"
        facts["which"] = _belong(ref, suspects) if suspects else listing(
            [board_name(ref, s) for s in sorted(set(wrong.to), key=_order(ref))], "text.or")
    ordered = (wrong, *(r for r in reqs if r is not wrong))
    return Instruction(ref.current, "place", message, facts, ordered, requests_said=False)


def _by_place(ref: "StruggleReferee", reqs: list[Request], said_before: tuple[str, ...] = ()) -> str:
    """The moves of ``reqs`` said each place once, its tokens together, in the requests' order ("tokens K, J and 10 on
    space 2 and token 9 on space 3"): a token is said once (its first request) (Struggle newcomer 61: "token K on
    space 2, token K on space 2 and token 10 on space 2"). A move off a shared space the reeds cannot name the token
    of (``piece`` "") names the tokens that may stand there and belong on its place, but those ``said_before`` (the
    mistake's own); "a token from START on space 2" only when none does."""
    on: list[tuple[str, list[str]]] = []  # place, its tokens
    loose: list[tuple[str, str]] = []  # (from, place) of a token not named, none of those that may be it belonging there
    home = ref.home()

    def put(token: str, place: str) -> None:
        if any(token in ts for _, ts in on):
            return
        same = next((ts for p, ts in on if p == place), None)
        if same is None:
            on.append((place, [token]))
        else:
            same.append(token)

    for r in reqs:
        place = r.to[0]
        if r.piece:
            put(r.piece, place)
        elif r.frm:
            # the tokens that may stand on its space and belong on that place, named with that place's others (an
            # attack: "token 10 on space 2, … and a token from START on space 2", K and J both still to go there)
            maybe = [t for t in TOKENS if t in ref.where.here(r.frm) and home.get(t) == place]
            for t in maybe:
                if t not in said_before:
                    put(t, place)
            if not maybe and (r.frm, place) not in loose:
                loose.append((r.frm, place))
    said = [phrase("str.check_on", token=ts[0], place=board_name(ref, p)) if len(ts) == 1
            else phrase("str.check_on_many", tokens=listing(ts), place=board_name(ref, p)) for p, ts in on]
    said += [phrase("str.check_from", frm=board_name(ref, frm), place=board_name(ref, place)) for frm, place in loose]
    return listing(said)


def _card(ref: "StruggleReferee") -> Instruction:
    entry = ref.entry
    player = entry.player if entry else None
    asked = check(ref, player)
    if asked is not None:
        return asked
    reqs = token_requests(ref)
    if blocking(reqs):
        return _correct(ref, player, reqs)
    assert entry is not None
    buttons: dict[str, str] = {}
    for b, v in CARD_BUTTONS.items():
        if entry.offers(v):
            buttons[b] = Does("str.button.enter_ace", place=entry.next_place) if b == "throw" else \
                Does("str.button.enter", figure=v, place=entry.next_place)
    if entry.entered:
        buttons[ERASE_OR_CONFIRM] = Does("str.button.confirm_card" if entry.complete else "str.button.erase")
    facts = {"place": entry.next_place or "-", "entered": list(entry.entered), "card": " ".join(entry.entered),
             "erase": phrase("str.card_erase") if entry.entered else "",
             "questioned": " ".join(entry.questioned or ()), "holder": _holder(ref, entry.questioned)}
    if entry.complete:
        message = "str.card_confirm"
    elif entry.questioned is not None and not entry.entered:
        message = "str.card_recheck" if entry.recheck else "str.card_questioned"
    else:
        message = "str.card"
    return Instruction(player, "enter_card", message, facts, (), buttons)


def _holder(ref: "StruggleReferee", card: tuple[str, ...] | None) -> str:
    """Who entered ``card`` (a questioned card), or ""."""
    return next((p for p, c in ref.cards.items() if card is not None and c == card), "")


def _setup(ref: "StruggleReferee") -> Instruction:
    return Instruction(None, "check", "check", {}, token_requests(ref), until_ms=_until(ref, "setup"))


#: a tie's sentence by how many tie (RULES.md §3: the highest total wins; several players with it all win)
TIE_MESSAGES = {2: "str.tie", 3: "str.tie_three", 4: "str.tie_four"}


def tie_message(winners: "list[str] | tuple[str, ...]", points: int) -> tuple[str, dict[str, object]]:
    """(message id, arguments) of a tie between ``winners`` (2 to 4 colours) with ``points`` each:
    "Red and Blue tie with 30 points: both win!"."""
    return TIE_MESSAGES[min(max(len(winners), 2), 4)], {"winners": names(winners), "points": points}


def _over(ref: "StruggleReferee") -> Instruction:
    winners = ref.winners or ([ref.winner] if ref.winner else [])
    if len(winners) > 1:
        mid, args = tie_message(winners, ref.totals[winners[0]])
        return Instruction(None, "game_over", mid, {"winner": ref.winner, **args})
    return Instruction(None, "game_over", "game_over", {"winner": ref.winner, "again": ""})


# -- LEDs -------------------------------------------------------------------------------------------
def scene(ref: "StruggleReferee", instruction: Instruction) -> Scene:
    """The LED scene for ``instruction`` (see the module doc)."""
    state = ref.state
    if state == "game_over":
        return win_scene(ref.winners or ([ref.winner] if ref.winner else []), ref._now())
    rgb = PLAYER_RGB.get(instruction.player or ref.current, TARGET_RGB)
    cells: dict[str, RGB] = {s: scale(TARGET_RGB, HOME_LEVEL) for s in set(ref.home().values())}
    blink: dict[str, tuple[RGB, RGB]] = {}
    countdown: dict[str, tuple[RGB, int, int]] = {}
    turn = ref.turn
    entry = ref.entry
    if state == "entering_cards" and entry is not None:  # the card entry's own prompt on the places
        cells = {place_sensor(p): rgb for p in PLACES[:len(entry.entered)]}
        if entry.next_place is not None:
            blink[place_sensor(entry.next_place)] = blink_pair(rgb)
    if turn is not None and turn.hand and state in ("waiting_for_throw", "choosing"):
        for i, face in enumerate(turn.hand):  # the dice display, where the wiring has one
            cells[die_face_led(i + 1, face)] = rgb if i in turn.held else scale(TARGET_RGB, 0.6)
    if state == "choosing" and turn is not None and turn.outcomes:  # the preview: steady, never blinking
        result = turn.outcomes[turn.selected].result
        for m in result.moves:
            target = place_sensor(m.place) if m.place else space_sensor(m.to)
            cells[target] = rgb if m.result != "impasse" else PROMPT_RGB
            if m.displaced:
                cells[space_sensor(m.frm)] = scale(rgb, 0.4)
        # the round's end puts the fifth token on the last place (RULES.md §3 Arrival): lit there, the space its
        # move passes dimly (Struggle newcomer 97 saw space 16 lit, then was asked for Q on arrival place E)
        placed = {m.token for m in result.moves if m.place}
        for token, place in result.arrivals:
            if token in placed:
                continue
            cells[place_sensor(place)] = rgb
            passed = next((m for m in reversed(result.moves) if m.token == token and m.result != "impasse"), None)
            if passed is not None and space_sensor(passed.to) in cells:
                cells[space_sensor(passed.to)] = scale(rgb, 0.4)
    if instruction.until_ms is not None:
        start = instruction.until_ms - (ref.settle_ms() if state != "waiting_for_setup" else ref.options.settle_ms)
        for s in ref.countdown_cells():
            countdown[s] = (rgb, start, instruction.until_ms)
    pulse: dict[str, RGB] = {}
    for r in instruction.requests:
        colour = PLAYER_RGB.get(r.by or "", TARGET_RGB)
        if r.kind == "magnet":
            if r.frm:
                pulse[r.frm] = WARNING_RGB
            continue
        for s in r.to:
            blink.setdefault(s, blink_pair(colour))
        if r.frm and r.frm not in r.to:
            pulse[r.frm] = LEAVE_RGB
    flash_cells, until = ref._flash
    flash = {c: WARNING_RGB for c in flash_cells} if until > ref._now() else {}
    return Scene(cells=cells, countdown=countdown, pulse=pulse, blink=blink, flash=flash, flash_until_ms=until)
