"""The Scharfe Schoten scorepad end to end through its views.

Rules: docs/rules/scharfe-schoten.md.
"""

import re

import pytest
from django.urls import reverse

from scoring.models import Revision, Round

from .helpers import post_round, viewer_key
from .scharfe_schoten_helpers import (
    counts,
    create_table,
    current,
    page_text,
    play_round,
    round_fields,
)

pytestmark = pytest.mark.django_db

# Rulebook examples in one round of four (counts that give exactly the stated outcomes, see
# docs/scharfe-schoten.md "Scoring examples"); the columns add up to 12, the tricks fit.
RULEBOOK_PREDICTIONS = ["RY", "BG", "RY", "YR"]
RULEBOOK_COLLECTED = ["R6 G2", "R1 G2 Y1 B6", "R2 G3", "R3 G5 Y11 B6"]
RULEBOOK_TRICKS = [2, 2, 1, 5]
EVEN_4 = ["R3 G3 Y3 B3"] * 4
EVEN_3 = ["R4 G4 Y4 B4"] * 3


def sheet(client, key) -> str:
    return page_text(client.get(reverse("table", args=[key])))


def test_a_new_table_of_four_shows_round_one_and_the_chosen_start_player(client):
    """Rules: "3 or 4 players"; "4 players → 10 cards each. The rest (… 8 cards) is the
    spice cupboard"; "the first start player is chosen by the players"."""
    table, key = create_table(client, first_start=1)
    page = sheet(client, key)
    assert "Runde 1 von 4" in page
    assert "je 10 Karten, 8 im Gewürzschrank" in page
    assert "Startspieler Ben" in page
    assert table.player_names == ["Anna", "Ben", "Cem", "Dora"]
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="count_3_B"' in html and 'name="most_0"' in html


def test_three_players_play_three_rounds_of_twelve_cards(client):
    """Rules: "3 players → 12 cards each" and "As many rounds as players"."""
    _table, key = create_table(client, players=("Anna", "Ben", "Cem", ""), first_start=2)
    page = sheet(client, key)
    assert "Runde 1 von 3" in page
    assert "je 12 Karten, 12 im Gewürzschrank" in page
    assert "Startspieler Cem" in page


