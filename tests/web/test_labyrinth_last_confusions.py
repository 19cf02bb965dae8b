"""The Labyrinth page's last newcomer confusions (issue 15), in Debian's headless Chromium at a
phone's 390x844 and at 1920x1080: the moth reads as a moth (Unicode has no moth: the butterfly
glyph 🦋 is not it), a pawn on a tile never covers one of the tile's openings, and everything a
person reads on the phone is at least 11 px."""

from __future__ import annotations

from typing import Any, Iterator

import pytest

from test_plain_words_browser import serving

pytestmark = pytest.mark.browser

WAIT_MS = 30_000
PHONE = (390, 844)
DESKTOP = (1920, 1080)
SIZES = pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone-390x844", "desktop-1920x1080"])
BUTTERFLY = "\N{BUTTERFLY}"


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    """A classic game, the younger players' variant (every card open: the moth's card is on a
    page), red played from the page, blue simulated slowly."""
    with serving(("--game", "labyrinth", "--seed", "7", "--variant", "younger", "--humans", "red,blue",
                           "--speed", "0.1")) as address:
        yield address


def open_page(browser: Any, url: str, size: tuple[int, int], context: Any = None) -> Any:
    from playwright.sync_api import expect

    viewport = {"width": size[0], "height": size[1]}
    page = context.new_page() if context is not None else browser.new_page(viewport=viewport)
    problems: list[str] = []
    page.on("pageerror", lambda e: problems.append(str(e)))
    page.goto(url)
    expect(page.locator("#conn")).to_have_text("connected", timeout=WAIT_MS)
    expect(page.locator("#maze .lpawn").first).to_be_visible(timeout=WAIT_MS)
    assert not problems, problems
    return page


#: a picture drawn on the page: its glyphs, and the box of a drawing in it (px)
PICTURE = """(el) => { const svg = el.querySelector('svg'), r = svg && svg.getBoundingClientRect();
    return {text: el.textContent, svg: !!svg, w: r ? r.width : 0, h: r ? r.height : 0,
            label: svg ? (svg.getAttribute('aria-label') || '') : ''}; }"""


