"""Skat disputes without a table: the adapter's deal form, the record it builds, the verdict in
the user's language and the sheet data it writes (docs/skat.md, "Streitfall")."""

import copy
import os

import pytest
from django.utils import translation
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.disputes import drafts, pages
from scoring.disputes.games import get_adapter
from scoring.disputes.games.skat import bidding_for
from scoring.pads import get_pad
from scoring.rules import records
from scoring.rules.skat import score_entry
from scoring.rules.skat.bidding import Auction

from .dispute_helpers import simulated


@pytest.fixture(autouse=True)
def german():
    """The messages are read in German whatever language an earlier test left active."""
    with translation.override("de"):
        yield


NAMES = ["Anna", "Ben", "Cem"]
adapter = get_adapter("skat")


def blank_draft(names=NAMES, profile="isko") -> dict:
    return {
        "players": list(names),
        "profile": profile,
        "settings": {},
        "setup": {},
        "hands": [[] for _ in names],
        "actions": [],
    }


def records_of(prefix: str, count: int, **kwargs):
    return [simulated("skat", f"{prefix}:{seed}", NAMES, **kwargs) for seed in range(count)]


def declared(prefix: str):
    return next(r for r in records_of(prefix, 40) if r["contract"]["type"] != "eingepasst")


@pytest.mark.parametrize("profile", ["isko", "stammtisch-skat"])
def test_every_bot_record_comes_through_the_draft_unchanged(profile):
    """records.md: the dispute's verdict is exactly what ``verify`` says of the record."""
    for record in records_of(f"trip-{profile}", 60, profile=profile):
        draft = drafts.draft_from_record(adapter, blank_draft(profile=profile), record)
        assert adapter.missing_setup(draft) == []
        assert drafts.verdict_of(adapter, draft).to_json() == records.verify(record).to_json()
        assert drafts.walk(adapter, draft).state.is_over


def test_the_skat_is_the_two_cards_left_once_all_hands_are_entered():
    record = declared("skat-left")
    draft = drafts.draft_from_record(adapter, blank_draft(), record)
    draft["setup"]["skat"] = None
    assert adapter.missing_setup(draft) == []
    assert sorted(adapter.build_record(draft)["skat"]) == sorted(record["skat"])
    draft["hands"][2] = draft["hands"][2][:9]
    assert "den Skat (oder alle drei Hände)" in adapter.missing_setup(draft)


def test_a_card_of_the_skat_cannot_be_tapped_into_a_hand():
    draft = blank_draft()
    draft["setup"] = {"skat": ["C10", "S9"]}
    with pytest.raises(drafts.DraftError) as refused:
        drafts.tap_hand_card(adapter, draft, 1, "C10")
    assert refused.value.messages == ["C10 ist im Skat, also hat sie niemand auf der Hand."]


@pytest.mark.parametrize("declarer", [0, 1, 2])
@pytest.mark.parametrize("bid", [18, 20, 48])
def test_a_sheet_bid_becomes_an_auction_the_declarer_wins(declarer, bid):
    auction = Auction()
    for say in bidding_for(declarer, bid):
        assert auction.problem(say) is None
        auction.say(say)
    assert auction.over and (auction.declarer, auction.bid) == (declarer, bid)


def revoked(prefix: str):
    """A declared bot game with two of its cards swapped so that a player did not follow
    suit, and the first violation."""
    for record in records_of(prefix, 60):
        if record["contract"]["type"] == "eingepasst":
            continue
        plays = record["plays"]
        for first in range(1, len(plays)):
            for later in range(first + 1, len(plays)):
                changed = copy.deepcopy(record)
                changed["plays"][first], changed["plays"][later] = plays[later], plays[first]
                verdict = records.verify(changed)
                if verdict.violations and verdict.violations[0].rule == "follow_suit":
                    return changed, verdict.violations[0]
    raise AssertionError("no revoke found")


def test_the_verdict_names_the_revoke_with_the_player_and_the_card_held():
    """skat.md, "Regelverstöße": "Ben played HJ in trick 1 although he held HK of the led
    suit Herz"."""
    record, violation = revoked("revoke")
    draft = drafts.draft_from_record(adapter, blank_draft(), record)
    shown = pages.verdict_page(adapter, draft, drafts.verdict_of(adapter, draft))
    name = NAMES[violation.seat]
    held = violation.params["held"]
    lines = [v["message"] for v in shown["violations"]]
    assert lines[0].startswith(f"{name} spielte in Stich {violation.trick} {violation.card}, ")
    assert f"obwohl {held} der angespielten Farbe" in lines[0]
    assert shown["violations"][0]["name"] == name


class Row:
    def __init__(self, number, data):
        self.number, self.data = number, data


class Table:
    def __init__(self, names, profile=None, first_dealer=0):
        self.player_names = names
        self.profile = profile or {"kontra": False, "ramsch": False}
        self.options = {"first_dealer": first_dealer}


def test_at_four_the_dealer_sits_out_and_vorhand_is_his_left():
    seats = get_pad("skat").playing_seats
    table = Table(["Anna", "Ben", "Cem", "Dora"])
    assert seats(table, {"dealer": 0}) == [1, 2, 3]
    assert seats(table, {"dealer": 2}) == [3, 0, 1]
    assert seats(Table(NAMES), {"dealer": 0}) == [1, 2, 0]


