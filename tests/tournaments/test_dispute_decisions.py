"""tournaments.md: "The organizers (Turnierleitung) decide disputes" — what an organizer
does on a table is his account's in the audit trail, and the table's own link records a
disputed game but cannot apply a verdict over the organizer's head."""

import pytest
from django.urls import reverse

from scoring.models import Dispute, TableEvent
from tests.scoring.helpers import text

from .helpers import (
    scorer_key_of,
)

pytestmark = pytest.mark.django_db


def test_a_dispute_the_organizer_opens_is_his_in_the_audit_trail(client, disputed_game):
    table = disputed_game
    response = client.post(
        reverse("dispute_round_org", args=[table.pk, 1]), {"note": "EA nicht zugegeben"}
    )
    assert response.status_code == 302
    dispute = Dispute.objects.get(table=table, round_number=1)
    assert dispute.opened_by == "leitung (Turnierleitung)"
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.DISPUTE_OPENED)
    assert event.author == "leitung (Turnierleitung)"


def test_the_table_link_records_a_dispute_but_only_the_organizer_applies(client, disputed_game):
    table = disputed_game
    key = scorer_key_of(table)
    phone = client.__class__()  # a player's phone: no login
    opened = phone.post(reverse("dispute_round", args=[key, 1]), {"note": "", "author": "Ben"})
    assert opened.status_code == 302
    dispute = Dispute.objects.get(table=table, round_number=1)
    data = {"version": dispute.version, "base": 1, "author": "Ben", "note": ""}
    data["submission"] = "0b0c5a57-0d1e-4b1e-9f51-3e4d3d0e5d11"
    refused = phone.post(reverse("dispute_apply", args=[key, dispute.pk]), data)
    assert refused.status_code == 403
    assert "entscheidet die Turnierleitung" in text(refused)


def test_the_dashboard_shows_a_dispute_for_the_organizer_to_decide(client, disputed_game):
    table = disputed_game
    round_ = table.tournament_table.round
    progress = reverse("round_progress", args=[round_.tournament_id, round_.number])
    before = client.get(progress)
    assert "Streitfall zu Spiel 1" not in text(before)
    phone = client.__class__()
    key = scorer_key_of(table)
    phone.post(reverse("dispute_round", args=[key, 1]), {"note": "", "author": "Ben"})
    # The table changed, so the polling dashboard gets a new fragment, not a 304.
    after = client.get(progress, HTTP_IF_NONE_MATCH=before.headers.get("ETag", ""))
    assert after.status_code == 200
    assert "Streitfall zu Spiel 1 zu entscheiden" in text(after)
    assert reverse("dispute_round_org", args=[table.pk, 1]) in after.content.decode()


def test_the_organizer_decides_that_the_entry_stands(client, disputed_game):
    """tournaments.md: the record is kept "with the verdict and the organizer's decision" —
    also when the decision is that the table's entry stands."""
    table = disputed_game
    client.post(reverse("dispute_round_org", args=[table.pk, 1]), {"note": "EA?"})
    dispute = Dispute.objects.get(table=table, round_number=1)
    page = reverse("dispute_org", args=[table.pk, dispute.pk])
    keep = reverse("dispute_keep_org", args=[table.pk, dispute.pk])
    assert "Oder entscheiden, dass der Eintrag bleibt" in text(client.get(page))

    refused = client.post(keep, {"version": dispute.version, "note": ""})
    assert refused.status_code == 422
    assert "Warum der Eintrag bleibt: Bitte den Grund angeben." in text(refused)

    decided = client.post(keep, {"version": dispute.version, "note": "EA lag im Stock"})
    assert decided.status_code == 302
    dispute.refresh_from_db()
    assert dispute.kept and dispute.revision is None
    assert dispute.applied_by == "leitung (Turnierleitung)"
    assert table.rounds.get(number=1).revisions.count() == 1  # the sheet is unchanged
    shown = text(client.get(page))
    assert "Entschieden von leitung (Turnierleitung)" in shown and "EA lag im Stock" in shown
    assert "Oder entscheiden" not in shown
    event = TableEvent.objects.get(table=table, kind=TableEvent.Kind.DISPUTE_KEPT)
    assert (event.author, event.reason) == ("leitung (Turnierleitung)", "EA lag im Stock")
    # Decided once: no second decision, and the dashboard no longer asks for one.
    again = client.post(keep, {"version": dispute.version, "note": "nochmal"}, follow=True)
    assert "schon entschieden" in text(again)
    round_ = table.tournament_table.round
    progress = client.get(reverse("round_progress", args=[round_.tournament_id, round_.number]))
    assert "Streitfall zu Spiel 1" not in text(progress)


def test_a_player_cannot_decide_a_tournament_dispute(client, disputed_game):
    table = disputed_game
    key = scorer_key_of(table)
    phone = client.__class__()
    phone.post(reverse("dispute_round", args=[key, 1]), {"note": "", "author": "Ben"})
    dispute = Dispute.objects.get(table=table, round_number=1)
    assert "Oder entscheiden" not in text(phone.get(reverse("dispute", args=[key, dispute.pk])))
    data = {"version": dispute.version, "note": "passt schon"}
    refused = phone.post(reverse("dispute_keep", args=[key, dispute.pk]), data)
    assert refused.status_code == 403
    dispute.refresh_from_db()
    assert not dispute.is_applied
