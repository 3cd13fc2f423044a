"""The permission matrix of the table links, for every game with a pad: the scorer link may
enter and correct, the viewer link only reads, an unknown key gets nothing, and a key of one
table never reaches another table."""

import pytest
from django.urls import reverse

from scoring.models import Access, Revision, Round, Table
from tests.form_defaults import form_defaults
from tests.scoring.helpers import post_round, round_fields

from .helpers import create_table, games_with_pads

pytestmark = pytest.mark.django_db

READ_PAGES = ["table", "table_live", "share", "qr_code"]


@pytest.fixture(params=games_with_pads())
def game(request):
    return request.param


def test_scorer_link_reads_everything_and_gets_the_entry_form(client, game):
    _table, scorer, viewer = create_table(client, game)
    for name in READ_PAGES:
        assert client.get(reverse(name, args=[scorer])).status_code == 200, name
    page = client.get(reverse("table", args=[scorer]))
    assert page.context["form"] is not None
    assert reverse("round_save", args=[scorer, page.context["form"].round_number]) in (
        page.content.decode()
    )
    share = client.get(reverse("share", args=[scorer])).content.decode()
    assert scorer in share and viewer in share


def test_viewer_link_reads_but_never_gets_a_form_or_the_scorer_link(client, game):
    _table, scorer, viewer = create_table(client, game)
    for name in READ_PAGES:
        assert client.get(reverse(name, args=[viewer])).status_code == 200, name
    page = client.get(reverse("table", args=[viewer]))
    assert page.context.get("form") is None
    html = page.content.decode()
    assert 'name="submission"' not in html
    assert scorer not in html
    assert scorer not in client.get(reverse("share", args=[viewer])).content.decode()
    live = client.get(reverse("table_live", args=[viewer])).content.decode()
    assert scorer not in live and 'name="submission"' not in live


def test_viewer_link_cannot_save_or_correct(client, game):
    table, _scorer, viewer = create_table(client, game)
    for number in (1, 2):
        response = client.post(
            reverse("round_save", args=[viewer, number]),
            {"base": 0, "submission": "6f1c1c1e-0000-4000-8000-000000000001"},
        )
        assert response.status_code == 403
    assert not Round.objects.filter(table=table).exists()
    assert Table.objects.get(pk=table.pk).version == 0


def test_unknown_key_gets_nothing(client, game):
    create_table(client, game)
    key = "x" * 24
    for name in READ_PAGES:
        assert client.get(reverse(name, args=[key])).status_code == 404, name
    assert client.get(reverse("round", args=[key, 1])).status_code == 404
    assert client.post(reverse("round_save", args=[key, 1]), {}).status_code == 404
    assert client.get(reverse("pad_page", args=[key, "anything"])).status_code == 404


def test_a_key_acts_only_on_its_own_table(client, game):
    table_a, scorer_a, viewer_a = create_table(client, game)
    table_b, scorer_b, viewer_b = create_table(client, game)
    # What B's page posts when nobody typed anything: refused, and answered with B's form.
    data = form_defaults(client.get(reverse("table", args=[scorer_b])).content.decode())
    answer = client.post(reverse("round_save", args=[scorer_b, 1]), data)
    assert answer.status_code == 422
    html = answer.content.decode()
    assert reverse("round_save", args=[scorer_b, 1]) in html
    assert scorer_a not in html and viewer_a not in html
    assert table_a.rounds.count() == 0 and table_b.rounds.count() == 0
    assert Table.objects.get(pk=table_a.pk).version == 0
    live_a = client.get(reverse("table_live", args=[viewer_a])).content.decode()
    assert scorer_b not in live_a and viewer_b not in live_a


def test_a_round_of_one_table_is_out_of_reach_of_another_tables_links(client):
    table_a, scorer_a, viewer_a = create_schatzsuche_table(client)
    table_b, scorer_b, viewer_b = create_schatzsuche_table(client)
    assert post_round(client, scorer_a, 1, round_fields([0, 1, 0], [0, 1, 0])).status_code == 302
    assert client.get(reverse("round", args=[viewer_a, 1])).status_code == 200
    assert client.get(reverse("round", args=[scorer_b, 1])).status_code == 404
    assert client.get(reverse("round", args=[viewer_b, 1])).status_code == 404
    # Table B's scorer entering "round 1" enters B's round 1; A's stays as it was.
    assert post_round(client, scorer_b, 1, round_fields([1, 0, 0], [1, 0, 0])).status_code == 302
    assert Revision.objects.get(round__table=table_a).scores == [0, 1, 0]
    assert Revision.objects.get(round__table=table_b).scores == [1, 0, 0]


def create_schatzsuche_table(client):
    return create_table(client, "schatzsuche")


def test_links_of_a_table_have_the_roles_the_share_page_names(client, game):
    table, scorer, viewer = create_table(client, game)
    roles = dict(Access.objects.filter(table=table).values_list("key", "role"))
    assert roles == {scorer: Access.Role.SCORER, viewer: Access.Role.VIEWER}
    # Keys are long random strings: 18 random bytes, 24 URL-safe characters.
    assert len(scorer) >= 24 and len(viewer) >= 24
