"""An evening started while the phone is offline (docs/groups.md, "An evening started
offline"): the phone keeps a table page made from the server's prototype, and the start
reaches the server later with the link keys the phone chose."""

from __future__ import annotations

import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.groups.models import Evening, Group, Player
from scoring.models import Access, Table

from .helpers import start_group

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
SCORER = "S" * 10 + "corerKeyOfPhone-1_"
VIEWER = "V" * 10 + "iewerKeyOfPhone-2_"


def seating(group, names=("Anna", "Ben", "Cem", "Dora"), **extra) -> dict:
    ids = {player.name: player.pk for player in group.players.all()}
    data = {"played_on": "2026-11-27", "first_dealer": "2", "submission": str(uuid.uuid4())}
    data.update({f"seat_{seat}": ids[name] for seat, name in enumerate(names)})
    return {**data, **extra}


def test_the_prototype_is_the_groups_table_page_with_stand_ins_and_nothing_is_kept(client):
    group = start_group(client)
    tables, players = Table.objects.count(), Player.objects.count()
    response = client.get(reverse("evening_offline", args=[group.scorer_key, 4]))
    assert response.status_code == 200
    assert response["Cache-Control"] == "no-store"
    answer = response.json()
    assert answer["option"] == "first_dealer"
    assert sorted(answer["pages"]) == ["0", "1", "2", "3"]
    page = answer["pages"]["2"]
    html = page["html"]
    # A whole table page: the names and title as stand-ins, the scorer's own links, the forms
    # of the first game and the games ahead, the outbox.
    assert all(name in html for name in answer["names"])
    assert answer["title"] in html
    assert f'data-table="{page["scorer"]}"' in html
    assert f"/t/{page['scorer']}/rounds/1/save/" in html
    assert 'id="rounds-ahead"' in html
    # The first dealer as chosen: the third seat deals the first game.
    assert answer["names"][2] in html.split('id="round-info"')[1][:2000]
    # Rolled back: no table, link or guest stays behind.
    assert Table.objects.count() == tables and Player.objects.count() == players
    assert not Access.objects.filter(key__in=[page["scorer"], page["viewer"]]).exists()


def test_only_scorers_get_a_prototype_and_only_for_a_possible_number_of_players(client):
    group = start_group(client)
    assert client.get(reverse("evening_offline", args=[group.viewer_key, 4])).status_code == 403
    assert client.get(reverse("evening_offline", args=[group.scorer_key, 3])).status_code == 404
    assert client.get(reverse("evening_offline", args=[group.scorer_key, 5])).status_code == 200


def test_a_start_sent_later_makes_the_table_with_the_phones_links(client):
    group = start_group(client)
    url = reverse("evening_new", args=[group.scorer_key])
    data = seating(group, scorer_key=SCORER, viewer_key=VIEWER)
    response = client.post(url, data, **JSON)
    assert response.status_code == 201
    assert response.json() == {
        "saved": True,
        "created": True,
        "url": f"/t/{SCORER}/",
        "hints": [],
    }
    evening = Evening.objects.get(table__accesses__key=SCORER)
    assert evening.table.accesses.get(role="viewer").key == VIEWER
    assert evening.table.player_names == ["Anna", "Ben", "Cem", "Dora"]
    assert evening.table.options["first_dealer"] == 2
    # Sent again (the answer was lost): the same table, no second evening.
    again = client.post(url, data, **JSON)
    assert again.status_code == 201 and again.json()["url"] == f"/t/{SCORER}/"
    assert again.json()["created"] is False  # no news twice on the phone
    assert Evening.objects.filter(group=group).count() == 1
    # The games entered offline then go to that table as to any other.
    assert client.get(f"/t/{SCORER}/").status_code == 200


def test_a_start_whose_link_belongs_to_another_table_is_refused_and_nothing_is_kept(client):
    group = start_group(client)
    url = reverse("evening_new", args=[group.scorer_key])
    client.post(url, seating(group, scorer_key=SCORER, viewer_key=VIEWER), **JSON)
    other = seating(group, scorer_key=SCORER, viewer_key="W" * 24, guest_3="Gast", seat_3="")
    response = client.post(url, other, **JSON)
    assert response.status_code == 422
    assert "gehört schon zu einem anderen Tisch" in response.json()["message"]
    assert Evening.objects.filter(group=group).count() == 1
    assert not Player.objects.filter(name="Gast").exists()


