"""The paper fallback as the paper holds it (issue 29 §3): per game what was played and each
player's points, typed from the table's paper game list, all games at once; checked to sum to
zero and against the tariff where the game is given."""

import uuid

import pytest
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Revision
from scoring.rules.schafkopf import PROFILES as SCHAFKOPF_PROFILES
from scoring.tables import summarize
from tournaments.standings import compute

from .helpers import logged_in, make_tournament, published_round, register, tables_of

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight_games(client):
    """A Schafkopf tournament (turnier-1-15) of 8 players, 8 games per round, round 1
    published; the client is the organizer. (tournament, table 1)"""
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=8)
    register(tournament, 8)
    round_ = published_round(tournament)
    return tournament, tables_of(round_)[0]


def paper_url(tournament):
    return reverse("table_paper", args=[tournament.pk, 1, 1])


def rows(games, first=1):
    """Form fields of paper rows: (played, [points per seat]) from game ``first`` on."""
    data = {}
    for number, (played, points) in enumerate(games, start=first):
        data[f"g{number}_played"] = played
        for seat, value in enumerate(points):
            data[f"g{number}_p{seat}"] = "" if value is None else str(value)
    return data


def form_of(client, tournament):
    page = client.get(paper_url(tournament))
    assert page.status_code == 200
    form = page.context["paper_form"]
    return {"token": str(form["token"].value()), "first": str(form.first)}


# turnier-1-15: a Rufspiel pays 1 each (Schneider 2, Schwarz 3), a Solo 5 from each opponent.
PAPER_LIST = [
    ("rufspiel", [1, -1, 1, -1]),
    ("solo", [-5, 15, -5, -5]),
    ("", [2, 2, -2, -2]),
    ("solo", [5, 5, -15, 5]),  # lost: seat 2 played it
    ("thrown_in", [0, 0, 0, 0]),
    ("rufspiel", [-2, 2, 2, -2]),
    ("wenz", [-5, -5, -5, 15]),
    ("", [3, -3, -3, 3]),
]


def test_an_eight_game_paper_list_is_saved_at_once_as_typed(client, eight_games):
    tournament, table = eight_games
    response = client.post(
        paper_url(tournament), {**form_of(client, tournament), **rows(PAPER_LIST)}
    )
    assert response.status_code == 302
    summary = summarize(table)
    assert [row.scores for row in summary.rows] == [points for _p, points in PAPER_LIST]
    by_hand = [sum(points[seat] for _p, points in PAPER_LIST) for seat in range(4)]
    assert summary.totals == by_hand
    revisions = Revision.objects.filter(round__table=table)
    assert revisions.count() == 8
    assert {r.reason for r in revisions} == {"transferred from paper"}
    assert {r.author for r in revisions} == {"leitung (Turnierleitung)"}
    # Won solos from paper count for the tie-break: seat 1's Solo and seat 3's Wenz.
    assert [row.won_solo for row in summary.rows] == [False, True] + [False] * 4 + [True, False]
    page = client.get(reverse("tournament_table", args=[tournament.pk, 1, 1])).content.decode()
    assert "vom Papier übertragen" in page
    standings = {row.name: row for row in compute(tournament).rows}
    names = table.player_names
    assert [standings[name].total for name in names] == by_hand
    assert [standings[name].total_solos for name in names] == [0, 1, 0, 1]
    # The table is finished and balanced: the organizer confirms it without a second question.
    table_page = reverse("tournament_table", args=[tournament.pk, 1, 1])
    assert "lock_anyway" not in client.get(table_page).content.decode()
    client.post(reverse("table_lock", args=[tournament.pk, 1, 1]))
    table.refresh_from_db()
    assert table.is_locked


def test_the_sheet_names_a_game_from_paper(client, eight_games):
    tournament, table = eight_games
    client.post(paper_url(tournament), {**form_of(client, tournament), **rows(PAPER_LIST[:2])})
    access = table.accesses.get(role="scorer")
    sheet = client.get(reverse("table", args=[access.key])).content.decode()
    assert "Solo (vom Papier)" in sheet


