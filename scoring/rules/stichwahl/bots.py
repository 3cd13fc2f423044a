"""Seeded hands played by a random legal bot: ``simulate`` writes a record, ``playout`` only
returns the scores.

The bot knows no rule of play: it deals, then chooses among the actions a ``play.Play``
offers (the hand ``State`` plays on too) and lets the ``Play`` do what they bring. Both deal
with ``deal_hand`` and make the same random choices in the same order (a uniform choice
among ``State.legal_plays()``: bonus uses first, then cards, both in deck order; one
``rng.random()`` per choice, as ``core.pick`` draws), so the same seed gives the same hand
and the same scores in both — a test holds them to it.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from ..core import bot_names, new_record
from ..draws import pick, shuffled
from .deck import ALL_CODES, CODE_INDEX, FIVES, Deck, as_deck
from .play import FIRST_BONUS, LEADER, PREMIUM, TURN, Play
from .profiles import DEFAULT_PROFILE, PROFILES
from .scores import HAND_SIZE, NAME, hand_points
from .tricks import HIGH, LOW


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
    first_bonus: list[str] = []
    events: list[dict[str, Any]] = []
    _bot(rng, _play(deck, dealt), first_bonus, events)
    record = new_record(NAME, bot_names(players), settings, PROFILES, DEFAULT_PROFILE)
    record |= {
        "hands": dealt.hands,
        "deck": deck.ref,
        "trump": {"family": dealt.trump, "marker": dealt.marker},
        "first_bonus": first_bonus,
        "start": dealt.start,
        "events": events,
    }
    return record


def playout(
    rng: random.Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
    deck: Deck | Mapping[str, Any] | None = None,
) -> list[int]:
    """The scores of the hand ``simulate`` would play with the same rng."""
    deck, players = as_deck(deck), _players(players)
    game = _play(deck, deal_hand(rng, deck, players, settings, round_number))
    _bot(rng, game)
    return [
        hand_points(pile, len(cards)) for pile, cards in zip(game.piles, game.bonus, strict=True)
    ]


def _play(deck: Deck, dealt: Deal) -> Play:
    """The hand as ``State`` plays it (its ``core``)."""
    masks = [sum(1 << CODE_INDEX[code] for code in hand) for hand in dealt.hands]
    return Play.of(deck, masks, dealt.trump, dealt.marker, dealt.start)


def _bot(
    rng: random.Random,
    game: Play,
    first_bonus: list[str] | None = None,
    events: list[dict[str, Any]] | None = None,
) -> None:
    """Play ``game`` to its end, every choice uniform among the actions ``game`` offers (one
    ``rng.random()`` each, as ``core.pick`` draws, in the order of ``State.legal_plays``:
    bonus uses, then cards, both in deck order); note them in ``first_bonus`` and
    ``events`` when given."""
    draw = rng.random
    players = game.players
    while game.phase == FIRST_BONUS:
        card = _nth_bit(game.masks[game.actor], int(draw() * HAND_SIZE))
        if first_bonus is not None:
            first_bonus.append(ALL_CODES[card])
        game.lay_out(card)
    while True:
        phase = game.phase
        if phase == TURN:
            uses = game.uses()
            legal = game.legal
            choice = int(draw() * (len(uses) + legal.bit_count()))
            if choice < len(uses):
                card, family = uses[choice]
                if events is not None:
                    use = {"bonus": ALL_CODES[card]}
                    if family is not None:
                        use["family"] = family
                    events.append(use)
                game.use(card, family)
                continue
            for _ in range(choice - len(uses)):  # the chosen card: drop the lower ones
                legal &= legal - 1
            card = (legal & -legal).bit_length() - 1
            if events is not None:
                events.append({"play": ALL_CODES[card]})
            game.play(card)
        elif phase == PREMIUM:
            position = game.premium_positions()[int(draw() * (players - 1))]
            if events is not None:
                events.append({"premium": ALL_CODES[game.trick[position]]})
            game.premium(position)
        elif phase == LEADER:
            seat = int(draw() * players)
            if events is not None:
                events.append({"leader": seat})
            game.name_leader(seat)
        else:
            return


def _nth_bit(mask: int, n: int) -> int:
    """The index of the n-th set bit (0-based, from the lowest)."""
    for _ in range(n):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1
