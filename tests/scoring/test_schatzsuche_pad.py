"""The Schatzsuche scorepad end to end through its views (docs/rules/schatzsuche.md)."""

import re
import uuid

import pytest
from django.urls import reverse

from scoring.models import Revision

from .helpers import create_schatzsuche, post_round, round_fields, text, viewer_key

pytestmark = pytest.mark.django_db


def play_round(client, key, number, bids, tricks, **extra):
    response = post_round(client, key, number, round_fields(bids, tricks, **extra))
    assert response.status_code == 302, text(response)[:1500]
    return response


def test_creating_a_table_opens_the_scorer_link_with_round_one(client):
    table, key = create_schatzsuche(client, first_dealer=1)
    page = text(client.get(reverse("table", args=[key])))
    assert "Runde 1 von 10" in page
    # Ben (seat 1) deals: Cem bids first, then Anna, the dealer Ben last; Cem leads.
    assert "Geber Ben" in page
    assert "Cem → Anna → Ben" in page
    assert "Spielt aus Cem" in page
    assert table.player_names == ["Anna", "Ben", "Cem"]


def test_rulebook_example_round_8_scores_through_the_sheet(client):
    """Rulebook: round 8, bid 5: 7 tricks → 24, 5 → 40 (and 2 → −24 in the engine test)."""
    table, key = create_schatzsuche(client)
    for number in range(1, 8):
        play_round(client, key, number, [0, 0, 0], [number, 0, 0])
    play_round(client, key, 8, [5, 5, 0], [7, 1, 0])
    revision = Revision.objects.get(round__table=table, round__number=8, is_current=True)
    # Anna: bid 5, 7 tricks → 24; Ben: bid 5, 1 trick → −32; Cem: bid 0, 0 tricks → 0.
    assert revision.scores == [24, -32, 0]


def test_bids_first_then_tricks_completes_the_round(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([1, 0, 0]))
    first = Revision.objects.get(round__table=table, is_current=True)
    assert first.complete is False and first.scores is None
    page = text(client.get(reverse("table", args=[key])))
    assert "Runde 1 von 10" in page  # still open: the tricks are missing

    response = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1)
    assert response.status_code == 302
    second = Revision.objects.get(round__table=table, is_current=True)
    assert second.number == 2 and second.complete and second.scores == [1, 0, 0]
    assert "Runde 2 von 10" in text(client.get(reverse("table", args=[key])))


def test_completing_an_open_round_is_its_entry_not_a_correction(client):
    """Saving the bids first and the tricks later asks for no reason, marks no ✎ in the grid
    and reads "Vervollständigt" in the history; changing a complete round is a correction."""
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([1, 0, 0]))
    open_form = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="reason"' not in open_form
    post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1)
    completed = Revision.objects.get(round__table=table, is_current=True)
    assert completed.source == Revision.Source.ENTRY
    assert "✎" not in client.get(reverse("table", args=[key])).content.decode()
    history = text(client.get(reverse("round", args=[key, 1])))
    assert "Vervollständigt von Anna" in history and "Korrektur von" not in history

    assert 'name="reason"' in client.get(reverse("round", args=[key, 1])).content.decode()
    post_round(client, key, 1, round_fields([0, 0, 0], [0, 1, 0]), base=2, reason="Ben hatte ihn")
    corrected = Revision.objects.get(round__table=table, is_current=True)
    assert corrected.source == Revision.Source.CORRECTION
    assert "✎" in client.get(reverse("table", args=[key])).content.decode()


def test_single_leader_deals_next(client):
    """Rules: "exactly one player has the highest total → that player deals"."""
    _table, key = create_schatzsuche(client, first_dealer=0)
    play_round(client, key, 1, [0, 1, 0], [0, 1, 0])  # totals 0, 1, 0
    assert "Geber Ben" in text(client.get(reverse("table", args=[key])))


