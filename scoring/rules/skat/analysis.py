"""Open-hand analysis of a finished Skat game: "could the declarer have won, and which card
gave it away?" (docs/records.md, "Analysis (`analysis/1`, Skat)").

With every hand open, each legal card of every position is valued by a perfect play of all
three afterwards: the declarer's Augen at the end (the Skat counted) in a suit game or
Grand, the declarer maximising; in a Null whether he takes a trick (1) or not (0), he
minimising. The search is alpha-beta on the bit masks of ``play.py``'s tables, with a
transposition table of the positions at the start of a trick (their value is the Augen of
the tricks still to come, whatever came before) and cards of one hand that are next to each
other in their suit's order and worth the same Augen searched once. Each card's exact value
is found by searches with windows of width one (``Solver.exact``) from a guess: the value
of the card before it. tests/rules/test_skat_analysis_fixtures.py keeps the answers of the
first, slower search on 30 seeded deals.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Final

from .. import records
from ..core import RecordError
from ..i18n import N_, Text
from .cards import CARD_AUGEN, DECK, INDEX, NAME, SEATS, mask_of
from .contracts import NULL, parse_contract
from .play import NEXT_SEAT, Tables, order_of, tables_of
from .values import SCHNEIDER_ANNOUNCED_AUGEN, WIN_AUGEN

INFINITY: Final = 1000
REASONS: Final[dict[str, Text]] = {
    "not_skat": N_("this is no Skat record"),
    "unreadable": N_("the record cannot be read ({key}): {detail}"),
    "no_declarer": N_("a deal without declarer (eingepasst, Ramsch) has nothing to analyse"),
    "no_hands": N_("the analysis needs the dealt hands"),
    "invalid": N_("the record is not valid: {first}"),
    "incomplete": N_("the record is not complete"),
    "from_trick": N_("the first trick to analyse must be 1 to {last}"),
}


class AnalysisError(ValueError):
    """A record that cannot be analysed: ``reason`` (a key of ``REASONS``), ``key`` the
    record key of an unreadable record; ``text(lang)`` says it."""

    def __init__(self, reason: str, key: str | None = None, **params: Any):
        self.reason, self.key = reason, key
        self.params = {"key": key, **params}
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        return REASONS[self.reason].format(lang, **self.params)


def _strongest_first(tables: Tables, suit: int) -> tuple[int, ...]:
    """The cards of an effective suit, strongest first."""
    cards = [card for card in range(len(DECK)) if tables.suit_of[card] == suit]
    strengths = tables.key[suit]
    return tuple(sorted(cards, key=lambda card: -strengths[card]))


# The Augen of each byte of a mask (a suit's eight cards), ``suit * 256 + byte``.
_AUGEN_BY_BYTE: Final = tuple(
    [
        sum(CARD_AUGEN[8 * suit + rank] for rank in range(8) if byte >> rank & 1)
        for suit in range(4)
        for byte in range(256)
    ]
)


def _augen(mask: int) -> int:
    """The Augen of a mask's cards: four table look-ups."""
    return (
        _AUGEN_BY_BYTE[mask & 255]
        + _AUGEN_BY_BYTE[256 | mask >> 8 & 255]
        + _AUGEN_BY_BYTE[512 | mask >> 16 & 255]
        + _AUGEN_BY_BYTE[768 | mask >> 24 & 255]
    )


