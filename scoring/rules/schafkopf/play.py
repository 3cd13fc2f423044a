"""Schafkopf's one rulebook of play, on bit masks: the duties, the trick winner, a deal.

Everything that decides which card may be played and who takes a trick is here, once, per
contract as tables (``Tables``: each card's effective suit, the suits' masks, a card's
strength in a trick by the led suit, the trumps high to low):

- ``duty`` is every duty of docs/rules/schafkopf.md ("Play", "Rufspiel details", "Bettel"):
  follow the led suit (trumps are their own suit), the called Sau's duties (lead it, play
  it on the called suit, do not discard it, unless running away) and a Bettel's Stichzwang;
- ``Play`` is a deal in play: it asks ``duty`` and takes the tricks.

``State`` (the verifier, the arbiter's screen, the disputes, the analysis's positions)
plays its deal on a ``Play`` (``State.core``) and adds the codes, records and violations;
the bots drive a ``Play`` of their own and only choose among the cards of its ``legal``
mask; the analysis asks ``duty`` in its search. A card is its index in ``cards.DECK`` (bit
``1 << index`` of a hand mask); ``NO_CARD`` (32) stands for a code that is no card. The
short deck is the same tables: its deals hold no 8 or 7, and ``Rules`` knows its tricks.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Final

from .cards import AUGEN, BIT, DECK, INDEX, LONG_DECK, SUITS, TRUMP, Deck, Trumps, sau
from .contracts import BETTEL_TYPES, RUFSPIEL, SIE, Contract, laufende_run

SEATS: Final = 4
NO_CARD: Final = len(DECK)
ALL_CARDS: Final = (1 << len(DECK)) - 1
# Effective suits: the four printed suits, trump, and NONE for the led "suit" of a trick
# whose first code is no card (nothing follows it, only a trump can take it).
EFFECTIVE_SUITS: Final = (*SUITS, TRUMP)
TRUMP_SUIT: Final = len(SUITS)
NONE: Final = len(EFFECTIVE_SUITS)
CARD_AUGEN: Final = (*(AUGEN[card] for card in DECK), 0)
NEXT_SEAT: Final = tuple((seat + 1) % SEATS for seat in range(SEATS))

FOLLOW_SUIT: Final = "follow_suit"
SAU_MUST_BE_PLAYED: Final = "called_ace_must_be_played"
SAU_DISCARDED: Final = "called_ace_discarded"
LED_WITHOUT_SAU: Final = "called_suit_led_without_ace"
STICHZWANG: Final = "stichzwang"
# Running away (davonlaufen) needs this many cards of the called suit, the Sau counted, where
# the profile does not say (``davonlaufen_min``) and the deck is the long one.
RUN_AWAY: Final = 4


@dataclass(frozen=True, slots=True)
class Tables:
    """How one contract's cards take tricks, indexed by card (NO_CARD last)."""

    suit_of: tuple[int, ...]  # card -> effective suit (TRUMP_SUIT, NONE for NO_CARD)
    suit_mask: tuple[int, ...]  # effective suit -> its cards (NONE: no card)
    key: tuple[tuple[int, ...], ...]  # led suit -> card -> strength in the trick, -1 never wins
    order_bits: tuple[int, ...]  # the trumps high to low, as bits


_TABLES: Final[dict[tuple[object, ...], Tables]] = {}


def tables_of(trumps: Trumps) -> Tables:
    """The tables of a trump order (``cards.Trumps``), cached by its contents."""
    cache_key = (trumps.order, *trumps.suit_of.items(), *trumps.strength.items())
    found = _TABLES.get(cache_key)
    if found is None:
        suit_of = (*(EFFECTIVE_SUITS.index(trumps.suit_of[card]) for card in DECK), NONE)
        suit_mask = tuple(
            sum(BIT[card] for index, card in enumerate(DECK) if suit_of[index] == suit)
            for suit in range(len(EFFECTIVE_SUITS) + 1)
        )
        key = tuple(
            (*(trumps.key(card, led) for card in DECK), -1) for led in (*EFFECTIVE_SUITS, None)
        )
        order_bits = tuple(BIT[card] for card in trumps.order)
        found = _TABLES[cache_key] = Tables(suit_of, suit_mask, key, order_bits)
    return found


