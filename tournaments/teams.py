"""The team competition (Skat leagues): teams of four registered players, ranked by the sum
of their players' points (their lists' Seeger-Fabian totals), beside the individual ranking.
Ties in points are decided by lot (a hash of the tournament's lot seed and the team's name).

The team standings are the individual standings (``standings.compute``, constant queries)
plus one query of the teams' places.
"""

from __future__ import annotations

import hashlib
import itertools
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from .models import TEAM_SIZE, Player, Team, TeamMember, Tournament
from .services import TournamentError
from .standings import Standing, Standings, compute


@dataclass
class TeamStanding:
    team_id: int
    name: str
    lot: str
    members: list[Standing] = field(default_factory=list)
    rank: int | None = None
    decided_by: str = ""  # "lot" when the lot placed the team among those of its points

    @property
    def points(self) -> int:
        return sum(member.shown_points for member in self.members)


@dataclass
class TeamStandings:
    tournament: Tournament
    standings: Standings  # the individual standings the teams were summed from
    rows: list[TeamStanding]


def team_lot(seed: str, name: str) -> str:
    return hashlib.sha256(f"{seed}:team:{name.casefold()}".encode()).hexdigest()


def team_standings(tournament: Tournament, round_number: int | None = None) -> TeamStandings:
    standings = compute(tournament, round_number)
    by_player = {row.player_id: row for row in standings.rows}
    teams: dict[int, TeamStanding] = {}
    for team_id, name, player_id in (
        TeamMember.objects.filter(tournament=tournament)
        .order_by("team__name", "place")
        .values_list("team_id", "team__name", "player_id")
    ):
        lot = team_lot(tournament.lot_seed, name)
        team = teams.setdefault(team_id, TeamStanding(team_id, name, lot))
        if player_id in by_player:
            team.members.append(by_player[player_id])
    rows = sorted(teams.values(), key=lambda team: (-team.points, team.lot))
    for place, team in enumerate(rows, start=1):
        team.rank = place
    for before, after in itertools.pairwise(rows):
        if before.points == after.points:
            before.decided_by = after.decided_by = "lot"
    return TeamStandings(tournament, standings, rows)


def save_team(tournament: Tournament, name: str, players: list[Player], team: Team | None = None):
    """Create (or change) a team: ``players`` at places 1.. in order. TournamentError when a
    player is in another team meanwhile (the form checked it before)."""
    if len(players) > TEAM_SIZE:
        raise TournamentError(_("A team has at most %(n)s players.") % {"n": TEAM_SIZE})
    try:
        with transaction.atomic():
            if team is None:
                team = Team.objects.create(tournament=tournament, name=name)
            else:
                team.name = name
                team.save(update_fields=["name"])
                team.members.all().delete()
            TeamMember.objects.bulk_create(
                TeamMember(team=team, tournament=tournament, player=player, place=place)
                for place, player in enumerate(players, start=1)
            )
            # The projector's team standings hear of it.
            tournament.touch()
    except IntegrityError:
        raise TournamentError(
            _("The team could not be saved: a name or a player was taken meanwhile. Try again.")
        ) from None
    return team


def delete_team(team: Team) -> None:
    with transaction.atomic():
        team.delete()
        team.tournament.touch()