class Solver:
    """Alpha-beta over a deal's remaining cards. ``value(masks, leader, trick)`` is the
    declarer's Augen still to come from the trick in progress (``trick``: the cards played
    to it, by ``leader`` onwards) — or, in a Null, 1 if he takes a trick, else 0. It fails
    soft: a value at or below ``alpha`` is an upper bound, at or above ``beta`` a lower one.
    ``exact`` finds the true value by windows of width one (MTD(f)) from a guess.

    A position at the start of a trick is keyed by the cards still held and the leader
    alone: the cards never change hands, so the held cards say who holds which. Its bounds
    and the lead that was best there are kept for the whole deal."""

    __slots__ = (
        "best_card",
        "declarer",
        "follow",
        "key",
        "null",
        "order",
        "suit_of",
        "table",
    )

    def __init__(self, tables: Tables, declarer: int, null: bool) -> None:
        self.declarer = declarer
        self.null = null
        self.suit_of = tables.suit_of
        self.key = tables.key
        self.follow = tables.suit_mask
        # Per effective suit its cards, strongest first (the led suit's strengths).
        self.order = tuple(
            [_strongest_first(tables, suit) for suit in range(len(tables.suit_mask))]
        )
        # The positions at a trick's start: low | high << 8 | (best lead + 1) << 16.
        self.table: dict[int, int] = {}
        self.best_card = -1

    def most(self, masks: list[int], trick: list[int]) -> int:
        """The most the value can be: the Augen still out (a Null: one trick)."""
        if self.null:
            return 1
        rest = masks[0] | masks[1] | masks[2]
        for card in trick:
            rest |= 1 << card
        return _augen(rest)

    def exact(self, masks: list[int], leader: int, trick: list[int], guess: int) -> int:
        """The value, found by searches with windows of width one ("is it at least
        ``test``?"), the first at ``guess``: from there in steps doubling while the answer
        stays the same, then halving what is left between the bounds."""
        low, high = 0, self.most(masks, trick)
        test = min(max(guess, low + 1), high)
        step, moves, rising, bracketed = 1, 0, True, False
        found = low
        while low < high:
            found = self.value(masks, leader, trick, test - 1, test)
            up = found >= test
            if up:
                low = found
            else:
                high = found
            if low >= high:
                break
            if moves and up != rising:
                bracketed = True
            rising = up
            moves += 1
            if bracketed:
                test = (low + high + 1) // 2
            else:
                test = min(low + step, high) if up else max(high + 1 - step, low + 1)
                step *= 2
        return found

    def _moves(self, hand: int, legal: int, rest: int) -> list[int]:
        """The legal cards to search: of cards next to each other in their suit's order
        among the cards still out (``rest``) and worth the same, only the first."""
        moves = []
        follow = self.follow
        for suit in range(len(self.order)):
            if not legal & follow[suit]:
                continue
            suit_cards = self.order[suit]
            previous = -1
            for card in suit_cards:
                bit = 1 << card
                if not rest & bit:
                    continue
                if legal & bit:
                    # In a Null only the tricks count: any neighbour is as good.
                    same = self.null or CARD_AUGEN[previous] == CARD_AUGEN[card]
                    if not (previous >= 0 and same):
                        moves.append(card)
                    previous = card
                else:
                    previous = -1
        return moves

    def heads(self, legal: int, rest: int) -> dict[int, int]:
        """Each legal card and the first card of its run in ``_moves`` (itself, or the
        neighbour it is searched as): the two have the same value."""
        heads: dict[int, int] = {}
        for suit in range(len(self.order)):
            previous = head = -1
            for card in self.order[suit]:
                bit = 1 << card
                if not rest & bit:
                    continue
                if legal & bit:
                    same = self.null or CARD_AUGEN[previous] == CARD_AUGEN[card]
                    if not (previous >= 0 and same):
                        head = card
                    heads[card] = head
                    previous = card
                else:
                    previous = -1
        return heads

    def value(self, masks: list[int], leader: int, trick: list[int], alpha: int, beta: int) -> int:
        count = len(trick)
        if count == SEATS:
            return self._finish(masks, leader, trick, alpha, beta)
        if count:
            return self._search(masks, leader, trick, alpha, beta, -1)
        rest = masks[0] | masks[1] | masks[2]
        if rest == 0 or beta <= 0:  # the value is never below 0
            return 0
        # ... nor above the Augen still out (a Null: one trick of the declarer).
        most = 1 if self.null else _augen(rest)
        if alpha >= most:
            return most
        tt_key = rest | leader << 32
        # One entry per position: its lower and upper bound and the lead best there.
        entry = self.table.get(tt_key, -1)
        if entry >= 0:
            low, high, first = entry & 255, entry >> 8 & 255, (entry >> 16) - 1
        else:
            low, high, first = 0, most, -1
        if low >= beta:
            return low
        if high <= alpha:
            return high
        if low == high:
            return low
        alpha, beta = max(alpha, low), min(beta, high)
        found = self._search(masks, leader, trick, alpha, beta, first)
        if found <= alpha:
            high = found
        elif found >= beta:
            low = found
        else:
            low = high = found
        self.table[tt_key] = low | high << 8 | (self.best_card + 1) << 16
        return found

    def _search(
        self, masks: list[int], leader: int, trick: list[int], alpha: int, beta: int, first: int
    ) -> int:
        """The value by alpha-beta over the seat's cards, ``first`` (a card or -1) first;
        ``best_card`` is the card that gave it."""
        count = len(trick)
        seat = (leader + count) % SEATS
        hand = masks[seat]
        legal = hand
        rest = masks[0] | masks[1] | masks[2]
        if count:
            follow = self.follow[self.suit_of[trick[0]]]
            if hand & follow:
                legal = hand & follow
            rest |= 1 << trick[0]
            if count == 2:
                rest |= 1 << trick[1]
        maximise = (seat == self.declarer) != self.null
        best = -INFINITY if maximise else INFINITY
        moves = self._moves(hand, legal, rest)
        if len(moves) > 1:
            if trick:
                moves = self._ordered(moves, seat, leader, trick)
            elif first >= 0 and first in moves:
                # The lead that was best here before (in another window) first.
                moves.remove(first)
                moves.insert(0, first)
        best_card = -1
        for card in moves:
            masks[seat] = hand & ~(1 << card)
            trick.append(card)
            found = self.value(masks, leader, trick, alpha, beta)
            trick.pop()
            masks[seat] = hand
            if maximise:
                if found > best:
                    best, best_card = found, card
                    if best > alpha:
                        alpha = best
            elif found < best:
                best, best_card = found, card
                if best < beta:
                    beta = best
            if alpha >= beta:
                break
        self.best_card = best_card
        return best

    def _ordered(self, moves: list[int], seat: int, leader: int, trick: list[int]) -> list[int]:
        """Likely best first: when a partner holds the trick, the fattest card
        (Schmieren); else the cards that take it, then the cheapest of the rest (a Null:
        below)."""
        key = self.key[self.suit_of[trick[0]]]
        winner, strongest, who = leader, key[trick[0]], leader
        for card in trick[1:]:
            who = NEXT_SEAT[who]
            if key[card] > strongest:
                winner, strongest = who, key[card]
        if self.null:
            # The opponents play low, so that the declarer may have to take the trick; he
            # stays under it with his highest card that does, else takes it low.
            if seat != self.declarer:
                return sorted(moves, key=lambda card: key[card])
            return sorted(
                moves, key=lambda card: -key[card] if key[card] < strongest else 100 + key[card]
            )
        if winner != self.declarer and seat != self.declarer:
            return sorted(moves, key=lambda card: -CARD_AUGEN[card])
        ranked = [(0 if key[card] > strongest else 1, CARD_AUGEN[card], card) for card in moves]
        ranked.sort()
        return [card for _, _, card in ranked]

    def _finish(
        self, masks: list[int], leader: int, trick: list[int], alpha: int, beta: int
    ) -> int:
        first, second, third = trick[0], trick[1], trick[2]
        key = self.key[self.suit_of[first]]
        winner, strongest = leader, key[first]
        if key[second] > strongest:
            winner, strongest = NEXT_SEAT[leader], key[second]
        if key[third] > strongest:
            winner = NEXT_SEAT[NEXT_SEAT[leader]]
        if self.null:
            if winner == self.declarer:
                return 1
            return self.value(masks, winner, [], alpha, beta)
        points = CARD_AUGEN[first] + CARD_AUGEN[second] + CARD_AUGEN[third]
        gained = points if winner == self.declarer else 0
        return gained + self.value(masks, winner, [], alpha - gained, beta - gained)


