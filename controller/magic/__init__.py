"""The Magic Labyrinth (RULES.md §1): pure rules, the referee machine, LED scenes."""
