"""Disputes on the scorepad: who may open, change, read and apply them, and what applying does.

docs/disputes.md; the round is a Rufspiel in which Dora revoked (tests/scoring/dispute_deals).
"""

import re

import pytest
from django.urls import reverse

from scoring import hooks
from scoring.models import Dispute, Revision, TableEvent
from scoring.services import Author, lock_table

from .dispute_deals import REVOKE, REVOKE_MESSAGE_DE
from .dispute_helpers import apply, open_dispute, paste, tap, undo, url, version
from .helpers import text, viewer_key
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db

# What the table entered: Ben's Rufspiel with Dora lost with 50 Augen.
ENTERED = game("rufspiel", 1, 3, called="G", augen=50)


@pytest.fixture
def sheet(client):
    table, key = create_schafkopf(client)
    play(client, key, 1, ENTERED)
    return table, key


def test_scorer_opens_a_dispute_prefilled_from_the_sheet(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1, note="Dora hatte Eichel!")
    assert dispute.draft["setup"] == {
        "dealer": 0,
        "contract": {"type": "rufspiel", "declarer": 1, "called": "G"},
    }
    assert dispute.draft["players"] == ["Anna", "Ben", "Cem", "Dora"]
    assert dispute.opened_at_revision == 1
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.DISPUTE_OPENED)
    assert (event.round_number, event.author, event.reason) == (1, "Vera", "Dora hatte Eichel!")
    round_page = text(client.get(reverse("round", args=[key, 1])))
    assert "Streitfälle" in round_page and "„Dora hatte Eichel!“" in round_page
    board = text(client.get(url("dispute", key, dispute)))
    assert "Stich 1: Ben spielt aus." in board
    sheet_page = text(client.get(reverse("table", args=[key])))
    assert "Offene Streitfälle: Spiel 1 („Dora hatte Eichel!“)" in sheet_page


