"""Random legal bots: the deals behind ``simulate`` and ``playout``.

The bots know no rule of play. They deal, announce and double at random among the choices
``contracts`` allows, then play on a ``play.Play`` (the deal ``State`` plays on too),
choosing any of the cards of its ``legal`` mask; every game is scored with the same pure
functions as a verified record (``tariff.settle``), and ``simulate`` turns it into a record
that ``State`` checks card by card (tests/rules/test_schafkopf_properties.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from ..draws import pick_by, shuffled
from .cards import BIT, DECKS, RANKS, SUITS, cards_of, count_of, mask_of
from .contracts import (
    ALL_TYPES,
    FARBGEIER,
    FARBGEIER_TOUT,
    FARBWENZ,
    FARBWENZ_TOUT,
    RAMSCH,
    RUFSPIEL,
    SAU_BIT,
    SIE,
    SOLO,
    SOLO_TOUT,
    SUITED,
    WENZ,
    WENZ_TOUT,
    Contract,
    after_all_passed,
    can_call,
    contract_of,
    is_sie,
    resolve_announcements,
    suited_choices,
)
from .house import HouseRules, house_rules, rules_for
from .play import Play
from .tariff import counted_laufende, outcome_from_augen, settle, settle_ramsch

CARD_BITS: Final = {name: tuple(BIT[card] for card in deck.cards) for name, deck in DECKS.items()}
# How a bot announces: it passes with PASS_CHANCE, else it wishes for a contract valid for its
# hand with these weights; mostly Rufspiel, so that every contract, thrown-in deals and Ramsch
# all occur in a few hundred games. A profile that offers house contracts has every offered
# contract wished alike (HOUSE_WISH_WEIGHT), the Sie (one hand in millions) as often as it can.
PASS_CHANCE: Final = 0.5
WISH_WEIGHTS: Final = (
    (RUFSPIEL, 20),
    (SOLO, 4),
    (WENZ, 2),
    (SOLO_TOUT, 1),
    (WENZ_TOUT, 1),
    (SIE, 1000),
)
HOUSE_WISH_WEIGHT: Final = 1
STOSS_CHANCE: Final = 1 / 8
RETOUR_CHANCE: Final = 1 / 3
KLOPFEN_CHANCE: Final = 1 / 8


@dataclass(slots=True)
class BotGame:
    """One deal as the bots played it; ``plays`` are card indexes in playing order."""

    hands: list[int]
    leader: int
    contract: Contract
    plays: list[int]
    stoss: int | None
    retour: int | None
    klopfen: list[int]
    schwarz_claimed: bool | None
    scores: list[int]

    def __init__(
        self,
        hands: list[int],
        leader: int,
        contract: Contract,
        plays: list[int],
        stoss: int | None,
        retour: int | None,
        klopfen: list[int],
        schwarz_claimed: bool | None,
        scores: list[int],
    ) -> None:
        # The dataclass's own __init__, written out so that mypyc compiles it (the methods a
        # dataclass generates run interpreted): one per deal.
        self.hands, self.leader, self.contract, self.plays = hands, leader, contract, plays
        self.stoss, self.retour, self.klopfen = stoss, retour, klopfen
        self.schwarz_claimed, self.scores = schwarz_claimed, scores


# An announcement: (type, suit, called).
Wish = tuple[str, str | None, str | None]
# The suited kinds by the holding requirement their suit choice depends on (contracts.py).
_SUIT_GROUPS: Final = ((SOLO, SOLO_TOUT), (FARBWENZ, FARBWENZ_TOUT), (FARBGEIER, FARBGEIER_TOUT))
_GROUP_OF: Final = {kind: number for number, group in enumerate(_SUIT_GROUPS) for kind in group}

# What a hand allows, as one mask of four nibbles, a bit per suit (``SUITS``) in each: the
# Sau a Rufspiel may call (``can_call``), then the suits of each group of ``_SUIT_GROUPS``
# (``suited_choices``). Both rules look at one suit's cards only, and a suit's cards are one
# byte of the hand (cards.py: index = suit * 8 + rank), so ``_BY_BYTE`` holds the rules'
# answers for every byte of every suit, asked once here; a hand's mask is the four bytes'.
_CALLS: Final = 0
_NIBBLE: Final = 15
_ANY_GROUP_SUIT: Final = 0xFFF0  # every suit in every group (no ``solo_needs_suit_card``)


def _group_shift(number: int) -> int:
    return 4 * (number + 1)


def _suit_byte_answers(index: int, byte: int) -> int:
    suit, hand = SUITS[index], byte << 8 * index
    answer = 1 << index if can_call(hand, suit) else 0
    for number, group in enumerate(_SUIT_GROUPS):
        if suit in suited_choices(hand, group[0], True):
            answer |= 1 << _group_shift(number) + index
    return answer


if any(mask_of(suit + rank for rank in RANKS) != 255 << 8 * i for i, suit in enumerate(SUITS)):
    raise ImportError("schafkopf/bots.py reads a suit's cards as one byte of the hand")
_BY_BYTE: Final = tuple(
    _suit_byte_answers(index, byte) for index in range(4) for byte in range(256)
)
# The suits of a nibble, in the order of ``SUITS`` (as the rules list them).
_SUIT_SETS: Final = tuple(
    tuple(suit for index, suit in enumerate(SUITS) if bits >> index & 1) for bits in range(16)
)
_NO_SUIT: Final = -1  # a kind drawn without a suit (``Option``)
_SIE_HELD: Final = 16
# A kind a hand may be wished for: (kind, weight, the shift of its suits' nibble or _NO_SUIT).
Option = tuple[str, int, int]


class Wishes:
    """What the bots may wish for under one profile: the offered kinds with their weights,
    and per set of kinds a hand allows (a Rufspiel, each group of suited kinds, a Sie: the
    bits of ``held``) the kinds to draw from, each as often as its weight; ``mask`` keeps the
    nibbles of a hand's answers (``_BY_BYTE``) that this profile looks at."""

    __slots__ = ("mask", "table")

    def __init__(self, house: HouseRules) -> None:
        offered = house.offered
        if offered <= {RUFSPIEL, SOLO, WENZ, SOLO_TOUT, WENZ_TOUT, SIE, RAMSCH}:
            weights = [(kind, weight) for kind, weight in WISH_WEIGHTS if kind in offered]
        else:
            weights = [
                (kind, dict(WISH_WEIGHTS)[SIE] if kind == SIE else HOUSE_WISH_WEIGHT)
                for kind in ALL_TYPES
                if kind in offered and kind != RAMSCH
            ]
        # The Rufspiel's nibble and those of the suit groups this profile offers.
        self.mask = _NIBBLE << _CALLS
        for number, group in enumerate(_SUIT_GROUPS):
            if any(kind in offered for kind in group):
                self.mask |= _NIBBLE << _group_shift(number)
        # The weights are whole numbers: a draw in [0, total) falls to the kind whose run of
        # units holds its integer part, one entry per unit.
        table: list[tuple[Option, ...]] = []
        for held in range(32):
            units: list[Option] = []
            for kind, weight in weights:
                if _allows(kind, held):
                    units += [(kind, weight, _shift(kind))] * weight
            table.append(tuple(units))
        self.table: tuple[tuple[Option, ...], ...] = tuple(table)

    @classmethod
    def of(cls, house: HouseRules) -> Wishes:
        """The profile's Wishes, made once per set of offered contracts: a deal is cheaper
        than the table of them."""
        found = _WISHES_BY_OFFER.get(house.offered)
        if found is None:
            found = _WISHES_BY_OFFER[house.offered] = cls(house)
        return found


