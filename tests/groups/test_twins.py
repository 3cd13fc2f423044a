"""Two tables of a group on one day with the same people (docs/groups.md, "Two tables with
the same people"): the phone that starts the second one is told, naming the first, in both
orders: typed into the form online (asked before anything is made) and sent later from a
phone's outbox (made, for the games waiting behind it, and the answer warns)."""

from __future__ import annotations

import re
import uuid

import pytest
from django.urls import reverse
from django.utils import timezone

from scoring.groups.models import Evening
from scoring.groups.season import ALL, evening_rows, season

from .helpers import enter, game, scorer_key, start_evening, start_group

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
DAY = "2026-11-27"
SCORER = "S" * 10 + "corerKeyOfPhone-1_"
VIEWER = "V" * 10 + "iewerKeyOfPhone-2_"


def form(group, names, *, day=DAY, guests=(), **extra) -> dict:
    """The evening's form as posted: ``names`` per seat (roster), ``guests`` (seat, name)."""
    ids = {player.name: player.pk for player in group.players.all()}
    data = {"played_on": day, "first_dealer": "1", "submission": str(uuid.uuid4())}
    data.update({f"seat_{seat}": ids[name] if name else "" for seat, name in enumerate(names)})
    data.update({f"guest_{seat}": name for seat, name in guests})
    return {**data, **extra}


def url(group) -> str:
    return reverse("evening_new", args=[group.scorer_key])


def started(evening) -> str:
    return timezone.localtime(evening.table.created_at).strftime("%H:%M")


def first_table(client, group):
    return start_evening(client, group, ["Anna", "Ben", "Cem", "Dora"], day=DAY)


# --- online: the form asks first ------------------------------------------------------------


def test_the_form_asks_before_a_second_table_with_the_same_people_and_keeps_everything(client):
    group = start_group(client, roster=("Anna", "Ben", "Cem", "Dora", "Emil"))
    first = first_table(client, group)
    data = form(group, ["Dora", "Cem", "Ben", "Anna"], title="Krone, hinten")  # any order
    response = client.post(url(group), data)
    assert response.status_code == 409
    page = response.content.decode()
    assert Evening.objects.filter(group=group).count() == 1  # nothing made yet
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", page))
    time = started(first)
    asked = f"Am Fr, 27.11.2026 gibt es schon einen Tisch mit diesen Leuten (begonnen {time}):"
    assert asked in text
    assert "Anna, Ben, Cem, Dora." in text
    assert f'href="/t/{scorer_key(first)}/"' in page and f"Tisch von {time} öffnen" in text
    assert 'name="second_table" value="on"' in page and "Trotzdem zweiten Tisch beginnen" in text
    # Everything typed is still there: seats, first dealer, date, title, the one-time token.
    ids = {p.name: p.pk for p in group.players.all()}
    assert f'<option value="{ids["Dora"]}" selected>' in page.split('name="seat_0"')[1][:600]
    assert re.search(r'<input type="radio" name="first_dealer" value="1"[^>]*checked', page)
    assert f'value="{DAY}"' in page and 'value="Krone, hinten"' in page
    assert f'value="{data["submission"]}"' in page
    # "A second table anyway": made, with the seating as typed.
    response = client.post(url(group), {**data, "second_table": "on"})
    assert response.status_code == 302
    second = Evening.objects.exclude(pk=first.pk).get(group=group)
    assert second.table.player_names == ["Dora", "Cem", "Ben", "Anna"]
    assert second.table.title == "Krone, hinten" and second.table.options["first_dealer"] == 1
    # Asked and answered: the group's page shows no doubt about them.
    group_page = client.get(reverse("group", args=[group.scorer_key])).content.decode()
    assert "Zweimal derselbe Tisch?" not in group_page


def test_the_form_sent_as_json_is_asked_too_and_nothing_is_made(client):
    """evening.js posts the form as JSON; a 409 makes it post the form, whose page asks."""
    group = start_group(client)
    first = first_table(client, group)
    response = client.post(url(group), form(group, ["Ben", "Anna", "Dora", "Cem"]), **JSON)
    assert response.status_code == 409
    answer = response.json()
    assert answer["twin"]["url"] == f"/t/{scorer_key(first)}/"
    assert answer["twin"]["players"] == ["Anna", "Ben", "Cem", "Dora"]
    assert answer["message"].startswith("Am 27.11. gibt es schon einen Tisch mit Anna, Ben")
    assert Evening.objects.filter(group=group).count() == 1
    again = client.post(url(group), form(group, ["Ben", "Anna", "Dora", "Cem"], second_table="on"),
                        **JSON)  # fmt: skip
    assert again.status_code == 201 and again.json()["hints"] == []
    assert Evening.objects.filter(group=group).count() == 2


