"""An operator can look at a table in Django's admin — seats, links, every revision — but
cannot change a result there: that would bypass the revisions' audit trail."""

import pytest
from django.contrib.auth.models import User
from django.urls import reverse

from scoring.models import Revision

from .helpers import create_schatzsuche, post_round, round_fields, text

pytestmark = pytest.mark.django_db


@pytest.fixture
def operator(client):
    client.force_login(User.objects.create_superuser("operator", "op@example.org", "x"))
    return client


def test_the_operator_sees_a_table_with_its_players_and_links(client, operator):
    table, key = create_schatzsuche(client, players=("Anna", "Ben", "Cem"))
    page = operator.get(reverse("admin:scoring_table_change", args=[table.pk]))
    assert page.status_code == 200
    html = text(page)
    assert all(name in html for name in ("Anna", "Ben", "Cem"))
    assert f"/t/{key}/" in html
    assert 'name="_save"' not in html  # read-only: no save button


def test_revisions_are_listed_but_cannot_be_changed_or_deleted(client, operator):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([1, 0, 1], [1, 0, 0]))
    revision = Revision.objects.get(round__table=table)
    listing = operator.get(reverse("admin:scoring_revision_changelist"))
    assert listing.status_code == 200 and "Anna" in text(listing)
    change = reverse("admin:scoring_revision_change", args=[revision.pk])
    assert operator.post(change, {"author": "Mallory"}).status_code == 403
    delete = reverse("admin:scoring_revision_delete", args=[revision.pk])
    assert operator.post(delete, {"post": "yes"}).status_code == 403
    revision.refresh_from_db()
    assert revision.author == "Anna"
