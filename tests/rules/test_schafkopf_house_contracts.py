"""Geier, Farbwenz, Farbgeier, their Touts and Bettel, and the short deck, checked card by card
against a count written here independently of the engine.

Rules: docs/rules/schafkopf.md ("House contracts", "The short deck", "Bettel"). The reference
below knows each contract only as a literal table of its trumps and of the order within a
suit; ``reference_game`` replays a record with it (who must follow, Stichzwang, who takes
each trick, the Augen, the Laufende, the score) and ``assert_matches`` compares that with the
engine's verdict. The mutation tests at the end give the engine a wrong rule and show that
the comparison notices.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field
from typing import Any

import pytest

from scoring.rules import records
from scoring.rules.schafkopf import Contract, play
from scoring.rules.schafkopf.cards import DECKS, Deck, trumps_of
from scoring.rules.schafkopf.house import house_rules
from scoring.rules.schafkopf.play import tables_of

# --- the reference, written from the rules page, not from the engine ---------------------

# Trumps high to low ("X": the contract's suit) and the order within every other suit.
TRUMPS = {
    "rufspiel": "EO GO HO SO EU GU HU SU HA H10 HK H9 H8 H7",
    "solo": "EO GO HO SO EU GU HU SU XA X10 XK X9 X8 X7",
    "wenz": "EU GU HU SU",
    "geier": "EO GO HO SO",
    "farbwenz": "EU GU HU SU XA X10 XK XO X9 X8 X7",
    "farbgeier": "EO GO HO SO XA X10 XK XU X9 X8 X7",
    "bettel": "",
}
SUIT_ORDER = {
    "rufspiel": "A 10 K 9 8 7",
    "solo": "A 10 K 9 8 7",
    "wenz": "A 10 K O 9 8 7",
    "geier": "A 10 K U 9 8 7",
    "farbwenz": "A 10 K O 9 8 7",
    "farbgeier": "A 10 K U 9 8 7",
    "bettel": "A K O U 10 9 8 7",
}
POINTS = {"A": 11, "10": 10, "K": 4, "O": 3, "U": 2, "9": 0, "8": 0, "7": 0}
SHORT = {card for card in DECKS["lang"].cards if card[1:] in ("8", "7")}
HOUSE = ["geier", "farbwenz", "farbgeier", "geier_tout", "farbwenz_tout", "farbgeier_tout"]
HOUSE += ["bettel", "bettel_ouvert"]
EVERY_CONTRACT = ["rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "sie", *HOUSE]
# The money tariff with every contract offered: Rufspiel and Bettel 20 (Bettel at the
# Rufspiel price), every other game 50, Schneider 10, Schwarz 20, Laufende 10 each from 3
# (Wenz and Geier from 2), Tout 2 x (50 + Laufende), Bettel ouvert 2 x 20.
EVERYTHING = {"contracts": EVERY_CONTRACT, "passed_deal": "ramsch"}


def kind_of(contract: dict[str, Any]) -> str:
    kind = contract["type"].removesuffix("_tout")
    return "bettel" if kind == "bettel_ouvert" else kind


def card_points(card: str) -> int:
    return POINTS.get(card[1:], 0)


@dataclass
class Reference:
    tricks: list[dict[str, Any]] = field(default_factory=list)
    augen: list[int] = field(default_factory=lambda: [0] * 4)
    won: list[int] = field(default_factory=lambda: [0] * 4)
    broken: list[tuple[int, int, str]] = field(default_factory=list)  # (trick, seat, rule)
    decided_in: int | None = None
    laufende_run: int = 0


def reference_game(record: dict[str, Any], stichzwang: bool = False) -> Reference:
    """Replay ``record`` (with hands) by the literal tables above."""
    contract = record["contract"]
    kind = kind_of(contract)
    suit = contract.get("suit") or "H"
    short = len(record["hands"][0]) == 6
    trumps = [c.replace("X", suit) for c in TRUMPS[kind].split()]
    trumps = [c for c in trumps if not (short and c in SHORT)]
    order = SUIT_ORDER[kind].split()

    def suit_of(card: str) -> str:
        return "T" if card in trumps else card[0]

    def strength(card: str, led: str) -> int:
        if card in trumps:
            return 100 - trumps.index(card)
        return 50 - order.index(card[1:]) if suit_of(card) == led else -1

    hands = [list(hand) for hand in record["hands"]]
    seat = record["leader"] if "leader" in record else (record["dealer"] + 1) % 4
    ref = Reference()
    plays = record["plays"]
    for start in range(0, len(plays) - len(plays) % 4, 4):
        number = start // 4 + 1
        cards, leader = plays[start : start + 4], seat
        led = suit_of(cards[0])
        for offset, card in enumerate(cards):
            player = (leader + offset) % 4
            same = [c for c in hands[player] if suit_of(c) == led]
            if offset and same and suit_of(card) != led:
                ref.broken.append((number, player, "follow_suit"))
            elif offset and stichzwang and kind == "bettel" and suit_of(card) == led:
                best = max(strength(c, led) for c in cards[:offset])
                if strength(card, led) < best and any(strength(c, led) > best for c in same):
                    ref.broken.append((number, player, "stichzwang"))
            hands[player].remove(card)
        strengths = [strength(card, led) for card in cards]
        seat = (leader + strengths.index(max(strengths))) % 4
        ref.tricks.append({"leader": leader, "cards": cards, "winner": seat})
        ref.augen[seat] += sum(card_points(card) for card in cards)
        ref.won[seat] += 1
        if kind == "bettel" and seat == contract["declarer"] and ref.decided_in is None:
            ref.decided_in = number
    party = declaring_party(record)
    held = {card for seat_ in party for card in record["hands"][seat_]}
    for card in trumps:
        if (card in held) != (trumps[0] in held):
            break
        ref.laufende_run += 1
    return ref


def declaring_party(record: dict[str, Any]) -> list[int]:
    contract = record["contract"]
    party = [contract["declarer"]]
    if contract["type"] == "rufspiel":
        sau = contract["called"] + "A"
        party += [seat for seat, hand in enumerate(record["hands"]) if sau in hand]
    return party


def reference_scores(record: dict[str, Any], ref: Reference, settings: dict[str, Any]) -> list:
    """The score of a game under the money tariff (``EVERYTHING`` on tarif-10-20-50)."""
    contract = record["contract"]
    kind, declarer, party = kind_of(contract), contract["declarer"], declaring_party(record)
    tout = contract["type"].endswith("_tout")
    all_tricks = len(record["hands"][0])
    augen = sum(ref.augen[seat] for seat in party)
    tricks = sum(ref.won[seat] for seat in party)
    wenz_like = kind in ("wenz", "geier")
    threshold = settings["laufende_from_wenz" if wenz_like else "laufende_from"]
    laufende = ref.laufende_run if ref.laufende_run >= threshold and kind != "bettel" else 0
    if kind == "bettel":
        won = tricks == 0
        value = 20 * (2 if contract["type"] == "bettel_ouvert" else 1)
    elif tout:
        won = tricks == all_tricks
        value = 2 * (50 + 10 * laufende)
    else:
        won = augen >= 61
        value = (20 if kind == "rufspiel" else 50) + 10 * laufende
        if tricks in (0, all_tricks):
            value += 20
        elif augen >= 91 or augen <= 30:
            value += 10
    value *= 2 ** (("stoss" in record) + ("retour" in record))
    value = value if won else -value
    if len(party) == 2:
        return [value if seat in party else -value for seat in range(4)]
    return [3 * value if seat == declarer else -value for seat in range(4)]


def assert_matches(record: dict[str, Any], verdict: Any, stichzwang: bool = False) -> None:
    """The verdict says what the reference counts, trick by trick and in the result."""
    ref = reference_game(record, stichzwang)
    where = f"{record['contract']} seed game"
    assert verdict.tricks == ref.tricks, where
    found = [(v.trick, v.seat, v.rule) for v in verdict.violations]
    assert found == ref.broken, where
    result = verdict.result
    assert result["augen_per_seat"] == ref.augen, where
    assert result["tricks_per_seat"] == ref.won, where
    assert result.get("decided_in") == ref.decided_in, where
    if ref.decided_in is not None:
        assert len(record["plays"]) == 4 * ref.decided_in or not verdict.valid, where
    else:
        assert len(record["plays"]) == 4 * len(record["hands"][0]), where
    assert result["scores"] == reference_scores(record, ref, SETTINGS), where


SETTINGS = {**records.profile_settings(records.get_game("schafkopf"), "tarif-10-20-50")}


def simulated(deck: str, games: int, seed: str, **extra: Any) -> list[dict[str, Any]]:
    overrides = {**EVERYTHING, "deck": deck, **extra}
    runs = records.simulate_records(
        "schafkopf", games, seed, profile="tarif-10-20-50", overrides=overrides
    )
    return [record for _, record, _ in runs]


# --- the engine against the reference -------------------------------------------------------


@pytest.mark.parametrize("deck", ["lang", "kurz"])
def test_seeded_games_of_every_contract_match_the_reference(deck):
    """Every offered contract, bot-played from seeds, has the tricks, Augen, tricks won,
    Laufende and scores the reference counts; the short deck deals 6 cards and never a 7."""
    seen = collections.Counter()
    for record in simulated(deck, 700, f"house-{deck}"):
        if record["contract"]["type"] in ("ramsch", "sie"):
            continue
        verdict = records.verify(record)
        assert verdict.valid and verdict.complete
        assert_matches(record, verdict)
        seen[record["contract"]["type"]] += 1
        size = 6 if deck == "kurz" else 8
        assert all(len(hand) == size for hand in record["hands"])
        assert not (deck == "kurz" and SHORT & {c for hand in record["hands"] for c in hand})
    assert {kind for kind, count in seen.items() if count >= 5} >= set(HOUSE) | {"rufspiel"}


def test_seeded_bettel_games_with_stichzwang_match_the_reference():
    """ "when true, a player following suit in a Bettel must play a card higher than the best
    card of the trick if he has one"."""
    bettel = {"contracts": ["rufspiel", "bettel", "bettel_ouvert"], "bettel_stichzwang": True}
    played = 0
    for record in simulated("lang", 300, "stichzwang", **bettel):
        if record["contract"]["type"].startswith("bettel"):
            verdict = records.verify(record)
            assert verdict.valid and verdict.complete
            assert_matches(record, verdict, stichzwang=True)
            played += 1
    assert played > 40


