"""Random legal bots: the deals behind ``simulate`` and ``playout``.

They deal (3 × 10 and a Skat of 2), bid with real bid values up to what the game they wish
for is worth on their ten cards, declare it (taking the Skat and discarding two random
cards, or Hand), say Kontra/Re where the profile has them, and play any legal card of the
``play.Play`` (the deal ``State`` plays on too). Every game type occurs in a few hundred
seeded deals, Null and Grand included. Scores come from ``result.py``, as a verdict's.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any, Final

from ..draws import shuffled
from .bidding import HINTERHAND, JA, MITTELHAND, PASSE, VORHAND
from .cards import CARD_AUGEN, DECK, SEATS, SUITS, count_of, nth_index
from .contracts import (
    BASE,
    EINGEPASST,
    GRAND,
    NULL,
    RAMSCH,
    SUIT_GAMES,
    Contract,
)
from .play import Play, order_of, tables_of
from .result import game_result, passed_result, ramsch_result
from .values import BID_VALUES, LOWEST_BID, level_of, matadors_of, null_value, trumps_in

PASS_CHANCE: Final = 0.35
# What a bot wishes for when it bids: a suit game (its longest trump suit), Grand or Null.
WISH_WEIGHTS: Final = ((SUIT_GAMES[0], 10), (GRAND, 4), (NULL, 3))
HAND_CHANCE: Final = 0.2
SCHNEIDER_CHANCE: Final = 0.15
SCHWARZ_CHANCE: Final = 0.3
OUVERT_CHANCE: Final = 0.25
NULL_OUVERT_CHANCE: Final = 0.3
KONTRA_CHANCE: Final = 1 / 8
RE_CHANCE: Final = 1 / 3
_BITS: Final = tuple([1 << index for index in range(len(DECK))])
_INDEXES: Final = tuple(range(len(DECK)))
_WISH_TOTAL: Final = sum(weight for _, weight in WISH_WEIGHTS)
_BID_COUNT: Final = len(BID_VALUES)
# The Augen of each byte of a mask (a suit's eight cards), ``suit * 256 + byte``.
_AUGEN_BY_BYTE: Final = tuple(
    [
        sum(CARD_AUGEN[8 * suit + rank] for rank in range(8) if byte >> rank & 1)
        for suit in range(len(SUITS))
        for byte in range(256)
    ]
)


@dataclass(slots=True)
class BotGame:
    """One deal as the bots played it; ``plays`` are card indexes in playing order."""

    hands: list[int]
    skat: int
    bidding: list[int | str]
    contract: Contract
    discard: int
    kontra: int | None
    re: int | None
    plays: list[int]
    result: dict[str, Any] | None  # None: not scored


def _wish(draw: Callable[[], float], hand: int) -> Contract | None:
    """The game a bot would declare on its ten cards, or None (it passes)."""
    if draw() < PASS_CHANCE:
        return None
    roll = draw() * _WISH_TOTAL
    kind = NULL
    for name, weight in WISH_WEIGHTS:
        if roll < weight:
            kind = name
            break
        roll -= weight
    hand_game = draw() < HAND_CHANCE
    if kind == NULL:
        return Contract(NULL, None, hand_game, False, False, draw() < NULL_OUVERT_CHANCE)
    if kind != GRAND:  # the suit game it holds most trumps of
        best, kind = -1, SUIT_GAMES[0]
        for game in SUIT_GAMES:
            held = trumps_in(hand, game)
            if held > best:
                best, kind = held, game
    schneider = schwarz = ouvert = False
    if hand_game and draw() < SCHNEIDER_CHANCE:
        schneider = True
        if draw() < SCHWARZ_CHANCE:
            schwarz = True
            ouvert = draw() < OUVERT_CHANCE
    return Contract(kind, None, hand_game, schneider, schwarz, ouvert)


def _worth(contract: Contract, hand: int) -> int:
    """What the wished game is worth on the bot's ten cards (the most it bids)."""
    if contract.type == NULL:
        return null_value(contract.hand, contract.ouvert)
    matadors = matadors_of(hand, contract.type)
    level = level_of(
        matadors,
        hand=contract.hand,
        schneider_announced=contract.schneider,
        schwarz_announced=contract.schwarz,
        ouvert=contract.ouvert,
    )
    return BASE[contract.type] * level


