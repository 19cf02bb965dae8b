"""Labyrinth (RULES.md §2) in the browser: the messages, the view and the people's hands.

Page commands become the physical actions of SCENARIOS.md's Labyrinth
scenario, done by the people's :class:`~mazeboard.sim.labyrinth.hands.LabyrinthHands`
on the simulated board, so the controller only ever sees the rotate button,
the slot sensors, the reed switches and the done button:

=============  ==========================================  ======================================
type           fields                                      physical meaning
=============  ==========================================  ======================================
``rotate``     (none)                                      turn the spare a quarter clockwise by
                                                           hand and press the rotate button (after
                                                           an ``ambiguous`` warning: only press it,
                                                           to step the controller's guess)
``insert``     ``slot`` (``S-b`` ... ``E-6``)              push the spare in at that slot
``slide``      ``player`` (a colour or ``vader``), ``to``  slide the pawn along open tile sides
                                                           to ``to`` (a neighbour, or a cell the
                                                           tiles connect it to)
``lift``       ``player``                                  pick the pawn up (only where the board
                                                           asks for it: ``lift:PAWN`` of the controls)
``place``      ``player``, ``cell``                        set the lifted pawn down (a jump)
``press``      ``button``: ``done``                        end the move
``new_game``   ``players`` 2-4, ``humans``, ``seed``,      end this game, start another
               ``edition``, ``variants``, ``cards_each``
               (0-12, optional: a shorter game; 0 all 24)
=============  ==========================================  ======================================

Secret cards: ``card_shown`` announcements go to the owner's private page
only (in the ``younger`` variant cards are open and shown to all).
"""

from __future__ import annotations

import logging
from dataclasses import asdict, dataclass, replace
from typing import Any, Callable, Mapping

from mazeboard.hal.board import BoardRequest
from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError
from mazeboard.hal.labyrinth import GRID, INDEX, SLOT_NAMES, SLOTS, Maze, cells_of, picture_pushes, sweep
from mazeboard.hal.labyrinth_editions import EDITIONS, LABYRINTH_CORNERS, VADER, edition

from ..hands import Action
from ..labyrinth.hands import LabyrinthHands, TileAction
from ..labyrinth.players import LabyrinthPlayer
from ..labyrinth.scenario import VARIANT_NAMES
from ..labyrinth.session import LabyrinthSession, for_play
from .protocol import Lift, Place, Press, Slide
from mazeboard.hal.web.controls import hand_refusal, lab_lift_refusal, page_name, press_refusal, refused_line
from mazeboard.hal.web.protocol import SEED_MAX, Fields, Refused, error_reply
from mazeboard.hal.web.served import ServedTable
from mazeboard.hal.web.views import LabyrinthView, labyrinth_cards_left

from .served import ServedSession
from .table import MAX_QUEUED

log = logging.getLogger(__name__)

PAWNS: tuple[str, ...] = PLAYER_COLOURS + (VADER,)
#: most cards each a shorter game deals (the 2-player share of the 24; docs/labyrinth.md)
MAX_CARDS_EACH = 12
#: think time of a simulated player at speed 1.0 (a person's pace), milliseconds
THINK_MS = (1200, 3000)


@dataclass(frozen=True)
class Rotate:
    msg_id: int | None = None


@dataclass(frozen=True)
class Insert:
    slot: str
    msg_id: int | None = None


@dataclass(frozen=True)
class NewLabyrinth:
    players: int
    humans: tuple[str, ...]
    seed: int | None
    edition: str
    variants: tuple[str, ...]
    msg_id: int | None = None
    #: a shorter game: this many cards each (0: the rule book's deal); None: as the game being played
    cards_each: int | None = None


def _cell(f: Fields, key: str) -> str:
    return f.text(key, GRID.is_cell, "a cell a1..g7")


def _new_game(f: Fields) -> NewLabyrinth:
    players = f.whole("players", 2, 4)
    assert players is not None
    return NewLabyrinth(players, f.colours("humans"), f.whole("seed", 0, SEED_MAX, optional=True),
                        f.choice("edition", tuple(EDITIONS)), f.names("variants", VARIANT_NAMES), f.msg_id,
                        f.whole("cards_each", 0, MAX_CARDS_EACH, optional=True))


