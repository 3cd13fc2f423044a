"""Stichwahl's one rulebook of play, on bit masks: the duty, the trick, the bonus cards.

Everything that decides what a seat may do and what it brings is here, once: ``duty``
(follow the led family, a 5 always allowed), ``Play`` (a hand in play: first bonus cards,
bonus uses, cards, the premium card, the next leader named by a 5), with the trick winner
and the premium's points of ``tricks.py``. ``State`` (the verifier, the arbiter's screen,
the disputes) plays its hand on a ``Play`` (``State.core``) and adds the action dicts, the
record and the violations; the bots drive a ``Play`` of their own and only choose among the
actions it offers.

A card is its index in ``deck.ALL_CODES`` (bit ``1 << index`` of a hand mask);
``NO_CARD`` (36) stands for a code that is no card of this game (a 5 with two players): it
has no family, is no 5, never wins and is worth nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from .deck import ALL_CODES, FAMILIES, FLIP, PEARL, TRUMP_CHANGE, Deck
from .scores import TRICKS, draw_pile_size
from .tricks import flipped, premium_points, trick_winner

NO_CARD = len(ALL_CODES)
ALL_CARDS = (1 << len(ALL_CODES)) - 1
FIRST_BONUS, TURN, PREMIUM, LEADER, OVER = "first_bonus", "turn", "premium", "leader", "over"
FOLLOW_SUIT = "follow_suit"
ANY_CARD: tuple[str | None, int] = (None, ALL_CARDS)
# A bonus use: (card, family) for a trump change, (card, None) for a flip.
Use = tuple[int, str | None]


@dataclass(frozen=True, slots=True)
class Tables:
    """What the rules need of a deck's cards in one game (the 5s are no cards with two
    players), indexed by card, NO_CARD last."""

    game: int  # the cards of the game
    pair: tuple[tuple[str | None, int | None], ...]  # (family, value) as trick_winner takes it
    family: tuple[str | None, ...]
    pearls: tuple[int, ...]
    uses: tuple[tuple[Use, ...], ...]  # the bonus uses a laid-out card offers
    lays_out: int  # cards that become a bonus card (pearl bonuses go to the point pile)
    pearl: int  # pearl bonuses
    five: int  # the 5s
    follow: dict[str, tuple[str | None, int]]  # led family -> the duty to follow it
    family_mask: dict[str, int]


@lru_cache(maxsize=16)
def tables(deck: Deck, players: int) -> Tables:
    """The tables of ``deck`` for a game of ``players`` (cached per deck object)."""
    game = deck.codes(players)
    cards = [deck.cards[code] if code in game else None for code in ALL_CODES]
    pair: list[tuple[str | None, int | None]] = []
    family: list[str | None] = []
    pearls: list[int] = []
    uses: list[tuple[Use, ...]] = []
    for index, card in enumerate(cards):
        if card is None:
            pair.append((None, None))
            family.append(None)
            pearls.append(0)
            uses.append(())
            continue
        pair.append((card.family, card.value))
        family.append(card.family)
        pearls.append(card.pearls)
        if card.bonus == TRUMP_CHANGE:
            uses.append(tuple((index, printed) for printed in card.families))
        else:
            uses.append(((index, None),) if card.bonus == FLIP else ())
    masks = dict.fromkeys(FAMILIES, 0)
    five = lays_out = pearl = 0
    for index, card in enumerate(cards):
        if card is None:
            continue
        if card.family is not None:
            masks[card.family] |= 1 << index
        if card.is_five:
            five |= 1 << index
        elif card.bonus == PEARL:
            pearl |= 1 << index
        if not card.is_five and card.bonus is not None:
            lays_out |= 1 << index
    return Tables(
        game=sum(1 << index for index, card in enumerate(cards) if card is not None),
        pair=(*pair, (None, None)),
        family=(*family, None),
        pearls=(*pearls, 0),
        uses=(*uses, ()),
        lays_out=lays_out,
        pearl=pearl,
        five=five,
        follow={name: (FOLLOW_SUIT, mask | five) for name, mask in masks.items()},
        family_mask=masks,
    )


def duty(tab: Tables, hand: int, led: str | None) -> tuple[str | None, int]:
    """The duty binding the seat that holds ``hand`` and the cards that keep it, as a mask of
    the whole deck: ``(rule, allowed)``, ``ANY_CARD`` when any card may be played.

    stichwahl.md, "A trick": who holds the led family (``led``: the family of the trick's
    first card that is not a 5, None before it) must play it, or a 5; otherwise any card.
    """
    if led is None or not hand & tab.family_mask[led]:
        return ANY_CARD
    return tab.follow[led]


class Play:
    """A hand in play on bit masks. ``phase`` says what is due and ``actor`` who acts:

    - FIRST_BONUS: ``actor`` lays out a card of its hand (``lay_out``), seats 0, 1, …;
    - TURN: ``actor`` (``seat``) may use a bonus card laid out in front of it first
      (``uses()``, ``use``), then plays a card of ``legal`` (``play``; ``due`` is what
      ``duty`` says of its position);
    - PREMIUM: the winner of the last trick chooses its premium card among
      ``premium_positions()`` (``premium``);
    - LEADER: the player of the first unchosen 5 names the next leader (``name_leader``).

    Every action is taken as recorded (nothing is checked); ``masks`` are the hands,
    ``bonus[seat]`` the cards laid out in front of each seat (in order), ``piles`` the point
    piles, ``in_pile`` the pearl bonuses in them (card -> seat), ``used`` the bonus cards
    used, ``trick`` the cards of the trick in progress or, in PREMIUM and LEADER, of the
    last one (``last_leader``, ``last_winner``).
    """

    __slots__ = (
        "actor",
        "bonus",
        "discard",
        "done",
        "draw_pile",
        "due",
        "in_pile",
        "last_leader",
        "last_winner",
        "leader",
        "led",
        "legal",
        "marker",
        "masks",
        "offers",
        "phase",
        "piles",
        "players",
        "premium_at",
        "start",
        "tab",
        "trick",
        "trump",
        "used",
    )

    def __init__(self, tab: Tables, masks: list[int], trump: str, marker: int, start: int) -> None:
        players = len(masks)
        self.tab = tab
        self.masks = masks
        self.players = players
        self.trump, self.marker, self.start = trump, marker, start
        self.bonus: list[list[int]] = [[] for _ in range(players)]
        self.offers: list[list[Use] | None] = [None] * players  # uses() per seat, cached
        self.piles = [0] * players
        self.in_pile: dict[int, int] = {}
        self.used: set[int] = set()
        self.discard = 0
        self.draw_pile = draw_pile_size(players)
        self.trick: list[int] = []
        self.led: str | None = None
        self.done = 0
        self.leader = start
        self.last_leader = self.last_winner = self.premium_at = -1
        self.phase = FIRST_BONUS
        self.actor = 0
        self.due = ANY_CARD
        self.legal = 0

    @classmethod
    def of(cls, deck: Deck, masks: list[int], trump: str, marker: int, start: int) -> Play:
        """The hand of ``deck`` (dealt as ``masks``) before the first bonus cards."""
        return cls(tables(deck, len(masks)), masks, trump, marker, start)

    # --- the first bonus cards -------------------------------------------------------------

    def lay_out(self, card: int) -> None:
        """``actor`` lays out ``card`` as its first bonus card."""
        seat = self.actor
        self.masks[seat] &= ~(1 << card)
        self._lay_out(card, seat)
        if seat + 1 < self.players:
            self.actor = seat + 1
        else:
            self.phase = TURN
            self._turn(self.start)

    def _lay_out(self, card: int, seat: int) -> None:
        """A new bonus card in front of ``seat``; a pearl bonus scores at once instead."""
        if 1 << card & self.tab.pearl:
            self.piles[seat] += 1
            self.in_pile[card] = seat
        else:
            self.bonus[seat].append(card)
            self.offers[seat] = None

    # --- a turn: bonus cards, then a card ---------------------------------------------------

    def uses(self) -> list[Use]:
        """The bonus uses open to the seat on turn, in deck order: one per printed family of
        a trump change, one per flip (a 5 without a bonus cannot be used)."""
        seat = self.actor
        offered = self.offers[seat]
        if offered is None:
            offered = self.offers[seat] = []
            for card in sorted(self.bonus[seat]):
                offered += self.tab.uses[card]
        return offered

    def use(self, card: int, family: str | None) -> None:
        """The seat on turn uses ``card``: it flips the marker (``family`` None) or makes
        ``family`` trump, whatever the card shows (the table did what the record says)."""
        cards = self.bonus[self.actor]
        if card in cards:
            cards.remove(card)
            self.offers[self.actor] = None
            self.used.add(card)
            self.discard += 1
        if family is None:
            self.marker = flipped(self.marker)
        else:
            self.trump = family

    def legal_in(self, hand: int) -> int:
        """The cards of ``hand`` the seat on turn may play now (``duty``)."""
        return hand & duty(self.tab, hand, self.led)[1]

    def play(self, card: int) -> None:
        """The seat on turn plays ``card`` (it leaves that seat's hand)."""
        seat = self.actor
        self.masks[seat] &= ~(1 << card)
        trick = self.trick
        trick.append(card)
        if self.led is None:
            self.led = self.tab.family[card]
        if len(trick) < self.players:
            seat = self.actor = seat + 1 if seat + 1 < self.players else 0
            hand = self.masks[seat]
            due = self.due = duty(self.tab, hand, self.led)
            self.legal = hand & due[1]
            return
        pair = self.tab.pair
        position = trick_winner([pair[played] for played in trick], self.trump, self.marker)
        self.last_leader = self.leader
        self.last_winner = self.actor = (self.leader + position) % self.players
        self.done += 1
        self.phase = PREMIUM
        self.legal = 0

    def _turn(self, seat: int) -> None:
        """``seat`` is on turn in the trick in progress."""
        self.actor = seat
        hand = self.masks[seat]
        due = self.due = duty(self.tab, hand, self.led)
        self.legal = hand & due[1]

    # --- after a trick: the premium card, the next leader -------------------------------------

    def premium_positions(self) -> list[int]:
        """Where in the last trick the cards lie that the winner may choose: not his own."""
        return [
            position
            for position in range(len(self.trick))
            if (self.last_leader + position) % self.players != self.last_winner
        ]

    def premium(self, position: int) -> tuple[int, int]:
        """The winner takes the premium card at ``position`` of the last trick: as many
        cards as it has pearls from the trick (then the draw pile) to his point pile; its
        player lays it out as a bonus card (a 5, or a card without a bonus, is discarded).
        Returns the cards it brought to the pile and how many of them came from the draw
        pile."""
        trick, players, winner = self.trick, self.players, self.last_winner
        card = trick[position]
        from_trick, drawn = premium_points(self.tab.pearls[card], players, self.draw_pile)
        self.piles[winner] += from_trick + drawn
        self.draw_pile -= drawn
        self.discard += players - 1 - from_trick
        self.premium_at = position
        if 1 << card & self.tab.lays_out:
            self._lay_out(card, (self.last_leader + position) % players)
        else:
            self.discard += 1
        namer = -1
        if self.done < TRICKS:
            for index, played in enumerate(trick):
                seat = (self.last_leader + index) % players
                if index != position and 1 << played & self.tab.five and seat != winner:
                    namer = seat
                    break
        self.trick = []
        self.led = None
        if self.done == TRICKS:
            self.phase = OVER
            self.legal = 0
        elif namer >= 0:
            self.phase, self.actor = LEADER, namer
        else:
            self.name_leader(winner)
        return from_trick + drawn, drawn

    def name_leader(self, seat: int) -> None:
        """``seat`` leads the next trick."""
        self.phase = TURN
        self.leader = seat
        self._turn(seat)

    def copy(self) -> Play:
        twin = object.__new__(Play)
        for name in Play.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.masks = list(self.masks)
        twin.bonus = [list(cards) for cards in self.bonus]
        twin.offers = [None] * self.players
        twin.piles = list(self.piles)
        twin.in_pile = dict(self.in_pile)
        twin.used = set(self.used)
        twin.trick = list(self.trick)
        return twin
