"""Open-hand analysis of a recorded Schafkopf game: "could we have won?" (`analysis/1`).

docs/rules/records.md ("Analysis") defines the document: for every card played from trick N
on, the value of every card the seat could legally have played there, a value being the
declaring party's Augen at the end of the game when from then on all four play perfectly
with the hands open (the declaring party maximises, the others minimise; Augen already won
count). A Bettel is won by taking no trick, so there the value is the declarer's tricks at
the end of the game instead (he minimises, the others maximise; 0: it could be won), the
document's ``objective`` (docs/rules/schafkopf.md, "Bettel"). docs/records.md ("Analysis")
describes the command and the measured speed.

The solver is one alpha-beta search over the remaining cards for every contract and both
decks; the objective is two numbers, what a card counts and what a trick counts (``Goal``):

- a node is the remaining cards of every hand (one 32-bit mask: the hands are known, so the
  mask says who holds what), the seat that led the current trick, the cards of that trick
  and, in a Rufspiel, whether the called suit was led in an earlier trick (the only history
  the duties depend on); its value is what the declaring party wins *from here on*
  (the current trick included), so it does not depend on how the node was reached;
- a transposition table at the start of each trick keeps a lower and an upper bound of that
  value and the best lead, and lives for the whole analysis: the positions along the game
  are subtrees of the first one;
- the exact value of each legal card is found by MTD(f): null-window searches ("can the
  party reach x?") that close in on it, each leaving bounds in the table;
- cards are tried best-first (the table's lead; a card that takes the trick, the one worth
  most first; else Augen onto the own party's trick, or the least onto the other's; in a
  Bettel the cards that stay under the trick first), and of cards that are truly
  interchangeable only one is searched: same hand, same effective suit, the same count
  (Augen; in a Bettel any card counts the same), and no card that is still out (in a hand or
  on the table) ranks between them;
- a leader who takes every trick that is left whatever anybody plays (nobody else holds a
  trump, each of his other cards is the best of its suit that is still out) ends the search
  there: his party gets everything still out, or nothing when he is not of it;
- which cards a seat may play comes from the engine's one implementation of the duties,
  ``play.duty`` (what ``State.legal_plays()`` and the bots use), asked once per distinct
  situation (``_Duties``; under Stichzwang the trick's best card is part of it) and cached
  as a mask; the tricks are taken by the strengths of the deal's ``play.Rules``, and a deal
  ends when the hands are empty (six tricks with the short deck, eight with the long one).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Final

from .. import records
from ..core import RecordError
from ..i18n import LANGUAGES, N_, Text, Worded
from .cards import DECK, INDEX, NAME, mask_of
from .contracts import RAMSCH, SIE, Contract
from .house import house_rules
from .play import CARD_AUGEN, EFFECTIVE_SUITS, SEATS, TRUMP_SUIT, Tables, duty
from .record import read_game_keys
from .state import State

FORMAT: Final = "analysis/1"
# The document's ``objective``: what its values count. A document without one (written
# before Bettel was analysed) counts Augen.
AUGEN: Final = "augen"
TRICKS_TAKEN: Final = "tricks"
TRUMP_INDEX: Final = TRUMP_SUIT
# Entries of the transposition table (about 170 bytes each) above which it is emptied
# between two positions; the hardest games measured fill about 1.1 million.
TABLE_LIMIT = 2_000_000
# Augen of the cards of one byte of a card mask: each byte is one suit's eight ranks in the
# same order (cards.DECK), so four lookups in one table count a mask.
BYTE_AUGEN: Final = tuple(
    sum(CARD_AUGEN[bit] for bit in range(8) if byte >> bit & 1) for byte in range(256)
)
assert all(CARD_AUGEN[card] == CARD_AUGEN[card % 8] for card in range(len(DECK)))
# Made from lists: mypy types ``(0,) * 256`` as a tuple of exactly 256 ints, which mypyc
# turns into a C struct of 256 fields handled field by field (minutes of gcc per build).
NO_POINTS: Final = tuple([0] * len(CARD_AUGEN))
NO_BYTE_POINTS: Final = tuple([0] * 256)

# Why a record cannot be analysed: reason code -> the engine text (German in the catalogue).
REASONS: dict[str, Text] = {
    "unreadable": N_("the record cannot be read: {key}: {detail}"),
    "not_schafkopf": N_("only Schafkopf games can be analysed, not {game}"),
    "ramsch": N_("a Ramsch has no declaring party whose Augen could be analysed"),
    "sie": N_("a Sie is shown, not played: there is no play to analyse"),
    "no_hands": N_("the record has no hands: the analysis needs the dealt cards of every seat"),
    "invalid": N_(
        "the record is not valid ({count} violations; the first: {first}); see manage.py verify"
    ),
    "incomplete": N_("the record is incomplete: it stops after {count} of {total} cards"),
    "from_trick": N_("from_trick must be a trick number from 1 to {last}, not {value}"),
}


class AnalysisError(ValueError):
    """A record that cannot be analysed. ``reason`` is a code of ``REASONS``; ``key`` the
    offending record key of an unreadable record (else None); ``message`` is English and
    ``text("de")`` German."""

    def __init__(self, reason: str, key: str | None = None, **params: Any):
        self.reason = reason
        self.key = key
        self.params = {"key": key, **params}
        self.message = self.text("en")
        super().__init__(self.message)

    @classmethod
    def unreadable(cls, error: RecordError) -> AnalysisError:
        """The analysis's refusal of a record that ``records.read`` cannot read."""
        detail = Worded({lang: error.text(lang) for lang in LANGUAGES})
        return cls("unreadable", error.key, detail=detail)

    def text(self, lang: str = "en") -> str:
        return REASONS[self.reason].format(lang, **self.params)


