"""Labyrinth newcomer 23's server terminal: a browser closed while its WebSocket was being opened, and the page
server logged "Error handling request" with a 24-line traceback (aiohttp: "Cannot write to closing transport").
A client gone in the handshake is no error: one line at most, never a traceback."""

from __future__ import annotations

import socket
import struct
import time

from test_game_server import start

UPGRADE = (b"GET /ws HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
           b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n")


def test_a_websocket_closed_during_its_handshake_logs_no_traceback() -> None:
    p, url = start("--game", "labyrinth", "--seed", "3", "--humans", "red", "--speed", "20")
    port = int(url.rsplit(":", 1)[1].strip("/"))
    try:
        for _ in range(30):
            s = socket.create_connection(("127.0.0.1", port), timeout=5)
            s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))  # a reset, at once
            s.sendall(UPGRADE)
            s.close()
        time.sleep(1.0)
        assert p.poll() is None, "the server stopped"
    finally:
        p.terminate()
        _, err = p.communicate(timeout=10)
    assert "Traceback" not in err, err[-2000:]
    assert "Error handling request" not in err, err[-2000:]