_WISHES_BY_OFFER: Final[dict[frozenset[str], Wishes]] = {}


def _shift(kind: str) -> int:
    """Where the suits a hand allows ``kind`` in stand in its answers."""
    if kind == RUFSPIEL:
        return _CALLS
    if kind in SUITED:
        return _group_shift(_GROUP_OF[kind])
    return _NO_SUIT


def _allows(kind: str, held: int) -> bool:
    """``held``: bit 0 a Sau to call, bits 1–3 a suit of each suit group, bit 4 a Sie."""
    if kind == RUFSPIEL:
        return bool(held & 1)
    if kind in SUITED:
        return bool(held >> 1 + _GROUP_OF[kind] & 1)
    return bool(held & _SIE_HELD) if kind == SIE else True


def wish(
    rng: Random,
    hand: int,
    settings: Mapping[str, Any],
    may_pass: bool = True,
    wishes: Wishes | None = None,
) -> Wish | None:
    """A random announcement valid for ``hand``: (type, suit, called), or None to pass."""
    if wishes is None:
        wishes = Wishes.of(house_rules(settings))
    return _wish(rng.random, hand, settings["solo_needs_suit_card"], may_pass, wishes)


def _wish(
    rand: Callable[[], float], hand: int, needs_suit_card: bool, may_pass: bool, wishes: Wishes
) -> Wish | None:
    """``wish`` with the draw (``rng.random``) and the profile's setting read once per deal."""
    if may_pass and rand() < PASS_CHANCE:
        return None
    answers = (
        _BY_BYTE[hand & 255]
        | _BY_BYTE[256 | hand >> 8 & 255]
        | _BY_BYTE[512 | hand >> 16 & 255]
        | _BY_BYTE[768 | hand >> 24 & 255]
    )
    if not needs_suit_card:
        answers |= _ANY_GROUP_SUIT
    answers &= wishes.mask
    held = _SIE_HELD if is_sie(hand) else 0
    if answers & 0xF:
        held |= 1
    if answers & 0xF0:
        held |= 2
    if answers & 0xF00:
        held |= 4
    if answers & 0xF000:
        held |= 8
    units = wishes.table[held]
    total = len(units)
    if not total:  # a profile whose contracts this hand can play none of
        return None
    # A kind by its weight among those the hand allows (the last should the product round up).
    kind, _, shift = units[min(int(rand() * total), total - 1)]
    if shift == _NO_SUIT:
        pick_by(rand, _NO_VARIANT)  # one draw, as for a choice of one
        return kind, None, None
    suits = _SUIT_SETS[answers >> shift & _NIBBLE]
    if shift == _CALLS:
        return kind, None, pick_by(rand, suits)
    return kind, pick_by(rand, suits), None


