"""The event streams of the tournament's live pages (scoring/events.py has the table's): the
organizer's round progress and the projector's standings hear of every change of their
tables and fetch their fragment once per change."""

from __future__ import annotations

from asgiref.sync import sync_to_async
from django.core.exceptions import PermissionDenied
from django.views.decorators.http import require_GET

from scoring.events import event_stream, listening
from scoring.push import channel

from ..access import get_round, get_tournament, public_tournament
from ..live import public_channels, round_channels


@require_GET
@listening
async def round_progress_events(request, pk: int, number: int):
    """For the tournament's organizers only (others: 403 when logged out, else 404)."""

    def channels():
        if not request.user.is_authenticated:
            raise PermissionDenied
        tournament = get_tournament(request, pk)
        return tournament.pk, round_channels(get_round(tournament, number))

    tournament_id, watched = await sync_to_async(channels)()
    return event_stream(request, watched, reconnect_on=channel("tournament", tournament_id))


@require_GET
@listening
async def public_standings_events(request, key: str):
    """For every holder of the projector link (its public key)."""

    def channels():
        tournament = public_tournament(key)
        return tournament.pk, public_channels(tournament)

    tournament_id, watched = await sync_to_async(channels)()
    return event_stream(request, watched, reconnect_on=channel("tournament", tournament_id))
