"""Play-Doh's Cave (RULES.md §3): riddles of clay, letter and question rounds, interrupts.
``GAME`` is the registry entry."""
from .rules import ANSWERS, DEFAULT_TRACK, Cave, riddles_per_side

GAME = Cave()

__all__ = ["GAME", "Cave", "ANSWERS", "DEFAULT_TRACK", "riddles_per_side"]
