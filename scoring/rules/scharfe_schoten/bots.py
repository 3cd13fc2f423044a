"""Random legal bots: ``simulate`` writes a record, ``playout`` only returns the scores.

Both draw from the RNG in the same order (deal, number cards, predictions, start seat, then
every choice uniformly among the options in card order), so one seed gives the same round:
the fast playout is checked against the State by comparing the two.
"""

from __future__ import annotations

import random
from functools import lru_cache
from typing import Any

from ..core import bot_names, new_record, pick, shuffled
from .cards import CARDS, COLOURS, CUPBOARD_SIZE, HAND_SIZE, VALUES, card_strengths
from .scores import DEFAULT_PROFILE, NAME, PROFILES, round_scores
from .state import State

DEFAULT_PLAYERS = 4
PER_COLOUR = len(VALUES)


def deal_round(
    rng: random.Random, players: int | None = None, round_number: int | None = None
) -> tuple[int, list[int], dict[str, int], list[dict[str, str]], int]:
    """The shuffled deck (card indexes; seat by seat, then the cupboard), number cards,
    predictions and the start seat."""
    players = players or DEFAULT_PLAYERS
    if players not in HAND_SIZE:
        raise ValueError("Scharfe Schoten is played by 3 or 4 players")
    deck = shuffled(range(len(CARDS)), rng)
    numbers = dict(zip(COLOURS, rng.sample(VALUES, len(COLOURS)), strict=True))
    predictions = []
    for _ in range(players):
        most = pick(rng, COLOURS)
        fewest = pick(rng, [colour for colour in COLOURS if colour != most])
        predictions.append({"most": most, "fewest": fewest})
    if round_number is None:
        start = int(rng.random() * players)
    elif 1 <= round_number <= players:
        start = round_number - 1  # the first start player is seat 0; it moves left each round
    else:
        raise ValueError(f"a game of {players} players has rounds 1 to {players}")
    return players, deck, numbers, predictions, start


def dealt_hands(deck: list[int], players: int) -> list[list[str]]:
    """The hands of a shuffled deck as card codes, each in card order."""
    size = HAND_SIZE[players]
    return [
        [CARDS[card] for card in sorted(deck[seat * size : (seat + 1) * size])]
        for seat in range(players)
    ]


def simulate(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """One seeded round played by random legal bots, as a `record/1` dict."""
    players, deck, numbers, predictions, start = deal_round(rng, players, round_number)
    names = bot_names(players)
    hand_codes = dealt_hands(deck, players)
    state = State(hand_codes, numbers, start, predictions, names=names)
    while not state.is_over:
        state.play(pick(rng, state.legal_plays()))
    return {
        **new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE),
        "hands": hand_codes,
        "start": start,
        "numbers": numbers,
        "predictions": predictions,
        "cupboard_picks": state.picks,
        "plays": [card for trick in state.tricks for card in trick["cards"]],
    }


@lru_cache(maxsize=4096)
def _strength_table(number_per_colour: tuple[int, ...]) -> tuple[int, ...]:
    strengths = card_strengths(dict(zip(COLOURS, number_per_colour, strict=True)))
    return tuple(strengths[card] for card in CARDS)


def playout(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """The same round as ``simulate`` with the same RNG, scores only.

    A hand is four ascending lists of card indexes, one per colour, so following is one
    ``pop`` from the led colour's list, and the k-th card of the whole hand (the same order
    as ``State.legal_cards``) is found by walking at most four lists. Trick winners come
    from a strength table per set of number cards.
    """
    players, deck, numbers, predictions, start = deal_round(rng, players, round_number)
    tricks = HAND_SIZE[players]
    hands: list[list[list[int]]] = [[[] for _ in COLOURS] for _ in range(players)]  # [seat][colour]
    for position, card in enumerate(deck[: players * tricks]):
        hands[position // tricks][card // PER_COLOUR].append(card)
    for hand in hands:
        for cards in hand:
            cards.sort()
    cupboard = [0] * len(COLOURS)
    for card in deck[players * tricks :]:
        cupboard[card // PER_COLOUR] += 1
    strength = _strength_table(tuple(numbers[colour] for colour in COLOURS))
    collected = [[0] * len(COLOURS) for _ in range(players)]
    picks_left = CUPBOARD_SIZE[players]
    random_fraction = rng.random
    leader = start
    for cards_in_hand in range(tricks, 0, -1):
        seat, led, best, winner = leader, None, -1, leader
        trick_colours = []
        for _ in range(players):
            hand = hands[seat]
            following: list[int] | None = hand[led] if led is not None else None
            if following:
                card = following.pop(int(random_fraction() * len(following)))
            else:  # leading, or void in the led colour: any card of the hand
                index = int(random_fraction() * cards_in_hand)
                for cards in hand:
                    if index < len(cards):
                        card = cards.pop(index)
                        break
                    index -= len(cards)
            colour = card // PER_COLOUR
            if led is None:
                led = colour
            if strength[card] > best:
                best, winner = strength[card], seat
            trick_colours.append(colour)
            seat = seat + 1 if seat + 1 < players else 0
        counts = collected[winner]
        for colour in trick_colours:
            counts[colour] += 1
        if picks_left:
            colour = pick(rng, [c for c in range(len(COLOURS)) if cupboard[c]])
            cupboard[colour] -= 1
            counts[colour] += 1
            picks_left -= 1
        leader = winner
    return round_scores(
        [dict(zip(COLOURS, counts, strict=True)) for counts in collected], predictions
    )
