"""The Stichwahl scorepad through its views: points per hand, first leader, the end of the game
and corrections that move it (docs/rules/stichwahl.md)."""

import uuid

import pytest
from django.urls import reverse

from scoring.models import Revision, Round
from scoring.pads import get_pad
from scoring.services import current_revisions

from .helpers import post_round, text, viewer_key
from .stichwahl_pad_helpers import create_stichwahl, hand_fields, play_hand, post_hand, sheet

pytestmark = pytest.mark.django_db


def current(table, number) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def summary_of(table):
    return get_pad("stichwahl").summarize(table, current_revisions(table))


# --- points ------------------------------------------------------------------------------------
def test_rulebook_example_seven_cards_and_three_unused_bonus_cards_make_eight(client):
    """ "Example from the rules: 7 cards and 3 unused bonus cards → 8"."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    revision = current(table, 1)
    assert revision.scores == [8, 10, 12]
    assert revision.data == {"first_leader": 0, "piles": [7, 10, 12], "unused_bonus": [3, 1, 0]}
    page = sheet(client, key)
    # The grid shows both inputs and the points: pile · unused → points, under the total.
    assert "8 7·3→8" in page
    assert "Σ 8 10 12" in page


def test_unused_bonus_cards_count_one_point_per_two_rounded_down(client):
    """ "+ 1 for every 2 unused bonus cards still in front of him (rounded down)"."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [0, 5, 5], [1, 9, 2])
    assert current(table, 1).scores == [0, 9, 6]


