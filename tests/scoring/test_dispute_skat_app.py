"""A Skat dispute at the table (docs/skat.md, "Streitfall"): the game the table entered, the
deal and the cards entered on the phone, the verdict beside the sheet, and the verdict
applied as a correction with its history. The deals are the engine's bot games."""

import copy
import os

import pytest
from django.core.management import call_command
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.models import Analysis, Revision, TableEvent
from scoring.rules import records
from scoring.rules.skat import analysis as skat_analysis
from scoring.rules.skat import game_points
from scoring.rules.skat.seeger import ListGame
from stichblock.ratelimit import reset_rate_limits

from .dispute_helpers import (
    actions_of,
    apply,
    downloaded,
    open_dispute,
    post_setup,
    simulated,
    tap_all,
    type_hands,
    url,
)
from .helpers import text
from .skat_pad_helpers import create_skat, pass_deal, play_game

pytestmark = pytest.mark.django_db

THREE = ("Anna", "Ben", "Cem")
FOUR = ("Anna", "Ben", "Cem", "Dora")


def current(table, number) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def bot_game(prefix, names, *, hand=False, null=False, tries=200):
    """A bot game declared by somebody (Hand or not, Null or a valued game) whose list points
    are not 0, with the record's players as the table names them."""
    for seed in range(tries):
        record = simulated("skat", f"{prefix}:{seed}", names)
        contract = record["contract"]
        if contract["type"] == "eingepasst" or bool(contract.get("hand")) != hand:
            continue
        if (contract["type"] == "null") != null or contract.get("ouvert"):
            continue
        return record
    raise AssertionError("no such bot game")


def wrongly_entered(client, key, number, table_seats, record):
    """The table's entry of the record's game with the result turned round."""
    verdict = records.verify(record).to_json()
    result = verdict["result"]
    contract = record["contract"]
    declarer = table_seats[contract["declarer"]]
    fields = {"bid": result["bid"], "outcome": "lost" if result["won"] else "won"}
    if contract["type"] != "null":
        fields["mit"] = result["matadors"]
    if contract.get("hand"):
        fields["hand"] = True
    play_game(client, key, number, declarer, contract["type"], **fields)
    return verdict


def entered_points(client, key) -> int:
    return Revision.objects.get(round__number=1, is_current=True).data["list_points"]


def enter_deal(client, key, dispute, record, *, skat=True):
    """The deal's form as the arbiter fills it: the Skat, the discard, then the hands and
    every card."""
    fields = {
        "game": record["contract"]["type"],
        "declarer": str(record["contract"]["declarer"]),
        "bid": str(records.verify(record).to_json()["result"]["bid"]),
        "skat": " ".join(record["skat"]) if skat else "",
        "discard": " ".join(record.get("discard") or []),
    }
    for flag in ("hand", "schneider", "schwarz", "ouvert"):
        if record["contract"].get(flag):
            fields[flag] = "on"
    response = post_setup(client, key, dispute, fields)
    assert response.status_code == 302, text(response)[:3000]
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    tap_all(client, key, dispute, actions_of("skat", record))


