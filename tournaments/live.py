"""What a tournament's live pages watch (scoring/push.py): the round's progress watches its
tables, the projector's standings every table of the tournament; both watch the tournament
itself (entry list, a round published). The version a page shows is the sum of theirs, so the
page's fragment and its stream count the same way."""

from __future__ import annotations

from scoring.models import Table
from scoring.push import channel

from .models import Tournament, TournamentRound


def round_channels(round_: TournamentRound) -> dict[str, int]:
    tables = Table.objects.filter(tournament_table__round=round_).values_list("pk", "version")
    return tournament_channels(round_.tournament, tables)


def public_channels(tournament: Tournament) -> dict[str, int]:
    tables = Table.objects.filter(tournament_table__round__tournament=tournament).values_list(
        "pk", "version"
    )
    return tournament_channels(tournament, tables)


def tournament_channels(tournament: Tournament, tables) -> dict[str, int]:
    channels = {channel("tournament", tournament.pk): tournament.version}
    channels.update({channel("table", pk): version for pk, version in tables})
    return channels


def live_version(channels: dict[str, int]) -> int:
    return sum(channels.values())
