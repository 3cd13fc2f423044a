"""The Stichwahl scorepad's entry and table checks, each with its German and English message
(docs/rules/stichwahl.md, "Checks the scorepad enforces")."""

import pytest
from django.urls import reverse

from scoring.models import Round

from .helpers import text
from .stichwahl_pad_helpers import create_stichwahl, play_hand, post_hand, sheet

pytestmark = pytest.mark.django_db

GERMAN, ENGLISH = "de", "en"


def refused(client, key, piles, unused, language=GERMAN, number=1):
    client.cookies["django_language"] = language
    response = post_hand(client, key, number, piles, unused)
    assert response.status_code == 422
    return text(response)


@pytest.mark.parametrize(
    ("piles", "unused", "german", "english"),
    [
        (
            [37, 0, 0],
            [0, 0, 0],
            "Punktestapel von Anna: höchstens 36.",
            "Point pile of Anna: must be at most 36.",
        ),
        (
            [0, -1, 0],
            [0, 0, 0],
            "Punktestapel von Ben: mindestens 0.",
            "Point pile of Ben: must be at least 0.",
        ),
        (
            [0, 0, 0],
            [0, 0, 10],
            "Ungenutzte Bonuskarten von Cem: höchstens 9.",
            "Unused bonus cards of Cem: must be at most 9.",
        ),
        (
            [0, 0, 0],
            [-2, 0, 0],
            "Ungenutzte Bonuskarten von Anna: mindestens 0.",
            "Unused bonus cards of Anna: must be at least 0.",
        ),
    ],
)
def test_per_player_ranges(client, piles, unused, german, english):
    """ "Per player and hand: point pile 0..36, unused bonus cards 0..9"."""
    table, key = create_stichwahl(client)
    assert german in refused(client, key, piles, unused, GERMAN)
    assert english in refused(client, key, piles, unused, ENGLISH)
    assert not Round.objects.filter(table=table).exists()


@pytest.mark.parametrize("typed", ["7.5", "sieben"])
def test_counts_are_whole_numbers(client, typed):
    """ "..., integers"."""
    _table, key = create_stichwahl(client)
    piles, unused = [typed, 0, 0], [0, 0, typed]
    page = refused(client, key, piles, unused, GERMAN)
    assert "Punktestapel von Anna: Muss eine ganze Zahl sein." in page
    assert "Ungenutzte Bonuskarten von Cem: Muss eine ganze Zahl sein." in page
    page = refused(client, key, piles, unused, ENGLISH)
    assert "Point pile of Anna: must be a whole number." in page
    assert "Unused bonus cards of Cem: must be a whole number." in page


def test_every_point_pile_is_needed(client):
    _table, key = create_stichwahl(client)
    piles, unused = ["", 5, 5], [0, "", 0]
    page = refused(client, key, piles, unused, GERMAN)
    assert "Punktestapel von Anna: Bitte eine Zahl eingeben." in page
    assert "Ungenutzte Bonuskarten von Ben: Bitte eine Zahl eingeben." not in page
    assert "Point pile of Anna: please enter a number." in refused(
        client, key, piles, unused, ENGLISH
    )


def test_empty_unused_bonus_cards_count_as_zero(client):
    """Most hands end with no bonus card left; nobody types a row of zeros."""
    _table, key = create_stichwahl(client, players=("Anna", "Ben", "Cem", "Dora"))
    response = post_hand(client, key, 1, [7, 10, 12, 4], ["", "", 3, ""])
    assert response.status_code == 302
    page = sheet(client, key)
    assert "Bitte eine Zahl eingeben" not in page
    assert "Σ 7 10 13 4" in page
    assert "7 7·0→7" in page and "13 12·3→13" in page
    form = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="unused_0"' in form and 'placeholder="0"' in form


def test_piles_and_unused_bonus_cards_together_at_most_36(client):
    """ "over all players, point piles plus unused bonus cards at most 36"."""
    table, key = create_stichwahl(client)
    piles, unused = [12, 12, 10], [1, 1, 1]  # 37
    assert (
        "Punktestapel und ungenutzte Bonuskarten ergeben zusammen 37, das Spiel hat aber nur "
        "36 Karten" in refused(client, key, piles, unused, GERMAN)
    )
    assert (
        "Point piles and unused bonus cards add up to 37, but the game has only 36 cards"
        in refused(client, key, piles, unused, ENGLISH)
    )
    play_hand(client, key, 1, [12, 12, 10], [1, 1, 0])  # exactly 36 is fine
    assert table.rounds.count() == 1


