"""Schafkopf rule profiles and the pure score formulas (docs/rules/schafkopf.md, "Tariff").

The scorepad settles a game entered at the table with ``settle`` / ``settle_ramsch`` on the
frozen profile dict of its session; the engine's ``State.result()`` and the bots call the same
functions, so a verdict and a scorepad entry can never disagree. docs/schafkopf.md lists
every setting.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError
from ..i18n import N_
from .cards import TOTAL_AUGEN, TRICKS
from .contracts import (
    BETTEL,
    BETTEL_OUVERT,
    BETTEL_TYPES,
    CONTRACT_TYPES,
    FARBGEIER,
    FARBGEIER_TOUT,
    FARBWENZ,
    FARBWENZ_TOUT,
    GEIER,
    GEIER_TOUT,
    GEIER_TYPES,
    HOUSE_TYPES,
    RAMSCH,
    RANK,
    RUFSPIEL,
    SIE,
    TOUTS,
    WENZ,
    WENZ_TOUT,
    WENZ_TYPES,
    WITH_SUIT,
)

# Contracts a profile may offer (setting ``contracts``); the source's are the default.
SOURCE_CONTRACTS: Final = tuple(kind for kind in CONTRACT_TYPES if kind != RAMSCH)
OFFERABLE_CONTRACTS: Final = SOURCE_CONTRACTS + HOUSE_TYPES
BOCK_TRIGGERS: Final = ("split_60", "schwarz", "tout", "sie", "retour")

# name -> (kind, allowed): "choice" with its values, "int" with (low, high, nullable), "bool",
# "list" with (values, least entries): distinct values in any order, "rank" with its values:
# groups of equal rank, highest first, naming every value once.
_MONEY: Final = (0, 1_000_000, False)
_MONEY_OR_NULL: Final = (0, 1_000_000, True)
SETTING_SPECS: dict[str, tuple[str, Any]] = {
    "unit": ("choice", ("unit", "cent", "point")),
    "cents_per_unit": ("int", (0, 1_000_000, True)),
    "base_rufspiel": ("int", _MONEY),
    "base_solo": ("int", _MONEY),
    "base_wenz": ("int", _MONEY),
    "base_herz_solo": ("int", (0, 1_000_000, True)),
    "schneider_bonus": ("int", _MONEY),
    "schwarz_bonus": ("int", _MONEY),
    "schneider_scope": ("choice", ("rufspiel", "all")),
    "laufende_price": ("int", _MONEY),
    "laufende_from": ("int", (1, 14, False)),
    "laufende_from_wenz": ("int", (1, 4, False)),
    "laufende_cap": ("int", (1, 14, False)),
    "tout_multiplier": ("int", (1, 100, False)),
    "tout_basis": ("choice", ("base", "full")),
    "sie_multiplier": ("int", (1, 100, False)),
    "sie_value": ("int", (0, 100_000_000, True)),
    "allow_stoss": ("bool", None),
    "allow_retour": ("bool", None),
    "allow_klopfen": ("bool", None),
    "max_doublings": ("int", (0, 20, True)),
    "schwarz_must_be_claimed": ("bool", None),
    "solo_needs_suit_card": ("bool", None),
    "passed_deal": ("choice", ("next_dealer", "same_dealer", "ramsch", "forced", "stock")),
    "ramsch_price": ("int", _MONEY),
    "ramsch_jungfrau": ("choice", ("doubles", "pays_jungfrau_double", "none")),
    "misplay": ("choice", ("as_played", "offender_pays")),
    # House rules (docs/rules/schafkopf.md "House rules"); the shipped presets leave them off.
    "deck": ("choice", ("lang", "kurz")),
    "contracts": ("list", (OFFERABLE_CONTRACTS, 1)),
    "bettel_stichzwang": ("bool", None),
    "davonlaufen_min": ("int", (1, 8, True)),
    "contract_rank": ("rank", OFFERABLE_CONTRACTS),
    "base_geier": ("int", _MONEY_OR_NULL),
    "base_farbwenz": ("int", _MONEY_OR_NULL),
    "base_farbgeier": ("int", _MONEY_OR_NULL),
    "base_bettel": ("int", _MONEY_OR_NULL),
    "bettel_ouvert_multiplier": ("int", (1, 100, False)),
    "bock": ("list", (BOCK_TRIGGERS, 0)),
    "bock_factor": ("int", (1, 100, False)),
    "bock_overlap": ("choice", ("queue", "stack")),
    "bock_counts_thrown_in": ("bool", None),
    "stock_fee": ("int", _MONEY_OR_NULL),
    "stock_won_by": ("choice", ("any_game", "solo_only")),
    "stock_loser_pays": ("bool", None),
    "stock_at_end": ("choice", ("split", "carry")),
}

# The house rules off: what a profile stored before they existed means (``profile_value``).
HOUSE_DEFAULTS: Final[Mapping[str, Any]] = MappingProxyType(
    {
        "deck": "lang",
        "contracts": list(SOURCE_CONTRACTS),
        "bettel_stichzwang": False,
        "davonlaufen_min": None,  # None: by the deck, 4 (lang) or 3 (kurz)
        # The source ranks Solo-Tout above Wenz-Tout; the house contracts join the group of
        # their kin (Farbwenz and Farbgeier with the Solo, Geier with the Wenz).
        "contract_rank": [
            ["sie"],
            ["solo_tout", "farbwenz_tout", "farbgeier_tout"],
            ["wenz_tout", "geier_tout"],
            ["solo", "farbwenz", "farbgeier"],
            ["wenz", "geier"],
            ["bettel_ouvert"],
            ["bettel"],
            ["rufspiel"],
        ],
        "base_geier": None,  # None: base_solo
        "base_farbwenz": None,
        "base_farbgeier": None,
        "base_bettel": None,  # None: base_rufspiel
        "bettel_ouvert_multiplier": 2,
        "bock": [],  # no trigger: no Bock rounds
        "bock_factor": 2,
        "bock_overlap": "queue",
        "bock_counts_thrown_in": True,
        "stock_fee": None,  # None: base_rufspiel
        "stock_won_by": "any_game",
        "stock_loser_pays": True,
        "stock_at_end": "split",
    }
)
_KURZANLEITUNG: Final = {
    "unit": "unit",
    "cents_per_unit": None,  # the money value of a unit is agreed per session
    "base_rufspiel": 1,
    "base_solo": 6,
    "base_wenz": 6,
    "base_herz_solo": None,  # None: a Herz-Solo costs base_solo
    "schneider_bonus": 1,
    "schwarz_bonus": 2,
    "schneider_scope": "rufspiel",
    "laufende_price": 0,
    "laufende_from": 3,
    "laufende_from_wenz": 2,
    "laufende_cap": 14,
    "tout_multiplier": 2,
    "tout_basis": "base",
    "sie_multiplier": 4,
    "sie_value": None,
    "allow_stoss": True,
    "allow_retour": True,
    "allow_klopfen": False,
    "max_doublings": None,
    "schwarz_must_be_claimed": False,
    "solo_needs_suit_card": True,
    "passed_deal": "next_dealer",
    "ramsch_price": 1,
    "ramsch_jungfrau": "doubles",
    "misplay": "as_played",
    **HOUSE_DEFAULTS,
}
_TARIF_10_20_50: Final = _KURZANLEITUNG | {
    "unit": "cent",
    "cents_per_unit": 1,
    "base_rufspiel": 20,
    "base_solo": 50,
    "base_wenz": 50,
    "schneider_bonus": 10,
    "schwarz_bonus": 20,
    "schneider_scope": "all",
    "laufende_price": 10,
    "tout_basis": "full",
    "ramsch_price": 20,
}
DEFAULT_PROFILE: Final = "kurzanleitung"
PROFILES: dict[str, Mapping[str, Any]] = {
    "kurzanleitung": MappingProxyType(_KURZANLEITUNG),
    "tarif-10-20-50": MappingProxyType(_TARIF_10_20_50),
    "turnier-1-15": MappingProxyType(
        _KURZANLEITUNG
        | {
            "unit": "point",
            "base_rufspiel": 1,
            "base_solo": 5,
            "base_wenz": 5,
            "schneider_bonus": 1,
            "schwarz_bonus": 2,
            "schneider_scope": "all",
            "misplay": "offender_pays",
        }
    ),
    # A pub table: the 10/20/50 money tariff with Geier, Farbwenz and Bettel (at the
    # Rufspiel price), Bock rounds after 60:60 and Schwarz, and a Stock for thrown-in deals.
    "stammtisch": MappingProxyType(
        _TARIF_10_20_50
        | {
            "contracts": [*SOURCE_CONTRACTS, "geier", "farbwenz", "bettel"],
            "bock": ["split_60", "schwarz"],
            "passed_deal": "stock",
        }
    ),
}


def check_setting(key: str, value: Any) -> None:
    """Raise RecordError("settings.<key>") unless ``value`` is allowed for the setting."""
    where = f"settings.{key}"
    if key not in SETTING_SPECS:
        raise RecordError(where, RECORD_ERRORS["unknown_setting"])
    kind, allowed = SETTING_SPECS[key]
    if kind == "bool":
        if not isinstance(value, bool):
            raise RecordError(where, RECORD_ERRORS["not_bool"])
    elif kind == "choice":
        if value not in allowed or not isinstance(value, str):
            raise RecordError(where, RECORD_ERRORS["one_of"], allowed=", ".join(allowed))
    elif kind == "list":
        values, least = allowed
        if not _distinct_strings(value, values) or len(value) < least:
            raise RecordError(where, _LIST_OF, allowed=", ".join(values), least=least)
    elif kind == "rank":
        named = [item for group in value for item in group] if _groups(value) else None
        if (
            named is None
            or sorted(named) != sorted(allowed)
            or not _distinct_strings(named, allowed)
        ):
            raise RecordError(where, _RANK_OF, allowed=", ".join(allowed))
    else:
        low, high, nullable = allowed
        if value is None and nullable:
            return
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            text = (
                N_("must be an integer from {low} to {high} or null")
                if nullable
                else N_("must be an integer from {low} to {high}")
            )
            raise RecordError(where, text, low=low, high=high)


_LIST_OF: Final = N_("must be a list of at least {least} distinct values from {allowed}")
_RANK_OF: Final = N_("must be a list of groups (lists) naming each of {allowed} once")


def _distinct_strings(value: Any, allowed: Sequence[str]) -> bool:
    return (
        isinstance(value, list)
        and all(isinstance(item, str) and item in allowed for item in value)
        and len(set(value)) == len(value)
    )


def _groups(value: Any) -> bool:
    return isinstance(value, list) and all(isinstance(group, list) and group for group in value)


_LEGACY_JUNGFRAU: Final = "ramsch_jungfrau_doubles"


def profile_value(settings: Mapping[str, Any], key: str) -> Any:
    """A setting of a profile, also of one stored before the setting existed.

    A table keeps the frozen profile it was made with, so an older one lacks the house-rule
    settings (which then are off, ``HOUSE_DEFAULTS``) and may still say
    ``ramsch_jungfrau_doubles`` (true: ``doubles``, false: ``none``).
    """
    if key == "ramsch_jungfrau" and _LEGACY_JUNGFRAU in settings:  # never in a newer one
        return "doubles" if settings[_LEGACY_JUNGFRAU] else "none"
    if key in settings:
        return settings[key]
    return HOUSE_DEFAULTS[key]


def current_profile(settings: Mapping[str, Any]) -> dict[str, Any]:
    """A stored profile with every setting of today (``profile_value``) and nothing else;
    a profile's name (``profile``, added by records.resolve_settings) is kept."""
    keys = [*SETTING_SPECS, *(["profile"] if "profile" in settings else [])]
    return {key: profile_value(settings, key) for key in keys}


