"""One saved game: its scores by the engine's formulas, and its words for history and lists.

A game's data (Revision.data) is one of
- a played game: dealer, sitting_out, contract, declarer, partner, called, suit, augen,
  result (the tapped button or None), won, schneider, schwarz, laufende, stoss, retour,
  klopfen (and schwarz_claimed when the profile wants Schwarz claimed);
- a Ramsch: dealer, sitting_out, contract "ramsch", augen_per_seat, jungfrau, klopfen;
- a thrown-in deal: dealer, sitting_out, contract "thrown_in";
- a game transferred from the paper game list: dealer, sitting_out, contract "paper",
  points (per seat, as typed), played (the game written beside them, or ""), and where that
  is a game played alone the declarer and won (paper.py).

A played game under ``misplay: offender_pays`` may also name the offender (``misplay``, see
misplay.py); it is then scored with the engine's ``penalty_settle``.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from ...rules.schafkopf import (
    GameFacts,
    counted_laufende,
    penalty_settle,
    profile_value,
    score_evening,
    settle,
    settle_ramsch,
)
from .labels import (
    BETTEL,
    BETTEL_OUVERT,
    NO,
    OUTCOME_NAMES,
    PAPER,
    PLAYED,
    RAMSCH,
    RUFSPIEL,
    THROWN_IN,
    YES,
    contract_label,
    outcome_key,
)
from .misplay import offered

ALONE = tuple(c for c in PLAYED if c != RUFSPIEL)
# What a won "solo" is wherever one is counted or circled (the sheet's circles, the Stammtisch
# season's solos; docs/groups.md, "The season"): a game a lone declarer plays with trumps —
# Solo, Wenz, their house kin Geier, Farbwenz and Farbgeier, every Tout, the Sie. Not a
# Bettel: it has no trumps and ranks below all of them (docs/rules/schafkopf.md, "House
# contracts": the announcement rank).
SOLOS = tuple(c for c in ALONE if c not in (BETTEL, BETTEL_OUVERT))


def scores(profile: dict, data: dict, players: int) -> list[int]:
    """Every seat's amount of the game in the profile's unit; zero-sum by the engine."""
    contract = data["contract"]
    if contract == THROWN_IN:
        return [0] * players
    if contract == PAPER:  # the paper holds the amounts themselves
        return list(data["points"])
    if contract == RAMSCH:
        return settle_ramsch(
            profile, data["augen_per_seat"], data["jungfrau"], klopfen=data["klopfen"]
        )
    outcome = {
        "schneider": data["schneider"],
        "schwarz": scored_schwarz(profile, data),
        "laufende": counted_laufende(profile, contract, data["laufende"]),
        "stoss": data["stoss"],
        "retour": data["retour"],
        "klopfen": data["klopfen"],
        "suit": data["suit"],
        "players": players,
        "sitting_out": data["sitting_out"],
    }
    declarer, partner = data["declarer"], data["partner"]
    if data.get("misplay") is not None:
        return penalty_settle(profile, contract, declarer, partner, data["misplay"], **outcome)
    return settle(profile, contract, declarer, partner, won=data["won"], **outcome)


def scored_schwarz(profile: dict, data: dict) -> bool:
    """Schwarz as paid: an unclaimed one is paid as Schneider where it must be claimed."""
    if profile.get("schwarz_must_be_claimed") and not data.get("schwarz_claimed"):
        return False
    return bool(data.get("schwarz"))


def priced_by_evening(profile: dict) -> bool:
    """Whether a game's amounts depend on the games before it: Bock rounds or a Stock."""
    return bool(profile_value(profile, "bock")) or profile["passed_deal"] == "stock"


def facts(profile: dict, data: dict, players: int, own: list[int] | None = None) -> GameFacts:
    """What the evening (Bock rounds, the Stock) needs of one saved game; ``own``: its own
    amounts where known (else by the tariff from ``data``)."""
    own = scores(profile, data, players) if own is None else own
    if data["contract"] not in PLAYED:
        return GameFacts(data["contract"], own, sitting_out=data.get("sitting_out"))
    return GameFacts(
        data["contract"],
        own,
        party=tuple(sorted(party(data))),
        won=data["won"],
        augen=data.get("augen"),
        schwarz=scored_schwarz(profile, data),
        retour=data.get("retour", False),
        sitting_out=data.get("sitting_out"),
    )


def priced(profile: dict, before: list[dict], data: dict, players: int) -> list[int]:
    """The amounts of game ``data`` after the games ``before`` it: its own scores in its Bock
    rounds, with what it pays into or takes out of the Stock (what the sheet stores)."""
    games = [facts(profile, game, players) for game in [*before, data]]
    return list(score_evening(profile, games).games[-1].scores)


def is_solo(data: dict) -> bool:
    """A solo (``SOLOS``: circled when won, counted in the season and the tie-break); for a game
    from paper, the game written beside its points."""
    contract = data.get("contract")
    if contract == PAPER:
        return data.get("played") in SOLOS and data.get("declarer") is not None
    return contract in SOLOS


