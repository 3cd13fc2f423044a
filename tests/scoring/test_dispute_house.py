"""Disputes of the Schafkopf house rules (issue 23, "What users get" 5; docs/rules/schafkopf.md
"House rules"): the deal offers every game the table's profile plays, a Geier, a Farbwenz and
a Bettel are tapped in card by card with a revoke each, the verdict names it in German and
English, a lost Bettel names the trick that decided it, the short deck deals 6 cards and
refuses a 7, and an old table's Ramsch keeps its price.

The deals are engine games with two cards of one player swapped (the revoke), found by a
search over seeds and written out here, except the Bettel, which is dealt by hand.
"""

import re
import uuid

import pytest

from scoring.models import Access, Revision
from scoring.rules import records
from scoring.rules.draws import make_rng
from scoring.rules.schafkopf import PROFILES, SETTING_SPECS
from scoring.rules.schafkopf.tariff import HOUSE_DEFAULTS
from scoring.services import create_table

from .dispute_helpers import (
    apply,
    downloaded,
    open_dispute,
    paste,
    post_setup,
    tap,
    tap_all,
    type_hands,
    url,
)
from .helpers import text
from .schafkopf_helpers import FOUR, game, play

pytestmark = pytest.mark.django_db

EVERY_CONTRACT = SETTING_SPECS["contracts"][1][0]


def house_table(first_dealer=0, profile="stammtisch", **settings):
    """A table of ``profile`` with ``settings`` changed, as the creation form stores one."""
    table = create_table(
        game="schafkopf",
        players=list(FOUR),
        profile_name=f"{profile}+custom" if settings else profile,
        profile={**PROFILES[profile], **settings},
        options={"first_dealer": first_dealer},
    )
    return table, table.accesses.get(role=Access.Role.SCORER).key


def split_hands(*hands: str) -> list[list[str]]:
    return [hand.split() for hand in hands]


def record_of(hands: list[str], plays: str, contract: dict, dealer: int, **settings) -> dict:
    """A record of the stammtisch profile; cards as text, tricks separated by "/"."""
    return {
        "format": "record/1",
        "game": "schafkopf",
        "profile": "stammtisch",
        "settings": settings,
        "players": list(FOUR),
        "dealer": dealer,
        "hands": split_hands(*hands),
        "plays": plays.replace("/", " ").split(),
        "contract": contract,
    }


def current(table, number=1) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def tap_in(client, key, dispute, record) -> str:
    """The hands typed and every card tapped, as an arbiter does; the dispute page's text."""
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    tap_all(client, key, dispute, record["plays"])
    return text(client.get(url("dispute", key, dispute)))


def english_messages(client, key, dispute) -> list[str]:
    verdict = downloaded(client, key, dispute, "dispute_verdict", lang="en")
    return [violation["message"] for violation in verdict["violations"]]


def offered_games(client, key, dispute) -> list[str]:
    page = client.get(url("dispute_setup", key, dispute)).content.decode()
    select = re.search(r'<select name="contract".*?</select>', page, re.S)
    assert select, page[:2000]
    return re.findall(r'<option value="([a-z_]+)"', select.group(0))


# A Geier of Ben (bots' game, seed "geier:9"). In trick 2 Ober are led (the Geier's trumps):
# Cem plays SU although he holds GO — the Unter is no trump in a Geier.
GEIER = record_of(
    [
        "GA G9 G8 HA HK SA S8 S7",
        "EK EO EU GK GU H9 H7 SK",
        "EA E8 E7 G10 GO S10 SU S9",
        "E10 E9 G7 H10 HO HU H8 SO",
    ],
    "EK E7 E10 HA / SO HK EO SU / GK G10 G7 GA / S8 SK S10 E9 / S9 HO SA H9 / HU S7 H7 E8 / "
    "H10 G9 EU EA / H8 G8 GU GO",
    {"type": "geier", "declarer": 1},
    dealer=0,
)
GEIER_REVOKE_DE = "Stich 2 Cem spielte SU, obwohl GO der angespielten Farbe Trumpf auf der Hand war"
GEIER_REVOKE_EN = "Cem played SU although he held GO of the led suit trump"

