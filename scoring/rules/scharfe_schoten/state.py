"""A round in play: hands, the trick on the table, collections and the spice cupboard.

After a trick is complete its winner first picks a cupboard colour (while the cupboard
lasts), then leads. ``legal_plays()`` and ``play()`` therefore hand out and take whatever is
due: card codes, or colour codes while ``awaiting_pick`` — a random bot or a replay loop
needs no special case. ``play(..., strict=False)`` records an illegal card as played and
returns its violations (the arbiter's "record it anyway" and the verifier's walk).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation
from .cards import (
    CARD_INDEX,
    CARDS,
    COLOURS,
    CUPBOARD_SIZE,
    HAND_SIZE,
    card_strengths,
    colour_of,
    colour_order,
    count_colours,
    super_trumps,
    trick_winner_offset,
)
from .scores import NAME, prediction_points


class State:
    """One round of Scharfe Schoten.

    ``hands`` may be None (a record without hands): then ``players`` must be given, the duty
    to follow cannot be checked, and ``cupboard`` (colour -> cards at the deal) is whatever
    is known, None for unknown. With hands the cupboard is the rest of the 48 cards.
    """

    def __init__(
        self,
        hands: Sequence[Iterable[str]] | None,
        numbers: Mapping[str, int],
        start: int,
        predictions: Sequence[Mapping[str, str]],
        *,
        players: int | None = None,
        names: Sequence[str] | None = None,
        cupboard: Mapping[str, int] | None = None,
    ):
        if hands is not None:
            self.hands: list[set[str]] | None = [set(hand) for hand in hands]
            players = len(self.hands)
            dealt = set().union(*self.hands)  # cards nobody was dealt lie in the cupboard
            cupboard = count_colours(card for card in CARDS if card not in dealt)
        else:
            self.hands = None
        if players not in HAND_SIZE:
            raise ValueError("Scharfe Schoten is played by 3 or 4 players")
        self.players: int = players
        self.names = list(names) if names is not None else None
        self.numbers = dict(numbers)
        self.strengths = card_strengths(numbers)
        self.predictions = [dict(prediction) for prediction in predictions]
        self.start = start
        self.cupboard: dict[str, int] | None = dict(cupboard) if cupboard is not None else None
        self.cupboard_left = CUPBOARD_SIZE[players]  # picks still to come
        self.leader = start
        self.trick: list[str] = []  # the trick on the table
        self.tricks: list[dict[str, Any]] = []  # complete tricks: leader, cards, winner
        self.collected = [dict.fromkeys(COLOURS, 0) for _ in range(players)]
        self.tricks_won = [0] * players
        self.picks: list[str] = []
        self.ledger = CardLedger(CARDS, hands, game=NAME)  # unknown, played twice, not in hand
        self.picking: int | None = None  # the trick winner who still has to pick

    def copy(self) -> State:
        clone = object.__new__(State)
        clone.__dict__.update(self.__dict__)
        clone.hands = [set(hand) for hand in self.hands] if self.hands is not None else None
        clone.cupboard = dict(self.cupboard) if self.cupboard is not None else None
        clone.trick = list(self.trick)
        clone.tricks = [dict(trick, cards=list(trick["cards"])) for trick in self.tricks]
        clone.collected = [dict(counts) for counts in self.collected]
        clone.tricks_won = list(self.tricks_won)
        clone.picks = list(self.picks)
        clone.ledger = self.ledger.copy()
        return clone

    # --- whose turn, and what is allowed -------------------------------------------------

    @property
    def tricks_per_round(self) -> int:
        return HAND_SIZE[self.players]

    @property
    def is_over(self) -> bool:
        return len(self.tricks) == self.tricks_per_round and self.picking is None

    @property
    def awaiting_pick(self) -> bool:
        return self.picking is not None

    @property
    def to_play(self) -> int | None:
        """The seat to act: the winner still to pick from the cupboard, or the next card."""
        if self.picking is not None:
            return self.picking
        if self.is_over:
            return None
        return self._card_seat

    @property
    def _card_seat(self) -> int:
        """The seat whose card the trick on the table waits for (after a trick: its
        winner, who picks first)."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def led_colour(self) -> str | None:
        return colour_of(self.trick[0]) if self.trick else None

    def legal_plays(self) -> list[str]:
        """Colours to pick while a pick is due, else the cards the seat to play may play."""
        if self.is_over:
            return []
        return self.legal_picks() if self.awaiting_pick else self.legal_cards()

    def legal_cards(self) -> list[str]:
        """The led colour if the seat holds it (super trumps included), else its whole hand;
        without hands every card not yet played (as in the other games: the duty to follow
        cannot be checked, and an arbiter may tap any card still out)."""
        if self.hands is None:
            return [card for card in CARDS if card not in self.ledger.played_in]
        hand = self.hands[self._card_seat]
        led = self.led_colour
        following = [card for card in hand if card[0] == led]
        return sorted(following or hand, key=CARD_INDEX.__getitem__)

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds, in card order (None when the hands are unknown)."""
        return None if self.hands is None else sorted(self.hands[seat], key=CARD_INDEX.__getitem__)

    def legal_picks(self) -> list[str]:
        """Colours the cupboard still has (every colour when its contents are unknown)."""
        if self.cupboard is None:
            return list(COLOURS)
        return [colour for colour in COLOURS if self.cupboard[colour] > 0]

    def check_card(self, card: str) -> list[Violation]:
        """Every rule the seat to play would break by playing ``card``."""
        seat, trick = self._card_seat, len(self.tricks) + 1
        card_rule = self.ledger.check(trick, seat, card)
        if card_rule is not None and card_rule.rule == "unknown_card":
            return [card_rule]
        violations = [card_rule] if card_rule is not None else []
        led = self.led_colour
        if self.hands is not None and led is not None and card[0] != led:
            held = sorted((c for c in self.hands[seat] if c[0] == led), key=CARD_INDEX.__getitem__)
            if held:
                params = {"held": ", ".join(held), "colour": led}
                violations.append(Violation(trick, seat, card, "follow_suit", params, NAME))
        return violations

    def check_pick(self, colour: str) -> list[Violation]:
        if self.cupboard is not None and self.cupboard[colour] == 0:
            trick = len(self.tricks)
            params = {"colour": colour}
            return [Violation(trick, self.picking, None, "cupboard_colour_empty", params, NAME)]
        return []

    # --- acting ----------------------------------------------------------------------------

    def play(self, action: str, strict: bool = True) -> list[Violation]:
        """Play a card, or pick a cupboard colour when that is due (see ``pick``).

        Strict: an illegal card raises IllegalPlay naming the rule and nothing changes.
        Not strict: the card is recorded as played and its violations are returned.
        """
        if self.is_over:
            raise IllegalPlay("round_over", "the round is over")
        if self.awaiting_pick:
            return self.pick(action, strict)
        violations = self.check_card(action)
        if strict and violations:
            raise IllegalPlay.of(violations[0], self.names)
        self._add_card(action)
        return violations

    def pick(self, colour: str, strict: bool = True) -> list[Violation]:
        """The trick winner takes one cupboard card of ``colour`` (by its visible back)."""
        picker = self.picking
        if picker is None:
            raise IllegalPlay("no_pick_due", "nobody takes a cupboard card now")
        if colour not in COLOURS:
            raise IllegalPlay(
                "unknown_colour", f"a cupboard colour is due (R, G, Y or B), not {colour!r}"
            )
        violations = self.check_pick(colour)
        if strict and violations:
            raise IllegalPlay.of(violations[0], self.names)
        self.collected[picker][colour] += 1
        if self.cupboard is not None and self.cupboard[colour] > 0:
            self.cupboard[colour] -= 1
        self.cupboard_left -= 1
        self.picks.append(colour)
        self.picking = None
        return violations

    def _add_card(self, card: str) -> None:
        self.ledger.record(len(self.tricks) + 1, self._card_seat, card)
        if self.hands is not None:
            for hand in self.hands:
                hand.discard(card)
        self.trick.append(card)
        if len(self.trick) < self.players:
            return
        winner = (self.leader + trick_winner_offset(self.trick, self.strengths)) % self.players
        self.tricks.append({"leader": self.leader, "cards": self.trick, "winner": winner})
        for colour, count in count_colours(self.trick).items():
            self.collected[winner][colour] += count
        self.tricks_won[winner] += 1
        self.trick, self.leader = [], winner
        if self.cupboard_left > 0:
            self.picking = winner

    # --- outcome -----------------------------------------------------------------------------

    def trick_list(self) -> list[dict[str, Any]]:
        """Complete tricks, then the one on the table (winner null), as in a verdict."""
        tricks = [dict(trick, cards=list(trick["cards"])) for trick in self.tricks]
        if self.trick:
            tricks.append({"leader": self.leader, "cards": list(self.trick), "winner": None})
        return tricks

    def result(self) -> dict[str, Any] | None:
        """The verdict's result once the round is over: scores and what produced them."""
        if not self.is_over:
            return None
        predictions = []
        for counts, prediction in zip(self.collected, self.predictions, strict=True):
            most, fewest, difference, total = prediction_points(
                counts, prediction["most"], prediction["fewest"]
            )
            predictions.append(
                {
                    **prediction,
                    "most_points": most,
                    "fewest_points": fewest,
                    "difference": difference,
                    "total": total,
                }
            )
        return {
            "scores": [prediction["total"] for prediction in predictions],
            "collected": [dict(counts) for counts in self.collected],
            "tricks_won": list(self.tricks_won),
            "predictions": predictions,
            "colour_order": colour_order(self.numbers),
            "super_trumps": super_trumps(self.numbers),
            "cupboard_picks": list(self.picks),
        }
