"""Seeded hands played by a random legal bot: ``simulate`` writes a record, ``playout`` only
returns the scores, as fast as readable Python allows (``make bench``).

Both deal with ``deal_hand`` and make the same random choices in the same order (a uniform
choice among ``State.legal_plays()``: bonus uses first, then cards, both in deck order; one
``rng.random()`` per choice, as ``core.pick`` draws), so the same seed gives the same hand
and the same scores in both — a test holds them to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from ..core import bot_names, new_record, pick, shuffled
from .deck import CODE_INDEX, FIVES, FLIP, PEARL, TRUMP_CHANGE, Deck, as_deck
from .profiles import DEFAULT_PROFILE, PROFILES
from .scores import HAND_SIZE, NAME, TRICKS, draw_pile_size, hand_points
from .state import State
from .tricks import HIGH, LOW, flipped, premium_points, trick_winner


@dataclass(frozen=True)
class Deal:
    hands: list[list[str]]
    trump: str
    marker: int
    start: int


def draw_trump(rng: random.Random, cards: tuple[str, ...]) -> tuple[str, int]:
    """Trump family and marker from a random card: 1–4 → marker 1, 6–9 → 9, a 5 → again."""
    while True:
        code = pick(rng, cards)
        if code not in FIVES:
            return code[0], LOW if int(code[1:]) < 5 else HIGH


def deal_hand(
    rng: random.Random,
    deck: Deck,
    players: int,
    settings: Mapping[str, Any],
    round_number: int | None = None,
) -> Deal:
    """Trump draw, 9 cards each (the rest is the draw pile) and the first leader: the
    players' choice (random) for the first hand or with ``first_leader: choose``, else
    rotating one seat per hand (``round_number`` is the hand's number, 1-based)."""
    cards = deck.codes(players)
    trump, marker = draw_trump(rng, cards)
    shuffled_cards = shuffled(cards, rng)
    hands = [shuffled_cards[seat * HAND_SIZE : (seat + 1) * HAND_SIZE] for seat in range(players)]
    if round_number is not None and settings.get("first_leader", "rotate") == "rotate":
        start = (round_number - 1) % players
    else:
        start = int(rng.random() * players)
    return Deal(hands, trump, marker, start)


def _players(players: int | None) -> int:
    players = 3 if players is None else players
    if players not in (2, 3, 4):
        raise ValueError("Stichwahl is played by 2, 3 or 4 players")
    return players


def simulate(
    rng: random.Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
    deck: Deck | Mapping[str, Any] | None = None,
) -> dict[str, Any]:
    """One seeded hand played out by the random legal bot, as a `record/1` dict."""
    deck, players = as_deck(deck), _players(players)
    dealt = deal_hand(rng, deck, players, settings, round_number)
    names = bot_names(players)
    state = State(deck, dealt.trump, dealt.marker, dealt.start, dealt.hands, names=names)
    first_bonus, events = [], []
    while not state.is_over:
        action = pick(rng, state.legal_plays())
        state.play(action)
        if "first_bonus" in action:
            first_bonus.append(action["first_bonus"])
        else:
            events.append(action)
    record = new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE)
    record |= {
        "hands": dealt.hands,
        "deck": deck.ref,
        "trump": {"family": dealt.trump, "marker": dealt.marker},
        "first_bonus": first_bonus,
        "start": dealt.start,
        "events": events,
    }
    return record


@dataclass(frozen=True)
class _Tables:
    """Per card index (deck order): what the playout needs, without dict lookups by code."""

    family_value: tuple[tuple[str | None, int], ...]
    family: tuple[str | None, ...]
    pearls: tuple[int, ...]
    bonus_uses: tuple[tuple[tuple[int, str | None], ...], ...]  # (card, family or None=flip)
    family_mask: dict[str, int]
    five_mask: int
    pearl_mask: int