def test_every_page_of_the_table_shows_games_from_paper(client, eight_games):
    tournament, table = eight_games
    client.post(paper_url(tournament), {**form_of(client, tournament), **rows(PAPER_LIST)})
    key = table.accesses.get(role="scorer").key
    pages = {
        "sheet": reverse("table", args=[key]),
        "game list": reverse("pad_page", args=[key, "spielliste"]),
        "statistics": reverse("pad_page", args=[key, "statistik"]),
        "round": reverse("round", args=[key, 2]),
        "audit": reverse("audit", args=[key]),
        "csv": reverse("sheet_csv", args=[key]),
        "xlsx": reverse("sheet_xlsx", args=[key]),
    }
    for name, url in pages.items():
        response = client.get(url)
        assert response.status_code == 200, name
    game_list = client.get(pages["game list"]).content.decode()
    assert "Solo (vom Papier) · " + table.player_names[1] + " · gewonnen" in game_list
    history = client.get(pages["round"]).content.decode()
    assert "Punkte von " + table.player_names[1] in history
    # A dispute of a game from paper opens with the game to be given: nothing to prefill.
    opened = client.post(reverse("dispute_round", args=[key, 2]), {"author": "Ben", "note": ""})
    assert opened.status_code == 302 and "/setup/" in opened["Location"]
    setup = client.get(opened["Location"])
    assert setup.status_code == 200


def test_a_sum_not_zero_is_named_and_nothing_is_saved(client, eight_games):
    tournament, table = eight_games
    games = [PAPER_LIST[0], ("", [3, -1, 1, -1])]
    response = client.post(paper_url(tournament), {**form_of(client, tournament), **rows(games)})
    assert response.status_code == 422
    html = response.content.decode()
    assert "Spiel 2: Die Punkte ergeben +2, nicht 0." in html
    assert 'value="3"' in html  # what was typed stays
    assert not Revision.objects.filter(round__table=table).exists()


def test_points_the_tariff_cannot_make_are_refused(client, eight_games):
    tournament, table = eight_games
    games = [("solo", [6, -2, -2, -2])]
    response = client.post(paper_url(tournament), {**form_of(client, tournament), **rows(games)})
    assert response.status_code == 422
    assert "Spiel 1: Diese Punkte zahlt ein Solo nach den Regeln des Tisches nicht." in (
        response.content.decode()
    )
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_thrown_in_deal_with_points_is_refused(client, eight_games):
    tournament, table = eight_games
    games = [("thrown_in", [1, -1, 0, 0])]
    response = client.post(paper_url(tournament), {**form_of(client, tournament), **rows(games)})
    assert response.status_code == 422
    assert "Spiel 1: Bei einem eingeworfenen Spiel zahlt niemand" in response.content.decode()
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_gap_in_the_games_is_refused(client, eight_games):
    tournament, table = eight_games
    games = [PAPER_LIST[0], ("", [None] * 4), PAPER_LIST[2]]
    response = client.post(paper_url(tournament), {**form_of(client, tournament), **rows(games)})
    assert response.status_code == 422
    assert "Spiel 3: Spiel 2 fehlt davor" in response.content.decode()
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_missing_point_is_named(client, eight_games):
    tournament, table = eight_games
    games = [("", [1, -1, None, 0])]
    response = client.post(paper_url(tournament), {**form_of(client, tournament), **rows(games)})
    assert response.status_code == 422
    name = table.player_names[2]
    assert f"Spiel 1: Die Punkte von {name} fehlen." in response.content.decode()


def test_a_resubmission_stores_nothing_twice(client, eight_games):
    tournament, table = eight_games
    data = {**form_of(client, tournament), **rows(PAPER_LIST[:3])}
    assert client.post(paper_url(tournament), data).status_code == 302
    assert client.post(paper_url(tournament), data).status_code == 302  # a reload, a double tap
    assert Revision.objects.filter(round__table=table).count() == 3
    # The rest of the list follows on from game 4.
    more = {**form_of(client, tournament), **rows(PAPER_LIST[3:], first=4)}
    assert more["first"] == "4"
    assert client.post(paper_url(tournament), more).status_code == 302
    assert Revision.objects.filter(round__table=table).count() == 8


def test_a_game_saved_meanwhile_saves_nothing_of_the_list(client, eight_games):
    tournament, table = eight_games
    data = {**form_of(client, tournament), **rows(PAPER_LIST[:3])}
    other = {"token": str(uuid.uuid4()), "first": "1", **rows(PAPER_LIST[:1])}
    assert client.post(paper_url(tournament), other).status_code == 302
    response = client.post(paper_url(tournament), data)
    assert response.status_code == 422
    assert "Nichts wurde gespeichert" in response.content.decode()
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_locked_table_takes_no_paper_list(client, eight_games):
    tournament, table = eight_games
    data = {**form_of(client, tournament), **rows(PAPER_LIST[:1])}
    client.post(reverse("table_lock", args=[tournament.pk, 1, 1]), {"lock_anyway": "1"})
    assert client.post(paper_url(tournament), data).status_code == 302
    assert not Revision.objects.filter(round__table=table).exists()


