"""The state of a Schafkopf table: games in order, running balances, who deals next.

The dealer rotates clockwise after every game; a thrown-in deal under ``passed_deal:
same_dealer`` is dealt again by the same player. At a 5-player table the dealer sits out
and scores 0. Each saved game keeps its dealer, so correcting an old game never changes
who actually dealt later ones.

Statistics count a misplayed game as played by everybody and as a misplay of its offender,
but not as declared, won or lost by anyone: the offender's error, not the play, decided it,
so it would otherwise turn one player's mistake into another's won or lost game. For the
same reason a Solo won through an opponent's misplay is not circled on the sheet.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...rules.schafkopf import EveningGame, GameFacts, score_evening
from ...rules.schafkopf.tariff import profile_value
from ..base import RoundRow, Summary
from . import game
from .labels import (
    PLAYED,
    RAMSCH,
    THROWN_IN,
    contract_label,
    contract_short,
    format_money,
    money_cents,
)


@dataclass
class GameRow(RoundRow):
    """A row of the sheet with the words the templates show."""

    label: str = ""
    short: str = ""
    line: str = ""
    declaring: set[int] = field(default_factory=set)
    won_alone: bool = False  # a won Solo, Wenz, Tout or Sie: circled on the paper sheet
    offender: str = ""  # the name of who misplayed (misplay: offender_pays)
    # What the evening made of the game: its Bock rounds and its Stock payments.
    evening: EveningGame | None = None

    @property
    def scores(self) -> list[int] | None:
        """The game's amounts as the evening prices it now (a correction of an earlier game
        may have added or removed its Bock round); the revision keeps what it was saved with."""
        if self.evening is None:
            return self.revision.scores
        return list(self.evening.scores)

    @property
    def stock_paid(self) -> int:
        """What the game moved into the Stock (+) or out of it (−)."""
        return -sum(self.evening.stock_payments) if self.evening else 0

    @property
    def cells(self) -> list[dict]:
        """Per seat: the game's amount, the balance after it, and its role in the game."""
        data = self.data
        cells = []
        for seat, score in enumerate(self.scores or []):
            cells.append(
                {
                    "score": score,
                    "total": self.totals[seat] if self.totals else None,
                    "out": seat == data.get("sitting_out"),
                    "declarer": seat == data.get("declarer"),
                    "partner": seat == data.get("partner"),
                    "circled": self.won_alone and seat == data.get("declarer"),
                    "offender": seat == data.get("misplay"),
                }
            )
        return cells


@dataclass
class SchafkopfSummary(Summary):
    """Also the balances in units and money (kept outside ``info``, which describes only the
    game to enter and may be cleared when a tournament table is done)."""

    balances: list[dict] = field(default_factory=list)
    has_money: bool = False
    misplays: int = 0  # games with a misplay, for the sheet's legend
    # Bock rounds and the Stock (score_evening): Bock games still to come; the Stock now,
    # and at the end each player's share of it and what stays in it.
    has_bock: bool = False
    bock_ahead: int = 0
    has_stock: bool = False
    stock: int = 0
    stock_share: int = 0
    stock_left: int = 0
    final_balances: list[dict] = field(default_factory=list)
    # The Bock games still to come from the games on the sheet: game number → factor.
    bock_games: dict[int, int] = field(default_factory=dict)

    @property
    def bock_ahead_games(self) -> dict[int, int]:
        return self.bock_games if self.next_round is not None else {}

    @property
    def bock_strokes(self) -> str:
        """The Bock games still to come, as strokes on the paper block."""
        return "|" * self.bock_ahead


def next_dealer(profile: dict, players: int, previous: dict) -> int:
    if previous["contract"] == THROWN_IN and profile["passed_deal"] == "same_dealer":
        return previous["dealer"]
    return (previous["dealer"] + 1) % players


def dealer_form_key(dealer: int) -> str:
    """The key of the form of a game ahead dealt by ``dealer`` (SchafkopfPad.ahead_forms)."""
    return f"d{dealer}"


def dealer_of(table, rows: list[RoundRow], number: int) -> int:
    """The dealer of game ``number``: stored for saved games, by rotation for a new one."""
    row = next((row for row in rows if row.number == number), None)
    if row is not None:
        return row.data["dealer"]
    players = len(table.player_names)
    if number == 1 or not rows:
        return table.options.get("first_dealer", 0) % players
    return next_dealer(table.profile, players, rows[number - 2].data)


def sitting_out(players: int, dealer: int) -> int | None:
    return dealer if players == 5 else None


