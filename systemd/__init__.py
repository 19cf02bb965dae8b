"""mazeboard.systemd: the systemd unit and the udev rule, shipped as package data.

``mazeboard service install`` (:mod:`mazeboard.controller.install`) reads them
from here, so they are there after any kind of install.
"""
