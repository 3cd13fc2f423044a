"""Scharfe Schoten scoring and scorepad checks: docs/rules/scharfe-schoten.md,
"Scoring a player's round", "Game" and "Checks the scorepad enforces".

The rulebook's scoring examples show the collections only as pictures, which the source
text lacks; the counts below are chosen to give exactly the outcome the text states.
"""

import pytest

from scoring.rules.scharfe_schoten import (
    check_colour_counts,
    check_predictions,
    check_round,
    check_tricks_won,
    prediction_points,
    round_scores,
    rounds_in_game,
    start_player,
    winners,
)


def counts(r=0, g=0, y=0, b=0):
    return {"R": r, "G": g, "Y": y, "B": b}


def test_rulebook_example_1_black_most_fulfilled_green_fewest_wrong():
    """ "black most fulfilled, green fewest wrong → 5"."""
    assert prediction_points(counts(r=3, g=2, y=1, b=6), "B", "G") == (5, 0, 0, 5)


def test_rulebook_example_2_red_most_wrong_yellow_fewest_tied():
    """ "red most wrong, yellow fewest tied → 3"."""
    assert prediction_points(counts(r=2, g=4, y=1, b=1), "R", "Y") == (0, 3, 0, 3)


def test_rulebook_example_3_both_fulfilled_adds_the_difference():
    """ "red most (6 red) fulfilled, yellow fewest tied at 0 with black → 5 + 3 + 6 = 14"."""
    assert prediction_points(counts(r=6, g=2, y=0, b=0), "R", "Y") == (5, 3, 6, 14)


@pytest.mark.parametrize(("most", "fewest"), [("R", "Y"), ("B", "G"), ("Y", "R")])
def test_a_player_who_collected_nothing_scores_6(most, fewest):
    """ "Consequence: a player who collected nothing scores 3 + 3 + 0 = 6"."""
    assert prediction_points(counts(), most, fewest) == (3, 3, 0, 6)


def test_most_shared_at_the_top_scores_3_and_a_lower_colour_0():
    """ "equal to the maximum but shared with at least one other colour → 3; otherwise 0"."""
    assert prediction_points(counts(r=4, g=4, y=1, b=3), "R", "Y")[:2] == (3, 5)
    assert prediction_points(counts(r=3, g=4, y=1, b=2), "R", "Y")[:2] == (0, 5)


def test_difference_only_when_both_predictions_score():
    """ "If both scored more than 0, add c[M] − c[F]"."""
    assert prediction_points(counts(r=4, g=4, y=0, b=3), "R", "Y") == (3, 5, 4, 12)
    assert prediction_points(counts(r=5, g=4, y=1, b=1), "R", "G") == (5, 0, 0, 5)


def test_round_scores_per_seat():
    collected = [counts(r=6, g=2), counts(), counts(r=3, g=2, y=1, b=6)]
    predictions = [
        {"most": "R", "fewest": "Y"},
        {"most": "G", "fewest": "B"},
        {"most": "B", "fewest": "G"},
    ]
    assert round_scores(collected, predictions) == [14, 6, 5]


def test_as_many_rounds_as_players_and_the_start_moves_left():
    """ "As many rounds as players; the start player of the next round is the player left
    of the previous start player"."""
    assert rounds_in_game(3) == 3
    assert rounds_in_game(4) == 4
    assert [start_player(2, number, 4) for number in range(1, 5)] == [2, 3, 0, 1]
    assert [start_player(0, number, 3) for number in range(1, 4)] == [0, 1, 2]


def test_equal_highest_totals_share_the_win():
    """ "Highest total wins; equal highest totals share the win"."""
    assert winners([30, 41, 41, 12]) == [1, 2]
    assert winners([7, 3, 5]) == [0]


# --- Checks the scorepad enforces -------------------------------------------------------


def test_two_different_colours_per_player():
    """ "Two different colours per player per round."."""
    problems = check_predictions([{"most": "R", "fewest": "Y"}, {"most": "G", "fewest": "G"}])
    assert [(p.field, p.rule) for p in problems] == [("predictions[1]", "prediction_same_colour")]
    assert problems[0].message("en", ["Anna", "Ben", "Cem"]) == (
        "Ben: “most” and “fewest” must be two different colours (both are green)"
    )
    assert "zwei verschiedene Farben" in problems[0].message("de", ["Anna", "Ben", "Cem"])
    assert "(beide sind Grün)" in problems[0].message("de", ["Anna", "Ben", "Cem"])


