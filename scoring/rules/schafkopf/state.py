"""One Schafkopf deal being played card by card, as recorded: tricks, faults and the result.

The duties and trick winners are ``play.py``'s (``duty``, ``Play``): a State plays on a Play.

The State serves the verifier (lenient: every card is taken as played and its fault noted)
and the arbiter's screen (strict ``play`` raises ``IllegalPlay``; ``legal_plays`` highlights).
Without the dealt hands nobody's duties can be checked; the State then only follows the
cards as they come and learns the Rufspiel partner when the called Sau is played.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation, bot_names
from ..i18n import N_, Text
from .cards import DECK, INDEX, NAME, mask_of
from .contracts import RAMSCH, RUFSPIEL, Contract, contract_fault
from .house import house_rules, rules_for
from .play import (
    EFFECTIVE_SUITS,
    FOLLOW_SUIT,
    LED_WITHOUT_SAU,
    NO_CARD,
    SAU_MUST_BE_PLAYED,
    SEATS,
    STICHZWANG,
    Play,
)
from .result import game_result, ramsch_result
from .tariff import counted_laufende

# Violations after which the recorded cards are not the cards of one deck.
NOT_ONE_DECK = frozenset({"card_played_twice", "unknown_card"})

# Faults a player commits at the table; they decide who pays under ``misplay: offender_pays``.
# (card_not_in_hand, card_played_twice and unknown_card cannot happen with real cards: they
# are errors of the record, so they do not make anybody an offender.)
MISPLAY_RULES = (
    "illegal_contract",
    "follow_suit",
    "called_ace_must_be_played",
    "called_ace_discarded",
    "called_suit_led_without_ace",
    STICHZWANG,
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

    The deal itself is ``core``, a ``play.Play`` (the bit-mask deal the bots play too): its
    ``duty`` says which cards are legal and why a card is not, and it takes the tricks. The
    State adds the codes, the tricks as recorded, the common card rules, Stoß and Retour,
    the violations and the result; a legal card is played without building anything but
    the trick.
    """

    __slots__ = (
        "contract",
        "contract_violations",
        "core",
        "current",
        "dealt",
        "deck",
        "finished",
        "holder",
        "klopfen",
        "ledger",
        "players",
        "retour",
        "schwarz_claimed",
        "settings",
        "stoss",
        "trumps",
        "violations",
    )

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
        house = house_rules(settings)
        self.deck = house.deck
        self.ledger = CardLedger(self.deck.cards, hands, game=NAME)
        # The dealt hands as card indexes in their order (hand() and legal_plays() keep it).
        self.dealt = None if hands is None else [[INDEX[c] for c in hand] for hand in hands]
        masks = [0] * SEATS if self.dealt is None else [mask_of(hand) for hand in hands or ()]
        self.core = Play.of(contract, masks, leader, rules_for(contract, house))
        # Who had each card: the dealt hands when known, else the seat that played it.
        self.holder = {card: seat for seat, hand in enumerate(hands or ()) for card in hand}
        self.current: list[str] = []  # the trick in progress, as recorded
        self.finished: list[Trick] = []
        self.violations: list[Violation] = []  # of the plays, in order
        self.contract_violations: list[Violation] = []
        self.stoss, self.retour = stoss, retour
        self.klopfen = tuple(klopfen)
        self.schwarz_claimed = schwarz_claimed
        if hands is not None and contract.declarer is not None:
            reason = contract_fault(contract, hands[contract.declarer], settings)
            if reason is not None:
                params = {"contract": contract.phrase, "reason": reason}
                violation = Violation(
                    None, contract.declarer, None, "illegal_contract", params, NAME
                )
                self.contract_violations.append(violation)

    def copy(self) -> State:
        twin = object.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.core = self.core.copy()
        twin.ledger = self.ledger.copy()
        twin.holder = dict(self.holder)
        for name in ("current", "finished", "violations", "contract_violations"):
            setattr(twin, name, list(getattr(self, name)))
        return twin

    # --- whose turn, and who plays with whom -------------------------------------------

    @property
    def is_over(self) -> bool:
        """Every card played (a Sie: none to play)."""
        return self.core.over

    @property
    def decided_in(self) -> int | None:
        """The trick (1-based) in which the Bettel's declarer took his first trick."""
        decided = self.core.decided_in
        return None if decided < 0 else decided + 1

    @property
    def complete(self) -> bool:
        """The game's result is known: it is over, or a Bettel was decided (a record may go
        on after that; what it plays is checked but changes nothing)."""
        return self.core.over or self.core.decided_in >= 0

    @property
    def to_play(self) -> int | None:
        return None if self.core.over else self.core.seat

    @property
    def leader(self) -> int:
        """The seat that led (or leads) the trick in progress."""
        return self.core.leader

    @property
    def called_led_in(self) -> int | None:
        """The index of the trick that first led the called suit (None: not yet)."""
        called_in = self.core.called_led_in
        return None if called_in < 0 else called_in

    @property
    def hands(self) -> list[list[str]] | None:
        """The cards each seat still holds, in dealt order (None when unknown)."""
        if self.dealt is None:
            return None
        masks = self.core.masks
        return [
            [DECK[c] for c in hand if masks[seat] >> c & 1] for seat, hand in enumerate(self.dealt)
        ]

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
        if self.dealt is None:
            return None
        mask = self.core.masks[seat]
        return [DECK[card] for card in self.dealt[seat] if mask >> card & 1]

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
        """Cards the seat to play may play (every card not yet played when hands are unknown):
        those of ``core.legal``, in the order of the dealt hand."""
        core = self.core
        if core.over:
            return []
        if self.dealt is None:
            played = self.ledger.played_in
            return [card for card in self.deck.cards if card not in played]
        legal = core.legal
        return [DECK[card] for card in self.dealt[core.seat] if legal >> card & 1]

    def check(self, card: str) -> list[Violation]:
        """Every rule the seat to play would break by playing ``card`` now."""
        core = self.core
        if core.over:
            return [Violation(None, None, card, "game_over", game=NAME)]
        seat, trick = core.seat, core.done + 1
        found = [v for v in (self.ledger.check(trick, seat, card),) if v is not None]
        number = self.deck.index.get(card)
        # A card the seat does not hold still shows which duty it ignored.
        rule, allowed = core.due
        if self.dealt is not None and number is not None and not allowed >> number & 1:
            assert rule is not None  # only a duty allows less than every card
            if rule == STICHZWANG and not core.rules.follow[core.led][1] >> number & 1:
                rule = FOLLOW_SUIT  # not even following: the duty beneath Stichzwang
            found.append(Violation(trick, seat, card, rule, self._duty_params(rule), NAME))
        return found

    def _duty_params(self, rule: str) -> dict[str, Any]:
        """The params of the message of a broken duty (language-free: codes, letters)."""
        core = self.core
        called = self.contract.called
        if rule == FOLLOW_SUIT:
            led = core.led
            tab = core.rules.tables
            held = core.masks[core.seat] & tab.suit_mask[led]
            strongest = max(
                (c for c in range(len(DECK)) if held >> c & 1), key=tab.key[led].__getitem__
            )
            return {"held": DECK[strongest], "suit": EFFECTIVE_SUITS[led]}
        if rule == STICHZWANG:
            heads = core.masks[core.seat] & core.due[1]
            lowest = min(
                (c for c in range(len(DECK)) if heads >> c & 1),
                key=core.rules.key[core.led].__getitem__,
            )
            return {"held": DECK[lowest], "suit": EFFECTIVE_SUITS[core.led]}
        if rule == LED_WITHOUT_SAU:
            count = (core.masks[core.seat] & core.rules.called_mask).bit_count()
            sau, needed = self.contract.called_sau, core.rules.run_away
            return {"sau": sau, "count": count, "needed": needed, "suit": called}
        if rule == SAU_MUST_BE_PLAYED:
            return {"sau": self.contract.called_sau, "suit": called}
        return {"suit": called}  # SAU_DISCARDED

    def play(self, card: str, *, strict: bool = True) -> list[Violation]:
        """Play ``card`` for the seat to play.

        Strict: raise IllegalPlay (naming the first rule broken) and change nothing. Not
        strict: the card is played as recorded, and what it broke is returned and kept in
        ``self.violations`` (how the verifier and an arbiter note what really happened).
        """
        core = self.core
        number = self.deck.index.get(card)
        if number is not None and core.legal >> number & 1:
            # A card of the hand that keeps every duty: no rule to check, nothing to record
            # but the play (legal cards are never unknown, played before or not held).
            found: list[Violation] = []
            self.ledger.played_in[card] = core.done + 1
        else:
            seat = core.seat
            found = self.check(card)
            if core.over or (found and strict):  # after the game, check found game_over
                raise IllegalPlay.of(found[0], self.players)
            self.violations.extend(found)
            self.ledger.record(core.done + 1, seat, card)
            if number is None:
                number = NO_CARD
            elif self.dealt is not None:
                # The card lies on the table now: nobody holds it any more.
                bit = ~(1 << number)
                core.masks = [mask & bit for mask in core.masks]
            else:
                self.holder.setdefault(card, seat)
        current = self.current
        current.append(card)
        leader = core.leader
        core.play(number)
        if len(current) == SEATS:
            self.finished.append(Trick(leader, tuple(current), core.leader))
            self.current = []
        return found

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
        return list(self.core.augen)

    def tricks_per_seat(self) -> list[int]:
        return list(self.core.won)

    def laufende(self) -> int:
        """Counted Laufende: the run of top trumps of one party, by the profile's threshold."""
        party = self.declaring_party
        held = 0  # the cards the party held at the deal, as far as known
        for card, seat in self.holder.items():
            if seat in party:
                held |= 1 << INDEX[card]
        return counted_laufende(self.settings, self.contract.type, self.core.laufende(held))

    def result(self) -> dict[str, Any] | None:
        """The verdict's ``result`` (None until the game is over), scores as played; None
        also when the recorded cards are not one deck (a card twice, a card of no deck):
        their Augen need not add up to 120, and no score follows from them."""
        if not self.complete:
            return None
        if any(violation.rule in NOT_ONE_DECK for violation in self.all_violations()):
            return None
        return ramsch_result(self) if self.contract.type == RAMSCH else game_result(self)

    def first_misplay(self) -> Violation | None:
        """The first misplay (see MISPLAY_RULES) before the game was over, or None: in a
        Bettel decided in trick n, what was played after trick n changes nothing."""
        last = self.decided_in
        return next(
            (
                v
                for v in self.all_violations()
                if v.rule in MISPLAY_RULES and (last is None or v.trick is None or v.trick <= last)
            ),
            None,
        )

    def offender(self) -> int | None:
        """The seat of the first misplay (``first_misplay``), or None."""
        misplay = self.first_misplay()
        return None if misplay is None else misplay.seat

    def schwarz_scored(self) -> bool:
        """Whether a Schwarz counts: always, or when claimed (``schwarz_must_be_claimed``)."""
        return not self.settings["schwarz_must_be_claimed"] or self.schwarz_claimed


def _announcement_fault(rule: str, seat: int, reason: Text | None) -> Violation | None:
    if reason is None:
        return None
    return Violation(1, seat, None, rule, {"reason": reason}, NAME)
