"""A save sent from the sheet page by offline.js (``HX-Request``) is answered in place: the parts
of the sheet page that change, not a redirect to a new page (docs/scorepad.md, "Saving")."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Revision
from scoring.services import Author, lock_table

from .helpers import create_schatzsuche, post_round, round_fields, text

pytestmark = pytest.mark.django_db

IN_PLACE = {"HTTP_HX_REQUEST": "true"}


def save_in_place(client, key, number, fields, **kwargs):
    """A save as offline.js sends it from the sheet page."""
    return post_round(client, key, number, fields, **kwargs, **IN_PLACE)


def form_action(response) -> str:
    return re.search(r'<form method="post" action="([^"]+)"', response.content.decode()).group(1)


def test_a_saved_round_answers_with_the_next_form_the_message_and_the_sheet(client):
    table, key = create_schatzsuche(client)
    response = save_in_place(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 200
    assert response["Stichblock-Entry"] == "saved"
    page = text(response)
    assert page.startswith("Runde 1 gespeichert.")
    assert form_action(response) == reverse("round_save", args=[key, 2])
    assert "Ansagen (0 bis 2)" in page
    html = response.content.decode()
    assert 'id="round-1"' in html  # the sheet, with the round just saved
    assert 'data-live-version="1"' in html
    assert re.search(r'id="round-info"[^>]* hx-swap-oob="true"', html)  # the next round's facts
    assert "Runde 2 von 10" in page
    assert "<html" not in html  # a part of the page, not a page
    assert "data-round=" not in html  # the page holds the rounds ahead already
    assert reverse("sheet_csv", args=[key]) in html  # a sheet with a round can be downloaded
    # The message was shown with the answer: the next page does not show it again.
    assert "Runde 1 gespeichert." not in text(client.get(reverse("table", args=[key])))
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_repeat_and_an_unchanged_round_store_nothing_new(client):
    table, key = create_schatzsuche(client)
    token = uuid.uuid4()
    fields = round_fields([0, 1, 0], [0, 1, 0])
    save_in_place(client, key, 1, fields, submission=token)
    again = save_in_place(client, key, 1, fields, submission=token)
    assert again.status_code == 200 and again["Stichblock-Entry"] == "saved"
    unchanged = save_in_place(client, key, 1, fields, base=1, reason="nur nachgesehen")
    assert unchanged["Stichblock-Entry"] == "unchanged"
    assert "Runde 1: Nichts geändert." in text(unchanged)
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_mistake_keeps_what_was_typed_and_names_the_field(client):
    table, key = create_schatzsuche(client)
    response = save_in_place(client, key, 1, round_fields([0, 1, 0], [1, 1, 0]))
    assert response.status_code == 422
    assert response["Stichblock-Entry"] == "invalid"
    html = response.content.decode()
    assert "Stiche" in text(response) and "form-errors" in html
    assert re.search(r'name="tricks_0"[^>]*value="1"', html)  # what was typed stays
    assert form_action(response) == reverse("round_save", args=[key, 1])
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_round_saved_meanwhile_elsewhere_shows_both_entries_on_the_sheet(client):
    table, key = create_schatzsuche(client)
    post_round(Client(), key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Ben")
    response = save_in_place(client, key, 1, round_fields([1, 1, 1], [1, 0, 0]))
    assert response.status_code == 409
    assert response["Stichblock-Entry"] == "conflict"
    page = text(response)
    assert "Nicht gespeichert: Runde 1 wurde inzwischen auf einem anderen Handy geändert." in page
    assert "gespeichert von Ben" in page
    assert "Als Runde 2 speichern" in page and "Runde 1 ersetzen" in page
    html = response.content.decode()
    assert re.search(r'name="bid_0"[^>]*value="1"', html)  # his entry, as he typed it
    assert re.search(r'name="base"[^>]*value="0"', html)  # made for the empty round
    assert 'id="round-1"' in html  # the sheet shows Ben's round
    assert [r.data["bids"] for r in Revision.objects.filter(round__table=table)] == [[0, 1, 0]]
    # The sheet is the one stored: the version the refused save bumped was rolled back.
    assert 'data-live-version="1"' in html
    table.refresh_from_db()
    assert table.version == 1
    # The next save shows the version it wrote, and its viewers' fragment was sent for it.
    saved = save_in_place(client, key, 2, round_fields([0, 1, 1], [0, 1, 1]))
    assert saved["Stichblock-Entry"] == "saved"
    assert 'data-live-version="2"' in saved.content.decode()
    assert 'id="round-2"' in saved.content.decode()


def test_a_locked_table_answers_in_place_and_a_form_without_javascript_gets_a_new_page(client):
    """A save the locked table refuses is answered in place too (Stichblock-Entry: locked),
    so the phone keeps the entry with the reason instead of posting it as a page, which used
    to let the entry go with the redirect (issue 28)."""
    table, key = create_schatzsuche(client)
    without_js = post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert without_js.status_code == 302
    assert without_js.url == reverse("table", args=[key]) + "#round-1"
    lock_table(table, Author(name="Organizer"))
    locked = save_in_place(client, key, 2, round_fields([0, 1, 0], [0, 1, 1]))
    assert locked.status_code == 423 and locked["Stichblock-Entry"] == "locked"
    assert "gesperrt" in text(locked)
