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
from .deck import ALL_CODES, CODE_INDEX, FAMILIES, FLIP, TRUMP_CHANGE, Deck, as_deck
from .play import FIRST_BONUS, LEADER, NO_CARD, OVER, PREMIUM, TURN, Play
from .scores import NAME, hand_points

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


def _codes(mask: int) -> list[str]:
    """The cards of a mask, in deck order."""
    return [code for index, code in enumerate(ALL_CODES) if mask >> index & 1]


class State:
    """One hand (Durchgang). ``hands`` are the 9 dealt cards per seat, or None when unknown
    (then ``players`` must be given and the duties that need the hands are not checked).

    The hand itself is ``core``, a ``play.Play`` (the bit-mask hand the bots play too): its
    ``duty`` says which cards are legal and why a card is not, and it does what every
    action brings (tricks, premium cards, bonus cards, piles, the next leader). The State
    adds the action dicts, the tricks as recorded, the checks and the violations.
    """

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
        self.known = hands is not None
        self.dealt: dict[str, int] = {}  # card -> seat it was dealt to
        dealt: list[list[str]] = []
        if hands is not None:
            dealt = [list(hand) for hand in hands]
            players = len(dealt)
            self.dealt = {card: seat for seat, hand in enumerate(dealt) for card in hand}
        if players not in (2, 3, 4):
            raise ValueError("Stichwahl is played by 2, 3 or 4 players")
        self.names = list(names) if names is not None else None
        self.game_cards = frozenset(self.deck.codes(players))
        self.index = {code: CODE_INDEX[code] for code in self.game_cards}
        masks = [0] * players
        for seat, hand in enumerate(dealt):
            for code in hand:
                masks[seat] |= 1 << self.index[code]
        self.core = Play.of(self.deck, masks, trump, marker, start)
        self.played: dict[str, int] = {}  # card -> trick (1-based) where it was first played
        self.tricks: list[dict[str, Any]] = []  # complete tricks (the last may await premium)
        self.trick: list[str] = []  # cards of the trick in progress
        self.trick_bonuses: list[dict[str, Any]] = []  # bonus uses in the trick in progress

    def copy(self) -> State:
        clone = object.__new__(State)
        clone.__dict__.update(self.__dict__)
        clone.core = self.core.copy()
        clone.played = dict(self.played)
        clone.tricks = [_copy_trick(trick) for trick in self.tricks]
        clone.trick = list(self.trick)
        clone.trick_bonuses = [dict(use) for use in self.trick_bonuses]
        return clone

    # --- the hand, as the core keeps it -------------------------------------------------------

    @property
    def players(self) -> int:
        return self.core.players

    @property
    def hands(self) -> list[set[str]] | None:
        """The cards each seat still holds (None when the hands are unknown)."""
        if not self.known:
            return None
        return [set(_codes(mask)) for mask in self.core.masks]

    @property
    def trump(self) -> str:
        return self.core.trump

    @property
    def marker(self) -> int:
        return self.core.marker

    @property
    def start(self) -> int:
        return self.core.start

    @property
    def leader(self) -> int:
        return self.core.leader

    @property
    def phase(self) -> str:
        return self.core.phase

    @property
    def chooser(self) -> int:
        """Who acts in the first-bonus, premium and leader phases."""
        return self.core.actor

    @property
    def bonus(self) -> list[list[str]]:
        """The bonus cards in front of each seat, in the order they were laid out."""
        return [[ALL_CODES[card] for card in cards] for cards in self.core.bonus]

    @property
    def piles(self) -> list[int]:
        """Cards in each point pile."""
        return self.core.piles

    @property
    def in_pile(self) -> dict[str, int]:
        """Pearl-bonus cards known to be in a point pile (card -> seat)."""
        return {ALL_CODES[card]: seat for card, seat in self.core.in_pile.items()}

    @property
    def used_bonus(self) -> set[str]:
        """Bonus cards used (now on the discard pile)."""
        return {ALL_CODES[card] for card in self.core.used}

    @property
    def discard(self) -> int:
        return self.core.discard

    @property
    def draw_pile(self) -> int:
        return self.core.draw_pile

    # --- whose turn, and what is allowed -----------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.core.phase == OVER

    @property
    def to_play(self) -> int | None:
        return None if self.core.phase == OVER else self.core.actor

    @property
    def _turn_seat(self) -> int:
        """The seat to play a card (or use a bonus card first) in the trick in progress."""
        return self.core.actor

    @property
    def led_family(self) -> str | None:
        """The family of the first card in the trick that is not a 5 (None before it)."""
        return self.core.led

    def legal_plays(self) -> list[dict[str, Any]]:
        """The legal actions of ``to_play``, in a fixed order (deck order of the cards)."""
        phase = self.core.phase
        if phase == TURN:
            return self.bonus_actions() + [{"play": card} for card in self.legal_cards()]
        if phase == PREMIUM:
            cards = self.tricks[-1]["cards"]
            return [{"premium": cards[position]} for position in self.core.premium_positions()]
        if phase == LEADER:
            return [{"leader": seat} for seat in range(self.players)]
        if phase == FIRST_BONUS:
            return [{"first_bonus": card} for card in _codes(self._holding(self.core.actor))]
        return []

    def bonus_actions(self) -> list[dict[str, Any]]:
        """The bonus uses open to the seat on turn: one per printed family of a trump-change
        card, one per flip card (a 5 without a bonus cannot be used)."""
        return [
            {"bonus": ALL_CODES[card]}
            if family is None
            else {"bonus": ALL_CODES[card], "family": family}
            for card, family in self.core.uses()
        ]

    def legal_cards(self) -> list[str]:
        """Cards of the led family plus the 5s if the seat holds the led family, else all."""
        return _codes(self.core.legal_in(self._holding(self.core.actor)))

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds, in deck order (None when the hands are unknown)."""
        return _codes(self.core.masks[seat]) if self.known else None

    def _holding(self, seat: int) -> int:
        """The seat's hand (a mask); with unknown hands every card that is not accounted for."""
        core = self.core
        if self.known:
            return core.masks[seat]
        placed = 0
        for code in self.played:
            placed |= 1 << self.index.get(code, NO_CARD)
        for card in (*core.in_pile, *core.used, *(card for cards in core.bonus for card in cards)):
            placed |= 1 << card
        return core.tab.game & ~placed

    # --- checking --------------------------------------------------------------------------

    def check(self, action: Any) -> list[Violation]:
        """Every rule ``to_play`` would break with ``action``; ActionError if it cannot
        happen at all."""
        return self._check(action_kind(action), action)

    def _check(self, kind: str, action: dict[str, Any]) -> list[Violation]:
        if PHASE_OF_ACTION[kind] != self.core.phase:
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
        code, core = action["first_bonus"], self.core
        card = self.index.get(code)
        if card is None:
            raise ActionError("unknown_card", "unknown_card", "first_bonus", card=code)
        if card in core.in_pile or any(card in cards for cards in core.bonus):
            raise ActionError(
                "card_laid_out_twice", "card_laid_out_twice", "first_bonus", card=code
            )
        if self.known and not core.masks[core.actor] >> card & 1:
            return [self._violation("first_bonus_not_in_hand", code, **self._whereabouts(code))]
        return []

    def _check_bonus(self, action: dict[str, Any]) -> list[Violation]:
        code, family = action["bonus"], action.get("family")
        card_index = CODE_INDEX.get(code, NO_CARD)
        if (card_index, family) in self.core.uses():
            return []
        # Not a use the core offers: say why.
        if card_index not in self.core.bonus[self.core.actor]:
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
        code, core = action["play"], self.core
        seat, card = core.actor, self.index.get(code)
        if card is None:
            return [self._violation("unknown_card", code)]
        violations = []
        if code in self.played:
            violations.append(self._violation("card_played_twice", code, earlier=self.played[code]))
        elif self.known and not core.masks[seat] >> card & 1:
            violations.append(self._violation("card_not_in_hand", code, **self._whereabouts(code)))
        rule, allowed = core.due
        if self.known and rule is not None and core.led is not None and not allowed >> card & 1:
            held = _codes(core.masks[seat] & core.tab.family_mask[core.led])
            violations.append(self._violation(rule, code, held=", ".join(held), family=core.led))
        return violations

    def _check_premium(self, action: dict[str, Any]) -> list[Violation]:
        code = action["premium"]
        position = self._premium_position(code)
        if position is None:
            number = len(self.tricks)
            raise ActionError(
                "premium_not_in_trick", "premium_not_in_trick", "premium", card=code, trick=number
            )
        if position not in self.core.premium_positions():  # the winner's own card
            return [self._violation("premium_not_allowed", code)]
        return []

    def _check_leader(self, action: dict[str, Any]) -> list[Violation]:
        if not 0 <= action["leader"] < self.players:
            raise ActionError("no_such_seat", "no_such_seat", "leader", last=self.players - 1)
        return []

    # --- acting ------------------------------------------------------------------------------

    def play(self, action: Any, strict: bool = True) -> list[Violation]:
        """Apply ``action`` for ``to_play`` (see the module docstring)."""
        core = self.core
        if core.phase == TURN and type(action) is dict and action.keys() == {"play"}:
            code = action["play"]
            card = self.index.get(code, NO_CARD) if type(code) is str else NO_CARD
            if card != NO_CARD and core.legal >> card & 1:
                # A card of the hand that keeps the duty: no rule to check, nothing to
                # record but the play (legal cards are never unknown, played before or
                # not held).
                self._do_play(action, card)
                return []
        kind = action_kind(action)
        violations = self._check(kind, action)
        if strict and violations:
            raise IllegalPlay.of(violations[0], self.names)
        getattr(self, f"_do_{kind}")(action)
        return violations

    def _do_first_bonus(self, action: dict[str, Any]) -> None:
        code = action["first_bonus"]
        card = self._take_from_hands(code)
        self.core.lay_out(card)

    def _do_bonus(self, action: dict[str, Any]) -> None:
        code, seat, family = action["bonus"], self.core.actor, action.get("family")
        self.core.use(CODE_INDEX.get(code, NO_CARD), family)
        use = {"seat": seat, "bonus": code}
        if family is not None:
            use["family"] = family
        self.trick_bonuses.append(use)

    def _do_play(self, action: dict[str, Any], held: int = NO_CARD) -> None:
        """Play ``action``'s card; ``held`` is its index when the seat on turn holds it
        (nobody else does then), else it is taken out of whichever hand holds it."""
        code = action["play"]
        core = self.core
        self.played.setdefault(code, len(self.tricks) + 1)
        card = self._take_from_hands(code) if held == NO_CARD else held
        self.trick.append(code)
        leader = core.leader
        core.play(card)
        if core.phase == PREMIUM:  # the trick is complete: its winner chooses the premium
            self.tricks.append(
                {
                    "leader": leader,
                    "cards": self.trick,
                    "winner": core.last_winner,
                    "trump": core.trump,
                    "marker": core.marker,
                    "bonuses": self.trick_bonuses,
                    "premium": None,
                    "points": None,
                    "drawn": None,
                }
            )
            self.trick, self.trick_bonuses = [], []

    def _do_premium(self, action: dict[str, Any]) -> None:
        code = action["premium"]
        position = self._premium_position(code)
        if position is None:  # check() refused it
            raise ValueError(f"{code} was not played in the last trick")
        points, drawn = self.core.premium(position)
        self.tricks[-1].update(premium=code, points=points, drawn=drawn)

    def _do_leader(self, action: dict[str, Any]) -> None:
        self.core.name_leader(action["leader"])

    def _take_from_hands(self, code: str) -> int:
        """The card of ``code`` (NO_CARD for no card of this game), out of every hand: it
        lies on the table now, whoever was dealt it."""
        card = self.index.get(code, NO_CARD)
        if card != NO_CARD:
            clear = ~(1 << card)
            masks = self.core.masks
            for seat in range(len(masks)):
                masks[seat] &= clear
        return card

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
