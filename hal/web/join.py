"""How a phone joins the board: the address to open and its QR code.

On a Raspberry Pi OS image, avahi publishes the Pi's host name on the local
network as ``HOSTNAME.local`` (mDNS), which phones resolve (iOS, macOS,
Android 12 and later, Windows 10 and later), so the address to share is
``http://HOSTNAME.local:PORT/`` (:func:`join_url`) -- it stays right when the
router hands the Pi another IP address. The page also lists the numeric
addresses (:mod:`.addresses`) for networks without mDNS.

No DNS-SD (``_http._tcp``) advertisement of our own: browsers do not browse
for services (they open an address), avahi already answers for the name, and
announcing with the ``zeroconf`` library would need netlink sockets
(interface lists) and multicast beside avahi in the hardened unit.

The QR code is made by the ``qrcode`` library (https://pypi.org/project/qrcode/):
:func:`qr_text` for a terminal (half-block characters, dark on light), and
:func:`qr_svg` for the page (``/join.svg``). Nothing is fetched from the network.
"""

from __future__ import annotations

import io
import socket
from typing import Callable

from .addresses import url_for

#: hosts that serve this machine only
LOOPBACK_HOSTS = ("127.0.0.1", "localhost", "::1")


def local_name(hostname: str | None = None) -> str:
    """The mDNS name of this machine: its host name's first label plus ``.local``."""
    name = (hostname if hostname is not None else socket.gethostname()).split(".", 1)[0].strip()
    return f"{name or 'raspberrypi'}.local"


def join_url(host: str, port: int, hostname: str | None = None) -> str:
    """The address to share for a page served on ``host``:``port``: ``http://HOSTNAME.local:PORT/``
    when it is served beyond loopback, else the loopback address itself (phones cannot join)."""
    if _loopback(host):
        return url_for("127.0.0.1" if host in ("localhost", "127.0.0.1") else host.strip("[]"), port)
    return url_for(local_name(hostname), port)


def _loopback(host: str) -> bool:
    h = host.strip().strip("[]")
    return h in LOOPBACK_HOSTS or h.startswith("127.")


def _code(url: str, border: int) -> object:
    import qrcode

    code = qrcode.QRCode(border=border, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(url)
    code.make(fit=True)
    return code


def qr_text(url: str) -> str:
    """``url`` as a QR code drawn with half-block characters (two modules a line), for a terminal."""
    out = io.StringIO()
    _code(url, 2).print_ascii(out=out, invert=True)  # type: ignore[attr-defined]
    return out.getvalue()


def qr_svg(url: str) -> str:
    """``url`` as a QR code in SVG (one path, black on a white quiet zone), for the page."""
    import qrcode.image.svg

    code = _code(url, 4)
    image = code.make_image(image_factory=qrcode.image.svg.SvgPathFillImage)  # type: ignore[attr-defined]
    text = image.to_string(encoding="unicode")
    return text if isinstance(text, str) else text.decode("utf-8")


def join_lines(host: str, port: int, hostname: str | None = None, qr: bool = True,
               qr_of: Callable[[str], str] = qr_text) -> list[str]:
    """What ``service install``, ``wiring show`` and ``service run`` print about joining: the
    address, whether phones can reach it, and (``qr``) its QR code."""
    url = join_url(host, port, hostname)
    if _loopback(host):
        return [f"Companion page: {url}  (this machine only: set [web] host = \"0.0.0.0\" in the config file "
                "so phones on your network can join)"]
    lines = [f"Companion page: {url}  (phones on your network: open it, or scan the code, and pick a colour)"]
    if qr:
        lines += qr_of(url).rstrip("\n").splitlines()
    return lines
