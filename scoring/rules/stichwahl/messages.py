"""Texts of Stichwahl's verdict and scorepad messages, in English and German, registered with
core's catalogue (``core.add_messages``) under this game's name.

Params stay language-free: ``family`` reads as ``{family_name}``, ``printed`` (a list of
families) as ``{printed_names}``, a bonus kind ``used``/``shown`` as ``{used_name}`` /
``{shown_name}``, ``what`` as ``{what_name}``; ``holder`` + ``place`` fill
``{holder_en}``/``{holder_de}`` (the core text of ``card_not_in_hand`` ends with it).
"""

from __future__ import annotations

from ..core import add_messages
from .deck import FAMILY_NAMES, FLIP, PEARL, TRUMP_CHANGE

BONUS_NAMES = {
    "en": {TRUMP_CHANGE: "trump change", FLIP: "flip the marker", PEARL: "pearl", None: "none"},
    "de": {
        TRUMP_CHANGE: "Trumpfwechsel",
        FLIP: "Marker umdrehen",
        PEARL: "Perle",
        None: "keiner",
    },
}
# What a scorepad field counts (``not_an_integer``).
WHAT_NAMES = {
    "en": {"pile": "the point pile", "unused_bonus": "the number of unused bonus cards"},
    "de": {"pile": "der Punktestapel", "unused_bonus": "die Zahl der ungenutzten Bonuskarten"},
}
# Where a card is, for "does not hold it" messages (core.PLACES has "hand").
PLACES = {
    "bonus": {
        "en": " (it lies in front of {name} as a bonus card)",
        "de": " (sie liegt als Bonuskarte vor {name})",
    },
    "pile": {
        "en": " (it is in {name}'s point pile)",
        "de": " (sie liegt im Punktestapel von {name})",
    },
    "discard": {"en": " (it is on the discard pile)", "de": " (sie liegt auf dem Ablagestapel)"},
    "draw_pile": {"en": " (it is in the draw pile)", "de": " (sie liegt im Nachziehstapel)"},
    None: {"en": "", "de": ""},  # nothing is known of the card
}

# Our own rules go into the shared fallback (core.MESSAGES) too, e.g. for a rule list;
# our follow_suit speaks of whale families, and the scorepad's texts are no rules.
add_messages(
    {
        "first_bonus_not_in_hand": {
            "en": "{player} laid out {card} as first bonus card but was not dealt it{holder_en}",
            "de": "{player} legte {card} als erste Bonuskarte aus, hatte die Karte aber nicht"
            " auf der Hand{holder_de}",
        },
        "bonus_not_owned": {
            "en": "{player} used the bonus of {card} but has no such bonus card in front of"
            " them{holder_en}",
            "de": "{player} setzte den Bonus von {card} ein, hat diese Karte aber nicht als"
            " Bonuskarte vor sich liegen{holder_de}",
        },
        "bonus_wrong_kind": {
            "en": "{player} used {card} as {used_name}, but its bonus is {shown_name}",
            "de": "{player} setzte {card} als {used_name} ein, ihr Bonus ist aber {shown_name}",
        },
        "bonus_family_not_printed": {
            "en": "{player} changed trump to {family_name} with {card}, which shows only"
            " {printed_names}",
            "de": "{player} wechselte mit {card} den Trumpf zu {family_name}, die Karte zeigt"
            " aber nur {printed_names}",
        },
        "premium_not_allowed": {
            "en": "{player} chose their own card {card} as premium card; it must be a card"
            " played by another player",
            "de": "{player} wählte die eigene Karte {card} als Prämienkarte; sie muss von einer"
            " anderen Person gespielt worden sein",
        },
    },
    names={
        "family": FAMILY_NAMES,
        "printed": FAMILY_NAMES,
        "used": BONUS_NAMES,
        "shown": BONUS_NAMES,
        "what": WHAT_NAMES,
    },
    places=PLACES,
)
add_messages(
    {
        "follow_suit": {
            "en": "{player} played {card} while holding {held} of the led family {family_name}",
            "de": "{player} spielte {card}, hatte aber {held} der ausgespielten Walfamilie"
            " {family_name}",
        },
        # Scorepad entries (EntryProblem).
        "not_an_integer": {
            "en": "{player}: {what_name} must be a whole number",
            "de": "{player}: {what_name} muss eine ganze Zahl sein",
        },
        "pile_out_of_range": {
            "en": "{player}: the point pile must have 0 to 36 cards, not {value}",
            "de": "{player}: Der Punktestapel muss 0 bis 36 Karten haben, nicht {value}",
        },
        "unused_bonus_out_of_range": {
            "en": "{player}: 0 to 9 unused bonus cards, not {value}",
            "de": "{player}: 0 bis 9 ungenutzte Bonuskarten, nicht {value}",
        },
        "too_many_cards": {
            "en": "Point piles and unused bonus cards add up to {total}, but the game has only"
            " {limit} cards",
            "de": "Punktestapel und ungenutzte Bonuskarten ergeben zusammen {total}, das Spiel"
            " hat aber nur {limit} Karten",
        },
        "game_finished": {
            "en": "The game is over ({player} has won with {total} points); no further hand"
            " can be entered",
            "de": "Das Spiel ist beendet ({player} hat mit {total} Punkten gewonnen); es kann"
            " kein weiterer Durchgang eingetragen werden",
        },
    },
    shared=False,
)
