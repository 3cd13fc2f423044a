"""Texts of this game's verdict and scorepad messages, in English and German.

Rule names such as ``follow_suit`` are shared by several games, but the core catalogue
(``core.MESSAGES``) holds one text per rule for all of them; our wording talks of colours and
the spice cupboard, so our texts live here and ``Violation`` looks here first. Params stay
language-free: ``colour`` becomes ``{colour_name}``; the ``holder`` of ``card_not_in_hand``
(a seat, or None for a card nobody was dealt, which lies in the spice cupboard) becomes
``{holder_en}``/``{holder_de}`` of the core text.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import core
from .cards import COLOUR_NAMES

TEXTS: dict[str, dict[str, str]] = {
    "follow_suit": {
        "en": "{player} played {card} while holding {held} of the led colour {colour_name}",
        "de": "{player} spielte {card}, hatte aber {held} der angespielten Farbe {colour_name}",
    },
    "cupboard_colour_empty": {
        "en": "{player} took a {colour_name} card from the spice cupboard after trick {trick},"
        " but the cupboard had no {colour_name} card left",
        "de": "{player} nahm nach Stich {trick} eine Karte in {colour_name} aus dem"
        " Gewürzschrank, dort lag aber keine mehr in {colour_name}",
    },
    # Scorepad entries (EntryProblem).
    "prediction_same_colour": {
        "en": "{player}: “most” and “fewest” must be two different colours"
        " (both are {colour_name})",
        "de": "{player}: „meiste“ und „wenigste“ müssen zwei verschiedene Farben sein"
        " (beide sind {colour_name})",
    },
    "colour_total": {
        "en": "{colour_name}: the players' counts add up to {total}, but all 12 {colour_name}"
        " cards end in a collection",
        "de": "{colour_name}: Die Anzahlen der Spieler ergeben {total}, aber alle 12 Karten in"
        " {colour_name} landen in einer Sammlung",
    },
    "tricks_total": {
        "en": "Tricks won add up to {total}, but a round with {players} players has {tricks}"
        " tricks",
        "de": "Die gewonnenen Stiche ergeben {total}, aber eine Runde zu {players} Spielern hat"
        " {tricks} Stiche",
    },
    "card_total": {
        "en": "{player}: {total} cards do not fit the tricks won ({tricks}): 3 cards per trick"
        " plus one from the spice cupboard make exactly {expected}",
        "de": "{player}: {total} Karten passen nicht zur Zahl der Stiche ({tricks}): 3 Karten"
        " je Stich und eine aus dem Gewürzschrank ergeben genau {expected}",
    },
    "card_total_range": {
        "en": "{player}: {total} cards do not fit the tricks won ({tricks}): 4 cards per trick"
        " plus at most one from the spice cupboard each make {low} to {high}",
        "de": "{player}: {total} Karten passen nicht zur Zahl der Stiche ({tricks}): 4 Karten"
        " je Stich und höchstens eine aus dem Gewürzschrank je Stich ergeben {low} bis {high}",
    },
    "cupboard_total": {
        "en": "With 4 players exactly 8 cards are taken from the spice cupboard, but the"
        " entries give {total}",
        "de": "Zu viert werden genau 8 Karten aus dem Gewürzschrank genommen, die Eingaben"
        " ergeben aber {total}",
    },
}

_HOLDER_TEXTS = {
    "en": (" ({name} holds it)", " (it lies in the spice cupboard)"),
    "de": (" ({name} hat sie)", " (sie liegt im Gewürzschrank)"),
}


def seat_name(players: Sequence[str] | None, seat: int | None) -> str:
    if seat is None:
        return "?"
    if players is not None and 0 <= seat < len(players):
        return players[seat]
    return f"Seat {seat + 1}"


def render(
    rule: str, lang: str, players: Sequence[str] | None, seat: int | None, params: Mapping
) -> str:
    """The text of ``rule`` in ``lang`` with the params filled in (the rule name if unknown)."""
    texts = TEXTS.get(rule) or core.MESSAGES.get(rule)
    if texts is None:
        return rule
    values: dict[str, Any] = {"player": seat_name(players, seat), **params}
    if lang not in texts:
        lang = "en"
    if "colour" in params:
        values["colour_name"] = COLOUR_NAMES[lang][params["colour"]]
    if "holder" in params:
        holder = params["holder"]
        for language, (held_by, in_cupboard) in _HOLDER_TEXTS.items():
            text = (
                in_cupboard if holder is None else held_by.format(name=seat_name(players, holder))
            )
            values[f"holder_{language}"] = text
    return texts[lang].format_map(values)


class Violation(core.Violation):
    """A core Violation rendered with this game's texts (see the module docstring)."""

    __slots__ = ()

    @classmethod
    def of(cls, violation: core.Violation) -> Violation:
        """The same violation (e.g. from ``core.CardLedger``) with this game's texts."""
        return cls(
            violation.trick, violation.seat, violation.card, violation.rule, violation.params
        )

    def message(self, players: Sequence[str], lang: str = "en") -> str:
        values = {"card": self.card, "trick": self.trick, **self.params}
        return render(self.rule, lang, players, self.seat, values)
