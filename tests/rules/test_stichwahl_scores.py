"""Stichwahl scoring, the end of the game and the scorepad's entry checks
(docs/rules/stichwahl.md, "Scoring and end", "Checks the scorepad enforces")."""

import pytest

from scoring.rules.draws import make_rng
from scoring.rules.stichwahl import (
    PROFILES,
    card_total,
    check_hand,
    deal_hand,
    default_deck,
    draw_pile_size,
    game_over,
    hand_points,
    next_first_leader,
    winner,
)


def test_rulebook_example_seven_cards_and_three_unused_bonus_cards_make_eight():
    """ "Example from the rules: 7 cards and 3 unused bonus cards → 8"."""
    assert hand_points(7, 3) == 8


@pytest.mark.parametrize(
    ("pile", "unused", "points"), [(0, 0, 0), (0, 1, 0), (5, 2, 6), (5, 9, 9), (12, 4, 14)]
)
def test_one_point_for_every_two_unused_bonus_cards_rounded_down(pile, unused, points):
    """ "cards in his point pile + 1 for every 2 unused bonus cards still in front of him
    (rounded down)"."""
    assert hand_points(pile, unused) == points


@pytest.mark.parametrize(
    ("totals", "over", "seat"),
    [
        ([30, 20, 10], True, 0),
        ([29, 20, 10], False, None),
        ([12, 41, 35, 30], True, 1),
        ([31, 31, 10], False, None),  # "on a tie at the top play continues"
        ([31, 31, 33], True, 2),  # the tie is below the top
        ([30, 12, 12], True, 0),  # a tie for second place does not matter
        ([25, 25], False, None),
    ],
)
def test_game_ends_with_30_and_a_single_leader(totals, over, seat):
    """ "Hands are played until, after a hand, somebody has 30 or more in total and the
    highest total is held by exactly one player"."""
    assert game_over(totals) is over
    assert winner(totals) == seat


def test_first_leader_rotates_or_is_chosen():
    """ "later hands are led first by the player left of the previous hand's first leader
    [setting first_leader: rotate (default) or choose]"."""
    assert PROFILES["standard"]["first_leader"] == "rotate"
    assert next_first_leader(1, 3) == 2
    assert next_first_leader(3, 4, "rotate") == 0
    assert next_first_leader(1, 3, "choose") is None


def test_simulated_hands_rotate_the_first_leader_by_hand_number():
    deck, rng = default_deck(), make_rng(1)
    starts = [deal_hand(rng, deck, 3, {"first_leader": "rotate"}, n).start for n in (1, 2, 3, 4)]
    assert starts == [0, 1, 2, 0]


def test_draw_pile_sizes():
    """ "3 players: 9 cards; 2-player variant: 32 − 18 = 14 cards; 4 players: none"."""
    assert [draw_pile_size(n) for n in (2, 3, 4)] == [14, 9, 0]
    assert [card_total(n) for n in (2, 3, 4)] == [32, 36, 36]


def rules(problems):
    return [(problem.field, problem.rule) for problem in problems]


def test_a_plausible_hand_is_accepted():
    assert check_hand([7, 12, 9], [3, 1, 0]) == []
    assert check_hand([0, 0], [0, 0]) == []


@pytest.mark.parametrize(
    ("piles", "unused", "expected"),
    [
        ([37, 0, 0], [0, 0, 0], [("piles[0]", "pile_out_of_range")]),
        ([-1, 0, 0], [0, 0, 0], [("piles[0]", "pile_out_of_range")]),
        ([3, 4, 5], [0, 10, 0], [("unused_bonus[1]", "unused_bonus_out_of_range")]),
        ([3, 4, 5], [0, 0, -2], [("unused_bonus[2]", "unused_bonus_out_of_range")]),
        ([3, 4.5, 5], [0, 0, 0], [("piles[1]", "not_an_integer")]),
        ([3, 4, 5], [0, True, 0], [("unused_bonus[1]", "not_an_integer")]),
        (["3", 4, 5], [0, 0, 0], [("piles[0]", "not_an_integer")]),
        ([20, 10, 5], [1, 0, 1], [("hand", "too_many_cards")]),
    ],
)
def test_entry_checks(piles, unused, expected):
    """ "Per player and hand: point pile 0..36, unused bonus cards 0..9, integers; over all
    players, point piles plus unused bonus cards at most 36"."""
    assert rules(check_hand(piles, unused)) == expected


def test_two_player_limit_is_32_cards():
    """ "(32 in the 2-player variant)"."""
    assert check_hand([20, 10], [1, 1]) == []
    assert rules(check_hand([20, 10], [2, 1])) == [("hand", "too_many_cards")]


def test_no_hand_after_the_game_is_over():
    """ "The game is marked finished exactly when the end condition holds; entering a
    further hand afterwards is refused with a clear message."."""
    [problem] = check_hand([5, 5, 5], [0, 0, 0], totals_before=[31, 20, 12])
    assert (problem.field, problem.rule) == ("hand", "game_finished")
    names = ["Anna", "Ben", "Cem"]
    assert problem.message("en", names) == (
        "The game is over (Anna has won with 31 points); no further hand can be entered"
    )
    assert problem.message("de", names).startswith("Das Spiel ist beendet (Anna hat mit 31")
    # a tie at the top is not the end: the next hand is welcome
    assert check_hand([5, 5, 5], [0, 0, 0], totals_before=[31, 31, 12]) == []


def test_entry_messages_in_english_and_german():
    names = ["Anna", "Ben", "Cem"]
    [too_many] = check_hand([20, 10, 5], [1, 0, 1])
    assert too_many.message("en", names) == (
        "Point piles and unused bonus cards add up to 37, but the game has only 36 cards"
    )
    [pile] = check_hand([3, 40, 5], [0, 0, 0])
    assert pile.message("de", names) == (
        "Ben: Der Punktestapel muss 0 bis 36 Karten haben, nicht 40"
    )
    [not_int] = check_hand([3, 4, 5], [0, 0, "x"])
    assert not_int.message("en", names) == (
        "Cem: the number of unused bonus cards must be a whole number"
    )
