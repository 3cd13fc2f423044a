"""One Schatzsuche round being played, as recorded: codes, tricks, violations and result.

The duties and trick winners are ``play.py``'s (``duty``, ``Play``): a State plays on a Play.

``State`` is what the verifier walks a record with and what the web app will let an arbiter
tap through: ``legal_plays()`` for the highlighted cards, ``play(card)`` to play (strict) or
``play(card, strict=False)`` to record an illegal card anyway and learn what it broke.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation, add_messages, bot_names
from ..i18n import N_
from .cards import CODES, INDEX, PLAYERS, SUIT_MASKS, SUIT_TEXTS, cards_in, highest, mask_of
from .play import NO_CARD, Play, trump_due
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
CODE_SET = frozenset(CODES)
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


class State:
    """A round from the first lead to the last card; seats are 0..2, tricks 1-based.

    ``hands`` are the dealt hands as card codes, or None when unknown: then nothing limits
    the plays and the duties go unchecked. ``golden`` is round 10's
    ``{"card": code, "guesses": [{"suit": .., "rank": ..}] * 3}``. The arguments are
    trusted; ``verification.read_round`` checks a record's before building one.

    The round itself is ``core``, a ``play.Play`` (the bit-mask round the bots play too):
    ``legal_plays()`` are the codes of its ``legal`` cards, its ``duty`` judges a card, and
    it takes the tricks. The State adds the card codes, the tricks as recorded, the common
    card rules, Farbkarten and the violations; a legal card is played without building
    anything but the trick.
    """

    __slots__ = (
        "bids",
        "core",
        "dealer",
        "finished",
        "golden",
        "known",
        "ledger",
        "players",
        "round_number",
        "settings",
        "shown_void",
        "trick",
        "trick_codes",
        "trump_card",
        "violations",
    )

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
        self.bids = list(bids)
        self.golden = golden
        out_of_play = [trump_card] if golden is None else [trump_card, golden["card"]]
        self.ledger = CardLedger(CODE_SET, hands, out_of_play, game=NAME)
        self.known = hands is not None
        masks = [0] * PLAYERS if hands is None else [mask_of(INDEX[c] for c in h) for h in hands]
        self.core = Play(
            masks,
            INDEX[trump_card] >> 3,
            round_number,
            first_leader(dealer, PLAYERS),
            self.settings["trump_duty"] == "always",
        )
        self.trick: list[int | None] = []  # card numbers; None for a code that is no card
        self.trick_codes: list[str] = []
        self.finished: list[dict[str, Any]] = []
        self.violations: list[Violation] = []
        # Per seat: suit -> the trick in which he showed to have none (his turned Farbkarten).
        self.shown_void: list[dict[int, int]] = [{} for _ in range(PLAYERS)]

    def copy(self) -> State:
        twin = object.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.core = self.core.copy()
        twin.ledger = self.ledger.copy()
        for name in ("trick", "trick_codes", "finished", "violations"):
            setattr(twin, name, list(getattr(self, name)))
        twin.shown_void = [dict(suits) for suits in self.shown_void]
        return twin

    @property
    def hands(self) -> list[int] | None:
        """The cards each seat still holds, as masks (None when the hands are unknown)."""
        return self.core.masks if self.known else None

    @property
    def trump_suit(self) -> int:
        return self.core.trump

    @property
    def leader(self) -> int:
        return self.core.leader

    @property
    def tricks_won(self) -> list[int]:
        return self.core.won

    @property
    def is_over(self) -> bool:
        return self.core.over

    @property
    def to_play(self) -> int | None:
        return None if self.core.over else self.core.seat

    @property
    def trick_number(self) -> int:
        return self.core.done + 1

    @property
    def led_suit(self) -> int | None:
        """The suit of the trick's first card (of its first real card, if the lead was no
        card at all, so that an unknown code does not void the rest of the trick)."""
        led = self.core.led
        return None if led < 0 else led

    @property
    def trick_trumped(self) -> bool:
        return self.core.trumped

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """Finished tricks, then the one in progress (``winner: None``), as in verdicts."""
        if not self.trick:
            return list(self.finished)
        current = {"leader": self.core.leader, "cards": list(self.trick_codes), "winner": None}
        return [*self.finished, current]

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds (None when the hands are unknown)."""
        return [CODES[c] for c in cards_in(self.core.masks[seat])] if self.known else None

    def legal_plays(self) -> list[str]:
        """The cards the player to act may play; without hands, every card not yet seen."""
        if self.core.over:
            return []
        if not self.known:
            seen = self.ledger.played_in.keys() | self.ledger.out_of_play
            return [code for code in CODES if code not in seen]
        return [CODES[card] for card in cards_in(self.core.legal)]

    def check(self, card: str) -> list[Violation]:
        """Every rule the player to act would break by playing ``card`` now."""
        core = self.core
        if core.over:
            return [Violation(None, None, card, "round_over", game=NAME)]
        seat, trick = core.seat, core.done + 1
        found = [v for v in (self.ledger.check(trick, seat, card),) if v is not None]
        number = INDEX.get(card)
        if number is not None and (number >> 3) in self.shown_void[seat]:
            suit = number >> 3
            params = {"shown": self.shown_void[seat][suit], "suit": SUITS[suit]}
            found.append(Violation(trick, seat, card, SHOWN_VOID, params, NAME))
        if not self.known or number is None:
            return found
        rule, allowed, suit = core.rule, core.legal, number >> 3
        # A card of the led suit or of the duty's suit keeps the duty, even one not held.
        if rule is not None and suit != core.led and not allowed & SUIT_MASKS[suit]:
            params = {"held": CODES[highest(allowed)], "suit": SUITS[core.led]}
            found.append(Violation(trick, seat, card, rule, params, NAME))
        return found

    def play(self, card: str, *, strict: bool = True) -> list[Violation]:
        """Play ``card`` for the player to act.

        Strict: raise IllegalPlay (naming the first rule broken) and change nothing. Not
        strict: the card is played as recorded and the violations are returned and kept in
        ``self.violations`` — how the verifier and an arbiter record what really happened.
        """
        core = self.core
        number = INDEX.get(card)
        seat = core.seat
        if (
            number is not None
            and core.legal >> number & 1
            and (number >> 3) not in self.shown_void[seat]
        ):
            # A card of the hand that keeps the duty: no rule to check, nothing to record
            # but the play (legal cards are never unknown, played before or not held).
            found: list[Violation] = []
            self.ledger.played_in[card] = core.done + 1
        else:
            found = self.check(card)
            if core.over or (found and strict):  # after the round, check found round_over
                raise IllegalPlay.of(found[0], self.players)
            self.violations.extend(found)
            self.ledger.record(core.done + 1, seat, card)
            if number is None:
                number = NO_CARD
            elif self.known:
                # The card lies on the table now, whoever was dealt it: nobody holds it any more.
                bit = ~(1 << number)
                core.masks = [mask & bit for mask in core.masks]
        if number != NO_CARD and 0 <= core.led != number >> 3:  # not following the led suit
            self._turn_farbkarten(seat, number >> 3)
        self.trick.append(None if number == NO_CARD else number)
        self.trick_codes.append(card)
        leader = core.leader
        core.play(number)
        if core.count == 0:  # the trick is complete; its winner leads the next
            trick = {"leader": leader, "cards": self.trick_codes, "winner": core.leader}
            self.finished.append(trick)
            self.trick, self.trick_codes = [], []
        return found

    def result(self) -> dict[str, Any] | None:
        """The verdict's result: scores (golden bonus in, penalties out) and the detail;
        None until the round is over."""
        if not self.core.over:
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
        won = self.core.won
        return {
            "scores": round_scores(self.round_number, self.bids, won, bonuses),
            "tricks_won": list(won),
            "bids": list(self.bids),
            "golden_card": None if self.golden is None else self.golden["card"],
            "golden_bonus": bonuses,
            "penalties": penalties,
        }

    def _turn_farbkarten(self, seat: int, suit: int) -> None:
        """What ``seat`` shows by playing ``suit`` now (the rulebook's example: hearts trump,
        spades led, a diamond played — spades and hearts are turned): the led suit, and
        trump when the duty to trump applied (``play.trump_due``) and he did not trump."""
        core = self.core
        led = core.led
        if led < 0 or suit == led:
            return
        shown = self.shown_void[seat]
        trick = core.done + 1
        shown.setdefault(led, trick)
        if suit != core.trump and trump_due(core.trumped, core.trump_always):
            shown.setdefault(core.trump, trick)