def test_totals_run_over_the_hands_and_feed_the_chart(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    play_hand(client, key, 2, [9, 4, 6], [2, 0, 5])
    page = sheet(client, key)
    assert "Σ 18 14 20" in page
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'class="chart"' in html  # the shared totals chart
    assert "Anna <strong>+18</strong>" in html


def test_the_sheet_says_the_scorepad_needs_no_card_data(client):
    """ "Scorepad mode needs no card data at all"."""
    _table, key = create_stichwahl(client)
    assert "Der Block braucht keine Kartendaten" in sheet(client, key)


def test_points_preview_comes_from_the_engine_while_typing(client):
    _table, key = create_stichwahl(client)
    url = reverse("pad_page", args=[key, "points"])
    response = client.get(url, {"pile_0": "7", "unused_0": "3", "pile_1": "30", "unused_1": ""})
    page = text(response)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="points-0"' in html and 'hx-swap-oob="true">8</output>' in html
    # An empty count of unused bonus cards is 0, as on saving; an empty pile is not yet known.
    assert 'id="points-1"' in html and 'hx-swap-oob="true">30</output>' in html
    assert 'id="points-2"' in html and 'hx-swap-oob="true">–</output>' in html
    assert "Gezählte Karten: 40 von höchstens 36" in page
    assert "card-count over" in html


# --- who leads first ---------------------------------------------------------------------------
def test_first_hand_leader_is_chosen_at_creation_then_rotates_left(client):
    """ "The first lead of the first hand is chosen by the players ("who last saw a whale");
    later hands are led first by the player left of the previous hand's first leader"."""
    table, key = create_stichwahl(client, ("Anna", "Ben", "Cem", "Dora"), first_hand_leader=2)
    assert "Durchgang 1" in sheet(client, key) and "Spielt aus Cem" in sheet(client, key)
    expected = ["Cem", "Dora", "Anna", "Ben", "Cem"]
    for number, name in enumerate(expected, start=1):
        assert f"Durchgang {number}" in sheet(client, key)
        assert f"Spielt aus {name}" in sheet(client, key)
        play_hand(client, key, number, [1, 1, 1, 1], [0, 0, 0, 0])
        assert current(table, number).data["first_leader"] == table.player_names.index(name)


def test_a_correction_never_rewrites_who_led_first(client):
    table, key = create_stichwahl(client, first_hand_leader=1)
    play_hand(client, key, 1, [5, 5, 5], [0, 0, 0])
    play_hand(client, key, 2, [5, 5, 5], [0, 0, 0])
    play_hand(client, key, 1, [6, 5, 5], [0, 0, 0], base=1, reason="miscounted")
    assert current(table, 1).data["first_leader"] == 1
    assert current(table, 2).data["first_leader"] == 2
    assert "Spielt aus Anna" in sheet(client, key)


def test_with_choose_every_later_hand_names_its_first_leader(client):
    """Setting first_leader: choose — the players choose anew for every hand."""
    table, key = create_stichwahl(client, first_hand_leader=1, first_leader="choose")
    assert table.profile["first_leader"] == "choose"
    assert "Spielt aus Ben" in sheet(client, key)
    play_hand(client, key, 1, [5, 5, 5], [0, 0, 0])  # hand 1: chosen at creation
    assert current(table, 1).data["first_leader"] == 1
    assert "Spielt aus wählt ihr (beim Eintragen angeben)" in sheet(client, key)
    missing = post_hand(client, key, 2, [5, 5, 5], [0, 0, 0])
    assert missing.status_code == 422
    assert "Hat in Durchgang 2 zuerst ausgespielt: bitte auswählen." in text(missing)
    play_hand(client, key, 2, [5, 5, 5], [0, 0, 0], leader=0)
    assert current(table, 2).data["first_leader"] == 0
    history = text(client.get(reverse("round", args=[key, 2])))
    assert "Hat zuerst ausgespielt Anna" in history


# --- the end of the game -----------------------------------------------------------------------
def test_the_game_ends_after_the_hand_with_30_or_more_and_a_single_leader(client):
    """ "Hands are played until, after a hand, somebody has 30 or more in total and the
    highest total is held by exactly one player"."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [14, 10, 6], [2, 0, 0])  # 15, 10, 6
    assert "Spiel beendet" not in sheet(client, key)
    summary = summary_of(table)
    assert (summary.finished, summary.next_round, summary.winners) == (False, 2, [])
    play_hand(client, key, 2, [14, 12, 4], [2, 0, 0])  # 30, 22, 10: exactly 30 is enough
    summary = summary_of(table)
    assert (summary.finished, summary.next_round, summary.winners) == (True, None, [0])
    page = sheet(client, key)
    assert "Spiel beendet. Sieger: Anna" in page
    assert "Σ 30 22 10" in page
    assert 'name="pile_0"' not in client.get(reverse("table", args=[key])).content.decode()


def test_29_alone_at_the_top_is_not_yet_the_end(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [14, 10, 6], [2, 0, 0])
    play_hand(client, key, 2, [13, 12, 4], [2, 0, 0])  # 29, 22, 10
    page = sheet(client, key)
    assert "Spiel beendet" not in page and "Durchgang 3" in page


def test_a_tie_at_the_top_continues_until_one_player_leads(client):
    """ "on a tie at the top play continues" — and the sheet says so."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [15, 15, 6], [0, 0, 0])
    play_hand(client, key, 2, [16, 16, 4], [0, 0, 0])  # 31, 31, 10
    summary = summary_of(table)
    assert (summary.finished, summary.next_round, summary.winners) == (False, 3, [])
    page = sheet(client, key)
    assert "Spiel beendet" not in page
    assert "Gleichstand an der Spitze – es geht weiter." in page
    assert "Anna / Ben liegen mit 31 Punkten gemeinsam vorn." in page
    assert "Durchgang 3" in page
    # Other phones get it live: the polled fragment carries the hand's facts out of band.
    live = text(client.get(reverse("table_live", args=[key]), HTTP_HX_REQUEST="true"))
    assert "Gleichstand an der Spitze – es geht weiter." in live
    play_hand(client, key, 3, [2, 3, 0], [0, 0, 0])  # 33, 34, 10
    page = sheet(client, key)
    assert "Spiel beendet. Sieger: Ben" in page
    assert "Gleichstand" not in page


def test_a_tie_below_the_top_does_not_hold_the_game(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [30, 2, 2], [0, 0, 0])  # 30, 2, 2
    assert "Spiel beendet. Sieger: Anna" in sheet(client, key)


def test_a_hand_after_the_end_is_refused_with_a_clear_message(client):
    """ "entering a further hand afterwards is refused with a clear message"."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [20, 2, 2], [0, 0, 0])
    play_hand(client, key, 2, [12, 2, 2], [0, 0, 0])  # 32, 4, 4
    response = post_hand(client, key, 3, [1, 1, 1], [0, 0, 0])
    assert response.status_code == 302
    assert "Das Spiel ist beendet: Durchgang 3 kann nicht mehr eingetragen werden." in text(
        client.get(response.url)
    )
    assert not Round.objects.filter(table=table, number=3).exists()


def test_a_hand_after_the_end_is_refused_in_english(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [31, 2, 2], [0, 0, 0])
    client.cookies["django_language"] = "en"
    response = post_hand(client, key, 2, [1, 1, 1], [0, 0, 0])
    page = text(client.get(response.url))
    assert "The game is over: hand 2 cannot be entered any more." in page
    assert "Game over. Winner: Anna" in page


def test_a_correction_that_undoes_the_end_reopens_entry(client):
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [15, 10, 6], [0, 0, 0])
    play_hand(client, key, 2, [16, 10, 6], [0, 0, 0])  # 31, 20, 12: over
    assert "Spiel beendet" in sheet(client, key)
    play_hand(client, key, 2, [6, 10, 6], [0, 0, 0], base=1, reason="Stapel verwechselt")
    page = sheet(client, key)
    assert "Spiel beendet" not in page and "Durchgang 3" in page
    play_hand(client, key, 3, [3, 2, 1], [0, 0, 0])
    assert current(table, 3).scores == [3, 2, 1]


def test_a_correction_of_the_last_hand_may_end_the_game(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [15, 10, 6], [0, 0, 0])
    play_hand(client, key, 2, [10, 10, 6], [0, 0, 0])  # 25, 20, 12
    play_hand(client, key, 2, [15, 10, 6], [0, 0, 0], base=1)  # 30, 20, 12
    assert "Spiel beendet. Sieger: Anna" in sheet(client, key)


def test_a_correction_that_would_end_the_game_before_saved_hands_is_refused(client):
    """The game "is marked finished exactly when the end condition holds": it cannot have
    ended after hand 2 while hand 3 was played."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [15, 10, 6], [0, 0, 0])
    play_hand(client, key, 2, [10, 10, 6], [0, 0, 0])  # 25, 20, 12
    play_hand(client, key, 3, [2, 2, 2], [0, 0, 0])  # 27, 22, 14
    response = post_hand(client, key, 2, [15, 10, 6], [0, 0, 0], base=1)
    assert response.status_code == 422
    page = text(response)
    assert (
        "Mit diesen Zahlen wäre das Spiel schon nach Durchgang 2 zu Ende gewesen "
        "(Anna allein vorn mit 30 Punkten), aber spätere Durchgänge sind schon gespeichert."
    ) in page
    assert current(table, 2).number == 1  # nothing saved
    assert 'name="pile_0" value="15"' in response.content.decode()  # the input is kept
    client.cookies["django_language"] = "en"
    response = post_hand(client, key, 2, [15, 10, 6], [0, 0, 0], base=1)
    assert (
        "With these numbers the game would already have ended after hand 2 "
        "(Anna alone at the top with 30 points), but later hands are saved."
    ) in text(response)


def test_a_correction_that_ends_the_game_at_a_later_saved_hand_is_refused_too(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [15, 10, 6], [0, 0, 0])
    play_hand(client, key, 2, [10, 10, 6], [0, 0, 0])  # 25, 20, 12
    play_hand(client, key, 3, [2, 2, 2], [0, 0, 0])  # 27, 22, 14
    play_hand(client, key, 4, [1, 1, 1], [0, 0, 0])  # 28, 23, 15
    # Raising Anna's hand 1 by 3 puts her on 30 after hand 3, but hand 4 follows.
    response = post_hand(client, key, 1, [18, 10, 6], [0, 0, 0], base=1)
    assert response.status_code == 422
    assert "nach Durchgang 3 zu Ende gewesen (Anna allein vorn mit 30 Punkten)" in text(response)


# --- history, viewers, conflicts -----------------------------------------------------------------
def test_history_names_each_change_in_plain_words(client):
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    play_hand(client, key, 1, [9, 10, 12], [3, 1, 0], base=1, reason="Stapel nachgezählt")
    page = text(client.get(reverse("round", args=[key, 1])))
    assert "Punktestapel von Anna: 7 → 9" in page
    assert "Punkte von Anna: 8 → 10" in page
    assert "Grund: Stapel nachgezählt" in page
    assert current(table, 1).scores == [10, 10, 12]


def test_viewer_link_sees_the_sheet_without_a_form(client):
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    page = client.get(reverse("table", args=[viewer_key(table)]))
    assert "Nur ansehen" in text(page) and "7·3→8" in text(page)
    assert 'name="pile_0"' not in page.content.decode()
    assert post_hand(client, viewer_key(table), 2, [1, 1, 1], [0, 0, 0]).status_code == 403


def test_a_conflict_shows_the_newer_hand_in_plain_words(client):
    _table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    play_hand(client, key, 1, [8, 10, 12], [3, 1, 0], base=1)
    stale = post_hand(client, key, 1, [9, 10, 12], [3, 1, 0], base=1)
    assert stale.status_code == 409
    page = text(stale)
    assert "Nicht gespeichert" in page and "Punktestapel von Anna 8" in page
    assert 'name="pile_0" value="9"' in stale.content.decode()


def test_double_tap_stores_one_hand(client):
    table, key = create_stichwahl(client)
    fields = hand_fields([7, 10, 12], [3, 1, 0])
    first = post_round(client, key, 1, fields, submission="5b0f3c8e-1d2a-4e5f-9a7b-1c2d3e4f5a6b")
    again = post_round(client, key, 1, fields, submission="5b0f3c8e-1d2a-4e5f-9a7b-1c2d3e4f5a6b")
    assert first.status_code == again.status_code == 302
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_hand_posted_after_the_end_is_refused_with_the_reason(client):
    """A phone that still shows an entry form after another phone ended the game learns why
    its hand was not stored, and the sheet stays as it was."""
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [14, 10, 6], [2, 0, 0])
    play_hand(client, key, 2, [14, 12, 4], [2, 0, 0])
    refused = post_hand(client, key, 3, [5, 5, 5], [0, 0, 0])
    page = text(client.get(refused.url))
    assert "Das Spiel ist beendet: Durchgang 3 kann nicht mehr eingetragen werden." in page
    assert "Σ 30 22 10" in page
    assert not table.rounds.filter(number=3).exists()


