"""One Schatzsuche round being played: duties, trick winners and the round's result.

``State`` is what the verifier walks a record with and what the web app will let an arbiter
tap through: ``legal_plays()`` for the highlighted cards, ``play(card)`` to play (strict) or
``play(card, strict=False)`` to record an illegal card anyway and learn what it broke.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation, add_messages, bot_names
from ..i18n import N_
from .cards import CODES, INDEX, PLAYERS, POWER, SUIT_MASKS, SUIT_TEXTS, cards_in, highest, mask_of
from .scores import (
    DEFAULT_PROFILE,
    NAME,
    PROFILES,
    SUITS,
    first_leader,
    golden_bonuses,
    round_scores,
)

# The duties of a player who is not leading; they need the hands to be checked.
REVOKE_RULES = ("follow_suit", "must_trump")
# "Farbkarten": playing a suit the player has shown to be void in (by not following it, or
# by not trumping when he had to); the plays alone prove it, and each one costs 30 points.
SHOWN_VOID = "revoke"

# Params stay language-free: ``suit`` (a letter) reads as ``{suit_name}``.
add_messages(
    NAME,
    {
        "follow_suit": N_("{player} played {card} but held {held} of the led suit {suit_name}"),
        "must_trump": N_(
            "{player} played {card} but had no {suit_name} and held the trump {held}, "
            "so had to trump"
        ),
        SHOWN_VOID: N_(
            "{player} played {card} of {suit_name} after showing to have no {suit_name} "
            "in trick {shown} (Farbkarten: 30 penalty points)"
        ),
        "bid_sum_equals_round": N_(
            "{player} bid {bid} last, so the bids add up to the round's {round} tricks"
        ),
        "round_over": N_("{player} played {card} after the round's last trick"),
    },
    names={"suit": SUIT_TEXTS},
)


def duty(
    hand: int, led_suit: int | None, trump_suit: int, trick_trumped: bool, trump_always: bool
) -> tuple[str | None, int]:
    """The duty binding a player and the cards it allows: (rule, mask) or (None, hand).

    schatzsuche.md, "Play": a player who is not leading must follow the led suit; if he
    cannot, he must trump, unless a trump is already in this trick (``trump_duty``
    ``unless_trick_trumped``) — under ``always`` he must trump whenever he can.
    """
    if led_suit is None:
        return None, hand
    same_suit = hand & SUIT_MASKS[led_suit]
    if same_suit:
        return "follow_suit", same_suit
    trumps = hand & SUIT_MASKS[trump_suit]
    if trumps and (trump_always or not trick_trumped):
        return "must_trump", trumps
    return None, hand


class State:
    """A round from the first lead to the last card; seats are 0..2, tricks 1-based.

    ``hands`` are the dealt hands as card codes, or None when unknown: then nothing limits
    the plays and the duties go unchecked. ``golden`` is round 10's
    ``{"card": code, "guesses": [{"suit": .., "rank": ..}] * 3}``. The arguments are
    trusted; ``verification.read_round`` checks a record's before building one.
    """

    def __init__(
        self,
        *,
        round_number: int,
        dealer: int,
        trump_card: str,
        bids: Sequence[int],
        hands: Sequence[Sequence[str]] | None = None,
        golden: dict[str, Any] | None = None,
        settings: dict[str, Any] | None = None,
        players: Sequence[str] | None = None,
    ):
        self.settings = dict(PROFILES[DEFAULT_PROFILE]) if settings is None else settings
        self.players = list(players) if players is not None else bot_names(PLAYERS)
        self.round_number = round_number
        self.dealer = dealer
        self.trump_card = trump_card
        self.trump_suit = INDEX[trump_card] >> 3
        self.bids = list(bids)
        self.golden = golden
        out_of_play = [trump_card] if golden is None else [trump_card, golden["card"]]
        self.ledger = CardLedger(CODES, hands, out_of_play, game=NAME)
        self.hands = None if hands is None else [mask_of(INDEX[c] for c in h) for h in hands]
        self.leader = first_leader(dealer, PLAYERS)
        self.trick: list[int | None] = []  # card numbers; None for a code that is no card
        self.trick_codes: list[str] = []
        self.finished: list[dict[str, Any]] = []
        self.tricks_won = [0] * PLAYERS
        self.violations: list[Violation] = []
        # Per seat: suit -> the trick in which he showed to have none (his turned Farbkarten).
        self.shown_void: list[dict[int, int]] = [{} for _ in range(PLAYERS)]

    def copy(self) -> State:
        twin = object.__new__(State)
        twin.__dict__.update(self.__dict__)
        twin.ledger = self.ledger.copy()
        twin.hands = None if self.hands is None else list(self.hands)
        for name in ("trick", "trick_codes", "finished", "tricks_won", "violations"):
            setattr(twin, name, list(getattr(self, name)))
        twin.shown_void = [dict(suits) for suits in self.shown_void]
        return twin

    @property
    def is_over(self) -> bool:
        return len(self.finished) == self.round_number

    @property
    def to_play(self) -> int | None:
        return None if self.is_over else (self.leader + len(self.trick)) % PLAYERS

    @property
    def trick_number(self) -> int:
        return len(self.finished) + 1

    @property
    def led_suit(self) -> int | None:
        """The suit of the trick's first card (of its first real card, if the lead was no
        card at all, so that an unknown code does not void the rest of the trick)."""
        return next((card >> 3 for card in self.trick if card is not None), None)

    @property
    def trick_trumped(self) -> bool:
        return any(card >> 3 == self.trump_suit for card in self.trick if card is not None)

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """Finished tricks, then the one in progress (``winner: None``), as in verdicts."""
        if not self.trick:
            return list(self.finished)
        current = {"leader": self.leader, "cards": list(self.trick_codes), "winner": None}
        return [*self.finished, current]

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds (None when the hands are unknown)."""
        return None if self.hands is None else [CODES[c] for c in cards_in(self.hands[seat])]

    def legal_plays(self) -> list[str]:
        """The cards the player to act may play; without hands, every card not yet seen."""
        seat = self.to_play
        if seat is None:
            return []
        if self.hands is None:
            seen = self.ledger.played_in.keys() | self.ledger.out_of_play
            return [code for code in CODES if code not in seen]
        _, allowed = self._duty(self.hands[seat])
        return [CODES[card] for card in cards_in(allowed)]

    def check(self, card: str) -> list[Violation]:
        """Every rule the player to act would break by playing ``card`` now."""
        seat, trick = self.to_play, self.trick_number
        if seat is None:
            return [Violation(None, None, card, "round_over", game=NAME)]
        found = [v for v in (self.ledger.check(trick, seat, card),) if v is not None]
        number = INDEX.get(card)
        if number is not None and (number >> 3) in self.shown_void[seat]:
            suit = number >> 3
            params = {"shown": self.shown_void[seat][suit], "suit": SUITS[suit]}
            found.append(Violation(trick, seat, card, SHOWN_VOID, params, NAME))
        if self.hands is None or number is None:
            return found
        rule, allowed = self._duty(self.hands[seat])
        led = self.led_suit
        suit = number >> 3
        # A card of the led suit or of the duty's suit keeps the duty, even one not held.
        if rule is not None and led is not None and suit != led and not allowed & SUIT_MASKS[suit]:
            params = {"held": CODES[highest(allowed)], "suit": SUITS[led]}
            found.append(Violation(trick, seat, card, rule, params, NAME))
        return found

    def play(self, card: str, *, strict: bool = True) -> list[Violation]:
        """Play ``card`` for the player to act.

        Strict: raise IllegalPlay (naming the first rule broken) and change nothing. Not
        strict: the card is played as recorded and the violations are returned and kept in
        ``self.violations`` — how the verifier and an arbiter record what really happened.
        """
        seat = self.to_play
        found = self.check(card)
        if seat is None or (found and strict):  # after the round, check found round_over
            raise IllegalPlay.of(found[0], self.players)
        self.violations.extend(found)
        self.ledger.record(self.trick_number, seat, card)
        number = INDEX.get(card)
        if self.hands is not None and number is not None:
            # The card lies on the table now, whoever was dealt it: nobody holds it any more.
            self.hands = [hand & ~(1 << number) for hand in self.hands]
        if number is not None:
            self._turn_farbkarten(seat, number >> 3)
        self.trick.append(number)
        self.trick_codes.append(card)
        if len(self.trick) == PLAYERS:
            self._finish_trick()
        return found

    def result(self) -> dict[str, Any] | None:
        """The verdict's result: scores (golden bonus in, penalties out) and the detail;
        None until the round is over."""
        if not self.is_over:
            return None
        if self.golden is None:
            bonuses = [0] * PLAYERS
        else:
            guesses = [(guess["suit"], guess["rank"]) for guess in self.golden["guesses"]]
            bonuses = golden_bonuses(guesses, self.golden["card"], self.settings["golden_both"])
        penalties = [0] * PLAYERS
        if self.settings["farbkarten"]:
            for violation in self.violations:
                if violation.rule == SHOWN_VOID and violation.seat is not None:
                    penalties[violation.seat] += 1
        return {
            "scores": round_scores(self.round_number, self.bids, self.tricks_won, bonuses),
            "tricks_won": list(self.tricks_won),
            "bids": list(self.bids),
            "golden_card": None if self.golden is None else self.golden["card"],
            "golden_bonus": bonuses,
            "penalties": penalties,
        }

    def _turn_farbkarten(self, seat: int, suit: int) -> None:
        """What ``seat`` shows by playing ``suit`` now (the rulebook's example: hearts trump,
        spades led, a diamond played — spades and hearts are turned)."""
        led = self.led_suit
        if led is None or suit == led:
            return
        shown = self.shown_void[seat]
        shown.setdefault(led, self.trick_number)
        trump_due = self.settings["trump_duty"] == "always" or not self.trick_trumped
        if suit != self.trump_suit and trump_due:
            shown.setdefault(self.trump_suit, self.trick_number)

    def _duty(self, hand: int) -> tuple[str | None, int]:
        trump_always = self.settings["trump_duty"] == "always"
        return duty(hand, self.led_suit, self.trump_suit, self.trick_trumped, trump_always)

    def _finish_trick(self) -> None:
        led = self.led_suit
        winner = self.leader
        if led is not None:
            power = POWER[self.trump_suit][led]
            best = -2
            for offset, card in enumerate(self.trick):
                if card is not None and power[card] > best:
                    best, winner = power[card], (self.leader + offset) % PLAYERS
        self.finished.append({"leader": self.leader, "cards": self.trick_codes, "winner": winner})
        self.tricks_won[winner] += 1
        self.leader = winner
        self.trick, self.trick_codes = [], []
