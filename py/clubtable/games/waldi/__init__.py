"""Wie Waldi! / "10": the dachshund card game (RULES.md §4).  ``GAME`` is the registry entry."""
from .rules import GAME, Waldi

__all__ = ["GAME", "Waldi"]
