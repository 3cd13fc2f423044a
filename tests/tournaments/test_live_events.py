"""The tournament's live pages are pushed too (tournaments/views/events.py): the round's
progress (its organizers only) and the projector's standings hear of a game entered at any
of their tables; their version is the sum of the versions they watch."""

import asyncio

import pytest
from asgiref.sync import sync_to_async
from django.test import AsyncClient, Client
from django.urls import reverse

from tests.scoring.test_live_events import next_messages, streaming
from tournaments.live import live_version, public_channels, round_channels

from .helpers import enter_game, logged_in, make_tournament, published_round, register, rufspiel

pytestmark = pytest.mark.django_db(transaction=True)


@sync_to_async
def setup():
    client = Client()
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=2)
    register(tournament, 8)
    round_ = published_round(tournament)
    tables = [tt.table for tt in round_.tables.order_by("number")]
    return client, tournament, round_, tables


@sync_to_async
def versions(tournament, round_):
    tournament.refresh_from_db()
    return live_version(round_channels(round_)), live_version(public_channels(tournament))


@streaming
async def test_progress_and_projector_hear_of_a_game_entered():
    client, tournament, round_, tables = await setup()
    progress_version, public_version = await versions(tournament, round_)
    organizer = AsyncClient()
    organizer.cookies = client.cookies  # the organizer's session
    progress = await organizer.get(
        reverse("round_progress_events", args=[tournament.pk, round_.number])
    )
    public = await AsyncClient().get(
        reverse("public_standings_events", args=[tournament.public_key])
    )
    assert progress.status_code == public.status_code == 200
    streams = [aiter(progress.streaming_content), aiter(public.streaming_content)]
    try:
        first = [await next_messages(stream) for stream in streams]
        assert first[0][1]["data"] == str(progress_version)
        assert first[1][1]["data"] == str(public_version)
        await sync_to_async(enter_game)(tables[1], 1, rufspiel(0, 2))
        events = await asyncio.gather(*(next_messages(stream) for stream in streams))
        assert [e[0]["data"] for e in events] == [
            str(progress_version + 1),
            str(public_version + 1),
        ]
    finally:
        for stream in streams:
            await stream.aclose()
    # The pages name the same version their streams count.
    page = await sync_to_async(client.get)(
        reverse("tournament_round", args=[tournament.pk, round_.number])
    )
    assert f'data-live-version="{progress_version + 1}"' in page.content.decode()
    assert "every 5s" not in page.content.decode()


@streaming
async def test_only_the_organizers_hear_the_progress():
    _client, tournament, round_, _tables = await setup()
    url = reverse("round_progress_events", args=[tournament.pk, round_.number])
    assert (await AsyncClient().get(url)).status_code == 403
    other = AsyncClient()
    await other.aforce_login(await sync_to_async(logged_in)(Client(), "andere"))
    assert (await other.get(url)).status_code == 404
    bad = reverse("public_standings_events", args=["no-such-public-key-0123"])
    assert (await AsyncClient().get(bad)).status_code == 404
