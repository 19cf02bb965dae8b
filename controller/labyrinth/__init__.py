"""Labyrinth (Ravensburger, sliding tiles): rules, referee and narration (RULES.md §2)."""