def test_a_guest_the_group_knows_is_the_same_person(client):
    group = start_group(client)
    first_table(client, group)
    data = form(group, ["Anna", "Ben", "Cem", ""], guests=[(3, "dora")])
    assert client.post(url(group), data).status_code == 409


@pytest.mark.parametrize("sent_from", ["form", "outbox"])
@pytest.mark.parametrize(
    ("names", "guests", "day"),
    [
        (["Anna", "Ben", "Cem", "Emil"], (), DAY),  # other people
        (["Anna", "Ben", "Cem", ""], [(3, "Gustl")], DAY),  # a new guest
        (["Anna", "Ben", "Cem", "Dora"], (), "2026-11-28"),  # another day
    ],
)
def test_a_table_with_other_people_or_on_another_day_is_started_without_a_word(
    client, names, guests, day, sent_from
):
    group = start_group(client, roster=("Anna", "Ben", "Cem", "Dora", "Emil"))
    first_table(client, group)
    if sent_from == "form":
        response = client.post(url(group), form(group, names, guests=guests, day=day))
        assert response.status_code == 302
        table_page = client.get(response["Location"]).content.decode()
        assert "gibt es schon einen Tisch" not in table_page
    else:
        keys = {"scorer_key": SCORER, "viewer_key": VIEWER}
        data = form(group, names, guests=guests, day=day, **keys)
        response = client.post(url(group), data, **JSON)
        assert response.status_code == 201
        assert response.json()["hints"] == [] and "twin" not in response.json()
    assert Evening.objects.filter(group=group).count() == 2
    group_page = client.get(reverse("group", args=[group.scorer_key])).content.decode()
    assert "Zweimal derselbe Tisch?" not in group_page


def test_a_double_tap_is_not_asked_about_the_table_it_made(client):
    group = start_group(client)
    data = form(group, ["Anna", "Ben", "Cem", "Dora"])
    first = client.post(url(group), data)
    again = client.post(url(group), data)
    assert first.status_code == again.status_code == 302
    assert first["Location"] == again["Location"]
    assert Evening.objects.filter(group=group).count() == 1


# --- from a phone's outbox: made, and the answer warns --------------------------------------


def test_a_start_from_the_outbox_arriving_second_is_made_and_its_answer_names_the_first(client):
    group = start_group(client)
    first = first_table(client, group)
    data = form(group, ["Cem", "Dora", "Anna", "Ben"], scorer_key=SCORER, viewer_key=VIEWER)
    response = client.post(url(group), data, **JSON)
    assert response.status_code == 201
    answer = response.json()
    assert answer["saved"] and answer["url"] == f"/t/{SCORER}/"  # its games follow into it
    assert answer["hints"] == [
        f"Am 27.11. gibt es schon einen Tisch mit Anna, Ben, Cem, Dora (begonnen {started(first)})."
        " Zwei Tische an einem Abend? Auf der Seite der Runde: beide behalten oder einen"
        " streichen."
    ]
    assert answer["twin"] == {
        "url": f"/t/{scorer_key(first)}/",
        "played_on": DAY,
        "started": timezone.localtime(first.table.created_at).isoformat(),
        "players": ["Anna", "Ben", "Cem", "Dora"],
    }
    # Sent again (the answer was lost): the same table, the same warning, nothing twice.
    again = client.post(url(group), data, **JSON)
    assert again.status_code == 201 and again.json()["hints"] == answer["hints"]
    assert Evening.objects.filter(group=group).count() == 2
    # "Im Formular öffnen" posts it as the form: made with the phone's links, told on its page.
    response = client.post(url(group), data, follow=True)
    assert response.redirect_chain[-1][0] == f"/t/{SCORER}/"
    assert "Am 27.11. gibt es schon einen Tisch mit Anna, Ben, Cem, Dora" in (
        response.content.decode()
    )


