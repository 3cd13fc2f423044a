"""Random legal bots: ``simulate`` writes a record, ``playout`` only returns the scores.

The bots know no rule of play: they deal, then choose among the cards of ``play.Play.legal``
and the colours of ``Play.colours()`` and let the ``Play`` (the round ``State`` plays on
too) take the tricks and keep the collections. Both draw from the RNG in the same order
(deal, number cards, predictions, start seat, then every choice uniformly among the options
in card order, as ``State.legal_plays`` lists them), so one seed gives the same round.
"""

from __future__ import annotations

import random
from typing import Any

from ..core import bot_names, new_record
from ..draws import pick, shuffled
from .cards import CARDS, COLOURS, HAND_SIZE, VALUES
from .play import PER_COLOUR, Play
from .scores import DEFAULT_PROFILE, NAME, PROFILES, round_scores

DEFAULT_PLAYERS = 4
BITS = tuple(1 << card for card in range(len(CARDS)))


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
    game = _play(deck, numbers, players, start)
    plays, picks = [], []
    draw, legal = rng.random, game.legal
    while not game.over:
        if game.picking >= 0:
            colour = pick(rng, game.colours())
            picks.append(COLOURS[colour])
            legal = game.pick(colour)
        else:
            card = _nth_card(legal, int(draw() * legal.bit_count()))
            plays.append(CARDS[card])
            legal = game.play(card)
    return {
        **new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE),
        "hands": hand_codes,
        "start": start,
        "numbers": numbers,
        "predictions": predictions,
        "cupboard_picks": picks,
        "plays": plays,
    }


def playout(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """The same round as ``simulate`` with the same RNG, scores only."""
    players, deck, numbers, predictions, start = deal_round(rng, players, round_number)
    game = _play(deck, numbers, players, start)
    draw, legal = rng.random, game.legal
    while True:
        if legal:  # a card: any of the legal ones, in card order
            for _ in range(int(draw() * legal.bit_count())):
                legal &= legal - 1
            legal = game.play((legal & -legal).bit_length() - 1)
        elif game.picking >= 0:  # no card is due but a pick: any colour the cupboard has
            legal = game.pick(pick(rng, game.colours()))
        else:
            break
    collected = [dict(zip(COLOURS, counts, strict=False)) for counts in game.collected]
    return round_scores(collected, predictions)


def _play(deck: list[int], numbers: dict[str, int], players: int, start: int) -> Play:
    """The round as ``State`` plays it (its ``core``): hands and cupboard from the deck."""
    size = HAND_SIZE[players]
    masks = [
        sum(1 << card for card in deck[seat * size : (seat + 1) * size]) for seat in range(players)
    ]
    cupboard = [0] * len(COLOURS)
    for card in deck[players * size :]:
        cupboard[card // PER_COLOUR] += 1
    return Play.of(numbers, masks, start, cupboard)


def _nth_card(legal: int, index: int) -> int:
    """The ``index``-th card of ``legal`` in card order (0 = the lowest)."""
    for _ in range(index):
        legal &= legal - 1
    return (legal & -legal).bit_length() - 1
