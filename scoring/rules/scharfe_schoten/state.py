"""A round in play as recorded: codes, the tricks, the picks and the violations.

The duty and the tricks are ``play.py``'s (``duty``, ``Play``): a State plays on a Play.

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
    HAND_SIZE,
    card_strengths,
    colour_of,
    colour_order,
    count_colours,
    super_trumps,
)
from .play import NO_CARD, Play
from .scores import NAME, prediction_points

CARD_SET = frozenset(CARDS)


class State:
    """One round of Scharfe Schoten.

    ``hands`` may be None (a record without hands): then ``players`` must be given, the duty
    to follow cannot be checked, and ``cupboard`` (colour -> cards at the deal) is whatever
    is known, None for unknown. With hands the cupboard is the rest of the 48 cards.

    The round itself is ``core``, a ``play.Play`` (the bit-mask round the bots play too):
    its ``duty`` says which cards are legal and why a card is not, it takes the tricks and
    keeps the collections and the cupboard. The State adds the codes, the tricks as
    recorded, the common card rules and the violations.
    """

    __slots__ = (
        "core",
        "known",
        "ledger",
        "names",
        "numbers",
        "picks",
        "predictions",
        "start",
        "strengths",
        "trick",
        "tricks",
    )

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
        masks: list[int] | None = None
        if hands is not None:
            masks = [0] * len(hands)
            for seat, hand in enumerate(hands):
                for card in hand:
                    masks[seat] |= 1 << CARD_INDEX[card]
            players = len(masks)
            dealt = 0
            for mask in masks:
                dealt |= mask
            # Cards nobody was dealt lie in the cupboard.
            cupboard = count_colours(card for card in CARDS if not dealt >> CARD_INDEX[card] & 1)
        if players is None or players not in HAND_SIZE:
            raise ValueError("Scharfe Schoten is played by 3 or 4 players")
        self.known = hands is not None
        self.names = list(names) if names is not None else None
        self.numbers = dict(numbers)
        self.strengths = card_strengths(numbers)
        self.predictions = [dict(prediction) for prediction in predictions]
        self.start = start
        self.core = Play.of(
            self.numbers,
            [0] * players if masks is None else masks,
            start,
            None if cupboard is None else [cupboard[colour] for colour in COLOURS],
        )
        self.trick: list[str] = []  # the trick on the table
        self.tricks: list[dict[str, Any]] = []  # complete tricks: leader, cards, winner
        self.picks: list[str] = []
        self.ledger = CardLedger(CARD_SET, hands, game=NAME)  # unknown, played twice, not in hand

    def copy(self) -> State:
        clone = object.__new__(State)
        for name in State.__slots__:
            setattr(clone, name, getattr(self, name))
        clone.core = self.core.copy()
        clone.trick = list(self.trick)
        clone.tricks = [dict(trick, cards=list(trick["cards"])) for trick in self.tricks]
        clone.picks = list(self.picks)
        clone.ledger = self.ledger.copy()
        return clone

    # --- whose turn, and what is allowed -------------------------------------------------

    @property
    def players(self) -> int:
        return self.core.players

    @property
    def hands(self) -> list[set[str]] | None:
        """The cards each seat still holds (None when the hands are unknown)."""
        if not self.known:
            return None
        return [{CARDS[c] for c in range(len(CARDS)) if mask >> c & 1} for mask in self.core.masks]

    @property
    def cupboard(self) -> dict[str, int] | None:
        """What the spice cupboard still holds per colour (None when unknown)."""
        cupboard = self.core.cupboard
        return None if cupboard is None else dict(zip(COLOURS, cupboard, strict=True))

    @property
    def cupboard_left(self) -> int:
        return self.core.cupboard_left

    @property
    def collected(self) -> list[dict[str, int]]:
        return [dict(zip(COLOURS, counts, strict=False)) for counts in self.core.collected]

    @property
    def tricks_won(self) -> list[int]:
        return self.core.won

    @property
    def leader(self) -> int:
        return self.core.leader

    @property
    def picking(self) -> int | None:
        """The trick winner who still has to pick (None: no pick is due)."""
        picking = self.core.picking
        return None if picking < 0 else picking

    @property
    def tricks_per_round(self) -> int:
        return HAND_SIZE[self.players]

    @property
    def is_over(self) -> bool:
        return self.core.over

    @property
    def awaiting_pick(self) -> bool:
        return self.core.picking >= 0

    @property
    def to_play(self) -> int | None:
        """The seat to act: the winner still to pick from the cupboard, or the next card."""
        core = self.core
        if core.picking >= 0:
            return core.picking
        return None if core.over else core.seat

    @property
    def _card_seat(self) -> int:
        """The seat whose card the trick on the table waits for (after a trick: its
        winner, who picks first)."""
        return self.core.seat

    @property
    def led_colour(self) -> str | None:
        return colour_of(self.trick[0]) if self.trick else None

    def legal_plays(self) -> list[str]:
        """Colours to pick while a pick is due, else the cards the seat to play may play."""
        if self.core.over:
            return []
        return self.legal_picks() if self.awaiting_pick else self.legal_cards()

    def legal_cards(self) -> list[str]:
        """The led colour if the seat holds it (super trumps included), else its whole hand
        (``core.legal``); without hands every card not yet played (as in the other games:
        the duty to follow cannot be checked, and an arbiter may tap any card still out)."""
        if not self.known:
            return [card for card in CARDS if card not in self.ledger.played_in]
        legal = self.core.masks[self.core.seat] & self.core.due[1]
        return [CARDS[c] for c in range(len(CARDS)) if legal >> c & 1]

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds, in card order (None when the hands are unknown)."""
        if not self.known:
            return None
        mask = self.core.masks[seat]
        return [CARDS[c] for c in range(len(CARDS)) if mask >> c & 1]

    def legal_picks(self) -> list[str]:
        """Colours the cupboard still has (every colour when its contents are unknown)."""
        return [COLOURS[colour] for colour in self.core.colours()]

    def check_card(self, card: str) -> list[Violation]:
        """Every rule the seat to play would break by playing ``card``."""
        core = self.core
        seat, trick = core.seat, core.done + 1
        card_rule = self.ledger.check(trick, seat, card)
        if card_rule is not None and card_rule.rule == "unknown_card":
            return [card_rule]
        violations = [card_rule] if card_rule is not None else []
        rule, allowed = core.due
        if self.known and rule is not None and not allowed >> CARD_INDEX[card] & 1:
            held_mask = core.masks[seat] & allowed
            held = [CARDS[c] for c in range(len(CARDS)) if held_mask >> c & 1]
            params = {"held": ", ".join(held), "colour": COLOURS[core.led]}
            violations.append(Violation(trick, seat, card, rule, params, NAME))
        return violations

    def check_pick(self, colour: str) -> list[Violation]:
        if colour not in [COLOURS[c] for c in self.core.colours()]:
            params = {"colour": colour}
            seat = self.picking
            return [Violation(self.core.done, seat, None, "cupboard_colour_empty", params, NAME)]
        return []

    # --- acting ----------------------------------------------------------------------------

    def play(self, action: str, strict: bool = True) -> list[Violation]:
        """Play a card, or pick a cupboard colour when that is due (see ``pick``).

        Strict: an illegal card raises IllegalPlay naming the rule and nothing changes.
        Not strict: the card is recorded as played and its violations are returned.
        """
        core = self.core
        if core.over:
            raise IllegalPlay("round_over", "the round is over")
        if core.picking >= 0:
            return self.pick(action, strict)
        number = CARD_INDEX.get(action)
        if number is not None and core.legal >> number & 1:
            # A card of the hand that keeps the duty: no rule to check, nothing to record but
            # the play (legal cards are never unknown, played before or not held).
            violations: list[Violation] = []
            self.ledger.played_in[action] = core.done + 1
        else:
            violations = self.check_card(action)
            if strict and violations:
                raise IllegalPlay.of(violations[0], self.names)
            self.ledger.record(core.done + 1, core.seat, action)
            if number is None:
                number = NO_CARD
            elif self.known:  # the card lies on the table now: nobody holds it any more
                clear = ~(1 << number)
                core.masks = [mask & clear for mask in core.masks]
        self.trick.append(action)
        leader = core.leader
        core.play(number)
        if not core.trick:  # the trick is complete
            self.tricks.append({"leader": leader, "cards": self.trick, "winner": core.leader})
            self.trick = []
        return violations

    def pick(self, colour: str, strict: bool = True) -> list[Violation]:
        """The trick winner takes one cupboard card of ``colour`` (by its visible back)."""
        if self.core.picking < 0:
            raise IllegalPlay("no_pick_due", "nobody takes a cupboard card now")
        if colour not in COLOURS:
            raise IllegalPlay(
                "unknown_colour", f"a cupboard colour is due (R, G, Y or B), not {colour!r}"
            )
        violations = self.check_pick(colour)
        if strict and violations:
            raise IllegalPlay.of(violations[0], self.names)
        self.core.pick(COLOURS.index(colour))
        self.picks.append(colour)
        return violations

    # --- outcome -----------------------------------------------------------------------------

    def trick_list(self) -> list[dict[str, Any]]:
        """Complete tricks, then the one on the table (winner null), as in a verdict."""
        tricks = [dict(trick, cards=list(trick["cards"])) for trick in self.tricks]
        if self.trick:
            tricks.append({"leader": self.leader, "cards": list(self.trick), "winner": None})
        return tricks

    def result(self) -> dict[str, Any] | None:
        """The verdict's result once the round is over: scores and what produced them."""
        if not self.core.over:
            return None
        collected = self.collected
        predictions = []
        for counts, prediction in zip(collected, self.predictions, strict=True):
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
            "collected": collected,
            "tricks_won": list(self.core.won),
            "predictions": predictions,
            "colour_order": colour_order(self.numbers),
            "super_trumps": super_trumps(self.numbers),
            "cupboard_picks": list(self.picks),
        }
