"""The Struggle board in the simulator: track reeds, tokens with magnets, dice buttons, scenarios, players."""
