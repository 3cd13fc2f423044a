"""How Schatzsuche cards read on screen: suits with their symbols, German ranks D and B."""

from django.utils.translation import pgettext_lazy

from ...rules import schatzsuche as rules

SUIT_NAMES = {
    "C": pgettext_lazy("french suit", "♣ Clubs"),
    "S": pgettext_lazy("french suit", "♠ Spades"),
    "H": pgettext_lazy("french suit", "♥ Hearts"),
    "D": pgettext_lazy("french suit", "♦ Diamonds"),
}
RANK_NAMES = {
    "A": pgettext_lazy("card rank", "A"),
    "10": "10",
    "K": pgettext_lazy("card rank", "K"),
    "Q": pgettext_lazy("card rank", "Q"),
    "J": pgettext_lazy("card rank", "J"),
    "9": "9",
    "8": "8",
    "7": "7",
}
SUIT_CHOICES = [("", "–"), *((s, SUIT_NAMES[s]) for s in rules.SUITS)]
RANK_CHOICES = [("", "–"), *((r, RANK_NAMES[r]) for r in rules.RANKS)]


def card_name(card: str | None) -> str:
    if not card:
        return "–"
    return f"{SUIT_NAMES[card[0]]} {RANK_NAMES[card[1:]]}"