def tables(contract: Contract) -> Tables:
    return tables_of(contract.trumps)


# What ``duty`` answers when any card may be played.
ANY_CARD: Final[tuple[str | None, int]] = (None, ALL_CARDS)
CLEAR: Final = tuple(~(1 << card) for card in range(NO_CARD + 1))


@dataclass(frozen=True, slots=True)
class Rules:
    """What the duties need to know of a contract: its tables (``suit_of``, ``key`` and the
    duty to follow each effective suit, ``follow``), and in a Rufspiel the called suit (an
    effective suit, -1 otherwise), its cards and Sau, the declarer (whom the Sau's duties
    never bind) and the three duties of the Sau's holder.

    Of the deal: ``tricks`` per deal (the deck's), ``run_away`` (Davonlaufen's cards),
    ``order_bits`` (the trumps of the deck high to low, for the Laufende), ``loses_by_trick``
    (the declarer of a Bettel, whose first trick decides it; -1 otherwise) and, under
    Stichzwang, ``heads[led][best]``: the duty to play a card of the led suit that heads a
    trick held with strength ``best`` (empty: no Stichzwang)."""

    tables: Tables
    suit_of: tuple[int, ...]
    key: tuple[tuple[int, ...], ...]
    follow: tuple[tuple[str | None, int], ...]
    called: int = -1
    called_mask: int = 0
    sau_bit: int = 0
    declarer: int = -1
    lead_sau: tuple[str | None, int] = ANY_CARD
    play_sau: tuple[str | None, int] = ANY_CARD
    keep_sau: tuple[str | None, int] = ANY_CARD
    tricks: int = LONG_DECK.tricks
    run_away: int = RUN_AWAY
    order_bits: tuple[int, ...] = ()
    loses_by_trick: int = -1
    heads: tuple[tuple[tuple[str | None, int], ...], ...] = ()

    @classmethod
    def of(
        cls,
        tab: Tables,
        called: int = -1,
        declarer: int = -1,
        sau_bit: int = 0,
        *,
        deck: Deck = LONG_DECK,
        run_away: int = RUN_AWAY,
        loses_by_trick: int = -1,
        stichzwang: bool = False,
    ) -> Rules:
        follow = tuple((FOLLOW_SUIT, mask) for mask in tab.suit_mask)
        rules = cls(
            tab,
            tab.suit_of,
            tab.key,
            follow,
            tricks=deck.tricks,
            run_away=run_away,
            order_bits=tuple(bit for bit in tab.order_bits if bit & deck.mask),
            loses_by_trick=loses_by_trick,
            heads=_heads(tab) if stichzwang else (),
        )
        if called < 0:
            return rules
        called_mask = tab.suit_mask[called]
        return replace(
            rules,
            called=called,
            called_mask=called_mask,
            sau_bit=sau_bit,
            declarer=declarer,
            # Leading the called suit means leading the Sau, unless he may run away.
            lead_sau=(LED_WITHOUT_SAU, ALL_CARDS & ~called_mask | sau_bit),
            play_sau=(SAU_MUST_BE_PLAYED, sau_bit),
            keep_sau=(SAU_DISCARDED, ALL_CARDS & ~sau_bit),
        )


def _heads(tab: Tables) -> tuple[tuple[tuple[str | None, int], ...], ...]:
    """Per led suit and strength holding the trick, Stichzwang's duty: the cards of that
    suit that are stronger."""
    top = max(max(strengths) for strengths in tab.key)
    return tuple(
        tuple(
            (
                STICHZWANG,
                sum(1 << card for card in range(len(DECK)) if tab.key[led][card] > best)
                & tab.suit_mask[led],
            )
            for best in range(top + 1)
        )
        for led in range(len(EFFECTIVE_SUITS) + 1)
    )


_RULES: Final[dict[tuple[Contract, str, int, bool], Rules]] = {}


