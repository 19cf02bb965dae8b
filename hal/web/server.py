"""The browser simulator's web server (aiohttp): the page, its WebSocket, the scenario download.

Routes: ``/`` the page, ``/static/...`` its CSS and JavaScript (package
data, no build step, nothing from the network), ``/ws`` the WebSocket
(:mod:`.protocol`), ``/scenario.toml`` the session so far as a scenario file
(The Magic Labyrinth only), ``/player/COLOUR`` a player's private page (their
secret card; its WebSocket is ``/ws?player=COLOUR`` and sends no commands).
The shared page and the message parsers are the attached table's (``PAGE``,
``PARSERS``): one server for every game.

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
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any, Callable, Iterable
from urllib.parse import urlsplit

from aiohttp import WSMsgType, web

from mazeboard.hal.boards import PLAYER_COLOURS
from mazeboard.hal.errors import ConfigError

from .addresses import PageAddress, page_addresses, url_for
from .protocol import BadMessage, Refused, error_reply, parse_message

log = logging.getLogger(__name__)

#: messages queued for one page before it counts as gone
PAGE_QUEUE = 5000
#: how long an HTTP request waits for the game's clock thread, seconds
CLOCK_WAIT_S = 5.0
#: the largest WebSocket message read at all, bytes; anything over
#: :data:`~.protocol.MAX_MESSAGE_CHARS` up to this gets the ``error`` reply ("message too long"),
#: a larger one closes that page's socket with code 1009 (message too big; the page reconnects)
WS_MAX_MESSAGE_BYTES = 1024 * 1024
STATIC_DIR = Path(str(resources.files("mazeboard.hal.web") / "static"))


@dataclass
class _Page:
    ws: web.WebSocketResponse
    #: the player of a private page (``/ws?player=red``), None for the shared page
    player: str | None = None
    queue: "asyncio.Queue[str | None]" = field(default_factory=lambda: asyncio.Queue(PAGE_QUEUE))


class WebServer:
    """Serves the page on ``host``:``port`` (0: a free port) for whichever table is attached."""

    def __init__(self, host: str = "127.0.0.1", port: int = 8765) -> None:
        self.host = host
        self.port = port
        self._table: Any = None
        self._call_soon: Callable[[Callable[[], None]], Any] | None = None
        self._lock = threading.Lock()
        self._pages: dict[int, _Page] = {}
        self._ids = itertools.count(1)
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
        app.router.add_get("/player/{player}", self._private_page)
        app.router.add_get("/scenario.toml", self._scenario)
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
        """Serve ``table`` (whose thread runs ``clock``); pages already open are greeted by it."""
        with self._lock:
            self._table = table
            self._call_soon = clock.call_soon
            table.outbox = self.deliver
            pages = list(self._pages)
        for pid in pages:
            clock.call_soon(lambda pid=pid: table.greet(pid))

    def _to_table(self, fn: Callable[[Any], None]) -> bool:
        with self._lock:
            table, call_soon = self._table, self._call_soon
        if table is None or call_soon is None:
            return False
        call_soon(lambda: fn(table))
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

    async def _private_page(self, request: web.Request) -> web.StreamResponse:
        """``/player/red``: that player's private page (their secret card only)."""
        if request.match_info["player"] not in PLAYER_COLOURS:
            return web.Response(status=404, text=f"no such player (one of {', '.join(PLAYER_COLOURS)})\n")
        return web.FileResponse(STATIC_DIR / "player.html", headers={"Cache-Control": "no-cache"})

    async def _websocket(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin and urlsplit(origin).netloc != request.host:
            return web.Response(status=403, text="cross-site WebSocket refused\n")
        player = request.query.get("player")
        if player is not None and player not in PLAYER_COLOURS:
            return web.Response(status=400, text=f"player must be one of {', '.join(PLAYER_COLOURS)}\n")
        ws = web.WebSocketResponse(heartbeat=30, max_msg_size=WS_MAX_MESSAGE_BYTES)
        await ws.prepare(request)
        pid = next(self._ids)
        page = _Page(ws, player)
        self._pages[pid] = page
        writer = asyncio.ensure_future(self._write(page))
        if player is None:
            self._to_table(lambda t: t.greet(pid))
        else:
            self._to_table(lambda t: _greet_private(t, pid, player))
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
        return ws

    def _received(self, pid: int, page: _Page, text: str) -> None:
        if page.player is not None:
            self._reply(page, error_reply("a private page only shows your card: play from the shared page"))
            return
        with self._lock:
            parsers = getattr(self._table, "PARSERS", None) or {}
        try:
            command = parse_message(text, parsers)
        except BadMessage as e:
            self._reply(page, error_reply(str(e), e.msg_id))
            return
        if not self._to_table(lambda t: t.handle(pid, command)):
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


def _greet_private(table: Any, client: int, player: str) -> None:
    greet = getattr(table, "greet_private", None)
    if greet is None:  # The Magic Labyrinth: nothing is secret
        table.outbox(error_reply(f"{getattr(table, 'TITLE', '') or 'The Magic Labyrinth'} has no secret cards: "
                                 "there is no private page"), [client])
        return
    greet(client, player)
