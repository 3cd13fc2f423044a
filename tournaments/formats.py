"""How each game runs as a tournament: table sizes, games per round, what the standings count.

Schafkopf is open-ended: a table plays games until the round's number of games is reached
(``games_required`` on the scorepad table). The other games end by their own rules
(Schatzsuche after 10 rounds, Scharfe Schoten after as many rounds as players, Stichwahl at
30 points), so a tournament round is one complete game per table and "games per round" is 1.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q

from scoring.pads import PADS
from scoring.pads.schafkopf.game import SOLOS, priced_by_evening
from scoring.pads.schafkopf.labels import PAPER
from scoring.rules import scharfe_schoten as scharfe_schoten_rules
from scoring.rules.schatzsuche import scores as schatzsuche_rules
from scoring.rules.stichwahl.scores import WINNING_TOTAL

# The solos (scoring.pads.schafkopf.game.SOLOS, one definition for the sheet's circles, the
# season and here): a won one is circled on the Spielliste and breaks ties.
SOLO_CONTRACTS = frozenset(SOLOS)


@dataclass(frozen=True)
class Format:
    game: str
    base_sizes: tuple[int, ...]  # sizes a full table may have
    sizes: tuple[int, ...]  # every size a table may have (odd tables included)
    open_ended: bool = False  # plays games_per_round games, else one complete game
    zero_sum: bool = False  # every game's scores add up to 0
    counts_solos: bool = False  # won solos are a tie-break
    thrown_in: bool = False  # a deal can be thrown in (the setup asks whether it counts)
    default_profile: str | None = None  # None: the game's own default profile
    # Per-seat lists in a game's data that the standings sum too (e.g. Schatzsuche revokes).
    seat_sums: tuple[str, ...] = ()
    # Fields of the scorepad's creation form that shape the rules besides its rule fields.
    profile_fields: tuple[str, ...] = ()
    # A game that ends at a score, not after a number of rounds: the points to reach.
    target: int | None = None
    # A table this large seats one player more than a game has (the dealer sits out each
    # game): whoever sat at one gets a full table next round when the numbers allow it.
    resting_size: int | None = None

    def length(self, players: int) -> int | None:
        """Rounds of one complete game at a table of ``players`` (None: not fixed)."""
        return None

    def available_sizes(self) -> tuple[int, ...]:
        """The sizes the game's scorepad can seat (its form's player count range)."""
        form = PADS[self.game].create_form_class
        most = form.player_count
        least = form.min_players or most
        return tuple(size for size in self.sizes if least <= size <= most)

    def remainder_size(self, size: int, remainder: str) -> int | None:
        odd = {"larger": size + 1, "smaller": size - 1}.get(remainder)
        return odd if odd in self.available_sizes() else None

    @property
    def most_seats(self) -> int:
        return max(self.sizes)

    def won_solos(self) -> Q | None:
        """The games (revisions) whose declarer won a solo; None: the game has no solos."""
        return None

    solo_declarer = "declarer"  # the data key naming the seat that played the solo

    def points(self, totals: list[int], extras: dict[str, list[int]]) -> list[int]:
        """A table's points in the standings from its summed scores (and summed extras)."""
        return totals

    def priced_by_sheet(self, profile: dict) -> bool:
        """Whether a game's amounts depend on the games before it, so that the standings take
        each table's sheet instead of summing the amounts stored with its games."""
        return False


@dataclass(frozen=True)
class SchafkopfFormat(Format):
    def priced_by_sheet(self, profile):
        # Bock rounds and the Stock: a correction reprices the games after it, and the Stock
        # left when the round ends is shared out (scoring/pads/schafkopf/summary.py).
        return priced_by_evening(profile)

    def won_solos(self):
        # The Schafkopf pad's data: contract, declarer and won (scoring/pads/schafkopf/game.py).
        # A solo "won" because an opponent misplayed is not circled on the sheet, nor counted.
        # A game from paper counts when the solo written beside its points was won.
        played = Q(data__contract__in=sorted(SOLO_CONTRACTS)) | Q(
            data__contract=PAPER, data__played__in=sorted(SOLO_CONTRACTS)
        )
        return played & Q(data__won=True) & ~Q(data__has_key="misplay")


@dataclass(frozen=True)
class SchatzsucheFormat(Format):
    def length(self, players):
        return schatzsuche_rules.ROUNDS

    def points(self, totals, extras):
        # Revokes are deducted from the running totals as they happen (the pad deducts
        # them at the end of the game; the sum is the same once the game is over).
        penalties = extras.get("penalties") or [0] * len(totals)
        return schatzsuche_rules.final_totals(totals, penalties)


@dataclass(frozen=True)
class ScharfeSchotenFormat(Format):
    def length(self, players):
        return scharfe_schoten_rules.rounds_in_game(players)


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
            thrown_in=True,
            default_profile="turnier-1-15",
            profile_fields=("preset", "money"),
            resting_size=5,
        ),
        SchatzsucheFormat("schatzsuche", base_sizes=(3,), sizes=(3,), seat_sums=("penalties",)),
        ScharfeSchotenFormat("scharfe_schoten", base_sizes=(3, 4), sizes=(3, 4)),
        # Two players need the variant for two (another deck): not at a tournament table.
        Format("stichwahl", base_sizes=(4, 3), sizes=(3, 4), target=WINNING_TOTAL),
    )
}


def available_games() -> list[str]:
    """Games that can run as a tournament now: their scorepad is registered."""
    return [game for game in FORMATS if game in PADS]


def get_format(game: str) -> Format:
    return FORMATS[game]
