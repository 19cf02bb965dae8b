"""The companion web server (aiohttp): the pages, their WebSocket, the seats, the join code.

Routes: ``/`` the shared page, ``/static/...`` its CSS and JavaScript
(package data, no build step, nothing from the network), ``/ws`` the
WebSocket (:mod:`.protocol`), ``/seats`` which seats are taken and which
this browser holds, ``POST /seat/COLOUR/claim`` and ``.../leave`` (:mod:`.seats`),
``POST /seat/COLOUR/release`` frees a seat whichever browser holds it, and
``.../move`` gives it to this browser in one step (the page's "⇄ Move it here") -- only in
the browser simulator (``simulator=True``, as ``mazeboard sim`` builds it: the
page is the board there, the person at it the adult at the board); any other
server (the real board's service) answers 403, seats are freed on the board
(the lobby's release gesture, ``[web] release``); the ``seats`` message's
``release`` says which (the page offers the release only when true; its ``simulated``: the colours the simulator's computer
plays, no seats),
``/seat/COLOUR`` a player's private page (their secret card, only for the
browser holding that seat; its WebSocket is ``/ws?seat=COLOUR``, checked the
same way, and sends no commands), ``/join.svg`` the QR code of the board's
address (:mod:`.join`), ``/i18n.json`` the pages' words in a language (:mod:`..i18n`), ``/scenario.toml`` the session so far as a scenario
file (the simulator's Magic Labyrinth only). The shared page and the message
parsers are the attached table's (``PAGE``, ``PARSERS``): one server for every
game, simulated or real; commands of the table's ``SEATED`` types need a
seat claimed by that browser. A board page's ``tips_read`` (first-game tips read,
:class:`~.protocol.TipsRead`) is the server's own: kept per guide while it runs and
told to every board page, one opened later included.

The server runs its own asyncio loop in a daemon thread; the game runs on the
session's clock thread. Commands cross over with the clock's thread-safe
``call_soon``; messages for the pages cross back with the loop's
``call_soon_threadsafe`` into one queue per page, so each page gets them in
order. A malformed message (too long included, up to
:data:`WS_MAX_MESSAGE_BYTES`) gets an ``error`` reply and changes nothing; a
page that stops reading is dropped, never the game.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import itertools
import json
import logging
import threading
import time
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web
from aiohttp.http_exceptions import HttpProcessingError

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError

from mazeboard.hal.i18n import ENGLISH, check_language, languages, page_catalogue

from .addresses import PageAddress, page_addresses, url_for
from .protocol import TIPS_MAX, BadMessage, Refused, TipsRead, error_reply, ok_reply, parse_message, parse_tips_read
from .seats import SeatTaken, Seats, cookie_name

log = logging.getLogger(__name__)

#: messages queued for one page before it counts as gone
PAGE_QUEUE = 5000
#: how long an HTTP request waits for the game's clock thread, seconds
CLOCK_WAIT_S = 5.0
#: the largest WebSocket message read at all, bytes; anything over
#: :data:`~.protocol.MAX_MESSAGE_CHARS` up to this gets the ``error`` reply ("message too long"),
#: a larger one closes that page's socket with code 1009 (message too big; the page reconnects)
WS_MAX_MESSAGE_BYTES = 1024 * 1024
#: how long a taken seat's browser has no page open before the seat is said away (a reload, a claim's reopen: not)
AWAY_GRACE_S = 2.0
STATIC_DIR = Path(str(resources.files("mazeboard.hal.web") / "static"))


class _OneLineBadRequests(logging.Filter):
    """aiohttp logs a malformed request (a header or path over 8 KB, too many headers, a bad chunk) at
    ERROR with its traceback; it is a hostile or broken client, answered 400: one warning line."""

    def filter(self, record: logging.LogRecord) -> bool:
        exc = record.exc_info[1] if record.exc_info else None
        if isinstance(exc, HttpProcessingError):
            why = (str(exc.message).strip().splitlines() or [""])[0][:100]
            record.msg, record.args = "%s: refused (%s %s)", (record.getMessage(), exc.code, why)
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, logging.getLevelName(logging.WARNING)
        return True


_AIOHTTP_SERVER_LOG = logging.getLogger("aiohttp.server")
if not any(isinstance(f, _OneLineBadRequests) for f in _AIOHTTP_SERVER_LOG.filters):
    _AIOHTTP_SERVER_LOG.addFilter(_OneLineBadRequests())

#: a seat cookie lives a year (a family's phones keep their colour between evenings)
COOKIE_MAX_AGE_S = 365 * 24 * 3600


@dataclass
class _Page:
    ws: web.WebSocketResponse
    #: the player of a private page (``/ws?seat=red``), None for the shared page
    player: str | None = None
    #: the seat cookies the page's browser sent (checked again at every use)
    cookies: dict[str, str] = field(default_factory=dict)
    queue: "asyncio.Queue[str | None]" = field(default_factory=lambda: asyncio.Queue(PAGE_QUEUE))


class WebServer:
    """Serves the page on ``host``:``port`` (0: a free port) for whichever table is attached.

    ``seats``: the board's seats (default: in memory); ``site``: what the pages
    say about reaching the board (``join_url``, ``reachable``; :attr:`site`); ``simulator``: served by
    the browser simulator, whose page is the board (a seat may then be released from the page)."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8765, seats: Seats | None = None,
                 join_url: str | None = None, lang: str = ENGLISH, simulator: bool = False) -> None:
        self.host = host
        #: the browser simulator: no board to release a seat on, the shared page may (``/seat/C/release``)
        self.simulator = simulator
        #: the pages' language unless a page asks for another (``/i18n.json?lang=``)
        self.lang = check_language(lang)
        self.port = port
        self.seats = seats if seats is not None else Seats()
        self.join_url = join_url
        self.seats.on_change.append(self._seats_changed)
        self._table: Any = None
        self._call_soon: Callable[[Callable[[], None]], Any] | None = None
        self._lock = threading.Lock()
        #: commands handed to a table's clock and not yet run: key -> (table, page id, message id)
        self._waiting: dict[int, tuple[Any, int, int | None]] = {}
        self._keys = itertools.count(1)
        self._pages: dict[int, _Page] = {}
        self._ids = itertools.count(1)
        #: the first-game tips read at this table: guide -> tip names (``tips_read``; the loop's thread only)
        self._tips: dict[str, list[str]] = {}
        #: the seats last told away (``seats`` message's ``away``; the loop's thread only)
        self._away_told: list[str] = []
        #: when each taken seat was last seen with no page of its browser open (monotonic s; ``_away``)
        self._gone_at: dict[str, float] = {}
        self._away_check: asyncio.TimerHandle | None = None  # (one check pending at a time, however many pages)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._runner: web.AppRunner | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._error: BaseException | None = None

    @property
    def url(self) -> str:
        """The address served on, as given (``http://0.0.0.0:PORT/`` for every interface: see :attr:`addresses`)."""
        return url_for(self.host, self.port)

    @property
    def reachable(self) -> bool:
        """Whether phones on the network can open the page (served beyond this machine's loopback)."""
        return not _loopback(self.host)

    @property
    def site(self) -> dict[str, Any]:
        """What every page is told about the board's address: the URL to share (``join_url``, else
        the first address), whether it is reachable from the network, and the QR code's path."""
        url = self.join_url or self.addresses[0].url
        return {"type": "site", "url": url, "reachable": self.reachable, "qr": "/join.svg",
                "addresses": [a.url for a in self.addresses]}

    @property
    def addresses(self) -> tuple[PageAddress, ...]:
        """Addresses a person can open, this computer's first (localhost and this machine's addresses for a wildcard host)."""
        return page_addresses(self.host, self.port)

    # -- life cycle -------------------------------------------------------------------
    def start(self) -> None:
        """Listen and serve in a daemon thread; raises :class:`ConfigError` when the address is unusable."""
        self._thread = threading.Thread(target=self._serve, name="mazeboard-web", daemon=True)
        self._thread.start()
        self._ready.wait(timeout=30)
        if self._error is not None:
            err = self._error
            reason = getattr(err, "strerror", None) or str(err)
            raise ConfigError(f"--host {self.host} --port {self.port}: cannot listen there ({reason})")
        if not self._ready.is_set():
            raise ConfigError(f"--host {self.host} --port {self.port}: the web server did not start")

    def _serve(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        asyncio.set_event_loop(loop)
        try:
            loop.run_until_complete(self._listen())
        except BaseException as e:  # bind errors, bad host names
            self._error = e
            self._ready.set()
            loop.close()
            return
        self._ready.set()
        try:
            loop.run_forever()
        finally:
            loop.run_until_complete(self._shutdown())
            loop.close()

    async def _listen(self) -> None:
        app = web.Application(client_max_size=64 * 1024)
        app.router.add_get("/", self._index)
        app.router.add_get("/ws", self._websocket)
        app.router.add_get("/seat/{player}", self._private_page)
        app.router.add_post("/seat/{player}/claim", self._claim)
        app.router.add_post("/seat/{player}/leave", self._leave)
        app.router.add_post("/seat/{player}/release", self._release)
        app.router.add_post("/seat/{player}/move", self._move)
        app.router.add_get("/seats", self._seats)
        app.router.add_get("/join.svg", self._join_svg)
        app.router.add_get("/player/{player}", self._old_private_page)
        app.router.add_get("/scenario.toml", self._scenario)
        app.router.add_get("/i18n.json", self._i18n)
        app.router.add_static("/static/", STATIC_DIR, follow_symlinks=False)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, self.host, self.port)
        await site.start()
        self._runner = runner
        if runner.addresses:  # the real port when asked for 0
            self.port = int(runner.addresses[0][1])

    async def _shutdown(self) -> None:
        for page in list(self._pages.values()):
            await page.ws.close()
        if self._runner is not None:
            await self._runner.cleanup()

    def close(self) -> None:
        """Stop serving (idempotent)."""
        loop = self._loop
        if loop is not None and loop.is_running():
            loop.call_soon_threadsafe(loop.stop)
        if self._thread is not None:
            self._thread.join(timeout=10)

    # -- the game side -----------------------------------------------------------------
    def attach(self, table: Any, clock: Any) -> None:
        """Serve ``table`` (whose thread runs ``clock``); pages already open are greeted by it.
        Commands still waiting for the table it replaces (whose clock has stopped) are answered
        with an ``error``: every command gets its one answer."""
        with self._lock:
            self._table = table
            self._call_soon = clock.call_soon
            table.outbox = self.deliver
            pages = [(pid, page.player) for pid, page in self._pages.items()]
            stale = [(k, pid, mid) for k, (t, pid, mid) in self._waiting.items() if t is not table]
            for k, _, _ in stale:
                del self._waiting[k]
        for _, pid, mid in stale:
            self.deliver(error_reply("a new game began before this was done: nothing changed, send it again", mid),
                         [pid])
        # a colour the new game simulates has no seat: its card is nobody's (its private page is closed)
        self.seats.release([c for c in self.seats.colours if self._simulated(c)])
        for pid, player in pages:  # a private page is greeted as one: its player's new secret
            if player is None:
                clock.call_soon(lambda pid=pid: table.greet(pid))
            elif self._simulated(player) is None:
                clock.call_soon(lambda pid=pid, player=player: _greet_private(table, pid, player))

    def _to_table(self, fn: Callable[[Any], None], pid: int | None = None, msg_id: int | None = None) -> bool:
        """Run ``fn(table)`` on the table's clock; a page's command (``pid``) is kept until it runs,
        so that :meth:`attach` can answer it should its game be replaced first."""
        with self._lock:
            table, call_soon = self._table, self._call_soon
            if table is None or call_soon is None:
                return False
            key = next(self._keys)
            if pid is not None:
                self._waiting[key] = (table, pid, msg_id)

        def run() -> None:
            if pid is not None:
                with self._lock:
                    if self._waiting.pop(key, None) is None:
                        return  # answered already: its game was replaced
            fn(table)
        call_soon(run)
        return True

    def deliver(self, message: dict[str, Any], to: Iterable[int]) -> None:
        """Send ``message`` to the pages ``to`` (from any thread)."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        text = json.dumps(message, separators=(",", ":"))
        try:
            loop.call_soon_threadsafe(self._enqueue, text, tuple(to))
        except RuntimeError:  # the loop closed meanwhile
            pass

    def _enqueue(self, text: str, to: tuple[int, ...]) -> None:
        for pid in to:
            page = self._pages.get(pid)
            if page is None:
                continue
            try:
                page.queue.put_nowait(text)
            except asyncio.QueueFull:
                log.warning("page %d stopped reading: dropped", pid)
                self._pages.pop(pid, None)
                asyncio.ensure_future(page.ws.close())

    # -- routes ---------------------------------------------------------------------------
    async def _index(self, request: web.Request) -> web.StreamResponse:
        with self._lock:
            page = getattr(self._table, "PAGE", "index.html")
        return web.FileResponse(STATIC_DIR / page, headers={"Cache-Control": "no-cache"})

    async def _i18n(self, request: web.Request) -> web.StreamResponse:
        """``/i18n.json[?lang=LANG]``: the pages' catalogue in LANG, else in the server's language
        (:func:`~mazeboard.hal.i18n.page_catalogue`); 404 for a language without a catalogue."""
        lang = request.query.get("lang", "") or self.lang
        if lang not in languages():
            return web.json_response({"error": f"no catalogue for {lang[:20]!r}", "languages": list(languages())},
                                     status=404)
        return web.json_response(page_catalogue(lang), headers={"Cache-Control": "no-cache"})

    async def _private_page(self, request: web.Request) -> web.StreamResponse:
        """``/seat/red``: that player's private page (their secret card only), for the browser
        holding the seat; 404 for a colour that is no seat, 403 otherwise."""
        player = request.match_info["player"]
        if player not in self.seats.colours:
            return web.Response(status=404, text=f"no such seat (one of {', '.join(self.seats.colours)})\n")
        if not self.seats.holds(player, request.cookies.get(cookie_name(player))) or self._simulated(player):
            seat = "" if not self.simulator else "simulated" if self._simulated(player) else \
                "taken" if player in self.seats.taken() else "free"
            humans = getattr(self._table, "humans", None) or ()
            free = any(c not in self.seats.taken() for c in humans if c != player)
            return _not_yours(player, seat, free)
        return web.FileResponse(STATIC_DIR / "player.html", headers={"Cache-Control": "no-store"})

    async def _old_private_page(self, request: web.Request) -> web.StreamResponse:
        return web.Response(status=404, text="private pages are claimed now: open / and pick your colour\n")

    def _same_site(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        return not origin or urlsplit(origin).netloc == request.host

    async def _claim(self, request: web.Request) -> web.StreamResponse:
        """``POST /seat/red/claim``: the seat for this browser (a cookie with its token), or 409."""
        player = request.match_info["player"]
        if not self._same_site(request):
            return web.json_response({"error": "cross-site request refused"}, status=403)
        if player not in self.seats.colours:
            return web.json_response({"error": f"no such seat (one of {', '.join(self.seats.colours)})"}, status=404)
        simulated = self._simulated(player)
        if simulated:
            return web.json_response({"error": simulated}, status=409)
        try:
            token = self.seats.claim(player, request.cookies.get(cookie_name(player)))
        except SeatTaken as e:
            # the simulator has no board to release it on: the page's own button takes it (attack 16: a race)
            why = (f"{player} is taken: another screen has just claimed it (press “⇄ show it here instead” "
                   "to take it here)") if self.simulator else str(e)
            return web.json_response({"error": why}, status=409)
        return _seat_response(player, token)

    def _simulated(self, player: str) -> str | None:
        """Why the simulator's ``player`` is no seat to claim: a colour its computer plays (its
        secret card is nobody's to read); None for a colour played from the pages, or not in the game."""
        table = self._table
        humans, players = getattr(table, "humans", None), getattr(table, "players", None)
        if not self.simulator or humans is None or players is None or player not in players or player in humans:
            return None
        return f"{player} is a simulated player: its secret card stays hidden (only a colour played here has a seat)"

    async def _leave(self, request: web.Request) -> web.StreamResponse:
        """``POST /seat/red/leave``: the holder gives the seat up (403 for anyone else)."""
        player = request.match_info["player"]
        if not self._same_site(request):
            return web.json_response({"error": "cross-site request refused"}, status=403)
        if not self.seats.holds(player, request.cookies.get(cookie_name(player))):
            return web.json_response({"error": "that seat is not yours"}, status=403)
        self.seats.release([player])
        response = web.json_response({"left": player})
        response.del_cookie(cookie_name(player), path="/")
        return response

    async def _release(self, request: web.Request) -> web.StreamResponse:
        """``POST /seat/red/release``: free the seat whoever holds it (``{"released": ["red"]}``, or
        ``[]`` when it was free) -- the simulator only; 403 on a real board or from another site, 404
        for a colour that is no seat."""
        player = request.match_info["player"]
        if not self._same_site(request):
            return web.json_response({"error": "cross-site request refused"}, status=403)
        if not self.simulator:
            return web.json_response({"error": "seats are released on the board (the lobby's release gesture, "
                                               "or [web] release in the config file), not from a page"}, status=403)
        if player not in self.seats.colours:
            return web.json_response({"error": f"no such seat (one of {', '.join(self.seats.colours)})"}, status=404)
        return web.json_response({"released": self.seats.release([player])}, headers={"Cache-Control": "no-store"})

    async def _move(self, request: web.Request) -> web.StreamResponse:
        """``POST /seat/red/move``: the seat for this browser whichever browser holds it, in one step
        (the page's "⇄ Move it here": the screen it leaves hears it was taken elsewhere, never that it was
        released) -- the simulator only; answers as ``claim`` does, 403 on a real board or from another
        site, 404 for a colour that is no seat, 409 for a colour the simulator's computer plays."""
        player = request.match_info["player"]
        if not self._same_site(request):
            return web.json_response({"error": "cross-site request refused"}, status=403)
        if not self.simulator:
            return web.json_response({"error": "a seat moves to another phone only once freed on the board (the "
                                               "lobby's release gesture, or [web] release in the config file): "
                                               "then claim it"}, status=403)
        if player not in self.seats.colours:
            return web.json_response({"error": f"no such seat (one of {', '.join(self.seats.colours)})"}, status=404)
        simulated = self._simulated(player)
        if simulated:
            return web.json_response({"error": simulated}, status=409)
        return _seat_response(player, self.seats.move(player, request.cookies.get(cookie_name(player))))

    async def _seats(self, request: web.Request) -> web.StreamResponse:
        return web.json_response(self._seats_message(_seat_cookies(request.cookies)),
                                 headers={"Cache-Control": "no-store"})

    def _seats_message(self, cookies: dict[str, str], away: list[str] | None = None) -> dict[str, Any]:
        taken = self.seats.taken()
        return {"type": "seats", "seats": list(self.seats.colours), "taken": taken,
                "mine": self.seats.held(cookies), "release": self.simulator,
                "simulated": [c for c in self.seats.colours if self._simulated(c)],
                "away": self._away(taken) if away is None else away}

    def _tell_away(self) -> None:
        """A page opened or closed: the seats told again where the seats away changed (not at every page: a flood of
        connections would fill every page's queue)."""
        if self._away(self.seats.taken()) != self._away_told:
            self._tell_seats()

    def _away_checked(self) -> None:
        self._away_check = None
        self._tell_away()

    def _away(self, taken: Iterable[str]) -> list[str]:
        """The taken seats whose browser has had no page open here for :data:`AWAY_GRACE_S` (its phone closed:
        Struggle newcomers 64, 65 and 68 read "on another screen" of a screen gone); not a page's reload nor a claim's
        reopen (an attack saw "its screen is closed" flash for 125 ms), told once the grace is over. The loop's
        thread, or an HTTP handler reading a snapshot; pages x seats checks."""
        pages, now, away = list(self._pages.values()), time.monotonic(), []
        for c in taken:
            if any(self.seats.holds(c, page.cookies.get(cookie_name(c))) for page in pages):
                self._gone_at.pop(c, None)
                continue
            gone = self._gone_at.setdefault(c, now)
            if now - gone >= AWAY_GRACE_S:
                away.append(c)
            elif self._away_check is None and self._loop is not None and not self._loop.is_closed():
                self._away_check = self._loop.call_later(AWAY_GRACE_S - (now - gone) + 0.05, self._away_checked)
        for c in set(self._gone_at) - set(taken):
            del self._gone_at[c]
        return away

    async def _join_svg(self, request: web.Request) -> web.StreamResponse:
        from .join import qr_svg

        return web.Response(text=qr_svg(self.site["url"]), content_type="image/svg+xml",
                            headers={"Cache-Control": "no-cache"})

    def _seats_changed(self) -> None:
        """A claim or release (any thread): tell every shared page, close private pages whose claim went."""
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(self._tell_seats)
        except RuntimeError:
            pass

    def _tell_seats(self) -> None:
        # (the seats away as told now: a page's open or close tells them again only when they change from these --
        # Struggle newcomer 70's phone kept a claim's "away" after the claiming laptop's page reopened with the seat)
        self._away_told = away = self._away(self.seats.taken())  # (once for every page: an attack's 1000 pages)
        for pid, page in list(self._pages.items()):
            if page.player is None:
                self._reply(page, self._seats_message(page.cookies, away))
            elif not self.seats.holds(page.player, page.cookies.get(cookie_name(page.player))):
                # a new game whose computer plays this colour took the seat with it (attack 16): said so
                simulated = self._simulated(page.player)
                why = f"the new game simulates it: {simulated}" if simulated else \
                    "claim a colour again on the board's page"
                # (moved to another screen: said so, Labyrinth newcomer 80)
                said = (f"the {page.player} seat was taken on another screen: the card shows there now"
                        if not simulated and page.player in self.seats.taken()
                        else f"the {page.player} seat was released: {why}")
                self._reply(page, error_reply(said))
                self._pages.pop(pid, None)
                asyncio.ensure_future(page.ws.close())

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin and urlsplit(origin).netloc != request.host:
            return web.Response(status=403, text="cross-site WebSocket refused\n")
        if "player" in request.query:
            return web.Response(status=400, text="private pages are claimed now: /ws?seat=COLOUR with the seat's cookie\n")
        player = request.query.get("seat")
        cookies = _seat_cookies(request.cookies)
        if player is not None:
            if player not in self.seats.colours:
                return web.Response(status=400, text=f"seat must be one of {', '.join(self.seats.colours)}\n")
            if not self.seats.holds(player, cookies.get(cookie_name(player))) or self._simulated(player):
                return web.Response(status=403, text=f"the {player} seat is not yours: claim a free colour on /\n")
        # no per-message compression: the messages are small JSON on a home network, and aiohttp compresses a large
        # frame in a task of its own, shielded from cancellation, whose error a page closing meanwhile left unread
        # (a traceback in the log: aiohttp/_websocket/writer.py _send_compressed_frame_async_locked)
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=WS_MAX_MESSAGE_BYTES, compress=False)
        try:
            await ws.prepare(request)
        except ConnectionResetError:  # the browser left during the handshake (a tab closed): no page, no error
            log.debug("a WebSocket closed during its handshake (%s)", request.remote)
            # (a plain answer that aiohttp drops quietly on the closed connection: the unprepared WebSocket itself
            # would raise "Call .prepare() first" as aiohttp finishes the request)
            return web.Response(status=400, text="the connection closed during the WebSocket handshake\n")
        pid = next(self._ids)
        page = _Page(ws, player, cookies)
        self._pages[pid] = page
        writer = asyncio.ensure_future(self._write(page))
        self._reply(page, self.site)
        if player is None:
            self._reply(page, self._seats_message(cookies))
            for game, tips in self._tips.items():
                self._reply(page, {"type": "tips_read", "game": game, "tips": list(tips)})
            self._to_table(lambda t: t.greet(pid))
            self._tell_screens()
        else:
            self._to_table(lambda t: _greet_private(t, pid, player))
        self._tell_away()  # (a seat's browser back: no longer away)
        try:
            async for msg in ws:
                if msg.type == WSMsgType.TEXT:
                    self._received(pid, page, msg.data)
                elif msg.type == WSMsgType.BINARY:
                    self._reply(page, error_reply("send JSON text messages, not binary ones"))
                elif msg.type == WSMsgType.ERROR:
                    break
        finally:
            self._pages.pop(pid, None)
            writer.cancel()
            self._to_table(lambda t: t.forget(pid))
            self._tell_away()  # (a seat whose browser has no page left is away)
            if player is None:
                self._tell_screens()
        return ws

    def _tell_screens(self) -> None:
        """Tell every board page how many board pages are open (``{"type": "screens", "screens": n}``): a second
        browser on one game plays the same colours, and the page says so (Magic newcomers 46, 48, 49)."""
        shared = [page for page in self._pages.values() if page.player is None]
        for page in shared:
            self._reply(page, {"type": "screens", "screens": len(shared)})

    def _tips_read(self, read: TipsRead, page: _Page) -> None:
        """Keep the tips a board page read (per guide of :data:`~.protocol.GUIDES`, the latest
        :data:`~.protocol.TIPS_MAX`: a flood of made-up names never stops a real tip read after it) and tell every
        board page the guide's tips when any is new: each page then shows none of them again (notice.js
        ``NOTICE.tipsRead``)."""
        if read.msg_id is not None:
            self._reply(page, ok_reply(read.msg_id))
        kept = self._tips.setdefault(read.game, [])
        new = [tip for tip in read.tips if tip not in kept]
        if not new:
            return
        kept.extend(new)
        del kept[:-TIPS_MAX]
        told = {"type": "tips_read", "game": read.game, "tips": list(kept)}
        for other in self._pages.values():
            if other.player is None:
                self._reply(other, told)

    def _received(self, pid: int, page: _Page, text: str) -> None:
        if page.player is not None:
            self._reply(page, error_reply("a private page only shows your card: play from the shared page"))
            return
        with self._lock:
            parsers = getattr(self._table, "PARSERS", None) or {}
        try:
            command = parse_message(text, {**parsers, "tips_read": parse_tips_read})
        except BadMessage as e:
            self._reply(page, error_reply(str(e), e.msg_id))
            return
        if isinstance(command, TipsRead):
            self._tips_read(command, page)
            return
        with self._lock:
            seated = getattr(self._table, "SEATED", ())
        if isinstance(command, tuple(seated)):
            held = tuple(self.seats.held(page.cookies))
            if not held:
                self._reply(page, error_reply("claim a seat first: only players at the table may do that",
                                              getattr(command, "msg_id", None)))
                return
            sent = self._to_table(lambda t: t.handle(pid, command, held=held), pid, getattr(command, "msg_id", None))
        else:
            sent = self._to_table(lambda t: t.handle(pid, command), pid, getattr(command, "msg_id", None))
        if not sent:
            self._reply(page, error_reply("no game is being served right now", command.msg_id))

    def _reply(self, page: _Page, message: dict[str, Any]) -> None:
        try:
            page.queue.put_nowait(json.dumps(message))
        except asyncio.QueueFull:
            pass

    async def _write(self, page: _Page) -> None:
        while True:
            text = await page.queue.get()
            if text is None or page.ws.closed:
                return
            try:
                await page.ws.send_str(text)
            except (ConnectionError, RuntimeError):
                return

    async def _scenario(self, request: web.Request) -> web.StreamResponse:
        future: concurrent.futures.Future[tuple[str, str]] = concurrent.futures.Future()

        def make(table: Any) -> None:
            try:
                future.set_result(table.scenario_toml())
            except Exception as e:  # reported to the page
                future.set_exception(e)

        if not self._to_table(make):
            return web.Response(status=503, text="no game is being served right now\n")
        try:
            name, text = await asyncio.wait_for(asyncio.wrap_future(future), CLOCK_WAIT_S)
        except Refused as e:
            return web.Response(status=404, text=f"{e}\n")
        except (asyncio.TimeoutError, Exception) as e:
            log.warning("scenario download failed: %s", e)
            return web.Response(status=503, text="the game did not answer; try again\n")
        return web.Response(
            text=text, content_type="application/toml", charset="utf-8",
            headers={"Content-Disposition": f'attachment; filename="{name}"', "Cache-Control": "no-store"},
        )


