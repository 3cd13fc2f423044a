"""Words of the Schafkopf scorepad: contracts, outcomes, settings, money and the entry checks.

German first: the Bavarian terms (Rufspiel, Solo, Wenz, Tout, Sie, Stoß, Retour, Klopfen,
Laufende, Schneider, Schwarz, Ramsch) are used in English too, as players do.
"""

from __future__ import annotations

from decimal import Decimal

from django.utils.formats import number_format
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ...rules.schafkopf.cards import SUIT_NAMES
from ...rules.schafkopf.contracts import (
    BETTEL,
    BETTEL_OUVERT,
    FARBGEIER,
    FARBGEIER_TOUT,
    FARBWENZ,
    FARBWENZ_TOUT,
    GEIER,
    GEIER_TOUT,
    RAMSCH,
    RUFSPIEL,
    SIE,
    SOLO,
    SOLO_TOUT,
    SUITED,
    WENZ,
    WENZ_TOUT,
)
from ...rules.schafkopf.evening import THROWN_IN
from ...rules.schafkopf.tariff import BOCK_TRIGGERS, HOUSE_DEFAULTS, base_price, profile_value
from ..base import OUTCOMES  # shared with Skat

# Every game with a declarer, in the order the form offers them (a table offers those its
# profile's ``contracts`` lists): the guide's first, each house game after its kin.
PLAYED = (
    RUFSPIEL, SOLO, WENZ, GEIER, FARBWENZ, FARBGEIER,
    SOLO_TOUT, WENZ_TOUT, GEIER_TOUT, FARBWENZ_TOUT, FARBGEIER_TOUT,
    SIE, BETTEL, BETTEL_OUVERT,
)  # fmt: skip
# Games whose suit the sheet records (a Solo's, a Farbwenz's or Farbgeier's trump suit).
WITH_SUIT = SUITED

CONTRACT_NAMES = {
    RUFSPIEL: _("Rufspiel"),
    SOLO: _("Solo"),
    WENZ: _("Wenz"),
    GEIER: _("Geier"),
    FARBWENZ: _("Farbwenz"),
    FARBGEIER: _("Farbgeier"),
    SOLO_TOUT: _("Solo-Tout"),
    WENZ_TOUT: _("Wenz-Tout"),
    GEIER_TOUT: _("Geier-Tout"),
    FARBWENZ_TOUT: _("Farbwenz-Tout"),
    FARBGEIER_TOUT: _("Farbgeier-Tout"),
    SIE: _("Sie"),
    BETTEL: _("Bettel"),
    BETTEL_OUVERT: _("Bettel ouvert"),
    RAMSCH: _("Ramsch"),
    THROWN_IN: _("thrown in"),
}
# The guide's games, always offered; a profile's ``contracts`` adds the house games.
SOURCE_GAMES = tuple(HOUSE_DEFAULTS["contracts"])
HOUSE_GAMES = tuple(kind for kind in PLAYED if kind not in SOURCE_GAMES)
# Short forms for the narrow columns of the sheet.
CONTRACT_SHORT = {
    RUFSPIEL: _("Ruf"),
    SOLO: _("Solo"),
    WENZ: _("Wenz"),
    GEIER: _("Geier"),
    FARBWENZ: _("FW"),
    FARBGEIER: _("FG"),
    SOLO_TOUT: _("Tout"),
    WENZ_TOUT: _("W-Tout"),
    GEIER_TOUT: _("G-Tout"),
    FARBWENZ_TOUT: _("FW-Tout"),
    FARBGEIER_TOUT: _("FG-Tout"),
    SIE: _("Sie"),
    BETTEL: _("Bettel"),
    BETTEL_OUVERT: _("B-ouvert"),
    RAMSCH: _("Ramsch"),
    THROWN_IN: "–",
}


# A game transferred from the paper game list (paper.py): each player's points as typed,
# ``played`` the game written beside them, if any.
PAPER = "paper"


