"""The browser simulator: a simulated board people play on from a web page.

The page server, the pages, the protocol and the views are the companion web
view's (:mod:`mazeboard.hal.web`); this package adds what is simulated:
:mod:`.session` builds the session the ``sim`` backend returns for
``BoardRequest(browser=True)``; :mod:`.table` (The Magic Labyrinth),
:mod:`.labyrinth_table` and :mod:`.struggle_table` turn the page's commands
into the simulated people's hands on the simulated world; :mod:`.protocol`
holds The Magic Labyrinth's commands; :mod:`.record` records a session as a
scenario; :mod:`.served` runs a Labyrinth or Struggle session until a new game.
"""