def summarize(table, revisions) -> Summary:
    players = table.player_names
    count = len(players)
    profile = table.profile
    rows: list[GameRow] = []
    for revision in revisions:
        data = revision.data
        row = GameRow(number=revision.round.number, revision=revision)
        row.label = contract_label(data)
        row.short = contract_short(data)
        row.line = game.summary_line(players, data, table.profile)
        row.declaring = game.party(data)
        misplay = data.get("misplay")
        won = data.get("won", False) and misplay is None
        row.won_alone = data["contract"] in game.ALONE and won
        row.offender = players[misplay] if misplay is not None else ""
        rows.append(row)
    # Every game is priced by the evening in order: a corrected game reprices those after it.
    # Where no Bock or Stock can change them, a game's stored amounts are its own: the sheet
    # shows what was stored (the tournament's zero-sum check looks at it).
    complete = [row for row in rows if row.complete]
    stored = not game.priced_by_evening(profile)
    facts = [
        game.facts(profile, row.data, count, row.revision.scores if stored else None)
        for row in complete
    ]
    evening = score_evening(profile, facts)
    for row, priced in zip(complete, evening.games, strict=True):
        row.evening = priced
        row.totals = list(priced.totals)
    totals = list(complete[-1].totals) if complete else [0] * count
    open_rows = [row for row in rows if not row.complete]
    next_round = open_rows[0].number if open_rows else len(rows) + 1
    summary = SchafkopfSummary(
        players=players,
        rows=rows,
        totals=totals,
        next_round=next_round,
        balances=balances(profile, players, totals),
        has_money=money_cents(profile, 0) is not None,
        misplays=sum(1 for row in rows if row.offender),
        has_bock=bool(profile_value(profile, "bock")),
        bock_ahead=evening.bock_ahead,
        has_stock=profile["passed_deal"] == "stock",
        stock=evening.stock,
        stock_share=evening.settle_up[0] if evening.settle_up else 0,
        stock_left=evening.stock_left,
    )
    if summary.has_bock and not open_rows:
        summary.bock_games = upcoming_bock(profile, facts, evening.bock_ahead, next_round)
    if summary.has_stock:
        # The end of the evening: the Stock shared out (or kept), each player's final balance.
        summary.final_totals = list(evening.final) if complete else totals
        summary.final_balances = balances(profile, players, summary.final_totals)
    dealer = dealer_of(table, rows, next_round)
    out = sitting_out(count, dealer)
    leader = (dealer + 1) % count
    summary.info.update(
        game=next_round,
        dealer=dealer,
        sitting_out=out,
        leader=leader,
        order=[(leader + step) % count for step in range(count) if (leader + step) % count != out],
        passed_deal=profile["passed_deal"],
        bock=evening.next_bock,
        factor=evening.next_factor,
    )
    return summary


def upcoming_bock(profile: dict, facts: list[GameFacts], ahead: int, first: int) -> dict[int, int]:
    """The Bock games still to come from the games ``facts`` already played, numbered from
    ``first`` (the next game): game number → factor. Later games can only add Bock rounds
    (queued after these, or stacked on them), never take these away; a correction of a game
    can, and then the live fragment that carries them changes. Where a thrown-in deal does not
    use up a Bock game (``bock_counts_thrown_in: false``), which game number gets them is open
    until the deals in between are in: none are named."""
    if not ahead or not profile_value(profile, "bock_counts_thrown_in"):
        return {}
    # The evening goes on with games that trigger nothing (an empty Ramsch): their Bock
    # rounds are those already due.
    plain = GameFacts(RAMSCH, (0,) * len(facts[0].scores))
    evening = score_evening(profile, [*facts, *[plain] * ahead])
    return {
        first + offset: priced.factor
        for offset, priced in enumerate(evening.games[len(facts) :])
        if priced.bock
    }


def balances(profile: dict, players: list[str], totals: list[int]) -> list[dict]:
    return [
        {
            "seat": seat,
            "name": name,
            "units": total,
            "money": format_money(money_cents(profile, total)),
        }
        for seat, (name, total) in enumerate(zip(players, totals, strict=True))
    ]


@dataclass
class PlayerStats:
    seat: int
    name: str
    played: int = 0  # deals he took part in that were played (games and Ramsch)
    declared: int = 0
    declared_won: int = 0
    partner: int = 0
    partner_won: int = 0
    against: int = 0
    against_won: int = 0
    ramsch: int = 0
    ramsch_lost: int = 0
    misplays: int = 0  # games he misplayed (misplay: offender_pays)
    sat_out: int = 0
    best: int | None = None
    worst: int | None = None
    by_contract: dict[str, list[int]] = field(default_factory=dict)  # contract: [declared, won]

    @property
    def won_share(self) -> int | None:
        """Per cent of his own games won, when he declared any."""
        return round(100 * self.declared_won / self.declared) if self.declared else None


def statistics(players: list[str], rows: list[GameRow]) -> dict:
    """Per player: games played, declared and won (also by contract), partner and opponent."""
    stats = [PlayerStats(seat=seat, name=name) for seat, name in enumerate(players)]
    thrown_in = 0
    for row in rows:
        if not row.complete:
            continue
        data = row.data
        contract = data["contract"]
        if contract == THROWN_IN:
            thrown_in += 1
            continue
        for seat, player in enumerate(stats):
            score = row.scores[seat]
            if seat == data.get("sitting_out"):
                player.sat_out += 1
                continue
            player.played += 1
            player.best = score if player.best is None else max(player.best, score)
            player.worst = score if player.worst is None else min(player.worst, score)
            if contract == RAMSCH:
                player.ramsch += 1
                player.ramsch_lost += score < 0
                continue
            if data.get("misplay") is not None:
                player.misplays += seat == data["misplay"]
                continue
            won = data["won"]
            if seat == data["declarer"]:
                player.declared += 1
                player.declared_won += won
                counts = player.by_contract.setdefault(contract, [0, 0])
                counts[0] += 1
                counts[1] += won
            elif seat in row.declaring:
                player.partner += 1
                player.partner_won += won
            else:
                player.against += 1
                player.against_won += not won
    contracts = [c for c in PLAYED if any(c in p.by_contract for p in stats)]
    return {
        "players": stats,
        "contracts": contracts,
        "games": sum(1 for row in rows if row.complete),
        "thrown_in": thrown_in,
        "ramsch": sum(1 for row in rows if row.complete and row.data["contract"] == RAMSCH),
        "misplays": sum(1 for row in rows if row.complete and row.data.get("misplay") is not None),
    }
