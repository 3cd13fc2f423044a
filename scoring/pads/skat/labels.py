"""Words and short signs of the Skat scorepad (game names, results, seats), made per request."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

GAMES = ("karo", "herz", "pik", "kreuz", "grand", "null")
SUIT_GAMES = ("karo", "herz", "pik", "kreuz")
NULL = "null"
# Game names stay German in both languages: Skat players say Kreuz and Grand everywhere.
GAME_NAMES = {
    "karo": pgettext_lazy("skat game", "Karo"),
    "herz": pgettext_lazy("skat game", "Herz"),
    "pik": pgettext_lazy("skat game", "Pik"),
    "kreuz": pgettext_lazy("skat game", "Kreuz"),
    "grand": pgettext_lazy("skat game", "Grand"),
    "null": pgettext_lazy("skat game", "Null"),
}
# The list's short column: a suit sign, G for Grand, N for Null.
GAME_SIGNS = {"karo": "♦", "herz": "♥", "pik": "♠", "kreuz": "♣", "grand": "G", "null": "N"}

# Result chips: (won, schneider, schwarz) as the paper list writes it.
OUTCOMES = {
    "won": (True, False, False),
    "won_schneider": (True, True, False),
    "won_schwarz": (True, True, True),
    "lost": (False, False, False),
    "lost_schneider": (False, True, False),
    "lost_schwarz": (False, True, True),
}
OUTCOME_NAMES = {
    "won": _("won"),
    "won_schneider": _("won Schneider"),
    "won_schwarz": _("won Schwarz"),
    "lost": _("lost"),
    "lost_schneider": _("lost Schneider"),
    "lost_schwarz": _("lost Schwarz"),
}
SEAT_NAMES = (_("Vorhand"), _("Mittelhand"), _("Hinterhand"))


def outcome_key(won: bool, schneider: bool, schwarz: bool) -> str:
    for key, value in OUTCOMES.items():
        if value == (won, schneider or schwarz, schwarz):
            return key
    return "won" if won else "lost"


def game_short(data: dict) -> str:
    """The list's short form of a game: ♣ H (Hand), S/SA (Schneider, announced), Z/ZA
    (Schwarz), O (ouvert), mit/ohne as +n/−n; e.g. "♣ +2 H"."""
    if data.get("passed"):
        return "R" if data.get("ramsch") else "–"
    parts = [GAME_SIGNS.get(data.get("game"), "?")]
    matadors = data.get("matadors")
    if matadors:
        parts.append(f"{'+' if matadors > 0 else '−'}{abs(matadors)}")
    flags = [("hand", "H"), ("schneider_announced", "SA"), ("schwarz_announced", "ZA")]
    flags += [("ouvert", "O"), ("kontra", "K"), ("re", "Re")]
    parts += [sign for key, sign in flags if data.get(key)]
    return " ".join(parts)
