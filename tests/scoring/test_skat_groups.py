"""A Skat Stammtisch: evenings at tables of 3 and 4, the season counts Seeger-Fabian totals
and won/lost games, the settle-up pays the differences in money plus the Verlustspielgeld
into the Stock. Every figure counted by hand."""

import io

import openpyxl
import pytest
from django.urls import reverse

from scoring.groups.season import evening_rows, season, settle_up
from tests.scoring.helpers import text
from tests.scoring.skat_group_helpers import play_game, skat_evening, start_skat_group

pytestmark = pytest.mark.django_db


def two_evenings(client, **money):
    """Evening 1, table of 3 (Anna, Ben, Cem): Anna wins Kreuz mit 1 (2 × 12 = 24), Ben loses
    Grand mit 1 (−2 × 48 = −96), Cem loses Herz mit 1 (−2 × 20 = −40). Evening 2, table of 4
    (Anna deals game 1 and sits out, Ben game 2): Ben wins Pik mit 1 (22), Dora loses Karo
    mit 1 (−2 × 18 = −36)."""
    group = start_skat_group(client, **money)
    _first, key = skat_evening(client, group, ["Anna", "Ben", "Cem"], "2025-03-07")
    play_game(client, key, 1, 0, "kreuz", augen=70)
    play_game(client, key, 2, 1, "grand", augen=50)
    play_game(client, key, 3, 2, "herz", augen=40)
    _second, key = skat_evening(client, group, ["Anna", "Ben", "Cem", "Dora"], "2025-04-04")
    play_game(client, key, 1, 1, "pik", augen=80)
    play_game(client, key, 2, 3, "karo", augen=40)
    return group


def test_the_season_counts_seeger_fabian_totals_and_won_lost_games(client):
    group = two_evenings(client, money_per_point="0,01")
    standings = season(group, 2025).standings
    by_name = {s.player.name: s for s in standings}
    # Evening 1: Anna 24 + 50 + 2 × 40 = 154; Ben −96 − 50 + 40 = −106; Cem −40 − 50 + 40 = −50.
    # Evening 2: Ben 22 + 50 + 30 = 102; Dora −36 − 50 = −86; Anna and Cem +30 each.
    assert {n: s.units for n, s in by_name.items()} == {
        "Anna": 184, "Ben": -4, "Cem": -20, "Dora": -86,
    }  # fmt: skip
    assert [s.player.name for s in standings] == ["Anna", "Ben", "Cem", "Dora"]
    assert {n: (s.won, s.lost) for n, s in by_name.items()} == {
        "Anna": (1, 0), "Ben": (1, 1), "Cem": (0, 1), "Dora": (0, 1),
    }  # fmt: skip
    # Games: 3 each on evening 1; on evening 2 Anna sat out game 1 and Ben game 2.
    assert {n: s.games for n, s in by_name.items()} == {"Anna": 4, "Ben": 4, "Cem": 5, "Dora": 2}
    page = text(client.get(reverse("season", args=[group.viewer_key, 2025])))
    assert "Seeger-Fabian" in page
    assert "+184" in page and "−86" in page


def test_settle_up_each_pays_each_the_difference_plus_lost_game_fees(client):
    group = two_evenings(client, money_per_point="0,01")
    first, second = evening_rows(group)
    # Evening 1 (3 at the table, sum of totals −2): Anna 3 × 154 + 2 = 464 points to get,
    # Ben 3 × −106 + 2 = −316, Cem 3 × −50 + 2 = −148; at 1 ct a point, and Ben and Cem each
    # pay 0,50 € for their lost game into the Stock.
    settled = settle_up([first])
    assert {p.name: a for p, a in settled.balances} == {"Anna": 464, "Ben": -366, "Cem": -198}
    assert settled.stock == 100 and settled.in_money
    # Evening 2 (4 at the table, sum 76): Anna 4 × 30 − 76 = 44, Ben 4 × 102 − 76 = 332,
    # Cem 44, Dora 4 × −86 − 76 = −420 and her fee.
    settled = settle_up([second])
    assert {p.name: a for p, a in settled.balances} == {
        "Anna": 44, "Ben": 332, "Cem": 44, "Dora": -470,
    }  # fmt: skip
    assert settled.stock == 50
    paid = {p.name: 0 for p, _a in settled.balances}
    for transfer in settled.transfers:
        paid[transfer.payer.name] -= transfer.amount
        if transfer.payee is not None:
            paid[transfer.payee.name] += transfer.amount
    assert paid == {p.name: a for p, a in settled.balances}
    # The season: the money column is the sum of both evenings.
    money = {s.player.name: s.money for s in season(group, 2025).standings}
    assert money == {"Anna": 508, "Ben": -34, "Cem": -154, "Dora": -470}
    page = text(client.get(reverse("season_settle", args=[group.viewer_key, 2025])))
    assert "5,08 €" in page and "Stock" in page and "1,50 €" in page