def test_a_skat_game_entered_card_by_card_and_applied_as_correction(client):
    """records.md: the dispute's verdict is the engine's verdict of the record; the data
    contract: the applied game is the Skat pad's data, scored by its own form."""
    table, key = create_skat(client, THREE)
    record = bot_game("app", ["Ben", "Cem", "Anna"])  # Anna deals game 1: Ben is Vorhand
    wrongly_entered(client, key, 1, [1, 2, 0], record)
    dispute = open_dispute(client, key, 1, note="Cem hat falsch gezählt")
    assert dispute.draft["players"] == ["Ben", "Cem", "Anna"]
    assert dispute.draft["setup"]["contract"]["type"] == record["contract"]["type"]
    page = text(client.get(url("dispute", key, dispute)))
    assert "den Skat (oder alle drei Hände)" in page  # what the arbiter still has to give

    enter_deal(client, key, dispute, record)
    board = text(client.get(url("dispute", key, dispute)))
    assert "Das Spiel ist vollständig." in board
    shown = downloaded(client, key, dispute, "dispute_verdict", lang="en")
    assert shown == records.verify(record).to_json("en")
    result = shown["result"]
    # Beside what the table entered: the sheet's list points and the verdict's.
    seat = record["contract"]["declarer"]
    before_points = entered_points(client, key)
    assert f"Listenpunkte: {before_points:+d} → {result['scores'][seat]:+d}" in board
    assert "Augen Stiche Liste Seeger Ben" in board

    before = current(table, 1)
    applied = apply(client, key, dispute, base=before.number, note="Stich 7 übersehen")
    assert applied.status_code == 302
    revision = current(table, 1)
    declarer = [1, 2, 0][record["contract"]["declarer"]]
    assert revision.number == before.number + 1 and revision.source == "dispute"
    assert revision.data["won"] == result["won"] != before.data["won"]
    assert revision.data["declarer"] == declarer
    assert revision.data["list_points"] == result["scores"][record["contract"]["declarer"]]
    points = ListGame(declarer, result["won"], revision.data["list_points"])
    assert revision.scores == game_points(points, 3)
    assert revision.author == "Vera" and "Stich 7 übersehen" in revision.reason
    event = TableEvent.objects.get(kind=TableEvent.Kind.DISPUTE_APPLIED)
    assert event.author == "Vera" and event.details["revision"] == revision.number
    history = text(client.get(applied.url))  # the game's history: who, when, why
    assert "Streitfall von Vera" in history
    assert "Grund: Streitfall: Stich 7 übersehen" in history
    audit = text(client.get(reverse("audit", args=[key])))
    assert "Streitfall übernommen" in audit


def test_at_four_the_dealer_sits_out_of_the_disputed_game(client):
    table, key = create_skat(client, FOUR, first_dealer=1)  # Ben deals game 1 and sits out
    record = bot_game("four", ["Cem", "Dora", "Anna"])
    wrongly_entered(client, key, 1, [2, 3, 0], record)
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["players"] == ["Cem", "Dora", "Anna"]
    enter_deal(client, key, dispute, record, skat=False)  # the Skat: the two cards left
    assert downloaded(client, key, dispute)["skat"] == sorted(
        record["skat"], key=lambda card: records.get_game("skat").DECK.index(card)
    )
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 1)
    result = records.verify(record).to_json()["result"]
    assert revision.scores[1] == (30 if not result["won"] else 0)  # Ben sat out
    assert revision.data["dealer"] == 1


def revoked(record):
    """The record with two of one player's cards swapped so that he did not follow suit
    before the game was decided (a misplay that decides it)."""
    plays = record["plays"]
    for first in range(1, len(plays)):
        for later in range(first + 3, len(plays), 3):
            changed = copy.deepcopy(record)
            changed["plays"][first], changed["plays"][later] = plays[later], plays[first]
            verdict = records.verify(changed)
            first_rule = verdict.violations[0].rule if verdict.violations else None
            decides = verdict.result is not None and verdict.result["misplay"] is not None
            if first_rule == "follow_suit" and decides:
                return changed, verdict.violations[0]
    return None, None


def test_the_verdict_names_the_revoke_with_the_players_name(client):
    """skat.md, "Regelverstöße": "Ben played HJ in trick 1 although he held HK of the led
    suit Herz" — on the dispute page in German, with the table's names."""
    _table, key = create_skat(client, THREE)
    for seed in range(60):
        record = bot_game(f"rv{seed}", ["Ben", "Cem", "Anna"])
        changed, violation = revoked(record)
        if changed:
            break
    wrongly_entered(client, key, 1, [1, 2, 0], changed)
    dispute = open_dispute(client, key, 1)
    enter_deal(client, key, dispute, changed)
    page = text(client.get(url("dispute", key, dispute)))
    name = ["Ben", "Cem", "Anna"][violation.seat]
    held = violation.params["held"]
    assert f"{name} spielte in Stich {violation.trick} {violation.card}, obwohl {held}" in page
    replay = text(client.get(url("dispute_replay", key, dispute) + f"?step={violation.trick}"))
    assert f"{name} spielte in Stich {violation.trick} {violation.card}" in replay
    client.cookies["django_language"] = "en"  # the same verdict in English
    english = text(client.get(url("dispute", key, dispute)))
    assert f"{name} played {violation.card} in trick {violation.trick} although he held {held}" in (
        english
    )
    client.cookies["django_language"] = "de"

    # Applied: the misplay decides the game (skat.md, "Regelverstöße"), so the sheet keeps
    # won or lost without the Augen.
    result = records.verify(changed).to_json()["result"]
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(_table, 1)
    assert revision.data["won"] == result["won"]
    assert result["misplay"] == violation.seat and revision.data["augen"] is None
    assert revision.data["list_points"] == result["scores"][changed["contract"]["declarer"]]