#: message type -> parser (:func:`mazeboard.hal.web.protocol.parse_message`)
PARSERS: dict[str, Callable[[Fields], Any]] = {
    "rotate": lambda f: Rotate(f.msg_id),
    "insert": lambda f: Insert(f.choice("slot", SLOT_NAMES), f.msg_id),
    "slide": lambda f: Slide(f.choice("player", PAWNS), _cell(f, "to"), f.msg_id),
    "lift": lambda f: Lift(f.choice("player", PAWNS), f.msg_id),
    "place": lambda f: Place(f.choice("player", PAWNS), _cell(f, "cell"), f.msg_id),
    "press": lambda f: Press(f.choice("button", ("done",)), f.msg_id),
    "new_game": _new_game,
}

class LabyrinthTable(ServedTable):
    """The shared and private pages of one simulated Labyrinth game and the people's hands."""

    PAGE = "labyrinth.html"
    PARSERS = PARSERS

    def __init__(self, sim: LabyrinthSession, humans: tuple[str, ...]) -> None:
        setup = sim.setup
        super().__init__(sim.board, sim.clock, "labyrinth", tuple(setup.players), humans, setup.seed)
        self.sim = sim
        self.edition = edition(setup.extra.get("edition"))
        self.TITLE = self.edition.title
        self.variants = tuple(setup.extra.get("variants", ()))
        self.state = LabyrinthView(humans=humans)
        self.cards: dict[str, list[str]] = {}
        #: player -> the ``ways`` their private pages were told last (:meth:`_tell_ways`)
        self._ways_told: dict[str, Any] = {}
        self.hands = LabyrinthHands(sim.board, sim.clock, on_idle=self._idle, on_error=self._hand_failed)
        self.queued = 0
        #: the hand's actions are pushes only: the pawns' plans ride with the tiles they stand on (a plan left where a
        #: pawn stood before the push read on the page as a walk under way, "walks to b4": Labyrinth newcomer 50)
        self.riding = False
        self.planned: dict[str, str | None] = {}
        self._idle()
        sim.board.tile_watchers.append(self.world_changed)
        sim.board.world.on_change = self.world_changed
        self._commands = {Rotate: self._rotate, Insert: self._insert, Slide: self._slide, Lift: self._lift,
                          Place: self._place, Press: self._press, NewLabyrinth: self._new_game}

    # -- what the pages show ---------------------------------------------------------
    def secret_of(self, event: Mapping[str, Any]) -> str | None:
        if event.get("type") != "card_shown":
            return None
        player = str(event.get("player"))
        self.cards[player] = list(event.get("cards", []))
        return None if "younger" in self.variants else player

    def apply(self, event: Mapping[str, Any]) -> None:
        self.state.apply(event)
        if event.get("type") == "card_found" and int(event.get("remaining", 1)) == 0:
            player = str(event.get("player"))
            self.cards[player] = []  # no more cards: the private page says go home
            self._to_player(player, {"type": "secret", "secret": self.secret_view(player)})
        if event.get("type") == "game_over":  # every private page says so, with the cards not found (no secret now)
            for player in self.state.players:
                left = labyrinth_cards_left(event, player)
                if left is not None:
                    self.cards[player] = left
                self._to_player(player, {"type": "secret", "secret": self.secret_view(player)})

    def view(self) -> dict[str, Any]:
        return self.state.to_dict()

    def secret_view(self, player: str, ways: Any = ...) -> dict[str, Any]:
        """``player``'s private page: their cards, counts and the pushes of :meth:`_ways` (``ways``: those computed
        already, by :meth:`_tell_ways`)."""
        return {"cards": list(self.cards.get(player, [])), "found": len(self.state.found.get(player, [])),
                "remaining": self.state.remaining.get(player), "corner": self.state.corners.get(player),
                "vader_cards": sorted(self.edition.vader_cards),
                "winner": self.state.winner if self.state.phase == "over" else None, "ways": self._ways(player) if ways is ... else ways,
                "exit_anywhere": "exit-anywhere" in self.variants, "at_home": self._at_home(player)}

    def _at_home(self, player: str) -> bool:
        """Every card of ``player``'s found and their pawn on their start square, the game not won yet: a move ended
        there wins (Labyrinth newcomers 99 and 100 read "Go back to your start square a1" standing on it)."""
        st = self.state
        pawn = self.sim.board.world.pawns.get(player)
        return bool(not self.cards.get(player) and player in st.found and st.winner is None
                    and "exit-anywhere" not in self.variants and pawn is not None and pawn.cell is not None
                    and pawn.cell == st.corners.get(player))

    def _ways(self, player: str) -> dict[str, dict[str, Any]] | None:
        """``ways`` of ``player``'s private page during their push: card -> ``{"now": slots, "turned": slots,
        "nearest": {slot: cell}, "tiles": n, "stay": slots, "turns": {slot: n}, "nearer": bool, "ready": {...} | None}``
        (:class:`~mazeboard.hal.labyrinth.PicturePushes`), the
        pushes after which the card's picture lies where the pawn that hunts it can walk, with the spare as it lies and
        turned any way, and else the pushes that let it walk nearest (the forbidden slot left out); once every card is
        found, the same under ``"home"`` for the start square; None at every other moment. Private: the board's page is
        the table's and would tell every player where the picture lies (Labyrinth newcomers 84 and 86 pointed at the
        arrows one by one to find such a push)."""
        st = self.state
        cards = self.cards.get(player) or []
        # every card found: the way home, to the start square (Labyrinth newcomer 89 looked on the card page for it)
        # (...none where the last card sends the pawn out at any edge instead: an attack walked it home, and lost)
        home = (st.corners.get(player) if not cards and player in st.found and st.winner is None
                and "exit-anywhere" not in self.variants else None)
        if st.current != player or st.phase != "shift" or not (cards or home):
            return None
        maze, pawns = self.sim.board.table.maze, self.sim.board.world.pawns
        out: dict[str, dict[str, Any]] = {}
        for card in cards or ["home"]:
            # a card with Vader's mark is hunted with the Vader pawn (RULES.md §2 Variants)
            mover = pawns.get(VADER if "vader" in self.variants and card in self.edition.vader_cards else player)
            if mover is None or mover.cell is None:
                continue
            at = home if home else maze.cell_of(card)
            out[card] = asdict(picture_pushes(maze.openings, maze.spare.mask, INDEX[mover.cell],
                                              None if at is None else INDEX[at], st.forbidden))
        return out or None

    def _tell_ways(self) -> None:
        """Each private page hears its pushes again when they change (a turn, a turn of the spare, a push), and whether
        its pawn is home with every card found."""
        for player in sorted(set(self.private.values())):
            ways, home = self._ways(player), self._at_home(player)
            # (...and when the pawn comes home with every card found, or leaves it: at_home)
            # (nothing told yet counts as no ways, not home: a page is told only of a change, as before at_home; a
            # first secret to every private page let a New game's simulated colour's card reach its old seat, CI70)
            if (ways, home) != self._ways_told.get(player, (None, False)):
                self._ways_told[player] = (ways, home)
                self._to_player(player, {"type": "secret", "secret": self.secret_view(player, ways)})

    def board_data(self) -> dict[str, Any]:
        return {
            "files": GRID.files, "ranks": GRID.ranks, "edition": self.edition.name, "variants": list(self.variants),
            "colours": list(PLAYER_COLOURS), "editions": {k: e.title for k, e in EDITIONS.items()},
            "vader_editions": [k for k, e in EDITIONS.items() if e.vader_tile],
            "variant_names": list(VARIANT_NAMES), "cards_each": int(self.sim.setup.options.get("cards_each", 0)),
            "slots": {s: {"edge": SLOTS[s].edge, "entry": SLOTS[s].entry} for s in SLOT_NAMES},
            "corners": dict(zip(self.players, LABYRINTH_CORNERS[len(self.players)])),
        }

    def world_state(self) -> dict[str, Any]:
        maze = self.sim.board.table.maze
        return {"pawns": {p: pw.cell for p, pw in self.sim.board.world.pawns.items()}, "layout": maze.rows(),
                "spare": maze.spare.notation(), "hand": dict(self.planned), "busy": self.queued > 0,
                **self._push_reach(maze)}

    def _push_reach(self, maze: Maze) -> dict[str, dict[str, dict[str, list[str]]]]:
        """``push_reach``: for each pawn of a person here on the board, slot -> the cells it could reach after a
        push there with the spare as it lies now (``hal.labyrinth.sweep``: the same paths the referee follows). The
        page marks them while an arrow is pointed at (Labyrinth newcomers 34 and 37: only the row it moves was
        marked). ``push_reach_any``: the same with the spare turned any way (Labyrinth newcomer 59 turned it four
        times to learn that no push reached a1 this turn; the page says so at once)."""
        now: dict[str, dict[str, list[str]]] = {}
        anyhow: dict[str, dict[str, list[str]]] = {}
        for player in self.humans:
            pawn = self.sim.board.world.pawns.get(player)
            if pawn is None or pawn.cell is None:
                continue
            union: dict[str, int] = {}
            now[player] = {}
            for slot, quarters, _, bits in sweep(maze.openings, maze.spare.mask, INDEX[pawn.cell]):
                union[slot] = union.get(slot, 0) | bits
                if quarters == 0:
                    now[player][slot] = cells_of(bits)
            anyhow[player] = {slot: cells_of(bits) for slot, bits in union.items()}
        return {"push_reach": now, "push_reach_any": anyhow}

    # -- the people's hands ----------------------------------------------------------
    def _idle(self) -> None:
        self.queued, self.riding = 0, False
        self.planned = {p: pw.cell for p, pw in self.sim.board.world.pawns.items()}
        self.world_changed()

    def world_changed(self) -> None:
        """The pages hear the world soon; an idle hand plans from where the pawns stand now (a push by
        another player carries them while this page's hand does nothing: Labyrinth newcomer 15)."""
        if self.queued == 0 or self.riding:  # (...or its own push carries them: Labyrinth newcomer 50)
            self.planned = {p: pw.cell for p, pw in self.sim.board.world.pawns.items()}
        super().world_changed()
        self._tell_ways()

    def _hand_failed(self, error: ValueError) -> None:
        """The people's hand could not do what it was asked (the world moved since): the rest is dropped,
        the pages are told in one line, the hand follows the world again (``_idle``); the game goes on."""
        log.warning("the page's hand could not act: %s: dropped", error)
        self.broadcast(error_reply("the pawn was not where this page's hand thought (a push may have carried it): "
                                   "click the tile again"))

    def _do(self, *actions: Action) -> None:
        if self.hands.pending >= MAX_QUEUED:  # (actions waiting, not actions since idle: sim/hands.py)
            raise Refused("one thing at a time: the hand is still busy")
        # (a push queued behind a walk: the walk's plan stands)
        self.riding = (self.queued == 0 or self.riding) and all(isinstance(a, TileAction) for a in actions)
        self.queued += 1
        self.hands.do(*actions)

    def _listed(self, button: str) -> None:
        """A button (or slot) acts only when the board's instruction lists it, on a turn played
        from this page (or, after a restart, for anyone at the table):
        :func:`~mazeboard.hal.web.controls.press_refusal`, the answer the page shows."""
        reason = press_refusal(self.state.instruction, self.humans, button, page_name)
        if reason is not None:
            raise Refused(refused_line(button.replace("slot:", "slot "), reason))

    def _may_move(self, pawn: str, lift: bool = False) -> None:
        """A person moves their own pawn (or Vader) on their turn (the board says so if that is
        too early), or where the board asks for it; not otherwise (the page's hand never acts
        out of turn): ``hand:PAWN`` of the view's controls (:func:`~mazeboard.hal.web.controls.hand_refusal`);
        ``lift``: a lift, refused in the Lift button's words (``lift:PAWN``, round 26: one source)."""
        said = self.state.instruction
        if pawn == VADER and VADER not in self.planned:
            raise Refused("there is no Vader pawn in this game (--edition star-wars --variant vader)")
        if pawn != VADER:
            self.need_human(pawn, "move your own pawn")
        owner = (said or {}).get("player") if pawn == VADER else pawn
        reason = (lab_lift_refusal if lift else hand_refusal)(said, self.humans, pawn, owner, names=page_name)
        if reason is not None:
            raise Refused(reason)

    def _rotate(self, client: int, cmd: Rotate) -> None:
        self._listed("rotate")
        if (self.state.instruction or {}).get("action") == "confirm":  # steps the guess; no tile turns
            self._do(Action("press", button="rotate"))
            return
        self._do(TileAction("rotate", degrees=90))

    def _insert(self, client: int, cmd: Insert) -> None:
        self._listed(f"slot:{cmd.slot}")
        self._do(TileAction("insert", slot=cmd.slot))

    def _slide(self, client: int, cmd: Slide) -> None:
        self._may_move(cmd.player)
        here = self.planned.get(cmd.player)
        if here is None:
            raise Refused(f"the {cmd.player} pawn is in your hand: click a cell to set it down")
        if cmd.to == here:
            return
        path = LabyrinthPlayer.path(self.sim.board.table.maze, here, cmd.to)
        if not path:
            if not GRID.adjacent(here, cmd.to):
                # an invitation to lift only where the board asks for the pawn, as Lift acts (round 25)
                asked = any(r.get("piece") == cmd.player for r in (self.state.instruction or {}).get("requests", []))
                then = f"press ✊ Lift pawn, then click {cmd.to}" if asked else "click a tile framed in your colour"
                raise Refused(f"{cmd.to} cannot be reached from {here} (no open path): {then}")
            path = [cmd.to]  # through a closed side: the controller will say so
        self._do(Action("slide", player=cmd.player, cells=tuple(path)))
        self.planned[cmd.player] = cmd.to

    def _lift(self, client: int, cmd: Lift) -> None:
        # only where the board asks for the pawn, as the page's Lift button (round 24): in a plain move a
        # click walks the pawn; a lift and a set-down is a jump the referee warns of
        self._may_move(cmd.player, lift=True)
        if self.planned.get(cmd.player) is None:
            raise Refused(f"the {cmd.player} pawn is already in your hand")
        self._do(Action("lift", player=cmd.player))
        self.planned[cmd.player] = None

    def _place(self, client: int, cmd: Place) -> None:
        self._may_move(cmd.player)
        if self.planned.get(cmd.player) is not None:
            raise Refused(f"the {cmd.player} pawn stands on {self.planned[cmd.player]}: lift it first")
        self._do(Action("place", player=cmd.player, cells=(cmd.cell,)))
        self.planned[cmd.player] = cmd.cell

    def _press(self, client: int, cmd: Press) -> None:
        self._listed(cmd.button)
        self._do(Action("press", button=cmd.button))

    def _new_game(self, client: int, cmd: NewLabyrinth) -> None:
        changes: dict[str, Any] = {"players": cmd.players, "humans": cmd.humans, "seed": cmd.seed,
                                   "edition": cmd.edition, "variants": cmd.variants}
        if cmd.cards_each is not None:
            options = {k: v for k, v in self.sim.setup.options.items() if k != "cards_each"}
            changes["options"] = {**options, "cards_each": cmd.cards_each} if cmd.cards_each else options
        self.new_game(changes)


def open_labyrinth(request: BoardRequest, realtime: bool = True) -> ServedSession:
    """A Labyrinth game served to pages: people play ``request.humans``, simulated players the
    others (at ``request.speed``); raises :class:`ConfigError` like ``mazeboard play``."""
    humans = tuple(dict.fromkeys(request.humans))
    players = request.players if isinstance(request.players, tuple) else PLAYER_COLOURS[: request.players]
    for h in humans:
        if h not in players:
            raise ConfigError(f"--humans: {h} does not play in a {len(players)}-player game ({', '.join(players)})")
    sim = for_play(replace(request, realtime=realtime, humans=humans))
    think = (int(THINK_MS[0] / request.speed), int(THINK_MS[1] / request.speed))
    for player in sim.players:
        player.think_ms = think
    return ServedSession(request, sim, LabyrinthTable(sim, humans), check=lambda r: open_labyrinth(r, realtime=False))
