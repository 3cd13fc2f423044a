"""One Schafkopf deal being played card by card: duties, tricks and the scored result.

The State serves the verifier (lenient: every card is taken as played and its fault noted)
and the arbiter's screen (strict ``play`` raises ``IllegalPlay``; ``legal_plays`` highlights).
Without the dealt hands nobody's duties can be checked; the State then only follows the
cards as they come and learns the Rufspiel partner when the called Sau is played.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation, bot_names
from ..i18n import N_, Text
from .cards import AUGEN, DECK, NAME, TRICKS
from .contracts import RAMSCH, RUFSPIEL, SIE, Contract, contract_fault, laufende_run
from .result import game_result, ramsch_result
from .tariff import counted_laufende

SEATS = 4
# Faults a player commits at the table; they decide who pays under ``misplay: offender_pays``.
# (card_not_in_hand, card_played_twice and unknown_card cannot happen with real cards: they
# are errors of the record, so they do not make anybody an offender.)
MISPLAY_RULES = (
    "illegal_contract",
    "follow_suit",
    "called_ace_must_be_played",
    "called_ace_discarded",
    "called_suit_led_without_ace",
)
HAND_CHECKS = ("illegal_contract", "card_not_in_hand", *MISPLAY_RULES[1:])


@dataclass(frozen=True, slots=True)
class Trick:
    """A finished trick."""

    leader: int
    cards: tuple[str, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


class State:
    """A deal from the first card on; seats 0..3, tricks 1-based in violations.

    ``hands`` are the dealt hands (None when unknown: then nothing limits the plays and the
    duties go unchecked). ``players`` are the names used in messages. The arguments are
    trusted; ``record.verify_record`` checks a record's keys before building one.
    """

    def __init__(
        self,
        contract: Contract,
        settings: Mapping[str, Any],
        *,
        leader: int,
        hands: Sequence[Sequence[str]] | None = None,
        players: Sequence[str] | None = None,
        stoss: int | None = None,
        retour: int | None = None,
        klopfen: Sequence[int] = (),
        schwarz_claimed: bool = False,
    ):
        self.contract = contract
        self.settings = settings
        self.trumps = contract.trumps
        self.players = list(players) if players else bot_names(SEATS)
        self.ledger = CardLedger(DECK, hands, game=NAME)
        self.hands = [list(hand) for hand in hands] if hands is not None else None
        # Who had each card: the dealt hands when known, else the seat that played it.
        self.holder = {card: seat for seat, hand in enumerate(hands or ()) for card in hand}
        self.leader = leader
        self.current: list[str] = []
        self.finished: list[Trick] = []
        self.called_led_in: int | None = None  # index of the trick that first led the called suit
        self.violations: list[Violation] = []  # of the plays, in order
        self.contract_violations: list[Violation] = []
        self.stoss, self.retour = stoss, retour
        self.klopfen = tuple(klopfen)
        self.schwarz_claimed = schwarz_claimed
        if self.hands is not None and contract.declarer is not None:
            reason = contract_fault(contract, self.hands[contract.declarer], settings)
            if reason is not None:
                params = {"contract": contract.phrase, "reason": reason}
                violation = Violation(
                    None, contract.declarer, None, "illegal_contract", params, NAME
                )
                self.contract_violations.append(violation)

    def copy(self) -> State:
        twin = copy.copy(self)
        twin.ledger = self.ledger.copy()
        twin.hands = [list(hand) for hand in self.hands] if self.hands is not None else None
        twin.holder = dict(self.holder)
        for name in ("current", "finished", "violations", "contract_violations"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    # --- whose turn, and who plays with whom -------------------------------------------

    @property
    def is_over(self) -> bool:
        return self.contract.type == SIE or len(self.finished) == TRICKS

    @property
    def to_play(self) -> int | None:
        return None if self.is_over else (self.leader + len(self.current)) % SEATS

    @property
    def cards_played(self) -> int:
        return SEATS * len(self.finished) + len(self.current)

    @property
    def trick_number(self) -> int:
        return len(self.finished) + 1

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """Finished tricks, then the one in progress (``winner: None``), as in verdicts."""
        done = [trick.to_json() for trick in self.finished]
        if self.current:
            done.append({"leader": self.leader, "cards": list(self.current), "winner": None})
        return done

    def hand(self, seat: int) -> list[str] | None:
        """The cards ``seat`` still holds (None when the hands are unknown)."""
        return None if self.hands is None else list(self.hands[seat])

    @property
    def partner(self) -> int | None:
        """The holder of the called Sau (once known), unless that is the declarer himself."""
        sau = self.contract.called_sau
        seat = self.holder.get(sau) if sau else None
        return None if seat == self.contract.declarer else seat

    @property
    def partner_known(self) -> bool:
        return self.contract.type != RUFSPIEL or self.contract.called_sau in self.holder

    @property
    def declaring_party(self) -> list[int]:
        declarer = self.contract.declarer
        if self.contract.type == RAMSCH or declarer is None:
            return []
        partner = self.partner
        return [declarer] + ([partner] if partner is not None else [])

    # --- playing -----------------------------------------------------------------------

    def legal_plays(self) -> list[str]:
        """Cards the seat to play may play (every card not yet played when hands are unknown)."""
        seat = self.to_play
        if seat is None:
            return []
        if self.hands is None:
            return [card for card in DECK if card not in self.ledger.played_in]
        return [card for card in self.hands[seat] if self._duty_fault(seat, card) is None]

    def check(self, card: str) -> list[Violation]:
        """Every rule the seat to play would break by playing ``card`` now."""
        seat, trick = self.to_play, self.trick_number
        if seat is None:
            return [Violation(None, None, card, "game_over", game=NAME)]
        found = [v for v in (self.ledger.check(trick, seat, card),) if v is not None]
        if self.hands is not None and card in AUGEN:
            # A card the seat does not hold still shows which duty it ignored.
            duty = self._duty_fault(seat, card)
            if duty is not None:
                found.append(Violation(trick, seat, card, *duty, game=NAME))
        return found

    def play(self, card: str, *, strict: bool = True) -> list[Violation]:
        """Play ``card`` for the seat to play.

        Strict: raise IllegalPlay (naming the first rule broken) and change nothing. Not
        strict: the card is played as recorded, and what it broke is returned and kept in
        ``self.violations`` (how the verifier and an arbiter note what really happened).
        """
        seat = self.to_play
        found = self.check(card)
        if seat is None or (found and strict):  # after the game, check found game_over
            raise IllegalPlay.of(found[0], self.players)
        self.violations.extend(found)
        self.ledger.record(self.trick_number, seat, card)
        if self.hands is not None:
            for hand in self.hands:  # the card lies on the table now: nobody holds it any more
                if card in hand:
                    hand.remove(card)
        else:
            self.holder.setdefault(card, seat)
        called = self.contract.called
        leads_called = called and not self.current and self.trumps.suit_of.get(card) == called
        if leads_called and self.called_led_in is None:
            self.called_led_in = len(self.finished)
        self.current.append(card)
        if len(self.current) == SEATS:
            winner = (self.leader + self.trumps.winning_index(self.current)) % SEATS
            self.finished.append(Trick(self.leader, tuple(self.current), winner))
            self.leader, self.current = winner, []
        return found

    def _duty_fault(self, seat: int, card: str) -> tuple[str, dict[str, Any]] | None:
        """The duty ``card`` breaks for ``seat``, as (rule, params); None if it breaks none."""
        if self.hands is None:
            raise ValueError("the duties need the dealt hands")
        hand, suit_of = self.hands[seat], self.trumps.suit_of
        called, sau = self.contract.called, self.contract.called_sau
        # The called-Sau duties bind its holder only until the called suit is first led.
        sau_duty = (
            called is not None
            and sau in hand
            and seat != self.contract.declarer
            and self.called_led_in in (None, len(self.finished))
        )
        if not self.current:
            if sau_duty and suit_of[card] == called and card != sau:
                count = sum(1 for held in hand if suit_of[held] == called)
                if count < 4:  # davonlaufen needs 4 cards of the suit, Sau counted, O/U not
                    params = {"sau": sau, "count": count, "suit": called}
                    return "called_suit_led_without_ace", params
            return None
        led = suit_of.get(self.current[0])
        if sau_duty and led == called:
            if card != sau:
                return "called_ace_must_be_played", {"sau": sau, "suit": called}
            return None
        if led is not None and suit_of[card] != led:
            same = [held for held in hand if suit_of[held] == led]
            if same:
                strongest = max(same, key=self.trumps.strength.__getitem__)
                return "follow_suit", {"held": strongest, "suit": led}
        if sau_duty and card == sau and len(self.finished) < TRICKS - 1:
            return "called_ace_discarded", {"suit": called}
        return None

    # --- Stoß, Retour -----------------------------------------------------------------

    def say_stoss(self, seat: int, strict: bool = True) -> None:
        """An opponent of the declaring party doubles, before the second card is played."""
        if strict:
            self._raise_fault(self._window_fault("stoss_not_allowed", seat, self.stoss))
            self._raise_fault(self._stoss_fault(seat))
        self.stoss = seat

    def say_retour(self, seat: int, strict: bool = True) -> None:
        """The declaring party answers a Stoß, within the same window."""
        if strict:
            self._raise_fault(self._window_fault("retour_not_allowed", seat, self.retour))
            self._raise_fault(self._retour_fault(seat))
        self.retour = seat

    def _window_fault(self, rule: str, seat: int, said: int | None) -> Violation | None:
        if said is not None:
            return _announcement_fault(rule, seat, N_("it was said already"))
        if self.cards_played >= 2:
            return _announcement_fault(rule, seat, N_("the second card has been played"))
        return None

    def _raise_fault(self, violation: Violation | None) -> None:
        if violation is not None:
            raise IllegalPlay.of(violation, self.players)

    def _stoss_fault(self, seat: int) -> Violation | None:
        reason: Text | None = None
        if not self.settings["allow_stoss"]:
            reason = N_("this profile has no Stoß")
        elif self.contract.type == RAMSCH:
            reason = N_("a Ramsch has no declaring party")
        elif seat in self.declaring_party:
            reason = N_("he belongs to the declaring party")
        return _announcement_fault("stoss_not_allowed", seat, reason)

    def _retour_fault(self, seat: int) -> Violation | None:
        if self.stoss is None:
            return Violation(1, seat, None, "retour_without_stoss", game=NAME)
        reason: Text | None = None
        if not self.settings["allow_retour"]:
            reason = N_("this profile has no Retour")
        elif seat not in self.declaring_party and self.partner_known:
            reason = N_("only the declaring party can answer a Stoß")
        return _announcement_fault("retour_not_allowed", seat, reason)

    @property
    def stoss_counts(self) -> bool:
        return self.stoss is not None and self._stoss_fault(self.stoss) is None

    @property
    def retour_counts(self) -> bool:
        return (
            self.stoss_counts
            and self.retour is not None
            and self._retour_fault(self.retour) is None
        )

    def announcement_faults(self) -> list[Violation]:
        """Faults of the Stoß/Retour as recorded, judged with what is known now.

        A void Stoß (or a Retour to it) does not double; a Retour after a void Stoß is void
        without a fault of its own. While a Rufspiel partner is unknown, only the declarer
        counts as the declaring party.
        """
        found = [self._stoss_fault(self.stoss)] if self.stoss is not None else []
        if self.retour is not None and (self.stoss is None or found[0] is None):
            found.append(self._retour_fault(self.retour))
        return [fault for fault in found if fault is not None]

    def all_violations(self) -> list[Violation]:
        """Every fault so far: the contract, then Stoß/Retour, then the plays in order."""
        return [*self.contract_violations, *self.announcement_faults(), *self.violations]

    # --- the result --------------------------------------------------------------------

    def augen_per_seat(self) -> list[int]:
        augen = [0] * SEATS
        for trick in self.finished:
            augen[trick.winner] += sum(AUGEN.get(card, 0) for card in trick.cards)
        return augen

    def tricks_per_seat(self) -> list[int]:
        won = [0] * SEATS
        for trick in self.finished:
            won[trick.winner] += 1
        return won

    def laufende(self) -> int:
        """Counted Laufende: the run of top trumps of one party, by the profile's threshold."""
        party = self.declaring_party
        run = laufende_run(self.holder.get(card) in party for card in self.trumps.order)
        return counted_laufende(self.settings, self.contract.type, run)

    def result(self) -> dict[str, Any] | None:
        """The verdict's ``result`` (None until the game is over), scores as played."""
        if not self.is_over:
            return None
        return ramsch_result(self) if self.contract.type == RAMSCH else game_result(self)

    def offender(self) -> int | None:
        """The seat of the first misplay (see MISPLAY_RULES), or None."""
        return next((v.seat for v in self.all_violations() if v.rule in MISPLAY_RULES), None)

    def schwarz_scored(self) -> bool:
        """Whether a Schwarz counts: always, or when claimed (``schwarz_must_be_claimed``)."""
        return not self.settings["schwarz_must_be_claimed"] or self.schwarz_claimed


def _announcement_fault(rule: str, seat: int, reason: Text | None) -> Violation | None:
    if reason is None:
        return None
    return Violation(1, seat, None, rule, {"reason": reason}, NAME)
