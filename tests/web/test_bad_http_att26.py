"""Attacker round 26: a malformed HTTP request to the page server (a header or path over 8 KB, too many
headers, a bad chunk) is refused with 400 and logged on one line: aiohttp logged each one with its
traceback at ERROR (nine lines and more on the simulator's terminal or the service's journal for one
hostile request)."""

from __future__ import annotations

import socket
import time

from test_game_server import start

BAD = [
    b"GET / HTTP/1.1\r\nHost: x\r\nX: " + b"a" * 9000 + b"\r\n\r\n",
    b"GET /" + b"a" * 9000 + b" HTTP/1.1\r\n\r\n",
    b"POST /seat/red/claim HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n",
    b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"H%d: v\r\n" % i for i in range(200)) + b"\r\n",
]


def test_a_malformed_request_is_a_400_and_one_log_line() -> None:
    p, url = start("--game", "labyrinth", "--seed", "3", "--humans", "red", "--speed", "20")
    port = int(url.rsplit(":", 1)[1].strip("/"))
    answers = []
    try:
        for raw in BAD:
            with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
                s.sendall(raw)
                answers.append(s.recv(64))
        time.sleep(0.5)
        assert p.poll() is None, "the server stopped"
    finally:
        p.terminate()
        _, err = p.communicate(timeout=10)
    assert all(a.startswith(b"HTTP/1.0 400") or a.startswith(b"HTTP/1.1 400") for a in answers), answers
    lines = [line for line in err.splitlines() if line.strip()]
    assert "Traceback" not in err, err[-1500:]
    assert len(lines) == len(BAD), lines
    assert all("refused" in line and len(line) < 300 for line in lines), lines