def rules_of(
    contract: Contract, deck: Deck = LONG_DECK, run_away: int = RUN_AWAY, stichzwang: bool = False
) -> Rules:
    """The Rules of ``contract`` dealt from ``deck``; ``stichzwang`` binds only a Bettel."""
    stichzwang = stichzwang and contract.type in BETTEL_TYPES
    cache_key = (contract, deck.name, run_away, stichzwang)
    found = _RULES.get(cache_key)
    if found is None:
        declarer = -1 if contract.declarer is None else contract.declarer
        called, sau_bit = -1, 0
        if contract.type == RUFSPIEL and contract.called is not None:
            called, sau_bit = SUITS.index(contract.called), BIT[sau(contract.called)]
        found = _RULES[cache_key] = Rules.of(
            tables(contract),
            called,
            declarer,
            sau_bit,
            deck=deck,
            run_away=run_away,
            loses_by_trick=declarer if contract.type in BETTEL_TYPES else -1,
            stichzwang=stichzwang,
        )
    return found


def duty(
    rules: Rules, seat: int, hand: int, led: int, called_led_in: int, done: int, best: int = -2
) -> tuple[str | None, int]:
    """The duty binding ``seat`` (holding ``hand``) and the cards that keep it, as a mask
    of the whole deck: ``(rule, allowed)``; ``(None, ALL_CARDS)`` when any card may be
    played. The seat's legal cards are ``hand & allowed``; a card outside ``allowed`` (held
    or not) breaks ``rule``.

    ``led`` is the effective suit of the trick's first card (-1: the seat leads; NONE: the
    first code is no card); ``done`` the tricks finished before this one; ``best`` the
    strength holding the trick (Stichzwang asks to beat it). ``called_led_in`` is the index
    of the trick that first led the called suit (-1: none yet). The called Sau's duties
    bind its holder (never the declarer) until the called suit has been led, through the
    trick that first leads it; he may discard it only in the last trick, and lead another
    card of its suit only with ``rules.run_away`` of them.
    """
    if (
        hand & rules.sau_bit
        and seat != rules.declarer
        and (called_led_in < 0 or called_led_in == done)
    ):
        if led < 0:
            if (hand & rules.called_mask).bit_count() < rules.run_away:
                return rules.lead_sau
            return ANY_CARD
        if led == rules.called:
            return rules.play_sau
        follow = rules.follow[led]
        if hand & follow[1]:
            return follow
        return rules.keep_sau if done < rules.tricks - 1 else ANY_CARD
    if led < 0:
        return ANY_CARD
    follow = rules.follow[led]
    if not hand & follow[1]:
        return ANY_CARD
    if rules.heads and best >= 0:  # a Bettel with Stichzwang: head the trick if he can
        heads = rules.heads[led][best]
        if hand & heads[1]:
            return heads
    return follow


