"""'Wer sitzt wo?' (issue 24): per round every player alphabetically with table and seat, for
the wall and the projector; the old table's QR code (its scorer link) shows each of its
players his new table and seat once the next round is published."""

import re

import pytest
from django.urls import reverse

from tournaments import services

from .helpers import logged_in, make_tournament, published_round, scorer_key_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(client):
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=1)
    names = ["Zora", "anton", "Ben", "Mia", "Anna", "Cem", "Dora", "emil"]
    services.register_players(tournament, [(name, None) for name in names])
    return tournament


def rows_of(html):
    """(name, start number, table, seat) of every row of the seating list."""
    return re.findall(
        r'<td class="name">([^<]+)</td><td class="num">(\d+)</td>'
        r'<td class="at table-no">(\d+)</td><td class="at">(\d+)</td>',
        html,
    )


def test_the_list_is_alphabetical_with_each_players_table_and_seat(client, tournament):
    round_ = published_round(tournament)
    html = client.get(reverse("round_seating", args=[tournament.pk, 1])).content.decode()
    rows = rows_of(html)
    names = [name for name, *_rest in rows]
    assert names == sorted(names, key=str.casefold) and len(names) == 8
    assert names[0] == "Anna" and names[1] == "anton"
    for name, _number, table, seat in rows:
        drawn = round_.seats.get(player__name=name)
        assert (drawn.tournament_table.number, drawn.position + 1) == (int(table), int(seat))


def test_the_projector_page_shows_the_latest_published_round(client, tournament):
    public = reverse("public_seating", args=[tournament.public_key])
    client.logout()
    assert client.get(public).status_code == 404  # nothing published yet
    published_round(tournament)
    services.draw_round(tournament, seed="preview")  # a preview is nobody's business yet
    page = client.get(public)
    assert page.status_code == 200 and "Runde 1" in page.content.decode()
    live = reverse("public_seating_live", args=[tournament.public_key])
    first = client.get(live)
    assert client.get(live, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    services.publish_round(tournament.draws.get(number=2))
    assert "Runde 2" in client.get(public).content.decode()
    assert client.get(live, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 200
    assert "Runde 1" in client.get(public, {"round": 1}).content.decode()


def test_the_old_tables_qr_code_sends_its_players_to_their_new_tables(client, tournament):
    first = published_round(tournament)
    old = first.tables.get(number=1)
    scorer = reverse("table", args=[scorer_key_of(old.table)])
    assert "neuen Plätze" not in client.get(scorer).content.decode()
    second = published_round(tournament, seed="two")
    html = client.get(scorer).content.decode()
    assert "Runde 2 ist ausgelost" in html
    for seat in old.seats.select_related("player"):
        new = second.seats.get(player=seat.player)
        line = f"{seat.player.name}: Tisch {new.tournament_table.number}, Platz {new.position + 1}"
        assert line in html
    others = first.tables.get(number=2).seats.values_list("player__name", flat=True)
    assert not any(f"{name}: Tisch" in html for name in others)
