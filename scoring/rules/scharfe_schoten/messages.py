"""Texts of this game's verdict and scorepad messages, registered with core's catalogue
(``core.add_messages``) under this game's name; German in the engine's catalogue
(scoring/rules/i18n.py).

Params stay language-free: ``colour`` reads as ``{colour_name}``; the ``holder`` of
``card_not_in_hand`` (a seat, or None for a card nobody was dealt, which lies in the spice
cupboard) fills ``{where}`` of the core text.
"""

from __future__ import annotations

from ..core import add_messages
from ..i18n import N_
from .cards import COLOUR_TEXTS
from .scores import NAME

# Only the rule that is ours alone goes into the shared fallback (core.MESSAGES): our
# follow_suit speaks of colours.
add_messages(
    NAME,
    {
        "cupboard_colour_empty": N_(
            "{player} took a {colour_name} card from the spice cupboard after trick"
            " {trick}, but the cupboard had no {colour_name} card left"
        ),
    },
    names={"colour": COLOUR_TEXTS},
    places={None: N_(" (it lies in the spice cupboard)")},
)
add_messages(
    NAME,
    {
        "follow_suit": N_(
            "{player} played {card} while holding {held} of the led colour {colour_name}"
        ),
        # Scorepad entries (EntryProblem): no rules of a verdict.
        "prediction_same_colour": N_(
            "{player}: “most” and “fewest” must be two different colours (both are {colour_name})"
        ),
        "colour_total": N_(
            "{colour_name}: the players' counts add up to {total}, but all 12"
            " {colour_name} cards end in a collection"
        ),
        "tricks_total": N_(
            "Tricks won add up to {total}, but a round with {players} players has {tricks} tricks"
        ),
        "card_total": N_(
            "{player}: {total} cards do not fit the tricks won ({tricks}): 3 cards per"
            " trick plus one from the spice cupboard make exactly {expected}"
        ),
        "card_total_range": N_(
            "{player}: {total} cards do not fit the tricks won ({tricks}): 4 cards per"
            " trick plus at most one from the spice cupboard each make {low} to {high}"
        ),
        "cupboard_total": N_(
            "With 4 players exactly 8 cards are taken from the spice cupboard, but the"
            " entries give {total}"
        ),
    },
    shared=False,
)
