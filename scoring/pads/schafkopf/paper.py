"""Games transferred from a table's paper game list (docs/tournaments.md, "Paper fallback").

The paper holds each player's points per game, and perhaps what was played: a game from
paper keeps those points (contract "paper", ``points``, ``played``) instead of the taps
that would make them. The checks here are the engine's: the points add up to zero, and
where the game is given they must be an outcome ``settle`` can produce for it under the
table's profile. A thrown-in deal is stored as one (nobody scores; the dealer rule sees it).
"""

from __future__ import annotations

import json
from functools import lru_cache

from ...rules.schafkopf import SUITS, counted_laufende, settle
from ...rules.schafkopf.entry import most_laufende
from ...rules.schafkopf.house import house_rules
from .game import ALONE, priced_by_evening
from .labels import PAPER, PLAYED, RAMSCH, RUFSPIEL, THROWN_IN, WITH_SUIT


def paper_allowed(profile: dict) -> bool:
    """Bock rounds and the Stock price a game by the games before it; the paper already
    holds the final amounts, so such a table is transferred game by game with the pad."""
    return not priced_by_evening(profile)


def played_choices(profile: dict) -> list[str]:
    """What may be written beside a game's points: the table's games and its passed deal."""
    offered = house_rules(profile).offered
    kinds = [kind for kind in PLAYED if kind in offered]
    passed = profile["passed_deal"]
    if passed == "ramsch":
        kinds.append(RAMSCH)
    elif passed in ("next_dealer", "same_dealer"):
        kinds.append(THROWN_IN)
    return kinds


def paper_game(played: str, points: list[int], dealer: int, sitting_out: int | None) -> dict:
    """A game's data from its paper row (``played`` checked by ``seats_of`` before)."""
    if played == THROWN_IN:
        return {"contract": THROWN_IN, "dealer": dealer, "sitting_out": sitting_out}
    data = {
        "contract": PAPER,
        "played": played,
        "points": list(points),
        "dealer": dealer,
        "sitting_out": sitting_out,
    }
    if played in ALONE:
        declarer, won = alone_declarer(points, sitting_out)
        data.update(declarer=declarer, won=won)
    return data


def alone_declarer(points: list[int], sitting_out: int | None) -> tuple[int | None, bool]:
    """The seat whose sign differs from the three others' (the declarer of a game played
    alone), and whether he won; (None, False) when no seat does."""
    active = [seat for seat in range(len(points)) if seat != sitting_out]
    for seat in active:
        others = [points[other] for other in active if other != seat]
        if points[seat] > 0 and all(p < 0 for p in others):
            return seat, True
        if points[seat] < 0 and all(p > 0 for p in others):
            return seat, False
    return None, False


def fits_tariff(profile: dict, played: str, points: list[int], sitting_out: int | None) -> bool:
    """Whether ``settle`` can produce these points for game ``played`` (any declarer and
    partner the signs allow, any outcome, Laufende, suit, Stoß, Retour and Klopfen)."""
    if played == THROWN_IN:
        return not any(points)
    if played not in PLAYED:
        return True  # a Ramsch or a game not given: the sum is all the paper tells
    key = json.dumps(profile, sort_keys=True)
    for declarer, partner, won in seatings(played, points, sitting_out):
        if tuple(points) in outcomes(key, played, declarer, partner, won, len(points), sitting_out):
            return True
    return False


def seatings(played: str, points: list[int], sitting_out: int | None):
    """(declarer, partner, won) the signs of the points allow."""
    active = [seat for seat in range(len(points)) if seat != sitting_out]
    declarer, won = alone_declarer(points, sitting_out)
    if declarer is not None:
        yield declarer, None, won  # a Rufspiel whose declarer called his own Sau is paid so
    if played == RUFSPIEL:
        up = [seat for seat in active if points[seat] > 0]
        if len(up) == 2:
            yield up[0], up[1], True
    if not any(points[seat] for seat in active):  # a game priced at 0
        yield active[0], None, True


@lru_cache(maxsize=512)
def outcomes(
    key: str, played: str, declarer: int, partner, won: bool, players: int, sitting_out
) -> frozenset[tuple[int, ...]]:
    profile = json.loads(key)
    runs = {
        counted_laufende(profile, played, run)
        for run in range(most_laufende(played, house_rules(profile).deck.cards) + 1)
    }
    most_doublings = int(profile["allow_stoss"]) + int(profile["allow_retour"])
    most_doublings += 4 if profile["allow_klopfen"] else 0
    suits = SUITS if played in WITH_SUIT else (None,)
    found = set()
    for schneider, schwarz in ((False, False), (True, False), (True, True)):
        for laufende in runs:
            for suit in suits:
                for doubled in range(most_doublings + 1):
                    scores = settle(
                        profile,
                        played,
                        declarer,
                        partner,
                        won=won,
                        schneider=schneider,
                        schwarz=schwarz,
                        laufende=laufende,
                        klopfen=doubled,
                        suit=suit,
                        players=players,
                        sitting_out=sitting_out,
                    )
                    found.add(tuple(scores))
    return frozenset(found)
