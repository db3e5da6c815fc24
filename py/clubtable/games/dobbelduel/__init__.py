"""Dobbelduel (Leo Colovini): a two-player dice Mastermind.  RULES.md §2.

``GAME`` is the rules engine (:mod:`.rules`); :func:`notebook` is the breaker's notebook a
UI may show (computed from the public board only, :mod:`.solver`); :mod:`.bots` holds the
computer players.
"""
from .rules import Dobbelduel, feedback, match_score
from .solver import notebook

GAME = Dobbelduel()

__all__ = ["GAME", "Dobbelduel", "feedback", "match_score", "notebook"]