# A Herz-Farbwenz of Cem (seed "farbwenz:15"). In trick 3 Ben leads HU, a trump: Cem plays
# GO although he holds GU — the Ober is no trump in a Farbwenz.
FARBWENZ = record_of(
    [
        "EA EK E7 GK G7 HK SA S8",
        "E10 E9 G9 G8 HU H7 S10 SK",
        "E8 G10 GO GU HO H9 SO SU",
        "EO EU GA HA H10 H8 S9 S7",
    ],
    "S10 SO S7 S8 / E10 E8 EO E7 / HU GO HA HK / G8 G10 GA G7 / H10 EK H7 H9 / H8 SA SK SU / "
    "GU EU EA E9 / S9 GK G9 HO",
    {"type": "farbwenz", "declarer": 2, "suit": "H"},
    dealer=0,
)
FARBWENZ_REVOKE_DE = (
    "Stich 3 Cem spielte GO, obwohl GU der angespielten Farbe Trumpf auf der Hand war"
)

# Anna's Bettel, Dora deals. No trumps: the Ober and Unter follow their printed suits. In
# trick 3 Cem leads Gras and Ben plays EO although he holds GK; in trick 6 Anna must follow
# Ben's E10 with her last Eichel, EK, and takes her first trick: the Bettel is lost there.
BETTEL = record_of(
    [
        "E7 EK G7 G8 H7 H8 S7 SA",
        "EA E8 EO EU E10 E9 G9 GK",
        "GO GU G10 GA HA HK HO HU",
        "H10 H9 S8 SK SO SU S10 S9",
    ],
    "E7 E8 HU H9 / G9 G10 S9 G7 / GU S8 G8 EO / HA H10 H7 EU / GO S10 H8 GK / E10 HK SU EK",
    {"type": "bettel", "declarer": 0},
    dealer=3,
)
BETTEL_REVOKE_DE = "Stich 3 Ben spielte EO, obwohl GK der angespielten Farbe Gras auf der Hand war"
BETTEL_REVOKE_EN = "Ben played EO although he held GK of the led suit Gras"
BETTEL_LOST_DE = "Hier hat der Spieler den Bettel verloren: der erste Stich von Anna."


def test_the_deal_offers_every_game_the_tables_profile_plays(client):
    """ "A contract the profile does not list is not played there": with every contract
    offered the deal's form lists all fourteen (a Ramsch only where passed_deal deals one);
    the stammtisch preset only its own; the short deck never a Sie."""
    _table, key = house_table(contracts=list(EVERY_CONTRACT), passed_deal="ramsch")
    play(client, key, 1, game("solo", 1, suit="E", outcome="won", augen=70))
    dispute = open_dispute(client, key, 1)
    assert sorted(offered_games(client, key, dispute)) == sorted([*EVERY_CONTRACT, "ramsch"])

    _table, key = house_table()
    play(client, key, 1, game("solo", 1, suit="E", outcome="won", augen=70))
    dispute = open_dispute(client, key, 1)
    offered = offered_games(client, key, dispute)
    assert offered == [*HOUSE_DEFAULTS["contracts"], "geier", "farbwenz", "bettel"]
    page = text(client.get(url("dispute_setup", key, dispute)))
    assert "Trumpffarbe" in page  # Solo and Farbwenz name a trump suit

    _table, key = house_table(deck="kurz")
    play(client, key, 1, game("solo", 1, suit="E", outcome="won", augen=70))
    dispute = open_dispute(client, key, 1)
    assert "sie" not in offered_games(client, key, dispute)


def test_a_geier_entered_as_a_wenz_is_corrected_and_its_revoke_named(client):
    """Geier: "trumps EO GO HO SO; every other suit A 10 K U 9 8 7" — Cem's SU is no trump,
    so he revoked. The table wrote a Wenz; the arbiter corrects the deal to a Geier."""
    table, key = house_table()
    play(client, key, 1, game("wenz", 1, outcome="won", augen=70))
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["setup"]["contract"] == {"type": "wenz", "declarer": 1}
    # The stammtisch plays Geier but no Farbgeier: the deal offers only the table's games.
    farbgeier = {"contract": "farbgeier", "declarer": "1", "suit": "E"}
    assert post_setup(client, key, dispute, farbgeier).status_code == 422
    geier = {"contract": "geier", "declarer": "1"}
    assert post_setup(client, key, dispute, geier).status_code == 302
    page = tap_in(client, key, dispute, GEIER)
    assert "1 Regel verletzt" in page and GEIER_REVOKE_DE in page
    assert english_messages(client, key, dispute) == [GEIER_REVOKE_EN]
    assert downloaded(client, key, dispute, "dispute_verdict", lang="en") == (
        records.verify(GEIER).to_json("en")
    )
    # The sheet against the verdict: a Geier, lost; Ben pays 3 × 60.
    assert "Spiel: Wenz → Geier" in page
    assert "Ben +150 −180 −330" in page

    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table)
    assert (revision.data["contract"], revision.data["won"]) == ("geier", False)
    assert revision.scores == [60, -180, 60, 60] == records.verify(GEIER).result["scores"]