def test_a_deal_the_rules_refuse_is_named_not_an_error(client):
    _table, key = create_skat(client, THREE)
    record = bot_game("refuse", ["Ben", "Cem", "Anna"])
    wrongly_entered(client, key, 1, [1, 2, 0], record)
    dispute = open_dispute(client, key, 1)
    declarer = record["contract"]["declarer"]
    other = record["hands"][(declarer + 1) % 3][:2]  # two cards the declarer never held
    fields = {
        "game": record["contract"]["type"],
        "declarer": str(declarer),
        "skat": " ".join(record["skat"]),
        "discard": " ".join(other),
    }
    assert post_setup(client, key, dispute, fields).status_code == 302
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    page = client.get(url("dispute", key, dispute))
    assert page.status_code == 200
    assert "eine regelgerechte Ausgangslage (discard:" in text(page)


FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 30)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
junk = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["", "0", "2", "-1", "18", "19", "grand", "null", "on", "CJ SJ", "C10 C10",
                     "XX", "18 ja 20 passe passe", "passe passe 18", "\x00", "9" * 50]),
)  # fmt: skip
FIELDS = ["game", "declarer", "hand", "schneider", "schwarz", "ouvert", "bid", "bidding",
          "skat", "discard", "matadors", "version", "action", "undo", "seat", "card", "form",
          "hand_0", "hand_1", "hand_2"]  # fmt: skip


@pytest.fixture
def skat_dispute(client):
    _table, key = create_skat(client, THREE)
    record = bot_game("fuzz", ["Ben", "Cem", "Anna"])
    wrongly_entered(client, key, 1, [1, 2, 0], record)
    return key, open_dispute(client, key, 1), record


@FUZZ
@given(fields=st.dictionaries(st.sampled_from(FIELDS), junk), page=st.sampled_from(
    ["dispute_setup", "dispute_act", "dispute_hands", "dispute_paste"]))  # fmt: skip
def test_fuzzed_skat_dispute_forms_never_fail(client, skat_dispute, fields, page):
    key, dispute, _record = skat_dispute
    response = client.post(url(page, key, dispute), fields)
    assert response.status_code < 500
    assert client.get(url("dispute", key, dispute)).status_code == 200
    assert client.get(url("dispute_replay", key, dispute)).status_code == 200


def given_away_null():
    """A lost Null (quick to analyse) that its declarer could have won: a card gave it away
    (docs/records.md, Skat analysis, "given_away")."""
    for seed in range(300):
        record = simulated("skat", f"given:{seed}", ["Ben", "Cem", "Anna"])
        contract = record["contract"]
        if contract["type"] != "null" or contract.get("hand") or contract.get("ouvert"):
            continue
        if records.verify(record).result["won"]:
            continue
        if skat_analysis.analyse(record)["given_away"]:
            return record
    raise AssertionError("no Null given away")


