"""Skat's one rulebook of play, on bit masks: the duty to follow, the trick winner, a deal
(docs/rules/skat.md, "Trumps and play").

Per trump order (``Tables``, one for each suit game, Grand (also Ramsch: the Buben only are
trump) and Null) each card has an effective suit (a Bube is trump, not its suit; Null has no
trump), each suit a mask and each card a strength in a trick by the led suit. ``duty``
answers ``(rule, allowed)``; ``Play`` is a deal in play that the bots, ``State`` and the
analysis all use. A card is its index in ``cards.DECK``; ``NO_CARD`` (32) stands for a code
that is no card.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from .cards import CARD_AUGEN, DECK, JACKS, SEATS, SUITS, TRICKS

NO_CARD: Final = len(DECK)
ALL_CARDS: Final = (1 << len(DECK)) - 1
TRUMP_SUIT: Final = len(SUITS)  # the effective suit of every trump
NONE: Final = TRUMP_SUIT + 1  # the led "suit" of a trick whose first code is no card
EFFECTIVE_SUITS: Final = (*SUITS, "T")
NEXT_SEAT: Final = (1, 2, 0)
CARD_POINTS: Final = (*CARD_AUGEN, 0)
FOLLOW_SUIT: Final = "follow_suit"
ANY_CARD: Final[tuple[str | None, int]] = (None, ALL_CARDS)
CLEAR: Final = tuple(~(1 << card) for card in range(NO_CARD + 1))
# Trump orders: a suit letter (suit game), GRAND_ORDER (Grand and Ramsch), NULL_ORDER.
GRAND_ORDER: Final = "grand"
NULL_ORDER: Final = "null"
PLAIN_RANKS: Final = ("A", "10", "K", "Q", "9", "8", "7")
NULL_RANKS: Final = ("A", "K", "Q", "J", "10", "9", "8", "7")


@dataclass(frozen=True, slots=True)
class Tables:
    """How one trump order's cards take tricks, indexed by card (NO_CARD last)."""

    order: str
    suit_of: tuple[int, ...]  # card -> effective suit (TRUMP_SUIT; NONE for NO_CARD)
    suit_mask: tuple[int, ...]  # effective suit -> its cards (NONE: none)
    key: tuple[tuple[int, ...], ...]  # led suit -> card -> strength, -1 never wins
    follow: tuple[tuple[str | None, int], ...]  # led suit -> (FOLLOW_SUIT, its cards)
    trumps: tuple[int, ...]  # the trumps high to low, as card indexes


def _strengths(order: str) -> tuple[list[int], list[int], list[int]]:
    """Per card its effective suit and strength, and the trumps high to low."""
    suit_of = [0] * len(DECK)
    strength = [0] * len(DECK)
    trumps: list[int] = []
    ranks = NULL_RANKS if order == NULL_ORDER else PLAIN_RANKS
    for index, card in enumerate(DECK):
        suit, rank = card[0], card[1:]
        if order != NULL_ORDER and rank == "J":
            suit_of[index] = TRUMP_SUIT
            strength[index] = 30 - JACKS.index(card)
        elif suit == order:
            suit_of[index] = TRUMP_SUIT
            strength[index] = 20 - ranks.index(rank)
        else:
            suit_of[index] = SUITS.index(suit)
            strength[index] = 10 - ranks.index(rank)
    if order != NULL_ORDER:
        trumps = sorted(
            (i for i in range(len(DECK)) if suit_of[i] == TRUMP_SUIT), key=lambda i: -strength[i]
        )
    return suit_of, strength, trumps


_TABLES: Final[dict[str, Tables]] = {}


def tables_of(order: str) -> Tables:
    """The tables of a trump order (a suit letter, ``"grand"`` or ``"null"``), cached."""
    found = _TABLES.get(order)
    if found is None:
        suit_of, strength, trumps = _strengths(order)
        suit_mask = tuple(
            [
                sum(1 << card for card in range(len(DECK)) if suit_of[card] == suit)
                for suit in range(NONE + 1)
            ]
        )
        key = tuple(
            [
                (
                    *(
                        100 + strength[card]
                        if suit_of[card] == TRUMP_SUIT
                        else strength[card]
                        if suit_of[card] == led
                        else -1
                        for card in range(len(DECK))
                    ),
                    -1,
                )
                for led in range(NONE + 1)
            ]
        )
        follow = tuple([(FOLLOW_SUIT, mask) for mask in suit_mask])
        found = Tables(order, (*suit_of, NONE), suit_mask, key, follow, tuple(trumps))
        _TABLES[order] = found
    return found