def check_profile(settings: Mapping[str, Any]) -> None:
    """Check a whole profile (e.g. a custom one from the form): every setting, nothing else."""
    for key in SETTING_SPECS:
        if key not in settings:
            raise RecordError(f"settings.{key}", N_("is missing"))
    for key, value in settings.items():
        if key != "profile":  # records.resolve_settings adds the profile's name
            check_setting(key, value)


@dataclass(frozen=True, slots=True)
class Outcome:
    """A played game from the declaring party's side."""

    won: bool
    schneider: bool
    schwarz: bool


# Every Outcome, made once (a frozen dataclass's constructor runs interpreted even where this
# module is compiled): ``_OUTCOMES[4 * won + 2 * schneider + schwarz]``.
_OUTCOMES: Final = tuple(
    [Outcome(bool(bits & 4), bool(bits & 2), bool(bits & 1)) for bits in range(8)]
)


def outcome_from_augen(
    augen: int, tricks: int | None = None, contract: str = RUFSPIEL, *, all_tricks: int = TRICKS
) -> Outcome:
    """Won/Schneider/Schwarz of the declaring party from its Augen and tricks.

    Won with 61 Augen; Schneider at >= 91 (won) or <= 30 (lost); Schwarz when one party took
    all ``all_tricks`` tricks (8, 6 with the short deck; tricks count, not Augen; False when
    ``tricks`` is None). A Tout is won only with every trick, a Sie always, a Bettel only
    with no trick, and a Bettel knows no Schneider or Schwarz.

    >>> outcome_from_augen(61), outcome_from_augen(30).schneider, outcome_from_augen(120, 8).schwarz
    (Outcome(won=True, schneider=False, schwarz=False), True, True)
    """
    if not 0 <= augen <= TOTAL_AUGEN:
        raise ValueError(f"Augen must be 0..{TOTAL_AUGEN}, not {augen}")
    if contract in TOUTS or contract in BETTEL_TYPES:
        if tricks is None:
            raise ValueError(f"a {contract} is decided by tricks")
        if contract in BETTEL_TYPES:
            return _OUTCOMES[4 if tricks == 0 else 0]
    schwarz = tricks in (0, all_tricks)
    won = tricks == all_tricks if contract in TOUTS else contract == SIE or augen >= 61
    schneider = augen >= 91 if won else augen <= 30
    return _OUTCOMES[4 * won + 2 * schneider + schwarz]