@pytest.mark.parametrize(
    ("dealer_tie", "expected"), [("fewest", "Cem"), ("previous_dealer", "Anna")]
)
def test_two_share_the_lead(client, dealer_tie, expected):
    """Rules: "exactly two players share the highest total → the player with the **fewest**
    points (the third player) deals" [setting dealer_tie: fewest / previous_dealer]."""
    _table, key = create_schatzsuche(client, first_dealer=2, dealer_tie=dealer_tie)
    play_round(client, key, 1, [1, 1, 0], [1, 0, 0])  # 1, −1, 0 → Anna deals round 2
    assert "Geber Anna" in text(client.get(reverse("table", args=[key])))
    play_round(client, key, 2, [0, 1, 0], [0, 1, 1])  # +0, +2, −2 → totals 1, 1, −2
    assert f"Geber {expected}" in text(client.get(reverse("table", args=[key])))


def test_all_three_equal_the_previous_dealer_deals_again(client):
    """Rules: "all three equal → the previous dealer deals again"."""
    _table, key = create_schatzsuche(client, first_dealer=1)
    play_round(client, key, 1, [0, 1, 1], [1, 0, 0])  # −1, −1, −1
    assert "Geber Ben" in text(client.get(reverse("table", args=[key])))


def test_dealer_by_round_uses_the_last_round_not_the_totals(client):
    """Setting dealer_by: round — "die meisten Punkte" read as the round's score."""
    for dealer_by, expected in (("total", "Anna"), ("round", "Ben")):
        _table, key = create_schatzsuche(client, first_dealer=0, dealer_by=dealer_by)
        play_round(client, key, 1, [1, 0, 0], [1, 0, 0])  # Anna +1
        play_round(client, key, 2, [1, 0, 1], [1, 0, 1])  # Anna +2, Cem +2 → totals 3, 0, 2
        # By totals Anna leads alone; by the round Anna and Cem share → Ben (fewest) deals.
        assert f"Geber {expected}" in text(client.get(reverse("table", args=[key])))


def test_a_correction_never_rewrites_who_actually_dealt(client):
    table, key = create_schatzsuche(client, first_dealer=0)
    play_round(client, key, 1, [0, 1, 0], [0, 1, 0])  # Ben leads → Ben deals round 2
    play_round(client, key, 2, [0, 0, 0], [0, 0, 2])
    correction = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1)
    assert correction.status_code == 302
    round_two = Revision.objects.get(round__table=table, round__number=2, is_current=True)
    assert round_two.data["dealer"] == 1


def test_full_game_with_golden_card_and_penalties_ends_with_the_winner(client):
    """Rules: golden card bonus is part of round 10's score; penalties are deducted only at
    the end; "After round 10 the highest total (after penalties) wins"."""
    table, key = create_schatzsuche(client, first_dealer=0)
    for number in range(1, 10):
        # Cem takes every trick having bid them all; Anna and Ben bid 0 and make it.
        penalties = [0, 0, 1] if number == 3 else None
        play_round(client, key, number, [0, 0, number], [0, 0, number], penalties=penalties)
    golden = (["HA", "SA", "C7"], "H10")  # Anna: suit right (+20); Ben, Cem: nothing.
    play_round(client, key, 10, [0, 0, 10], [0, 0, 10], golden=golden)
    last = Revision.objects.get(round__table=table, round__number=10, is_current=True)
    assert last.scores == [20, 0, 100]
    page = text(client.get(reverse("table", args=[key])))
    assert "Spiel beendet" in page
    # Cem: 10·(1+…+10)... bid r each round scores r·r: 1+4+9+…+100 = 385, minus one revoke 30.
    assert "Sieger: Cem" in page
    assert "355" in page and "385" in page


