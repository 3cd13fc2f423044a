"""Random legal bots: ``simulate`` writes a record, ``playout`` only plays, fast.

Both draw from the rng in the same order (dealer, golden guesses, deal, bids, then one draw
per card over the legal cards in ascending order), so for one seed ``playout`` returns the
scores of the record ``simulate`` writes: tests/rules/test_schatzsuche_engine.py checks
that the fast loop below and ``State`` agree, under both ``trump_duty`` settings.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from ..core import bot_names, new_record, pick
from .cards import CODES, PLAYERS, POWER, SUIT_CARDS, TRUMPED, cards_in, deal_round
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
from .state import State

# FOLLOWERS[leader]: the two seats that play after the leader, in order.
FOLLOWERS = tuple(tuple((leader + step) % PLAYERS for step in (1, 2)) for leader in range(3))


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
    golden = None
    if golden_card is not None and guesses is not None:  # round 10 has both
        golden = {
            "card": CODES[golden_card],
            "guesses": [{"suit": suit, "rank": rank} for suit, rank in guesses],
        }
    names = bot_names(PLAYERS)
    state = State(
        round_number=round_number,
        dealer=dealer,
        trump_card=CODES[trump],
        bids=bids,
        hands=hand_codes,
        golden=golden,
        settings=settings,
        players=names,
    )
    plays = []
    while not state.is_over:
        card = pick(rng, state.legal_plays())
        state.play(card)
        plays.append(card)
    record = new_record(NAME, names, settings, PROFILES, DEFAULT_PROFILE)
    record.update(dealer=dealer, round=round_number, trump_card=CODES[trump], bids=bids)
    if golden is not None:
        record["golden"] = golden
    record.update(hands=hand_codes, plays=plays)
    return record


def playout(
    rng: random.Random,
    settings: dict[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """``simulate`` without the record: the round's scores, as fast as plain Python goes.

    The duties are ``state.duty`` written out on one-suit bytes of the hand masks, with
    ``cards.SUIT_CARDS`` turning a byte into its cards: calling ``duty`` per card costs 12 %
    of the speed (``make bench``). The winner is kept with ``cards.POWER`` as in ``State``;
    a trick holds a trump once its best power is ``TRUMPED`` or more.
    """
    round_number = _check_options(players, round_number)
    dealer, guesses, hands, trump_card, golden_card, bids = _deal_and_bid(
        rng, settings, round_number
    )
    draw = rng.random
    trump = trump_card >> 3
    trump_shift = 8 * trump
    trump_cards = SUIT_CARDS[trump]
    trump_always = settings["trump_duty"] == "always"
    powers = POWER[trump]
    tricks_won = [0] * PLAYERS
    leader = first_leader(dealer, PLAYERS)
    for _ in range(round_number):
        hand = hands[leader]
        options = cards_in(hand)
        card = options[int(draw() * len(options))]
        hands[leader] = hand ^ 1 << card
        led = card >> 3
        led_shift = 8 * led
        led_cards = SUIT_CARDS[led]
        power = powers[led]
        best, winner = power[card], leader
        for seat in FOLLOWERS[leader]:
            hand = hands[seat]
            if same_suit := hand >> led_shift & 0xFF:
                options = led_cards[same_suit]
            elif (trumps := hand >> trump_shift & 0xFF) and (trump_always or best < TRUMPED):
                options = trump_cards[trumps]
            else:
                options = cards_in(hand)
            card = options[int(draw() * len(options))]
            hands[seat] = hand ^ 1 << card
            if power[card] > best:
                best, winner = power[card], seat
        tricks_won[winner] += 1
        leader = winner
    bonuses = None
    if guesses is not None and golden_card is not None:  # round 10 has both
        bonuses = golden_bonuses(guesses, CODES[golden_card], settings["golden_both"])
    return round_scores(round_number, bids, tricks_won, bonuses)