def counted_laufende(settings: Mapping[str, Any], contract: str, run: int) -> int:
    """The Laufende a game pays for: the whole run once it reaches the threshold, capped.

    Wenz and Geier count from ``laufende_from_wenz``, every other game from
    ``laufende_from``; a Ramsch and a Bettel have none.
    """
    if contract == RAMSCH or contract in BETTEL_TYPES:
        return 0
    wenz_like = contract in WENZ_TYPES or contract in GEIER_TYPES
    threshold: int = settings["laufende_from_wenz" if wenz_like else "laufende_from"]
    cap: int = settings["laufende_cap"]
    return min(run, cap) if run >= threshold else 0


# The base setting of each contract with one of its own (every other pays ``base_solo``)
# and, for the nullable ones, whose price they cost when null.
_BASE_KEY: Final = {
    RUFSPIEL: "base_rufspiel",
    WENZ: "base_wenz",
    WENZ_TOUT: "base_wenz",
    GEIER: "base_geier",
    GEIER_TOUT: "base_geier",
    FARBWENZ: "base_farbwenz",
    FARBWENZ_TOUT: "base_farbwenz",
    FARBGEIER: "base_farbgeier",
    FARBGEIER_TOUT: "base_farbgeier",
    BETTEL: "base_bettel",
    BETTEL_OUVERT: "base_bettel",
}
_BASE_WHEN_NULL: Final = {
    "base_herz_solo": "base_solo",
    "base_geier": "base_solo",
    "base_farbwenz": "base_solo",
    "base_farbgeier": "base_solo",
    "base_bettel": "base_rufspiel",
}


