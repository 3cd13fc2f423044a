"""Schatzsuche score formulas: docs/rules/schatzsuche.md, "Scoring per round" and "Rounds"."""

import pytest

from scoring.rules.schatzsuche import (
    bid_order,
    final_totals,
    first_leader,
    golden_bonus,
    golden_bonuses,
    next_dealer,
    round_score,
    round_scores,
    winners,
)


@pytest.mark.parametrize(("tricks", "score"), [(7, 24), (5, 40), (2, -24)])
def test_rulebook_example_round_8_bid_5(tricks, score):
    """Rulebook: "Examples (round 8, bid 5): 7 tricks → 24; 5 tricks → 40; 2 tricks → −24"."""
    assert round_score(8, 5, tricks) == score


def test_bid_of_zero_made_exactly_scores_zero_and_each_trick_over_costs_r():
    """ "a bid of 0 made exactly scores 0), each trick over or under costs r"."""
    assert round_score(3, 0, 0) == 0
    assert round_score(3, 0, 2) == -6
    assert round_score(10, 10, 10) == 100


@pytest.mark.parametrize(
    ("suit", "rank", "card", "mode", "bonus"),
    [
        ("S", "K", "HA", "160", 0),
        ("H", "K", "HA", "160", 20),  # "suit right → +20"
        ("S", "A", "HA", "160", 40),  # "rank right → +40"
        ("H", "A", "HA", "160", 160),  # "both right → +160 ... 160 in total"
        ("H", "A", "HA", "sum", 220),  # setting golden_both: sum (220)
        ("D", "10", "D10", "160", 160),  # the two-character rank parses
    ],
)
def test_golden_card_bonus(suit, rank, card, mode, bonus):
    assert golden_bonus(suit, rank, card, mode) == bonus


def test_bid_order_starts_left_of_dealer_and_ends_with_dealer():
    """ "Starting left of the dealer, clockwise, the dealer last"."""
    assert bid_order(1) == [2, 0, 1]
    assert first_leader(2) == 0


def test_single_highest_total_deals_next():
    """ "exactly one player has the highest total → that player deals"."""
    assert next_dealer([50, 10, 20], previous_dealer=2) == 0


def test_two_share_the_top_then_the_player_with_fewest_points_deals():
    """ "exactly two players share the highest total → the player with the fewest points"."""
    assert next_dealer([30, -5, 30], previous_dealer=0) == 1
    assert next_dealer([30, -5, 30], previous_dealer=0, dealer_tie="previous_dealer") == 0


def test_all_three_equal_previous_dealer_deals_again():
    """ "all three equal → the previous dealer deals again"."""
    assert next_dealer([12, 12, 12], previous_dealer=1) == 1


def test_penalties_deducted_at_the_end_and_ties_share_the_win():
    """ "gets 30 penalty points each time, deducted from his total at the end of the game"."""
    final = final_totals([100, 70, 40], [1, 0, 0])
    assert final == [70, 70, 40]
    assert winners(final) == [0, 1]


def test_round_scores_add_each_seats_golden_bonus():
    """ "The golden bonus is part of round 10's score"."""
    bonuses = golden_bonuses([("H", "K"), ("S", "A"), ("H", "A")], "HA", "160")
    assert bonuses == [20, 40, 160]
    assert round_scores(10, [3, 0, 7], [3, 1, 6], bonuses) == [30 + 20, -10 + 40, -10 + 160]
    assert round_scores(8, [5, 5, 5], [7, 5, 2]) == [24, 40, -24]