def analyse(
    record: str | bytes | Mapping[str, Any],
    from_trick: Any = 1,  # any value: ``prepare`` refuses what is no trick number
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The `analysis/1` document of a valid, complete Schafkopf record with hands.

    ``record`` is JSON text or an already parsed dict. Raises AnalysisError (never a
    RecordError) when the record cannot be analysed. ``progress(done, total)`` is called
    after each position (the app's worker shows it).
    """
    state = prepare(record, from_trick)
    return Analyser(state).document(from_trick, progress)


def prepare(record: str | bytes | Mapping[str, Any], from_trick: Any = 1) -> Prepared:
    """Check that ``record`` can be analysed (from trick ``from_trick``); AnalysisError if not."""
    try:
        game, data, settings = records.read(dict(record) if isinstance(record, Mapping) else record)
        if game.NAME != NAME:
            raise AnalysisError("not_schafkopf", game=game.NAME)
        keys = read_game_keys(data, settings)
        contract: Contract = keys["contract"]
        # The contract decides first: a Ramsch or a Sie has nothing to analyse at all.
        if contract.type == RAMSCH:
            raise AnalysisError("ramsch")
        if contract.type == SIE:
            raise AnalysisError("sie")
        if "hands" not in data:
            raise AnalysisError("no_hands")
        verdict = records.verify(data)
    except RecordError as error:
        raise AnalysisError.unreadable(error) from None
    if not verdict.valid:
        first = verdict.violations[0]
        raise AnalysisError(
            "invalid",
            count=len(verdict.violations),
            first=Worded({lang: first.message(data["players"], lang) for lang in LANGUAGES}),
        )
    plays = list(data["plays"])
    if not verdict.complete:
        total = len(house_rules(settings).deck.cards)
        raise AnalysisError("incomplete", count=len(plays), total=total)
    # The last trick recorded: the deck's last, or the trick that decided a Bettel where
    # the record stops there.
    last = (len(plays) + SEATS - 1) // SEATS
    if isinstance(from_trick, bool) or not isinstance(from_trick, int):
        raise AnalysisError("from_trick", last=last, value=repr(from_trick))
    if not 1 <= from_trick <= last:
        raise AnalysisError("from_trick", last=last, value=from_trick)
    state = State(
        contract, settings, leader=keys["leader"], hands=data["hands"], players=data["players"]
    )
    return Prepared(state, plays)


class Prepared:
    """A record ready for analysis: the State before the first card, and the plays."""

    __slots__ = ("plays", "state")

    def __init__(self, state: State, plays: list[str]):
        self.state = state
        self.plays = plays


class _Duties:
    """Which cards a seat may play, as a mask: the engine's one ``play.duty``, cached.

    The duties depend only on the seat (its hand tells which: the hands are known), its
    remaining hand, the effective suit of the led card (or that the seat leads), whether
    the called suit was led in an earlier trick, whether it is the last trick (the hand
    then holds one card) and, under a Bettel's Stichzwang, the strength of the card that
    holds the trick. Each answer is cached under those things (``key``, which ``search``
    builds the same way where it asks the cache itself).
    tests/rules/test_schafkopf_analysis.py and test_schafkopf_house_analysis.py check the
    answers against ``State.legal_plays()`` along whole games.
    """

    def __init__(self, state: State):
        self.rules = state.core.rules
        self.suit_of = self.rules.tables.suit_of
        self.key_of = self.rules.key
        self.stichzwang = bool(self.rules.heads)
        self.holder = tuple(state.holder.get(card, -1) for card in DECK)
        self.cache: dict[int, int] = {}

    def mask(self, hand: int, lead: int, called_before: bool, best: int = -2) -> int:
        """Legal cards of the seat holding ``hand`` (a mask); ``lead`` is the index of the
        trick's first card, -1 when the seat leads; ``best`` the strength holding the trick
        (Stichzwang; the lead's own when not given)."""
        led = -1 if lead < 0 else self.suit_of[lead]
        key = hand | (led + 1) << 32 | called_before << 35
        if self.stichzwang and lead >= 0:
            if best < 0:
                best = self.key_of[led][lead]
            key |= best << 36
        found = self.cache.get(key)
        if found is None:
            seat = self.holder[(hand & -hand).bit_length() - 1]
            last = hand & (hand - 1) == 0
            # The called suit led in an earlier trick (0) or not yet (-1); the last trick
            # is the deck's last (all but one done before it), any other will do.
            done = self.rules.tricks - 1 if last else 1
            called_led_in = 0 if called_before else -1
            _, allowed = duty(self.rules, seat, hand, led, called_led_in, done, best)
            found = self.cache[key] = hand & allowed
        return found


@dataclass(frozen=True, slots=True)
class Goal:
    """What a value counts: ``objective`` (the document's), the points of each card of a trick
    the declaring party takes (``points``, by card index; ``byte_points`` per byte of a card
    mask, as ``BYTE_AUGEN``) and of the trick itself (``per_trick``), and whether that party
    wants more of it (``party_maximises``)."""

    objective: str
    points: tuple[int, ...]
    byte_points: tuple[int, ...]
    per_trick: int
    party_maximises: bool


GOALS: Final = {
    AUGEN: Goal(AUGEN, CARD_AUGEN, BYTE_AUGEN, 0, True),
    # A Bettel's declarer wins by taking no trick: the others want him to take them.
    TRICKS_TAKEN: Goal(TRICKS_TAKEN, NO_POINTS, NO_BYTE_POINTS, 1, False),
}


def goal_of(contract: Contract) -> Goal:
    return GOALS[TRICKS_TAKEN if contract.is_bettel else AUGEN]


class Analyser:
    """The search over one deal; its transposition table serves every position analysed."""

    def __init__(self, game: Prepared | State, plays: list[str] | None = None):
        if isinstance(game, State):
            game = Prepared(game, list(plays or ()))
        self.game = game
        start = game.state
        self.contract = start.contract
        tab = start.core.rules.tables
        self.suit_of = tab.suit_of
        self.keys = tab.key
        self.called = EFFECTIVE_SUITS.index(self.contract.called) if self.contract.called else -1
        self.party = tuple(sorted(start.declaring_party))
        self.in_party = tuple(seat in self.party for seat in range(SEATS))
        self.declarer = -1 if self.contract.declarer is None else self.contract.declarer
        self.goal = goal = goal_of(self.contract)
        self.points = goal.points
        self.byte_points = goal.byte_points
        self.per_trick = goal.per_trick
        self.maximises = tuple(member == goal.party_maximises for member in self.in_party)
        self.holder = tuple(start.holder.get(card, -1) for card in DECK)
        self.duties = _Duties(start)
        self.duty_cache = self.duties.cache
        self.stichzwang = self.duties.stichzwang
        self.groups = _equal_groups(tab, goal.points)
        self.group_of = [0] * len(DECK)
        for number, group in enumerate(self.groups):
            for card in group:
                self.group_of[card] = number
        self.trump_mask = tab.suit_mask[TRUMP_INDEX]
        # card -> the cards of its effective suit that beat it
        self.beaten_by = tuple(
            sum(
                1 << other
                for other in range(len(DECK))
                if tab.key[suit][other] > tab.key[suit][card] and tab.suit_of[other] == suit
            )
            for card, suit in enumerate(tab.suit_of[: len(DECK)])
        )
        # trick start -> (lower bound, upper bound, best lead, the twins there (``_twins``))
        self.tt: dict[int, tuple[int, int, int, int]] = {}
        self.order_cache: dict[int, tuple[int, ...]] = {}
        self.nodes = 0

    # --- the document ------------------------------------------------------------------

    def document(
        self, from_trick: int = 1, progress: Callable[[int, int], None] | None = None
    ) -> dict[str, Any]:
        state = self.game.state.copy()
        positions = []
        total = sum(1 for index in range(len(self.game.plays)) if index // SEATS + 1 >= from_trick)
        for card in self.game.plays:
            if state.trick_number >= from_trick:
                positions.append(self.position(state, card))
                if progress is not None:
                    progress(len(positions), total)
            state.play(card)
        return {
            "format": FORMAT,
            "objective": self.goal.objective,
            "party": list(self.party),
            "value": positions[0]["best"] if positions else None,
            "positions": positions,
        }

    def position(self, state: State, played: str) -> dict[str, Any]:
        """One entry of ``positions``: the seat to play in ``state`` played ``played``."""
        seat = state.to_play
        assert seat is not None
        if len(self.tt) > TABLE_LIMIT:
            self.tt.clear()  # memory over speed: the next positions fill it again
        values = self.values(state)
        pick = max if self.maximises[seat] else min
        best = pick(values.values())
        return {
            "trick": state.trick_number,
            "seat": seat,
            "played": played,
            "values": values,
            "best": best,
            "loss": abs(best - values[played]),
        }

    def values(self, state: State) -> dict[str, int]:
        """Each legal card of the seat to play -> the value at the end of the game: the
        declaring party's Augen, or a Bettel declarer's tricks."""
        counted = state.tricks_per_seat() if self.per_trick else state.augen_per_seat()
        won = sum(counted[seat] for seat in self.party)
        hands = list(state.core.masks)
        trick = tuple(INDEX[card] for card in state.current)
        called_before = state.called_led_in is not None and state.called_led_in < len(
            state.finished
        )
        seat = state.to_play
        assert seat is not None
        legal = [INDEX[card] for card in state.legal_plays()]
        out = sum(hands) | mask_of(state.current)
        found: dict[int, int] = {}
        guess = None
        for card in sorted(legal):
            twin = self._twin(card, hands[seat], out)
            if twin in found:  # an interchangeable card: the same value
                found[card] = found[twin]
                continue
            value = self._after(hands, state.leader, trick, card, called_before, guess)
            found[card] = won + value
            guess = value
        return {DECK[card]: found[card] for card in sorted(found)}

    def _twin(self, card: int, hand: int, out: int) -> int:
        """The highest card of ``hand`` interchangeable with ``card`` (maybe itself)."""
        group = self.groups[self.group_of[card]]
        twin = card
        for other in reversed(group[: group.index(card)]):
            bit = 1 << other
            if not out & bit:
                continue  # gone: it does not separate the two
            if not hand & bit:
                break
            twin = other
        return twin

    def _bound(self, mask: int) -> int:
        """The most the cards of ``mask`` (whole tricks) can be worth to the party."""
        worth = sum(self.points[card] for card in range(len(DECK)) if mask >> card & 1)
        return worth + self.per_trick * (mask.bit_count() // SEATS)

    def _after(
        self,
        hands: list[int],
        leader: int,
        trick: tuple[int, ...],
        card: int,
        called_before: bool,
        guess: int | None = None,
    ) -> int:
        """What the declaring party wins from the current trick on once ``card`` is played
        (by the seat to play), with perfect play after it."""
        hands = list(hands)
        seat = (leader + len(trick)) % SEATS
        hands[seat] &= ~(1 << card)
        trick = (*trick, card)
        remaining = sum(hands)
        on_table = sum(1 << played for played in trick)
        if len(trick) < SEATS:
            cap = self._bound(remaining | on_table)
            return self.exact(hands, leader, trick, called_before, cap, guess)
        led = self.suit_of[trick[0]]
        keys = self.keys[led]
        winner_at = max(range(SEATS), key=lambda position: keys[trick[position]])
        winner = (leader + winner_at) % SEATS
        gain = self._bound(on_table) if self.in_party[winner] else 0
        called_before = called_before or led == self.called
        cap = self._bound(remaining)
        if guess is not None:
            guess -= gain
        return gain + self.exact(hands, winner, (), called_before, cap, guess)

    def exact(
        self,
        hands: list[int],
        leader: int,
        trick: tuple[int, ...],
        called_before: bool,
        cap: int,
        guess: int | None = None,
    ) -> int:
        """The exact value of a node worth at most ``cap``: MTD(f), a series of null-window
        searches from ``guess`` that close in on it, each leaving bounds in the table."""
        low, high = 0, cap
        value = cap // 2 if guess is None else min(max(guess, low), high)
        while low < high:
            beta = value if value > low else low + 1
            value = self.search(hands, leader, trick, called_before, beta - 1, beta)
            if value < beta:
                high = value
            else:
                low = value
        return low

    # --- the search --------------------------------------------------------------------

    def search(
        self,
        hands: list[int],
        leader: int,
        trick: tuple[int, ...],
        called_before: bool,
        alpha: int,
        beta: int,
        twins: int = -1,
    ) -> int:
        """What the declaring party wins from the current trick on (its cards on the table
        included), with perfect play: exact when strictly between ``alpha`` and ``beta``,
        else a bound on the failing side (fail-soft). ``hands`` is changed and restored.
        ``twins`` are the cards not worth searching because a higher card of the same hand
        is interchangeable with them (see ``_twins``; -1: work it out)."""
        self.nodes += 1
        n = len(trick)
        seat = (leader + n) & 3
        hand = hands[seat]
        if not hand:
            return 0
        in_party = self.in_party
        maximise = self.maximises[seat]
        first = -1
        if n == 0:
            remaining = hands[0] | hands[1] | hands[2] | hands[3]
            tt_key = remaining | leader << 32 | called_before << 34
            entry = self.tt.get(tt_key)
            if entry is None:
                low = 0
                points = self.byte_points
                high = (
                    points[remaining & 255]
                    + points[remaining >> 8 & 255]
                    + points[remaining >> 16 & 255]
                    + points[remaining >> 24]
                )
                if self.per_trick:
                    high += self.per_trick * hand.bit_count()  # a card of his per trick left
                if self._claims(hand, remaining ^ hand):
                    value = high if in_party[seat] else 0
                    self.tt[tt_key] = (value, value, -1, 0)
                    return value
                twins = -1
            else:
                low, high, first, twins = entry
            if low >= beta:
                return low
            if high <= alpha:
                return high
            if low == high:
                return low
            alpha0, beta0 = alpha, beta
            if low > alpha:
                alpha = low
            if high < beta:
                beta = high
            if twins < 0:
                twins = self._twins(remaining)
            legal = self.duty_cache.get(hand | called_before << 35)
            if legal is None:
                legal = self.duties.mask(hand, -1, called_before)
            legal &= ~twins
            order_key = legal
        else:
            if twins < 0:
                out = hands[0] | hands[1] | hands[2] | hands[3]
                for card in trick:
                    out |= 1 << card
                twins = self._twins(out)
            lead = trick[0]
            led = self.suit_of[lead]
            # The card that holds the trick so far: who holds it, and how strong it is.
            keys = self.keys[led]
            top, top_key = 0, keys[lead]
            if n > 1:
                if keys[trick[1]] > top_key:
                    top, top_key = 1, keys[trick[1]]
                if n > 2 and keys[trick[2]] > top_key:
                    top, top_key = 2, keys[trick[2]]
            held_by = (leader + top) & 3
            # The key of ``_Duties.mask``.
            duty_key = hand | (led + 1) << 32 | called_before << 35
            if self.stichzwang:
                duty_key |= top_key << 36
            legal = self.duty_cache.get(duty_key)
            if legal is None:
                legal = self.duties.mask(hand, lead, called_before, top_key)
            legal &= ~twins
            friendly = in_party[held_by] == in_party[seat]
            order_key = legal | (top_key + 2) << 32 | friendly << 40 | led << 41
            if self.per_trick and (self.declarer - leader) & 3 < n and held_by != self.declarer:
                order_key |= 1 << 44  # the declarer has played under another card: settled
        moves: tuple[int, ...] | list[int]
        if legal & (legal - 1) == 0:
            moves = (legal.bit_length() - 1,)
        else:
            ordered = self.order_cache.get(order_key)
            if ordered is None:
                ordered = self.order_cache[order_key] = self._rank(
                    legal, trick, leader, seat, order_key >> 44 & 1 == 1
                )
            moves = ordered
            if first >= 0 and moves[0] != first:
                moves = [first, *(card for card in moves if card != first)]
        best = -1 if maximise else 1000
        best_card = -1
        if n == 3:
            points = self.points
            on_table = points[trick[0]] + points[trick[1]] + points[trick[2]] + self.per_trick
            after = called_before or led == self.called
        for card in moves:
            hands[seat] = hand ^ 1 << card
            if n < 3:
                value = self.search(
                    hands, leader, (*trick, card), called_before, alpha, beta, twins
                )
            else:
                winner = seat if keys[card] > top_key else held_by
                if in_party[winner]:
                    gain = on_table + points[card]
                    value = gain + self.search(hands, winner, (), after, alpha - gain, beta - gain)
                else:
                    value = self.search(hands, winner, (), after, alpha, beta)
            hands[seat] = hand
            if maximise:
                if value > best:
                    best, best_card = value, card
                    if value > alpha:
                        alpha = value
                        if alpha >= beta:
                            break
            elif value < best:
                best, best_card = value, card
                if value < beta:
                    beta = value
                    if alpha >= beta:
                        break
        if n == 0:
            if best <= alpha0:
                high = best if best < high else high
            elif best >= beta0:
                low = best if best > low else low
            else:
                low = high = best
            self.tt[tt_key] = (low, high, best_card, twins)
        return best

    def _claims(self, hand: int, others: int) -> bool:
        """Whether the leader, holding ``hand``, takes every trick that is left whatever
        anybody plays: nobody else holds a trump, and none of his cards is beaten by a card
        of its suit that the others hold. Then he leads any card, wins, and leads again."""
        if others & self.trump_mask:
            return False
        beaten_by = self.beaten_by
        rest = hand
        while rest:
            low = rest & -rest
            if others & beaten_by[low.bit_length() - 1]:
                return False
            rest ^= low
        return True

    def _twins(self, out: int) -> int:
        """Cards of ``out`` (the cards in hands or on the table) not worth searching: of a
        run of equal count in one effective suit, the cards whose next higher card still out
        is held by the same hand. Such cards are interchangeable: no card still out ranks
        between them, so each takes and loses the same tricks (and heads the same tricks
        under Stichzwang), and they count the same."""
        twins = 0
        holder = self.holder
        for group in self.groups:
            previous = -1
            for card in group:
                if out >> card & 1:
                    if previous >= 0 and holder[previous] == holder[card]:
                        twins |= 1 << card
                    previous = card
        return twins

    def _rank(
        self, legal: int, trick: tuple[int, ...], leader: int, seat: int, settled: bool
    ) -> tuple[int, ...]:
        """The cards of ``legal`` in the order to try them (``search`` caches the answer);
        ``settled``: in a Bettel, the declarer played under another card of this trick."""
        cards = [card for card in range(len(DECK)) if legal >> card & 1]
        by_suit, suit_of, points = self.keys, self.suit_of, self.points
        if not trick:
            if self.per_trick:
                # A Bettel: low cards first (they leave the declarer under or force him over).
                cards.sort(key=lambda card: by_suit[suit_of[card]][card])
            else:
                # Leading: strong cards first (they take tricks), then by Augen.
                cards.sort(key=lambda card: -by_suit[suit_of[card]][card] - points[card] // 4)
            return tuple(cards)
        keys = by_suit[suit_of[trick[0]]]
        top = 0
        for position in range(1, len(trick)):
            if keys[trick[position]] > keys[trick[top]]:
                top = position
        top_key = keys[trick[top]]
        if self.per_trick:
            if settled:  # nothing changes this trick: shed the highest cards
                cards.sort(key=lambda card: -by_suit[suit_of[card]][card])
            else:  # stay under the trick with the highest card that does, else go over low

                def under(card: int) -> tuple[int, int]:
                    if keys[card] > top_key:
                        return (1, keys[card])
                    return (0, -by_suit[suit_of[card]][card])

                cards.sort(key=under)
            return tuple(cards)
        friendly = self.in_party[(leader + top) & 3] == self.in_party[seat]

        def rank(card: int) -> tuple[int, int, int]:
            augen = points[card]
            if keys[card] > top_key:  # take the trick, best with a card worth much
                return (0, -augen, keys[card])
            if friendly:
                return (1, -augen, 0)  # give Augen to the own party's trick
            return (1, augen, 0)  # keep Augen away from the other party's trick

        cards.sort(key=rank)
        return tuple(cards)


def _equal_groups(tab: Tables, points: tuple[int, ...]) -> list[list[int]]:
    """Each effective suit high to low, cut into runs of cards that count the same."""
    groups = []
    for suit in range(len(EFFECTIVE_SUITS)):
        members = [card for card in range(len(DECK)) if tab.suit_of[card] == suit]
        strength: tuple[int, ...] = tab.key[suit]
        members.sort(key=strength.__getitem__, reverse=True)
        run: list[int] = []
        for card in members:
            if run and points[run[-1]] != points[card]:
                groups.append(run)
                run = []
            run.append(card)
        groups.append(run)
    return groups


__all__ = [
    "AUGEN",
    "FORMAT",
    "GOALS",
    "REASONS",
    "TRICKS_TAKEN",
    "Analyser",
    "AnalysisError",
    "Goal",
    "Prepared",
    "analyse",
    "prepare",
]
