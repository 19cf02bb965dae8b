"""The Magic Labyrinth's page: from a click on the next cell to the pawn drawn there and the prompt naming it, in
ms (the simulated board senses the step in about 135 ms: half of sim/world.py Physics.step_ms, then the reed
debounce; the rest is the round trip and the page's redraws). A newcomer on a busy machine saw 1.5 s; the page's
layouts per step are held by tests/web/test_magic_step_lag.py.

Run: .venv/bin/python benchmarks/bench_page_step.py [RUNS]   (Debian's Chromium, /usr/bin/chromium, or Playwright's)
"""

from __future__ import annotations

import os
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "web")]

from playwright.sync_api import sync_playwright  # noqa: E402

from tests.web.test_magic_newcomer import ARGS, WIDE, open_page, roll, serve  # noqa: E402
from tests.web.test_magic_step_lag import CLICK_A2  # noqa: E402


def one(browser: object) -> tuple[float, float]:
    """One new game: roll, click a2 from a1; (ms to the pawn drawn on a2, ms to the prompt naming a2)."""
    proc, url = serve(ARGS, speed="1")  # (the board at its own pace)
    try:
        page = open_page(browser, url, WIDE)
        roll(page)
        page.wait_for_function("S.world.pawns.red.cell === 'a1' && !S.world.hands.red.busy")
        page.evaluate(CLICK_A2)
        page.wait_for_function("window.__seen.pawn !== undefined && window.__seen.prompt !== undefined", timeout=15_000)
        seen = page.evaluate("window.__seen")
        page.close()
        return float(seen["pawn"]), float(seen["prompt"])
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    chromium = "/usr/bin/chromium" if os.path.exists("/usr/bin/chromium") else None
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox", "--disable-gpu"])
        got = [one(browser) for _ in range(runs)]
        browser.close()
    pawn, prompt = [g[0] for g in got], [g[1] for g in got]
    print(f"click to the pawn drawn on its cell: median {statistics.median(pawn):.0f} ms, max {max(pawn):.0f} ms ({runs} runs)")
    print(f"click to the prompt naming it:       median {statistics.median(prompt):.0f} ms, max {max(prompt):.0f} ms")
    print(f"load average now: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")


if __name__ == "__main__":
    main()
