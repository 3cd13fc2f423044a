"""The Skat scorepad through its views: the list's values counted by hand (docs/rules/skat.md),
Seeger-Fabian, the dealer who sits out at 4, passed deals, corrections (docs/skat.md)."""

import random

import pytest
from django.urls import reverse

from scoring.models import Revision
from scoring.pads import get_pad
from scoring.services import current_revisions

from .ahead_helpers import ahead_answer
from .helpers import text
from .skat_pad_helpers import create_skat, pass_deal, play_game, post_game, sheet

pytestmark = pytest.mark.django_db
FOUR = ("Anna", "Ben", "Cem", "Dora")


def current(table, number) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def summary_of(table):
    return get_pad("skat").summarize(table, current_revisions(table))


# --- values counted by hand (docs/rules/skat.md, "Result of a suit game or Grand") ----------
def test_kreuz_mit_2_won_is_36_and_seeger_adds_50(client):
    """Kreuz (base 12) mit 2: level 2 + 1 game = 3, value 36; won: +36 on the list, +50."""
    table, key = create_skat(client)
    play_game(client, key, 1, "1", "kreuz", mit=2, outcome="won")
    revision = current(table, 1)
    assert revision.data["list_points"] == 36 and revision.data["won"] is True
    assert revision.data["declarer"] == 1 and revision.data["matadors"] == 2
    assert revision.scores == [0, 86, 0]


def test_the_grand_of_the_rules_lost_with_the_opponents_at_31(client):
    """ "Grand Hand mit 4, Schneider announced, lost with the opponents at 31: 4 + 1 + 1 + 1
    + 1 = 8, value 192, −384." The declarer has 120 − 31 = 89 Augen, short of 90."""
    table, key = create_skat(client)
    play_game(client, key, 1, "0", "grand", mit=4, augen=89, hand=True, schneider_announced=True)
    revision = current(table, 1)
    assert revision.data["list_points"] == -384 and revision.data["won"] is False
    # At a table of 3 each opponent gets 40 for a game another player lost.
    assert revision.scores == [-384 - 50, 40, 40]
    page = sheet(client, key)
    assert "G +4 H SA −384" in page


def test_herz_ohne_3_schneider_reached_by_the_augen(client):
    """Herz (10) ohne 3: 3 + 1 game + 1 Schneider (the opponents at 120 − 95 = 25) = 5: 50."""
    table, key = create_skat(client)
    play_game(client, key, 1, "2", "herz", mit=-3, augen=95)
    data = current(table, 1).data
    assert (data["list_points"], data["schneider"], data["schwarz"]) == (50, True, False)


def test_null_ouvert_is_46_and_a_lost_null_costs_twice(client):
    table, key = create_skat(client)
    play_game(client, key, 1, "0", "null", outcome="won", ouvert=True, hand=False, bid="46")
    play_game(client, key, 2, "1", "null", outcome="lost")
    assert current(table, 1).data["list_points"] == 46
    assert current(table, 2).data["list_points"] == -46  # Null 23, lost: −2 × 23
    assert current(table, 1).data["matadors"] is None


def test_an_overbid_game_is_lost_at_the_next_multiple_of_its_base(client):
    """Karo (9) mit 1 is worth 18; bid 20: lost, valued 27 (the multiple of 9 at or above
    20), −54 — even with 70 Augen."""
    table, key = create_skat(client)
    play_game(client, key, 1, "0", "karo", mit=1, augen=70, bid="20")
    data = current(table, 1).data
    assert (data["won"], data["overbid"], data["list_points"]) == (False, True, -54)


def test_won_schwarz_counts_schneider_and_schwarz(client):
    """Pik (11) mit 1, won Schwarz: 1 + 1 + 1 Schneider + 1 Schwarz = 4, 44."""
    table, key = create_skat(client)
    play_game(client, key, 1, "0", "pik", mit=1, outcome="won_schwarz")
    assert current(table, 1).data["list_points"] == 44