def test_the_groups_fees_replace_the_profiles(client):
    # 0,20 € a lost game, 0,40 € from the 2nd: Ben's second lost game costs 0,40 €.
    fees = {"loss_fee": "0,20", "loss_fee_high": "0,40", "loss_fee_high_from": "2"}
    group = start_skat_group(client, money_per_point="0,10", **fees)
    _evening, key = skat_evening(client, group, ["Anna", "Ben", "Cem"], "2025-05-02")
    play_game(client, key, 1, 1, "grand", augen=50)
    play_game(client, key, 2, 1, "karo", augen=30)
    (row,) = evening_rows(group)
    ben = row.facts.seats[1]
    assert (ben.lost, ben.fee) == (2, 20 + 40)
    assert row.evening.table.profile["cents_per_point"] == 10


def test_without_money_the_evening_is_settled_in_points_without_fees(client):
    group = two_evenings(client)
    first, _second = evening_rows(group)
    settled = settle_up([first])
    assert not settled.in_money and settled.stock == 0
    assert {p.name: a for p, a in settled.balances} == {"Anna": 464, "Ben": -316, "Cem": -148}


def test_the_season_xlsx_has_won_lost_and_fees_as_numbers_and_money(client):
    group = two_evenings(client, money_per_point="0,01")
    response = client.get(reverse("season_xlsx", args=[group.viewer_key, 2025]))
    sheet = openpyxl.load_workbook(io.BytesIO(response.content))["Saison 2025"]
    header = [cell.value for cell in next(sheet.iter_rows(max_row=1))]
    assert header[-3:] == ["Gewonnen als Spieler", "Verloren als Spieler", "Verlustspielgeld"]
    ben = next(row for row in sheet.iter_rows(min_row=2) if row[0].value == "Ben")
    # Ben: 2 evenings, 4 games, −4 points, −0,34 €; won 1, lost 1, 0,50 € fee.
    assert [cell.value for cell in ben[1:4]] == [2, 4, -4]
    assert float(ben[4].value) == -0.34 and "€" in ben[4].number_format
    assert [cell.value for cell in ben[5:7]] == [1, 1] and float(ben[7].value) == 0.5


def test_the_group_and_the_evenings_settle_up_pages_show_the_money(client):
    group = two_evenings(client, money_per_point="0,01")
    first, _second = evening_rows(group)
    assert client.get(reverse("group", args=[group.viewer_key])).status_code == 200
    page = text(client.get(reverse("evening_settle", args=[group.viewer_key, first.evening.pk])))
    # Anna gets 4,64 €; Ben pays 3,16 € and 0,50 €, Cem 1,48 € and 0,50 €: 1,00 € to the Stock.
    assert "4,64 €" in page and "−3,66 €" in page and "−1,98 €" in page and "1,00 €" in page
    player = group.players.get(name="Dora")
    page = text(client.get(reverse("season_player", args=[group.viewer_key, 2025, player.pk])))
    assert "Verloren" in page
    lost = client.get(
        reverse("season_player", args=[group.viewer_key, 2025, player.pk]), {"fact": "lost"}
    )
    assert "04.04.25" in text(lost)


def test_equal_totals_rank_by_more_games_won(client):
    group = start_skat_group(client, money_per_point="0,01")
    _evening, key = skat_evening(client, group, ["Anna", "Ben", "Cem"], "2025-06-06")
    # Ben wins Karo mit 1 (18) and Herz mit 1 (20): 38 + 2 × 50 = 138. Anna wins Pik mit 7
    # (11 × 8 = 88): 88 + 50 = 138. Equal: Ben won two games, Anna one, so Ben ranks first.
    play_game(client, key, 1, 1, "karo", augen=70)
    play_game(client, key, 2, 1, "herz", augen=70)
    play_game(client, key, 3, 0, "pik", mit=7, augen=70)
    standings = season(group, 2025).standings
    assert [(s.player.name, s.units, s.won) for s in standings] == [
        ("Ben", 138, 2), ("Anna", 138, 1), ("Cem", 0, 0),
    ]  # fmt: skip
    # The table's rules page still lists its rules with the group's money in its profile.
    assert client.get(reverse("pad_page", args=[key, "regeln"])).status_code == 200


def test_a_skat_evening_can_be_prepared_offline_for_3_and_4(client):
    group = start_skat_group(client, money_per_point="0,01")
    for players in (3, 4):
        response = client.get(reverse("evening_offline", args=[group.scorer_key, players]))
        assert response.status_code == 200, response.content.decode()[:2000]
        answer = response.json()
        assert len(answer["pages"]) == players
        assert all(name in answer["pages"]["0"]["html"] for name in answer["names"])
    assert client.get(reverse("evening_offline", args=[group.scorer_key, 5])).status_code == 404
