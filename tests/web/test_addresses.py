"""The addresses ``mazeboard sim`` prints: ones a person can open, never ``0.0.0.0``."""

from __future__ import annotations

import re
import socket
import subprocess
import sys
import urllib.request

import pytest

from mazeboard.hal.web.addresses import interface_addresses, page_addresses

V4, V6 = socket.AF_INET, socket.AF_INET6
LAN = [("lo", V4, "127.0.0.1"), ("lo", V6, "::1"), ("wlan0", V6, "fe80::1%wlan0"), ("wlan0", V4, "192.168.1.23"),
       ("eth0", V4, "169.254.3.4"), ("eth0", V6, "2001:db8::5"), ("eth0", V4, "10.0.0.7"), ("wlan0", V4, "192.168.1.23")]


def test_every_interface_prints_localhost_then_this_machines_usable_addresses() -> None:
    found = page_addresses("0.0.0.0", 8765, lambda: LAN)
    assert [a.url for a in found] == ["http://localhost:8765/", "http://192.168.1.23:8765/", "http://10.0.0.7:8765/"]
    assert [a.where for a in found] == ["this computer", "on your network (wlan0)", "on your network (eth0)"]


def test_ipv6_wildcard_adds_global_ipv6_addresses_in_brackets() -> None:
    urls = [a.url for a in page_addresses("::", 80, lambda: LAN)]
    assert urls == ["http://localhost:80/", "http://192.168.1.23:80/", "http://10.0.0.7:80/", "http://[2001:db8::5]:80/"]


@pytest.mark.parametrize("host, url", [("127.0.0.1", "http://127.0.0.1:8765/"), ("192.168.1.23", "http://192.168.1.23:8765/"),
                                       ("::1", "http://[::1]:8765/"), ("localhost", "http://localhost:8765/")])
def test_a_given_address_is_printed_as_given(host: str, url: str) -> None:
    def never() -> list[tuple[str, socket.AddressFamily, str]]:
        raise AssertionError("interfaces are only read for a wildcard host")
    assert [a.url for a in page_addresses(host, 8765, never)] == [url]


def test_unreadable_interfaces_leave_localhost() -> None:
    def broken() -> list[tuple[str, socket.AddressFamily, str]]:
        raise OSError("permission denied")
    assert [a.url for a in page_addresses("0.0.0.0", 1, broken)] == ["http://localhost:1/"]


def test_this_machines_interfaces_are_read() -> None:
    found = interface_addresses()
    assert ("lo", V4, "127.0.0.1") in found or any(a == "127.0.0.1" for _, _, a in found)


def test_served_on_every_interface_each_printed_address_opens_the_page() -> None:
    p = subprocess.Popen([sys.executable, "-m", "mazeboard.controller.cli", "sim", "--port", "0", "--host", "0.0.0.0"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert p.stdout is not None
        first = p.stdout.readline()
        assert re.match(r"The Magic Labyrinth is on the table at http://localhost:\d+/ ", first), first
        urls = [re.search(r"(http://\S+/)", first).group(1)]  # type: ignore[union-attr]
        usable = {a for _, fam, a in interface_addresses() if fam == V4 and not a.startswith(("127.", "169.254."))}
        for _ in usable:
            line = p.stdout.readline()
            assert line.startswith("  on your network ("), line
            urls.append(line.split(": ", 1)[1].strip())
        assert not any("0.0.0.0" in u for u in urls)
        assert len(urls) == 1 + len(usable)
        direct = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # no proxy from the environment
        for url in urls:
            with direct.open(url, timeout=20) as r:
                assert r.status == 200 and b"The Magic Labyrinth" in r.read()
    finally:
        p.terminate()
        p.wait(timeout=10)