def test_a_farbwenz_is_prefilled_with_its_suit_and_its_revoke_named(client):
    """Farbwenz in suit X: "trumps EU GU HU SU, then X" — Cem's GO follows Gras, no trump."""
    table, key = house_table()
    play(client, key, 1, game("farbwenz", 2, suit="H", outcome="won", augen=75))
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["setup"]["contract"] == {"type": "farbwenz", "declarer": 2, "suit": "H"}
    # The deal saved again as it stands keeps the Farbwenz's trump suit.
    setup = {"contract": "farbwenz", "declarer": "2", "suit": "H"}
    assert post_setup(client, key, dispute, setup).status_code == 302
    dispute.refresh_from_db()
    assert dispute.draft["setup"]["contract"] == {"type": "farbwenz", "declarer": 2, "suit": "H"}
    page = tap_in(client, key, dispute, FARBWENZ)
    assert "Herz-Farbwenz" in page
    assert FARBWENZ_REVOKE_DE in page
    assert english_messages(client, key, dispute) == [
        "Cem played GO although he held GU of the led suit trump"
    ]
    assert apply(client, key, dispute, base=1).status_code == 302
    assert current(table).scores == [60, 60, -180, 60]


def test_a_farbwenz_without_its_suit_asks_for_it_before_the_first_card(client):
    """A record's Farbwenz names its ``suit``; a deal that lacks it cannot be played yet."""
    _table, key = house_table()
    play(client, key, 1, game("wenz", 2, outcome="won", augen=75))
    dispute = open_dispute(client, key, 1)
    draft = {
        **dispute.draft,
        "setup": {"dealer": 0, "contract": {"type": "farbwenz", "declarer": 2}},
    }
    type(dispute).objects.filter(pk=dispute.pk).update(draft=draft)
    page = text(client.get(url("dispute", key, dispute)))
    assert "Zuerst die Ausgangslage vervollständigen: die Trumpffarbe." in page
    response = post_setup(client, key, dispute, {"contract": "farbwenz", "declarer": "2"})
    assert response.status_code == 422
    assert "Trumpffarbe: Ein Farbwenz wird in einer Farbe gespielt" in text(response)


def test_a_bettel_with_a_revoke_is_lost_in_the_trick_of_the_declarers_first_trick(client):
    """Bettel: "No trumps: the Ober and Unter are cards of their printed suits"; "His first
    trick decides the game (lost); the verdict names that trick (decided_in)"."""
    table, key = house_table(first_dealer=3)
    play(client, key, 1, game("bettel", 0, outcome="won"))
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["setup"]["contract"] == {"type": "bettel", "declarer": 0}
    assert type_hands(client, key, dispute, BETTEL["hands"]).status_code == 302
    tap_all(client, key, dispute, BETTEL["plays"][:11])
    board = text(client.get(url("dispute", key, dispute)))
    assert "Bettel Anna hat noch keinen Stich gemacht." in board
    response = tap(client, key, dispute, "EO")  # Ben's revoke: tappable, though against the rules
    assert response.status_code == 302
    tap_all(client, key, dispute, BETTEL["plays"][12:])
    page = text(client.get(url("dispute", key, dispute)))
    assert "1 Regel verletzt" in page and BETTEL_REVOKE_DE in page
    assert english_messages(client, key, dispute) == [BETTEL_REVOKE_EN]
    # Decided in trick 6: the result stands, although cards could still be tapped.
    assert "verloren in Stich 6, dem ersten Stich von Anna" in page
    assert "Entschieden in Stich 6" in page
    assert BETTEL_LOST_DE in page
    verdict = downloaded(client, key, dispute, "dispute_verdict", lang="de")
    assert verdict == records.verify(BETTEL).to_json("de")
    assert verdict["complete"] and verdict["result"]["decided_in"] == 6

    replay = text(client.get(url("dispute_replay", key, dispute), {"step": 6}))
    assert "Stich 6 von 6" in replay and BETTEL_LOST_DE in replay
    earlier = text(client.get(url("dispute_replay", key, dispute), {"step": 3}))
    assert BETTEL_REVOKE_DE.removeprefix("Stich 3 ") in earlier
    assert "Zu Stich 6: der Stich, der das Spiel entschied" in earlier
    assert "Bettel Anna hat noch keinen Stich gemacht." in earlier

    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table)
    assert (revision.data["contract"], revision.data["won"]) == ("bettel", False)
    assert revision.scores == [-60, 20, 20, 20]


