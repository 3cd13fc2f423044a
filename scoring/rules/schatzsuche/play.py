"""Schatzsuche's one rulebook of play, on bit masks: the duties, the trick winner, a round.

Everything that decides which card may be played and who takes a trick is here, once:
``State`` (the verifier, the arbiter's screen, the disputes) plays its round on a
``Play`` (``State.core``) and adds the card codes, the record and the violations; the
bots (``simulate``, ``playout``) drive a ``Play`` of their own and only choose among the
cards of its ``legal`` mask.

A card is ``suit * 8 + strength`` (``cards.py``); ``NO_CARD`` (32) stands for a code that
is no card: it has no suit, never wins and leaves every hand as it is.
"""

from __future__ import annotations

from typing import Final

from .cards import PLAYERS, POWER, SUIT_CARDS, TRUMPED

NO_CARD: Final = 32
# The suit of each card number, -1 for NO_CARD.
SUIT_OF: Final = (*(card >> 3 for card in range(32)), -1)
# POWER[trump][led] with NO_CARD's power (-1: never wins) at the end.
POWERS: Final = tuple(tuple((*row, -1) for row in rows) for rows in POWER)
NEXT_SEAT: Final = tuple((seat + 1) % PLAYERS for seat in range(PLAYERS))
FOLLOW_SUIT, MUST_TRUMP = "follow_suit", "must_trump"
CLUBS, SPADES, HEARTS, DIAMONDS = SUIT_CARDS


def duty(
    hand: int, led: int, trump: int, trumped: bool, trump_always: bool
) -> tuple[str | None, int, tuple[int, ...]]:
    """The duty binding the seat that holds ``hand``: ``(rule, legal, cards)``, ``legal``
    the cards of the hand it allows as a mask and ``cards`` the same in ascending order;
    ``rule`` is None when any card may be played.

    schatzsuche.md, "Play": a player who is not leading (``led`` is the led suit, -1 for
    the leader) must follow the led suit; if he cannot, he must trump, unless a trump is
    already in this trick (``trumped``, under ``trump_duty: unless_trick_trumped``); under
    ``always`` (``trump_always``) he must trump whenever he can. A played card keeps the
    duty when it is of the led suit or of the suit of the allowed cards (held or not).
    """
    if led >= 0:
        shift = led << 3
        same_suit = hand >> shift & 0xFF
        if same_suit:
            return FOLLOW_SUIT, same_suit << shift, SUIT_CARDS[led][same_suit]
        shift = trump << 3
        trumps = hand >> shift & 0xFF
        if trumps and trump_due(trumped, trump_always):
            return MUST_TRUMP, trumps << shift, SUIT_CARDS[trump][trumps]
    cards = CLUBS[hand & 0xFF] + SPADES[hand >> 8 & 0xFF]
    return None, hand, cards + HEARTS[hand >> 16 & 0xFF] + DIAMONDS[hand >> 24]


def trump_due(trumped: bool, trump_always: bool) -> bool:
    """Whether a player who cannot follow must trump: always under ``trump_duty: always``,
    else only while no trump lies in the trick (``unless_trick_trumped``)."""
    return trump_always or not trumped


class Play:
    """A round in play on bit masks: ``masks[seat]`` are the cards each seat still holds.

    ``seat`` is to play (while not ``over``); ``legal`` are the cards it may play (a mask)
    and ``rule`` the duty that limits them (None: any card), both from ``duty``.
    ``play(card)`` plays a card for ``seat`` (as played: the card leaves that seat's mask,
    nothing is checked) and returns the next seat's legal cards in ascending order (empty
    once the round is over). In the trick in progress ``led`` is the led suit (-1 before
    the first real card), ``best`` the power of the card that holds the trick (``POWER``)
    and ``winner`` its seat; ``won`` counts the tricks per seat, ``done`` all of them.
    """

    __slots__ = (
        "best",
        "count",
        "done",
        "leader",
        "led",
        "legal",
        "masks",
        "over",
        "power",
        "powers",
        "rounds",
        "rule",
        "seat",
        "trump",
        "trump_always",
        "winner",
        "won",
    )

    def __init__(
        self, masks: list[int], trump: int, rounds: int, leader: int, trump_always: bool
    ) -> None:
        self.masks = masks
        self.trump = trump
        self.trump_always = trump_always
        self.rounds = rounds
        self.powers = POWERS[trump]
        self.power: tuple[int, ...] = ()
        self.leader = self.seat = self.winner = leader
        self.count = self.done = 0
        self.led, self.best = -1, -2
        self.won = [0] * PLAYERS
        self.over = False
        self.rule: str | None = None
        self.legal = masks[leader]

    def play(self, card: int) -> tuple[int, ...]:
        """Play ``card`` (a card number or NO_CARD) for ``seat``; the next seat's legal cards."""
        seat = self.seat
        masks = self.masks
        masks[seat] &= ~(1 << card)
        led, best = self.led, self.best
        if led < 0:
            led = SUIT_OF[card]
            if led >= 0:  # the first real card of the trick leads its suit
                self.led = led
                power = self.power = self.powers[led]
                self.best = best = power[card]
                self.winner = seat
        elif self.power[card] > best:
            self.best = best = self.power[card]
            self.winner = seat
        if self.count < PLAYERS - 1:
            self.count += 1
            seat = self.seat = NEXT_SEAT[seat]
        else:  # the trick is complete: its winner leads the next one
            seat = self.winner
            self.won[seat] += 1
            self.done += 1
            self.leader = self.seat = seat
            self.count = 0
            self.led = led = -1
            self.best = -2
            if self.done == self.rounds:
                self.over, self.rule, self.legal = True, None, 0
                return ()
        self.rule, self.legal, cards = duty(
            masks[seat], led, self.trump, best >= TRUMPED, self.trump_always
        )
        return cards

    @property
    def trumped(self) -> bool:
        """Whether a trump lies in the trick in progress."""
        return self.best >= TRUMPED

    def copy(self) -> Play:
        twin = Play(list(self.masks), self.trump, self.rounds, self.leader, self.trump_always)
        twin.power, twin.seat, twin.winner = self.power, self.seat, self.winner
        twin.count, twin.done, twin.led, twin.best = self.count, self.done, self.led, self.best
        twin.won, twin.over, twin.rule = list(self.won), self.over, self.rule
        twin.legal = self.legal
        return twin
