"""Schafkopf `record/1` files: verifying them, and writing them from bot-played deals.

The record keys are listed in docs/rules/records.md ("schafkopf") and docs/schafkopf.md.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, Final

from ..core import RECORD_ERRORS, RecordError, Verdict, bot_names, new_record, require_int
from ..i18n import N_
from .bots import BotGame, Wishes, bot_game
from .cards import DECK, INDEX, NAME, Deck, cards_of
from .contracts import SIE, after_all_passed, parse_contract
from .house import house_rules
from .play import STICHZWANG
from .state import HAND_CHECKS, State
from .tariff import DEFAULT_PROFILE, PROFILES

PLAYER_COUNTS = (4,)  # at a 5-player table the sitting-out dealer is not in the record
RECORD_KEYS = ("plays", "contract")
RECORD_OPTIONAL_KEYS = ("dealer", "leader", "stoss", "retour", "klopfen", "schwarz_claimed")
SEATS: Final = 4


def read_game_keys(record: Mapping[str, Any], settings: Mapping[str, Any]) -> dict[str, Any]:
    """The Schafkopf keys of a record, checked; RecordError names the offending key."""
    if ("dealer" in record) == ("leader" in record):
        either = N_("give either dealer or leader (the seat that leads first)")
        raise RecordError("dealer", either)
    if "dealer" in record:
        leader = (require_int(record["dealer"], "dealer", 0, SEATS - 1) + 1) % SEATS
    else:
        leader = require_int(record["leader"], "leader", 0, SEATS - 1)
    contract = parse_contract(record["contract"], SEATS, house_rules(settings).offered)
    keys: dict[str, Any] = {"leader": leader, "contract": contract}
    for key in ("stoss", "retour"):
        if key in record:
            keys[key] = require_int(record[key], key, 0, SEATS - 1)
    if "klopfen" in record:
        if not settings["allow_klopfen"]:
            raise RecordError("klopfen", N_("this profile has no Klopfen (allow_klopfen)"))
        klopfen = record["klopfen"]
        if not isinstance(klopfen, list):
            raise RecordError("klopfen", N_("must be a list of seats"))
        for position, seat in enumerate(klopfen):
            require_int(seat, f"klopfen[{position}]", 0, SEATS - 1)
        if len(set(klopfen)) != len(klopfen):
            raise RecordError("klopfen", N_("a seat can knock only once"))
        keys["klopfen"] = klopfen
    if "schwarz_claimed" in record:
        if not settings["schwarz_must_be_claimed"]:
            raise RecordError("schwarz_claimed", N_("this profile scores Schwarz unclaimed"))
        if not isinstance(record["schwarz_claimed"], bool):
            raise RecordError("schwarz_claimed", RECORD_ERRORS["not_bool"])
        keys["schwarz_claimed"] = record["schwarz_claimed"]
    return keys


def _read_hands(record: Mapping[str, Any], deck: Deck) -> list[list[str]] | None:
    if "hands" not in record:
        return None
    seen: dict[str, int] = {}
    for seat, hand in enumerate(record["hands"]):
        if len(hand) != deck.tricks:
            raise RecordError(f"hands[{seat}]", N_("must hold {size} cards"), size=deck.tricks)
        for card in hand:
            if card not in INDEX:
                no_card = N_("{card!r} is not a Schafkopf card")
                raise RecordError(f"hands[{seat}]", no_card, card=card)
            if card not in deck.index:
                short = N_("{card} is not a card of the short deck (no 8s and 7s)")
                raise RecordError(f"hands[{seat}]", short, card=card)
            if card in seen:
                twice = N_("{card} is also dealt to seat {seat}")
                raise RecordError(f"hands[{seat}]", twice, card=card, seat=seen[card])
            seen[card] = seat
    return [list(hand) for hand in record["hands"]]


def _read_plays(record: Mapping[str, Any], contract_type: str, deck: Deck) -> list[str]:
    plays = record["plays"]
    if not isinstance(plays, list) or not all(isinstance(card, str) for card in plays):
        raise RecordError("plays", RECORD_ERRORS["card_codes"])
    if contract_type == SIE and plays:
        raise RecordError("plays", N_("a Sie is shown, not played: plays must be []"))
    if len(plays) > len(deck.cards):
        too_many = N_("a deal has {total} cards, not {count}")
        raise RecordError("plays", too_many, total=len(deck.cards), count=len(plays))
    return plays


def verify_record(record: Mapping[str, Any], settings: Mapping[str, Any]) -> Verdict:
    """Judge a Schafkopf record whose common keys ``records.read`` has checked."""
    keys = read_game_keys(record, settings)
    deck = house_rules(settings).deck
    hands = _read_hands(record, deck)
    plays = _read_plays(record, keys["contract"].type, deck)
    state = State(
        keys["contract"],
        settings,
        leader=keys["leader"],
        hands=hands,
        players=record["players"],
        stoss=keys.get("stoss"),
        retour=keys.get("retour"),
        klopfen=keys.get("klopfen", ()),
        schwarz_claimed=keys.get("schwarz_claimed", False),
    )
    for card in plays:
        state.play(card, strict=False)
    skipped = (
        []
        if hands is not None
        else [rule for rule in HAND_CHECKS if rule != STICHZWANG or state.core.rules.heads]
    )
    if not state.partner_known and ("stoss" in keys or "retour" in keys):
        skipped += ["stoss_not_allowed", "retour_not_allowed"]
    return Verdict(
        players=list(record["players"]),
        complete=state.complete,
        to_play=None if state.complete else state.to_play,
        tricks=state.tricks,
        result=state.result(),
        violations=state.all_violations(),
        checks_skipped=skipped,
    )


def _deal_until_played(
    rng: Random, settings: Mapping[str, Any], players: int, dealer: int, record: bool = True
) -> tuple[BotGame, int]:
    """Bot games until one is played (thrown-in deals pass the deal on per ``passed_deal``)."""
    if players not in (4, 5):
        raise ValueError("Schafkopf is played at a table of 4 or 5 players")
    house = house_rules(settings)
    wishes = Wishes.of(house)
    while True:
        leader = 0 if players == 5 else (dealer + 1) % SEATS
        game = bot_game(rng, settings, leader, record, house, wishes)
        if game is not None:
            return game, dealer
        dealer = after_all_passed(settings, dealer, players)["dealer"]


def _first_dealer(rng: Random, players: int, round_number: int | None) -> int:
    return (round_number - 1) % players if round_number else rng.randrange(players)


def simulate(
    rng: Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """One seeded deal played by random legal bots, as a `record/1` dict.

    ``players=5`` simulates a tournament table: the dealer sits out and the record lists the
    four others from the left of the dealer, with ``leader: 0``. ``round_number`` fixes the
    first dealer (round 1: seat 0); thrown-in deals are dealt again.
    """
    players = players or SEATS
    game, dealer = _deal_until_played(
        rng, settings, players, _first_dealer(rng, players, round_number)
    )
    names = bot_names(players)
    if players == 5:  # the dealer sits out; the record lists the others from his left
        names = [names[(dealer + step) % 5] for step in range(1, 5)]
    record = new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE)
    if players == 5:
        record["leader"] = 0
    else:
        record["dealer"] = dealer
    record["hands"] = [cards_of(hand) for hand in game.hands]
    record["plays"] = [DECK[card] for card in game.plays]
    record["contract"] = game.contract.to_json()
    if game.stoss is not None:
        record["stoss"] = game.stoss
    if game.retour is not None:
        record["retour"] = game.retour
    if game.schwarz_claimed is not None:
        record["schwarz_claimed"] = game.schwarz_claimed
    if settings["allow_klopfen"]:
        record["klopfen"] = game.klopfen
    return record


def playout(
    rng: Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """The scores of one seeded bot-played deal (the work of ``simulate`` without a record).

    The same rng state gives the same game as ``simulate``; scores are per seat of that
    record (the four playing seats).
    """
    players = players or SEATS
    dealer = _first_dealer(rng, players, round_number)
    game, _ = _deal_until_played(rng, settings, players, dealer, record=False)
    return game.scores