def test_a_bettel_with_stichzwang_names_the_card_that_should_have_headed_the_trick(client):
    """`bettel_stichzwang`: "a player who follows suit must play a card higher than the best
    card of the trick if he holds one (violation `stichzwang`, naming the lowest card that
    would have headed the trick)". Ben leads E10; Anna's E7 is greyed, her EK is not."""
    _table, key = house_table(bettel_stichzwang=True)
    play(client, key, 1, game("bettel", 0, outcome="won"))
    dispute = open_dispute(client, key, 1)
    hands = split_hands(
        "E7 EK G7 G8 H7 H8 S7 SA",
        "EA E8 EO EU E10 E9 GA GK",
        "GO GU G10 G9 HA HK HO HU",
        "H10 H9 S8 SK SO SU S10 S9",
    )
    without_hands = text(client.get(url("dispute", key, dispute)))
    assert "den Stichzwang des Bettels" in without_hands  # not checked without the hands
    assert type_hands(client, key, dispute, hands).status_code == 302
    tap_all(client, key, dispute, ["E10", "GO", "H9"])
    board = client.get(url("dispute", key, dispute)).content.decode()
    assert re.search(r'value="E7" class="tap card g-schafkopf s-E illegal"', board)
    assert re.search(r'value="EK" class="tap card g-schafkopf s-E"', board)
    tap_all(client, key, dispute, ["E7"])
    page = text(client.get(url("dispute", key, dispute)))
    assert (
        "Stich 1 Anna spielte E7, obwohl EK auf der Hand war, das den Stich übernommen hätte "
        "(Stichzwang in der angespielten Farbe Eichel)"
    ) in page
    assert english_messages(client, key, dispute) == [
        "Anna played E7 although he could head the trick with EK "
        "(Stichzwang in the led suit Eichel)"
    ]


HOUSE_GAMES = ("geier", "farbwenz", "farbgeier", "geier_tout", "farbwenz_tout", "farbgeier_tout")
HOUSE_GAMES += ("bettel", "bettel_ouvert", "solo_tout", "wenz_tout")


def first_of_each(kinds, deck) -> dict[str, dict]:
    """A bot game of each contract type in ``kinds`` (every contract offered), by seed."""
    module = records.get_game("schafkopf")
    offered = {"contracts": list(EVERY_CONTRACT), "deck": deck}
    settings = records.profile_settings(module, "stammtisch", offered)
    found: dict[str, dict] = {}
    for seed in range(4000):
        record = module.simulate(make_rng(f"house:{seed}"), settings, round_number=1)
        found.setdefault(record["contract"]["type"], record)
        if set(kinds) <= found.keys():
            return {kind: found[kind] for kind in kinds}
    raise AssertionError(f"not all of {kinds} in 4000 deals")


@pytest.mark.parametrize("deck", ["lang", "kurz"])
def test_every_house_game_goes_from_the_verdict_onto_the_sheet(client, deck):
    """The sheet against the verdict for each house game and Tout, in both decks: a game
    entered as a Wenz becomes what the record shows (the pad stores a house game as its
    contract with declarer, suit, won or lost), scored as the verdict scores it."""
    for kind, record in first_of_each(HOUSE_GAMES, deck).items():
        table, key = house_table(contracts=list(EVERY_CONTRACT), deck=deck)
        declarer = record["contract"]["declarer"]
        play(client, key, 1, game("wenz", (declarer + 1) % 4, outcome="won", augen=61))
        dispute = open_dispute(client, key, 1)
        assert paste(client, key, dispute, record).status_code == 302, kind
        page = text(client.get(url("dispute", key, dispute)))
        assert "Spiel: Wenz → " in page and "nicht in den Spielblock" not in page, kind
        # A submission of its own on each table (one key is one save, wherever it goes).
        assert apply(client, key, dispute, base=1, submission=str(uuid.uuid4())).status_code == 302
        revision = current(table)
        assert revision.data["contract"] == kind
        assert revision.data["suit"] == record["contract"].get("suit"), kind
        assert revision.scores == records.verify(record).result["scores"], kind


def short_deck_record(names) -> dict:
    """A bot game of the short deck (stammtisch), a Rufspiel, Solo or Wenz."""
    module = records.get_game("schafkopf")
    settings = records.profile_settings(module, "stammtisch", {"deck": "kurz"})
    for seed in range(100):
        record = module.simulate(make_rng(f"kurz:{seed}"), settings, round_number=1)
        if record["contract"]["type"] in ("rufspiel", "solo", "wenz"):
            return {**record, "players": list(names)}
    raise AssertionError("no Rufspiel, Solo or Wenz in 100 deals")


