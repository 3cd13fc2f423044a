"""The Schatzsuche scorepad (rules: docs/rules/schatzsuche.md)."""

from .cards import RANK_CHOICES, SUIT_CHOICES, SUIT_NAMES, card_name
from .pad import SchatzsuchePad

__all__ = ["RANK_CHOICES", "SUIT_CHOICES", "SUIT_NAMES", "SchatzsuchePad", "card_name"]
