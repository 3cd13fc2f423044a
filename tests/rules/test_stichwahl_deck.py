"""The Stichwahl deck as data: the shipped default, validation of a definition, and records
naming their deck (docs/rules/stichwahl.md, "Material and players")."""

import copy
import json

import pytest

from scoring.rules import get_game, records
from scoring.rules.core import RecordError
from scoring.rules.draws import make_rng
from scoring.rules.stichwahl import (
    ALL_CODES,
    FIVES,
    PROFILES,
    DeckError,
    default_deck,
    load_deck,
    playout,
    resolve_deck,
    simulate,
    verify_record,
)
from scoring.rules.stichwahl.deck import DEFAULT_DECK_FILE, PEARL, TRUMP_CHANGE


def definition():
    return copy.deepcopy(default_deck().to_json())


def test_default_deck_is_complete_plausible_and_marked_unverified():
    """ "36 whale cards: families O P N B, values 1–4 and 6–9 ... plus four colourless 5s";
    "shipped with a default marked verified: false"; "known: Narwal 2 has 3 pearls; a 5
    chosen as premium card is worth 1 point"."""
    deck = default_deck()
    assert deck.ref == "stichwahl-default@1" and deck.verified is False
    assert list(deck.cards) == list(ALL_CODES) and len(deck.cards) == 36
    assert deck.cards["N2"].pearls == 3
    # "Andreas lässt seine gespielte Karte als Bonuskarte vor sich liegen. Er darf sie ab
    # jetzt einsetzen": Narwal 2's bonus is one to use later, not a pearl.
    assert deck.cards["N2"].bonus != PEARL
    assert all(deck.cards[five].pearls == 1 and deck.cards[five].is_five for five in FIVES)
    assert all(1 <= card.pearls <= 3 for card in deck.cards.values())
    assert {card.bonus for card in deck.cards.values() if not card.is_five} == {
        "trump_change",
        "flip",
        "pearl",
    }


def test_default_deck_file_is_what_the_engine_loads():
    data = json.loads(DEFAULT_DECK_FILE.read_text(encoding="utf-8"))
    assert data["verified"] is False
    assert load_deck(data).to_json()["cards"] == default_deck().to_json()["cards"]


def test_two_player_game_has_no_fives():
    """ "2-player variant: remove the four 5s" — 32 cards."""
    codes = default_deck().codes(2)
    assert len(codes) == 32 and not set(codes) & set(FIVES)
    assert len(default_deck().codes(3)) == 36


def card(data, code):
    return next(entry for entry in data["cards"] if entry["code"] == code)


def _set(code, **fields):
    def change(data):
        entry = card(data, code)
        entry.update(fields)
        for key, value in fields.items():
            if value is ...:
                del entry[key]

    return change


INVALID = {
    "missing card": ("cards", lambda d: d["cards"].pop()),
    "card twice": ("cards[35].code", lambda d: d["cards"].__setitem__(35, d["cards"][0])),
    "unknown code": ("cards[0].code", lambda d: d["cards"][0].update(code="O5")),
    "family mismatch": ("cards[0]", lambda d: d["cards"][0].update(family="P")),
    "value mismatch": ("cards[0]", lambda d: d["cards"][0].update(value=2)),
    "pearls 0": ("cards[17].pearls", _set("N2", pearls=0)),
    "pearls 4": ("cards[17].pearls", _set("N2", pearls=4)),
    "pearls not int": ("cards[17].pearls", _set("N2", pearls="3")),
    "five with two pearls": ("cards[32].pearls", _set("5a", pearls=2)),
    "five with a family": ("cards[32]", _set("5a", family="O")),
    "unknown bonus": ("cards[0].bonus", lambda d: d["cards"][0].update(bonus="joker")),
    "family card without bonus": ("cards[0].bonus", lambda d: d["cards"][0].update(bonus=None)),
    "unknown card key": ("cards[0].colour", lambda d: d["cards"][0].update(colour="red")),
    "missing pearls": ("cards[17].pearls", _set("N2", pearls=...)),
    "unknown deck key": ("owner", lambda d: d.update(owner="club")),
    "id with @": ("id", lambda d: d.update(id="a@b")),
    "version 0": ("version", lambda d: d.update(version=0)),
    "version text": ("version", lambda d: d.update(version="1")),
    "verified text": ("verified", lambda d: d.update(verified="no")),
    "cards not a list": ("cards", lambda d: d.update(cards={})),
}