def suit_name(suit: str | None) -> str:
    """Suit names are the German ones in both languages (Eichel, Gras, Herz, Schellen)."""
    return SUIT_NAMES[suit]["de"] if suit else ""


def contract_label(data: dict) -> str:
    """ "Rufspiel mit der Eichel-Sau", "Gras-Solo", "Herz-Solo-Tout", "Wenz", "Ramsch"…"""
    contract = data.get("contract")
    if contract == PAPER:
        played = data.get("played")
        game = CONTRACT_NAMES[played] if played in CONTRACT_NAMES else _("Game")
        return str(_("%(game)s (from paper)") % {"game": game})
    if contract == RUFSPIEL:
        if data.get("called"):
            return str(_("Rufspiel with the %(suit)s-Sau") % {"suit": suit_name(data["called"])})
        return str(CONTRACT_NAMES[RUFSPIEL])
    if contract in WITH_SUIT and data.get("suit"):
        return f"{suit_name(data['suit'])}-{CONTRACT_NAMES[contract]}"
    return str(CONTRACT_NAMES.get(contract, "–"))


SHORT_WITH_LETTER = (RUFSPIEL, SOLO, FARBWENZ, FARBGEIER)


def contract_short(data: dict) -> str:
    contract = data.get("contract")
    if contract == PAPER:
        played = data.get("played")
        return f"{CONTRACT_SHORT.get(played, '?')} (P)"
    letter = data.get("called") if contract == RUFSPIEL else data.get("suit")
    short = str(CONTRACT_SHORT.get(contract, "?"))
    return f"{short} {letter}" if letter and contract in SHORT_WITH_LETTER else short


OUTCOME_NAMES = {
    "won": pgettext_lazy("schafkopf", "won"),
    "won_schneider": pgettext_lazy("schafkopf", "won Schneider"),
    "won_schwarz": pgettext_lazy("schafkopf", "won Schwarz"),
    "lost": pgettext_lazy("schafkopf", "lost"),
    "lost_schneider": pgettext_lazy("schafkopf", "lost Schneider"),
    "lost_schwarz": pgettext_lazy("schafkopf", "lost Schwarz"),
}


def outcome_key(won: bool, schneider: bool, schwarz: bool) -> str:
    return next(key for key, value in OUTCOMES.items() if value == (won, schneider, schwarz))


# --- the profile's unit and money ---------------------------------------------------------
UNIT_NAMES = {
    "unit": _("units"),
    "cent": _("cents"),
    "point": _("tournament points"),
}


def money_cents(profile: dict, units: int) -> int | None:
    """The money value of ``units`` in cents, or None when the table plays for no money."""
    if profile.get("unit") == "point" or profile.get("cents_per_unit") is None:
        return None
    return units * profile["cents_per_unit"]


def format_money(cents: int | None) -> str:
    """ "1,20 €" in German, "€1.20" in English, with a real minus sign for debts."""
    if cents is None:
        return ""
    amount = number_format(Decimal(abs(cents)) / 100, decimal_pos=2, use_l10n=True)
    sign = "−" if cents < 0 else ""
    if (get_language() or "de").startswith("de"):
        return f"{sign}{amount}\u00a0€"
    return f"{sign}€{amount}"