def party(data: dict) -> set[int]:
    """The declaring party's seats (empty for a Ramsch or a thrown-in deal)."""
    if data.get("contract") not in PLAYED:
        return set()
    seats = {data["declarer"]}
    if data["contract"] == RUFSPIEL and data.get("partner") is not None:
        seats.add(data["partner"])
    return seats


def result_label(data: dict) -> str:
    return str(OUTCOME_NAMES[outcome_key(data["won"], data["schneider"], data["schwarz"])])


def describe(profile: dict, players: list[str], data: dict) -> list[tuple[str, str]]:
    """(label, value) pairs for the history, its diffs and conflict messages.

    The labels stay the same from revision to revision, so a correction from one contract
    to another shows each changed value.
    """

    def name(seat):
        return players[seat] if seat is not None else "–"

    pairs = [(_("Dealer"), name(data["dealer"])), (_("Game"), contract_label(data))]
    contract = data["contract"]
    if contract == THROWN_IN:
        return pairs
    if contract == PAPER:
        if data.get("declarer") is not None:
            pairs.append((_("Declarer"), name(data["declarer"])))
            pairs.append((_("Result"), str(OUTCOME_NAMES["won" if data["won"] else "lost"])))
        for seat, points in enumerate(data["points"]):
            pairs.append((_("Points of %(name)s") % {"name": players[seat]}, f"{points:+d}"))
        return [(str(label), value) for label, value in pairs]
    if contract == RAMSCH:
        for seat, augen in enumerate(data["augen_per_seat"]):
            if augen is not None:
                pairs.append((_("Augen of %(name)s") % {"name": players[seat]}, str(augen)))
        jungfrau = ", ".join(players[seat] for seat in data["jungfrau"]) or "–"
        pairs.append((_("Jungfrau"), jungfrau))
    else:
        augen = data.get("augen")
        pairs += [
            (_("Declarer"), name(data["declarer"])),
            (_("Partner"), name(data.get("partner"))),
            (_("Augen of the declaring party"), "–" if augen is None else str(augen)),
            (_("Result"), result_label(data)),
        ]
        if offered(profile):
            pairs.append((_("Misplay"), name(data.get("misplay"))))
        if profile.get("schwarz_must_be_claimed"):
            pairs.append((_("Schwarz claimed"), str(YES if data.get("schwarz_claimed") else NO)))
        if profile.get("laufende_price"):
            pairs.append((_("Laufende"), str(data["laufende"])))
        if profile.get("allow_stoss"):
            pairs.append((_("Stoß"), str(YES if data["stoss"] else NO)))
        if profile.get("allow_retour"):
            pairs.append((_("Retour"), str(YES if data["retour"] else NO)))
    if profile.get("allow_klopfen"):
        pairs.append((_("Klopfen"), str(data["klopfen"])))
    return [(str(label), value) for label, value in pairs]


def summary_line(players: list[str], data: dict, profile: dict | None = None) -> str:
    """One line for the Spielliste: "Eichel-Solo · Ben · gewonnen Schneider · Stoß".

    Laufende are named only where the table's ``profile`` pays for them (a Sie always has
    eight, which means nothing at a table that does not count them)."""
    contract = data["contract"]
    if contract == THROWN_IN:
        return _("thrown in")
    if contract == PAPER:
        parts = [contract_label(data)]
        if data.get("declarer") is not None:
            parts.append(players[data["declarer"]])
            parts.append(str(OUTCOME_NAMES["won" if data["won"] else "lost"]))
        return " · ".join(str(part) for part in parts)
    if contract == RAMSCH:
        augen = data["augen_per_seat"]
        most = max(a for a in augen if a is not None)
        losers = [players[s] for s, a in enumerate(augen) if a == most]
        parts = [contract_label(data), _("lost: %(names)s") % {"names": ", ".join(losers)}]
        if data["jungfrau"]:
            names = ", ".join(players[seat] for seat in data["jungfrau"])
            parts.append(_("Jungfrau: %(names)s") % {"names": names})
    else:
        who = players[data["declarer"]]
        if data.get("partner") is not None:
            who = f"{who} + {players[data['partner']]}"
        parts = [contract_label(data), who]
        if data.get("misplay") is not None:
            parts.append(_("Misplay %(name)s") % {"name": players[data["misplay"]]})
        parts.append(result_label(data))
        if data["schwarz"] and data.get("schwarz_claimed") is False:
            # The key exists only where the profile wants Schwarz claimed.
            parts.append(_("Schwarz not claimed: paid as Schneider"))
        if data.get("augen") is not None:
            parts.append(_("%(augen)s Augen") % {"augen": data["augen"]})
        if data.get("laufende") and (profile is None or profile.get("laufende_price")):
            parts.append(_("%(n)s Laufende") % {"n": data["laufende"]})
        if data.get("retour"):
            parts.append(_("Stoß and Retour"))
        elif data.get("stoss"):
            parts.append(_("Stoß"))
    if data.get("klopfen"):
        parts.append(_("knocked %(n)s×") % {"n": data["klopfen"]})
    return " · ".join(str(part) for part in parts)