@lru_cache(maxsize=8)
def _tables(deck: Deck) -> _Tables:
    cards = list(deck.cards.values())
    bonus_uses: list[tuple[tuple[int, str | None], ...]] = []
    for index, card in enumerate(cards):
        if card.bonus == TRUMP_CHANGE:
            bonus_uses.append(tuple((index, family) for family in card.families))
        else:
            bonus_uses.append(((index, None),) if card.bonus == FLIP else ())
    family_mask: dict[str, int] = {}
    for index, card in enumerate(cards):
        if card.family is not None:
            family_mask[card.family] = family_mask.get(card.family, 0) | 1 << index
    return _Tables(
        family_value=tuple((card.family, card.value) for card in cards),
        family=tuple(card.family for card in cards),
        pearls=tuple(card.pearls for card in cards),
        bonus_uses=tuple(bonus_uses),
        family_mask=family_mask,
        five_mask=sum(1 << index for index, card in enumerate(cards) if card.is_five),
        pearl_mask=sum(1 << index for index, card in enumerate(cards) if card.bonus == PEARL),
    )


def _nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (0-based, from the lowest)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def playout(
    rng: random.Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
    deck: Deck | Mapping[str, Any] | None = None,
) -> list[int]:
    """The scores of the hand ``simulate`` would play with the same rng (bitmask hands)."""
    deck, players = as_deck(deck), _players(players)
    tables = _tables(deck)
    family_value, family_of, pearls = tables.family_value, tables.family, tables.pearls
    bonus_uses, family_mask = tables.bonus_uses, tables.family_mask
    five_mask, pearl_mask = tables.five_mask, tables.pearl_mask
    dealt = deal_hand(rng, deck, players, settings, round_number)
    draw = rng.random  # one draw per choice, as core.pick: the same choices as simulate's bot
    trump, marker = dealt.trump, dealt.marker
    hands = [sum(1 << CODE_INDEX[code] for code in hand) for hand in dealt.hands]
    bonus, piles = [0] * players, [0] * players
    draw_pile = draw_pile_size(players)

    for seat in range(players):
        bit = 1 << _nth_bit(hands[seat], int(draw() * HAND_SIZE))
        hands[seat] ^= bit
        if bit & pearl_mask:
            piles[seat] += 1
        else:
            bonus[seat] |= bit

    leader = dealt.start
    for trick_number in range(1, TRICKS + 1):
        trick: list[int] = []
        led = None
        for offset in range(players):
            seat = (leader + offset) % players
            hand = hands[seat]
            legal = hand
            if led is not None and hand & family_mask[led]:
                legal = hand & (family_mask[led] | five_mask)
            while True:
                uses: list[tuple[int, str | None]] = []
                mask = bonus[seat]
                while mask:
                    low = mask & -mask
                    mask ^= low
                    uses += bonus_uses[low.bit_length() - 1]
                choice = int(draw() * (len(uses) + legal.bit_count()))
                if choice >= len(uses):
                    break
                card, family = uses[choice]
                bonus[seat] ^= 1 << card
                if family is None:
                    marker = flipped(marker)
                else:
                    trump = family
            card = _nth_bit(legal, choice - len(uses))
            hands[seat] = hand ^ (1 << card)
            trick.append(card)
            if led is None:
                led = family_of[card]

        position = trick_winner([family_value[card] for card in trick], trump, marker)
        winner = (leader + position) % players
        choice = int(draw() * (players - 1))
        chosen = choice if choice < position else choice + 1
        premium = trick[chosen]
        from_trick, drawn = premium_points(pearls[premium], players, draw_pile)
        piles[winner] += from_trick + drawn
        draw_pile -= drawn
        bit = 1 << premium
        if not bit & five_mask:
            owner = (leader + chosen) % players
            if bit & pearl_mask:
                piles[owner] += 1
            else:
                bonus[owner] |= bit
        next_leader = winner
        if trick_number < TRICKS:
            for index, card in enumerate(trick):
                if (
                    index != chosen
                    and (1 << card) & five_mask
                    and (leader + index) % players != winner
                ):
                    next_leader = int(draw() * players)
                    break
        leader = next_leader
    return [hand_points(pile, mask.bit_count()) for pile, mask in zip(piles, bonus, strict=True)]