# --- the list and Seeger-Fabian -------------------------------------------------------------
def test_the_sheet_sums_like_seeger_fabian_by_hand(client):
    table, key = create_skat(client)
    play_game(client, key, 1, "1", "kreuz", mit=2, outcome="won")  # Ben +36
    pass_deal(client, key, 2)
    play_game(client, key, 3, "2", "grand", mit=1, augen=50)  # Cem Grand mit 1: 48, −96
    play_game(client, key, 4, "0", "herz", mit=-1, outcome="won")  # Anna herz ohne 1: 20
    # By hand: Anna 20 + 50 + 40 = 110; Ben 36 + 50 + 40 = 126; Cem −96 − 50 = −146.
    page = sheet(client, key)
    assert "Liste 20 36 −96" in page
    assert "gew./verl. 1/0 1/0 0/1" in page
    assert "±50 +50 +50 −50" in page
    assert "+40 +40 +40 0" in page
    assert "Σ 110 126 −146" in page
    # Verlustspielgeld (ISkO: 0,50 € per lost game) before the total.
    assert "VSG € 0,00 0,00 0,50 Σ" in page
    assert summary_of(table).totals == [110, 126, -146]
    assert "4 von 36 Spielen der Liste; 1 eingepasst." in page


def test_dealer_rotates_every_game_and_names_the_seats(client):
    _table, key = create_skat(client, first_dealer=1)
    page = sheet(client, key)
    assert "Geber Ben Vorhand Cem Mittelhand Anna Hinterhand Ben" in page
    pass_deal(client, key, 1)  # a passed deal moves the deal on too
    assert "Geber Cem Vorhand Anna Mittelhand Ben Hinterhand Cem" in sheet(client, key)


def test_at_four_the_dealer_sits_out_and_gets_30_for_a_lost_game(client):
    table, key = create_skat(client, FOUR, first_dealer=3)
    page = sheet(client, key)
    assert "Geber Dora (setzt dieses Spiel aus)" in page
    assert "Vorhand Anna Mittelhand Ben Hinterhand Cem" in page
    assert "Alleinspieler Anna Ben Cem Eingepasst Dora gibt und setzt dieses Spiel aus." in page
    summary = summary_of(table)
    assert summary.info["sitting_out"] == 3 and summary.info["seats"] == [0, 1, 2]
    assert (summary.info["vorhand"], summary.info["hinterhand"]) == (0, 2)
    play_game(client, key, 1, "0", "kreuz", mit=1, outcome="lost")  # 24, −48
    revision = current(table, 1)
    assert revision.scores == [-98, 30, 30, 30]
    assert revision.data["sitting_out"] == 3 and revision.data["dealer"] == 3
    assert "setzt aus" in sheet(client, key)
    # Game 2: Anna deals and sits out; she cannot declare.
    refused = post_game(client, key, 2, "0", "kreuz", outcome="won")
    assert refused.status_code == 422
    assert "Alleinspieler: keine der angebotenen Möglichkeiten." in text(refused)


def test_a_list_ends_after_its_games_and_ranks_by_seeger_fabian(client):
    table, key = create_skat(client, games_per_list_3="3")
    assert table.profile["games_per_list_3"] == 3 and table.profile_name == "isko+custom"
    play_game(client, key, 1, "1", "kreuz", mit=1, outcome="won")
    pass_deal(client, key, 2)
    play_game(client, key, 3, "0", "grand", mit=1, outcome="lost")
    summary = summary_of(table)
    assert summary.finished and summary.next_round is None
    assert summary.winners == [1]  # Ben 24 + 50 + 40 = 114, Cem 40, Anna −96 − 50
    assert summary.totals == [-146, 114, 40]
    page = sheet(client, key)
    assert "Spiel beendet. Sieger: Ben" in page and "3 von 3 Spielen der Liste" in page
    xlsx = client.get(reverse("sheet_xlsx", args=[key]))
    assert xlsx.status_code == 200 and xlsx.content[:2] == b"PK"


# --- what is refused, naming the field and the rule -----------------------------------------
@pytest.mark.parametrize(
    ("fields", "german", "english"),
    [
        (
            {"mit": 5, "game": "grand", "outcome": "won"},
            "Spitzen: mit oder ohne 1 bis 4.",
            "Matadors: mit or ohne 1 to 4.",
        ),
        (
            {"outcome": "won", "schneider_announced": True},
            "Schneider angesagt: Schneider oder Schwarz darf nur in einem Handspiel angesagt "
            "werden.",
            "Schneider announced: Schneider or Schwarz may be announced only in a Hand game.",
        ),
        (
            {"game": "null", "outcome": "won", "bid": "24"},
            "Spiel: Ein Null zu 23 darf nach einem Gebot von 24 nicht angesagt werden.",
            "Game: A Null of 23 may not be announced after a bid of 24.",
        ),
        (
            {"augen": "121"},
            "Augen des Alleinspielers (mit Skat): höchstens 120.",
            "Augen of the declarer (Skat counted): must be at most 120.",
        ),
        (
            {"outcome": "won", "bid": "19"},
            "Gereizt: Das Gebot muss ein Reizwert sein",
            "Bid: The bid must be a game value",
        ),
        (
            {},
            "Augen des Alleinspielers (mit Skat): Gib die Augen des Alleinspielers ein, oder "
            "gewonnen/verloren.",
            "Augen of the declarer (Skat counted): Enter the declarer",
        ),
        (
            {"outcome": "won", "augen": "70"},
            "Ergebnis: Gib entweder die Augen oder gewonnen/verloren ein, nicht beides.",
            "Result: Enter either the Augen or won/lost, not both.",
        ),
    ],
)
def test_a_wrong_game_is_refused_naming_the_field_in_both_languages(
    client, fields, german, english
):
    _table, key = create_skat(client)
    fields = dict(fields)
    game = fields.pop("game", "kreuz")
    mit = fields.pop("mit", None)
    response = post_game(client, key, 1, "0", game, mit=mit, **fields)
    assert response.status_code == 422
    assert german in text(response)
    client.cookies["django_language"] = "en"
    response = post_game(client, key, 1, "0", game, mit=mit, **fields)
    assert english in text(response)