def test_round_ten_needs_the_announcements_and_the_revealed_card(client):
    _table, key = create_schatzsuche(client)
    for number in range(1, 10):
        play_round(client, key, number, [0, 0, number], [0, 0, number])
    no_guesses = post_round(client, key, 10, round_fields([0, 0, 10]))
    assert no_guesses.status_code == 422
    assert "Ansage zur goldenen Karte von Anna (Farbe): bitte auswählen." in text(no_guesses)
    without_card = post_round(
        client, key, 10, round_fields([0, 0, 10], [0, 0, 10], golden=(["HA", "SA", "C7"], None))
    )
    assert without_card.status_code == 422
    assert "Goldene Karte: Runde 10 ist erst mit der aufgedeckten goldenen Karte" in text(
        without_card
    )


def test_round_ten_announcements_are_saved_before_the_deal(client):
    """Rules: "Round 10: before dealing, every player announces a suit and a rank for the
    golden card" — the sheet keeps them before anybody has seen a card; bids, tricks and
    the revealed card follow as corrections of that entry."""
    table, key = create_schatzsuche(client)
    for number in range(1, 10):
        play_round(client, key, number, [0, 0, number], [0, 0, number])
    guesses = {"guess_suit_0": "H", "guess_rank_0": "A", "guess_suit_1": "S"}
    guesses |= {"guess_rank_1": "A", "guess_suit_2": "C", "guess_rank_2": "7"}
    assert post_round(client, key, 10, guesses).status_code == 302
    announced = Revision.objects.get(round__table=table, round__number=10, is_current=True)
    assert announced.complete is False and announced.data["bids"] is None
    assert announced.data["golden"]["guesses"][0] == {"suit": "H", "rank": "A"}
    page = text(client.get(reverse("table", args=[key])))
    assert "Runde 10 von 10" in page and "Spiel beendet" not in page

    # Tricks before the bids are refused; one bid alone names the missing ones.
    early = post_round(
        client, key, 10, guesses | {"tricks_0": 0, "tricks_1": 0, "tricks_2": 10}, base=1
    )
    assert early.status_code == 422
    assert "Ansagen: bitte erst die Ansagen eingeben" in text(early)
    one_bid = post_round(client, key, 10, guesses | {"bid_2": 10}, base=1)
    assert one_bid.status_code == 422
    assert "Ansage von Anna: bitte die Ansagen aller Spieler eingeben oder keine." in text(one_bid)

    fields = round_fields([0, 0, 10], [0, 0, 10], golden=(["HA", "SA", "C7"], "H10"))
    assert post_round(client, key, 10, fields, base=1).status_code == 302
    final = Revision.objects.get(round__table=table, round__number=10, is_current=True)
    assert final.number == 2 and final.scores == [20, 0, 100]
    assert "Spiel beendet" in text(client.get(reverse("table", args=[key])))


def test_the_rules_page_shows_the_house_rules_the_table_was_started_with(client):
    """Every [interpretation] of the rules file is a setting the table keeps and shows."""
    table, key = create_schatzsuche(
        client, dealer_tie="previous_dealer", trump_duty="always", bid_sum_not_round="on"
    )
    assert table.profile["trump_duty"] == "always"
    assert table.profile["bid_sum_not_round"] is True
    page = text(client.get(reverse("pad_page", args=[key, "regeln"])))
    assert "Zwei teilen sich die Führung: Wer gibt? der bisherige Geber" in page
    assert "Wer die angespielte Farbe nicht hat, muss trumpfen immer, auch wenn" in page
    assert "(der Geber passt an) ja" in page
    viewer = viewer_key(table)
    assert client.get(reverse("pad_page", args=[viewer, "regeln"])).status_code == 200
    assert client.post(reverse("pad_page", args=[key, "regeln"])).status_code == 405


def test_bids_that_add_up_to_the_round_are_refused_when_the_table_says_so(client):
    _table, key = create_schatzsuche(client, bid_sum_not_round="on")
    refused = post_round(client, key, 1, round_fields([1, 0, 0]))
    assert refused.status_code == 422
    assert "Ansagen: In diesem Profil dürfen sie zusammen nicht 1 ergeben" in text(refused)
    assert post_round(client, key, 1, round_fields([1, 1, 0])).status_code == 302