@pytest.mark.parametrize(
    ("contract", "top", "bottom"),
    [
        (Contract("geier", 0), "EO GO HO SO", "SO"),
        (Contract("farbwenz", 0, suit="G"), "EU GU HU SU GA G10 GK GO G9 G8 G7", "G7"),
        (Contract("farbgeier_tout", 0, suit="S"), "EO GO HO SO SA S10 SK SU S9 S8 S7", "S7"),
        (Contract("bettel", 0), "", None),
    ],
)
def test_trump_orders_are_the_tables(contract, top, bottom):
    """The engine's trump order of each house contract is the table of the rules page."""
    assert list(contract.trumps.order) == top.split()
    if bottom is not None:
        assert contract.trumps.order[-1] == bottom


# --- mutations: a wrong engine must fail the comparison ------------------------------------


def _records_of(kind: str, deck: str = "lang", **extra: Any) -> list[dict[str, Any]]:
    return [
        record
        for record in simulated(deck, 400, f"mutation-{kind}-{deck}", **extra)
        if record["contract"]["type"] == kind
    ]


def _inject(monkeypatch, contract: Contract, deck: Deck, rules: play.Rules, **house) -> None:
    """Make the engine play ``contract`` by ``rules`` (its cache of each contract's Rules is
    what every caller asks, compiled or not)."""
    key = (contract, deck.name, house.get("run_away", 4 if deck.name == "lang" else 3), False)
    monkeypatch.setitem(play._RULES, key, rules)