def test_a_refused_hand_keeps_what_was_typed(client):
    _table, key = create_stichwahl(client)
    client.cookies["django_language"] = GERMAN
    response = post_hand(client, key, 1, [12, 40, 10], [1, 1, 1])
    html = response.content.decode()
    assert 'name="pile_0" value="12"' in html and 'name="pile_1" value="40"' in html
    assert 'name="unused_2" value="1"' in html


# --- the variant for two -------------------------------------------------------------------------
def test_the_variant_for_two_has_32_cards(client):
    """ "2-player variant: remove the four 5s" — "at most 36 (32 in the 2-player variant)"."""
    table, key = create_stichwahl(client, ("Anna", "Ben"), two_player_variant="on")
    assert table.options["two_player_variant"] is True
    page = sheet(client, key)
    assert "Nachziehstapel 14" in page  # 32 − 2 · 9
    assert "Variante für 2 32 Karten (ohne die 5er)" in page
    piles, unused = [17, 16], [0, 0]
    assert (
        "Punktestapel und ungenutzte Bonuskarten ergeben zusammen 33, das Spiel hat aber nur "
        "32 Karten" in refused(client, key, piles, unused, GERMAN)
    )
    assert "add up to 33, but the game has only 32 cards" in refused(
        client, key, piles, unused, ENGLISH
    )
    play_hand(client, key, 1, [16, 14], [2, 0])
    assert table.rounds.get().revisions.get().scores == [17, 14]


def new_table(client, language=GERMAN, **fields):
    client.cookies["django_language"] = language
    data = {"first_hand_leader": 0, "first_leader": "rotate", **fields}
    response = client.post(reverse("table_new", args=["stichwahl"]), data)
    assert response.status_code == 422
    return text(response)


def test_two_players_need_the_variant(client):
    """ "3 or 4 players (2-player variant: ...)"."""
    names = {"player_0": "Anna", "player_1": "Ben"}
    assert (
        "Spieler 3: Bitte einen Namen eingeben; dieses Spiel braucht 3 oder 4 Spieler "
        "(2 nur mit der Variante für 2)." in new_table(client, **names)
    )
    assert (
        "Player 3: please enter a name; this game needs 3 or 4 players "
        "(2 only with the variant for two)." in new_table(client, ENGLISH, **names)
    )


def test_the_variant_needs_exactly_two_players(client):
    names = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem"}
    assert "Variante für 2: Sie wird mit genau 2 Spielern gespielt, nicht mit 3." in new_table(
        client, two_player_variant="on", **names
    )
    assert "Variant for two: it is played by exactly 2 players, not 3." in new_table(
        client, ENGLISH, two_player_variant="on", **names
    )


def test_the_first_leader_must_be_a_player(client):
    names = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem"}
    assert (
        "Spielt im ersten Durchgang zuerst aus: Spieler 4 hat keinen Namen; wähle einen der "
        "Spieler." in new_table(client, **{**names, "first_hand_leader": 3})
    )
    english = new_table(client, ENGLISH, **{**names, "first_hand_leader": 3})
    assert "Leads the first hand: player 4 has no name; choose one of the players." in english
    # The seat choices speak the user's language too (the page fills in names as typed).
    assert "(who last saw a whale) Player 1 Player 2 Player 3 Player 4" in english


def test_an_empty_seat_closes_up_and_the_first_leader_keeps_their_name(client):
    table, key = create_stichwahl(
        client, ("Anna", "Ben", "", "Dora"), first_hand_leader=3, first_leader="rotate"
    )
    assert table.player_names == ["Anna", "Ben", "Dora"]
    assert table.options["first_leader"] == 2
    assert "Spielt aus Dora" in sheet(client, key)


def test_three_players_deal_nine_each_with_a_draw_pile_of_nine(client):
    """ "The rest is a face-down draw pile (3 players: 9 cards ...; 4 players: none)"."""
    _table, key = create_stichwahl(client)
    assert "je 9 Karten · Nachziehstapel 9" in sheet(client, key)
    _table, key = create_stichwahl(client, ("Anna", "Ben", "Cem", "Dora"))
    assert "je 9 Karten · kein Nachziehstapel" in sheet(client, key)


def test_the_form_fields_are_named_for_each_player(client):
    _table, key = create_stichwahl(client)
    html = client.get(reverse("table", args=[key])).content.decode()
    assert "Punktestapel von Anna" in html and "Ungenutzte Bonuskarten von Cem" in html
