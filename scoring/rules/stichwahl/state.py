"""One hand of Stichwahl in play: hands, bonus cards, the trick, point piles and the piles.

Actions are the record's event dicts, so a replay loop, a bot and the web app all speak the
same language (docs/stichwahl.md, "Actions"):

- ``{"first_bonus": "N2"}`` — seats 0, 1, … lay out their first bonus card (in a record
  these are the ``first_bonus`` key, not events);
- ``{"bonus": "P3", "family": "O"}`` / ``{"bonus": "B7"}`` — the seat on turn uses a
  trump-change / flip bonus card, before playing its card;
- ``{"play": "N2"}`` — the seat on turn plays a card;
- ``{"premium": "N2"}`` — the winner of the trick just completed chooses the premium card;
- ``{"leader": 2}`` — the player of the first unchosen 5 names the next leader.

``legal_plays()`` lists the legal actions of the seat ``to_play``; ``play(action)`` applies
one. Strict play raises IllegalPlay naming the broken rule and changes nothing; with
``strict=False`` a rule-breaking action is recorded as it happened and its violations are
returned (the arbiter's "record it anyway" and the verifier's walk). An action that cannot
happen at all (wrong shape, not due now, a premium card not in the trick) raises
``ActionError`` in both modes.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any

from ..core import IllegalPlay, Seat, Violation
from ..i18n import N_, Phrase
from .deck import CODE_INDEX, FAMILIES, FLIP, PEARL, TRUMP_CHANGE, Card, Deck, as_deck
from .scores import NAME, TRICKS, draw_pile_size, hand_points
from .tricks import flipped, premium_points, trick_winner

FIRST_BONUS, TURN, PREMIUM, LEADER, OVER = "first_bonus", "turn", "premium", "leader", "over"
PHASE_OF_ACTION = {
    "first_bonus": FIRST_BONUS,
    "bonus": TURN,
    "play": TURN,
    "premium": PREMIUM,
    "leader": LEADER,
}
ACTION_SHAPES = {
    frozenset({"first_bonus"}): "first_bonus",
    frozenset({"bonus"}): "bonus",
    frozenset({"bonus", "family"}): "bonus",
    frozenset({"play"}): "play",
    frozenset({"premium"}): "premium",
    frozenset({"leader"}): "leader",
}
# What is due in each phase (``action_not_expected``): ``{name}`` is the seat to act.
DUE_TEXT = {
    FIRST_BONUS: N_("{name} lays out a first bonus card"),
    TURN: N_("{name} uses a bonus card or plays a card"),
    PREMIUM: N_("{name} chooses the premium card of trick {trick}"),
    LEADER: N_("{name} names who leads trick {next_trick}"),
}
# Why an action cannot be recorded at all, as RecordError texts (records.md keys).
ACTION_ERRORS = {
    "not_an_action": N_(
        "must be one of {{play}}, {{bonus}}, {{bonus, family}}, {{premium}}, {{leader}}"
        " (got {action})"
    ),
    "leader_not_a_seat": N_("leader must be a seat number"),
    "not_a_card_code": N_("{kind} must be a card code"),
    "unknown_family": N_("family must be one of O, P, N, B"),
    "hand_over": N_("the hand is over; no {kind} can follow"),
    "action_not_expected": N_("no {kind} now: {due}"),
    "unknown_card": N_("{card} is not a card of this game"),
    "card_laid_out_twice": N_("{card} is already laid out"),
    "premium_not_in_trick": N_("{card} was not played in trick {trick}"),
    "no_such_seat": N_("seats are 0 to {last}"),
}


class ActionError(IllegalPlay):
    """An action that cannot be recorded at all; ``field`` names the bad part, if any.
    ``text(lang)`` says why in English or German (ACTION_ERRORS[``reason``])."""

    def __init__(self, rule: str, reason: str, field: str | None = None, **params: Any):
        self.template = ACTION_ERRORS[reason]
        self.params = params
        super().__init__(rule, self.text("en"))
        self.field = field

    def text(self, lang: str = "en") -> str:
        return self.template.format(lang, **self.params)


def action_kind(action: Any) -> str:
    """``play``, ``bonus``, ``premium``, ``leader`` or ``first_bonus``; ActionError if the
    action has none of the documented shapes."""
    kind = ACTION_SHAPES.get(frozenset(action)) if isinstance(action, dict) else None
    if kind is None:
        raise ActionError("not_an_action", "not_an_action", action=repr(action))
    value = action[kind]
    if kind == "leader":
        if isinstance(value, bool) or not isinstance(value, int):
            raise ActionError("not_an_action", "leader_not_a_seat", "leader")
    elif not isinstance(value, str):
        raise ActionError("not_an_action", "not_a_card_code", kind, kind=kind)
    if "family" in action and action["family"] not in FAMILIES:
        raise ActionError("unknown_family", "unknown_family", "family")
    return kind


def by_deck_order(cards: Iterable[str]) -> list[str]:
    return sorted(cards, key=lambda card: CODE_INDEX.get(card, len(CODE_INDEX)))


class State:
    """One hand (Durchgang). ``hands`` are the 9 dealt cards per seat, or None when unknown
    (then ``players`` must be given and the duties that need the hands are not checked)."""

    def __init__(
        self,
        deck: Deck | Mapping[str, Any] | None,
        trump: str,
        marker: int,
        start: int,
        hands: Sequence[Iterable[str]] | None = None,
        *,
        players: int | None = None,
        names: Sequence[str] | None = None,
    ):
        self.deck = as_deck(deck)
        self.hands: list[set[str]] | None = None
        self.dealt: dict[str, int] = {}  # card -> seat it was dealt to
        if hands is not None:
            self.hands = [set(hand) for hand in hands]
            players = len(self.hands)
            self.dealt = {card: seat for seat, hand in enumerate(self.hands) for card in hand}
        if players not in (2, 3, 4):
            raise ValueError("Stichwahl is played by 2, 3 or 4 players")
        self.players: int = players
        self.names = list(names) if names is not None else None
        self.game_cards = frozenset(self.deck.codes(players))
        self.trump, self.marker, self.start = trump, marker, start
        self.bonus: list[list[str]] = [[] for _ in range(players)]  # in front of each seat
        self.piles = [0] * players  # cards in each point pile
        self.in_pile: dict[str, int] = {}  # pearl-bonus cards known to be in a point pile
        self.used_bonus: set[str] = set()  # bonus cards used (now on the discard pile)
        self.discard = 0
        self.draw_pile = draw_pile_size(players)
        self.played: dict[str, int] = {}  # card -> trick (1-based) where it was first played
        self.tricks: list[dict[str, Any]] = []  # complete tricks (the last may await premium)
        self.trick: list[str] = []  # cards of the trick in progress
        self.trick_bonuses: list[dict[str, Any]] = []  # bonus uses in the trick in progress
        self.leader = start
        self.phase = FIRST_BONUS
        self.chooser = 0  # who acts in the first-bonus, premium and leader phases

    def copy(self) -> State:
        clone = object.__new__(State)
        clone.__dict__.update(self.__dict__)
        clone.hands = [set(hand) for hand in self.hands] if self.hands is not None else None
        clone.bonus = [list(cards) for cards in self.bonus]
        clone.piles = list(self.piles)
        clone.in_pile = dict(self.in_pile)
        clone.used_bonus = set(self.used_bonus)
        clone.played = dict(self.played)
        clone.tricks = [_copy_trick(trick) for trick in self.tricks]
        clone.trick = list(self.trick)
        clone.trick_bonuses = [dict(use) for use in self.trick_bonuses]
        return clone

    # --- whose turn, and what is allowed -----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def to_play(self) -> int | None:
        if self.phase == TURN:
            return self._turn_seat
        return None if self.phase == OVER else self.chooser

    @property
    def _turn_seat(self) -> int:
        """The seat to play a card (or use a bonus card first) in the trick in progress."""
        return (self.leader + len(self.trick)) % self.players

    @property
    def led_family(self) -> str | None:
        """The family of the first card in the trick that is not a 5 (None before it)."""
        return next((card.family for card in map(self._card, self.trick) if card.family), None)

    def legal_plays(self) -> list[dict[str, Any]]:
        """The legal actions of ``to_play``, in a fixed order (deck order of the cards)."""
        if self.phase == TURN:
            return self.bonus_actions() + [{"play": card} for card in self.legal_cards()]
        if self.phase == PREMIUM:
            trick = self.tricks[-1]
            return [
                {"premium": card}
                for index, card in enumerate(trick["cards"])
                if (trick["leader"] + index) % self.players != trick["winner"]
            ]
        if self.phase == LEADER:
            return [{"leader": seat} for seat in range(self.players)]
        if self.phase == FIRST_BONUS:
            return [{"first_bonus": card} for card in by_deck_order(self._holding(self.chooser))]
        return []

    def bonus_actions(self) -> list[dict[str, Any]]:
        """The bonus uses open to the seat on turn: one per printed family of a trump-change
        card, one per flip card (a 5 without a bonus cannot be used)."""
        actions: list[dict[str, Any]] = []
        for code in by_deck_order(self.bonus[self._turn_seat]):
            card = self.deck.cards[code]
            if card.bonus == FLIP:
                actions.append({"bonus": code})
            elif card.bonus == TRUMP_CHANGE:
                actions.extend({"bonus": code, "family": family} for family in card.families)
        return actions

    def legal_cards(self) -> list[str]:
        """Cards of the led family plus the 5s if the seat holds the led family, else all."""
        hand = self._holding(self._turn_seat)
        led = self.led_family
        following = [code for code in hand if led and self._card(code).family == led]
        if following:
            following += [code for code in hand if self._card(code).is_five]
        return by_deck_order(following or hand)

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds, in deck order (None when the hands are unknown)."""
        return None if self.hands is None else by_deck_order(self.hands[seat])

    def _holding(self, seat: int) -> set[str]:
        """The seat's hand; with unknown hands every card that is not accounted for."""
        if self.hands is not None:
            return self.hands[seat]
        placed = self.played.keys() | self.in_pile.keys() | self.used_bonus
        placed |= {card for cards in self.bonus for card in cards}
        return set(self.game_cards - placed)

    def _card(self, code: str) -> Card:
        card = self.deck.cards.get(code)
        if card is None or code not in self.game_cards:
            return Card(code, None, 0, 0, None)  # unknown: no family, not a 5, never wins
        return card

    # --- checking --------------------------------------------------------------------------

    def check(self, action: Any) -> list[Violation]:
        """Every rule ``to_play`` would break with ``action``; ActionError if it cannot
        happen at all."""
        kind = action_kind(action)
        if PHASE_OF_ACTION[kind] != self.phase:
            raise self._not_expected(kind)
        check: Callable[[dict[str, Any]], list[Violation]] = getattr(self, f"_check_{kind}")
        return check(action)

    def _not_expected(self, kind: str) -> ActionError:
        if self.phase == OVER:
            return ActionError("action_not_expected", "hand_over", kind=kind)
        due = Phrase(
            DUE_TEXT[self.phase],
            {
                "name": Seat(self.names, self.to_play),
                "trick": len(self.tricks),
                "next_trick": len(self.tricks) + 1,
            },
        )
        return ActionError("action_not_expected", "action_not_expected", kind=kind, due=due)

    def _violation(self, rule: str, card: str | None, **params: Any) -> Violation:
        """A violation by ``to_play``, in the trick being played (or whose premium is due);
        first bonus cards belong to no trick."""
        if self.phase == FIRST_BONUS:
            trick = None
        elif self.phase == TURN:
            trick = len(self.tricks) + 1
        else:
            trick = len(self.tricks)
        return Violation(trick, self.to_play, card, rule, params, NAME)

    def _whereabouts(self, code: str) -> dict[str, Any]:
        """``holder`` and ``place`` of a card someone used without having it."""
        for seat, cards in enumerate(self.bonus):
            if code in cards:
                return {"holder": seat, "place": "bonus"}
        if code in self.in_pile:
            return {"holder": self.in_pile[code], "place": "pile"}
        if code in self.used_bonus:
            return {"holder": None, "place": "discard"}
        if self.hands is not None:
            for seat, hand in enumerate(self.hands):
                if code in hand:
                    return {"holder": seat, "place": "hand"}
            if code in self.game_cards and code not in self.dealt and code not in self.played:
                return {"holder": None, "place": "draw_pile"}
        return {"holder": None, "place": None}

    def _check_first_bonus(self, action: dict[str, Any]) -> list[Violation]:
        code = action["first_bonus"]
        if code not in self.game_cards:
            raise ActionError("unknown_card", "unknown_card", "first_bonus", card=code)
        if code in self.in_pile or any(code in cards for cards in self.bonus):
            raise ActionError(
                "card_laid_out_twice", "card_laid_out_twice", "first_bonus", card=code
            )
        if self.hands is not None and code not in self.hands[self.chooser]:
            return [self._violation("first_bonus_not_in_hand", code, **self._whereabouts(code))]
        return []

    def _check_bonus(self, action: dict[str, Any]) -> list[Violation]:
        code, family = action["bonus"], action.get("family")
        if code not in self.bonus[self._turn_seat]:
            return [self._violation("bonus_not_owned", code, **self._whereabouts(code))]
        card = self.deck.cards[code]
        used = FLIP if family is None else TRUMP_CHANGE
        if card.bonus != used:
            return [self._violation("bonus_wrong_kind", code, used=used, shown=card.bonus)]
        if family is not None and family not in card.families:
            printed = list(card.families)
            return [
                self._violation("bonus_family_not_printed", code, family=family, printed=printed)
            ]
        return []

    def _check_play(self, action: dict[str, Any]) -> list[Violation]:
        code, seat = action["play"], self._turn_seat
        if code not in self.game_cards:
            return [self._violation("unknown_card", code)]
        violations = []
        if code in self.played:
            violations.append(self._violation("card_played_twice", code, earlier=self.played[code]))
        elif self.hands is not None and code not in self.hands[seat]:
            violations.append(self._violation("card_not_in_hand", code, **self._whereabouts(code)))
        led, card = self.led_family, self._card(code)
        if self.hands is not None and led and not card.is_five and card.family != led:
            held = by_deck_order(c for c in self.hands[seat] if self._card(c).family == led)
            if held:
                violations.append(
                    self._violation("follow_suit", code, held=", ".join(held), family=led)
                )
        return violations

    def _check_premium(self, action: dict[str, Any]) -> list[Violation]:
        code = action["premium"]
        position = self._premium_position(code)
        if position is None:
            number = len(self.tricks)
            raise ActionError(
                "premium_not_in_trick", "premium_not_in_trick", "premium", card=code, trick=number
            )
        trick = self.tricks[-1]
        if self._seat_at(trick, position) == trick["winner"]:
            return [self._violation("premium_not_allowed", code)]
        return []

    def _check_leader(self, action: dict[str, Any]) -> list[Violation]:
        if not 0 <= action["leader"] < self.players:
            raise ActionError("no_such_seat", "no_such_seat", "leader", last=self.players - 1)
        return []

    # --- acting ------------------------------------------------------------------------------

    def play(self, action: Any, strict: bool = True) -> list[Violation]:
        """Apply ``action`` for ``to_play`` (see the module docstring)."""
        violations = self.check(action)
        if strict and violations:
            raise IllegalPlay.of(violations[0], self.names)
        getattr(self, f"_do_{action_kind(action)}")(action)
        return violations

    def _do_first_bonus(self, action: dict[str, Any]) -> None:
        code, seat = action["first_bonus"], self.chooser
        self._take_from_hands(code)
        self._lay_out_bonus(code, seat)
        self.chooser += 1
        if self.chooser == self.players:
            self.phase, self.chooser = TURN, self.start

    def _do_bonus(self, action: dict[str, Any]) -> None:
        code, seat, family = action["bonus"], self._turn_seat, action.get("family")
        if code in self.bonus[seat]:
            self.bonus[seat].remove(code)
            self.used_bonus.add(code)
            self.discard += 1
        # The table did what the record says, whatever the card shows.
        if family is None:
            self.marker = flipped(self.marker)
        else:
            self.trump = family
        use = {"seat": seat, "bonus": code}
        if family is not None:
            use["family"] = family
        self.trick_bonuses.append(use)

    def _do_play(self, action: dict[str, Any]) -> None:
        code = action["play"]
        self.played.setdefault(code, len(self.tricks) + 1)
        self._take_from_hands(code)
        self.trick.append(code)
        if len(self.trick) == self.players:
            self._close_trick()

    def _close_trick(self) -> None:
        cards = [self._card(code) for code in self.trick]
        index = trick_winner(
            [(card.family, card.value or None) for card in cards], self.trump, self.marker
        )
        winner = (self.leader + index) % self.players
        self.tricks.append(
            {
                "leader": self.leader,
                "cards": self.trick,
                "winner": winner,
                "trump": self.trump,
                "marker": self.marker,
                "bonuses": self.trick_bonuses,
                "premium": None,
                "points": None,
                "drawn": None,
            }
        )
        self.trick, self.trick_bonuses = [], []
        self.phase, self.chooser = PREMIUM, winner

    def _do_premium(self, action: dict[str, Any]) -> None:
        code = action["premium"]
        trick = self.tricks[-1]
        position, winner = self._premium_position(code), trick["winner"]
        if position is None:  # check() refused it
            raise ValueError(f"{code} was not played in the last trick")
        owner = self._seat_at(trick, position)
        card = self._card(code)
        from_trick, drawn = premium_points(card.pearls, self.players, self.draw_pile)
        self.piles[winner] += from_trick + drawn
        self.draw_pile -= drawn
        self.discard += self.players - 1 - from_trick
        trick.update(premium=code, points=from_trick + drawn, drawn=drawn)
        if card.is_five or card.bonus is None:
            self.discard += 1  # a 5 gives its player no bonus; an unknown card counts nothing
        else:
            self._lay_out_bonus(code, owner)
        unchosen_fives = [
            index
            for index, played in enumerate(trick["cards"])
            if index != position
            and self._card(played).is_five
            and self._seat_at(trick, index) != winner
        ]
        if len(self.tricks) == TRICKS:
            self.phase = OVER
        elif unchosen_fives:
            self.phase, self.chooser = LEADER, self._seat_at(trick, unchosen_fives[0])
        else:
            self.phase, self.leader = TURN, winner

    def _do_leader(self, action: dict[str, Any]) -> None:
        self.phase, self.leader = TURN, action["leader"]

    def _take_from_hands(self, code: str) -> None:
        if self.hands is not None:
            for hand in self.hands:
                hand.discard(code)

    def _lay_out_bonus(self, code: str, seat: int) -> None:
        """A new bonus card in front of ``seat``; a pearl bonus scores at once instead."""
        if self.deck.cards[code].bonus == PEARL:
            self.piles[seat] += 1
            self.in_pile[code] = seat
        else:
            self.bonus[seat].append(code)

    def _seat_at(self, trick: dict[str, Any], index: int) -> int:
        leader: int = trick["leader"]
        return (leader + index) % self.players

    def _premium_position(self, code: str) -> int | None:
        """Where the premium card lies in the last trick, preferring another player's card
        (a card recorded twice in one trick is the only way to have a choice)."""
        trick = self.tricks[-1]
        positions = [index for index, card in enumerate(trick["cards"]) if card == code]
        others = [index for index in positions if self._seat_at(trick, index) != trick["winner"]]
        found = others or positions
        return found[0] if found else None

    # --- outcome -----------------------------------------------------------------------------

    def trick_list(self) -> list[dict[str, Any]]:
        """Complete tricks, then the one on the table (winner null), as in a verdict.

        A trick is complete once its premium card is chosen: until then it is the trick in
        progress (its winner is ``to_play``, choosing the premium card).
        """
        tricks = [_copy_trick(trick) for trick in self.tricks]
        if self.phase == PREMIUM:
            tricks[-1]["winner"] = None
        elif self.trick or self.trick_bonuses:
            tricks.append(
                {
                    "leader": self.leader,
                    "cards": list(self.trick),
                    "winner": None,
                    "trump": self.trump,
                    "marker": self.marker,
                    "bonuses": [dict(use) for use in self.trick_bonuses],
                    "premium": None,
                    "points": None,
                    "drawn": None,
                }
            )
        return tricks

    def unused_bonus(self) -> list[int]:
        return [len(cards) for cards in self.bonus]

    def result(self) -> dict[str, Any] | None:
        """The verdict's result once the hand is over: scores, point piles, unused bonus."""
        if not self.is_over:
            return None
        unused = self.unused_bonus()
        return {
            "scores": [
                hand_points(pile, count) for pile, count in zip(self.piles, unused, strict=True)
            ],
            "point_piles": list(self.piles),
            "unused_bonus": unused,
            "bonus_cards": [by_deck_order(cards) for cards in self.bonus],
            "draw_pile_left": self.draw_pile,
            "deck": self.deck.ref,
            "deck_verified": self.deck.verified,
        }


def _copy_trick(trick: dict[str, Any]) -> dict[str, Any]:
    return dict(trick, cards=list(trick["cards"]), bonuses=[dict(use) for use in trick["bonuses"]])
