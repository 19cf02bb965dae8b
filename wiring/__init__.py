"""mazeboard.wiring: shipped wiring files (TOML data; see docs/hardware.md).

This package holds data only; :func:`mazeboard.hal.wiring.reference_wiring_path`
finds the files after any kind of install.
"""
