"""The companion web view: the board as a web page, for the real board and the simulator alike.

An output device of the board (like ``Board.announce`` to a screen): it shows
what the controller announces and drives -- the LEDs, the sensors, whose turn
it is, the scores, the log, what the board asks now -- and lets people claim a
seat and see their own secret card on their phone.

* :mod:`.server` -- the aiohttp web server (its own thread), the WebSocket,
  the seats' HTTP routes, the static pages (``static/``: plain HTML, CSS and
  JavaScript, package data, nothing from the network, no build step);
* :mod:`.protocol` -- the messages' format and checks;
* :mod:`.served` -- the plumbing of a served table (shared and private pages,
  secrets routed to their owner only, frames, the log);
* :mod:`.views` -- the game views folded from the announced events;
* :mod:`.seats` -- seats claimed with a secret token, kept in the state directory;
* :mod:`.companion` -- the real board's table (``mazeboard service run``);
* :mod:`.addresses`, :mod:`.join` -- the addresses to open and their QR code.

It imports only hal and its libraries (aiohttp, psutil, qrcode): the simulator
(``mazeboard.sim.web``) adds the simulated people's hands, the service
(``mazeboard.controller.service``) the lobby's controls.
"""