def _loopback(host: str) -> bool:
    """Whether ``host`` is this machine only (127.x, ::1, localhost)."""
    import ipaddress

    h = host.strip().strip("[]")
    if h == "localhost":
        return True
    try:
        return ipaddress.ip_address(h.split("%", 1)[0]).is_loopback
    except ValueError:
        return False


def _seat_response(player: str, token: str) -> web.Response:
    """The answer to a claim or a move: the seat's page, and the cookie with the seat's token."""
    response = web.json_response({"seat": player, "url": f"/seat/{player}"}, headers={"Cache-Control": "no-store"})
    response.set_cookie(cookie_name(player), token, max_age=COOKIE_MAX_AGE_S, path="/", httponly=True,
                        samesite="Strict")
    return response


def _seat_cookies(cookies: Any) -> dict[str, str]:
    """The seat cookies of a request, bounded (four at most, short values)."""
    out: dict[str, str] = {}
    for colour in PLAYER_COLOURS:
        value = cookies.get(cookie_name(colour))
        if isinstance(value, str) and len(value) <= 64:
            out[cookie_name(colour)] = value
    return out


def _not_yours(player: str, seat: str = "", free: bool = False) -> web.Response:
    """The 403 page of a private page asked by a browser not holding its seat (``player``: a colour id of
    ``PLAYER_COLOURS``), in English. ``seat``: in the simulator, ``"taken"`` (another browser holds it: the board's
    page moves its card here, "⇄ show it here instead", common.js), ``"free"`` (the board's page claims it) or
    ``"simulated"`` (the computer plays it: no card page); said so (Struggle newcomer 97 read "an adult can release a
    seat on the board" on a second phone, and found how nowhere); ``""``: a real board, where an adult releases a
    seat. ``free``: another colour played here is free (offered only then: an attack)."""
    name = player.capitalize()
    other = " Or pick a free colour there." if free else ""
    how = (f"To show {name}'s card on this screen instead, open <a href='/'>the board's page</a>, press “⇄ show it "
           f"here instead” beside {name}'s card at its top, and answer “⇄ Move it here”.{other}" if seat == "taken" else
           f"Nobody holds it now: open <a href='/'>the board's page</a> and press {name} at its top to see the card "
           "here." if seat == "free" else
           f"{name} is played by the computer in this game: its secret card stays hidden, and it has no card page. "
           f"Open <a href='/'>the board's page</a> to follow the game.{other}" if seat == "simulated" else
           "Open <a href='/'>the board's page</a> and pick a free colour (an adult can release a seat on the board).")
    html = ("<!doctype html><meta charset=utf-8><meta name=viewport content='width=device-width'>"
            "<link rel=stylesheet href='/static/board.css'><style>a { color: #ffd36b; }</style>"
            f"<title>Not your seat</title><body style='padding:2em'>"
            f"<h1>{name}'s card page is not yours</h1><p>Each colour's card page belongs to the browser that "
            f"holds its seat. {how}</p></body>")
    return web.Response(status=403, text=html, content_type="text/html", headers={"Cache-Control": "no-store"})


def _greet_private(table: Any, client: int, player: str) -> None:
    greet = getattr(table, "greet_private", None)
    if greet is None:  # The Magic Labyrinth: nothing is secret
        table.outbox(error_reply(f"{getattr(table, 'TITLE', '') or 'The Magic Labyrinth'} has no secret cards: "
                                 "there is no private page"), [client])
        return
    greet(client, player)