_NO_VARIANT: Final = (None,)
# The seats in speaking order from each leader.
_ORDER: Final = tuple(tuple((leader + step) % 4 for step in range(4)) for leader in range(4))


def bot_game(
    rng: Random,
    settings: Mapping[str, Any],
    leader: int,
    record: bool = True,
    house: HouseRules | None = None,
    wishes: Wishes | None = None,
) -> BotGame | None:
    """Deal and play one game; None when everybody passed and the deal is thrown in.
    ``record=False`` leaves ``plays`` empty (``playout`` needs only the scores). ``house``
    and ``wishes`` are the profile's, when the caller has them already. A Bettel ends with
    its declarer's first trick."""
    rand = rng.random
    if house is None:
        house = house_rules(settings)
    if wishes is None:
        wishes = Wishes.of(house)
    size = house.deck.tricks
    cards = shuffled(CARD_BITS[house.deck.name], rng)
    hands = []
    for seat in range(4):
        hand = 0
        for index in range(seat * size, seat * size + size):
            hand |= cards[index]
        hands.append(hand)
    order = _ORDER[leader]
    klopfen = []
    if settings["allow_klopfen"]:
        klopfen = [seat for seat in order if rand() < KLOPFEN_CHANCE]
    needs_suit_card: bool = settings["solo_needs_suit_card"]
    wished: list[Wish | None] = [None] * 4
    for seat in order:
        wished[seat] = _wish(rand, hands[seat], needs_suit_card, True, wishes)
    declarer = resolve_announcements(leader, [w and w[0] for w in wished], house.rank)
    if declarer is None:
        passed = settings["passed_deal"]
        codes = [cards_of(hand) for hand in hands] if passed == "forced" else None
        action = after_all_passed(settings, (leader - 1) % 4, 4, codes)
        if action["action"] == "redeal":
            return None
        if action["action"] == "forced":
            declarer = action["seat"]
            wished[declarer] = _wish(rand, hands[declarer], needs_suit_card, False, wishes)
            if wished[declarer] is None:  # nothing he could play: thrown in after all
                return None
    if declarer is None:
        contract = contract_of(RAMSCH)
        party: list[int] = []
    else:
        announced = wished[declarer]
        if announced is None:  # the declarer announced, or was forced to
            raise ValueError("a declarer without a contract")
        kind, suit, called = announced
        contract = contract_of(kind, declarer, suit, called)
        party = [declarer]
        if called is not None:  # the holder of the called Sau plays with him
            sau_bit = SAU_BIT[called]
            party.append(next(seat for seat in order if hands[seat] & sau_bit))
    stoss = retour = None
    if party and settings["allow_stoss"] and rand() < STOSS_CHANCE:
        opponents = [seat for seat in range(4) if seat not in party]
        stoss = pick_by(rand, opponents)
        if settings["allow_retour"] and rand() < RETOUR_CHANCE:
            retour = pick_by(rand, party)
    plays: list[int] = []
    game = Play.of(contract, list(hands), leader, rules_for(contract, house))
    legal = game.legal
    # Any of the legal cards: drop a random number of the lowest, take the next; a Bettel's
    # table stops at the trick that decides it.
    while legal and game.decided_in < 0:
        count = count_of(legal)
        if count > 1:
            for _ in range(int(rand() * count)):
                legal &= legal - 1
        card = (legal & -legal).bit_length() - 1
        if record:
            plays.append(card)
        legal = game.play(card)
    result = BotGame(hands, leader, contract, plays, stoss, retour, klopfen, None, [])
    result.scores = _score(result, settings, party, game, rand)
    return result