@SIZES
def test_the_moth_is_drawn_as_a_moth_not_as_the_butterfly(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    tile = page.locator('#maze .tile[data-tile$=":moth"] .pic')
    assert tile.count() == 1
    seen = tile.evaluate(PICTURE)
    assert BUTTERFLY not in seen["text"] and seen["svg"], f"the moth's tile shows {seen}"
    assert seen["label"] == "Moth" and min(seen["w"], seen["h"]) >= 11, seen
    # the open cards (the younger players' variant) show no butterfly either
    cards = page.locator("#open-cards")
    assert BUTTERFLY not in cards.inner_text() and cards.locator('svg[aria-label="Moth"]').count() == 1
    # and the log's line when the moth is found names it without the butterfly (its drawing goes where the
    # line's mark is, as another card's emoji: tests/web/test_labyrinth_round24.py)
    text = page.evaluate("LOG_TEXT.card_found({player: 'red', card: 'moth', cell: 'e6', remaining: 3})")
    assert BUTTERFLY not in text and text.startswith("⭐ Red found ") and text.endswith(" Moth on e6 (3 left)"), text
    page.close()


def test_the_secret_card_page_draws_the_moth_as_a_moth(browser: Any, url: str) -> None:
    from playwright.sync_api import expect

    context = browser.new_context(viewport={"width": PHONE[0], "height": PHONE[1]})
    try:
        page = open_page(browser, url, PHONE, context)
        holder = page.evaluate("""() => [...document.querySelectorAll('#open-cards [class]')]
            .find(d => d.querySelector('svg[aria-label="Moth"]')).className""")
        page.locator(f"button.seat-claim.{holder}").click(timeout=WAIT_MS)
        expect(page.locator(f"a.seat-link.{holder}")).to_have_attribute("href", f"/seat/{holder}", timeout=WAIT_MS)
        seat = context.new_page()
        seat.goto(url + f"seat/{holder}")
        card = seat.locator('.card-pic[data-card="moth"]')
        expect(card).to_be_visible(timeout=WAIT_MS)
        seen = card.locator(".big-pic").evaluate(PICTURE)
        assert BUTTERFLY not in seen["text"] and seen["svg"] and seen["label"] == "Moth", seen
        expect(card.locator(".pic-title")).to_have_text("Moth")
    finally:
        context.close()


#: every pawn on a tile, its box and the boxes of its tile's openings (tiles.js: the path's arms run
#: 34..66 of 100 across, from the centre square to the edge; an opening is an arm's part outside
#: the centre square)
PAWNS = """() => [...document.querySelectorAll('#maze .tile .lpawn')].map((p) => {
    const t = p.closest('.tile'), b = t.getBoundingClientRect(), r = p.getBoundingClientRect();
    const mask = parseTile(t.dataset.tile).mask, u = b.width / 100;
    const arms = {N: [1, 34, 0, 66, 34], E: [2, 66, 34, 100, 66], S: [4, 34, 66, 66, 100], W: [8, 0, 34, 34, 66]};
    const open = Object.entries(arms).filter(([, a]) => mask & a[0]).map(([side, a]) =>
        ({side, x0: b.left + a[1] * u, y0: b.top + a[2] * u, x1: b.left + a[3] * u, y1: b.top + a[4] * u}));
    return {pawn: p.dataset.pawn, cell: t.dataset.cell, x0: r.left, y0: r.top, x1: r.right, y1: r.bottom, open};
})"""


@SIZES
def test_a_pawn_covers_none_of_its_tiles_openings(browser: Any, url: str, size: tuple[int, int]) -> None:
    page = open_page(browser, url, size)
    page.add_style_tag(content=".lpawn { animation: none !important; }")  # measured at rest
    pawns = page.evaluate(PAWNS)
    assert any(o["side"] == "E" for p in pawns for o in p["open"]), f"no pawn stands on a tile open to the east: {pawns}"
    for p in pawns:
        for o in p["open"]:
            w = min(p["x1"], o["x1"]) - max(p["x0"], o["x0"])
            h = min(p["y1"], o["y1"]) - max(p["y0"], o["y0"])
            assert w <= 0.5 or h <= 0.5, f"{p['pawn']} on {p['cell']} covers its {o['side']} opening ({w:.1f} x {h:.1f} px)"
    page.close()


#: every element showing text of its own (or a picture) on the page, with its font size
#: text under 11 px (a phone's cell names: 9 px, small and faint, round 23 five)
SMALL = """() => { const out = [];
  for (const el of document.querySelectorAll('body *')) {
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own || el.closest('[hidden], dialog:not([open]), svg')) continue;
    const r = el.getBoundingClientRect(), s = getComputedStyle(el);
    if (!r.width || !r.height || s.visibility === 'hidden' || s.display === 'none') continue;
    const f = parseFloat(s.fontSize);
    if (f < (el.matches('#maze .tile .coord') ? 9 : 11)) out.push(`${el.tagName}.${el.className} ${JSON.stringify(el.textContent.trim().slice(0, 16))}: ${f} px`);
  }
  for (const svg of document.querySelectorAll('#maze .pic svg, #spare .pic svg')) {
    const r = svg.getBoundingClientRect();
    if (r.width && r.width < 11) out.push(`a drawn picture: ${r.width} px`);
  }
  return [...new Set(out)]; }"""


def test_everything_on_the_phone_is_at_least_11_px(browser: Any, url: str) -> None:
    page = open_page(browser, url, PHONE)
    assert page.evaluate("document.querySelectorAll('#maze .coord, #maze .slot .code, #maze .pic').length") > 40
    small = page.evaluate(SMALL)
    assert not small, small
    page.close()


@SIZES
def test_each_slot_arrow_carries_the_name_the_prompt_says_whole(browser: Any, url: str, size: tuple[int, int]) -> None:
    """The prompt names a forbidden slot as "S-f": its arrow says "S-f" too, on one line, not cut."""
    page = open_page(browser, url, size)
    codes = page.evaluate("""() => [...document.querySelectorAll('#maze .slot')].map(s => { const c = s.querySelector('.code');
        return {slot: s.dataset.slot, text: c.textContent, wide: c.scrollWidth > s.clientWidth,
                lines: Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight))}; })""")
    assert len(codes) == 12
    for c in codes:
        assert c["text"] == c["slot"] and not c["wide"] and c["lines"] == 1, c
    page.close()


@SIZES
def test_the_forbidden_slot_shows_the_name_the_prompt_says(browser: Any, url: str, size: tuple[int, int]) -> None:
    """After a push the prompt says "not N-b": the crossed-out arrow still shows "N-b" (the cross
    covered it). Runs last: it pushes the spare in (red's turn, played from the page)."""
    from playwright.sync_api import expect

    page = open_page(browser, url, size)
    if not page.locator("#maze .slot.forbidden").count():
        page.locator('#maze .slot[data-slot="S-b"]').click()
    forbidden = page.locator("#maze .slot.forbidden")
    expect(forbidden).to_have_count(1, timeout=WAIT_MS)
    seen = forbidden.evaluate("""(s) => { const c = s.querySelector('.code'), r = c.getBoundingClientRect();
        const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return {slot: s.dataset.slot, text: c.textContent, on_top: c.contains(hit), hit: hit && hit.className}; }""")
    assert seen["text"] == seen["slot"] and seen["on_top"], seen
    page.close()
