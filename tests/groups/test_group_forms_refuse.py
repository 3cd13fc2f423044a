"""The group's small forms answer bad input with 422 and the field named, never a 500 (issue 29
§4.2–3): the season's start day, and the settle-up's "paid" marks (hidden fields a tampered
request can fill with anything; the numbers must fit PostgreSQL's columns)."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.groups.models import Group, Payment
from tests.groups.helpers import enter, game, start_evening, start_group
from tests.scoring.helpers import text

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("day", "month", "named"),
    [
        ("0", "1", "Tag"),
        ("29", "1", "Tag"),
        ("", "1", "Tag"),
        ("1", "13", "Monat"),
        ("x", "y", "Monat"),
    ],
)
def test_an_invalid_season_start_is_refused_with_the_field_named(client, day, month, named):
    group = start_group(client)
    url = reverse("season_start", args=[group.scorer_key])
    response = client.post(url, {"season_day": day, "season_month": month})
    assert response.status_code == 422
    page = text(response)
    assert "Noch nicht gespeichert" in page and f"{named}: eine Zahl von 1 bis" in page
    group.refresh_from_db()
    assert (group.season_day, group.season_month) == (1, 1)


def settled_evening(client):
    group = start_group(client)
    evening = start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"])
    enter(evening, game("solo", 0))
    return group, evening


@pytest.mark.parametrize(
    ("field", "value", "named"),
    [
        ("evening", "abc", "Abend"),
        ("payer", "x1", "Zahler"),
        ("payee", "1.5", "Empfänger"),
        ("amount", str(2**31), "Betrag"),
        ("amount", "-5", "Betrag"),
        ("amount", "", "Betrag"),
        ("evening", str(2**63), "Abend"),
    ],
)
def test_a_garbled_paid_mark_is_refused_with_the_field_named(client, field, value, named):
    group, evening = settled_evening(client)
    payer, payee = group.players.all()[:2]
    form = {"evening": evening.pk, "payer": payer.pk, "payee": payee.pk, "amount": 500, "paid": 1}
    response = client.post(
        reverse("group_payment", args=[group.scorer_key]), {**form, field: value}
    )
    assert response.status_code == 422
    assert f"{named}:" in text(response)
    assert not Payment.objects.exists()


def test_a_season_mark_needs_a_valid_year(client):
    group, _evening = settled_evening(client)
    url = reverse("group_payment", args=[group.scorer_key])
    for season in ("2025x", "0", "99999"):
        response = client.post(url, {"season": season, "amount": 5, "paid": 1})
        assert response.status_code == 422 and "Saison:" in text(response)
    assert client.post(url, {"amount": 5, "paid": 1}).status_code == 422  # neither
    response = client.post(url, {"season": 2025, "amount": 5, "paid": 1})
    assert response.status_code == 302 and response["Location"].endswith("/season/2025/abrechnung/")
    assert Payment.objects.get().season == 2025


FIELDS = ("evening", "season", "payer", "payee", "amount", "paid")
VALUES = st.one_of(
    st.text(max_size=30),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(
        ["", "0", "1", str(2**31 - 1), str(2**31), str(2**63), "1e3", " 7 ", "١٢", "\x00"]
    ),
)


FUZZ = settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])


@FUZZ
@given(data=st.dictionaries(st.sampled_from(FIELDS), VALUES))
def test_any_paid_mark_is_a_redirect_a_404_or_a_422(client, data):
    """Any values in any of the fields: a redirect, a 404 (another group's row) or a 422."""
    group = Group.objects.first() or start_group(client)
    response = client.post(reverse("group_payment", args=[group.scorer_key]), data)
    assert response.status_code in (302, 404, 422), (data, response.status_code)


@FUZZ
@given(data=st.dictionaries(st.sampled_from(["season_day", "season_month"]), VALUES))
def test_any_season_start_is_a_redirect_or_a_422(client, data):
    group = Group.objects.first() or start_group(client)
    response = client.post(reverse("season_start", args=[group.scorer_key]), data)
    assert response.status_code in (302, 422), (data, response.status_code)
    group.refresh_from_db()
    assert 1 <= group.season_day <= 28 and 1 <= group.season_month <= 12
