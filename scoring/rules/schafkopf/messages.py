"""Verdict messages of the Schafkopf rules (docs/schafkopf.md); German in the engine's
catalogue (scoring/rules/i18n.py).

Params stay language-free: ``suit`` (a suit letter, or ``T`` for trump) reads as
``{suit_name}``; ``contract`` and ``reason`` are phrases, worded in the message's language.
"""

from ..core import add_messages
from ..i18n import N_
from .cards import NAME, SUIT_NAMES

add_messages(
    NAME,
    {
        "follow_suit": N_(
            "{player} played {card} although he held {held} of the led suit {suit_name}"
        ),
        "called_ace_must_be_played": N_(
            "{player} played {card} but had to play the called Sau {sau}: "
            "the called suit {suit_name} was led for the first time"
        ),
        "called_ace_discarded": N_(
            "{player} discarded the called Sau {card} before the called suit {suit_name} "
            "was led (allowed only in the 8th trick)"
        ),
        "called_suit_led_without_ace": N_(
            "{player} led {card} of the called suit {suit_name} instead of the called Sau "
            "{sau}, holding only {count} cards of that suit (running away needs {needed})"
        ),
        "stichzwang": N_(
            "{player} played {card} although he could head the trick with {held} "
            "(Stichzwang in the led suit {suit_name})"
        ),
        "illegal_contract": N_("{player} may not play {contract}: {reason}"),
        "stoss_not_allowed": N_("{player} may not say Stoß: {reason}"),
        "retour_not_allowed": N_("{player} may not say Retour: {reason}"),
        "game_over": N_("{card} was played after the last trick"),
        "retour_without_stoss": N_("{player} said Retour, but nobody had said Stoß"),
    },
    names={"suit": SUIT_NAMES},
)
