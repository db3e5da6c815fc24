"""Play-Doh's Cave (RULES.md §3): riddles of clay, letter and question rounds, interrupts.
``GAME`` is the registry entry."""
from .rules import ANSWERS, DEFAULT_TRACK, Cave, question_flags, riddles_per_side

GAME = Cave()

__all__ = ["GAME", "Cave", "ANSWERS", "DEFAULT_TRACK", "question_flags", "riddles_per_side"]
