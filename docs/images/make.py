"""Take the docs' screenshots of the browser simulator again (after a change to the pages).

    .venv/bin/python docs/images/make.py          # after ./run test has installed Playwright

Starts ``mazeboard sim`` for each game (seed 7, red the human, blue simulated) on a free
local port, opens its page in Debian's headless Chromium (/usr/bin/chromium) through
Playwright at 1920x1080 and at a phone's 390x844, and writes ``GAME-1920x1080.png`` (at half
size) and
``phones-390x844.png`` (the three phones side by side) next to this file, then
``i18n-fa-1024x700.png`` (the Magic Labyrinth in Persian, right to left). Those show the first
turn, as a newcomer first sees it. Then, for ``docs/browser-sim.png`` (the README's picture),
``docs/browser-labyrinth.png`` and ``docs/browser-struggle.png``: three simulated players
(``--humans none --speed 3``) watched at 1440x900 for WATCH_S seconds, a game under way.
Look at every one before committing.
"""

from __future__ import annotations

import base64
import contextlib
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from typing import Iterator

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
CHROMIUM = "/usr/bin/chromium"
GAMES = {"magic": ["--game", "magic-labyrinth"], "labyrinth": ["--game", "labyrinth"],
         "struggle": ["--game", "struggle"]}
# the mid-game pictures: docs/NAME.png, the game, seconds watched (a few turns in at --speed 3)
UNDER_WAY = {"browser-sim": ("magic", 14), "browser-labyrinth": ("labyrinth", 20), "browser-struggle": ("struggle", 16)}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _sim(args: list[str], humans: str = "red") -> Iterator[str]:
    port = _free_port()
    cmd = [str(Path(sys.executable).with_name("mazeboard")), "sim", *args, "--seed", "7", "--humans", humans, "--port", str(port)]
    proc = subprocess.Popen(cmd, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/"
    try:
        for _ in range(100):
            with contextlib.suppress(OSError):
                urllib.request.urlopen(url, timeout=1).close()
                break
            time.sleep(0.2)
        yield url
    finally:
        proc.terminate()
        proc.wait(timeout=10)


def _small(png: bytes, scale: float = 0.5) -> bytes:
    """The screenshot at ``scale`` with a 256-colour palette (Pillow, installed with wireviz): a
    tenth of the bytes, still readable in the docs."""
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    img = img.resize((round(img.width * scale), round(img.height * scale)), Image.Resampling.LANCZOS)
    out = io.BytesIO()
    img.quantize(256, dither=Image.Dither.NONE).save(out, "PNG", optimize=True)
    return out.getvalue()


def main() -> int:
    from playwright.sync_api import sync_playwright

    phones: list[bytes] = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox", "--disable-gpu"])
        for name, args in GAMES.items():
            with _sim(args) as url:
                for w, h in ((1920, 1080), (390, 844)):
                    phone = w == 390  # a phone as a phone is: touch, mobile layout
                    page = browser.new_page(viewport={"width": w, "height": h}, has_touch=phone, is_mobile=phone)
                    page.goto(url)
                    page.wait_for_timeout(2500)
                    shot = page.screenshot()
                    page.close()
                    if w == 390:
                        phones.append(shot)
                    else:
                        (HERE / f"{name}-{w}x{h}.png").write_bytes(_small(shot))
        with _sim(GAMES["magic"] + ["--lang", "fa"]) as url:
            page = browser.new_page(viewport={"width": 1024, "height": 700})
            page.goto(url)
            page.wait_for_timeout(2500)
            (HERE / "i18n-fa-1024x700.png").write_bytes(_small(page.screenshot(), 1.0))
            page.close()
        imgs = "".join(f'<img src="data:image/png;base64,{base64.b64encode(s).decode()}">' for s in phones)
        page = browser.new_page(viewport={"width": 3 * 390 + 40, "height": 844})
        page.set_content(f'<body style="margin:0;background:#fff;display:flex;gap:20px">{imgs}</body>')
        page.wait_for_timeout(300)
        (HERE / "phones-390x844.png").write_bytes(_small(page.screenshot(), 1.0))
        for out, (name, seconds) in UNDER_WAY.items():
            with _sim(GAMES[name] + ["--players", "3", "--speed", "3"], humans="none") as url:
                page = browser.new_page(viewport={"width": 1440, "height": 900})
                page.goto(url)
                page.wait_for_timeout(seconds * 1000)
                (ROOT / "docs" / f"{out}.png").write_bytes(_small(page.screenshot(), 0.75))
                page.close()
        browser.close()
    for f in sorted([*HERE.glob("*.png"), *(ROOT / "docs" / f"{out}.png" for out in UNDER_WAY)]):
        print(f"wrote {f.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