def test_the_form_offers_the_games_still_to_play(client, eight_games):
    tournament, _table = eight_games
    page = client.get(paper_url(tournament)).content.decode()
    assert 'name="g8_p0"' in page and 'name="g9_p0"' not in page
    client.post(paper_url(tournament), {**form_of(client, tournament), **rows(PAPER_LIST[:6])})
    page = client.get(paper_url(tournament)).content.decode()
    assert 'name="g6_p0"' not in page and 'name="g7_p0"' in page and 'name="g8_p0"' in page
    assert 'name="g9_p0"' not in page


cells = st.one_of(
    st.none(),
    st.integers(-40, 40).map(str),
    st.text(max_size=6),
    st.sampled_from(["1e9", "-0", "+5", "٣", "99999999999999999999", "1.5", "\x00"]),
)
played = st.one_of(
    st.sampled_from(["", "rufspiel", "solo", "wenz", "thrown_in", "ramsch"]), st.text(max_size=8)
)


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    games=st.lists(st.tuples(played, st.lists(cells, min_size=4, max_size=5)), max_size=10),
    first=st.one_of(
        st.none(), st.text(max_size=4), st.integers(-2, 12).map(str), st.sampled_from(["²", "٣"])
    ),
    token=st.one_of(st.none(), st.just("x"), st.uuids().map(str)),
)
def test_fuzzed_paper_lists_never_fail(client, eight_games, games, first, token):
    tournament, _table = eight_games
    data = {}
    for number, (kind, points) in enumerate(games, start=1):
        data[f"g{number}_played"] = kind
        for seat, value in enumerate(points):
            if value is not None:
                data[f"g{number}_p{seat}"] = value
    if first is not None:
        data["first"] = first
    if token is not None:
        data["token"] = token
    response = client.post(paper_url(tournament), data)
    assert response.status_code in (302, 422)


def test_a_table_priced_by_the_evening_gets_the_pads_form(client):
    """Bock rounds: the paper holds the final amounts, which the sheet would price again."""
    user = logged_in(client)
    profile = {**SCHAFKOPF_PROFILES["turnier-1-15"], "bock": ["schwarz"]}
    tournament = make_tournament(user, game="schafkopf", profile=profile, games_per_round=4)
    register(tournament, 4)
    published_round(tournament)
    page = client.get(paper_url(tournament))
    assert page.status_code == 200
    assert page.context.get("paper_form") is None and page.context["form"] is not None
    assert 'name="contract"' in page.content.decode()


def test_at_a_table_of_five_the_dealer_sits_out_with_0(client):
    user = logged_in(client)
    tournament = make_tournament(user, game="schafkopf", games_per_round=5)
    register(tournament, 5)
    (table,) = tables_of(published_round(tournament))
    dealer = table.options.get("first_dealer", 0)
    names = table.player_names
    page = client.get(paper_url(tournament)).content.decode()
    assert f"{names[dealer]} gibt" in page
    # Game 1: the dealer sits out; the others play a Solo (seat after the dealer wins).
    points = [-5] * 5
    points[dealer] = 0
    points[(dealer + 1) % 5] = 15
    wrong = [*points]
    wrong[dealer], wrong[(dealer + 2) % 5] = 5, -10
    response = client.post(
        paper_url(tournament), {**form_of(client, tournament), **rows([("solo", wrong)])}
    )
    assert response.status_code == 422
    assert f"Spiel 1: {names[dealer]} gibt und setzt aus; seine Punkte sind 0." in (
        response.content.decode()
    )
    blank = [None if seat == dealer else value for seat, value in enumerate(points)]
    response = client.post(
        paper_url(tournament), {**form_of(client, tournament), **rows([("solo", blank)])}
    )
    assert response.status_code == 302
    (row,) = summarize(table).rows
    assert row.scores == points and row.data["sitting_out"] == dealer
    assert row.data["declarer"] == (dealer + 1) % 5 and row.won_solo
