"""A Skat group's money fields (scoring/groups/forms.py, SkatMoneyForm): bad input is a 422
naming the field and the rule, never a 500; nothing is created."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.groups.models import Group
from tests.groups.helpers import start_group
from tests.scoring.helpers import text
from tests.scoring.skat_group_helpers import skat_evening

pytestmark = pytest.mark.django_db

BASE = {"name": "Skatrunde", "roster": "Anna\nBen\nCem", "preset": "isko", "first_dealer": "0"}


def post(client, **fields):
    return client.post(reverse("group_new", args=["skat"]), {**BASE, **fields})


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("money_per_point", "abc", "Geld pro Punkt in €: Bitte einen Betrag in Euro wie 0,50"),
        ("money_per_point", "-1", "Geld pro Punkt in €: darf nicht negativ sein."),
        ("money_per_point", "0,001", "Geld pro Punkt in €: höchstens zwei Nachkommastellen"),
        ("money_per_point", "5000", "Geld pro Punkt in €: höchstens 1000 €."),
        ("loss_fee", "1e9", "Verlustspielgeld pro verlorenem Spiel in €: höchstens 1000 €."),
        ("loss_fee_high", "zwei", "Höheres Verlustspielgeld pro verlorenem Spiel in €: Bitte"),
        ("loss_fee_high_from", "0", "Höheres Verlustspielgeld ab dem verlorenen Spiel Nr.: eine"),
        ("loss_fee_high_from", "x", "Höheres Verlustspielgeld ab dem verlorenen Spiel Nr.: eine"),
    ],
)
def test_bad_money_is_refused_with_the_field_and_the_rule_named(client, field, value, message):
    response = post(client, **{field: value})
    assert response.status_code == 422
    page = text(response)
    assert "Noch nicht gespeichert" in page and message in page
    assert not Group.objects.exists()


def test_the_money_is_kept_in_the_groups_rules(client):
    assert post(client, money_per_point="0,05", loss_fee="1").status_code == 302
    profile = Group.objects.get().profile
    assert (profile["cents_per_point"], profile["loss_fee_cents"]) == (5, 100)
    assert profile["loss_fee_high_cents"] == 100  # empty: the profile's own
    assert profile["loss_fee_high_from"] == 4


def test_the_form_shows_the_profiles_fees_to_keep(client):
    page = client.get(reverse("group_new", args=["skat"])).content.decode()
    assert 'placeholder="0,50"' in page and 'placeholder="1,00"' in page
    assert "Geld pro Punkt in €" in page


FIELDS = ("money_per_point", "loss_fee", "loss_fee_high", "loss_fee_high_from")
VALUES = st.one_of(
    st.text(max_size=20),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.sampled_from(["", "0", "0,5", "1.000,00", "1e3", "NaN", "-0", "١٢", "\x00", "999,99"]),
)


@settings(max_examples=80, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(FIELDS), VALUES))
def test_any_money_is_a_redirect_or_a_422(client, data):
    response = post(client, **data)
    assert response.status_code in (302, 422), (data, response.status_code)
    if response.status_code == 422:
        assert "Noch nicht gespeichert" in text(response)


# --- changing the money later (the roster page) ----------------------------------------------


def test_changed_money_counts_from_the_next_evening_on(client):
    assert post(client, money_per_point="0,01", loss_fee="0,20").status_code == 302
    group = Group.objects.get()
    before, _key = skat_evening(client, group, ["Anna", "Ben", "Cem"], "2025-03-07")
    roster = client.get(reverse("group_roster", args=[group.scorer_key])).content.decode()
    assert (
        'name="money_per_point" value="0,01"' in roster and 'name="loss_fee" value="0,20"' in roster
    )
    url = reverse("skat_money", args=[group.scorer_key])
    response = client.post(url, {"money_per_point": "0,02", "loss_fee_high_from": "3"}, follow=True)
    assert "Das Geld ist gespeichert" in text(response)
    group.refresh_from_db()
    # The fee left empty is the rules' 0,50 € again; the old evening keeps its money.
    assert (group.profile["cents_per_point"], group.profile["loss_fee_cents"]) == (2, 50)
    assert group.profile["loss_fee_high_from"] == 3
    before.table.refresh_from_db()
    assert (before.table.profile["cents_per_point"], before.table.profile["loss_fee_cents"]) == (
        1,
        20,
    )
    after, _key = skat_evening(client, group, ["Anna", "Ben", "Cem"], "2025-03-14")
    assert after.table.profile["cents_per_point"] == 2


def test_changing_money_needs_the_scorer_link_and_a_skat_group(client):
    assert post(client).status_code == 302
    group = Group.objects.get()
    url = reverse("skat_money", args=[group.viewer_key])
    assert client.post(url, {"money_per_point": "1"}).status_code == 403
    schafkopf = start_group(client)
    assert client.post(reverse("skat_money", args=[schafkopf.scorer_key]), {}).status_code == 404
    roster = client.get(reverse("group_roster", args=[schafkopf.scorer_key])).content.decode()
    assert "money_per_point" not in roster


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.dictionaries(st.sampled_from(FIELDS), VALUES))
def test_any_changed_money_is_a_redirect_or_a_422_naming_the_field(client, data):
    group = Group.objects.first()
    if group is None:
        post(client)
        group = Group.objects.get()
    response = client.post(reverse("skat_money", args=[group.scorer_key]), data)
    assert response.status_code in (302, 422), (data, response.status_code)
    if response.status_code == 422:
        assert "Noch nicht gespeichert" in text(response)
    group.refresh_from_db()
    assert group.profile["loss_fee_high_from"] >= 1