def _replayed_verdicts(found: list[dict[str, Any]]) -> list[tuple[dict[str, Any], Any]]:
    return [(record, records.verify(record)) for record in found]


@pytest.mark.parametrize(
    ("kind", "wrong"),
    [
        ("geier", trumps_of(("U",), None)),  # the Wenz's order instead of the Geier's
        ("farbwenz", trumps_of(("O", "U"), "E")),  # a Solo's
        ("bettel", trumps_of(("O", "U"), "H")),  # Ober and Unter trump, as in a Rufspiel
    ],
)
def test_a_wrong_trump_order_fails_the_comparison(monkeypatch, kind, wrong):
    found = _records_of(kind)[:20]
    assert found
    for record in found:
        contract = Contract(**record["contract"])
        _inject(monkeypatch, contract, DECKS["lang"], play.Rules.of(tables_of(wrong)))
    with pytest.raises(AssertionError):
        for record, verdict in _replayed_verdicts(found):
            assert_matches(record, verdict)


def test_bettel_without_stichzwang_fails_the_comparison(monkeypatch):
    """Drop the Stichzwang: records that duck where they had to head verify valid, and the
    reference names the broken duty."""
    bettel = {"contracts": ["rufspiel", "bettel"], "bettel_stichzwang": True}
    settings = {**SETTINGS, **EVERYTHING, **bettel}
    house_ = house_rules(settings)
    found = _records_of("bettel", bettel_stichzwang=False, contracts=["rufspiel", "bettel"])
    ducked = [r for r in found if reference_game(r, stichzwang=True).broken]
    assert ducked  # bots without Stichzwang duck now and then
    for record in ducked:
        contract = Contract(**record["contract"])
        lax = play.rules_of(contract, house_.deck, house_.run_away, False)
        monkeypatch.setitem(play._RULES, (contract, "lang", house_.run_away, True), lax)
    with pytest.raises(AssertionError):
        for record in ducked:
            record = {**record, "settings": {**record["settings"], "bettel_stichzwang": True}}
            assert_matches(record, records.verify(record), stichzwang=True)


