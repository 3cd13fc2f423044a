"""Scharfe Schoten's one rulebook of play, on bit masks: the duty, the trick, the cupboard.

Everything that decides which card may be played, who takes a trick and which cupboard
colour may be picked is here, once: ``duty`` (follow the led colour, super trumps
included), the strengths of ``cards.strength_table`` (super trumps, then colour by colour) and
``Play``, a round in play. ``State`` (the verifier, the arbiter's screen, the disputes)
plays its round on a ``Play`` (``State.core``) and adds the codes, the record and the
violations; the bots drive a ``Play`` of their own and only choose among its ``legal``
cards and ``colours()``.

A card is its index in ``cards.CARDS`` (``colour * 12 + value - 1``, bit ``1 << index`` of
a hand mask); ``NO_CARD`` (48) stands for a code that is no card: no colour, never wins,
and nothing has to follow it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .cards import CARD_INDEX, CARDS, COLOURS, CUPBOARD_SIZE, HAND_SIZE, strength_table

PER_COLOUR = len(CARDS) // len(COLOURS)
NO_CARD = len(CARDS)
ALL_CARDS = (1 << len(CARDS)) - 1
# The colour of each card (NONE for NO_CARD) and the cards of each colour (NONE: none).
NONE = len(COLOURS)
COLOUR_OF = (*(card // PER_COLOUR for card in range(len(CARDS))), NONE)
COLOUR_MASKS = (*(((1 << PER_COLOUR) - 1) << (PER_COLOUR * c) for c in range(len(COLOURS))), 0)
CLEAR = tuple(~(1 << card) for card in range(NO_CARD + 1))
FOLLOW_SUIT = "follow_suit"
ANY_CARD: tuple[str | None, int] = (None, ALL_CARDS)
FOLLOW = tuple((FOLLOW_SUIT, mask) for mask in COLOUR_MASKS)
# NEXT_SEAT[players][seat]: who plays after ``seat``.
NEXT_SEAT: dict[int, tuple[int, ...]] = {p: (*range(1, p), 0) for p in HAND_SIZE}


def duty(hand: int, led: int) -> tuple[str | None, int]:
    """The duty binding the seat that holds ``hand`` and the cards that keep it, as a mask of
    the whole deck: ``(rule, allowed)``, ``ANY_CARD`` when any card may be played.

    scharfe-schoten.md, "A round": each other player must play the led colour (``led``, the
    colour of the trick's first card; -1 for the leader, NONE when it was no card) if able,
    super trumps included; otherwise any card.
    """
    if led < 0:
        return ANY_CARD
    follow = FOLLOW[led]
    return follow if hand & follow[1] else ANY_CARD


def strengths_of(numbers: Mapping[str, int]) -> tuple[int, ...]:
    """``cards.strength_table`` of the number cards as a record gives them."""
    return strength_table(tuple(numbers[colour] for colour in COLOURS))


class Play:
    """A round in play on bit masks: ``masks[seat]`` are the cards each seat still holds.

    While ``picking`` is a seat (else -1), that trick winner takes a cupboard card first
    (``colours()``, ``pick``); otherwise ``seat`` plays a card: ``legal`` are the cards it
    may play and ``due`` what ``duty`` says of its position. ``play(card)`` and
    ``pick(colour)`` act as recorded (nothing is checked) and return the next ``legal``
    (0 while a pick is due and once the round is over).

    The trick in progress (``trick``, led by ``leader`` in colour ``led``) is held by
    ``winner`` with the strength ``best``: a card takes it only with a higher strength, so
    a code that is no card never wins and, if nothing else is played, the leader keeps it.
    ``collected[seat][colour]`` counts the cards each seat took (at NONE the codes that are
    no card, which count for nothing), ``won`` its tricks;
    ``cupboard[colour]`` is what the spice cupboard holds (None when unknown), of which
    ``cupboard_left`` picks are still to come.
    """

    __slots__ = (
        "best",
        "collected",
        "cupboard",
        "cupboard_left",
        "done",
        "due",
        "leader",
        "led",
        "legal",
        "masks",
        "next_seat",
        "over",
        "picking",
        "players",
        "seat",
        "strength",
        "trick",
        "tricks",
        "winner",
        "won",
    )

    def __init__(
        self,
        strength: tuple[int, ...],
        masks: list[int],
        start: int,
        cupboard: list[int] | None,
    ) -> None:
        players = len(masks)
        self.strength = strength
        self.masks = masks
        self.players = players
        self.tricks = HAND_SIZE[players]
        self.cupboard = cupboard
        self.cupboard_left = CUPBOARD_SIZE[players]
        self.leader = self.seat = self.winner = start
        self.trick: list[int] = []
        self.led, self.best = -1, -1
        self.done = 0
        self.next_seat = NEXT_SEAT[players]
        # Per seat the cards taken of each colour (and of no colour, at NONE: not counted).
        self.collected = [[0] * (len(COLOURS) + 1) for _ in range(players)]
        self.won = [0] * players
        self.picking = -1
        self.over = False
        self.due = ANY_CARD
        self.legal = masks[start]

    @classmethod
    def of(
        cls,
        numbers: Mapping[str, int],
        masks: list[int],
        start: int,
        cupboard: list[int] | None,
    ) -> Play:
        """The round of the number cards ``numbers`` (colour -> value) from its first card."""
        return cls(strengths_of(numbers), masks, start, cupboard)

    def play(self, card: int) -> int:
        """Play ``card`` (an index or NO_CARD) for ``seat``; the next legal cards."""
        seat = self.seat
        masks = self.masks
        masks[seat] &= CLEAR[card]
        trick = self.trick
        trick.append(card)
        strength = self.strength[card]
        if strength > self.best:
            self.best, self.winner = strength, seat
        if len(trick) == 1:
            self.led = COLOUR_OF[card]
        elif len(trick) == self.players:
            return self._take()
        seat = self.seat = self.next_seat[seat]
        hand = masks[seat]
        due = self.due = duty(hand, self.led)
        legal = self.legal = hand & due[1]
        return legal

    def _take(self) -> int:
        """The trick is complete: its winner takes its cards, picks, then leads."""
        winner = self.winner
        counts = self.collected[winner]
        for played in self.trick:
            counts[COLOUR_OF[played]] += 1  # NO_CARD counts in a fifth, unused place
        self.won[winner] += 1
        self.done += 1
        self.trick = []
        self.leader = self.seat = winner
        self.led, self.best = -1, -1
        self.due = ANY_CARD
        if self.cupboard_left > 0:
            self.picking = winner
            self.legal = 0
            return 0
        return self._lead()

    def colours(self) -> list[int]:
        """The cupboard colours the trick winner may pick: those it still holds (every
        colour when its contents are unknown)."""
        cupboard = self.cupboard
        if cupboard is None:
            return list(range(len(COLOURS)))
        return [colour for colour in range(len(COLOURS)) if cupboard[colour] > 0]

    def pick(self, colour: int) -> int:
        """The trick winner takes a cupboard card of ``colour`` (by its visible back)."""
        self.collected[self.picking][colour] += 1
        cupboard = self.cupboard
        if cupboard is not None and cupboard[colour] > 0:
            cupboard[colour] -= 1
        self.cupboard_left -= 1
        self.picking = -1
        return self._lead()

    def _lead(self) -> int:
        """The next trick's leader is to play, unless the round is over."""
        if self.done == self.tricks:
            self.over = True
            self.legal = 0
            return 0
        legal = self.legal = self.masks[self.seat]
        return legal

    def copy(self) -> Play:
        twin = object.__new__(Play)
        for name in Play.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.masks = list(self.masks)
        twin.trick = list(self.trick)
        twin.collected = [list(counts) for counts in self.collected]
        twin.won = list(self.won)
        twin.cupboard = None if self.cupboard is None else list(self.cupboard)
        return twin


def trick_winner_position(strength: tuple[int, ...], cards: list[int]) -> int:
    """The position in ``cards`` (a trick in playing order) of the card that takes it, as a
    ``Play`` takes it."""
    players = max(len(cards), min(HAND_SIZE))
    trick = Play(strength, [0] * players, 0, None)
    trick.cupboard_left = 0
    for card in cards:
        trick.play(card)
    return trick.winner if trick.done == 0 else trick.leader


def trick_winner_offset(cards: Sequence[str], strengths: Mapping[str, int]) -> int:
    """Position in the trick (0 = leader) of the winning card, as the engine's one rulebook
    takes the trick (``Play``): the highest strength (``cards.card_strengths``).

    A code that is not a card never wins; if no card is known the leader keeps the trick.
    """
    table = (*(strengths.get(card, -1) for card in CARDS), -1)
    return trick_winner_position(table, [CARD_INDEX.get(card, NO_CARD) for card in cards])