# --- profile settings, for the creation form and the Regeln page ----------------------------
SETTING_LABELS = {
    "unit": _("Scores counted in"),
    "cents_per_unit": _("Money per unit"),
    "base_rufspiel": _("Rufspiel: price"),
    "base_solo": _("Solo: price"),
    "base_wenz": _("Wenz: price"),
    "base_herz_solo": _("Herz-Solo: own price (empty: as a Solo)"),
    "schneider_bonus": _("Schneider: extra"),
    "schwarz_bonus": _("Schwarz: extra (instead of Schneider)"),
    "schneider_scope": _("Schneider and Schwarz count for"),
    "laufende_price": _("Laufende: price each (0: not paid)"),
    "laufende_from": _("Laufende: counted from"),
    "laufende_from_wenz": _("Laufende in a Wenz: counted from"),
    "laufende_cap": _("Laufende: at most"),
    "tout_multiplier": _("Tout: times"),
    "tout_basis": _("Tout multiplies"),
    "sie_multiplier": _("Sie: times the Solo price"),
    "sie_value": _("Sie: fixed value (empty: by the multiplier)"),
    "allow_stoss": _("Stoß allowed"),
    "allow_retour": _("Retour allowed"),
    "allow_klopfen": _("Klopfen allowed"),
    "max_doublings": _("Doublings at most (empty: no limit)"),
    "schwarz_must_be_claimed": _("Schwarz must be claimed"),
    "solo_needs_suit_card": _("Solo needs a card of its suit"),
    "passed_deal": _("When everybody passes"),
    "ramsch_price": _("Ramsch: price"),
    "ramsch_jungfrau": _("Ramsch: a Jungfrau (a player without a trick)"),
    "misplay": _("A misplay counts"),
    "contracts": _("Games besides Rufspiel, Solo, Wenz, Tout and Sie"),
    "bettel_stichzwang": _("Bettel: a player who follows must head the trick"),
    "deck": _("Cards"),
    "davonlaufen_min": _("Running away from the called Sau needs (empty: 4, short deck 3)"),
    "base_geier": _("Geier: price (empty: as a Solo)"),
    "base_farbwenz": _("Farbwenz: price (empty: as a Solo)"),
    "base_farbgeier": _("Farbgeier: price (empty: as a Solo)"),
    "base_bettel": _("Bettel: price (empty: as a Rufspiel)"),
    "bettel_ouvert_multiplier": _("Bettel ouvert: times the Bettel"),
    "bock": _("A Bock round follows"),
    "bock_factor": _("Bock game: times"),
    "bock_overlap": _("A Bock round during another"),
    "bock_counts_thrown_in": _("A thrown-in deal uses up a Bock game"),
    "stock_fee": _("Stock: each player pays in (empty: the Rufspiel price)"),
    "stock_won_by": _("Stock: played for by"),
    "stock_loser_pays": _("Stock: a party that loses pays as much into it"),
    "stock_at_end": _("Stock: what is left at the end"),
}
# The creation form and the Regeln page group the settings as a table talks about them.
SETTING_GROUPS = (
    (_("Which games?"), ("contracts", "solo_needs_suit_card", "bettel_stichzwang")),
    (_("Short deck"), ("deck", "davonlaufen_min")),
    (
        _("Prices per game"),
        (
            "unit", "base_rufspiel", "base_solo", "base_wenz", "base_herz_solo", "base_geier",
            "base_farbwenz", "base_farbgeier", "base_bettel", "bettel_ouvert_multiplier",
            "schneider_bonus", "schwarz_bonus", "schneider_scope", "laufende_price",
            "laufende_from", "laufende_from_wenz", "laufende_cap", "tout_multiplier",
            "tout_basis", "sie_multiplier", "sie_value",
        ),
    ),
    (
        _("Stoß, Retour, Klopfen"),
        ("allow_stoss", "allow_retour", "allow_klopfen", "max_doublings"),
    ),
    (_("Bock"), ("bock", "bock_factor", "bock_overlap", "bock_counts_thrown_in")),
    (
        _("Stock: when everybody passes"),
        (
            "passed_deal", "stock_fee", "stock_won_by", "stock_loser_pays", "stock_at_end",
            "ramsch_price", "ramsch_jungfrau",
        ),
    ),
    (_("Schwarz and misplays"), ("schwarz_must_be_claimed", "misplay")),
)  # fmt: skip
CHOICE_NAMES = {
    "unit": UNIT_NAMES,
    "schneider_scope": {
        "rufspiel": _("the Rufspiel only"),
        "all": _("all games"),
    },
    "tout_basis": {
        "base": _("the price (Laufende added once)"),
        "full": _("price and Laufende"),
    },
    "passed_deal": {
        "next_dealer": _("thrown in, the next player deals"),
        "same_dealer": _("thrown in, the same player deals again"),
        "ramsch": _("Ramsch"),
        "forced": _("the holder of the Eichel-Ober must play"),
        "stock": _("thrown in, everybody pays into the Stock"),
    },
    "ramsch_jungfrau": {
        "doubles": _("doubles the price"),
        "pays_jungfrau_double": _("is paid twice the price"),
        "none": _("changes nothing"),
    },
    "misplay": {
        "as_played": _("as played"),
        "offender_pays": _("lost by the offender, who pays alone"),
    },
    "contracts": {kind: CONTRACT_NAMES[kind] for kind in PLAYED},
    "deck": {
        "lang": _("long deck (32 cards, 8 tricks)"),
        "kurz": _("short deck (24 cards without 8s and 7s, 6 tricks)"),
    },
    "bock": {
        "split_60": _("a game ended 60 : 60"),
        "schwarz": _("a game was Schwarz or a Tout was won"),
        "tout": _("a Tout"),
        "sie": _("a Sie"),
        "retour": _("a Retour"),
    },
    "bock_overlap": {
        "queue": _("follows the rounds already pending"),
        "stack": _("runs beside them (×4 where two meet)"),
    },
    "stock_won_by": {
        "any_game": _("every game with a declarer"),
        "solo_only": _("a Solo or higher only"),
    },
    "stock_at_end": {
        "split": _("shared out equally"),
        "carry": _("kept for the next evening"),
    },
}
PRESET_NAMES = {
    "kurzanleitung": _("Kurzanleitung: Rufspiel 1, Solo 6 units (default)"),
    "tarif-10-20-50": _("Tarif 10/20/50: in cents, with Laufende"),
    "turnier-1-15": _("Turnier: Rufspiel 1, Solo 5 tournament points"),
    "stammtisch": _("Stammtisch: 10/20/50 with Geier, Farbwenz, Bettel, Bock and Stock"),
}
YES, NO = pgettext_lazy("schafkopf", "yes"), pgettext_lazy("schafkopf", "no")
NONE = pgettext_lazy("schafkopf", "none")