def void(client, key, number, reason="versehentlich doppelt eingetragen", base=None):
    table = Round.objects.get(table__accesses__key=key, number=number).table
    current = Revision.objects.get(round__table=table, round__number=number, is_current=True)
    return client.post(
        reverse("round_void", args=[key, number]),
        {
            "void-base": base or current.number,
            "void-submission": str(uuid.uuid4()),
            "void-reason": reason,
        },
    )


def test_an_extra_hand_is_struck_off_kept_in_the_history_and_entered_again(client):
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    play_hand(client, key, 2, [5, 5, 5], [0, 0, 0])
    response = void(client, key, 2)
    assert response.status_code == 302
    page = sheet(client, key)
    assert "Durchgang 2 vom Block gestrichen." in page
    assert "Σ 8 10 12" in page and "Durchgang 2" in page  # hand 2 is to be entered again
    history = text(client.get(reverse("round", args=[key, 2])))
    assert "Gestrichen von Anna" in history
    assert "Grund: versehentlich doppelt eingetragen" in history
    assert "Eingetragen von Anna" in history  # the voided entry stays in the history
    play_hand(client, key, 2, [6, 6, 6], [0, 0, 0])
    assert "Σ 14 16 18" in sheet(client, key)
    sources = list(
        Revision.objects.filter(round__table=table, round__number=2)
        .order_by("number")
        .values_list("source", flat=True)
    )
    assert sources == ["entry", "void", "entry"]


def test_only_the_last_hand_is_struck_off_and_only_with_a_reason(client):
    table, key = create_stichwahl(client)
    play_hand(client, key, 1, [7, 10, 12], [3, 1, 0])
    play_hand(client, key, 2, [5, 5, 5], [0, 0, 0])
    strike = reverse("round_void", args=[key, 1])
    assert strike not in client.get(reverse("round", args=[key, 1])).content.decode()
    last = reverse("round_void", args=[key, 2])
    assert last in client.get(reverse("round", args=[key, 2])).content.decode()
    refused = void(client, key, 1)
    assert "Nur die letzte Runde auf dem Block kann gestrichen werden." in text(
        client.get(refused.url)
    )
    missing = void(client, key, 2, reason="  ")
    assert missing.status_code == 422
    assert "Grund für das Streichen: bitte angeben" in text(missing)
    viewer = void(client, viewer_key(table), 2)
    assert viewer.status_code in (403, 404)
    assert Revision.objects.filter(round__table=table, source="void").count() == 0
