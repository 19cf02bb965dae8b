"""Round 24 (issue 15): the log's clock in all three games' pages reads as a person expects. A newcomer
opened the page of a simulator that had been running for a while and read the first roll at "209 s"
(seconds since the sim's game began, before they came): the page's log says the time of day, as the
browser shows it (HH:MM:SS); the event-log file (docs/event-log.md) keeps its milliseconds."""

from __future__ import annotations

import re
from typing import Any

import pytest
from test_plain_words_browser import WAIT_MS, WIDE, open_page, serving

pytestmark = pytest.mark.browser

GAMES = {
    "magic-labyrinth": ("--seed", "7"),
    "labyrinth": ("--game", "labyrinth", "--seed", "7"),
    "struggle": ("--game", "struggle", "--players", "2", "--seed", "7"),
}
CLOCK = re.compile(r"^\d\d:\d\d:\d\d$")


@pytest.mark.parametrize("game", list(GAMES))
def test_the_log_says_the_time_of_day(browser: Any, game: str) -> None:
    with serving(GAMES[game]) as url:
        page = open_page(browser, url, WIDE)
        page.wait_for_timeout(2500)  # the simulated players play on: the sim's game runs before this page came
        page.reload()
        page.wait_for_function("() => document.querySelectorAll('#log li .t').length >= 2", timeout=WAIT_MS)
        got = page.evaluate("""() => ({ times: [...document.querySelectorAll('#log li .t')].map((e) => e.textContent.trim()),
            now: new Date().toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' }),
            label: document.querySelector('.log-time') ? document.querySelector('.log-time').textContent : '' })""")
        assert all(CLOCK.match(t) for t in got["times"]), got["times"][:5]
        secs = [int(h) * 3600 + int(m) * 60 + int(s) for h, m, s in (t.split(":") for t in got["times"])]
        h, m, s = got["now"].split(":")
        now = int(h) * 3600 + int(m) * 60 + int(s)
        assert all(-5 <= (now - x) % 86400 <= 120 for x in secs), (got["now"], got["times"][:5])
        assert "seconds" not in got["label"], got["label"]
        page.close()