def test_a_form_without_the_trump_duty_question_keeps_the_rulebook(client):
    """A creation page opened before the question existed still starts a table."""
    table, _key = create_schatzsuche(client)
    assert table.profile["trump_duty"] == "unless_trick_trumped"
    assert table.profile["bid_sum_not_round"] is False


@pytest.mark.parametrize("game", ["schatzsuche", "stichwahl", "scharfe_schoten", "schafkopf"])
def test_a_tampered_choice_on_the_creation_form_names_the_field(client, game):
    page = client.get(reverse("table_new", args=[game]))
    assert page.status_code == 200
    data = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem", "player_3": "Dora"}
    field = {"schafkopf": "first_dealer", "schatzsuche": "first_dealer"}.get(game)
    field = field or {"stichwahl": "first_hand_leader", "scharfe_schoten": "first_start"}[game]
    response = client.post(reverse("table_new", args=[game]), {**data, field: "9"})
    assert response.status_code in (200, 422)
    page = text(response)
    assert "keine der angebotenen Möglichkeiten" in page
    assert "Bitte eine gültige Auswahl treffen" not in page


def test_chart_legend_shows_the_totals_after_penalties_and_minus_signs_are_real(client):
    """The legend under the chart agrees with the Endstand above it (penalties deducted at
    the end), and negative totals read "−30" as the rounds do, never "-30"."""
    _table, key = create_schatzsuche(client, first_dealer=0)
    for number in range(1, 10):
        penalties = [1, 0, 1] if number == 3 else None
        play_round(client, key, number, [0, 0, number], [0, 0, number], penalties=penalties)
    play_round(client, key, 10, [0, 0, 10], [0, 0, 10], golden=(["HA", "SA", "C7"], "D7"))
    html = client.get(reverse("table", args=[key])).content.decode()
    final_row = re.search(r'<tr class="final">(.*?)</tr>', html, re.S).group(1)
    final = [int(n.replace("−", "-")) for n in re.findall(r">(−?\d+)</td>", final_row)]
    legend = re.findall(r"(Anna|Ben|Cem) <strong>([+−]?\d+)</strong>", html)
    assert [int(n.replace("−", "-")) for _name, n in legend] == final
    sums = re.search(r"<th scope=\"row\">Σ</th>(.*?)</tr>", html, re.S).group(1)
    before = [int(n.replace("−", "-")) for n in re.findall(r">(−?\d+)</td>", sums)]
    assert final == [before[0] - 30, before[1], before[2] - 30]  # one revoke each, Anna and Cem
    assert ">-30<" not in html and ">−30</td>" in html


def test_a_wrong_last_round_is_struck_off_and_the_sheet_goes_back_to_it(client):
    table, key = create_schatzsuche(client, first_dealer=0)
    play_round(client, key, 1, [0, 1, 0], [0, 1, 0])  # Ben leads alone → Ben deals round 2
    play_round(client, key, 2, [0, 0, 0], [0, 0, 2])
    page = client.get(reverse("round", args=[key, 2])).content.decode()
    assert "Runde 2 vom Block streichen" in page
    current = Revision.objects.get(round__table=table, round__number=2, is_current=True)
    response = client.post(
        reverse("round_void", args=[key, 2]),
        {
            "void-base": current.number,
            "void-submission": str(uuid.uuid4()),
            "void-reason": "falsche Runde",
        },
    )
    assert response.status_code == 302
    sheet = text(client.get(reverse("table", args=[key])))
    assert "Runde 2 von 10" in sheet and "Geber Ben" in sheet
    play_round(client, key, 2, [0, 0, 0], [0, 0, 2])
    assert "Runde 3 von 10" in text(client.get(reverse("table", args=[key])))
