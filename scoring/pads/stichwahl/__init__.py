"""The Stichwahl scorepad: point piles and unused bonus cards per hand, first to 30 alone.

Scores, the end of the game and the entry checks come from scoring.rules.stichwahl; the
scorepad needs no card data (the deck's per-card pearls are for the rules engine only).
"""

from .pad import StichwahlPad

__all__ = ["StichwahlPad"]