def test_viewer_reads_a_dispute_but_cannot_open_change_or_apply_one(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    viewer = viewer_key(table)
    page = client.get(reverse("dispute", args=[viewer, dispute.pk]))
    assert page.status_code == 200
    assert REVOKE_MESSAGE_DE in text(page)
    assert 'name="action"' not in page.content.decode()
    before = version(dispute)
    refused = [
        client.post(reverse("dispute_round", args=[viewer, 1]), {"note": "x"}),
        client.post(
            reverse("dispute_act", args=[viewer, dispute.pk]), {"version": before, "undo": "1"}
        ),
        client.post(reverse("dispute_setup", args=[viewer, dispute.pk]), {"version": before}),
        client.post(reverse("dispute_paste", args=[viewer, dispute.pk]), {"version": before}),
        client.post(reverse("dispute_hands", args=[viewer, dispute.pk]), {"version": before}),
        client.post(reverse("dispute_apply", args=[viewer, dispute.pk]), {"version": before}),
    ]
    assert [response.status_code for response in refused] == [403] * 6
    assert version(dispute) == before
    assert Dispute.objects.count() == 1
    assert Revision.objects.filter(round__table=table).count() == 1


def test_link_of_another_table_never_reaches_a_dispute(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    _other, other_key = create_schafkopf(client, players=("Xaver", "Yvonne", "Zenzi", "Wolf"))
    assert client.get(reverse("dispute", args=[other_key, dispute.pk])).status_code == 404
    tapped = client.post(
        reverse("dispute_act", args=[other_key, dispute.pk]),
        {"version": version(dispute), "action": "HU"},
    )
    assert tapped.status_code == 404
    assert client.get(reverse("dispute_record", args=[other_key, dispute.pk])).status_code == 404
    assert version(dispute) == 1


def test_read_only_link_shows_replay_and_verdict_and_changes_nothing(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    shared = reverse("dispute_shared", args=[dispute.share_key])
    page = client.get(shared, {"step": 2})
    html = page.content.decode()
    assert page.status_code == 200
    assert "Nur ansehen" in text(page)
    assert REVOKE_MESSAGE_DE in text(page)
    assert "Stich 2 von 8" in text(page)
    # No form of the page posts anywhere but the language switch.
    actions = re.findall(r'<form[^>]*action="([^"]*)"', html)
    assert actions == [reverse("set_language")]
    assert key not in html  # the scorer link does not leak
    assert client.post(shared).status_code == 405
    record = client.get(reverse("dispute_shared_record", args=[dispute.share_key]))
    assert record.status_code == 200 and b'"plays"' in record.content
    assert client.get(reverse("dispute_shared", args=["nicht-geraten"])).status_code == 404


def test_organizer_acts_on_a_table_through_the_authority_hook(client, django_user_model, sheet):
    table, _key = sheet
    organizer = django_user_model.objects.create_user("orga", password="x")
    stranger = django_user_model.objects.create_user("gast", password="x")

    def organizes(request, candidate):
        return request.user == organizer and candidate.pk == table.pk

    round_url = reverse("dispute_round_org", args=[table.pk, 1])
    assert client.get(round_url).status_code == 302  # not logged in: to the login page
    hooks.register_table_authority(organizes)
    try:
        client.force_login(stranger)
        assert client.get(round_url).status_code == 404
        client.force_login(organizer)
        assert client.get(round_url).status_code == 200
        opened = client.post(round_url, {"note": "Schiedsrichter", "author": "Turnierleitung"})
        dispute = Dispute.objects.get(table=table)
        assert opened.url == reverse("dispute_org", args=[table.pk, dispute.pk])
        pasted = client.post(
            reverse("dispute_paste_org", args=[table.pk, dispute.pk]),
            {"version": version(dispute), "text": _json(REVOKE)},
        )
        assert pasted.status_code == 302
        applied = client.post(
            reverse("dispute_apply_org", args=[table.pk, dispute.pk]),
            {
                "version": version(dispute),
                "base": 1,
                "submission": "5f0e2f4e-1c1d-4e61-9d44-2a9c5f3d9a01",
                "author": "Turnierleitung",
                "note": "",
            },
        )
        assert applied.status_code == 302
        current = Revision.objects.get(round__table=table, is_current=True)
        # The organizer's account is who decided, with the arbiter he named (the audit
        # trail's "who").
        expected = (2, "dispute", "orga (Turnierleitung), Schiedsrichter Turnierleitung")
        assert (current.number, current.source, current.author) == expected
    finally:
        hooks.TABLE_AUTHORITIES.remove(organizes)
    assert client.get(round_url).status_code == 404  # without the hook nobody has authority


def _json(record):
    import json

    return json.dumps(record)


def test_a_stale_tap_is_refused_with_a_message_and_changes_nothing(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    seen = version(dispute)
    assert tap(client, key, dispute, "HU").status_code == 302
    second_phone = client.post(url("dispute_act", key, dispute), {"version": seen, "action": "HO"})
    assert second_phone.status_code == 302
    page = text(client.get(second_phone.url))
    assert "auf einem anderen Handy" in page
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == ["HU"]
    # With htmx the board comes back in place (409), with the same message.
    swapped = client.post(
        url("dispute_act", key, dispute), {"version": seen, "action": "HO"}, HTTP_HX_REQUEST="true"
    )
    assert swapped.status_code == 409
    assert 'id="dispute-live"' in swapped.content.decode()
    assert "auf einem anderen Handy" in text(swapped)


def test_tap_with_htmx_swaps_the_board_and_undo_takes_the_card_back(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    swapped = client.post(
        url("dispute_act", key, dispute),
        {"version": version(dispute), "action": "HU"},
        HTTP_HX_REQUEST="true",
    )
    assert swapped.status_code == 200
    html = swapped.content.decode()
    assert html.lstrip().startswith('<div id="dispute-live"') and "<html" not in html
    assert "Stich 1: Cem gibt zu." in text(swapped)
    assert undo(client, key, dispute).status_code == 302
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == []
    nothing = undo(client, key, dispute)
    assert "Nichts zurückzunehmen" in text(client.get(nothing.url))
    forged = tap(client, key, dispute, "HX")
    assert "HX ist keine Karte und kein Zug dieses Spiels." in text(client.get(forged.url))
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == []


def test_applying_the_verdict_stores_a_dispute_revision_and_keeps_the_old_one(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1, note="Dora hatte Eichel!")
    paste(client, key, dispute, REVOKE)
    page = text(client.get(url("dispute", key, dispute)))
    assert "Spielblock und Urteil" in page
    assert "Augen Spieler: 50 → 65" in page
    response = apply(client, key, dispute, base=1, note="Dora hat nicht bedient")
    assert response.url == reverse("round", args=[key, 1])
    revisions = list(Revision.objects.filter(round__table=table).order_by("number"))
    assert [(r.number, r.source, r.is_current) for r in revisions] == [
        (1, "entry", False),
        (2, "dispute", True),
    ]
    new = revisions[1]
    assert new.reason == "dispute: Dora hat nicht bedient"
    assert new.scores == [-1, 1, -1, 1]  # Ben and Dora won with 65 Augen, as played
    assert (new.data["augen"], new.data["won"], new.data["partner"]) == (65, True, 3)
    assert revisions[0].data["augen"] == 50
    dispute.refresh_from_db()
    assert dispute.revision == new and dispute.is_applied and dispute.applied_by == "Vera"
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.DISPUTE_APPLIED)
    assert (event.details["dispute"], event.details["revision"]) == (dispute.pk, 2)
    history = text(client.get(response.url))
    assert (
        "Streitfall von Vera" in history and "Grund: Streitfall: Dora hat nicht bedient" in history
    )
    audit = text(client.get(reverse("audit", args=[key])))
    assert "Streitfall eröffnet" in audit and "Streitfall übernommen" in audit
    # A second tap on "apply" stores nothing more; the record no longer changes.
    again = apply(client, key, dispute, base=1, note="Dora hat nicht bedient")
    assert "bereits übernommen" in text(client.get(again.url))
    assert Revision.objects.filter(round__table=table).count() == 2
    refused = tap(client, key, dispute, "HU")
    assert "bereits übernommen" in text(client.get(refused.url))
    dispute.refresh_from_db()
    assert len(dispute.draft["actions"]) == 32


def test_double_submit_of_apply_stores_one_revision(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    seen = version(dispute)
    first = apply(client, key, dispute, base=1)
    assert first.status_code == 302
    Dispute.objects.filter(pk=dispute.pk).update(applied_at=None, revision=None)
    # The same submission again (a double tap) returns the stored revision.
    data = {
        "version": seen,
        "base": 1,
        "submission": "0b0c5a57-0d1e-4b1e-9f51-3e4d3d0e5d11",
        "author": "Vera",
        "note": "",
    }
    client.post(url("dispute_apply", key, dispute), data)
    assert Revision.objects.filter(round__table=table).count() == 2


def test_a_locked_table_refuses_applying_with_the_locked_message(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    lock_table(table, Author(name="Ben"), reason="bestätigt")
    page = text(client.get(url("dispute", key, dispute)))
    assert "bestätigt und gesperrt" in page
    refused = apply(client, key, dispute, base=1)
    assert "bestätigt und gesperrt" in text(client.get(refused.url))
    assert Revision.objects.filter(round__table=table).count() == 1
    assert not Dispute.objects.get(pk=dispute.pk).is_applied


def test_round_changed_meanwhile_is_a_conflict_and_applying_again_replaces_it(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    correction = game("rufspiel", 1, 3, called="G", augen=58)
    play(client, key, 1, correction, base=1, reason="nachgezählt")
    conflict = apply(client, key, dispute, base=1, note="Urteil")
    assert conflict.status_code == 409
    page = text(conflict)
    assert "Nicht übernommen" in page and "Augen Spieler: 58 → 65" in page
    base = re.search(r'name="base" value="(\d+)"', conflict.content.decode()).group(1)
    assert base == "2"
    applied = apply(client, key, dispute, base=2, note="Urteil",
                    submission="7a8d6a59-1f9a-4b3c-8f10-3a5b2d0c9e22")  # fmt: skip
    assert applied.status_code == 302
    sources = list(
        Revision.objects.filter(round__table=table).order_by("number").values_list("source")
    )
    assert sources == [("entry",), ("correction",), ("dispute",)]
