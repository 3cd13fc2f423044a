"""A dispute round trip for each game: the sheet's round, the record tapped in on the phone
(or pasted), the engine's verdict (the same as ``records.verify`` of the record), and the
result applied to the sheet through the pad's own entry path.

The deals are engine games (bots playing random legal cards), so their verdicts are valid;
what the table entered for the round is deliberately wrong.
"""

import pytest

from scoring.disputes import drafts
from scoring.disputes.games import get_adapter
from scoring.models import Revision
from scoring.rules import records
from scoring.tables import summarize

from .dispute_helpers import (
    actions_of,
    apply,
    downloaded,
    open_dispute,
    paste,
    post_setup,
    simulated,
    tap_all,
    type_hands,
    url,
)
from .helpers import create_schatzsuche, post_round, round_fields, text
from .schafkopf_helpers import FIVE, create_schafkopf, game, play
from .scharfe_schoten_helpers import create_table as create_scharfe_schoten
from .scharfe_schoten_helpers import round_fields as schoten_fields
from .stichwahl_pad_helpers import create_stichwahl, play_hand

pytestmark = pytest.mark.django_db


def current(table, number) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def tap_record(client, key, dispute, game_name, record):
    """Enter ``record`` as an arbiter does: the hands typed, then every action tapped."""
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    tap_all(client, key, dispute, actions_of(game_name, record))


def assert_same_verdict(client, key, dispute, record):
    """The verdict shown for the tapped record is the engine's verdict of the record."""
    shown = downloaded(client, key, dispute, "dispute_verdict", lang="en")
    assert shown == records.verify(record).to_json("en")
    tapped = downloaded(client, key, dispute)
    assert records.verify(tapped).to_json("en") == shown
    return shown


def test_schatzsuche_round_tapped_in_and_applied(client):
    """schatzsuche.md: "t ≥ b: (b − (t − b)) · r; t < b: −(b − t) · r" — the applied tricks
    are scored by the pad as the sheet scores any round."""
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    post_round(client, key, 2, round_fields([1, 1, 0], [1, 1, 0]))
    dealer = summarize(table).info["dealer"]
    record = next(
        r
        for seed in range(200)
        if (r := simulated("schatzsuche", f"sz:{seed}", table.player_names, round_number=3))[
            "dealer"
        ]
        == dealer
    )
    bids = record["bids"]
    wrong_tricks = [3, 0, 0]
    post_round(client, key, 3, round_fields(bids, wrong_tricks, trump=record["trump_card"][0]))
    dispute = open_dispute(client, key, 3)
    assert dispute.draft["setup"] == {
        "dealer": dealer,
        "round": 3,
        "trump_card": None,
        "bids": bids,
    }
    page = text(client.get(url("dispute", key, dispute)))
    assert "Zuerst die Ausgangslage vervollständigen: die aufgedeckte Trumpfkarte." in page
    setup = {"trump_card": record["trump_card"], **{f"bid_{s}": b for s, b in enumerate(bids)}}
    assert post_setup(client, key, dispute, setup).status_code == 302
    tap_record(client, key, dispute, "schatzsuche", record)
    verdict = assert_same_verdict(client, key, dispute, record)

    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 3)
    tricks = verdict["result"]["tricks_won"]
    assert revision.source == "dispute"
    assert revision.data["tricks"] == tricks
    assert revision.data["trump"] == record["trump_card"][0]
    expected = [
        (b - (t - b)) * 3 if t >= b else -(b - t) * 3 for b, t in zip(bids, tricks, strict=True)
    ]
    assert revision.scores == expected == verdict["result"]["scores"]


def test_schafkopf_at_five_the_sitting_out_dealer_is_left_out_of_the_record(client):
    """schafkopf.md: "a tournament table may seat 5"; records.md: "at a 5-player Schafkopf
    table the sitting-out dealer is not listed"."""
    table, key = create_schafkopf(client, players=FIVE)
    record = simulated("schafkopf", "sk5:1", FIVE[1:], players=5, round_number=1)
    contract = record["contract"]  # a Herz-Solo of Ben (record seat 0 = table seat 1)
    play(client, key, 1, game("solo", 1, suit=contract["suit"], outcome="lost"))
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["players"] == ["Ben", "Cem", "Dora", "Emil"]
    assert dispute.draft["setup"]["leader"] == 0
    assert paste(client, key, dispute, record).status_code == 302
    verdict = assert_same_verdict(client, key, dispute, record)
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 1)
    assert revision.scores == [0, *verdict["result"]["scores"]]  # Anna dealt and sat out
    assert revision.data["won"] == verdict["result"]["won"]


