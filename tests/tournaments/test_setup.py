"""Organizer accounts, tournament setup and who may see what.

tournaments.md, "What the app must do": "Tournament setup by an organizer account: game,
rule profile (frozen copy), number of rounds, games per round, table size policy,
tie-breaks, entry list."
"""

import io
import re

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.urls import reverse

from scoring.models import Table
from tests.form_defaults import form_defaults
from tests.scoring.helpers import text
from tournaments import services
from tournaments.models import Tournament

from .helpers import PASSWORD, logged_in, make_tournament, organizer, published_round, register

pytestmark = pytest.mark.django_db


def test_sign_up_logs_the_organizer_in_and_login_uses_our_page(client):
    page = client.get(reverse("signup"))
    assert page.status_code == 200
    response = client.post(
        reverse("signup"),
        {"username": "vorstand", "password1": PASSWORD, "password2": PASSWORD},
    )
    assert response.status_code == 302 and response.url == reverse("tournament_list")
    assert "Willkommen, vorstand!" in text(client.get(reverse("tournament_list")))
    client.post(reverse("logout"))
    assert client.get(reverse("tournament_list")).status_code == 302
    login = client.get(reverse("login"))
    assert "Anmeldung für die Turnierleitung" in text(login)
    response = client.post(reverse("login"), {"username": "vorstand", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("tournament_list")).status_code == 200


def test_create_organizer_command_creates_a_working_account():
    out = io.StringIO()
    call_command("create_organizer", "kassier", "--email", "k@example.org", stdout=out)
    assert "Created organizer account “kassier”" in out.getvalue()
    password = out.getvalue().split("Password (shown once): ")[1].strip()
    user = get_user_model().objects.get(username="kassier")
    assert user.check_password(password) and user.email == "k@example.org"


def test_setup_freezes_the_chosen_profile_and_forces_one_game_for_complete_games(client):
    """Schatzsuche is one complete game (10 rounds) per table and round, at tables of 3."""
    logged_in(client)
    form = client.get(reverse("tournament_new", args=["schatzsuche"]))
    assert form.status_code == 200
    assert 'name="games_per_round"' not in form.content.decode()
    response = client.post(
        reverse("tournament_new", args=["schatzsuche"]),
        {
            "name": "Schatzsuche-Cup",
            "rounds": 2,
            "table_size": 3,
            "remainder": "exact",
            "tie_break": "lot",
            "profile": "custom",
            "rules-dealer_tie": "previous_dealer",
            "rules-dealer_by": "total",
            "rules-golden_both": "sum",
        },
    )
    assert response.status_code == 302, text(response)[:3000]
    tournament = Tournament.objects.get(name="Schatzsuche-Cup")
    assert tournament.games_per_round == 1
    assert tournament.profile_name == "standard+custom"
    assert tournament.profile["golden_both"] == "sum"
    assert tournament.profile["dealer_tie"] == "previous_dealer"
    assert tournament.profile["farbkarten"] is False  # unticked box: no revoke penalty


def test_setup_errors_name_the_field(client):
    logged_in(client)
    response = client.post(
        reverse("tournament_new", args=["schatzsuche"]),
        {"name": "", "rounds": 0, "table_size": 3, "remainder": "larger", "profile": "standard"},
    )
    assert response.status_code == 422
    page = text(response)
    assert "Name: Bitte einen Namen eingeben." in page
    assert "Runden: mindestens 1." in page
    assert "Wenn die Spieler die Tische nicht füllen: keine der angebotenen" in page


def test_settings_are_frozen_once_a_round_is_published(client):
    user = logged_in(client)
    tournament = make_tournament(user)
    register(tournament, 6)
    published_round(tournament)
    response = client.post(
        reverse("tournament_settings", args=[tournament.pk]),
        {
            "name": "Neuer Name",
            "rounds": 4,
            "table_size": 3,
            "remainder": "exact",
            "tie_break": "lot",
            "profile": "custom",
            "rules-golden_both": "sum",
        },
    )
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert (tournament.name, tournament.rounds) == ("Neuer Name", 4)
    assert tournament.profile == {} and tournament.profile_name == "standard"


# --- permissions ------------------------------------------------------------------------------
def organizer_urls(tournament):
    return [
        reverse("tournament", args=[tournament.pk]),
        reverse("tournament_players", args=[tournament.pk]),
        reverse("tournament_settings", args=[tournament.pk]),
        reverse("tournament_round", args=[tournament.pk, 1]),
        reverse("round_sheets", args=[tournament.pk, 1]),
        reverse("round_progress", args=[tournament.pk, 1]),
        reverse("tournament_table", args=[tournament.pk, 1, 1]),
        reverse("standings", args=[tournament.pk]),
        reverse("standings_csv", args=[tournament.pk]),
        reverse("results", args=[tournament.pk]),
    ]


def test_organizer_sees_all_pages_another_organizer_none(client):
    owner = logged_in(client, "leitung")
    tournament = make_tournament(owner)
    register(tournament, 6)
    published_round(tournament)
    for url in organizer_urls(tournament):
        assert client.get(url).status_code == 200, url

    client.force_login(organizer("fremd"))
    for url in organizer_urls(tournament):
        assert client.get(url).status_code == 404, url
    assert "Vereinsmeisterschaft" not in text(client.get(reverse("tournament_list")))
    refused = client.post(reverse("round_draw", args=[tournament.pk]))
    assert refused.status_code == 404
    table = Table.objects.filter(tournament_table__round__tournament=tournament).first()
    unlock = reverse("table_unlock", args=[tournament.pk, 1, 1])
    assert client.post(unlock, {"reason": "x"}).status_code == 404
    assert table is not None


def test_anonymous_and_table_links_are_sent_to_the_login(client):
    owner = organizer()
    tournament = make_tournament(owner)
    register(tournament, 6)
    published_round(tournament)
    for url in organizer_urls(tournament):
        response = client.get(url)
        assert response.status_code == 302 and response.url.startswith(reverse("login")), url


def test_co_organizer_added_by_username_manages_the_tournament(client):
    owner = logged_in(client, "leitung")
    tournament = make_tournament(owner)
    helper = organizer("helfer")
    response = client.post(reverse("organizer_add", args=[tournament.pk]), {"username": "Helfer"})
    assert response.status_code == 302
    assert "helfer gehört jetzt zur Turnierleitung" in text(client.get(response.url))
    unknown = client.post(reverse("organizer_add", args=[tournament.pk]), {"username": "nobody"})
    assert "kein Turnierleitungs-Konto „nobody“" in text(client.get(unknown.url))
    client.force_login(helper)
    assert client.get(reverse("tournament", args=[tournament.pk])).status_code == 200
    # The last organizer cannot be removed; one of two can.
    client.post(reverse("organizer_remove", args=[tournament.pk, owner.pk]))
    assert list(tournament.organizers.all()) == [helper]
    client.post(reverse("organizer_remove", args=[tournament.pk, helper.pk]))
    assert list(tournament.organizers.all()) == [helper]


def test_public_page_needs_only_its_key(client):
    tournament = make_tournament(organizer())
    register(tournament, 3)
    public = client.get(reverse("public_standings", args=[tournament.public_key]))
    assert public.status_code == 200
    assert "Anna" in text(public)
    assert client.get(reverse("public_standings", args=["falsch"])).status_code == 404
    assert len(tournament.public_key) >= 24


def test_schafkopf_setup_defaults_to_turnier_1_15_and_accepts_custom_rules(client):
    """tournaments.md: "Solo or Wenz +15 / −5 each" is the tournament tariff; schafkopf.md:
    "A session or tournament stores a frozen copy of its profile"."""
    logged_in(client)
    url = reverse("tournament_new", args=["schafkopf"])
    page = client.get(url).content.decode()
    assert '<option value="turnier-1-15" selected>' in page
    # The custom rules start from the tournament preset too.
    assert re.search(r'name="rules-preset" value="turnier-1-15"[^>]*checked', page)
    base = {
        "name": "Preisschafkopf",
        "rounds": 3,
        "games_per_round": 32,
        "table_size": 4,
        "remainder": "larger",
        "tie_break": "solos_lot",
    }
    response = client.post(url, {**base, "profile": "turnier-1-15"})
    assert response.status_code == 302
    plain = Tournament.objects.get(name="Preisschafkopf")
    assert plain.profile_name == "turnier-1-15"
    assert (plain.profile["base_solo"], plain.profile["misplay"]) == (5, "offender_pays")
    assert plain.games_per_round == 32 and plain.remainder == "larger"

    custom = {
        **base,
        "name": "Liga",
        "profile": "custom",
        "rules-preset": "turnier-1-15",
        "rules-base_solo": 6,
        "rules-passed_deal": "ramsch",
    }
    response = client.post(url, custom)
    assert response.status_code == 302, text(response)[:3000]
    liga = Tournament.objects.get(name="Liga")
    assert liga.profile_name == "turnier-1-15+custom"
    assert liga.profile["base_solo"] == 6 and liga.profile["passed_deal"] == "ramsch"
    assert liga.profile["base_rufspiel"] == 1

    bad = client.post(url, {**custom, "name": "Kaputt", "rules-laufende_from": 99})
    assert bad.status_code == 422
    assert "Laufende" in text(bad)
    three = client.post(url, {**base, "name": "Dreier", "remainder": "smaller"})
    assert three.status_code == 422


def test_the_home_page_leads_organizers_to_the_tournaments(client):
    page = client.get(reverse("home"))
    assert reverse("tournament_list") in page.content.decode()
    assert "Vereinsturniere" in text(page)


def test_the_table_size_policy_can_change_for_the_next_draw(client):
    """tournaments.md: "The organizer chooses the policy when drawing". 12 players at exact
    tables of 4; three withdraw after round 1: round 2 can be drawn with tables of 5."""
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", remainder="exact")
    players = register(tournament, 12)
    published_round(tournament)
    for player in players[:3]:
        services.set_withdrawn(player, True)
    refused = client.post(reverse("round_draw", args=[tournament.pk]), follow=True)
    assert "9 aktive Spieler füllen keine Tische zu 4" in text(refused)
    settings = {"name": tournament.name, "rounds": 3, "remainder": "larger", "profile": "keep"}
    response = client.post(reverse("tournament_settings", args=[tournament.pk]), settings)
    assert response.status_code == 302
    tournament.refresh_from_db()
    assert tournament.remainder == "larger" and tournament.table_size == 4
    drawn = client.post(reverse("round_draw", args=[tournament.pk]), {"anyway": "1"})
    assert drawn.status_code == 302
    sizes = sorted(table.seats.count() for table in tournament.draws.get(number=2).tables.all())
    assert sizes == [4, 5]


def test_a_game_with_one_table_size_is_not_told_to_allow_others(client):
    user = logged_in(client)
    tournament = make_tournament(user)  # Schatzsuche: always three at a table
    register(tournament, 7)
    refused = client.post(reverse("round_draw", args=[tournament.pk]), follow=True)
    page = text(refused)
    assert "7 aktive Spieler füllen keine Tische zu 3, der einzigen Größe" in page
    assert "Tische anderer Größe" not in page


@pytest.mark.parametrize("game", ["schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"])
def test_the_setup_form_as_it_comes_is_accepted(client, game):
    """An organizer who only types a name and keeps every default gets a tournament."""
    logged_in(client)
    page = client.get(reverse("tournament_new", args=[game])).content.decode()
    data = {**form_defaults(page), "name": f"Pokal {game}"}
    response = client.post(reverse("tournament_new", args=[game]), data)
    assert response.status_code == 302, text(response)[:2000]
