"""Who did it (issue 29 §3.6): a correction a signed-in organizer makes on the table's own pad
is his account's ("leitung (Turnierleitung)") whatever name is typed, and nobody else can
appear as the Turnierleitung in the audit trail."""

import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.access import without_organizer_claim
from scoring.models import Revision
from tests.scoring.helpers import text

from .helpers import logged_in, make_tournament, organizer, published_round, register, rufspiel

pytestmark = pytest.mark.django_db


@pytest.fixture
def table_link(client):
    """A signed-in organizer (``client``) and table 1's scorer link."""
    tournament = make_tournament(logged_in(client), game="schafkopf", games_per_round=2)
    register(tournament, 8)
    table = published_round(tournament).tables.get(number=1).table
    return tournament, table, table.accesses.get(role="scorer").key


def save(browser, key, number, author, base=0, reason="", partner=2):
    data = {"base": base, "submission": str(uuid.uuid4()), "author": author, "reason": reason}
    response = browser.post(reverse("round_save", args=[key, number]), data | rufspiel(1, partner))
    assert response.status_code == 302, text(response)[:1500]
    return Revision.objects.filter(round__table__accesses__key=key, round__number=number).latest(
        "number"
    )


def test_the_organizers_correction_on_the_pad_is_his_accounts(client, table_link):
    tournament, _table, key = table_link
    phone = Client()
    assert save(phone, key, 1, "Sepp").author == "Sepp"
    # The organizer, signed in, corrects it on the table's pad and types somebody's name.
    corrected = save(client, key, 1, "Sepp", base=1, reason="Partner vertauscht", partner=3)
    assert corrected.author == "leitung (Turnierleitung)"
    # The pad's form says so before he saves.
    form = client.get(reverse("round", args=[key, 1])).content.decode()
    assert 'value="leitung (Turnierleitung)"' in form
    audit = text(client.get(reverse("tournament_audit", args=[tournament.pk])))
    assert "leitung (Turnierleitung)" in audit and "Partner vertauscht" in audit


def test_a_signed_in_user_who_does_not_organize_is_a_phone(client, table_link):
    _tournament, _table, key = table_link
    stranger = Client()
    stranger.force_login(organizer("fremd"))
    assert save(stranger, key, 1, "Max").author == "Max"


@pytest.mark.parametrize(
    ("typed", "stored"),
    [
        ("Sepp (Turnierleitung)", "Sepp"),
        ("leitung (Turnierleitung)", "leitung"),
        ("Turnierleitung", ""),
        ("TURNIERLEITUNG Anna", "Anna"),
        ("Anna [organizer]", "Anna"),
        ("Turnier-Leitung", ""),
        ("Ｔｕｒｎｉｅｒｌｅｉｔｕｎｇ", ""),  # full-width letters
        ("Turnierleiterin Anna", "Turnierleiterin Anna"),
        ("Anna Maier", "Anna Maier"),
    ],
)
def test_a_typed_name_never_claims_the_turnierleitung(table_link, typed, stored):
    _tournament, _table, key = table_link
    assert without_organizer_claim(typed) == stored
    assert save(Client(), key, 1, typed).author == stored


def test_the_paper_page_asks_for_no_name_it_would_ignore(client, table_link):
    tournament, _table, _key = table_link
    page = client.get(reverse("table_paper", args=[tournament.pk, 1, 1])).content.decode()
    assert 'name="author"' not in page and "Eingetragen von" not in page
    assert 'name="submission"' in page  # the pad's form is there, less the name
