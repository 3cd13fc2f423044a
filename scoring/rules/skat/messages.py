"""Verdict and scorepad texts of Skat (docs/skat.md); German in the engine's catalogue.

Params stay language-free: ``suit`` (a suit letter, ``T`` for trump) reads as
``{suit_name}``.
"""

from ..core import add_messages
from ..i18n import N_
from .cards import NAME, SUIT_NAMES
from .contracts import CONTRACT_RULES

add_messages(
    NAME,
    {
        "follow_suit": N_(
            "{player} played {card} in trick {trick} although he held {held} of the led "
            "suit {suit_name}"
        ),
        "game_over": N_("{card} was played after the game was over"),
    },
    names={"suit": SUIT_NAMES},
)

# The scorepad's checks (entry.check_entry): field and rule, worded here.
add_messages(
    NAME,
    {
        **CONTRACT_RULES,
        "seat_invalid": N_("choose a player of the table who is not sitting out"),
        "bid_not_a_value": N_("the bid must be a game value (18, 20, 22, 23, 24, 27, 30, …)"),
        "null_below_bid": N_("a Null of {value} may not be announced after a bid of {bid}"),
        "null_has_no_matadors": N_("a Null has no matadors"),
        "won_or_lost_required": N_("say whether the Null was won or lost"),
        "matadors_out_of_range": N_("matadors: mit or ohne 1 to {high}"),
        "augen_or_won_required": N_("enter the declarer's Augen, or won or lost"),
        "augen_and_won": N_("enter either the Augen or won/lost, not both"),
        "augen_out_of_range": N_("the declarer's Augen (the Skat counted) are 0 to 120"),
        "schwarz_needs_all_tricks": N_(
            "Schwarz: the declarer took every trick (120 Augen) or none (the Skat's Augen only)"
        ),
        "no_kontra_in_profile": N_("this profile has no Kontra/Re"),
        "re_without_kontra": N_("Re needs a Kontra first"),
    },
    shared=False,
)