class Play:
    """A deal in play on bit masks: ``masks[seat]`` are the cards each seat still holds.

    ``seat`` is to play (while not ``over``); ``legal`` are the cards it may play and
    ``due`` what ``duty`` says of its position, ``(rule, allowed)``. ``play(card)`` plays
    a card for ``seat`` (as played: it leaves that seat's mask, nothing is checked) and
    returns the next seat's ``legal`` (0 once the deal is over).

    The trick in progress (``count`` cards, led by ``leader``) is held by ``winner`` with
    a card of strength ``best`` in ``key`` (``Tables.key`` of the led suit ``led``): a card
    takes it from him only with a higher strength, so of equals the earlier wins (only
    cards that never win are equal), and the winner of a complete trick leads the next.
    ``points`` are its Augen so far; ``augen`` and ``won`` count per seat, ``done`` the
    finished tricks; ``called_led_in`` is the index of the trick that first led the called
    suit (-1: not yet). ``decided_in`` is the index of the trick that decided a Bettel (its
    declarer's first; -1: none): the cards may still be played on, but the game is over.
    """

    __slots__ = (
        "augen",
        "best",
        "called_led_in",
        "count",
        "decided_in",
        "done",
        "due",
        "key",
        "leader",
        "led",
        "legal",
        "masks",
        "over",
        "points",
        "rules",
        "seat",
        "winner",
        "won",
    )

    def __init__(self, rules: Rules, masks: list[int], leader: int, over: bool = False) -> None:
        self.rules = rules
        self.masks = masks
        self.leader = self.seat = self.winner = leader
        self.count = self.done = self.points = 0
        self.led, self.best = -1, -2
        self.key: tuple[int, ...] = ()
        self.augen = [0] * SEATS
        self.won = [0] * SEATS
        self.called_led_in = self.decided_in = -1
        self.over = over
        self.due = duty(rules, leader, masks[leader], -1, -1, 0)
        self.legal = 0 if over else masks[leader] & self.due[1]

    @classmethod
    def of(
        cls, contract: Contract, masks: list[int], leader: int, rules: Rules | None = None
    ) -> Play:
        """The deal of ``contract`` from its first card (a Sie is over before it starts);
        ``rules`` are its ``rules_of`` for the profile's deck and duties (default: the
        source's)."""
        if rules is None:
            rules = rules_of(contract)
        return Play(rules, masks, leader, contract.type == SIE)  # not cls: a native call

    def play(self, card: int) -> int:
        """Play ``card`` (an index or NO_CARD) for ``seat``; the next seat's legal cards."""
        seat = self.seat
        masks = self.masks
        # Item = item op value, not op=: on a list's item compiled code would call Python's
        # in-place operator instead of its own.
        masks[seat] = masks[seat] & CLEAR[card]
        rules = self.rules
        if self.count == 0:  # the lead: its effective suit is the led suit
            led = self.led = rules.suit_of[card]
            if led == rules.called and self.called_led_in < 0:
                self.called_led_in = self.done
            key = self.key = rules.key[led]
            self.best, self.winner, self.points = key[card], seat, CARD_AUGEN[card]
            self.count = 1
            seat = self.seat = NEXT_SEAT[seat]
        else:
            led = self.led
            self.points += CARD_AUGEN[card]
            strength = self.key[card]
            if strength > self.best:
                self.best, self.winner = strength, seat
            if self.count < SEATS - 1:
                self.count += 1
                seat = self.seat = NEXT_SEAT[seat]
            else:  # the trick is complete: its winner leads the next one
                seat = self.winner
                augen, won = self.augen, self.won
                augen[seat] = augen[seat] + self.points
                won[seat] = won[seat] + 1
                if seat == rules.loses_by_trick and self.decided_in < 0:
                    self.decided_in = self.done
                self.done += 1
                self.leader = self.seat = seat
                self.count = 0
                self.led = led = -1
                if self.done == rules.tricks:
                    self.over, self.due, self.legal = True, ANY_CARD, 0
                    return 0
        hand = masks[seat]
        due = self.due = duty(rules, seat, hand, led, self.called_led_in, self.done, self.best)
        legal = self.legal = hand & due[1]
        return legal

    def laufende(self, party: int) -> int:
        """The run of top trumps held by one party (``contracts.laufende_run``), ``party``
        being the cards the declaring party held at the deal (a mask)."""
        return laufende_run(bit & party != 0 for bit in self.rules.order_bits)

    def copy(self) -> Play:
        twin = Play(self.rules, list(self.masks), self.leader, self.over)
        twin.seat, twin.winner, twin.count, twin.done = (
            self.seat,
            self.winner,
            self.count,
            self.done,
        )
        twin.points, twin.led, twin.best, twin.key = self.points, self.led, self.best, self.key
        twin.augen, twin.won = list(self.augen), list(self.won)
        twin.called_led_in, twin.due, twin.legal = self.called_led_in, self.due, self.legal
        twin.decided_in = self.decided_in
        return twin


def trick_winner(trumps: Trumps, cards: list[str]) -> int:
    """Index in ``cards`` (a trick in playing order) of the card that takes the trick under
    ``trumps``: the trick played out on the engine's one rulebook (``Play``)."""
    numbers = [INDEX.get(card, NO_CARD) for card in cards]
    masks = [1 << number for number in numbers] + [0] * (4 - len(numbers))
    trick = Play(Rules.of(tables_of(trumps)), masks, leader=0)
    for number in numbers:
        trick.play(number)
    return trick.leader if len(numbers) == 4 else trick.winner
