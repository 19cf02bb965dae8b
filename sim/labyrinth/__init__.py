"""The simulated Labyrinth board: sliding tiles, slot sensors, scenarios, simulated players."""