def test_eingepasst_with_a_game_tapped_is_refused(client):
    _table, key = create_skat(client)
    response = post_game(client, key, 1, "0", "kreuz", outcome="won", passed="1")
    assert response.status_code == 422
    assert "Spiel: Gehört nicht zu dem, was eingetragen wurde (Spiel oder Eingepasst)." in text(
        response
    )


def test_eingepasst_as_the_declarer_chip_saves_a_passed_deal(client):
    table, key = create_skat(client)
    response = post_game(client, key, 1, "passed", "", mit=None)
    assert response.status_code == 302
    assert current(table, 1).data == {"passed": True, "dealer": 0, "sitting_out": None}
    assert current(table, 1).scores == [0, 0, 0]


# --- corrections, history, preview, exports -------------------------------------------------
def test_a_correction_changes_the_totals_and_keeps_the_history(client):
    table, key = create_skat(client)
    play_game(client, key, 1, "1", "kreuz", mit=2, outcome="won")
    play_game(client, key, 2, "2", "herz", mit=1, outcome="won")
    play_game(client, key, 1, "1", "kreuz", mit=2, outcome="lost", base=1, reason="vertippt")
    assert current(table, 1).scores == [40, -122, 40]
    assert summary_of(table).totals == [40, -122, 40 + 20 + 50]
    history = text(client.get(reverse("round", args=[key, 1])))
    assert "Ergebnis: gewonnen → verloren Listenpunkte: +36 → -72" in history
    assert "vertippt" in history
    # The correction form starts from what was saved.
    form = get_pad("skat").initial_from(current(table, 1).data)
    assert form["declarer"] == "1" and form["outcome"] == "lost" and form["matadors"] == 2


def test_the_preview_shows_value_and_list_points_while_tapping(client):
    _table, key = create_skat(client)
    url = reverse("pad_page", args=[key, "vorschau"])
    taps = {"declarer": "1", "game": "herz", "mit": "ohne", "matadors": "3", "outcome": "won"}
    page = text(client.get(url, {**taps, "n": "1"}))
    assert "Spielwert 40 · Liste +40" in page
    page = text(client.get(url, {**taps, "matadors": "12", "n": "1"}))
    assert "Spitzen: keine der angebotenen Möglichkeiten." in page


def test_the_csv_lists_declarer_game_value_and_each_players_points(client):
    _table, key = create_skat(client)
    play_game(client, key, 1, "1", "kreuz", mit=2, outcome="won")
    client.cookies["django_language"] = "en"
    csv = client.get(reverse("sheet_csv", args=[key])).content.decode("utf-8-sig")
    lines = csv.splitlines()
    assert lines[0].startswith("Game,What was played,Anna")
    assert lines[1] == '1,"Ben: Kreuz mit 2, won, value 36, list +36",0,86,0'


def test_rounds_ahead_have_one_form_per_dealer_with_who_sits_out(client):
    _table, key = create_skat(client, FOUR)
    answer = ahead_answer(client, key, 0)
    assert sorted(answer.forms) == ["d0", "d1", "d2", "d3"]
    assert answer.rounds[1][0] == "d0" and answer.rounds[6][0] == "d1"
    game_6 = text_of(answer.round(6))
    assert "Geber Ben (setzt dieses Spiel aus)" in game_6
    assert "Vorhand Cem Mittelhand Dora Hinterhand Anna" in game_6


