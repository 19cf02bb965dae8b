"""``service run``'s companion page: the real board's web view, wired to the service's lobby.

:func:`start_companion` builds, when the config's ``[web] enabled`` says so,
the seats (kept in the state directory, ``[web] release`` freed first), the
:class:`~mazeboard.hal.web.companion.CompanionTable` (a sink of every event,
a tap on each phase's board) and the :class:`~mazeboard.hal.web.server.WebServer`
on ``[web] host``/``port``, and hands the lobby's API to it: a phone holding
a seat may change an option of the next games, start a game with the pawns
seated on the board, or ask to abandon one (the board confirms). Every call
runs on the board's clock thread through :meth:`.service.Service.submit`.

The web server failing (the port taken, a bad host, anything else) is one
log line and the service plays on without it; nothing the pages do ever
makes the board wait: the server only queues messages for them.
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any, Callable

from mazeboard.hal.events import GameEvent
from mazeboard.hal.board import LedLayout
from mazeboard.hal.wiring import load_wiring
from mazeboard.hal.wiring_boards import BOARD_KINDS

from . import config as cfg
from .service import Service

log = logging.getLogger("mazeboard.service")


class LobbyControl:
    """The lobby's API for the companion page (board clock thread)."""

    def __init__(self, svc: Service) -> None:
        self.svc = svc

    def set_option(self, key: str, value: Any) -> None:
        self.svc.lobby.set_option(self.svc.lobby.game, key, value)

    def start(self, by: str) -> str | None:
        return self.svc.lobby.request_start(by="phone")

    def abandon(self, by: str) -> str | None:
        return self.svc.lobby.request_abandon(by="phone")


class _SubmitClock:
    """``call_soon`` for the web server: the service's :meth:`~.service.Service.submit`, failures logged."""

    def __init__(self, svc: Service) -> None:
        self.svc = svc

    def call_soon(self, fn: Callable[[], None]) -> None:
        def run() -> None:
            try:
                fn()
            except Exception:
                log.exception("the companion page's call failed (the game goes on)")

        self.svc.submit(run)


def join_text(config: cfg.Config, qr: bool = True) -> list[str]:
    """What ``service install`` and ``wiring show`` print about the companion page: off (and how to
    turn it on), this machine only, or the address phones open with its QR code."""
    from mazeboard.hal.web.join import join_lines

    where = config.path or cfg.DEFAULT_PATH
    if not config.web.enabled:
        return [f"Companion page: off (in {where}, [web]: enabled = true, and host = \"0.0.0.0\" for phones; "
                "then sudo systemctl restart mazeboard)"]
    return join_lines(config.web.host, config.web.port, qr=qr)


def start_companion(config: cfg.Config, game: str, wiring: str | None, state_dir: str, svc: Service) -> Any:
    """The running web server of the companion page, or None (disabled, or it could not start:
    one log line). Adds the page's sink and board tap to ``svc``."""
    web = config.web
    if not web.enabled:
        return None
    try:
        from mazeboard.hal.web.companion import CompanionTable
        from mazeboard.hal.web.join import join_url
        from mazeboard.hal.web.seats import FILE_NAME, Seats
        from mazeboard.hal.web.server import WebServer

        spec = load_wiring(wiring).spec if wiring else BOARD_KINDS[game].spec({})
        seats = Seats(Path(state_dir) / FILE_NAME)
        if web.release:
            freed = seats.release(web.release)
            log.info("[web] release: seats freed: %s", ", ".join(freed) or "none were claimed")
        layout = LedLayout.row_major(spec.leds)
        grid = (spec.grid.files, spec.grid.ranks) if spec.grid is not None else None
        table = CompanionTable(game, spec.reeds, spec.tray, spec.buttons, layout.cell_to_index, LobbyControl(svc),
                               cfg.option_schema(game), grid)
        server = WebServer(web.host, web.port, seats, lang=config.board.lang)
        server.start()
        server.join_url = join_url(web.host, server.port)
    except Exception as e:  # the port taken, a bad host, a broken install: the board plays on
        log.warning("the companion page is off: %s", str(e).splitlines()[0] if str(e) else type(e).__name__)
        return None

    def released(event: GameEvent) -> None:
        if event.type == "seats_released":
            seats.release([str(c) for c in event.fields.get("colours", [])])

    svc.sinks += [table.on_event, released]
    svc.board_taps.append(table.watch_board)
    server.attach(table, _SubmitClock(svc))
    where = "reachable from your network" if server.reachable else "this machine only"
    others = [a.url for a in server.addresses if a.url != server.join_url]  # (each address once)
    log.info("companion page: %s (%s%s)", server.join_url, where, f"; also {', '.join(others)}" if others else "")
    return server
