"""One Skat deal being played card by card, as recorded: tricks, violations and the result.

The duty to follow and the trick winner are ``play.py``'s: a State plays on a ``Play``
(``core``). The State adds the codes, the tricks as recorded, the common card rules
(``CardLedger``), the Skat and the discard, Kontra/Re, the violations and the result.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ..core import CardLedger, IllegalPlay, Violation, bot_names
from .cards import AUGEN, DECK, INDEX, NAME, SEATS, mask_of
from .contracts import EINGEPASST, NULL, RAMSCH, Contract
from .play import EFFECTIVE_SUITS, FOLLOW_SUIT, NO_CARD, Play, order_of, tables_of
from .result import Misplay, decided, game_result, passed_result, ramsch_result

NOT_ONE_DECK = frozenset({"card_played_twice", "unknown_card"})
MISPLAY_RULES = (FOLLOW_SUIT,)
HAND_CHECKS = ("card_not_in_hand", FOLLOW_SUIT)


@dataclass(frozen=True, slots=True)
class Trick:
    leader: int
    cards: tuple[str, ...]
    winner: int

    def to_json(self) -> dict[str, Any]:
        return {"leader": self.leader, "cards": list(self.cards), "winner": self.winner}


class State:
    """A deal from the first card on; seats 0 Vorhand, 1 Mittelhand, 2 Hinterhand.

    ``hands`` are the cards each seat plays with (the declarer's after taking the Skat and
    discarding; None when unknown: then the duties go unchecked). ``laid_away`` are the two
    cards out of play (the discard, or the Skat of a Hand game or Ramsch) when known: they
    count for the declarer (Ramsch: for the winner of the last trick). ``matadors`` are the
    declarer's (``values.matadors_of`` of his twelve cards). Arguments are trusted;
    ``record.verify_record`` checks a record's keys before building one.
    """

    __slots__ = (
        "bid",
        "contract",
        "core",
        "current",
        "dealt",
        "finished",
        "kontra",
        "laid_away",
        "ledger",
        "matadors",
        "players",
        "re",
        "settings",
        "violations",
    )

    def __init__(
        self,
        contract: Contract,
        settings: Mapping[str, Any],
        *,
        hands: Sequence[Sequence[str]] | None = None,
        laid_away: Sequence[str] = (),
        players: Sequence[str] | None = None,
        bid: int = 18,
        matadors: int | None = None,
        kontra: int | None = None,
        re: int | None = None,
    ):
        self.contract = contract
        self.settings = settings
        self.players = list(players) if players else bot_names(SEATS)
        self.bid, self.matadors = bid, matadors
        self.kontra, self.re = kontra, re
        self.laid_away = tuple(laid_away)
        self.ledger = CardLedger(DECK, hands, self.laid_away, game=NAME)
        self.dealt = None if hands is None else [[INDEX[c] for c in hand] for hand in hands]
        masks = [0] * SEATS if hands is None else [mask_of(hand) for hand in hands]
        declarer = -1 if contract.declarer is None else contract.declarer
        tables = tables_of(order_of(contract.type, contract.trump_suit))
        self.core = Play(tables, masks, 0, declarer if contract.type == NULL else -1)
        if contract.type == EINGEPASST:
            self.core.over, self.core.legal = True, 0
        self.current: list[str] = []
        self.finished: list[Trick] = []
        self.violations: list[Violation] = []

    def copy(self) -> State:
        twin = object.__new__(State)
        for name in State.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.core = self.core.copy()
        twin.ledger = self.ledger.copy()
        twin.current, twin.finished = list(self.current), list(self.finished)
        twin.violations = list(self.violations)
        return twin

    @property
    def is_over(self) -> bool:
        return self.core.over

    complete = is_over

    @property
    def to_play(self) -> int | None:
        return None if self.core.over else self.core.seat

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """Finished tricks, then the one in progress (``winner: None``), as in verdicts."""
        done = [trick.to_json() for trick in self.finished]
        if self.current:
            done.append({"leader": self.core.leader, "cards": list(self.current), "winner": None})
        return done

    def hand(self, seat: int) -> list[str] | None:
        if self.dealt is None:
            return None
        mask = self.core.masks[seat]
        return [DECK[card] for card in self.dealt[seat] if mask >> card & 1]

    def legal_plays(self) -> list[str]:
        """The cards the seat to play may play, in the order of his hand (every card not yet
        seen when the hands are unknown)."""
        core = self.core
        if core.over:
            return []
        if self.dealt is None:
            seen = self.ledger.played_in
            return [c for c in DECK if c not in seen and c not in self.laid_away]
        legal = core.legal
        return [DECK[card] for card in self.dealt[core.seat] if legal >> card & 1]

    def check(self, card: str) -> list[Violation]:
        """Every rule the seat to play would break by playing ``card`` now."""
        core = self.core
        if core.over:
            return [Violation(None, None, card, "game_over", game=NAME)]
        seat, trick = core.seat, core.done + 1
        found = [v for v in (self.ledger.check(trick, seat, card),) if v is not None]
        number = INDEX.get(card)
        rule, allowed = core.due
        if self.dealt is not None and number is not None and not allowed >> number & 1:
            assert rule is not None
            tables = core.tables
            held = core.masks[seat] & tables.suit_mask[core.led]
            strongest = max(
                (c for c in range(len(DECK)) if held >> c & 1), key=tables.key[core.led].__getitem__
            )
            params = {"held": DECK[strongest], "suit": EFFECTIVE_SUITS[core.led]}
            found.append(Violation(trick, seat, card, rule, params, NAME))
        return found

    def play(self, card: str, *, strict: bool = True) -> list[Violation]:
        """Play ``card`` for the seat to play. Strict: raise IllegalPlay naming the first rule
        broken, changing nothing; not strict: play it as recorded and return (and keep)
        what it broke."""
        core = self.core
        number = INDEX.get(card)
        if number is not None and core.legal >> number & 1:
            found: list[Violation] = []
            self.ledger.played_in[card] = core.done + 1
        else:
            seat = core.seat
            found = self.check(card)
            if core.over or (found and strict):
                raise IllegalPlay.of(found[0], self.players)
            self.violations.extend(found)
            self.ledger.record(core.done + 1, seat, card)
            if number is None:
                number = NO_CARD
            elif self.dealt is not None:
                bit = ~(1 << number)
                core.masks = [mask & bit for mask in core.masks]
        current = self.current
        current.append(card)
        leader = core.leader
        core.play(number)
        if len(current) == SEATS:
            self.finished.append(Trick(leader, tuple(current), core.leader))
            self.current = []
        return found

    # --- the result ---------------------------------------------------------------------

    def laid_away_augen(self) -> int:
        return sum(AUGEN[card] for card in self.laid_away)

    def first_misplay(self) -> Misplay | None:
        """The first misplay before the game was decided, with the Augen taken before it."""
        contract = self.contract
        declarer = contract.declarer
        if declarer is None:
            return None
        for violation in self.violations:
            if violation.rule not in MISPLAY_RULES or violation.seat is None:
                continue
            before = self.finished[: (violation.trick or 1) - 1]
            own = self.laid_away_augen() + sum(
                sum(AUGEN.get(c, 0) for c in t.cards) for t in before if t.winner == declarer
            )
            taken = sum(sum(AUGEN.get(c, 0) for c in t.cards) for t in before)
            their_tricks = sum(1 for t in before if t.winner != declarer)
            if decided(contract, own, taken - own + self.laid_away_augen(), their_tricks):
                return None  # decided before: the misplay changes nothing
            return Misplay(violation.seat, own, taken + self.laid_away_augen() - own, their_tricks)
        return None

    def result(self) -> dict[str, Any] | None:
        """The verdict's ``result`` (None until the deal is over, or when the recorded cards
        are not one deck)."""
        if not self.core.over:
            return None
        if any(v.rule in NOT_ONE_DECK for v in self.violations):
            return None
        contract = self.contract
        if contract.type == EINGEPASST:
            return passed_result()
        core = self.core
        if contract.type == RAMSCH:
            return ramsch_result(core.augen, core.won, self.laid_away_augen(), core.leader)
        return game_result(
            contract,
            self.settings,
            bid=self.bid,
            matadors=self.matadors,
            augen=core.augen,
            tricks=core.won,
            skat_augen=self.laid_away_augen(),
            misplay=self.first_misplay(),
            kontra=self.kontra,
            re=self.re,
        )