def _score(
    game: BotGame,
    settings: Mapping[str, Any],
    party: list[int],
    played: Play,
    rand: Callable[[], float],
) -> list[int]:
    """The tariff's scores of a game as ``played``."""
    augen, tricks = played.augen, played.won
    contract = game.contract
    if contract.type == RAMSCH:
        jungfrauen = [seat for seat in range(4) if tricks[seat] == 0]
        return settle_ramsch(settings, augen, jungfrauen, klopfen=len(game.klopfen))
    declarer = party[0]
    partner = party[1] if len(party) == 2 else None
    if contract.type == SIE:
        won, schneider, schwarz = True, False, False
    else:
        party_augen, party_tricks = augen[declarer], tricks[declarer]
        if partner is not None:
            party_augen += augen[partner]
            party_tricks += tricks[partner]
        outcome = outcome_from_augen(
            party_augen, party_tricks, contract.type, all_tricks=played.rules.tricks
        )
        won, schneider, schwarz = outcome.won, outcome.schneider, outcome.schwarz
        if settings["schwarz_must_be_claimed"] and schwarz:
            game.schwarz_claimed = rand() < 0.5
            schwarz = game.schwarz_claimed
    hands = game.hands
    party_mask = hands[declarer] if partner is None else hands[declarer] | hands[partner]
    run = played.laufende(party_mask)
    return settle(
        settings,
        contract.type,
        declarer,
        partner,
        won=won,
        schneider=schneider,
        schwarz=schwarz,
        laufende=counted_laufende(settings, contract.type, run),
        stoss=game.stoss is not None,
        retour=game.retour is not None,
        klopfen=len(game.klopfen),
        suit=contract.suit,
    )
