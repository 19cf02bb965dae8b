"""Addresses a person can open for a page served on ``--host``: never ``0.0.0.0``.

Served on a wildcard address (``0.0.0.0``, ``::`` or an empty host: every
interface), the page is reached at ``localhost`` from this computer and at
this machine's own addresses from a phone or another laptop on the same
network. Those addresses are read from the network interfaces that are up
(``psutil.net_if_addrs``); loopback and link-local ones (``127.x``, ``::1``,
``169.254.x``, ``fe80::``) are left out, as a phone cannot use them. Any other
host is printed as given.
"""

from __future__ import annotations

import ipaddress
import socket
from dataclasses import dataclass
from typing import Callable, Iterable

#: wildcard host -> the address families it listens on (Linux binds ``::`` dual-stack)
WILDCARDS: dict[str, tuple[socket.AddressFamily, ...]] = {
    "0.0.0.0": (socket.AF_INET,),
    "": (socket.AF_INET, socket.AF_INET6),
    "::": (socket.AF_INET, socket.AF_INET6),
}


@dataclass(frozen=True)
class PageAddress:
    """One address of the page: ``url`` (``http://HOST:PORT/``) and where it works (``where``)."""

    url: str
    where: str


def url_for(host: str, port: int) -> str:
    """``http://host:port/`` with an IPv6 literal in brackets."""
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/"


def interface_addresses() -> list[tuple[str, socket.AddressFamily, str]]:
    """(interface, family, address) of every interface that is up, from psutil."""
    import psutil

    stats = psutil.net_if_stats()
    found = []
    for name, addrs in psutil.net_if_addrs().items():
        if name in stats and not stats[name].isup:
            continue
        for a in addrs:
            if a.family in (socket.AF_INET, socket.AF_INET6):
                found.append((name, socket.AddressFamily(a.family), a.address))
    return found


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address.split("%", 1)[0])
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def page_addresses(host: str, port: int,
                   interfaces: Callable[[], Iterable[tuple[str, socket.AddressFamily, str]]] = interface_addresses,
                   ) -> tuple[PageAddress, ...]:
    """The addresses to print for a page served on ``host``:``port``, the one for this computer first.

    A wildcard host gives ``http://localhost:PORT/`` and then one address per
    usable interface address (IPv4 first); any other host gives itself. An
    interface list that cannot be read (no permission, an odd platform) only
    leaves the localhost address."""
    families = WILDCARDS.get(host.strip())
    if families is None:
        return (PageAddress(url_for(host, port), "this address"),)
    found = [PageAddress(url_for("localhost", port), "this computer")]
    try:
        listed = list(interfaces())
    except (OSError, RuntimeError, ImportError):
        listed = []
    seen: set[str] = set()
    for family in families:
        for name, fam, address in listed:
            if fam != family or not _reachable(address) or address in seen:
                continue
            seen.add(address)
            found.append(PageAddress(url_for(address, port), f"on your network ({name})"))
    return tuple(found)