def base_price(settings: Mapping[str, Any], contract: str, suit: str | None = None) -> int:
    """The base of a contract; a Herz-Solo's is ``base_herz_solo`` where set. Solo, Solo-Tout
    and Sie pay ``base_solo``; a null house base is the price of its kin (``_BASE_WHEN_NULL``)."""
    key = _BASE_KEY.get(contract, "base_solo")
    if contract in WITH_SUIT and suit == "H":
        key = "base_herz_solo"
    price: int | None = profile_value(settings, key)
    if price is None:
        price = settings[_BASE_WHEN_NULL[key]]
    return price


def game_value(
    settings: Mapping[str, Any],
    contract: str,
    *,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    suit: str | None = None,
) -> int:
    """The tariff T of a game before Stoß/Retour/Klopfen (what one loser pays one winner).

    Base price + Schneider/Schwarz increment (Schwarz replaces Schneider; Rufspiel only
    unless ``schneider_scope`` is ``all``) + ``laufende_price`` per counted Laufende. A Tout
    (of a Solo, Wenz, Geier, Farbwenz or Farbgeier) is ``tout_multiplier`` times the base
    (``tout_basis: base``, Laufende then added once) or times base plus Laufende (``full``),
    never with Schneider/Schwarz; a Sie likewise with ``sie_multiplier`` on the Solo base,
    or the fixed ``sie_value``. A Bettel is its base alone, a Bettel ouvert
    ``bettel_ouvert_multiplier`` times that: no Schneider, Schwarz or Laufende.
    """
    if contract not in RANK:
        raise ValueError(f"not a contract with a declarer: {contract!r}")
    if contract == SIE:
        sie_value: int | None = settings["sie_value"]
        if sie_value is not None:
            return sie_value
    base = base_price(settings, contract, suit)
    if contract in BETTEL_TYPES:
        ouvert: int = profile_value(settings, "bettel_ouvert_multiplier")
        return ouvert * base if contract == BETTEL_OUVERT else base
    # The settings as typed locals: compiled code then multiplies and compares natively.
    price: int = settings["laufende_price"]
    extra = price * laufende
    tout = contract in TOUTS
    if tout or contract == SIE:
        factor: int = settings["tout_multiplier" if tout else "sie_multiplier"]
        basis: str = settings["tout_basis"]
        return factor * (base + extra) if basis == "full" else factor * base + extra
    if contract == RUFSPIEL or settings["schneider_scope"] == "all":
        bonus: int = 0
        if schwarz:
            bonus = settings["schwarz_bonus"]
        elif schneider:
            bonus = settings["schneider_bonus"]
        extra += bonus
    return base + extra


