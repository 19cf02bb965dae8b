"""Attack 16: the pages' keys (R, D, T, S, 1-5) acted with a modifier held and on a held key's repeats.
Ctrl+D (bookmark this page) pressed Done, Ctrl+S (save the page) pressed Stop -- in Struggle that keeps the
hand or plays the way shown -- Ctrl+R (reload) rotated the spare or rolled; a key held down sent its press
again some 30 times a second, so an S held a moment kept the hand and then played way 1. A key acts on its
own press only: no Ctrl, Alt or Meta, no repeats."""

from __future__ import annotations

import json
from typing import Any

import pytest

from test_plain_words_browser import open_page, serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
SPY = ("() => { window.__sent = []; const send = WebSocket.prototype.send; "
       "WebSocket.prototype.send = function (d) { window.__sent.push(d); return send.call(this, d); }; }")


def _key(page: Any, key: str, **more: bool) -> None:
    page.evaluate("([key, more]) => document.body.dispatchEvent(new KeyboardEvent('keydown', "
                  "Object.assign({ key, bubbles: true }, more)))", [key, more])


def _sent(page: Any) -> list[dict[str, Any]]:
    return [json.loads(m) for m in page.evaluate("window.__sent")]


@pytest.mark.parametrize("game, key, wanted", [
    ("magic-labyrinth", "r", {"type": "press", "button": "roll"}),
    ("labyrinth", "r", {"type": "rotate"}),
    ("struggle", "t", {"type": "press", "button": "throw"}),
])
def test_a_key_with_a_modifier_or_held_down_presses_nothing(browser: Any, game: str, key: str,
                                                            wanted: dict[str, Any]) -> None:
    with serving(("--game", game, "--humans", "red", "--seed", "7")) as url:
        page = open_page(browser, url, (1280, 860))
        page.evaluate(SPY)
        for more in ({"ctrlKey": True}, {"metaKey": True}, {"altKey": True}, {"repeat": True}):
            _key(page, key, **more)
            _key(page, key.upper(), **more)
        page.wait_for_timeout(500)
        assert _sent(page) == [], _sent(page)
        _key(page, key)  # the key alone still acts
        page.wait_for_function("window.__sent.length > 0", timeout=WAIT_MS)
        sent = _sent(page)
        assert len(sent) == 1 and {k: v for k, v in sent[0].items() if k != "id"} == wanted, sent
        page.close()
