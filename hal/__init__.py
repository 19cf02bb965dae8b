"""mazeboard.hal: the hardware abstraction layer.

Typed sensor events in, LED frames out. The vocabulary (``events``), time
(``clock``), debouncing (``debounce``), the board interface (``board``) and the
backend registry (``backends``) live here; backends import their hardware
libraries lazily. Nothing here imports ``mazeboard.controller``.
"""
