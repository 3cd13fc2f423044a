"""A prize list never pays out more than the pot (issue 29 §4.8): shares above 100 % together,
or amounts and shares above the entry fees, are refused with the line named; any text in the
form is a page with a message or a redirect, never a 500."""

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.scoring.helpers import text
from tournaments.prizes import prize_cents

from .helpers import logged_in, make_tournament, register

pytestmark = pytest.mark.django_db


@pytest.fixture
def tournament(client):
    tournament = make_tournament(logged_in(client))
    register(tournament, 8)  # a pot of 8 × 10 € = 80 €
    return tournament


def post_prizes(client, tournament, prizes, fee="10"):
    url = reverse("prizes", args=[tournament.pk])
    return client.post(url, {"entry_fee": fee, "per_point": "0", "prizes": prizes})


@pytest.mark.parametrize(
    ("prizes", "named"),
    [
        ("1: 60 %\n2: 60 %", "Zeile 2: Die Anteile ergeben zusammen 120 %"),
        (
            "1: 5000 €",
            "Zeile 1: Die Preise ergeben zusammen 5.000,00 €, mehr als die Kasse von 80,00 €",
        ),
        ("1: 50 %\n\n3: 30 €\n4: 10,01 €", "Zeile 4: Die Preise ergeben zusammen 80,01 €"),
        ("1: 99999999999 €", "Zeile 1:"),
    ],
)
def test_a_prize_list_above_the_pot_is_refused_with_the_line_named(
    client, tournament, prizes, named
):
    response = post_prizes(client, tournament, prizes)
    assert response.status_code == 422
    assert named in text(response)
    assert not tournament.prizes.exists()


def test_the_whole_pot_may_be_paid_out(client, tournament):
    assert post_prizes(client, tournament, "1: 50 %\n2: 30 €\n3: 10 €").status_code == 302
    assert tournament.prizes.count() == 3


FUZZ = settings(max_examples=50, suppress_health_check=[HealthCheck.function_scoped_fixture])
LINE = st.one_of(
    st.text(max_size=12),
    st.builds(
        "{}: {}{}".format,
        st.integers(-1, 10000),
        st.one_of(st.integers(0, 10**12), st.decimals(0, 10**6, places=2)),
        st.sampled_from([" %", " €", "%", "€", "", " eur"]),
    ),
)


@FUZZ
@given(lines=st.lists(LINE, max_size=6), fee=st.sampled_from(["10", "0", "12,50", "x", "", "1e9"]))
def test_any_prize_list_is_saved_within_the_pot_or_refused(client, tournament, lines, fee):
    response = post_prizes(client, tournament, "\n".join(lines), fee=fee)
    assert response.status_code in (302, 422)
    if response.status_code == 302:
        tournament.refresh_from_db()
        pot = tournament.entry_fee_cents * 8
        paid = sum(prize_cents(prize, pot) for prize in tournament.prizes.all())
        assert paid <= pot
