"""Round 25: each event a page gets carries the server's wall clock when it happened (``wall_ms``), and a
page that joins later (or reloads) gets the same stamps in its hello's log; the event-log file does not
change (docs/event-log.md: no such field)."""

from __future__ import annotations

import json
from typing import Any

from mazeboard.hal.events import GameEvent
from mazeboard.hal.web import served
from webtable import open_table


def test_a_later_page_gets_the_same_stamps_and_the_event_log_none(monkeypatch: Any) -> None:
    now = [1_700_000_000.0]
    monkeypatch.setattr(served.time, "time", lambda: now[0])
    table = open_table()
    table.clock.advance(2_000)
    live = table.events()
    assert len(live) >= 2, live
    assert {e["wall_ms"] for e in live} == {1_700_000_000_000}, live
    now[0] += 95.0  # a phone joins a minute and a half later: the lines keep the time they happened
    session = table.session
    later: list[dict[str, Any]] = []
    session.table.outbox = lambda msg, to: later.append(msg)
    session.table.greet(2)
    hello = next(m for m in later if m["type"] == "hello")
    assert hello["log"][: len(live)] == live
    # an event that happens now is stamped now
    session.table._on_event(GameEvent(live[-1]["t"] + 1, "warning", {"text": "a line now"}))
    new = [m["event"] for m in later if m["type"] == "event"]
    assert [e["wall_ms"] for e in new] == [1_700_000_095_000], new


def test_the_stamp_is_for_pages_only() -> None:
    event = GameEvent(1234, "turn_started", {"player": "red"})
    data = served.stamped(event)
    assert isinstance(data["wall_ms"], int) and data["t"] == 1234 and data["player"] == "red"
    assert "wall_ms" not in json.loads(event.to_json())