def test_the_short_deck_deals_six_cards_plays_six_tricks_and_refuses_a_seven(client):
    """The short deck: "the 8s and 7s are left out, 24 cards, six cards each and 6 tricks"."""
    table, key = house_table(deck="kurz")
    record = short_deck_record(table.player_names)
    contract = record["contract"]
    entered = game(contract["type"], contract["declarer"], suit=contract.get("suit"))
    if contract["type"] == "rufspiel":
        partner = next(
            s for s, hand in enumerate(record["hands"]) if contract["called"] + "A" in hand
        )
        entered = game("rufspiel", contract["declarer"], partner, called=contract["called"])
    play(client, key, 1, {**entered, "augen": 61})
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["settings"] == {"deck": "kurz"}

    picker = client.get(url("dispute_hands", key, dispute)).content.decode()
    pack = re.findall(r'name="card" value="(\w+)"', picker)
    assert len(pack) == 24 and not [card for card in pack if card[1:] in ("7", "8")]
    assert "Anna 0/6" in text(client.get(url("dispute_hands", key, dispute)))

    board = client.get(url("dispute", key, dispute)).content.decode()
    assert "0 von 6 Stichen" in board
    offered = re.findall(r'name="action" value="(\w+)"', board)  # without hands: every card
    assert len(offered) == 24 and "E7" not in offered
    refused = tap(client, key, dispute, "E7", HTTP_HX_REQUEST="true")
    assert refused.status_code == 422
    assert "E7 ist keine Karte der kurzen Karte (ohne 8er und 7er)." in text(refused)
    typed = type_hands(
        client, key, dispute, [["E7", *record["hands"][0][1:]], *record["hands"][1:]]
    )
    assert typed.status_code == 422
    assert "Anna: E7 ist keine Karte der kurzen Karte (ohne 8er und 7er)." in text(typed)

    page = tap_in(client, key, dispute, record)
    assert len(record["plays"]) == 24
    assert "6 von 6 Stichen" in page and "Das Spiel ist vollständig." in page
    assert downloaded(client, key, dispute, "dispute_verdict", lang="en") == (
        records.verify(record).to_json("en")
    )
    assert records.verify(downloaded(client, key, dispute)).to_json() == (
        records.verify(record).to_json()
    )


# Game 1 on a kurzanleitung table with a Ramsch: Anna takes no trick (Jungfrau), Cem loses
# with 63 Augen (bots' game, seed "ramsch:30").
RAMSCH = {
    "hands": split_hands(
        "E10 E8 GA G8 G7 HK H7 SO",
        "EA EK E7 GU G9 HA HU H9",
        "EO EU E9 G10 HO SK S8 S7",
        "GK GO H10 H8 SA S10 SU S9",
    ),
    "plays": (
        "HA EO SU SO / S7 S10 E10 HU / H9 EU H8 HK / G10 GK G7 G9 / SK S9 E8 GU / E7 E9 GO G8 / "
        "H10 H7 EA HO / S8 SA GA EK"
    )
    .replace("/", " ")
    .split(),
}


def test_an_old_tables_ramsch_without_jungfrau_doubling_keeps_its_price(client):
    """A table stored before issue 23 says ``ramsch_jungfrau_doubles: false`` (today
    ``ramsch_jungfrau: none``): its dispute record keeps that rule, so the Ramsch with a
    Jungfrau costs the loser 3 × 1, as on the sheet, not 3 × 2."""
    stored = {
        key: value
        for key, value in PROFILES["kurzanleitung"].items()
        if key not in HOUSE_DEFAULTS and key != "ramsch_jungfrau"
    }
    stored |= {"passed_deal": "ramsch", "ramsch_jungfrau_doubles": False}
    table = create_table(
        game="schafkopf",
        players=list(FOUR),
        profile_name="kurzanleitung+custom",
        profile=stored,
        options={"first_dealer": 0},
    )
    key = table.accesses.get(role=Access.Role.SCORER).key
    play(client, key, 1, game("ramsch", ramsch={0: 0, 1: 28, 2: 63, 3: 29}, jungfrau=[0]))
    assert current(table).scores == [1, 1, -3, 1]

    dispute = open_dispute(client, key, 1)
    assert dispute.draft["profile"] == "kurzanleitung"
    assert dispute.draft["settings"] == {"passed_deal": "ramsch", "ramsch_jungfrau": "none"}
    page = tap_in(client, key, dispute, {**RAMSCH})
    record = downloaded(client, key, dispute)
    assert record["settings"] == {"passed_deal": "ramsch", "ramsch_jungfrau": "none"}
    assert records.verify(record).result["scores"] == [1, 1, -3, 1]
    assert "Der Spielblock hat dieses Ergebnis schon." in page
    assert paste(client, key, dispute, record).status_code == 302  # its own record fits