def test_no_game_ahead_after_the_end_of_the_list(client):
    _table, key = create_skat(client, games_per_list_3="4")
    assert ahead_answer(client, key, 0).numbers == [1, 2, 3, 4]
    _table, key = create_skat(client, FOUR)
    # A whole list of 48 offline, each game with its dealer's form.
    answer = ahead_answer(client, key, 0)
    assert answer.numbers == list(range(1, 49))
    assert {answer.rounds[n][0] for n in (1, 5, 45)} == {"d0"}


def text_of(html: str) -> str:
    import re

    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


# --- creating a table -----------------------------------------------------------------------
def test_the_home_page_offers_skat_and_the_form_has_its_presets(client):
    home = client.get(reverse("home")).content.decode()
    assert reverse("table_new", args=["skat"]) in home
    page = text(client.get(reverse("table_new", args=["skat"])))
    assert "ISkO (Turnierskat) Stammtisch-Skat" in page
    assert "Kontra und Re" in page and "Geber" in page


def test_stammtisch_skat_has_kontra_and_ramsch(client):
    table, key = create_skat(client, preset="stammtisch-skat")
    assert table.profile["kontra"] and table.profile["ramsch"]
    # Ramsch: Anna 50, Ben 40, Cem 30: Anna loses her 50.
    pass_deal(client, key, 1, ramsch_0="50", ramsch_1="40", ramsch_2="30")
    revision = current(table, 1)
    assert revision.scores == [-50, 0, 0] and revision.data["ramsch"]["scores"] == [-50, 0, 0]
    # Jungfrau: Cem took no trick, so Anna's 70 count twice.
    pass_deal(client, key, 2, ramsch_0="70", ramsch_1="50", ramsch_2="0", jungfrau="2")
    assert current(table, 2).scores == [-140, 0, 0]
    response = post_game(client, key, 3, "passed", "", mit=None, ramsch_0="50", ramsch_1="40")
    assert "Augen von Cem: Bitte eine Zahl eingeben." in text(response)
    response = post_game(
        client, key, 3, "passed", "", mit=None, ramsch_0="50", ramsch_1="40", ramsch_2="20"
    )
    assert "Ramsch: Die Augen ergeben 110, die Karten haben aber 120." in text(response)
    play_game(client, key, 3, "0", "kreuz", mit=1, outcome="won", kontra=True)
    assert current(table, 3).data["list_points"] == 48 and current(table, 3).data["kontra"]


def test_bock_rounds_double_the_games_after_a_kontra(client):
    """Stammtisch: a Kontra starts a Bock round (a game per player) after it."""
    table, key = create_skat(client, preset="stammtisch-skat")
    play_game(client, key, 1, "0", "kreuz", mit=1, outcome="won", kontra=True)
    page = sheet(client, key)
    assert "Dieses Spiel zählt doppelt." in page and "3 Bockspiele kommen noch" in page
    # A phone entering games ahead offline learns them from the live fragment.
    live = client.get(reverse("table_live", args=[key])).content.decode()
    assert 'data-bock="2:2 3:2 4:2"' in live
    for number in (2, 3, 4):
        play_game(client, key, number, "1", "karo", mit=1, outcome="won")
    assert [current(table, n).data["list_points"] for n in (2, 3, 4)] == [36, 36, 36]
    play_game(client, key, 5, "1", "karo", mit=1, outcome="won")
    assert current(table, 5).data["list_points"] == 18
    # Game 1 corrected without the Kontra: games 2–4 are Bock games no more. They are saved
    # again at once, each with a revision that says why (docs/rules/skat.md, "House rules":
    # Bock rounds as in docs/rules/schafkopf.md, "Bock rounds").
    response = play_game(client, key, 1, "0", "kreuz", mit=1, outcome="won", base=1)
    page = text(client.get(response.url))
    assert "Spiele 2, 3, 4 haben ihren Bock geändert: neu berechnet." in page
    assert [current(table, n).data["list_points"] for n in (2, 3, 4, 5)] == [18, 18, 18, 18]
    assert all("bock" not in current(table, n).data for n in (2, 3, 4))
    repriced = current(table, 3)
    assert repriced.number == 2 and repriced.source == Revision.Source.CORRECTION
    assert repriced.reason == "Bock neu berechnet, weil Spiel 1 geändert wurde"
    history = text(client.get(reverse("round", args=[key, 3])))
    assert "Bock neu berechnet, weil Spiel 1 geändert wurde" in history
    assert "Bock?" not in sheet(client, key)
    # Their Seeger-Fabian points are those of game 5, the same game never Bock.
    assert [current(table, n).scores for n in (2, 3, 4)] == [current(table, 5).scores] * 3
    # And back: the Kontra restored, games 2–4 count twice again; game 5 never changes.
    play_game(client, key, 1, "0", "kreuz", mit=1, outcome="won", kontra=True, base=2)
    assert [current(table, n).data["list_points"] for n in (2, 3, 4, 5)] == [36, 36, 36, 18]
    assert [current(table, n).number for n in (2, 3, 4, 5)] == [3, 3, 3, 1]