def test_the_sheet_prefills_game_declarer_bid_and_spitzen():
    table = Table(["Anna", "Ben", "Cem", "Dora"])
    data = {"passed": False, "declarer": 3, "game": "kreuz", "hand": True,
            "schneider_announced": False, "schwarz_announced": False, "ouvert": False,
            "matadors": 2, "augen": 71, "won": True, "schneider": False, "schwarz": False,
            "bid": 36, "list_points": 48, "dealer": 0}  # fmt: skip
    prefill = adapter.record_prefill(table, Row(1, data))
    assert prefill["players"] == ["Ben", "Cem", "Dora"]
    assert prefill["contract"] == {"type": "kreuz", "declarer": 2, "hand": True, "matadors": 2}
    assert prefill["bidding"] == ["passe", 36, "passe"]
    assert "discard" not in prefill  # a Hand game lays nothing away


def test_applying_writes_the_sheet_data_of_the_contract_with_the_engines_value():
    """The data contract: "list_points: the signed game value on the list (+won / -2x lost),
    from scoring.rules.skat.score_entry"."""
    table = Table(["Anna", "Ben", "Cem", "Dora"])
    for record in records_of("apply", 30):
        if record["contract"]["type"] == "eingepasst":
            continue
        verdict = records.verify(record).to_json()
        data = adapter.data_from_verdict(table, Row(1, {"dealer": 0}), record, verdict)
        assert data["declarer"] == record["contract"]["declarer"] + 1  # Anna dealt, sat out
        entered = {key: data[key] for key in (
            "game", "hand", "schneider_announced", "schwarz_announced", "ouvert", "matadors",
            "bid")}  # fmt: skip
        if data["augen"] is None:
            entered.update(won=data["won"], schneider=data["schneider"], schwarz=data["schwarz"])
        else:  # Schwarz is no matter of the Augen alone (a trick may hold none)
            entered.update(augen=data["augen"], schwarz=data["schwarz"])
        score = score_entry(
            records.profile_settings(records.get_game("skat"), None),
            declarer=data["declarer"],
            players=4,
            sitting_out=0,
            **entered,
        )
        assert (
            data["list_points"]
            == score.list_points
            == verdict["result"]["scores"][record["contract"]["declarer"]]
        )


FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 60)),
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
SAMPLES = ["", "0", "1", "2", "3", "-1", "18", "19", "264", "grand", "null", "kreuz", "ramsch",
           "eingepasst", "on", "CJ SJ", "C10 C10", "HQ", "XX YY", "18 ja 20 passe passe",
           "passe passe passe", "passe passe 18", "ja", "\x00", "9" * 60, "<b>"]  # fmt: skip
junk = st.one_of(st.text(max_size=12), st.sampled_from(SAMPLES))
FIELDS = ["game", "declarer", "hand", "schneider", "schwarz", "ouvert", "bid", "bidding",
          "skat", "discard", "matadors", "kontra", "re"]  # fmt: skip


@FUZZ
@given(st.dictionaries(st.sampled_from(FIELDS), junk), st.sampled_from(["isko", "stammtisch-skat"]))
def test_fuzzed_deal_forms_are_refused_by_field_or_make_a_deal(fields, profile):
    """A deal form never fails: it names the field, or its deal is one the board can start
    or names what is still missing (never a RecordError on a page)."""
    draft = blank_draft(profile=profile)
    form = adapter.setup_form(draft, fields)
    if not form.is_valid():
        assert form.errors
        return
    draft = {**draft, "setup": adapter.setup_from_form(draft, form)}
    missing = adapter.missing_setup(draft)
    if not missing:
        drafts.walk(adapter, draft)
        assert drafts.verdict_of(adapter, draft) is not None


def test_a_lost_null_is_decided_by_the_declarers_first_trick():
    """skat.md: "A Null ends with its declarer's first trick"."""
    record = next(
        r
        for r in records_of("null", 200)
        if r["contract"]["type"] == "null" and not records.verify(r).result["won"]
    )
    draft = drafts.draft_from_record(adapter, blank_draft(), record)
    shown = pages.verdict_page(adapter, draft, drafts.verdict_of(adapter, draft))
    last = len(shown["tricks"])
    assert shown["deciding"] == last
    name = NAMES[record["contract"]["declarer"]]
    assert shown["tricks"][last - 1]["deciding"] == (
        f"Hier hat der Alleinspieler den Null verloren: der erste Stich von {name}."
    )
    assert shown["tricks"][last - 1]["winner"] == name


def test_the_bidding_as_said_is_kept_and_checked_against_the_declarer():
    """records.md: "who said it follows from the auction (Mittelhand bids to Vorhand, then
    Hinterhand to the survivor)"."""
    record = next(
        r
        for r in records_of("said", 100)
        if r["contract"]["type"] != "eingepasst" and len(r["bidding"]) > 4
    )
    draft = drafts.draft_from_record(adapter, blank_draft(), record)
    form = adapter.setup_form(draft)
    said = " ".join(str(say) for say in record["bidding"])
    assert form.initial["bidding"] == said  # not the shortest bidding: shown as said
    declarer = record["contract"]["declarer"]
    other = (declarer + 1) % 3
    fields = {"game": record["contract"]["type"], "declarer": str(other), "bidding": said}
    fields["discard"] = " ".join(record.get("discard") or [])
    form = adapter.setup_form(draft, fields)
    assert not form.is_valid()
    assert form.errors["bidding"] == [
        f"Reizen: {NAMES[declarer]} hat das Reizen gewonnen, nicht der gewählte Alleinspieler."
    ]
    form = adapter.setup_form(draft, {**fields, "bidding": "18 ja 20"})
    assert not form.is_valid()
    assert form.errors["bidding"] == ["Reizen: das Reizen ist nicht zu Ende."]