def test_a_start_from_the_outbox_arriving_first_is_named_when_the_form_starts_it_again(client):
    group = start_group(client)
    data = form(group, ["Cem", "Dora", "Anna", "Ben"], scorer_key=SCORER, viewer_key=VIEWER)
    assert client.post(url(group), data, **JSON).json()["hints"] == []
    offline = Evening.objects.get(table__accesses__key=SCORER)
    response = client.post(url(group), form(group, ["Anna", "Ben", "Cem", "Dora"]))
    assert response.status_code == 409
    page = response.content.decode()
    assert f'href="/t/{SCORER}/"' in page and f"(begonnen {started(offline)}):" in page
    assert "Cem, Dora, Anna, Ben." in page  # as they sit at that table
    assert Evening.objects.filter(group=group).count() == 1


# --- the group's page: both shown, kept or one struck ---------------------------------------


def twins_of_one_day(client, group):
    first = first_table(client, group)
    client.post(url(group), form(group, ["Ben", "Cem", "Dora", "Anna"], scorer_key=SCORER,
                                 viewer_key=VIEWER), **JSON)  # fmt: skip
    return first, Evening.objects.get(table__accesses__key=SCORER)


def notes(page: str) -> list[str]:
    return re.findall(r'<div class="conflict" role="note">(.*?)</div>', page, re.S)


def test_the_groups_page_shows_both_tables_as_possible_twins_for_every_phone(client):
    group = start_group(client)
    first, second = twins_of_one_day(client, group)
    page = client.get(reverse("group", args=[group.scorer_key])).content.decode()
    shown = notes(page)
    assert len(shown) == 2
    # Newest first: the second names the first and links to it, and the other way round.
    assert f"Der Tisch von {started(first)} an diesem Tag hat dieselben Leute." in shown[0]
    assert f'href="/t/{scorer_key(first)}/"' in shown[0] and "Diesen Tisch streichen" in shown[0]
    assert f'href="/t/{SCORER}/"' in shown[1]
    # The viewer link sees the doubt, with the viewer links, and cannot settle it.
    view = client.get(reverse("group", args=[group.viewer_key])).content.decode()
    shown = notes(view)
    assert len(shown) == 2 and "streichen" not in view and SCORER not in view
    twin_url = reverse("evening_twin", args=[group.viewer_key, second.pk])
    assert client.post(twin_url, {"action": "strike"}).status_code == 403


def test_both_kept_counts_both_and_the_doubt_is_gone(client):
    group = start_group(client)
    first, second = twins_of_one_day(client, group)
    enter(first, game("solo", 0))
    enter(second, game("wenz", 1))
    response = client.post(reverse("evening_twin", args=[group.scorer_key, first.pk]),
                           {"action": "keep"}, follow=True)  # fmt: skip
    page = response.content.decode()
    assert "Beide Tische zählen: zwei Tische an diesem Abend." in page
    assert notes(page) == []
    assert len(evening_rows(group)) == 2
    # A third table of that day with them would be asked about again.
    assert client.post(url(group), form(group, ["Anna", "Ben", "Cem", "Dora"])).status_code == 409


def test_a_struck_table_counts_nowhere_keeps_its_games_and_can_count_again(client):
    group = start_group(client)
    first, second = twins_of_one_day(client, group)
    enter(first, game("solo", 0))
    enter(second, game("solo", 0), game("wenz", 1))
    twin_url = reverse("evening_twin", args=[group.scorer_key, second.pk])
    page = client.post(twin_url, {"action": "strike"}, follow=True).content.decode()
    assert "Der Tisch ist gestrichen: Er zählt in keiner Saison." in page
    assert notes(page) == []
    struck = page.split("Gestrichene Tische")[1]
    assert f'href="/t/{SCORER}/"' in struck and "Wieder zählen" in struck
    shown = season(group, ALL, evening_rows(group))
    assert [row.evening for row in shown.rows] == [first]
    assert second.table.rounds.count() == 2  # the struck table's games stay
    page = client.post(twin_url, {"action": "count"}, follow=True).content.decode()
    assert "Der Tisch zählt wieder." in page and len(notes(page)) == 2


@pytest.mark.parametrize("action", ["", "delete", "keep\x00", "x" * 500])
def test_settling_a_twin_refuses_what_it_does_not_know(client, action):
    group = start_group(client)
    first, _second = twins_of_one_day(client, group)
    twin_url = reverse("evening_twin", args=[group.scorer_key, first.pk])
    assert client.post(twin_url, {"action": action}).status_code == 404
    other = start_group(client, name="Andere Runde")
    foreign = reverse("evening_twin", args=[other.scorer_key, first.pk])
    assert client.post(foreign, {"action": "strike"}).status_code == 404
    assert client.get(twin_url).status_code == 405
    assert Evening.objects.filter(group=group, struck=False, second_table=False).count() == 2
