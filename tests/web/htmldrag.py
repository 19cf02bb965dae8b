"""A mouse's HTML drag (a ``draggable`` element: the Magic Labyrinth's pawn) through Playwright, made sure.

Playwright drives a Chromium HTML drag by intercepting it (``Input.setInterceptDrags``) and decides whether a
mouse move started one from a ``dragstart`` seen by a ``setTimeout(0)`` after that move (Playwright's
``crDragDrop.ts``, ``interceptDragCausedByMove``). Under load the ``dragstart`` can come after that timeout: the
drag is then intercepted with no one to answer it, and the renderer waits for it for good, swallowing every
later mouse event of the page (the drop, a second drag): CI73 saw ``dragstart`` and then nothing, twice. A real
mouse has no such race. ``mouse_drag`` sees the drag end (a ``drop`` or a ``dragend``); a drag left hanging is
cancelled as the browser would (``Input.dispatchDragEvent`` ``dragCancel``) and made again."""

from __future__ import annotations

from typing import Any

#: the page records the HTML drag's events (capture: a drop on any element, a dragend of a redrawn source too)
WATCH = """() => { if (!window.__htmlDrag) { window.__htmlDrag = {};
    for (const t of ['dragstart', 'drop', 'dragend']) window.addEventListener(t, () => { window.__htmlDrag[t] = true; }, true); }
  window.__htmlDrag.dragstart = window.__htmlDrag.drop = window.__htmlDrag.dragend = false; }"""


def mouse_drag(page: Any, source: Any, points: list[tuple[float, float]], steps: int = 8, tries: int = 3) -> None:
    """Press the mouse on ``source`` (a locator), move through ``points`` (page px, ``steps`` moves to each)
    and let go; once more (``tries`` in all) when no HTML drag began and ended (module docstring: a page with a
    drag hanging takes no more mouse events, a second drag included).
    Raises AssertionError when no try ended its drag."""
    for _ in range(tries):
        page.evaluate(WATCH)
        source.hover()
        page.mouse.down()
        for x, y in points:
            page.mouse.move(x, y, steps=steps)
        page.mouse.up()
        try:
            page.wait_for_function("window.__htmlDrag.dragstart && (window.__htmlDrag.drop || window.__htmlDrag.dragend)",
                                   timeout=3000)
            return
        except Exception:  # a drag left hanging (now or before): the browser's cancel frees the page's mouse
            x, y = points[-1]
            cdp = page.context.new_cdp_session(page)
            cdp.send("Input.dispatchDragEvent", {"type": "dragCancel", "x": x, "y": y,
                                                 "data": {"items": [], "dragOperationsMask": 65535}})
            cdp.detach()
    raise AssertionError(f"no HTML drag of {source} ended in {tries} tries")


def centre(locator: Any) -> tuple[float, float]:
    """The middle of ``locator``'s box, page px. The Magic page draws its pawns anew at each ``world`` message
    (board.js drawPawns), so the element found may be gone before it is measured (CI79: ``None``): measured
    again, up to 2 s."""
    for _ in range(40):
        b = locator.bounding_box()
        if b:
            break
        locator.page.wait_for_timeout(50)
    assert b, locator
    return b["x"] + b["width"] / 2, b["y"] + b["height"] / 2
