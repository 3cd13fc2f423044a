"""Texts of Stichwahl's verdict and scorepad messages, registered with core's catalogue
(``core.add_messages``) under this game's name; German in the engine's catalogue
(scoring/rules/i18n.py).

Params stay language-free: ``family`` reads as ``{family_name}``, ``printed`` (a list of
families) as ``{printed_names}``, a bonus kind ``used``/``shown`` as ``{used_name}`` /
``{shown_name}``, ``what`` as ``{what_name}``; ``holder`` + ``place`` fill ``{where}``
(the core text of ``card_not_in_hand`` ends with it).
"""

from __future__ import annotations

from ..core import add_messages
from ..i18n import N_, NC_
from .deck import FAMILY_TEXTS, FLIP, PEARL, TRUMP_CHANGE
from .scores import NAME

BONUS_NAMES = {
    TRUMP_CHANGE: NC_("stichwahl bonus", "trump change"),
    FLIP: NC_("stichwahl bonus", "flip the marker"),
    PEARL: NC_("stichwahl bonus", "pearl"),
    None: NC_("stichwahl bonus", "none"),
}
# What a scorepad field counts (``not_an_integer``).
WHAT_NAMES = {
    "pile": NC_("stichwahl field", "the point pile"),
    "unused_bonus": NC_("stichwahl field", "the number of unused bonus cards"),
}
# Where a card is, for "does not hold it" messages (core.PLACES has "hand").
PLACES = {
    "bonus": N_(" (it lies in front of {name} as a bonus card)"),
    "pile": N_(" (it is in {name}'s point pile)"),
    "discard": N_(" (it is on the discard pile)"),
    "draw_pile": N_(" (it is in the draw pile)"),
    None: None,  # nothing is known of the card
}

# Our own rules go into the shared fallback (core.MESSAGES) too, e.g. for a rule list;
# our follow_suit speaks of whale families, and the scorepad's texts are no rules.
add_messages(
    NAME,
    {
        "first_bonus_not_in_hand": N_(
            "{player} laid out {card} as first bonus card but was not dealt it{where}"
        ),
        "bonus_not_owned": N_(
            "{player} used the bonus of {card} but has no such bonus card in front of them{where}"
        ),
        "bonus_wrong_kind": N_(
            "{player} used {card} as {used_name}, but its bonus is {shown_name}"
        ),
        "bonus_family_not_printed": N_(
            "{player} changed trump to {family_name} with {card}, which shows only {printed_names}"
        ),
        "premium_not_allowed": N_(
            "{player} chose their own card {card} as premium card; it must be a card"
            " played by another player"
        ),
    },
    names={
        "family": FAMILY_TEXTS,
        "printed": FAMILY_TEXTS,
        "used": BONUS_NAMES,
        "shown": BONUS_NAMES,
        "what": WHAT_NAMES,
    },
    places=PLACES,
)
add_messages(
    NAME,
    {
        "follow_suit": N_(
            "{player} played {card} while holding {held} of the led family {family_name}"
        ),
        # Scorepad entries (EntryProblem).
        "not_an_integer": N_("{player}: {what_name} must be a whole number"),
        "pile_out_of_range": N_("{player}: the point pile must have 0 to 36 cards, not {value}"),
        "unused_bonus_out_of_range": N_("{player}: 0 to 9 unused bonus cards, not {value}"),
        "too_many_cards": N_(
            "Point piles and unused bonus cards add up to {total}, but the game has only"
            " {limit} cards"
        ),
        "game_finished": N_(
            "The game is over ({player} has won with {total} points); no further hand"
            " can be entered"
        ),
    },
    shared=False,
)
