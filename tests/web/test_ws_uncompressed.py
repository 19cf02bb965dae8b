"""Struggle newcomer 50's server log: "Task exception was never retrieved … ClientConnectionResetError('Cannot write
to closing transport')" as a browser closed. aiohttp (3.13 on) compresses a large WebSocket frame in a task of its
own, shielded from cancellation (aiohttp/_websocket/writer.py ``_send_compressed_frame_async_locked``); a page
closing while one was under way left that task's error unread, a traceback in the log. The board's messages are
small JSON on a home network: the server negotiates no per-message compression, so no frame goes through that
task."""

from __future__ import annotations

import aiohttp
from test_game_server import run, start


def test_the_server_negotiates_no_websocket_compression() -> None:
    proc, url = start("--game", "struggle", "--players", "2", "--seed", "7")
    try:
        async def go() -> tuple[object, str]:
            async with aiohttp.ClientSession() as s:
                async with s.ws_connect(url + "ws", compress=15) as ws:  # a browser offers permessage-deflate
                    seen = [(await ws.receive_json(timeout=20))["type"] for _ in range(4)]
                    return ws.compress, " ".join(seen)
        compress, first = run(go())
        assert "hello" in first, first
        assert compress == 0, compress  # the server took no compression
    finally:
        proc.terminate()
        proc.wait(10)