def test_every_colour_sums_to_12():
    """ "for each colour the counts of all players sum to 12 (every card ends in a
    collection)"."""
    good = [counts(6, 2, 0, 0), counts(3, 4, 6, 3), counts(3, 6, 6, 9)]
    assert check_colour_counts(good) == []
    bad = [counts(6, 2, 0, 0), counts(3, 4, 6, 3), counts(3, 6, 7, 8)]
    problems = check_colour_counts(bad)
    assert [(p.field, p.params["total"]) for p in problems] == [
        ("collected.Y", 13),
        ("collected.B", 11),
    ]
    assert problems[0].message("en").startswith("yellow: the players' counts add up to 13")
    assert problems[0].message("de").startswith("Gelb: Die Anzahlen der Spieler ergeben 13")


def test_three_players_tricks_sum_to_12_and_cards_are_4_per_trick():
    """ "they sum to the number of tricks (12 or 10). With 3 players each player's card
    total is exactly `4 · tricks`"."""
    collected = [counts(6, 2, 0, 0), counts(3, 4, 6, 3), counts(3, 6, 6, 9)]  # 8, 16, 24
    assert check_tricks_won([2, 4, 6], collected) == []
    problems = check_tricks_won([3, 4, 6], collected)
    assert [(p.field, p.rule) for p in problems] == [
        ("tricks_won", "tricks_total"),
        ("tricks_won[0]", "card_total"),
    ]
    assert problems[1].message("en", ["Anna", "Ben", "Cem"]) == (
        "Anna: 8 cards do not fit the tricks won (3): 3 cards per trick plus one from the"
        " spice cupboard make exactly 12"
    )


def test_four_players_cards_are_4_per_trick_plus_up_to_one_cupboard_card_each():
    """ "with 4 players it is `4 · tricks + k` with `0 ≤ k ≤ tricks`, and the k over all
    players sum to 8"."""
    # tricks 3, 3, 2, 2; cupboard cards k = 3, 2, 1, 2 (sum 8); cards 15, 14, 9, 10 = 48
    collected = [counts(5, 5, 5, 0), counts(4, 0, 5, 5), counts(3, 3, 2, 1), counts(0, 4, 0, 6)]
    assert check_tricks_won([3, 3, 2, 2], collected) == []
    assert check_round([{"most": "R", "fewest": "B"}] * 4, collected, [3, 3, 2, 2]) == []
    # Ben claims 4 tricks and Dora 1: 14 cards are too few for 4 tricks, 10 too many for 1
    problems = check_tricks_won([3, 4, 2, 1], collected)
    assert [(p.field, p.rule) for p in problems] == [
        ("tricks_won[1]", "card_total_range"),
        ("tricks_won[3]", "card_total_range"),
    ]
    assert problems[0].params == {"tricks": 4, "total": 14, "low": 16, "high": 20}
    assert problems[1].message("de", ["Anna", "Ben", "Cem", "Dora"]) == (
        "Dora: 10 Karten passen nicht zur Zahl der Stiche (1): 4 Karten je Stich und höchstens"
        " eine aus dem Gewürzschrank je Stich ergeben 4 bis 5"
    )


def test_four_players_cupboard_cards_must_sum_to_8():
    """ "and the k over all players sum to 8"."""
    # each seat is within 4·t ≤ cards ≤ 5·t, but k = 3 + 1 + 1 + 1 = 6: two cards are missing
    collected = [counts(5, 5, 5, 0), counts(3, 0, 5, 5), counts(3, 3, 2, 1), counts(0, 4, 0, 5)]
    problems = check_tricks_won([3, 3, 2, 2], collected)
    assert [(p.field, p.rule, p.params) for p in problems] == [
        ("tricks_won", "cupboard_total", {"total": 6})
    ]
    assert problems[0].message("de") == (
        "Zu viert werden genau 8 Karten aus dem Gewürzschrank genommen, die Eingaben ergeben aber 6"
    )


def test_check_round_reports_every_problem_at_once():
    """ "A clear message names the field and the rule for every rejected entry"."""
    predictions = [
        {"most": "R", "fewest": "R"},
        {"most": "G", "fewest": "Y"},
        {"most": "B", "fewest": "Y"},
    ]
    collected = [counts(6, 2, 0, 0), counts(3, 4, 6, 3), counts(3, 6, 6, 8)]
    problems = check_round(predictions, collected, [2, 4, 5])
    assert [(p.field, p.rule) for p in problems] == [
        ("predictions[0]", "prediction_same_colour"),
        ("collected.B", "colour_total"),
        ("tricks_won", "tricks_total"),
        ("tricks_won[2]", "card_total"),
    ]