def test_a_start_sent_later_with_a_mistake_names_the_seat_in_json(client):
    group = start_group(client)
    url = reverse("evening_new", args=[group.scorer_key])
    data = seating(group, ("Anna", "Ben", "Cem", "Anna"), scorer_key=SCORER, viewer_key=VIEWER)
    response = client.post(url, data, **JSON)
    assert response.status_code == 422
    assert "Platz 4: Anna sitzt schon auf Platz 1." in response.json()["message"]
    # Opened in the form, the page keeps the links the phone's entries wait for.
    page = client.post(url, data).content.decode()
    assert f'value="{SCORER}"' in page and f'value="{VIEWER}"' in page


@pytest.mark.parametrize(
    "keys", [{"scorer_key": SCORER}, {"scorer_key": "short", "viewer_key": VIEWER}]
)
def test_incomplete_or_malformed_links_are_refused(client, keys):
    group = start_group(client)
    url = reverse("evening_new", args=[group.scorer_key])
    assert client.post(url, seating(group, **keys), **JSON).status_code == 422
    assert not Evening.objects.filter(group=group).exists()


def start_group_with_defaults(client, game, name="Runde", **rules):
    """A group of ``game`` started with its creation page's defaults, as a tap on the button."""
    page = client.get(reverse("group_new", args=[game]))
    data = {"name": name, "roster": "Anna\nBen\nCem\nDora\nEmil\nFranzi"}
    for field in page.context["rules"]:
        if field.name.startswith("player_") or field.name in ("title", "author", "submission"):
            continue
        if field.value() not in (None, False):
            data[field.name] = field.value()
    response = client.post(reverse("group_new", args=[game]), {**data, **rules})
    assert response.status_code == 302, response.content.decode()[:3000]
    return Group.objects.get(name=name)


def start_stichwahl_group(client, **rules):
    return start_group_with_defaults(client, "stichwahl", "Stichwahlrunde", **rules)


@pytest.mark.parametrize("game", ["schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"])
def test_every_game_keeps_pages_for_each_table_size_its_group_plays(client, game):
    group = start_group_with_defaults(client, game)
    page = client.get(reverse("evening_new", args=[group.scorer_key]))
    counts = [int(n) for n in page.context["player_counts"]]
    assert counts
    for players in counts:
        answer = client.get(reverse("evening_offline", args=[group.scorer_key, players]))
        assert answer.status_code == 200
        pages = answer.json()["pages"]
        assert len(pages) == players  # a page per first dealer or opener
        assert all(f"/t/{page['scorer']}/rounds/1/save/" in page["html"] for page in pages.values())


@pytest.mark.parametrize(("variant", "counts"), [({}, [3, 4]), ({"two_player_variant": "on"}, [2])])
def test_the_evening_page_names_the_table_sizes_the_groups_rules_allow(client, variant, counts):
    """Stichwahl is played by two only with the variant for two, and then only by two. (Such a
    group could not be started at all before: its rules were checked with two players.)"""
    group = start_stichwahl_group(client, **variant)
    page = client.get(reverse("evening_new", args=[group.scorer_key])).content.decode()
    assert f'data-player-counts="{" ".join(map(str, counts))}"' in page
    for players in (2, 3, 4):
        answer = client.get(reverse("evening_offline", args=[group.scorer_key, players]))
        assert answer.status_code == (200 if players in counts else 404)


def test_a_stichwahl_evening_of_three_leaves_the_fourth_seat_empty(client):
    group = start_stichwahl_group(client)
    ids = {player.name: player.pk for player in group.players.all()}
    data = {"played_on": "2026-11-27", "first_hand_leader": "1"}
    data.update({f"seat_{seat}": ids[name] for seat, name in enumerate(["Anna", "Ben", "Cem"])})
    response = client.post(reverse("evening_new", args=[group.scorer_key]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    evening = Evening.objects.get(group=group)
    assert evening.table.player_names == ["Anna", "Ben", "Cem"]
    assert client.get(response["Location"]).status_code == 200


def test_the_evenings_date_is_today_in_the_form_a_date_input_takes(client):
    """A German date ("28.11.2026") leaves an <input type=date> empty: the phone would have to
    type the date every evening."""
    group = start_group(client)
    page = client.get(reverse("evening_new", args=[group.scorer_key])).content.decode()
    today = timezone.localdate().isoformat()
    assert f'type="date" name="played_on" value="{today}"' in page