def analyse(
    record: str | bytes | Mapping[str, Any],
    from_trick: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> dict[str, Any]:
    """The `analysis/1` document of a valid, complete Skat record with hands, its positions
    from trick ``from_trick`` on; AnalysisError (never a RecordError) when it cannot be
    analysed. ``progress(done, total)`` is called after each position (the dispute's
    progress bar)."""
    try:
        game, data, _ = records.read(dict(record) if isinstance(record, Mapping) else record)
        if game.NAME != NAME:
            raise AnalysisError("not_skat")
        contract, _ = parse_contract(data["contract"])
        if not contract.has_declarer:
            raise AnalysisError("no_declarer")
        if "hands" not in data:
            raise AnalysisError("no_hands")
        verdict = records.verify(data)
    except RecordError as error:
        raise AnalysisError("unreadable", error.key, detail=error.message) from None
    if not verdict.valid:
        first = verdict.violations[0].message(data["players"])
        raise AnalysisError("invalid", first=first)
    if not verdict.complete:
        raise AnalysisError("incomplete")
    last = (len(data["plays"]) + SEATS - 1) // SEATS
    if (
        isinstance(from_trick, bool)
        or not isinstance(from_trick, int)
        or not 1 <= from_trick <= last
    ):
        raise AnalysisError("from_trick", last=last)
    declarer = contract.declarer
    assert declarer is not None
    hands = [list(hand) for hand in data["hands"]]
    laid = data["skat"]
    if "discard" in data:
        twelve = hands[declarer] + data["skat"]
        laid = data["discard"]
        hands[declarer] = [card for card in twelve if card not in laid]
    null = contract.type == NULL
    solver = Solver(tables_of(order_of(contract.type, contract.trump_suit)), declarer, null)
    masks = [mask_of(hand) for hand in hands]
    taken = 0 if null else sum(CARD_AUGEN[INDEX[card]] for card in laid)
    leader = 0
    trick: list[int] = []
    known = 0 if null else WIN_AUGEN  # a guess at the first position's value
    positions: list[dict[str, Any]] = []
    total = len(data["plays"]) - (from_trick - 1) * SEATS
    for number_played, card in enumerate(data["plays"]):
        seat = leader
        for _ in trick:
            seat = NEXT_SEAT[seat]
        hand = masks[seat]
        legal = hand
        if trick:
            follow = solver.follow[solver.suit_of[trick[0]]]
            if hand & follow:
                legal = hand & follow
        values = {}
        analysed = number_played >= (from_trick - 1) * SEATS
        rest = masks[0] | masks[1] | masks[2]
        for played_card in trick:
            rest |= 1 << played_card
        heads = solver.heads(legal, rest) if analysed else {}
        for option in range(len(DECK) if analysed else 0):
            if legal >> option & 1 and heads[option] == option:
                masks[seat] = hand & ~(1 << option)
                trick.append(option)
                found = taken + solver.exact(masks, leader, trick, known - taken)
                values[DECK[option]] = known = found
                trick.pop()
                masks[seat] = hand
        # A card next to one searched, and worth the same, has its value.
        values.update({DECK[card]: values[DECK[head]] for card, head in heads.items()})
        values = {DECK[option]: values[DECK[option]] for option in sorted(heads)}
        maximise = (seat == declarer) != null
        if analysed:
            # What this card leaves is the next position's value: its first guess.
            known = values[card]
            best = max(values.values()) if maximise else min(values.values())
            played = values[card]
            positions.append(
                {
                    "trick": number_played // SEATS + 1,
                    "seat": seat,
                    "played": card,
                    "values": values,
                    "best": best,
                    "loss": abs(best - played),
                }
            )
            if progress is not None:
                progress(len(positions), total)
        number = INDEX[card]
        masks[seat] = hand & ~(1 << number)
        trick.append(number)
        if len(trick) == SEATS:
            key = solver.key[solver.suit_of[trick[0]]]
            winner, strongest, who = leader, key[trick[0]], leader
            for later in trick[1:]:
                who = NEXT_SEAT[who]
                if key[later] > strongest:
                    winner, strongest = who, key[later]
            if winner == declarer:
                taken += 1 if null else sum(CARD_AUGEN[c] for c in trick)
            leader, trick = winner, []
    return _document(contract, declarer, positions)


def _document(contract: Any, declarer: int, positions: list[dict[str, Any]]) -> dict[str, Any]:
    null = contract.type == NULL
    if null:
        winning = 0
    elif contract.schwarz or contract.ouvert:
        winning = None  # every trick is asked, not Augen: no verdict from the Augen
    else:
        winning = SCHNEIDER_ANNOUNCED_AUGEN if contract.schneider else WIN_AUGEN

    def wins(value: int) -> bool:
        assert winning is not None
        return value <= winning if null else value >= winning

    value = positions[0]["best"] if positions else None
    document: dict[str, Any] = {
        "format": "analysis/1",
        "game": NAME,
        "objective": "tricks" if null else "augen",
        "party": [declarer],
        "value": value,
        "winnable": None if winning is None or value is None else wins(value),
        "given_away": None,
        "positions": positions,
    }
    if winning is not None:
        for position in positions:
            if wins(position["best"]) and not wins(position["values"][position["played"]]):
                document["given_away"] = {key: position[key] for key in ("trick", "seat", "played")}
                break
    return document
