"""A Skat table's sheet and print list read the same number of rows from the database
however many games the list has (scoring.bench_skat_list times them at 48 games)."""

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from scoring.bench_skat_list import open_table, pages, play_list

from .helpers import text

pytestmark = pytest.mark.django_db


def first_view(client, url: str) -> tuple[int, str]:
    """The queries of the page's first view after a save (nothing cached) and its text."""
    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        response = client.get(url)
    assert response.status_code == 200
    return len(captured), text(response)


@pytest.mark.parametrize("page", ["sheet", "print list"])
def test_the_queries_of_a_page_do_not_grow_with_the_games(page):
    client = Client()
    few, many = open_table(client), open_table(client)
    play_list(client, few, 6)
    play_list(client, many, 30)
    few_queries, few_text = first_view(client, pages(few)[page])
    many_queries, many_text = first_view(client, pages(many)[page])
    assert "Spiel 7 speichern" in few_text or page != "sheet"
    assert "Spiel 31 speichern" in many_text or page != "sheet"
    # Never more for more games (fewer, near the list's end: fewer games ahead to render).
    assert many_queries <= few_queries


def test_a_whole_list_of_48_reads_no_more_than_an_open_one():
    client = Client()
    few, whole = open_table(client), open_table(client)
    play_list(client, few, 6)
    play_list(client, whole, 48)
    for page in ("sheet", "print list"):
        few_queries, _text = first_view(client, pages(few)[page])
        whole_queries, whole_text = first_view(client, pages(whole)[page])
        assert ("48 von 48 Spielen der Liste" if page == "sheet" else "Seeger-Fabian") in whole_text
        assert whole_queries <= few_queries, page