def doublings(settings: Mapping[str, Any], count: int) -> int:
    """The factor of ``count`` doublings (Stoß, Retour, each Klopfen, each Jungfrau)."""
    limit: int | None = settings["max_doublings"]
    factor: int = 2 ** (count if limit is None else min(count, limit))
    return factor


def settle(
    settings: Mapping[str, Any],
    contract: str,
    declarer: int,
    partner: int | None = None,
    *,
    won: bool,
    schneider: bool = False,
    schwarz: bool = False,
    laufende: int = 0,
    stoss: bool = False,
    retour: bool = False,
    klopfen: int = 0,
    suit: str | None = None,
    players: int = 4,
    sitting_out: int | None = None,
) -> list[int]:
    """Scores per seat of one game, zero-sum, in the profile's unit.

    ``won``/``schneider``/``schwarz`` are from the declaring party's side (see
    ``outcome_from_augen``); ``laufende`` is the counted number (``counted_laufende``);
    ``klopfen`` the number of knocks. Rufspiel: declarer and partner ±T each, the two others
    ∓T. Everything else: declarer ±3T, each opponent ∓T. A Rufspiel without a partner (the
    declarer held the called Sau himself) is paid like a Solo. At a 5-player table pass
    ``players=5`` and the ``sitting_out`` seat, which scores 0.

    >>> settle(PROFILES["kurzanleitung"], "solo", 0, won=True, suit="E")
    [18, -6, -6, -6]
    """
    value = game_value(
        settings, contract, schneider=schneider, schwarz=schwarz, laufende=laufende, suit=suit
    )
    value *= doublings(settings, int(stoss) + int(retour) + klopfen)
    if not won:
        value = -value
    out = -1 if sitting_out is None else sitting_out
    active = [seat for seat in range(players) if seat != out]
    if len(active) != 4 or declarer not in active:
        raise ValueError("a Schafkopf game has four active seats including the declarer")
    scores = [0] * players
    # The party: the declarer, and his partner in a Rufspiel (unless he called himself).
    mate = declarer
    if contract == RUFSPIEL and partner is not None and partner != declarer:
        mate = partner
    for seat in active:
        scores[seat] = value if seat in (declarer, mate) else -value
    if mate == declarer:
        scores[declarer] = 3 * value
    return scores


