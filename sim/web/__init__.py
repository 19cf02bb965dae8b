"""The browser simulator: the simulated board served as a web page people play on.

:mod:`.session` is the board session the ``sim`` backend returns for
``BoardRequest(browser=True)``; :mod:`.table` runs the game side on the
session's clock (human hands, the recorder, the view); :mod:`.server` is the
aiohttp web server and its WebSocket; :mod:`.protocol` the messages between
page and server; ``static/`` the page (plain HTML, CSS and JavaScript).
Labyrinth and Struggle: :mod:`.labyrinth_table` and :mod:`.struggle_table`
(messages, view, table per game) on the shared :mod:`.served` plumbing
(shared and private per-player pages, secret cards).
"""
