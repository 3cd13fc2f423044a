"""Seeded, deterministic draws: every deal and every bot's choice comes from a private
``random.Random`` through these few functions, so a seed always gives the same games.

Compiled with the engine's hot modules (``compiled``): the draws are a third of a playout.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Sequence


def make_rng(seed: int | str | None) -> random.Random:
    """A private RNG: the same seed always gives the same deals, whatever else runs."""
    return random.Random(seed)


def deal(
    deck: Sequence[str], hand_sizes: Iterable[int], rng: random.Random
) -> tuple[list[list[str]], list[str]]:
    """Shuffle ``deck`` with ``rng`` and cut it into hands; returns (hands, rest)."""
    cards = list(deck)
    rng.shuffle(cards)
    hands: list[list[str]] = []
    start = 0
    for size in hand_sizes:
        hands.append(cards[start : start + size])
        start += size
    return hands, cards[start:]


def pick[T](rng: random.Random, options: Sequence[T]) -> T:
    """A uniform choice that costs one ``rng.random()`` call (``rng.choice`` costs about three
    times as much); the bias of scaling a 53-bit float is far below anything measurable."""
    return pick_by(rng.random, options)


def pick_by[T](draw: Callable[[], float], options: Sequence[T]) -> T:
    """``pick`` with the rng's ``random`` method at hand (``draw = rng.random``): a caller
    that draws many times looks the method up once."""
    return options[int(draw() * len(options))]


def shuffled[T](items: Iterable[T], rng: random.Random) -> list[T]:
    """A Fisher–Yates shuffle drawing with ``rng.random()``: half the time of ``rng.shuffle``
    (which draws bit by bit), and just as deterministic for a given seed."""
    cards = list(items)
    draw = rng.random
    for last in range(len(cards) - 1, 0, -1):
        other = int(draw() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]
    return cards
