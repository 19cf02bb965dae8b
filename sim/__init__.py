"""mazeboard.sim: the board simulator.

The physical model (hidden walls, pawns with magnets, balls, the tray),
sensor physics (contact bounce, gaps and overlaps while sliding, ball roll
delays, glitches), scripted scenarios, simulated players, and the ``sim``
board backend. Imports ``mazeboard.hal`` only; never the controller.
"""
