"""Schatzsuche profiles, settings and the score formulas: the scorepad and the engine's
``State.result()`` and ``playout`` all score with these functions.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError

NAME: Final = "schatzsuche"
PLAYER_COUNTS: Final = (3,)
ROUNDS: Final = 10
SUITS: Final = ("C", "S", "H", "D")
RANKS: Final = ("A", "10", "K", "Q", "J", "9", "8", "7")  # high to low
PENALTY_POINTS: Final = 30
GOLDEN_SUIT, GOLDEN_RANK, GOLDEN_BOTH = 20, 40, 160

DEFAULT_PROFILE: Final = "standard"
PROFILES: dict[str, dict[str, Any]] = {
    "standard": {
        "trump_duty": "unless_trick_trumped",
        "dealer_by": "total",
        "dealer_tie": "fewest",
        "golden_both": "160",
        "farbkarten": True,
        "bid_sum_not_round": False,
    },
}
SETTING_CHOICES: dict[str, tuple[Any, ...]] = {
    "trump_duty": ("unless_trick_trumped", "always"),
    "dealer_by": ("total", "round"),
    "dealer_tie": ("fewest", "previous_dealer"),
    "golden_both": ("160", "sum"),
    "farbkarten": (True, False),
    "bid_sum_not_round": (True, False),
}


def normalize_setting(key: str, value: Any) -> Any:
    """``golden_both`` reads `160` in the rules file: a record may give it as a number."""
    if key == "golden_both" and type(value) is int and value == 160:
        return "160"
    return value


def check_setting(key: str, value: Any) -> None:
    if value not in SETTING_CHOICES[key] or type(value) is not type(SETTING_CHOICES[key][0]):
        allowed = ", ".join(repr(v) for v in SETTING_CHOICES[key])
        raise RecordError(f"settings.{key}", RECORD_ERRORS["one_of"], allowed=allowed)


def round_score(round_number: int, bid: int, tricks: int) -> int:
    """Score of one round without the golden bonus: the bid times r, minus r per trick off.

    >>> round_score(8, 5, 7), round_score(8, 5, 5), round_score(8, 5, 2)
    (24, 40, -24)
    """
    if tricks >= bid:
        return (bid - (tricks - bid)) * round_number
    return -(bid - tricks) * round_number


def round_scores(
    round_number: int,
    bids: Sequence[int],
    tricks_won: Sequence[int],
    bonuses: Sequence[int] | None = None,
) -> list[int]:
    """Every seat's score of a round: ``round_score`` plus its golden bonus (round 10)."""
    scores = [
        round_score(round_number, bid, won) for bid, won in zip(bids, tricks_won, strict=True)
    ]
    if bonuses is not None:
        scores = [score + bonus for score, bonus in zip(scores, bonuses, strict=True)]
    return scores


def golden_bonuses(guesses: Sequence[tuple[str, str]], card: str, golden_both: str) -> list[int]:
    """Each seat's golden bonus for its (suit, rank) announcement."""
    return [golden_bonus(suit, rank, card, golden_both) for suit, rank in guesses]


def golden_bonus(guess_suit: str, guess_rank: str, card: str, golden_both: str = "160") -> int:
    """Bonus for one round-10 announcement against the revealed golden card."""
    suit_right = guess_suit == card[0]
    rank_right = guess_rank == card[1:]
    if suit_right and rank_right:
        return GOLDEN_BOTH if golden_both == "160" else GOLDEN_SUIT + GOLDEN_RANK + GOLDEN_BOTH
    return GOLDEN_SUIT * suit_right + GOLDEN_RANK * rank_right


def bid_order(dealer: int, players: int = 3) -> list[int]:
    """Seats in bidding order: left of the dealer first, the dealer last."""
    return [(dealer + step) % players for step in range(1, players + 1)]


def first_leader(dealer: int, players: int = 3) -> int:
    return (dealer + 1) % players


def next_dealer(
    points: Sequence[int], previous_dealer: int, dealer_tie: str | None = "fewest"
) -> int:
    """Who deals next, from the points that decide it (running totals by default).

    One leader deals; two sharing the top → the third (fewest points) deals, or the previous
    dealer under ``dealer_tie="previous_dealer"``; all three equal → the previous dealer.
    A table whose rules predate ``dealer_tie`` passes None: the default, "fewest".
    """
    top = max(points)
    leaders = [seat for seat, value in enumerate(points) if value == top]
    if len(leaders) == 1:
        return leaders[0]
    if len(leaders) == len(points) or dealer_tie == "previous_dealer":
        return previous_dealer
    return min(range(len(points)), key=lambda seat: points[seat])


def final_totals(totals: Sequence[int], penalties: Sequence[int]) -> list[int]:
    """Totals after the Farbkarten penalties (counts of revokes), deducted only at the end."""
    return [total - PENALTY_POINTS * count for total, count in zip(totals, penalties, strict=True)]


def winners(final: Sequence[int]) -> list[int]:
    """Seats with the highest final total; equal highest totals share the win."""
    top = max(final)
    return [seat for seat, value in enumerate(final) if value == top]
