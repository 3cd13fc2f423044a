"""Random legal bots on bitmask hands: the fast path behind ``simulate`` and ``playout``.

A hand is an int with bit ``INDEX[card]`` set per card held. Per contract the trick rules of
``cards.Trumps`` are turned into tuples indexed by card (``_Tables``), so a play costs a few
integer operations. The bots announce, double and play at random among the legal choices;
every game they play is scored with the same pure functions as a verified record
(``tariff.settle``), and ``simulate`` turns it into a record that the readable ``State``
checks card by card (tests/rules/test_schafkopf_properties.py).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from random import Random
from typing import Any

from ..core import pick, shuffled
from .cards import AUGEN, BIT, DECK, SUITS, TRUMP, sau
from .contracts import (
    CALLABLE_SUITS,
    RAMSCH,
    RUFSPIEL,
    SIE,
    SOLO,
    SOLO_TOUT,
    WENZ,
    WENZ_TOUT,
    Contract,
    after_all_passed,
    can_call,
    can_solo,
    is_sie,
    laufende_run,
    resolve_announcements,
)
from .tariff import counted_laufende, outcome_from_augen, settle, settle_ramsch

EFFECTIVE_SUITS = (*SUITS, TRUMP)  # index 4 is trump
CARD_AUGEN = tuple(AUGEN[card] for card in DECK)
CARD_BITS = tuple(BIT[card] for card in DECK)
# How a bot announces: it passes with PASS_CHANCE, else it wishes for a contract valid for its
# hand with these weights; mostly Rufspiel, so that every contract, thrown-in deals and Ramsch
# all occur in a few hundred games.
PASS_CHANCE = 0.5
WISH_WEIGHTS = ((RUFSPIEL, 20), (SOLO, 4), (WENZ, 2), (SOLO_TOUT, 1), (WENZ_TOUT, 1), (SIE, 1000))
STOSS_CHANCE, RETOUR_CHANCE, KLOPFEN_CHANCE = 1 / 8, 1 / 3, 1 / 8


@dataclass(frozen=True, slots=True)
class _Tables:
    suit_of: tuple[int, ...]  # card index -> effective suit index (4 = trump)
    suit_mask: tuple[int, ...]  # effective suit index -> mask of its cards
    key: tuple[tuple[int, ...], ...]  # led suit index -> card index -> strength in the trick
    order_bits: tuple[int, ...]  # trumps high to low


_TABLES: dict[tuple[str, str | None], _Tables] = {}


def tables(contract: Contract) -> _Tables:
    cache_key = (contract.type, contract.suit)
    found = _TABLES.get(cache_key)
    if found is None:
        trumps = contract.trumps
        suit_of = tuple(EFFECTIVE_SUITS.index(trumps.suit_of[card]) for card in DECK)
        suit_mask = tuple(
            sum(BIT[card] for index, card in enumerate(DECK) if suit_of[index] == suit)
            for suit in range(len(EFFECTIVE_SUITS))
        )
        key = tuple(tuple(trumps.key(card, led) for card in DECK) for led in EFFECTIVE_SUITS)
        found = _TABLES[cache_key] = _Tables(
            suit_of, suit_mask, key, tuple(BIT[c] for c in trumps.order)
        )
    return found


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


# An announcement: (type, suit, called).
Wish = tuple[str, str | None, str | None]


def wish(rng: Random, hand: int, settings: Mapping[str, Any], may_pass: bool = True) -> Wish | None:
    """A random announcement valid for ``hand``: (type, suit, called), or None to pass."""
    rand = rng.random
    if may_pass and rand() < PASS_CHANCE:
        return None
    solos: list[str | None] = [suit for suit in SUITS if can_solo(hand, suit, settings)]
    variants: dict[str, list[str | None]] = {
        RUFSPIEL: [suit for suit in CALLABLE_SUITS if can_call(hand, suit)],
        SOLO: solos,
        SOLO_TOUT: solos,
        WENZ: [None],
        WENZ_TOUT: [None],
        SIE: [None] if is_sie(hand) else [],
    }
    kind = _weighted(rng, [(kind, weight) for kind, weight in WISH_WEIGHTS if variants[kind]])
    variant = pick(rng, variants[kind])
    return (kind, variant, None) if kind != RUFSPIEL else (kind, None, variant)


def _weighted(rng: Random, options: list[tuple[Any, int]]) -> Any:
    """One of ``options`` (pairs of choice and weight), drawn by weight."""
    draw = rng.random() * sum(weight for _, weight in options)
    for choice, weight in options:
        draw -= weight
        if draw < 0:
            return choice
    return options[-1][0]


def bot_game(rng: Random, settings: Mapping[str, Any], leader: int) -> BotGame | None:
    """Deal and play one game; None when everybody passed and the deal is thrown in."""
    rand = rng.random
    cards = shuffled(CARD_BITS, rng)
    hands = [sum(cards[start : start + 8]) for start in range(0, 32, 8)]
    order = [(leader + step) % 4 for step in range(4)]
    klopfen = []
    if settings["allow_klopfen"]:
        klopfen = [seat for seat in order if rand() < KLOPFEN_CHANCE]
    wishes: list[Wish | None] = [None] * 4
    for seat in order:
        wishes[seat] = wish(rng, hands[seat], settings)
    declarer = resolve_announcements(leader, [w and w[0] for w in wishes])
    if declarer is None:
        action = after_all_passed(
            settings, (leader - 1) % 4, 4, [[c for c in DECK if h & BIT[c]] for h in hands]
        )
        if action["action"] == "redeal":
            return None
        if action["action"] == "forced":
            declarer = action["seat"]
            wishes[declarer] = wish(rng, hands[declarer], settings, may_pass=False)
    if declarer is None:
        contract = Contract(RAMSCH)
    else:
        wished = wishes[declarer]
        if wished is None:  # the declarer announced, or was forced to
            raise ValueError("a declarer without a contract")
        kind, suit, called = wished
        contract = Contract(kind, declarer, suit, called)
    partner = -1
    if contract.called:
        partner = next(seat for seat in range(4) if hands[seat] & BIT[sau(contract.called)])
    party = [] if declarer is None else [declarer] + ([partner] if partner >= 0 else [])
    stoss = retour = None
    if party and settings["allow_stoss"] and rand() < STOSS_CHANCE:
        opponents = [seat for seat in range(4) if seat not in party]
        stoss = pick(rng, opponents)
        if settings["allow_retour"] and rand() < RETOUR_CHANCE:
            retour = pick(rng, party)
    plays: list[int] = []
    augen, tricks = [0] * 4, [0] * 4
    if contract.type != SIE:
        _play(rand, list(hands), leader, tables(contract), contract, partner, plays, augen, tricks)
    game = BotGame(hands, leader, contract, plays, stoss, retour, klopfen, None, [])
    game.scores = _score(game, settings, party, augen, tricks, rand)
    return game


def _play(
    rand: Callable[[], float],
    hands: list[int],
    leader: int,
    tab: _Tables,
    contract: Contract,
    partner: int,
    plays: list[int],
    augen: list[int],
    tricks: list[int],
) -> None:
    """Play all 8 tricks at random among the legal cards (called-Sau duties included)."""
    # One function with local names only: this loop is most of the playout's time.
    suit_of, suit_mask, keys, card_augen = tab.suit_of, tab.suit_mask, tab.key, CARD_AUGEN
    append = plays.append
    called_suit = contract.called
    called_open = called_suit is not None  # the called suit has not yet been led
    called = EFFECTIVE_SUITS.index(called_suit) if called_suit is not None else -1
    called_mask = suit_mask[called] if called_open else 0
    sau_bit = BIT[sau(called_suit)] if called_suit is not None else 0
    key: tuple[int, ...] = ()
    follow = 0
    must_sau = False  # the called suit is led for the first time, by someone else
    best = winner = points = 0
    for trick in range(8):
        seat = leader
        for position in range(4):
            hand = legal = hands[seat]
            if position == 0:
                if (
                    called_open
                    and seat == partner
                    and hand & sau_bit
                    and (hand & called_mask).bit_count() < 4
                ):
                    legal = hand & ~called_mask | sau_bit  # lead the Sau, no other card of its suit
            elif must_sau and seat == partner:
                legal = sau_bit
            else:
                legal = hand & follow or hand
                if called_open and seat == partner and trick < 7:
                    legal &= ~sau_bit  # no discarding the called Sau before the last trick
            count = legal.bit_count()
            if count > 1:  # drop a random number of the lowest cards, take the next one
                for _ in range(int(rand() * count)):
                    legal &= legal - 1
            bit = legal & -legal
            hands[seat] = hand ^ bit
            card = bit.bit_length() - 1
            append(card)
            if position == 0:
                led = suit_of[card]
                must_sau = called_open and led == called and seat != partner
                if led == called:
                    called_open = False
                key, follow = keys[led], suit_mask[led]
                best, winner, points = key[card], seat, card_augen[card]
            else:
                points += card_augen[card]
                if key[card] > best:
                    best, winner = key[card], seat
            seat = (seat + 1) & 3
        augen[winner] += points
        tricks[winner] += 1
        leader = winner


def _score(
    game: BotGame,
    settings: Mapping[str, Any],
    party: list[int],
    augen: list[int],
    tricks: list[int],
    rand: Callable[[], float],
) -> list[int]:
    contract = game.contract
    if contract.type == RAMSCH:
        jungfrauen = [seat for seat in range(4) if tricks[seat] == 0]
        return settle_ramsch(settings, augen, jungfrauen, klopfen=len(game.klopfen))
    if contract.type == SIE:
        won, schneider, schwarz = True, False, False
    else:
        outcome = outcome_from_augen(
            sum(augen[s] for s in party), sum(tricks[s] for s in party), contract.type
        )
        won, schneider, schwarz = outcome.won, outcome.schneider, outcome.schwarz
        if settings["schwarz_must_be_claimed"] and schwarz:
            game.schwarz_claimed = rand() < 0.5
            schwarz = game.schwarz_claimed
    party_mask = sum(game.hands[seat] for seat in party)
    run = laufende_run(bool(bit & party_mask) for bit in tables(contract).order_bits)
    return settle(
        settings,
        contract.type,
        party[0],  # the declarer
        party[1] if len(party) == 2 else None,
        won=won,
        schneider=schneider,
        schwarz=schwarz,
        laufende=counted_laufende(settings, contract.type, run),
        stoss=game.stoss is not None,
        retour=game.retour is not None,
        klopfen=len(game.klopfen),
        suit=contract.suit,
    )
