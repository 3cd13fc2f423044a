"""Seeger-Fabian and Verlustspielgeld (docs/rules/skat.md, "Seeger-Fabian"), every figure
computed by hand in the test."""

import pytest

from scoring.rules.skat import (
    PROFILES,
    ListGame,
    PlayerList,
    game_points,
    loss_fee,
    score_list,
    tie_break_key,
)

ISKO = PROFILES["isko"]

# Anna wins a Grand (48), Ben loses a Grand Hand (value 48 lost: −96), a passed-out deal,
# Cem wins a Null (23).
GAMES = [
    ListGame(0, won=True, points=48),
    ListGame(1, won=False, points=-96),
    ListGame(None),
    ListGame(2, won=True, points=23),
]


def test_a_table_of_three():
    result = score_list(GAMES, 3, ISKO)
    anna, ben, cem = result.players
    # Anna: 48 + 50 for her win, + 40 for Ben's lost game = 138
    assert (anna.points, anna.bonus, anna.opponent_bonus, anna.total) == (48, 50, 40, 138)
    # Ben: −96 − 50 = −146
    assert (ben.points, ben.bonus, ben.opponent_bonus, ben.total) == (-96, -50, 0, -146)
    # Cem: 40 for Ben's loss, 23 + 50 for his win = 113
    assert cem.total == 113
    assert [(p.won, p.lost) for p in result.players] == [(1, 0), (0, 1), (1, 0)]
    assert (result.games, result.passed) == (4, 1)


def test_a_table_of_four_the_sitting_out_dealer_included():
    result = score_list(GAMES, 4, ISKO)
    # +30 to each other player at a table of 4 for Ben's lost game, Dora (never declaring) too
    assert [p.total for p in result.players] == [48 + 50 + 30, -96 - 50, 30 + 23 + 50, 30]


def test_one_game_per_seat():
    assert game_points(ListGame(1, won=False, points=-96), 3) == [40, -146, 40]
    assert game_points(ListGame(3, won=True, points=72), 4) == [0, 0, 0, 122]
    assert game_points(ListGame(None), 4) == [0, 0, 0, 0]  # passed out: nothing


def test_passed_out_deals_count_as_games_by_the_setting():
    assert score_list(GAMES, 3, ISKO).games == 4
    assert score_list(GAMES, 3, {**ISKO, "passed_counts_as_game": False}).games == 3


@pytest.mark.parametrize(("lost", "cents"), [(0, 0), (1, 50), (3, 150), (4, 250), (5, 350)])
def test_verlustspielgeld_from_the_fourth_lost_game_higher(lost, cents):
    assert loss_fee(lost, ISKO) == cents  # 0,50 € each, from the 4th 1,00 €


def test_the_fees_of_a_table_add_up_for_the_organizer():
    games = [ListGame(0, won=False, points=-36)] * 5 + [ListGame(1, won=False, points=-40)]
    result = score_list(games, 3, ISKO)
    assert [p.loss_fee_cents for p in result.players] == [350, 50, 0]
    assert result.fees_cents == 400


def test_tie_break_more_won_then_fewer_lost():
    def row(total, won, lost):
        return PlayerList(0, won, lost, 0, 0, total, 0)

    rows = [row(100, 2, 1), row(100, 2, 0), row(100, 3, 2), row(101, 0, 5)]
    assert sorted(range(4), key=lambda s: tie_break_key(rows[s], ISKO)) == [3, 2, 1, 0]
    by_lot = {**ISKO, "tie_break": "lot"}
    assert len({tie_break_key(r, by_lot) for r in rows[:3]}) == 1  # the lot decides