@pytest.mark.parametrize(("key", "change"), INVALID.values(), ids=INVALID.keys())
def test_invalid_deck_names_the_entry(key, change):
    """A deck is data an organizer edits: every mistake is refused, naming the entry."""
    data = definition()
    change(data)
    with pytest.raises(DeckError) as error:
        load_deck(data)
    assert error.value.key == key


def test_trump_change_needs_printed_families_and_only_it_has_them():
    """ "trump change to one of the families printed on it"."""
    data = definition()
    change = next(e for e in data["cards"] if e["bonus"] == TRUMP_CHANGE)
    change["families"] = []
    with pytest.raises(DeckError, match="one or more distinct families"):
        load_deck(data)
    change["families"] = ["O", "O"]
    with pytest.raises(DeckError, match="one or more distinct families"):
        load_deck(data)
    data = definition()
    flip = next(e for e in data["cards"] if e["bonus"] == "flip")
    flip["families"] = ["O"]
    with pytest.raises(DeckError, match="only a trump-change card"):
        load_deck(data)


def test_deck_order_in_the_file_does_not_matter():
    data = definition()
    data["cards"].reverse()
    assert list(load_deck(data).cards) == list(ALL_CODES)


def corrected_deck():
    """An organizer's corrected deck: every card one pearl, a new id and version."""
    data = definition()
    data.update(id="club-corrected", version=3, verified=True)
    for entry in data["cards"]:
        entry["pearls"] = 1
    return data


def test_resolve_deck_by_id_and_version():
    """ "versioned with the game so old results keep their deck"."""
    assert resolve_deck("stichwahl-default@1") is default_deck()
    assert resolve_deck("club-corrected@3", [corrected_deck()]).verified is True
    with pytest.raises(KeyError) as unknown:
        resolve_deck("club-corrected@2", [corrected_deck()])
    assert "club-corrected@3" in unknown.value.args[0]


def test_a_record_names_its_deck_and_a_caller_supplies_it():
    """A record played with an organizer's deck verifies with that deck (and only when the
    caller supplies it: an unknown deck is a RecordError on `deck`)."""
    deck = corrected_deck()
    record = simulate(make_rng(4), PROFILES["standard"], deck=deck)
    assert record["deck"] == "club-corrected@3"
    with pytest.raises(RecordError) as error:
        records.verify(record)
    assert error.value.key == "deck"
    _, record, settings = records.read(record)
    verdict = verify_record(record, settings, decks=[deck])
    assert verdict.valid and verdict.result["deck_verified"] is True
    assert verdict.result["scores"] == playout(make_rng(4), PROFILES["standard"], deck=deck)
    # every premium card had one pearl: the winner took exactly one card per trick
    assert all(trick["points"] == 1 for trick in verdict.tricks)


def test_records_verify_takes_the_callers_decks():
    """An organizer's deck reaches the verdict through ``records.verify(source, decks=…)``,
    as JSON text too (how the app verifies a stored record with its stored decks); another
    game's record ignores the decks."""
    deck = corrected_deck()
    record = simulate(make_rng(4), PROFILES["standard"], deck=deck)
    verdict = records.verify(records.dumps(record), decks=[deck])
    assert verdict.valid and verdict.complete
    assert verdict.result["deck"] == "club-corrected@3" and verdict.result["deck_verified"]
    assert verdict.result["scores"] == playout(make_rng(4), PROFILES["standard"], deck=deck)
    # the default deck is still known next to the caller's
    plain = simulate(make_rng(4), PROFILES["standard"])
    assert records.verify(plain, decks=[deck]).to_json() == records.verify(plain).to_json()
    with pytest.raises(RecordError) as error:
        records.verify(record, decks=[])
    assert error.value.key == "deck" and "club-corrected@3" in error.value.message
    schatzsuche = get_game("schatzsuche")
    other = schatzsuche.simulate(make_rng(1), records.profile_settings(schatzsuche))
    assert records.verify(other, decks=[deck]).valid