@pytest.fixture
def run_worker(monkeypatch):
    monkeypatch.setattr(
        "django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None
    )
    return lambda: call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def test_the_worker_analyses_the_skat_game_and_the_page_says_if_it_was_winnable(
    client, django_capture_on_commit_callbacks, run_worker
):
    reset_rate_limits()
    _table, key = create_skat(client, THREE)
    record = given_away_null()
    wrongly_entered(client, key, 1, [1, 2, 0], record)
    dispute = open_dispute(client, key, 1)
    enter_deal(client, key, dispute, record)
    with django_capture_on_commit_callbacks(execute=True):
        assert client.post(url("dispute_analysis", key, dispute)).status_code == 302
    assert Analysis.objects.get().status == Analysis.Status.QUEUED
    run_worker()
    analysis = Analysis.objects.get()
    assert analysis.status == Analysis.Status.DONE, analysis.error
    expected = skat_analysis.analyse(downloaded(client, key, dispute))
    assert analysis.document == expected
    page = text(client.get(url("dispute", key, dispute)))
    # A Null: the declarer's tricks with perfect play; won with none.
    declarer = ["Ben", "Cem", "Anna"][record["contract"]["declarer"]]
    outcome = "gewonnen" if expected["value"] == 0 else "verloren"
    assert f"Mit bester Spielweise macht {declarer} {expected['value']} Stich" in page
    assert f"Stich: {outcome}" in page or f"Stiche: {outcome}" in page
    given = expected["given_away"]
    assert f"{declarer} hat das Spiel mit {given['played']} in Stich {given['trick']} " in page
    reset_rate_limits()


def test_a_kontra_on_the_sheet_asks_who_said_it(client):
    """skat.md, Stammtisch: "an opponent says Kontra before the first lead, the declarer Re";
    the list knows that Kontra was said, not by whom."""
    _table, key = create_skat(client, THREE, preset="stammtisch-skat")
    record = bot_game("kontra", ["Ben", "Cem", "Anna"])
    contract = record["contract"]
    declarer = [1, 2, 0][contract["declarer"]]
    result = records.verify(record).to_json()["result"]
    play_game(client, key, 1, declarer, contract["type"], mit=result.get("matadors"),
              outcome="won", kontra=True, bid=result["bid"])  # fmt: skip
    dispute = open_dispute(client, key, 1)
    page = text(client.get(url("dispute", key, dispute)))
    assert "wer Kontra gesagt hat" in page
    opponent = (contract["declarer"] + 1) % 3
    fields = {
        "game": contract["type"],
        "declarer": str(contract["declarer"]),
        "bid": str(result["bid"]),
        "skat": " ".join(record["skat"]),
        "discard": " ".join(record.get("discard") or []),
        "kontra": str(contract["declarer"]),
        "matadors": "" if result["matadors"] is None else str(result["matadors"]),
    }
    refused = post_setup(client, key, dispute, fields)
    assert refused.status_code == 422
    assert "Kontra: Das sagt nur ein Gegenspieler des Alleinspielers." in text(refused)
    assert post_setup(client, key, dispute, {**fields, "kontra": str(opponent)}).status_code == 302
    assert downloaded(client, key, dispute)["kontra"] == opponent
    assert "wer Kontra gesagt hat" not in text(client.get(url("dispute", key, dispute)))


def test_a_disputed_ramsch_is_applied_with_each_players_augen(client):
    """skat.md, Stammtisch: "Ramsch when all pass … the Skat goes to the winner of the last
    trick; the one with most Augen loses them"."""
    table, key = create_skat(client, THREE, preset="stammtisch-skat")
    names = ["Ben", "Cem", "Anna"]
    record = next(
        r
        for seed in range(300)
        if (r := simulated("skat", f"ramsch:{seed}", names, profile="stammtisch-skat"))["contract"][
            "type"
        ]
        == "ramsch"
        and not records.verify(r).result["durchmarsch"]
    )
    pass_deal(client, key, 1, ramsch_0="40", ramsch_1="40", ramsch_2="40")  # all wrong
    dispute = open_dispute(client, key, 1)
    assert dispute.draft["setup"]["contract"] == {"type": "ramsch"}
    assert type_hands(client, key, dispute, record["hands"]).status_code == 302
    tap_all(client, key, dispute, actions_of("skat", record))
    verdict = downloaded(client, key, dispute, "dispute_verdict", lang="en")
    assert verdict == records.verify(record).to_json("en")
    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table, 1)
    augen = verdict["result"]["augen_per_seat"]  # record seats: Ben, Cem, Anna
    assert revision.data["ramsch"]["augen"] == [augen[2], augen[0], augen[1]]
    assert revision.scores == [verdict["result"]["scores"][s] for s in (2, 0, 1)]
