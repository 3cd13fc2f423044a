"""The paper fallback (issue 24): every table sheet carries an empty game list (a row per game
of the round, a column per seat, Σ); the organizer enters a table's games from the office,
saved under his account and marked "vom Papier übertragen" in the audit trail."""

import re

import pytest
from django.urls import reverse

from scoring.audit import audit_trail
from scoring.models import Revision
from scoring.tables import summarize

from .helpers import rufspiel, solo

pytestmark = pytest.mark.django_db


def test_every_sheet_has_an_empty_game_list(client, schafkopf_round):
    tournament, _round, tables = schafkopf_round
    html = client.get(reverse("round_sheets", args=[tournament.pk, 1])).content.decode()
    lists = re.findall(r'<table class="paper-games">(.*?)</table>', html, re.S)
    assert len(lists) == len(tables)
    for paper, table in zip(lists, tables, strict=True):
        head = re.findall(r"<th[^>]*>([^<]*)</th>", paper.split("</thead>")[0])
        assert head[2:] == table.player_names
        body = paper.split("<tbody>")[1].split("</tbody>")[0]
        assert body.count("<tr>") == tournament.games_per_round
        assert "Σ" in paper.split("<tfoot>")[1]


def paper_url(tournament, number=1, table=1):
    return reverse("table_paper", args=[tournament.pk, number, table])


def test_the_organizer_transfers_a_tables_games_from_paper(client, schafkopf_round):
    tournament, _round, (first, _second) = schafkopf_round
    url = paper_url(tournament) + "?full=1"  # the pad's form, with every detail
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    # The pad's own form, sent to the office instead of the table link.
    assert f'action="{url}"' in html and "/save/" not in html

    for fields in (rufspiel(0, 2), solo(1, outcome="lost")):
        form = page.context["form"]
        data = {"base": 0, "submission": form["submission"].value(), **fields}
        response = client.post(url, data)
        assert response.status_code == 302
        page = client.get(url)

    summary = summarize(first)
    assert [row.scores for row in summary.rows] == [[1, -1, 1, -1], [5, -15, 5, 5]]
    revisions = Revision.objects.filter(round__table=first)
    assert {r.author for r in revisions} == {"leitung (Turnierleitung)"}
    assert {r.reason for r in revisions} == {"transferred from paper"}
    trail = audit_trail(first)
    assert [entry.reason for entry in trail if entry.round_number] == ["transferred from paper"] * 2
    # The organizer's table page says so in German.
    table_page = client.get(reverse("tournament_table", args=[tournament.pk, 1, 1]))
    assert "vom Papier übertragen" in table_page.content.decode()
    assert "Alle Spiele" in page.content.decode()  # both games in: nothing more to enter


def test_a_locked_table_takes_nothing_from_paper(client, schafkopf_round):
    tournament, _round, _tables = schafkopf_round
    client.post(reverse("table_lock", args=[tournament.pk, 1, 1]), {"lock_anyway": "1"})
    response = client.get(paper_url(tournament))
    assert response.status_code == 302
    other = reverse("table_paper", args=[tournament.pk, 1, 1])
    client.logout()
    assert client.get(other).status_code == 302  # to the login page
