"""Round 27 (a newcomer in Struggle, fix27-sb): a phone's refusal line shows where the person looks
without moving the page (one mechanism for the three game pages: notice.js NOTICE.placeLine); the
first-game tip on a desktop covers nothing people read; the card page's small notes readable (WCAG AA contrast)."""

from __future__ import annotations

from typing import Any

import pytest

from test_plain_words_browser import WAIT_MS, serving

pytestmark = pytest.mark.browser

PHONE = (390, 844)
GUIDE_SEEN = ("for (const g of ['magic-labyrinth', 'labyrinth', 'struggle']) "
              "localStorage.setItem(`mazeboard.guide.${g}`, JSON.stringify(['roll', 'move', 'return', 'shift', 'goal', "
              "'dice', 'throw', 'choose', 'place']))")
LINE = ("() => { const e = document.getElementById('error'), r = e.getBoundingClientRect(); "
        "return {top: r.top, bottom: r.bottom, h: innerHeight, y: scrollY, text: e.textContent}; }")


def _phone(browser: Any, url: str) -> Any:
    from playwright.sync_api import expect

    page = browser.new_page(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
    page.add_init_script(GUIDE_SEEN)
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    return page


def _tap_says_why_in_place(page: Any, selector: str, y: int) -> dict[str, Any]:
    page.evaluate("(y) => { window.scrollTo(0, y); document.getElementById('error').textContent = ''; }", y)
    page.wait_for_timeout(200)
    before = page.evaluate("scrollY")
    page.locator(selector).first.tap(force=True)
    page.wait_for_function("() => document.getElementById('error').textContent !== ''", timeout=WAIT_MS)
    page.wait_for_timeout(400)
    line = page.evaluate(LINE)
    assert line["y"] == before, f"the refusal moved the page: scrollY {before} -> {line['y']} ({line})"
    assert line["top"] >= 0 and line["bottom"] <= line["h"], f"the refusal is off the screen: {line}"
    # ... and it covers nothing of what was tapped (round 27, Labyrinth newcomer 11: the toast at the phone's
    # foot lay over Done for 4.5 s, the button tapped again a moment later)
    tapped = page.locator(selector).first.bounding_box()
    assert tapped is not None
    assert line["bottom"] <= tapped["y"] + 1 or line["top"] >= tapped["y"] + tapped["height"] - 1, \
        f"the refusal {line} lies over what was tapped {tapped}"
    return line


@pytest.mark.parametrize("y", [0, 370])
def test_struggle_phone_a_tap_on_a_greyed_die_says_why_without_a_scroll_jump(browser: Any, y: int) -> None:
    """Seen: scrollY 0 -> 664 and 370 -> 1378 (the line under the long list of ways to play)."""
    with serving(("--game", "struggle", "--humans", "red", "--seed", "5", "--speed", "3")) as url:
        page = _phone(browser, url)
        page.wait_for_function("() => S.view.current === 'red' && S.view.instruction.action === 'throw'", timeout=WAIT_MS)
        page.click("#throw")
        page.wait_for_function("() => S.view.instruction.messages[0].id !== 'str.throw'", timeout=WAIT_MS)
        page.click("#stop")  # the hand kept: the ways to play listed, the dice greyed
        page.wait_for_function("() => document.querySelectorAll('#outcomes .outcome').length > 1", timeout=WAIT_MS)
        line = _tap_says_why_in_place(page, '.pdie[data-die="1"]', y)
        assert line["text"]
        page.close()


def test_labyrinth_phone_a_refusal_does_not_scroll_the_page_either(browser: Any) -> None:
    args = ("--game", "labyrinth", "--cards-each", "2", "--humans", "red", "--seed", "9135", "--speed", "3")
    with serving(args) as url:
        page = _phone(browser, url)
        page.wait_for_function("() => S.view.current === 'red' && S.view.phase === 'shift' && !S.world.busy", timeout=WAIT_MS)
        line = _tap_says_why_in_place(page, "#done", 0)
        assert "Done" in line["text"], line
        page.close()


#: the words and buttons of the page a person can see now (clipped to the window and to the side panel,
#: which scrolls) that the first-game tip lies over
UNDER_TIP = """() => {
  const g = document.getElementById('guide');
  if (g.hidden) return null;
  const t = g.getBoundingClientRect(), side = document.querySelector('.info-side').getBoundingClientRect(), out = [];
  for (const el of document.querySelectorAll('main *')) {
    if (g.contains(el)) continue;
    const words = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()) || el.matches('button, .pdie');
    if (!words || !el.getClientRects().length) continue;
    let r = el.getBoundingClientRect(), top = Math.max(r.top, 0), bottom = Math.min(r.bottom, innerHeight);
    if (el.closest('.info-side')) { top = Math.max(top, side.top); bottom = Math.min(bottom, side.bottom); }
    if (bottom - top < 4) continue;  // scrolled out of sight
    const x = Math.min(r.right, t.right) - Math.max(r.left, t.left), y = Math.min(bottom, t.bottom) - Math.max(top, t.top);
    if (x > 2 && y > 2) out.push(`${el.tagName.toLowerCase()}#${el.id}.${el.className}: ${el.textContent.trim().slice(0, 40)}`);
  }
  return out;
}"""


@pytest.mark.parametrize("size", [(1920, 1080), (1366, 768)], ids=["1920", "1366"])
@pytest.mark.parametrize("game", ["struggle", "labyrinth", "magic-labyrinth"])
def test_desktop_the_first_game_tip_covers_nothing_people_read(browser: Any, game: str, size: tuple[int, int]) -> None:
    """Seen (Struggle, 1920x1080 and 1366x768): the tip lay over the log, the "Red's turn" row behind it."""
    from test_plain_words_browser import open_page

    with serving(("--game", game, "--humans", "red", "--seed", "5", "--speed", "3")) as url:
        page = open_page(browser, url, size, guide=True)
        page.wait_for_function("() => !document.getElementById('guide').hidden && document.querySelectorAll('#log li').length > 1",
                               timeout=WAIT_MS)
        if game == "struggle":  # the ways to play listed: the side panel at its fullest
            page.click("#throw")
            page.wait_for_function("() => S.view.instruction.messages[0].id !== 'str.throw'", timeout=WAIT_MS)
            page.click("#stop")
            page.wait_for_function("() => document.querySelectorAll('#outcomes .outcome').length > 1", timeout=WAIT_MS)
        page.wait_for_timeout(600)
        covered = page.evaluate(UNDER_TIP)
        assert covered is not None, "no tip showed"
        assert covered == [], f"the tip lies over: {covered}"
        page.close()


#: each text of the card (an element with words of its own): its colour on the nearest opaque background, its size
CARD_CONTRAST = """() => {
  const rgb = (c) => (c.match(/[\\d.]+/g) || []).map(Number);
  const lum = ([r, g, b]) => { const f = (v) => { v /= 255; return v <= .03928 ? v / 12.92 : ((v + .055) / 1.055) ** 2.4; };
    return .2126 * f(r) + .7152 * f(g) + .0722 * f(b); };
  const ground = (el) => { for (; el; el = el.parentElement) { const c = rgb(getComputedStyle(el).backgroundColor);
    if (c.length === 3 || c[3] === 1) return c.slice(0, 3); } return [255, 255, 255]; };
  const out = [];
  for (const el of document.querySelectorAll('#secret *')) {
    if (![...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())) continue;
    const s = getComputedStyle(el), fg = rgb(s.color).slice(0, 3), bg = ground(el);
    const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
    out.push({text: el.textContent.trim().slice(0, 50), ratio: (a + .05) / (b + .05), size: parseFloat(s.fontSize),
              bold: parseInt(s.fontWeight, 10) >= 700, opacity: parseFloat(s.opacity)});
  }
  return out;
}"""


def test_the_card_page_small_notes_read_at_wcag_aa_contrast(browser: Any) -> None:
    """Seen (/seat/red on a phone): "Your objective, round 1: …" and "★ counts for any token" in 13 px
    rgb(185,173,151) on rgb(255,248,230), ~2.1:1. Every text of the card reaches 4.5:1 (3:1 when large)."""
    from playwright.sync_api import expect

    from test_seat_release_browser import _claim

    with serving(("--game", "struggle", "--humans", "red", "--seed", "7")) as url:
        context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]}, has_touch=True, is_mobile=True)
        board = context.new_page()
        board.goto(url)
        _claim(board, "red")
        card = context.new_page()
        card.goto(url + "seat/red")
        expect(card.locator("#secret")).to_contain_text("Your objective", timeout=WAIT_MS)
        if "counts for any token" not in card.locator("#secret").inner_text():  # the page's own drawing of a card with a ★
            card.evaluate("() => { const c = document.getElementById('secret').dataset.cards.split(','); c[0] = 'A'; "
                          "drawStruggle({card: c, places: ['A', 'B', 'C', 'D', 'E'], round: 1, hint: 0}); }")
        expect(card.locator("#secret")).to_contain_text("counts for any token")
        texts = card.evaluate(CARD_CONTRAST)
        context.close()
    assert any("Your objective" in t["text"] for t in texts), texts
    low = [t for t in texts if t["ratio"] < (3 if t["size"] >= 24 or (t["bold"] and t["size"] >= 18.66) else 4.5) or t["opacity"] < 1]
    assert low == [], f"below WCAG AA: {low}"