def test_a_ramsch_in_a_bock_round_is_recomputed_too(client):
    table, key = create_skat(client, preset="stammtisch-skat")
    play_game(client, key, 1, "0", "kreuz", mit=1, outcome="won", kontra=True)
    pass_deal(client, key, 2, ramsch_0="50", ramsch_1="40", ramsch_2="30")
    assert current(table, 2).scores == [-100, 0, 0]
    # Cem took no trick (0 Augen, Jungfrau): Anna's 70 count twice, and twice again in Bock.
    pass_deal(client, key, 3, ramsch_0="70", ramsch_1="50", ramsch_2="0", jungfrau="2")
    assert current(table, 3).scores == [-280, 0, 0]
    play_game(client, key, 1, "0", "kreuz", mit=1, outcome="won", base=1)
    assert current(table, 2).scores == [-50, 0, 0]
    assert current(table, 2).data["ramsch"]["augen"] == [50, 40, 30]
    assert current(table, 3).scores == [-140, 0, 0]
    assert current(table, 3).data["ramsch"]["jungfrau"] == [2]


@pytest.mark.parametrize("seed", range(4))
def test_a_repriced_list_is_the_list_entered_right_from_the_start(client, seed):
    """Random Stammtisch lists at four: a game's Kontra added afterwards gives every game the
    data and points of a list where that game was entered so from the start."""
    rng = random.Random(seed)
    players = ("Anna", "Ben", "Cem", "Dora")
    games = []
    for number in range(1, 15):
        sitting_out = (number - 1) % 4  # the dealer, from Anna on
        declarer = rng.choice([seat for seat in range(4) if seat != sitting_out])
        games.append(
            {
                "declarer": str(declarer),
                "game": rng.choice(["karo", "herz", "pik", "kreuz", "grand"]),
                "mit": rng.choice([1, 2, -1, -3]),
                "augen": rng.choice([0, 30, 61, 75, 95, 120]),
                "kontra": rng.random() < 0.2,
            }
        )
    # A Kontra forgotten in game changed + 1 (none before it): the next four games are Bock.
    changed = rng.randrange(5)
    for game in games[: changed + 1]:
        game["kontra"] = False
    fixed = [dict(game) for game in games]
    fixed[changed]["kontra"] = True
    late, late_key = create_skat(client, players, preset="stammtisch-skat")
    right, right_key = create_skat(client, players, preset="stammtisch-skat")
    for number, (game, fixed_game) in enumerate(zip(games, fixed, strict=True), start=1):
        play_game(client, late_key, number, **game)
        play_game(client, right_key, number, **fixed_game)
    play_game(client, late_key, changed + 1, **fixed[changed], base=1, reason="Kontra vergessen")
    repriced = [r for r in current_revisions(late) if r.reason.startswith("Bock neu berechnet")]
    assert repriced and all(r.round.number > changed + 1 for r in repriced)
    saved = [(r.round.number, r.data, r.scores) for r in current_revisions(late)]
    assert saved == [(r.round.number, r.data, r.scores) for r in current_revisions(right)]
    assert summary_of(late).totals == summary_of(right).totals


def test_isko_refuses_kontra(client):
    _table, key = create_skat(client)
    response = post_game(client, key, 1, "0", "kreuz", outcome="won", kontra=True)
    # The field is not offered in ISkO: the post is refused or the Kontra ignored, never saved.
    assert response.status_code in (302, 422)
    if response.status_code == 302:
        assert "kontra" not in current(_table, 1).data


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"player_0": "Anna", "player_1": "Ben"}, "Spieler 3: Bitte einen Namen eingeben"),
        (
            {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem", "first_dealer": "3"},
            "Geber: Spieler 4 hat keinen Namen",
        ),
        (
            {
                "player_0": "A",
                "player_1": "B",
                "player_2": "C",
                "first_dealer": "0",
                "games_per_list_3": "0",
            },
            "Spiele pro Liste am Dreiertisch: mindestens 1.",
        ),
    ],
)
def test_the_creation_form_names_the_field(client, fields, message):
    response = client.post(reverse("table_new", args=["skat"]), {"preset": "isko", **fields})
    assert response.status_code == 422
    assert message in text(response)
