"""Dohdles! (RULES.md §1): the sculpt-and-guess riddle game.  ``GAME`` is the registry entry."""
from .rules import BLANK, GAME, Dohdles, dohdles_per_side

__all__ = ["GAME", "Dohdles", "BLANK", "dohdles_per_side"]
