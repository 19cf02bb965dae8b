"""Struggle's pieces of sentence as phrases (``{"id", "args"}``, :func:`..instruction.phrase`):
said in the language of the sentence that holds them (the page's, the narration's).

* :func:`where` -- a sensor as the board labels it: ``START``, ``space 3``, ``FINISH``,
  ``arrival place A`` (START and FINISH are printed on the board: never translated).
* :func:`play_said` -- a play as it actually happens on the race: each token in the order
  named moves, reaches a place, sends tokens back, or stays where it is (its move would end on
  a black space or a taken one), and the token that takes the last place when the fourth
  arrived (RULES.md §3 Yellow, Red, Black, Arrival); the aces as they counted.
"""

from __future__ import annotations

from typing import Any, Sequence

from mazeboard.hal.struggle import ACE, Track

from ..instruction import listing, phrase
from .rules import Play, Result


def space(track: Track, i: int) -> Any:
    """Track space ``i`` as the board labels it: ``START``, ``FINISH`` or the phrase ``space {n}``."""
    kind = track.kinds[i] if 0 <= i < len(track.kinds) else ""
    return "START" if kind == "start" else "FINISH" if kind == "finish" else phrase("str.where.space", n=i)


def where(track: Track, sensor: str) -> Any:
    """A sensor as the board labels it (``s0`` -> ``START``, ``s3`` -> ``space 3``, ``place-A`` ->
    ``arrival place A``); anything else as it is."""
    if sensor.startswith("place-"):
        return phrase("str.where.place", place=sensor[len("place-"):])
    if sensor.startswith("s") and sensor[1:].isdigit():
        return space(track, int(sensor[1:]))
    return sensor


#: why a move ends where it started, by the kind of the space it would have ended on
STAYS = {"black": "str.play.stays_black", "yellow": "str.play.stays_yellow", "plain": "str.play.stays_plain"}


def play_said(play: Play, result: Result, track: Track, hand: Sequence[str] = ()) -> Any:
    """``play`` as ``result`` says it went, as a phrase: "token J stays on START, since no token may
    stop on black space 7, then token 10 moves". When every token simply moves, the short form of
    :meth:`Play.phrase` ("token K moves first, then Q"). ``hand``: the dice played; those showing a
    token already arrived (an ace counted as one too) are said to move nothing: "...; token 9 has
    already arrived (place A): its dice move nothing"."""
    return idle_said(_moves_said(play, result, track), play, result, hand)


def idle_said(said: Any, play: Play, result: Result, hand: Sequence[str]) -> Any:
    """``said`` followed by the tokens of ``hand`` already arrived before the play, which it does not
    move (their places from ``result``'s race); ``said`` itself when there are none."""
    figures = [f for f in hand if f != ACE] + list(play.aces)
    idle = [t for t in result.race.arrived if t in figures and t not in play.order]
    if not idle:
        return said
    places = [result.race.place_of(t) or "" for t in idle]
    if len(idle) == 1:
        return phrase("str.play.idle_one", play=said, token=idle[0], place=places[0])
    return phrase("str.play.idle_many", play=said, tokens=listing(idle), places=listing(places))


def _moves_said(play: Play, result: Result, track: Track) -> Any:
    steps: list[Any] = []
    plain = True
    for m in result.moves:
        if m.result == "impasse":
            steps.append(phrase(STAYS.get(m.blocked, "str.play.stays_plain"), token=m.token,
                                space=space(track, m.frm), target=m.target if m.target is not None else m.to))
            plain = False
        elif m.place:
            steps.append(phrase("str.play.arrives", token=m.token, place=m.place))
            plain = False
        elif m.displaced:
            steps.append(phrase("str.play.swaps", token=m.token, displaced=listing([phrase("text.the_token", piece=d) for d in m.displaced]),
                                space=space(track, m.frm)))
            plain = False
        else:
            steps.append(phrase("str.play.moves", token=m.token))
    # the fifth token, put on the last place when the fourth arrived: said also when it had moved earlier in the
    # play (Struggle newcomer 21: "token K moves, then token J reaches arrival place D" said nothing of K's place E)
    placed = {m.token for m in result.moves if m.place}
    for token, place in result.arrivals:
        if token not in placed:
            steps.append(phrase("str.play.last", token=token, place=place))
            plain = False
    if plain:
        return play.phrase()
    if sum(1 for m in result.moves if m.displaced and not m.place) >= 2:
        # tokens bumping each other back: told step by step it is a long story (round 25), said as
        # where each token ends
        return play.phrase(_net_said(result, track))
    moves: Any = steps[-1]
    for step in reversed(steps[:-1]):
        moves = phrase("str.play.then", first=step, rest=moves)
    return play.phrase(moves)


def _net_said(result: Result, track: Track) -> Any:
    """Where each token the play moves (or sends back) ends: "token J ends on space 4, token 10 on space 5
    and token Q on space 3 (red spaces sent tokens back on the way)"."""
    tokens: list[str] = []
    for m in result.moves:
        for t in (m.token, *m.displaced):
            if t not in tokens:
                tokens.append(t)
    for token, _ in result.arrivals:
        if token not in tokens:
            tokens.append(token)
    ends: list[Any] = []
    for t in tokens:
        place = result.race.place_of(t)
        at = phrase("str.where.place", place=place) if place else space(track, result.race.space(t) or 0)
        ends.append(phrase("str.play.ends_first" if not ends else "str.play.ends_more", token=t, where=at))
    return phrase("str.play.net", ends=listing(ends))
