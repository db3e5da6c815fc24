"""DODGY (RULES.md §5): liar's dice with a seer stone.  ``GAME`` is the registry entry."""
from .rules import DEFAULT_FACES, DICE_PER_PLAYER, SEER, Dodgy
from .bots import DodgyBot

GAME = Dodgy()

__all__ = ["GAME", "Dodgy", "DodgyBot", "SEER", "DICE_PER_PLAYER", "DEFAULT_FACES"]
