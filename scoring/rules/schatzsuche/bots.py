"""Random legal bots: ``simulate`` writes a record, ``playout`` only returns the scores.

The bots know no rule of play: they deal, bid, and then choose among the cards of
``play.Play.legal`` (the duties) and let the ``Play`` take the tricks, the same ``Play``
that ``State`` plays on. Both draw from the rng in the same order (dealer, golden guesses,
deal, bids, then one draw per card over the legal cards in ascending order), so for one
seed ``playout`` returns the scores of the record ``simulate`` writes
(tests/rules/test_schatzsuche_engine.py checks it under both ``trump_duty`` settings).
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core import bot_names, new_record
from ..draws import pick
from .cards import CODES, PLAYERS, cards_in, deal_round
from .play import Play
from .scores import (
    DEFAULT_PROFILE,
    NAME,
    PROFILES,
    RANKS,
    ROUNDS,
    SUITS,
    bid_order,
    first_leader,
    golden_bonuses,
    round_scores,
)


def _check_options(players: int | None, round_number: int | None) -> int:
    if players not in (None, PLAYERS):
        raise ValueError(f"Schatzsuche is played by {PLAYERS} players, not {players}")
    if round_number is None:
        return ROUNDS
    if not 1 <= round_number <= ROUNDS:
        raise ValueError(f"the round must be 1..{ROUNDS}, not {round_number}")
    return round_number


def _deal_and_bid(
    rng: random.Random, settings: Mapping[str, Any], round_number: int
) -> tuple[int, list[tuple[str, str]] | None, list[int], int, int | None, list[int]]:
    """A random dealer, golden guesses (round 10, announced before the deal), the deal, and
    random bids in bidding order; the dealer, bidding last, avoids a forbidden sum."""
    # ``pick`` written out (one draw scaled to the choices): the same draws, a tenth faster.
    draw = rng.random
    dealer = int(draw() * PLAYERS)
    guesses = None
    if round_number == ROUNDS:
        guesses = [
            (SUITS[int(draw() * len(SUITS))], RANKS[int(draw() * len(RANKS))])
            for _ in range(PLAYERS)
        ]
    hands, trump_card, golden_card = deal_round(rng, round_number, dealer)
    bids = [0] * PLAYERS
    for seat in bid_order(dealer, PLAYERS):
        if seat == dealer and settings["bid_sum_not_round"]:
            forbidden = round_number - sum(bids)
            bids[seat] = pick(rng, [bid for bid in range(round_number + 1) if bid != forbidden])
        else:
            bids[seat] = int(draw() * (round_number + 1))
    return dealer, guesses, hands, trump_card, golden_card, bids


def simulate(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """One seeded round (default round 10) played by random legal bots, as a record."""
    round_number = _check_options(players, round_number)
    dealer, guesses, hands, trump, golden_card, bids = _deal_and_bid(rng, settings, round_number)
    hand_codes = [[CODES[card] for card in cards_in(hand)] for hand in hands]
    game = _play(hands, trump, round_number, dealer, settings)
    plays = []
    draw, legal = rng.random, cards_in(game.legal)
    while legal:
        card = legal[int(draw() * len(legal))]
        plays.append(CODES[card])
        legal = game.play(card)
    names = bot_names(PLAYERS)
    record = new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE)
    record.update(dealer=dealer, round=round_number, trump_card=CODES[trump], bids=bids)
    if golden_card is not None and guesses is not None:  # round 10 has both
        record["golden"] = {
            "card": CODES[golden_card],
            "guesses": [{"suit": suit, "rank": rank} for suit, rank in guesses],
        }
    record.update(hands=hand_codes, plays=plays)
    return record


def playout(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """``simulate`` without the record: the round's scores, on the same ``Play``.

    The bot only chooses: one draw per card over the legal cards ``Play.play`` returns,
    in ascending order, as ``simulate`` and ``State.legal_plays`` list them.
    """
    round_number = _check_options(players, round_number)
    dealer, guesses, hands, trump_card, golden_card, bids = _deal_and_bid(
        rng, settings, round_number
    )
    game = _play(hands, trump_card, round_number, dealer, settings)
    draw, legal = rng.random, cards_in(game.legal)
    while legal:
        legal = game.play(legal[int(draw() * len(legal))])
    bonuses = None
    if guesses is not None and golden_card is not None:  # round 10 has both
        bonuses = golden_bonuses(guesses, CODES[golden_card], settings["golden_both"])
    return round_scores(round_number, bids, game.won, bonuses)


def _play(
    hands: list[int], trump_card: int, round_number: int, dealer: int, settings: Mapping[str, Any]
) -> Play:
    """The round as ``State`` plays it (its ``core``), on a copy of the dealt hands."""
    trump_always = settings["trump_duty"] == "always"
    return Play(list(hands), trump_card >> 3, round_number, first_leader(dealer), trump_always)
