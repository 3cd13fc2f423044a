"""Score formulas and the checks of a round entered on the scorepad (the engine uses the same).

``counts`` are collected cards per colour, e.g. ``{"R": 6, "G": 2, "Y": 0, "B": 0}``;
a prediction is ``{"most": "R", "fewest": "Y"}``, as in a record.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .. import core
from ..core import RecordError
from ..i18n import N_
from .cards import CARDS, COLOURS, CUPBOARD_SIZE, HAND_SIZE

NAME = "scharfe_schoten"
PLAYER_COUNTS = (3, 4)
DEFAULT_PROFILE = "standard"
PROFILES: dict[str, dict[str, Any]] = {"standard": {}}  # no settings yet (rules: "Game")

FULFILLED, SHARED, MISSED = 5, 3, 0
CARDS_PER_COLOUR = len(CARDS) // len(COLOURS)


def prediction_points(
    counts: Mapping[str, int], most: str, fewest: str
) -> tuple[int, int, int, int]:
    """(most points, fewest points, difference bonus, total) of one player's round.

    Most: strictly more than every other colour → 5, the maximum shared → 3, else 0; fewest
    likewise with the minimum; when both score, add c[most] − c[fewest].

    >>> prediction_points({"R": 6, "G": 3, "Y": 0, "B": 0}, "R", "Y")
    (5, 3, 6, 14)
    >>> prediction_points({"R": 0, "G": 0, "Y": 0, "B": 0}, "G", "B")
    (3, 3, 0, 6)
    """
    most_count, fewest_count = counts[most], counts[fewest]
    most_of_others = max([counts[colour] for colour in COLOURS if colour != most])
    fewest_of_others = min([counts[colour] for colour in COLOURS if colour != fewest])
    most_points = _points(most_count - most_of_others)
    fewest_points = _points(fewest_of_others - fewest_count)
    difference = most_count - fewest_count if most_points and fewest_points else 0
    return most_points, fewest_points, difference, most_points + fewest_points + difference


def check_setting(key: str, value: Any) -> None:
    raise RecordError(f"settings.{key}", N_("Scharfe Schoten has no settings yet"))


def _points(lead: int) -> int:
    """5 for a lead over every other colour, 3 for a tie at the top, 0 when behind."""
    if lead > 0:
        return FULFILLED
    return SHARED if lead == 0 else MISSED


def round_scores(
    collected: Sequence[Mapping[str, int]], predictions: Sequence[Mapping[str, str]]
) -> list[int]:
    """Points of every seat in one round."""
    return [
        prediction_points(counts, prediction["most"], prediction["fewest"])[3]
        for counts, prediction in zip(collected, predictions, strict=True)
    ]


def tricks_per_round(players: int) -> int:
    return HAND_SIZE[players]


def rounds_in_game(players: int) -> int:
    """As many rounds as players: everybody is start player once."""
    return players


def start_player(first_start: int, round_number: int, players: int) -> int:
    """The seat that leads round ``round_number`` (1-based); the start moves one seat left."""
    return (first_start + round_number - 1) % players


def winners(totals: Sequence[int]) -> list[int]:
    """Seats with the highest total; equal highest totals share the win [interpretation]."""
    top = max(totals)
    return [seat for seat, total in enumerate(totals) if total == top]


class EntryProblem(core.EntryProblem):
    """One rejected scorepad entry (``core.EntryProblem``) in this game's wording: ``field``
    is ``collected[1].R``, ``collected.R`` for a whole colour column, ``tricks_won[2]`` or
    ``predictions[0]``."""

    game = NAME


def check_predictions(predictions: Sequence[Mapping[str, str]]) -> list[EntryProblem]:
    """Two different colours per player."""
    return [
        EntryProblem(f"predictions[{seat}]", "prediction_same_colour", seat, {"colour": p["most"]})
        for seat, p in enumerate(predictions)
        if p["most"] == p["fewest"]
    ]


def check_colour_counts(collected: Sequence[Mapping[str, int]]) -> list[EntryProblem]:
    """Every card ends in a collection: per colour the players' counts sum to 12."""
    problems = []
    for colour in COLOURS:
        total = sum(counts[colour] for counts in collected)
        if total != CARDS_PER_COLOUR:
            problems.append(
                EntryProblem(
                    f"collected.{colour}", "colour_total", None, {"colour": colour, "total": total}
                )
            )
    return problems


def check_tricks_won(
    tricks_won: Sequence[int], collected: Sequence[Mapping[str, int]]
) -> list[EntryProblem]:
    """Tricks won against the number of tricks and each player's collected cards.

    3 players: every trick brings 3 cards plus one from the cupboard, so cards = 4 · tricks.
    4 players: cards = 4 · tricks + k with 0 ≤ k ≤ tricks cupboard cards, the k summing to 8.
    """
    players = len(tricks_won)
    tricks = tricks_per_round(players)
    problems = []
    total = sum(tricks_won)
    if total != tricks:
        problems.append(
            EntryProblem(
                "tricks_won",
                "tricks_total",
                None,
                {"total": total, "players": players, "tricks": tricks},
            )
        )
    cupboard_cards = 0
    for seat, (won, counts) in enumerate(zip(tricks_won, collected, strict=True)):
        cards = sum(counts[colour] for colour in COLOURS)
        params = {"tricks": won, "total": cards}
        if players == 3:
            if cards != 4 * won:
                problems.append(
                    EntryProblem(
                        f"tricks_won[{seat}]", "card_total", seat, {**params, "expected": 4 * won}
                    )
                )
            continue
        cupboard_cards += cards - 4 * won
        if not 4 * won <= cards <= 5 * won:
            problems.append(
                EntryProblem(
                    f"tricks_won[{seat}]",
                    "card_total_range",
                    seat,
                    {**params, "low": 4 * won, "high": 5 * won},
                )
            )
    if players == 4 and cupboard_cards != CUPBOARD_SIZE[4]:
        problems.append(
            EntryProblem("tricks_won", "cupboard_total", None, {"total": cupboard_cards})
        )
    return problems


def check_round(
    predictions: Sequence[Mapping[str, str]],
    collected: Sequence[Mapping[str, int]],
    tricks_won: Sequence[int] | None = None,
) -> list[EntryProblem]:
    """Every problem of one round's entry (tricks won are optional on the pad)."""
    problems = check_predictions(predictions) + check_colour_counts(collected)
    if tricks_won is not None:
        problems += check_tricks_won(tricks_won, collected)
    return problems
