"""How each game runs as a tournament: table sizes, games per round, what the standings count.

Schafkopf is open-ended: a table plays games until the round's number of games is reached
(``games_required`` on the scorepad table). The other games end by their own rules
(Schatzsuche after 10 rounds, Scharfe Schoten after as many rounds as players, Stichwahl at
30 points), so a tournament round is one complete game per table and "games per round" is 1.
Skat plays a list per round whose length is the rule profile's (36 games at a table of 3, 48
at 4), ranked by the sum of Seeger-Fabian points.

What breaks a tie in points is the format's too (``tie_counts``): Schafkopf counts won solos,
Skat (ISkO) games won as declarer, then (fewer) games lost; the lot decides what is left.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from scoring.pads import PADS
from scoring.pads.schafkopf.game import SOLOS, priced_by_evening
from scoring.pads.schafkopf.labels import PAPER
from scoring.rules import scharfe_schoten as scharfe_schoten_rules
from scoring.rules.schatzsuche import scores as schatzsuche_rules
from scoring.rules.skat.profiles import PROFILES as SKAT_PROFILES
from scoring.rules.stichwahl.scores import WINNING_TOTAL

# The solos (scoring.pads.schafkopf.game.SOLOS, one definition for the sheet's circles, the
# season and here): a won one is circled on the Spielliste and breaks ties.
SOLO_CONTRACTS = frozenset(SOLOS)


@dataclass(frozen=True)
class TieCount:
    """A count of games per player that breaks ties in points: the games (revisions) it
    counts are those matching ``games``, credited to the seat in ``data[declarer]``."""

    key: str  # the standings' name of it ("solos", "won", "lost"): decided_by, CSV, marks
    games: Q
    more_is_better: bool = True
    declarer: str = "declarer"


@dataclass(frozen=True)
class Format:
    game: str
    base_sizes: tuple[int, ...]  # sizes a full table may have
    sizes: tuple[int, ...]  # every size a table may have (odd tables included)
    open_ended: bool = False  # plays games_per_round games, else one complete game
    zero_sum: bool = False  # every game's scores add up to 0
    counts_solos: bool = False  # won solos are a tie-break
    # The setup's name of the tie-break by the format's own counts (``tie_counts``) when
    # they are not won solos; None: no such counts.
    tie_break_label: str | None = None
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

    def length(self, players: int, profile: dict | None = None) -> int | None:
        """Rounds of one complete game at a table of ``players`` (None: not fixed)."""
        return None

    def available_sizes(self) -> tuple[int, ...]:
        """The sizes the game's scorepad can seat (its form's player count range)."""
        if self.game not in PADS:
            # Not offered for a new tournament (``available_games``) until its pad exists.
            return self.sizes
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

    def tie_counts(self, profile: dict) -> tuple[TieCount, ...]:
        """What breaks a tie in points before the lot, in order (a tournament whose tie-break
        setting is the lot uses none of them)."""
        return ()

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

    def tie_counts(self, profile):
        return (TieCount("solos", self.won_solos()),)

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
    def length(self, players, profile=None):
        return schatzsuche_rules.ROUNDS

    def points(self, totals, extras):
        # Revokes are deducted from the running totals as they happen (the pad deducts
        # them at the end of the game; the sum is the same once the game is over).
        penalties = extras.get("penalties") or [0] * len(totals)
        return schatzsuche_rules.final_totals(totals, penalties)


@dataclass(frozen=True)
class ScharfeSchotenFormat(Format):
    def length(self, players, profile=None):
        return scharfe_schoten_rules.rounds_in_game(players)


# A Skat game on the list with a declarer (the pad's data, HELPERS contract): passed-out
# deals and Ramsch have none.
# (Negating a JSON key's comparison would drop the games without that key: SQL's NULL.)
SKAT_DECLARED = Q(data__has_key="declarer") & (Q(data__passed=False) | ~Q(data__has_key="passed"))
SKAT_WON = TieCount("won", SKAT_DECLARED & Q(data__won=True))
SKAT_LOST = TieCount("lost", SKAT_DECLARED & Q(data__won=False), more_is_better=False)


@dataclass(frozen=True)
class SkatFormat(Format):
    def length(self, players, profile=None):
        # The list of the round: the profile's games_per_list_3/_4 (ISkO: 36 and 48).
        settings = {**SKAT_PROFILES["isko"], **(profile or {})}
        return settings.get(f"games_per_list_{players}")

    def tie_counts(self, profile):
        # The tournament's tie-break setting decides whether they break ties (its form writes
        # the profile's ``tie_break`` to match, so the pads' lists agree): one source of
        # truth, also for a profile changed behind the form's back (the admin).
        return (SKAT_WON, SKAT_LOST)

    def profile_tie_break(self, tie_break: str) -> str:
        """The profile's ``tie_break`` for the tournament's setting."""
        return "lot" if tie_break == "lot" else "won_then_lost"


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
        # Tables of 4 (the dealer sits out each game), of 3 only where the count demands it:
        # the setup's default remainder for 4 is "smaller" (13 players: 4, 3, 3, 3).
        SkatFormat(
            "skat",
            base_sizes=(4, 3),
            sizes=(3, 4),
            default_profile="isko",
            tie_break_label=_("games won as declarer, then fewer lost, then lot"),
        ),
    )
}


def available_games() -> list[str]:
    """Games that can run as a tournament now: their scorepad is registered."""
    return [game for game in FORMATS if game in PADS]


def get_format(game: str) -> Format:
    return FORMATS[game]
