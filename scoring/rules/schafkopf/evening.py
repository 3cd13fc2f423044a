"""A Schafkopf evening at one table: Bock rounds and the Stock over its games in order.

docs/rules/schafkopf.md, "Bock rounds" and "The Stock". A game's own price is the tariff's
(``settle``, ``settle_ramsch``); what a game does to the games after it is reckoned here: a
trigger adds a Bock round to the deals that follow, a thrown-in deal feeds the Stock that a
later game takes or doubles. ``score_evening`` always walks the whole sequence, so a
corrected or voided game reprices every game after it; the scorepad calls it with the
table's games each time and can compare two answers game by game (``EveningGame`` is a
value) to tell which games a correction changed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from .contracts import BETTEL_TYPES, RAMSCH, SIE, SOLO, TOUTS
from .house import house_rules
from .tariff import BOCK_TRIGGERS, base_price, profile_value

THROWN_IN: Final = "thrown_in"  # nobody announced: the deal was thrown in


@dataclass(frozen=True, slots=True)
class GameFacts:
    """One deal of the evening as the sheet has it.

    ``contract``: the contract type, ``"ramsch"``, or ``"thrown_in"``. ``scores``: per seat,
    the game's own scores by the tariff (``settle``, ``settle_ramsch``, ``penalty_settle``;
    Stoß, Retour and Klopfen included), all 0 for a thrown-in deal. ``party``: the declaring
    party's seats; ``won``: whether it won; ``augen``: its Augen (None where not counted, as
    in a Sie); ``schwarz``: the game was scored Schwarz, either way; ``retour``: a Retour was
    said; ``sitting_out``: the seat that sat the deal out at a table of 5.
    """

    contract: str
    scores: Sequence[int]
    party: Sequence[int] = ()
    won: bool = False
    augen: int | None = None
    schwarz: bool = False
    retour: bool = False
    sitting_out: int | None = None


@dataclass(frozen=True, slots=True)
class EveningGame:
    """What the evening makes of one game.

    ``bock``: the Bock rounds the game is in (more than 1 only with ``bock_overlap: stack``);
    ``factor``: ``bock_factor`` to that power, applied to the game's own scores;
    ``triggers``: the Bock triggers it fired; ``stock_payments``: per seat, what the seat took
    out of the Stock (+) or paid into it (−), never multiplied; ``scores``: the game's own
    scores × ``factor`` + ``stock_payments``; ``totals``: each seat's balance after the game;
    ``stock``: the Stock after it; ``bock_ahead``: the Bock games still to come after it,
    each counted once.
    """

    bock: int
    factor: int
    triggers: tuple[str, ...]
    stock_payments: tuple[int, ...]
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    stock: int
    bock_ahead: int


@dataclass(frozen=True, slots=True)
class Evening:
    """The games of an evening (``EveningGame``, in order) and where it stands after them.

    ``next_bock``/``next_factor``: the Bock rounds and factor of the next deal (its form says
    "Bock" before it is entered); ``bock_ahead``: the Bock games still to come; ``stock``: the
    Stock now. At the end (``stock_at_end``): ``settle_up`` is each seat's share of the Stock
    (``split``: equal shares, the odd units stay; ``carry``: nothing), ``stock_left`` what
    stays in it for the group's next evening, ``final`` the totals with the shares.
    """

    games: tuple[EveningGame, ...]
    next_bock: int
    next_factor: int
    bock_ahead: int
    stock: int
    settle_up: tuple[int, ...]
    stock_left: int
    final: tuple[int, ...]


class _BockRounds:
    """The Bock rounds still running: the games left in each, the earliest first.

    ``queue``: one round at a time, a new one waits for those before it, so a game is at most
    once Bock; ``stack``: every round runs from the deal after its trigger, side by side.
    """

    def __init__(self, stacked: bool) -> None:
        self.stacked = stacked
        self.left: list[int] = []

    def on_next_deal(self) -> int:
        if self.stacked:
            return len(self.left)
        return 1 if self.left else 0

    def deal_played(self) -> None:
        if self.stacked:
            self.left = [games - 1 for games in self.left if games > 1]
        elif self.left:
            self.left[0] -= 1
            if not self.left[0]:
                self.left.pop(0)

    def add(self, rounds: int, games: int) -> None:
        self.left += [games] * rounds

    def games_ahead(self) -> int:
        if self.stacked:
            return max(self.left, default=0)
        return sum(self.left)


def bock_triggers(settings: Mapping[str, Any], game: GameFacts) -> tuple[str, ...]:
    """The profile's Bock triggers (``bock``) this game fired, each adding one Bock round.

    ``split_60``: 60 : 60; ``schwarz``: scored Schwarz either way, or a won Tout, never a
    Bettel; ``tout``: a Tout, won or lost; ``sie``; ``retour``: a Retour was said. A Ramsch
    and a thrown-in deal fire none.
    """
    kind = game.contract
    if kind in (THROWN_IN, RAMSCH):
        return ()
    bettel = kind in BETTEL_TYPES
    fired = {
        "split_60": game.augen == 60 and not bettel,
        "schwarz": (game.schwarz or (kind in TOUTS and game.won)) and not bettel,
        "tout": kind in TOUTS,
        "sie": kind == SIE,
        "retour": game.retour,
    }
    chosen = profile_value(settings, "bock")
    return tuple(trigger for trigger in BOCK_TRIGGERS if trigger in chosen and fired[trigger])


def stock_fee(settings: Mapping[str, Any]) -> int:
    """What every player of a thrown-in deal pays into the Stock (null: the Rufspiel base)."""
    fee: int | None = profile_value(settings, "stock_fee")
    return base_price(settings, "rufspiel") if fee is None else fee


def score_evening(
    settings: Mapping[str, Any], games: Sequence[GameFacts], *, carried: int = 0
) -> Evening:
    """Bock rounds and the Stock over an evening's ``games`` in the order they were dealt.

    ``carried``: the Stock brought from the group's last evening (``stock_at_end: carry``).
    The players' totals plus the Stock equal ``carried`` after every game (0 on a fresh
    evening), and so do the final totals plus ``stock_left``.
    """
    players = len(games[0].scores) if games else 0
    if any(len(game.scores) != players for game in games):
        raise ValueError("every game of an evening has a score for every seat")
    bock = _BockRounds(profile_value(settings, "bock_overlap") == "stack")
    bock_factor: int = profile_value(settings, "bock_factor")
    thrown_in_counts: bool = profile_value(settings, "bock_counts_thrown_in")
    stock_game = _StockGame(settings)
    totals = [0] * players
    stock = carried
    played: list[EveningGame] = []
    for game in games:
        counts = game.contract != THROWN_IN or thrown_in_counts
        rounds = bock.on_next_deal() if counts else 0
        if counts:
            bock.deal_played()
        triggers = bock_triggers(settings, game)
        bock.add(len(triggers), players)
        factor = bock_factor**rounds
        payments = stock_game.payments(game, stock)
        stock -= sum(payments)
        scores = tuple(factor * own + paid for own, paid in zip(game.scores, payments, strict=True))
        totals = [total + score for total, score in zip(totals, scores, strict=True)]
        played.append(
            EveningGame(
                rounds, factor, triggers, payments, scores, tuple(totals), stock, bock.games_ahead()
            )
        )
    split = profile_value(settings, "stock_at_end") == "split" and players > 0
    share = stock // players if split else 0
    next_bock = bock.on_next_deal()
    return Evening(
        games=tuple(played),
        next_bock=next_bock,
        next_factor=bock_factor**next_bock,
        bock_ahead=bock.games_ahead(),
        stock=stock,
        settle_up=(share,) * players,
        stock_left=stock - share * players,
        final=tuple(total + share for total in totals),
    )


class _StockGame:
    """Who pays into the Stock and who takes it (``passed_deal: stock``)."""

    def __init__(self, settings: Mapping[str, Any]) -> None:
        self.open = settings["passed_deal"] == "stock"
        self.fee = stock_fee(settings)
        self.loser_pays: bool = profile_value(settings, "stock_loser_pays")
        rank = house_rules(settings).rank
        solo_only = profile_value(settings, "stock_won_by") == "solo_only"
        self.least_rank = rank[SOLO] if solo_only else 0
        self.rank = rank

    def payments(self, game: GameFacts, stock: int) -> tuple[int, ...]:
        """Per seat: + taken out of the Stock, − paid in; ``stock``: its balance before."""
        paid = [0] * len(game.scores)
        if game.contract == THROWN_IN:
            if self.open:
                for seat in range(len(paid)):
                    if seat != game.sitting_out:
                        paid[seat] = -self.fee
        elif self._plays_for_it(game, stock) and (game.won or self.loser_pays):
            # Rufspiel partners take or pay half each; an odd unit stays in the Stock.
            share = stock // len(game.party)
            for seat in game.party:
                paid[seat] = share if game.won else -share
        return tuple(paid)

    def _plays_for_it(self, game: GameFacts, stock: int) -> bool:
        if stock <= 0 or game.contract == RAMSCH or not game.party:
            return False
        return self.rank.get(game.contract, 0) >= self.least_rank
