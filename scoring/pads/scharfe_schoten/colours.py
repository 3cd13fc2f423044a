"""Colour names, short letters and the help line of a round's number cards.

Colours are never shown by hue alone (colour-blind players): every dot carries its name or
its short letters, and the grid's legend spells the letters out.
"""

from __future__ import annotations

from django.utils.translation import pgettext_lazy

from ...rules import scharfe_schoten as rules

COLOURS = rules.COLOURS

COLOUR_NAMES = {
    "R": pgettext_lazy("spice colour", "Red"),
    "G": pgettext_lazy("spice colour", "Green"),
    "Y": pgettext_lazy("spice colour", "Yellow"),
    "B": pgettext_lazy("spice colour", "Black"),
}
# Short enough for a grid cell of a 360 px phone; German needs two letters (Grün, Gelb).
COLOUR_LETTERS = {
    "R": pgettext_lazy("spice colour, short", "R"),
    "G": pgettext_lazy("spice colour, short", "G"),
    "Y": pgettext_lazy("spice colour, short", "Y"),
    "B": pgettext_lazy("spice colour, short", "B"),
}
COLOUR_CHOICES = [("", "–"), *((colour, COLOUR_NAMES[colour]) for colour in COLOURS)]


def colour_items() -> list[dict]:
    """The four colours for templates: code, name and letters."""
    return [
        {"code": colour, "name": COLOUR_NAMES[colour], "letters": COLOUR_LETTERS[colour]}
        for colour in COLOURS
    ]


def order_help(numbers: dict[str, int] | None) -> list[dict] | None:
    """The super trumps, highest first, as (colour, value) items: the colour order and the
    four super trumps in one line ("Green 10 > Black 9 > Red 2 > Yellow 1")."""
    if not numbers:
        return None
    return [
        {"code": card[0], "name": COLOUR_NAMES[card[0]], "value": int(card[1:])}
        for card in rules.super_trumps(numbers)
    ]


def order_text(numbers: dict[str, int] | None) -> str:
    items = order_help(numbers)
    if not items:
        return "–"
    return " > ".join(f"{item['name']} {item['value']}" for item in items)


def counts_text(counts: dict[str, int]) -> str:
    return " · ".join(f"{COLOUR_NAMES[colour]} {counts[colour]}" for colour in COLOURS)
