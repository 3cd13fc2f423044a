"""Texts of this game's verdict and scorepad messages, in English and German, registered with
core's catalogue (``core.add_messages``) under this game's name.

Params stay language-free: ``colour`` reads as ``{colour_name}``; the ``holder`` of
``card_not_in_hand`` (a seat, or None for a card nobody was dealt, which lies in the spice
cupboard) fills ``{holder_en}``/``{holder_de}`` of the core text.
"""

from __future__ import annotations

from ..core import add_messages
from .cards import COLOUR_NAMES

# Only the rule that is ours alone goes into the shared fallback (core.MESSAGES): our
# follow_suit speaks of colours.
add_messages(
    {
        "cupboard_colour_empty": {
            "en": "{player} took a {colour_name} card from the spice cupboard after trick"
            " {trick}, but the cupboard had no {colour_name} card left",
            "de": "{player} nahm nach Stich {trick} eine Karte in {colour_name} aus dem"
            " Gewürzschrank, dort lag aber keine mehr in {colour_name}",
        },
    },
    names={"colour": COLOUR_NAMES},
    places={
        None: {"en": " (it lies in the spice cupboard)", "de": " (sie liegt im Gewürzschrank)"}
    },
)
add_messages(
    {
        "follow_suit": {
            "en": "{player} played {card} while holding {held} of the led colour {colour_name}",
            "de": "{player} spielte {card}, hatte aber {held} der angespielten Farbe {colour_name}",
        },
        # Scorepad entries (EntryProblem): no rules of a verdict.
        "prediction_same_colour": {
            "en": "{player}: “most” and “fewest” must be two different colours"
            " (both are {colour_name})",
            "de": "{player}: „meiste“ und „wenigste“ müssen zwei verschiedene Farben sein"
            " (beide sind {colour_name})",
        },
        "colour_total": {
            "en": "{colour_name}: the players' counts add up to {total}, but all 12"
            " {colour_name} cards end in a collection",
            "de": "{colour_name}: Die Anzahlen der Spieler ergeben {total}, aber alle 12 Karten"
            " in {colour_name} landen in einer Sammlung",
        },
        "tricks_total": {
            "en": "Tricks won add up to {total}, but a round with {players} players has"
            " {tricks} tricks",
            "de": "Die gewonnenen Stiche ergeben {total}, aber eine Runde zu {players} Spielern"
            " hat {tricks} Stiche",
        },
        "card_total": {
            "en": "{player}: {total} cards do not fit the tricks won ({tricks}): 3 cards per"
            " trick plus one from the spice cupboard make exactly {expected}",
            "de": "{player}: {total} Karten passen nicht zur Zahl der Stiche ({tricks}):"
            " 3 Karten je Stich und eine aus dem Gewürzschrank ergeben genau {expected}",
        },
        "card_total_range": {
            "en": "{player}: {total} cards do not fit the tricks won ({tricks}): 4 cards per"
            " trick plus at most one from the spice cupboard each make {low} to {high}",
            "de": "{player}: {total} Karten passen nicht zur Zahl der Stiche ({tricks}):"
            " 4 Karten je Stich und höchstens eine aus dem Gewürzschrank je Stich ergeben"
            " {low} bis {high}",
        },
        "cupboard_total": {
            "en": "With 4 players exactly 8 cards are taken from the spice cupboard, but the"
            " entries give {total}",
            "de": "Zu viert werden genau 8 Karten aus dem Gewürzschrank genommen, die Eingaben"
            " ergeben aber {total}",
        },
    },
    shared=False,
)
