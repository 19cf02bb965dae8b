"""The companion page's words in the page's language (an attack on this session's languages): its lobby line read
"playing: Rot und Blau sitzen" (the lobby's state as the controller names it), and a Persian log said the dice held
"2, 3, 5" with a Latin comma."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_companion_browser import Service

from mazeboard.hal import i18n as cat

pytestmark = pytest.mark.browser


def test_the_lobby_s_state_and_the_dice_held_are_said_in_the_language(browser: Any, tmp_path: Path) -> None:
    # nobody sits down for a minute: with the simulated players' default (at once) the game could begin before a
    # loaded machine opened the page, and the lobby line would be hidden (the CI at c077df9 timed out so)
    svc = Service(tmp_path, "struggle", "--sit-after", "60")
    try:
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(svc.url + "?lang=de")
        page.wait_for_function("() => document.documentElement.lang === 'de' && !document.getElementById('lobby').hidden"
                               " && document.getElementById('lobby-state').textContent.includes(':')", timeout=30000)
        line = page.locator("#lobby-state").inner_text()
        page.close()
        page = browser.new_page(viewport={"width": 390, "height": 844})
        page.goto(svc.url + "?lang=fa")
        page.wait_for_function("() => document.documentElement.lang === 'fa' && typeof GAME_LOG === 'object'", timeout=30000)
        held = page.evaluate("() => GAME_LOG.held({ type: 'held', player: 'red', held: [2, 3, 5] })")
        page.close()
    finally:
        svc.stop()
    german = cat.translated("de")
    state = line.split(":")[0]
    assert state in {german[f"page.common.lobby_{s}"] for s in ("seating", "result", "playing", "confirming")}, line
    assert "2، 3، 5" in held and "2, 3" not in held, held
