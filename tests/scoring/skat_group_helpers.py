"""Starting a Skat Stammtisch and its evenings, and entering games like a phone."""

from django.urls import reverse

from scoring.groups.models import Group
from scoring.models import Access
from tests.groups.helpers import start_evening
from tests.scoring.skat_pad_helpers import pass_deal, play_game  # noqa: F401 (for the tests)


def start_skat_group(client, name="Skatrunde Krone", roster=("Anna", "Ben", "Cem", "Dora"), **form):
    data = {"name": name, "roster": "\n".join(roster), "preset": "isko", "first_dealer": "0"}
    data.update(form)
    response = client.post(reverse("group_new", args=["skat"]), data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Group.objects.get(name=name)


def skat_evening(client, group, seating, day):
    """An evening's table of 3 or 4 and its scorer key (the first dealer is seat 0)."""
    evening = start_evening(client, group, seating, day=day)
    key = evening.table.accesses.get(role=Access.Role.SCORER).key
    return evening, key
