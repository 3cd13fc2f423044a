"""Words and short signs of the Skat scorepad (game names, results, seats), made per request."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..base import OUTCOMES  # shared with Schafkopf

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

OUTCOME_NAMES = {
    "won": pgettext_lazy("skat outcome", "won"),
    "won_schneider": pgettext_lazy("skat outcome", "won Schneider"),
    "won_schwarz": pgettext_lazy("skat outcome", "won Schwarz"),
    "lost": pgettext_lazy("skat outcome", "lost"),
    "lost_schneider": pgettext_lazy("skat outcome", "lost Schneider"),
    "lost_schwarz": pgettext_lazy("skat outcome", "lost Schwarz"),
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


def summary_line(players: list[str], data: dict) -> str:
    """A game in words, for the exports and the sheet's titles: "Ben: Kreuz mit 2 Hand,
    won, value 36, list +36"; a passed deal "passed out" (a Ramsch: each player's points)."""
    if data.get("passed"):
        ramsch = data.get("ramsch")
        if not ramsch:
            return str(_("passed out"))
        points = ", ".join(
            f"{name} {score:+d}" for name, score in zip(players, ramsch["scores"], strict=True)
        )
        return f"{_('Ramsch')}: {points}"
    words = [str(GAME_NAMES[data["game"]])]
    matadors = data.get("matadors")
    if matadors:
        words.append(f"{_('mit') if matadors > 0 else _('ohne')} {abs(matadors)}")
    flags = (("hand", pgettext_lazy("skat", "Hand")), ("ouvert", _("Ouvert")))
    flags += (("schneider_announced", _("Schneider announced")),)
    flags += (("schwarz_announced", _("Schwarz announced")), ("kontra", _("Kontra")))
    flags += (("re", _("Re")),)
    words += [str(label) for key, label in flags if data.get(key)]
    result = OUTCOME_NAMES[outcome_key(data["won"], data.get("schneider"), data.get("schwarz"))]
    value = _("value %(value)s") % {"value": data.get("value", abs(data["list_points"]))}
    points = _("list %(points)s") % {"points": f"{data['list_points']:+d}"}
    return f"{players[data['declarer']]}: {' '.join(words)}, {result}, {value}, {points}"
