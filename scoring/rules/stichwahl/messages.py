"""Texts of Stichwahl's verdict and scorepad messages, in English and German.

Rule names such as ``follow_suit`` are shared by several games, but the core catalogue
(``core.MESSAGES``) holds one text per rule for all of them; our wording talks of whale
families and bonus cards, so our texts live here and our ``Violation`` looks here first.
Params stay language-free: ``family`` becomes ``{family_name}``, ``printed`` (a list of
families) ``{printed_names}``, a bonus kind ``used``/``shown`` becomes ``{used_name}`` /
``{shown_name}``, and ``holder`` + ``place`` become ``{holder_en}``/``{holder_de}`` (the
core text of ``card_not_in_hand`` ends with it).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import core
from .deck import FAMILY_NAMES, FLIP, PEARL, TRUMP_CHANGE

TEXTS: dict[str, dict[str, str]] = {
    "follow_suit": {
        "en": "{player} played {card} while holding {held} of the led family {family_name}",
        "de": "{player} spielte {card}, hatte aber {held} der ausgespielten Walfamilie"
        " {family_name}",
    },
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
        "de": "{player} wechselte mit {card} den Trumpf zu {family_name}, die Karte zeigt aber"
        " nur {printed_names}",
    },
    "premium_not_allowed": {
        "en": "{player} chose their own card {card} as premium card; it must be a card played"
        " by another player",
        "de": "{player} wählte die eigene Karte {card} als Prämienkarte; sie muss von einer"
        " anderen Person gespielt worden sein",
    },
    # Scorepad entries (EntryProblem).
    "not_an_integer": {
        "en": "{player}: {what_en} must be a whole number",
        "de": "{player}: {what_de} muss eine ganze Zahl sein",
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
        "de": "Punktestapel und ungenutzte Bonuskarten ergeben zusammen {total}, das Spiel hat"
        " aber nur {limit} Karten",
    },
    "game_finished": {
        "en": "The game is over ({player} has won with {total} points); no further hand can"
        " be entered",
        "de": "Das Spiel ist beendet ({player} hat mit {total} Punkten gewonnen); es kann kein"
        " weiterer Durchgang eingetragen werden",
    },
}

BONUS_NAMES = {
    "en": {TRUMP_CHANGE: "trump change", FLIP: "flip the marker", PEARL: "pearl", None: "none"},
    "de": {
        TRUMP_CHANGE: "Trumpfwechsel",
        FLIP: "Marker umdrehen",
        PEARL: "Perle",
        None: "keiner",
    },
}
# Where a card is, for "does not hold it" messages: place -> (English, German).
HOLDER_TEXTS = {
    "hand": (" ({name} holds it)", " ({name} hat sie)"),
    "bonus": (
        " (it lies in front of {name} as a bonus card)",
        " (sie liegt als Bonuskarte vor {name})",
    ),
    "pile": (" (it is in {name}'s point pile)", " (sie liegt im Punktestapel von {name})"),
    "discard": (" (it is on the discard pile)", " (sie liegt auf dem Ablagestapel)"),
    "draw_pile": (" (it is in the draw pile)", " (sie liegt im Nachziehstapel)"),
}
WHAT = {
    "pile": ("the point pile", "der Punktestapel"),
    "unused_bonus": ("the number of unused bonus cards", "die Zahl der ungenutzten Bonuskarten"),
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
    if lang not in texts:
        lang = "en"
    values: dict[str, Any] = {"player": seat_name(players, seat), **params}
    names = FAMILY_NAMES[lang]
    if "family" in params:
        values["family_name"] = names[params["family"]]
    if "printed" in params:
        values["printed_names"] = ", ".join(names[family] for family in params["printed"])
    for key in ("used", "shown"):
        if key in params:
            values[f"{key}_name"] = BONUS_NAMES[lang][params[key]]
    if "place" in params:
        place = params["place"]
        for index, language in enumerate(("en", "de")):
            text = HOLDER_TEXTS[place][index] if place else ""
            values[f"holder_{language}"] = text.format(
                name=seat_name(players, params.get("holder"))
            )
    if "what" in params:
        values["what_en"], values["what_de"] = WHAT[params["what"]]
    return texts[lang].format_map(values)


class Violation(core.Violation):
    """A core Violation rendered with this game's texts (see the module docstring)."""

    __slots__ = ()

    def message(self, players: Sequence[str], lang: str = "en") -> str:
        return render(self.rule, lang, players, self.seat, {"card": self.card, **self.params})