def duty(tables: Tables, hand: int, led: int) -> tuple[str | None, int]:
    """The duty binding a seat holding ``hand`` when ``led`` (effective suit; -1: he leads)
    was led: follow it if he can (a Bube is trump, not its suit). ``(rule, allowed)``;
    his legal cards are ``hand & allowed``."""
    if led < 0:
        return ANY_CARD
    follow = tables.follow[led]
    if hand & follow[1]:
        return follow
    return ANY_CARD


class Play:
    """A deal in play on bit masks: ``masks[seat]`` the cards each seat holds (seat 0
    Vorhand leads the first trick). ``play(card)`` plays a card for ``seat`` (nothing is
    checked: it leaves the seat's mask) and returns the next seat's ``legal`` cards.

    ``augen``/``won`` count per seat (the tricks only; the Skat is counted by the result),
    ``done`` the finished tricks. ``loses_by_trick`` is a Null's declarer (-1 otherwise):
    his first trick ends the game (``decided_in``, ``over``).
    """

    __slots__ = (
        "augen",
        "best",
        "count",
        "decided_in",
        "done",
        "due",
        "key",
        "leader",
        "led",
        "legal",
        "loses_by_trick",
        "masks",
        "over",
        "points",
        "seat",
        "tables",
        "winner",
        "won",
    )

    def __init__(
        self, tables: Tables, masks: list[int], leader: int = 0, loses_by_trick: int = -1
    ) -> None:
        self.tables = tables
        self.masks = masks
        self.leader = self.seat = self.winner = leader
        self.count = self.done = self.points = 0
        self.led, self.best = -1, -2
        self.key: tuple[int, ...] = ()
        self.augen = [0, 0, 0]
        self.won = [0, 0, 0]
        self.loses_by_trick = loses_by_trick
        self.decided_in = -1
        self.over = False
        self.due = ANY_CARD
        self.legal = masks[leader]

    def play(self, card: int) -> int:
        """Play ``card`` (an index or NO_CARD) for ``seat``; the next seat's legal cards."""
        seat = self.seat
        masks = self.masks
        masks[seat] = masks[seat] & CLEAR[card]
        tables = self.tables
        if self.count == 0:
            led = self.led = tables.suit_of[card]
            key = self.key = tables.key[led]
            self.best, self.winner, self.points = key[card], seat, CARD_POINTS[card]
            self.count = 1
            seat = self.seat = NEXT_SEAT[seat]
        else:
            led = self.led
            self.points += CARD_POINTS[card]
            strength = self.key[card]
            if strength > self.best:
                self.best, self.winner = strength, seat
            if self.count < SEATS - 1:
                self.count += 1
                seat = self.seat = NEXT_SEAT[seat]
            else:
                seat = self.winner
                augen, won = self.augen, self.won
                augen[seat] = augen[seat] + self.points
                won[seat] = won[seat] + 1
                self.done += 1
                self.leader = self.seat = seat
                self.count = 0
                self.led = led = -1
                if self.done == TRICKS or seat == self.loses_by_trick:
                    if seat == self.loses_by_trick:
                        self.decided_in = self.done - 1
                    self.over, self.due, self.legal = True, ANY_CARD, 0
                    return 0
        hand = masks[seat]
        if led < 0:
            self.due = ANY_CARD
            legal = self.legal = hand
            return legal
        due = self.due = duty(tables, hand, led)
        legal = self.legal = hand & due[1]
        return legal

    def copy(self) -> Play:
        twin = Play(self.tables, list(self.masks), self.leader, self.loses_by_trick)
        twin.seat, twin.winner, twin.count, twin.done = (
            self.seat,
            self.winner,
            self.count,
            self.done,
        )
        twin.points, twin.led, twin.best, twin.key = self.points, self.led, self.best, self.key
        twin.augen, twin.won = list(self.augen), list(self.won)
        twin.decided_in, twin.over, twin.due, twin.legal = (
            self.decided_in,
            self.over,
            self.due,
            self.legal,
        )
        return twin


def order_of(game: str, trump_suit: str | None) -> str:
    """The trump order of a game type: its trump suit, Grand's (Grand, Ramsch) or Null's."""
    if trump_suit is not None:
        return trump_suit
    return NULL_ORDER if game == "null" else GRAND_ORDER