# Settings whose empty value costs the price of another game (tariff.base_price).
PRICE_OF = {
    "base_herz_solo": SOLO,
    "base_geier": GEIER,
    "base_farbwenz": FARBWENZ,
    "base_farbgeier": FARBGEIER,
    "base_bettel": BETTEL,
}


def setting_value(profile: dict, key: str) -> str:
    """A setting as the Regeln page shows it: what the table plays, an empty price as the
    price it stands for, a list by its names."""
    value = profile_value(profile, key)  # also a table's profile from before a setting existed
    if key == "cents_per_unit":
        return format_money(value) if value is not None else str(_("no money"))
    if key in PRICE_OF and value is None:
        return str(base_price(profile, PRICE_OF[key]))
    if key == "contracts":
        house = [kind for kind in PLAYED if kind in value and kind not in SOURCE_GAMES]
        return ", ".join(str(CONTRACT_NAMES[kind]) for kind in house) or str(NONE)
    if key == "bock":
        chosen = [str(CHOICE_NAMES[key][trigger]) for trigger in BOCK_TRIGGERS if trigger in value]
        return "; ".join(chosen) or str(_("never (no Bock rounds)"))
    if key == "stock_fee" and value is None:
        return str(base_price(profile, RUFSPIEL))
    if isinstance(value, bool):
        return str(YES if value else NO)
    if key in CHOICE_NAMES:
        return str(CHOICE_NAMES[key].get(value, value))
    if value is None:
        return "–"
    return str(value)


def profile_label(profile_name: str) -> str:
    preset, _sep, custom = profile_name.partition("+")
    name = str(PRESET_NAMES.get(preset, preset))
    return str(_("Own rules, based on %(preset)s") % {"preset": name}) if custom else name