def test_the_start_player_must_be_one_of_the_players(client):
    response = client.post(
        reverse("table_new", args=["scharfe_schoten"]),
        {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem", "first_start": 3},
    )
    assert response.status_code == 422
    assert "Erster Startspieler: Spieler 4 hat keinen Namen" in page_text(response)


@pytest.mark.parametrize(
    ("players", "first_start", "expected"),
    [
        (("Anna", "Ben", "Cem", ""), 1, ["Ben", "Cem", "Anna"]),
        (("Anna", "Ben", "Cem", "Dora"), 2, ["Cem", "Dora", "Anna", "Ben"]),
    ],
)
def test_the_start_moves_one_seat_left_each_round(client, players, first_start, expected):
    """Rules: "the start player of the next round is the player left of the previous start
    player (the first start player is chosen by the players)"."""
    table, key = create_table(client, players=players, first_start=first_start)
    even = EVEN_3 if len(expected) == 3 else EVEN_4
    predictions = ["RY"] * len(expected)
    for number, name in enumerate(expected, start=1):
        assert f"Startspieler {name}" in sheet(client, key)
        play_round(client, key, number, predictions, even)
        assert table.player_names[current(table, number).data["start"]] == name
    assert "Spiel beendet" in sheet(client, key)


def test_rulebook_scoring_examples_through_the_sheet(client):
    """Rules: "black most fulfilled, green fewest wrong → 5; red most wrong, yellow fewest
    tied → 3; red most (6 red) fulfilled, yellow fewest tied at 0 with black → 5 + 3 + 6 =
    14"; and "If both scored more than 0, add c[M] − c[F]" (Dora: 5 + 5 + 11 − 3 = 18)."""
    table, key = create_table(client)
    play_round(
        client,
        key,
        1,
        RULEBOOK_PREDICTIONS,
        RULEBOOK_COLLECTED,
        tricks=RULEBOOK_TRICKS,
        numbers={"R": 2, "G": 10, "Y": 1, "B": 9},
    )
    revision = current(table, 1)
    assert revision.complete
    assert revision.scores == [14, 5, 3, 18]
    assert revision.data["collected"][0] == counts("R6 G2")
    assert revision.data["tricks_won"] == RULEBOOK_TRICKS
    html = client.get(reverse("table", args=[key])).content.decode()
    row = html[html.index('id="round-1"') :]
    row = text_of(row[: row.index("</tr>")])
    # Anna starts (▸); each cell: total, most and fewest colour by letters and name, points.
    assert "1 14 ▸ Startspieler: ↑ meiste Ro Rot ↓ wenigste Ge Gelb +14" in row
    assert "5 ↑ meiste Sw Schwarz ↓ wenigste Gr Grün +5" in row
    assert "3 ↑ meiste Ro Rot ↓ wenigste Ge Gelb +3" in row
    assert "18 ↑ meiste Ge Gelb ↓ wenigste Ro Rot +18" in row


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_a_player_who_collected_nothing_scores_six(client):
    """Rules: "Consequence: a player who collected nothing scores 3 + 3 + 0 = 6"."""
    table, key = create_table(client, players=("Anna", "Ben", "Cem", ""))
    # 3 players: cards = 4 · tricks; Anna takes no trick, Ben and Cem six each.
    play_round(client, key, 1, ["GB", "RY", "YR"], ["", "R12 G12", "Y12 B12"], tricks=[0, 6, 6])
    # Ben: most red ties green (3), fewest yellow ties black (3), both score: + 12 − 0.
    assert current(table, 1).scores == [6, 18, 18]


def test_predictions_first_then_the_cards_complete_the_round(client):
    table, key = create_table(client)
    post_round(client, key, 1, round_fields(RULEBOOK_PREDICTIONS))
    first = current(table, 1)
    assert not first.complete and first.scores is None
    page = sheet(client, key)
    assert "Runde 1 von 4" in page  # still open: the cards are missing
    assert "↑ meiste Ro Rot ↓ wenigste Ge Gelb" in page  # open predictions in the grid

    response = post_round(
        client, key, 1, round_fields(RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED), base=1
    )
    assert response.status_code == 302
    second = current(table, 1)
    assert second.number == 2 and second.complete and second.scores == [14, 5, 3, 18]
    assert "Runde 2 von 4" in sheet(client, key)


def test_number_cards_show_the_colour_order_and_super_trumps(client):
    """Rules: "Colours rank by their number, highest first. The super trumps are the four
    spice cards "colour + the number placed at it"" — "green 10 > black 9 > … > yellow 1"."""
    _table, key = create_table(client)
    post_round(client, key, 1, round_fields(numbers={"R": 2, "G": 10, "Y": 1, "B": 9}))
    assert "Supertrümpfe Grün 10 > Schwarz 9 > Rot 2 > Gelb 1" in sheet(client, key)
    client.cookies["django_language"] = "en"
    assert "Super trumps Green 10 > Black 9 > Red 2 > Yellow 1" in sheet(client, key)


def test_a_full_game_ends_with_the_single_highest_total(client):
    """Rules: "Highest total wins"."""
    table, key = create_table(client)
    play_round(client, key, 1, RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED)
    for number in (2, 3, 4):  # everybody ties everything: 3 + 3 + 0 = 6 each
        play_round(client, key, number, ["RY", "GB", "YR", "BG"], EVEN_4)
    page = sheet(client, key)
    assert "Spiel beendet. Sieger: Dora" in page
    assert "Σ 32 23 21 36 ★" in page
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="count_0_R"' not in html  # no form once the game is over
    late = post_round(client, key, 5, round_fields(["RY"] * 4, EVEN_4))
    assert "Das Spiel ist beendet: Runde 5 kann nicht mehr eingetragen werden." in page_text(
        client.get(late.url)
    )
    assert not Round.objects.filter(table=table, number=5).exists()


def test_equal_highest_totals_share_the_win(client):
    """Rules: "equal highest totals share the win [interpretation: the source names no
    tie-break]"."""
    _table, key = create_table(client, players=("Anna", "Ben", "Cem", ""))
    # Anna: red strictly most (5), yellow ties black at 0 (3), + 8 → 16. Ben: yellow ties
    # black at the top (3), red ties green at the bottom (3), + 2 → 8. Cem: both wrong → 0.
    play_round(client, key, 1, ["RY", "YR", "RG"], ["R8 G4", "R4 G4 Y6 B6", "G4 Y6 B6"])
    play_round(client, key, 2, ["YR", "RY", "RG"], ["R4 G4 Y6 B6", "R8 G4", "G4 Y6 B6"])
    play_round(client, key, 3, ["RY", "RY", "RY"], EVEN_3)
    page = sheet(client, key)
    assert "Σ 30 ★ 30 ★ 6" in page
    assert "Spiel beendet. Sieger: Anna , Ben" in page


# --- checks and their messages -----------------------------------------------------------------
def post_invalid(client, key, fields, *, english=False):
    if english:
        client.cookies["django_language"] = "en"
    response = post_round(client, key, 1, fields)
    assert response.status_code == 422, response.status_code
    return response


def test_each_colour_must_add_up_to_twelve(client):
    """Rules: "Per round, for each colour the counts of all players sum to 12 (every card
    ends in a collection)"."""
    table, key = create_table(client)
    collected = ["R6 G2", "R1 G2 Y1 B6", "R2 G3", "R3 G5 Y10 B6"]  # yellow: 11
    response = post_invalid(client, key, round_fields(RULEBOOK_PREDICTIONS, collected))
    page = page_text(response)
    assert (
        "Gelb: Die Anzahlen der Spieler ergeben 11, aber alle 12 Karten in Gelb landen in "
        "einer Sammlung." in page
    )
    assert "Rot:" not in page.split("Bitte prüfen:")[1].split("Zahlenkarten")[0]
    html = response.content.decode()
    assert 'name="count_3_Y" value="10"' in html  # what was typed stays
    assert not Round.objects.filter(table=table).exists()


def test_each_colour_must_add_up_to_twelve_in_english(client):
    _table, key = create_table(client)
    collected = ["R5 G2", "R1 G2 Y1 B6", "R2 G3", "R3 G5 Y11 B6"]  # red: 11
    page = page_text(
        post_invalid(client, key, round_fields(RULEBOOK_PREDICTIONS, collected), english=True)
    )
    assert (
        "Red: the players' counts add up to 11, but all 12 red cards end in a collection." in page
    )


def test_a_prediction_needs_two_different_colours(client):
    """Rules: "every player picks two **different** colours"; scorepad check "Two different
    colours per player per round"."""
    _table, key = create_table(client)
    page = page_text(post_invalid(client, key, round_fields(["RY", "BB", "RY", "YR"])))
    assert (
        "Ben: „meiste“ und „wenigste“ müssen zwei verschiedene Farben sein (beide sind Schwarz)."
        in page
    )
    _table, key = create_table(client)
    page = page_text(
        post_invalid(client, key, round_fields(["RY", "BB", "RY", "YR"]), english=True)
    )
    assert "Ben: “most” and “fewest” must be two different colours (both are black)." in page


def test_predictions_of_some_players_only_are_refused(client):
    _table, key = create_table(client)
    fields = round_fields(["RY", "BG"])
    fields["most_2"] = "G"
    page = page_text(post_invalid(client, key, fields))
    assert "Wenigste Farbe von Cem: Bitte auswählen; eine Ansage besteht aus einer meisten" in page
    assert "Meiste Farbe von Dora: Trage die Ansagen aller Spieler ein, oder noch keine." in page
    page = page_text(post_invalid(client, key, fields, english=True))
    assert (
        "Fewest colour of Cem: please choose; a prediction is a most and a fewest colour." in page
    )
    assert "Most colour of Dora: enter the predictions of all players, or of none yet." in page


def test_cards_without_predictions_are_refused(client):
    _table, key = create_table(client)
    page = page_text(post_invalid(client, key, round_fields(collected=RULEBOOK_COLLECTED)))
    assert "Gesammelte Karten: Trage auch die Ansagen aller Spieler ein" in page
    page = page_text(
        post_invalid(client, key, round_fields(collected=RULEBOOK_COLLECTED), english=True)
    )
    assert "Collected cards: enter every player's prediction as well" in page


def test_a_count_above_twelve_names_the_field(client):
    _table, key = create_table(client)
    collected = ["R13", "R1 G2 Y1 B6", "R2 G3", "R3 G5 Y11 B6"]
    page = page_text(post_invalid(client, key, round_fields(RULEBOOK_PREDICTIONS, collected)))
    assert "Rot-Karten von Anna: höchstens 12." in page
    page = page_text(
        post_invalid(client, key, round_fields(RULEBOOK_PREDICTIONS, collected), english=True)
    )
    assert "Red cards of Anna: must be at most 12." in page


def test_tricks_must_add_up_to_the_tricks_of_a_round(client):
    """Rules: "Optional entry of tricks won per player: they sum to the number of tricks
    (12 or 10)"."""
    _table, key = create_table(client)
    fields = round_fields(RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED, tricks=[2, 2, 2, 5])
    page = page_text(post_invalid(client, key, fields))
    assert "Die gewonnenen Stiche ergeben 11, aber eine Runde zu 4 Spielern hat 10 Stiche." in page
    page = page_text(post_invalid(client, key, fields, english=True))
    assert "Tricks won add up to 11, but a round with 4 players has 10 tricks." in page


def test_four_players_cards_must_fit_the_tricks_won(client):
    """Rules: "with 4 players it is `4 · tricks + k` with `0 ≤ k ≤ tricks`"."""
    _table, key = create_table(client)
    fields = round_fields(RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED, tricks=[1, 3, 1, 5])
    page = page_text(post_invalid(client, key, fields))
    # Anna has 8 cards: one trick gives 4 to 5.
    assert (
        "Anna: 8 Karten passen nicht zur Zahl der Stiche (1): 4 Karten je Stich und höchstens "
        "eine aus dem Gewürzschrank je Stich ergeben 4 bis 5." in page
    )
    page = page_text(post_invalid(client, key, fields, english=True))
    assert "Anna: 8 cards do not fit the tricks won (1): 4 cards per trick" in page


def test_three_players_cards_are_four_per_trick(client):
    """Rules: "With 3 players each player's card total is exactly `4 · tricks`"."""
    _table, key = create_table(client, players=("Anna", "Ben", "Cem", ""))
    fields = round_fields(["RY"] * 3, EVEN_3, tricks=[3, 4, 5])
    page = page_text(post_invalid(client, key, fields))
    assert (
        "Anna: 16 Karten passen nicht zur Zahl der Stiche (3): 3 Karten je Stich und eine aus "
        "dem Gewürzschrank ergeben genau 12." in page
    )
    page = page_text(post_invalid(client, key, fields, english=True))
    assert "Anna: 16 cards do not fit the tricks won (3): 3 cards per trick plus one" in page


def test_tricks_need_the_cards(client):
    _table, key = create_table(client)
    page = page_text(
        post_invalid(client, key, round_fields(RULEBOOK_PREDICTIONS, tricks=RULEBOOK_TRICKS))
    )
    assert "Gewonnene Stiche: Trage sie zusammen mit den gesammelten Karten ein." in page


def test_number_cards_all_four_and_all_different(client):
    """Rules: "one number card (drawn at random from the 12) is placed at each colour"."""
    _table, key = create_table(client)
    page = page_text(
        post_invalid(client, key, round_fields(numbers={"R": 9, "G": 10, "Y": 1, "B": 9}))
    )
    assert (
        "Zahlenkarte bei Schwarz: Die 9 liegt schon bei Rot; jede Farbe bekommt eine andere "
        "Zahlenkarte." in page
    )
    page = page_text(
        post_invalid(client, key, round_fields(numbers={"R": 9, "G": 10}), english=True)
    )
    assert "Number card at Yellow: enter the number cards of all four colours, or none." in page


def test_an_empty_new_round_is_refused(client):
    _table, key = create_table(client)
    page = page_text(post_invalid(client, key, {}))
    assert "Runde 1: Noch nichts eingetragen" in page


# --- history, permissions ----------------------------------------------------------------------
def test_a_correction_is_kept_in_the_history_with_readable_labels(client):
    table, key = create_table(client)
    play_round(client, key, 1, RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED)
    swapped = ["R2 G3", "R1 G2 Y1 B6", "R6 G2", "R3 G5 Y11 B6"]  # Anna's and Cem's cards
    response = post_round(
        client,
        key,
        1,
        round_fields(RULEBOOK_PREDICTIONS, swapped),
        base=1,
        reason="Stapel vertauscht",
        author="Ben",
    )
    assert response.status_code == 302
    assert current(table, 1).scores == [3, 5, 14, 18]
    history = page_text(client.get(reverse("round", args=[key, 1])))
    assert "Stapel vertauscht" in history
    assert (
        "Karten von Anna: Rot 6 · Grün 2 · Gelb 0 · Schwarz 0 → Rot 2 · Grün 3 · Gelb 0 · "
        "Schwarz 0" in history
    )
    assert "Ansage von Anna meiste Rot, wenigste Gelb" in history
    assert Revision.objects.filter(round__table=table).count() == 2


def test_viewer_sees_the_sheet_but_cannot_enter(client):
    table, key = create_table(client)
    play_round(client, key, 1, RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED)
    viewer = viewer_key(table)
    page = client.get(reverse("table", args=[viewer]))
    assert "Nur ansehen" in page_text(page)
    assert 'name="count_0_R"' not in page.content.decode()
    assert "+14" in page_text(page)
    refused = post_round(client, viewer, 2, round_fields(["RY"] * 4, EVEN_4))
    assert refused.status_code == 403
    assert not Round.objects.filter(table=table, number=2).exists()


def test_colours_are_named_not_only_coloured(client):
    """Colour-blind players: every colour dot carries its letters and the legend names them."""
    _table, key = create_table(client)
    play_round(client, key, 1, RULEBOOK_PREDICTIONS, RULEBOOK_COLLECTED)
    page = sheet(client, key)
    assert "Ro Rot · Gr Grün · Ge Gelb · Sw Schwarz" in page
    client.cookies["django_language"] = "en"
    assert "R Red · G Green · Y Yellow · B Black" in sheet(client, key)


def test_the_rules_tab_lists_the_tables_settings(client):
    _table, key = create_table(client, hidden=True)
    sheet = client.get(reverse("table", args=[key])).content.decode()
    assert reverse("pad_page", args=[key, "regeln"]) in sheet
    rules = client.get(reverse("pad_page", args=[key, "regeln"]))
    assert rules.status_code == 200
    assert "Regeln dieses Tisches" in page_text(rules)
    assert "Verdeckte Ansagen" in page_text(rules)
