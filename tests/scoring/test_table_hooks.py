"""Hooks other apps use: a fixed number of games per table, and panels on the table page."""

import pytest
from django.urls import reverse
from django.utils.html import format_html

from scoring import hooks
from scoring.models import Round

from .helpers import create_schatzsuche, post_round, round_fields, text

pytestmark = pytest.mark.django_db


def test_games_required_ends_the_table_after_that_many_games(client):
    table, key = create_schatzsuche(client)
    table.options["games_required"] = 2
    table.save(update_fields=["options"])
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    post_round(client, key, 2, round_fields([0, 0, 2], [0, 0, 2]))
    page = text(client.get(reverse("table", args=[key])))
    assert "Spiel beendet" in page and "Sieger: Cem" in page
    refused = post_round(client, key, 3, round_fields([0, 0, 3], [0, 0, 3]))
    assert "Das Spiel ist beendet: Runde 3 kann nicht mehr eingetragen werden." in text(
        client.get(refused.url)
    )
    assert Round.objects.filter(table=table).count() == 2


def test_registered_table_panel_is_shown_on_the_table_page(client):
    def panel(request, access, summary):
        return format_html('<aside class="panel">Turnier: Runde {}</aside>', 1)

    hooks.register_table_panel(panel)
    try:
        _table, key = create_schatzsuche(client)
        assert "Turnier: Runde 1" in text(client.get(reverse("table", args=[key])))
    finally:
        hooks.TABLE_PANELS.remove(panel)