def _auction(worth: list[int]) -> tuple[list[int | str], int | None, int]:
    """The bots' auction: each says the next value while its game is worth it. The course
    of ``bidding.Auction`` (Mittelhand bids to Vorhand, then Hinterhand to who is left;
    nobody having bid, Vorhand may open at 18), walked here with the index of the next bid
    value instead of asking the auction for it after every word: the same words (seeded
    records are unchanged), and tests/rules/test_skat_records.py verifies them by the
    auction's rules."""
    said: list[int | str] = []
    bid = 0
    following = 0  # the index in BID_VALUES of the next value to bid
    listener = VORHAND
    for bidder in (MITTELHAND, HINTERHAND):
        while True:
            value = BID_VALUES[following] if following < _BID_COUNT else 0
            if not value or worth[bidder] < value:
                said.append(PASSE)
                break  # the listener stays in
            said.append(value)
            bid = value
            following += 1
            if worth[listener] < bid:
                said.append(PASSE)
                listener = bidder
                break
            said.append(JA)
    if bid:
        return said, listener, bid
    # Nobody bid: Vorhand (who is left) may declare at 18.
    if worth[listener] >= LOWEST_BID:
        said.append(LOWEST_BID)
        return said, listener, LOWEST_BID
    said.append(PASSE)
    return said, None, 0


def bot_game(rng: Random, settings: Mapping[str, Any], scored: bool = True) -> BotGame:
    """Deal, bid, declare and play one deal (seat 0 Vorhand). ``scored=False`` (``simulate``:
    the record holds no result) leaves ``result`` None: the same draws, the same deal."""
    draw = rng.random
    deck = shuffled(_INDEXES, rng)
    # Three locals, not a list indexed by seat: 30 boxed stores fewer per deal.
    first = second = third = 0
    for position in range(10):
        first |= _BITS[deck[position]]
        second |= _BITS[deck[position + 10]]
        third |= _BITS[deck[position + 20]]
    hands = [first, second, third]
    skat = _BITS[deck[30]] | _BITS[deck[31]]
    wishes = [_wish(draw, hand) for hand in hands]
    worth = [0 if wish is None else _worth(wish, hands[seat]) for seat, wish in enumerate(wishes)]
    bidding, declarer, bid = _auction(worth)
    masks = list(hands)
    discard = 0
    kontra = re = None
    if declarer is None:
        contract = Contract(RAMSCH if settings["ramsch"] else EINGEPASST)
        laid = skat
    else:
        wish = wishes[declarer]  # this deal's own Contract: it becomes the declared game
        assert wish is not None
        wish.declarer = declarer
        contract = wish
        if contract.hand:
            laid = skat
        else:
            twelve = hands[declarer] | skat
            one = nth_index(twelve, int(draw() * 12))
            rest = twelve & ~_BITS[one]
            other = nth_index(rest, int(draw() * 11))
            discard = laid = _BITS[one] | _BITS[other]
            masks[declarer] = twelve & ~laid
        if settings["kontra"] and draw() < KONTRA_CHANCE:
            kontra = (declarer + 1 + int(draw() * 2)) % SEATS
            if draw() < RE_CHANCE:
                re = declarer
    plays: list[int] = []
    if contract.type == EINGEPASST:
        passed = passed_result() if scored else None
        return BotGame(hands, skat, bidding, contract, 0, None, None, plays, passed)
    loses_by = declarer if contract.type == NULL and declarer is not None else -1
    game = Play(tables_of(order_of(contract.type, contract.trump_suit)), masks, 0, loses_by)
    legal = game.legal
    while not game.over:
        card = nth_index(legal, int(draw() * count_of(legal)))
        plays.append(card)
        legal = game.play(card)
    if not scored:
        return BotGame(hands, skat, bidding, contract, discard, kontra, re, plays, None)
    laid_augen = (
        _AUGEN_BY_BYTE[laid & 255]
        + _AUGEN_BY_BYTE[256 | laid >> 8 & 255]
        + _AUGEN_BY_BYTE[512 | laid >> 16 & 255]
        + _AUGEN_BY_BYTE[768 | laid >> 24 & 255]
    )
    if contract.type == RAMSCH:
        result = ramsch_result(game.augen, game.won, laid_augen, game.leader)
    else:
        assert declarer is not None
        matadors = (
            None if contract.type == NULL else matadors_of(hands[declarer] | skat, contract.type)
        )
        result = game_result(
            contract, settings, bid=bid, matadors=matadors, augen=game.augen, tricks=game.won,
            skat_augen=laid_augen, misplay=None, kontra=kontra, re=re,
        )  # fmt: skip
    return BotGame(hands, skat, bidding, contract, discard, kontra, re, plays, result)