def settle_ramsch(
    settings: Mapping[str, Any],
    augen_per_seat: Sequence[int | None],
    jungfrau_seats: Iterable[int] = (),
    *,
    klopfen: int = 0,
    losers: Iterable[int] | None = None,
) -> list[int]:
    """Scores of a Ramsch (everybody for himself; the most Augen lose).

    Every seat with the most Augen is a loser (a tie makes several losers); each loser pays
    each other player ``ramsch_price``, doubled for every Klopfen. A Jungfrau (a player
    without a trick) doubles that price for everybody (``ramsch_jungfrau: doubles``) or is
    paid it twice himself (``pays_jungfrau_double``). ``losers`` overrides who lost (the
    offender under ``misplay: offender_pays``). A seat whose Augen are None sits out and
    scores 0.

    >>> settle_ramsch(PROFILES["kurzanleitung"], [50, 40, 30, 0], [3])
    [-6, 2, 2, 2]
    """
    seats = [seat for seat, augen in enumerate(augen_per_seat) if augen is not None]
    losers = set(ramsch_losers(augen_per_seat) if losers is None else losers)
    jungfrauen = set(jungfrau_seats)
    price = settings["ramsch_price"] * ramsch_multiplier(settings, len(jungfrauen), klopfen)
    paid_double = profile_value(settings, "ramsch_jungfrau") == "pays_jungfrau_double"
    scores = [0] * len(augen_per_seat)
    for winner in seats:
        if winner in losers:
            continue
        share = 2 * price if paid_double and winner in jungfrauen else price
        scores[winner] = share * len(losers)
        for loser in losers:
            scores[loser] -= share
    return scores


def ramsch_multiplier(settings: Mapping[str, Any], jungfrauen: int, klopfen: int) -> int:
    """The factor on ``ramsch_price`` that every loser pays every winner: each Klopfen, and
    each Jungfrau where ``ramsch_jungfrau`` is ``doubles``."""
    doubling_jungfrauen = profile_value(settings, "ramsch_jungfrau") == "doubles"
    return doublings(settings, klopfen + (jungfrauen if doubling_jungfrauen else 0))


def ramsch_losers(augen_per_seat: Sequence[int | None]) -> list[int]:
    """The seats with the most Augen in a Ramsch (None: sits out)."""
    most = max(augen for augen in augen_per_seat if augen is not None)
    return [seat for seat, augen in enumerate(augen_per_seat) if augen == most]


def penalty_settle(
    settings: Mapping[str, Any],
    contract: str,
    declarer: int,
    partner: int | None,
    offender: int,
    **outcome: Any,
) -> list[int]:
    """``misplay: offender_pays``: the offender's party loses, the offender pays for it alone.

    ``outcome`` holds schneider/schwarz (only those the other party reached) and the
    laufende/stoss/retour/klopfen/suit/players/sitting_out of ``settle``.
    """
    party = {declarer} | ({partner} if contract == RUFSPIEL and partner is not None else set())
    offender_declaring = offender in party
    scores = settle(settings, contract, declarer, partner, won=not offender_declaring, **outcome)
    sitting_out = outcome.get("sitting_out")
    for seat in range(len(scores)):
        same_side = (seat in party) == offender_declaring
        if seat not in (offender, sitting_out) and same_side:
            scores[offender] += scores[seat]
            scores[seat] = 0
    return scores
