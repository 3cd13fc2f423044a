"""How each game runs as a tournament: table sizes, games per round, what the standings count.

Schafkopf is open-ended: a table plays games until the round's number of games is reached
(``games_required`` on the scorepad table). The other games end by their own rules
(Schatzsuche after 10 rounds, Scharfe Schoten after as many rounds as players, Stichwahl at
30 points), so a tournament round is one complete game per table and "games per round" is 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from scoring.pads import PADS
from scoring.rules.schatzsuche import scores as schatzsuche_rules

# Contracts a player plays alone; a won one is circled on the Spielliste and breaks ties.
SOLO_CONTRACTS = frozenset({"solo", "wenz", "solo_tout", "wenz_tout", "sie"})


@dataclass(frozen=True)
class Format:
    game: str
    base_sizes: tuple[int, ...]  # sizes a full table may have
    sizes: tuple[int, ...]  # every size a table may have (odd tables included)
    open_ended: bool = False  # plays games_per_round games, else one complete game
    zero_sum: bool = False  # every game's scores add up to 0
    counts_solos: bool = False  # won solos are a tie-break
    default_profile: str | None = None  # None: the game's own default profile
    # Keys of a round's data the standings need (fetched without loading the whole data).
    data_keys: tuple[str, ...] = ()
    # Fields of the scorepad's creation form that shape the rules besides its rule fields.
    profile_fields: tuple[str, ...] = ()

    def available_sizes(self) -> tuple[int, ...]:
        """The sizes the game's scorepad can seat (its form's player count range)."""
        form = PADS[self.game].create_form_class
        most = form.player_count
        least = form.min_players or most
        return tuple(size for size in self.sizes if least <= size <= most)

    def remainder_size(self, size: int, remainder: str) -> int | None:
        odd = {"larger": size + 1, "smaller": size - 1}.get(remainder)
        return odd if odd in self.available_sizes() else None

    def won_solo(self, data: dict[str, Any], scores: Sequence[int]) -> int | None:
        """The seat that won a solo in this game, if any."""
        return None

    def points(self, totals: list[int], extras: dict[str, list[int]]) -> list[int]:
        """A table's points in the standings from its summed scores (and summed extras)."""
        return totals


@dataclass(frozen=True)
class SchafkopfFormat(Format):
    def won_solo(self, data, scores):
        declarer = data.get("declarer")
        solo = data.get("contract") in SOLO_CONTRACTS and data.get("won") is True
        if solo and isinstance(declarer, int) and 0 <= declarer < len(scores):
            return declarer
        return None


@dataclass(frozen=True)
class SchatzsucheFormat(Format):
    def points(self, totals, extras):
        # Revokes are deducted from the running totals as they happen (the pad deducts
        # them at the end of the game; the sum is the same once the game is over).
        penalties = extras.get("penalties") or [0] * len(totals)
        return schatzsuche_rules.final_totals(totals, penalties)


FORMATS: dict[str, Format] = {
    fmt.game: fmt
    for fmt in (
        SchafkopfFormat(
            "schafkopf",
            base_sizes=(4,),
            sizes=(4, 5),
            open_ended=True,
            zero_sum=True,
            counts_solos=True,
            default_profile="turnier-1-15",
            data_keys=("contract", "declarer", "won"),
            profile_fields=("preset", "money"),
        ),
        SchatzsucheFormat("schatzsuche", base_sizes=(3,), sizes=(3,), data_keys=("penalties",)),
        Format("scharfe_schoten", base_sizes=(3, 4), sizes=(3, 4)),
        # Two players need the variant for two (another deck): not at a tournament table.
        Format("stichwahl", base_sizes=(4, 3), sizes=(3, 4)),
    )
}


def available_games() -> list[str]:
    """Games that can run as a tournament now: their scorepad is registered."""
    return [game for game in FORMATS if game in PADS]


def get_format(game: str) -> Format:
    return FORMATS[game]