def test_scharfe_schoten_round_with_cupboard_picks_tapped_in_and_applied(client):
    """scharfe-schoten.md: "The winner adds the trick to his collection plus one cupboard
    card of a colour of his choice"; the picks are taps of their own on the board."""
    table, key = create_scharfe_schoten(client)
    record = simulated("scharfe_schoten", "ss:1", table.player_names, players=4, round_number=1)
    predictions = [p["most"] + p["fewest"] for p in record["predictions"]]
    everything_to_one = ["R12", "G12", "Y12", "B12"]  # each player collected one colour
    response = post_round(
        client,
        key,
        1,
        schoten_fields(predictions, everything_to_one, numbers=record["numbers"]),
    )
    assert response.status_code == 302, text(response)[:1500]
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["setup"]["numbers"] == record["numbers"]
    assert dispute.draft["setup"]["predictions"] == record["predictions"]
    tap_record(client, key, dispute, "scharfe_schoten", record)
    board = text(client.get(url("dispute", key, dispute)))
    assert "Die Runde ist vollständig." in board
    verdict = assert_same_verdict(client, key, dispute, record)
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 1)
    assert revision.data["collected"] == verdict["result"]["collected"]
    assert revision.data["tricks_won"] == verdict["result"]["tricks_won"]
    assert revision.scores == verdict["result"]["scores"]


def test_stichwahl_hand_with_bonus_premium_and_leader_choices_tapped_in_and_applied(client):
    """stichwahl.md: "After the 8th trick each player scores: cards in his point pile + 1 for
    every 2 unused bonus cards still in front of him (rounded down)"."""
    table, key = create_stichwahl(client)
    record = simulated("stichwahl", "sw:1", table.player_names, players=3, round_number=1)
    kinds = {next(iter(event)) for event in record["events"]}
    assert {"play", "premium", "leader"} <= kinds
    play_hand(client, key, 1, [9, 9, 9], [1, 1, 1])
    dispute = open_dispute(client, key, 1)
    trump = record["trump"]
    setup = {"trump_family": trump["family"], "marker": str(trump["marker"])}
    assert post_setup(client, key, dispute, setup).status_code == 302
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    first_bonus = [f"first_bonus:{card}" for card in record["first_bonus"]]
    tap_all(client, key, dispute, first_bonus[:2])
    waiting = text(client.get(url("dispute", key, dispute)))
    assert "Cem legt eine erste Bonuskarte aus." in waiting
    # records.md: an incomplete record has a verdict naming the seat to act
    assert "Noch nicht vollständig: Cem ist dran." in waiting
    partial = downloaded(client, key, dispute)
    assert partial["first_bonus"] == record["first_bonus"][:2] and partial["events"] == []
    tap_all(client, key, dispute, actions_of("stichwahl", record)[2:])
    verdict = assert_same_verdict(client, key, dispute, record)
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 1)
    result = verdict["result"]
    assert revision.data["piles"] == result["point_piles"]
    assert revision.data["unused_bonus"] == result["unused_bonus"]
    assert revision.scores == [
        pile + unused // 2
        for pile, unused in zip(result["point_piles"], result["unused_bonus"], strict=True)
    ]


def test_schatzsuche_round_10_asks_for_the_golden_card_and_keeps_it_out_of_the_hands():
    """schatzsuche.md: "Round 10: … the top card is laid face down (the golden card), 30
    cards are dealt, and the last remaining card (the 32nd) is turned up and gives trump"."""
    adapter = get_adapter("schatzsuche")
    guesses = [{"suit": "S", "rank": "K"}, {"suit": "H", "rank": "A"}, {"suit": "C", "rank": "7"}]
    draft = {
        "players": ["Anna", "Ben", "Cem"],
        "profile": "standard",
        "settings": {},
        "setup": {
            "dealer": 0,
            "round": 10,
            "trump_card": None,
            "bids": [3, 4, 3],
            "golden": {"card": None, "guesses": guesses},
        },
        "hands": [[], [], []],
        "actions": [],
    }
    assert adapter.missing_setup(draft) == ["die aufgedeckte Trumpfkarte", "die goldene Karte"]
    fields = {"bid_0": 3, "bid_1": 4, "bid_2": 3, "trump_card": "SK", "golden_card": "SK"}
    for seat, guess in enumerate(guesses):
        fields[f"guess_suit_{seat}"], fields[f"guess_rank_{seat}"] = guess["suit"], guess["rank"]
    form = adapter.setup_form(draft, fields)
    assert not form.is_valid()
    assert form.errors["golden_card"] == [
        "Goldene Karte: sie kann nicht die aufgedeckte Trumpfkarte SK sein."
    ]
    form = adapter.setup_form(draft, {**fields, "golden_card": "HA"})
    assert form.is_valid(), form.errors
    draft = {**draft, "setup": adapter.setup_from_form(draft, form)}
    assert draft["setup"]["golden"] == {"card": "HA", "guesses": guesses}
    assert adapter.missing_setup(draft) == []
    with pytest.raises(drafts.DraftError) as refused:
        drafts.tap_hand_card(adapter, draft, 0, "HA")
    assert refused.value.messages == [
        "HA ist die goldene Karte, also hat sie niemand auf der Hand."
    ]
    assert drafts.hand_problems(adapter, draft, [["SK"], [], []], partial=True) == [
        "Anna: SK ist die aufgedeckte Trumpfkarte und in keiner Hand.",
        "Anna: 1 Karte, eine Hand hat aber 10.",
    ]