# --- what the engine makes once and shares -----------------------------------------------


def test_house_rules_are_read_again_when_the_settings_change():
    """house_rules keeps what it read of the profiles asked last (a deal asks once): equal
    settings share their HouseRules, settings changed in place or replaced are read anew."""
    settings = {**SETTINGS, **EVERYTHING, "contracts": list(EVERY_CONTRACT)}
    first = house_rules(settings)
    assert house_rules(dict(settings, contracts=list(EVERY_CONTRACT))) is first
    settings["contracts"].remove("geier")
    assert "geier" in first.offered and "geier" not in house_rules(settings).offered
    settings["contract_rank"] = [
        ["bettel"],
        *[[kind] for kind in EVERY_CONTRACT if kind != "bettel"],
    ]
    assert house_rules(settings).rank["bettel"] == len(EVERY_CONTRACT)
    settings["deck"] = "kurz"
    assert (
        house_rules(settings).deck is DECKS["kurz"] and "sie" not in house_rules(settings).offered
    )
    for reading in range(12):  # more profiles than it keeps: the first is read again
        house_rules(dict(settings, davonlaufen_min=1 + reading % 8, bettel_stichzwang=reading > 7))
    assert house_rules(dict(SETTINGS, **EVERYTHING)) == first


def test_the_bots_contracts_are_made_once():
    from scoring.rules.schafkopf.contracts import contract_of

    farbwenz = contract_of("farbwenz", 2, "G")
    assert farbwenz == Contract("farbwenz", 2, "G") and contract_of("farbwenz", 2, "G") is farbwenz
    assert hash(farbwenz) == hash(Contract("farbwenz", 2, "G")) == hash(("farbwenz", 2, "G", None))
    assert contract_of("ramsch") == Contract("ramsch") != farbwenz
