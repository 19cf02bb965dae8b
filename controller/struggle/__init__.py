"""Struggle (Majora), RULES.md §3: pure rules, objective cards, the referee machine."""
