"""The state of a Skat table: the list in order, each player's running list points, the
Seeger-Fabian result (``score_list``) and who deals, sits out and sits where next.

The deal moves on one seat after every game, a passed-out deal too (docs/rules/skat.md). At
a table of 4 the dealer sits out. Each saved game keeps its dealer, so a correction never
changes who dealt the games after it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from ...rules import skat as rules
from ...rules.skat.seeger import OPPONENT_BONUS
from ..base import RoundRow, Summary
from .labels import game_short, summary_line


def dealer_of(table, number: int) -> int:
    """Game ``number``'s dealer: the first dealer, then one seat on per game."""
    players = len(table.player_names)
    return (table.options.get("first_dealer", 0) + number - 1) % max(players, 1)


def sitting_out(players: int, dealer: int) -> int | None:
    return dealer if players == 4 else None


def seats_of(players: int, dealer: int) -> list[int]:
    """Vorhand, Mittelhand, Hinterhand: clockwise from the dealer's left, without a dealer
    who sits out (at 3 the dealer is Hinterhand)."""
    return [(dealer + step) % players for step in range(1, 4)]


def dealer_form_key(dealer: int) -> str:
    """The key of the form of a game ahead dealt by ``dealer`` (SkatPad.ahead_forms)."""
    return f"d{dealer}"


def list_game(data: dict) -> rules.ListGame:
    """A saved game as a line of the engine's list."""
    if data.get("passed"):
        ramsch = data.get("ramsch")
        if ramsch:
            return rules.ListGame(None, scores=tuple(ramsch["scores"]))
        return rules.ListGame(None)
    return rules.ListGame(data["declarer"], data["won"], data["list_points"])


@dataclass
class SkatRow(RoundRow):
    """A row of the list with what the template shows."""

    short: str = ""
    line: str = ""  # the game in words (the exports' "What was played", the cell's title)
    bock_stale: bool = False  # saved with a Bock that the games before it no longer give
    # Each player's list points so far (the sum of the games he declared), after this game.
    list_totals: list[int] = field(default_factory=list)

    @property
    def cells(self) -> list[dict]:
        data = self.data
        declarer = None if data.get("passed") else data.get("declarer")
        ramsch = (data.get("ramsch") or {}).get("scores") if data.get("passed") else None
        return [
            {
                "out": seat == data.get("sitting_out"),
                "declarer": seat == declarer,
                "list_total": total,
                "ramsch": ramsch[seat] if ramsch else None,
                "seeger": self.totals[seat] if self.totals else None,
            }
            for seat, total in enumerate(self.list_totals)
        ]


@dataclass
class SkatSummary(Summary):
    """Also the Seeger-Fabian list (``score_list``) of the saved games."""

    result: rules.ListResult | None = None
    # The Bock games still to come from the games on the list: game number → factor.
    bock_games: dict[int, int] = field(default_factory=dict)
    games_per_list: int = 0
    bonus_others: int = 0

    @property
    def bock_ahead_games(self) -> dict[int, int]:
        return self.bock_games if self.next_round is not None else {}

    @property
    def seeger_rows(self) -> list[dict]:
        if self.result is None:
            return []
        return [
            {"seat": seat, "name": name, "line": line, "fee": Decimal(line.loss_fee_cents) / 100}
            for seat, (name, line) in enumerate(zip(self.players, self.result.players, strict=True))
        ]


def summarize(table, revisions) -> SkatSummary:
    players = table.player_names
    count = len(players)
    settings = table.profile
    rows: list[SkatRow] = []
    list_totals = [0] * count
    totals = [0] * count
    games = []
    for revision in revisions:
        row = SkatRow(number=revision.round.number, revision=revision)
        data = revision.data
        row.short = game_short(data)
        row.line = summary_line(players, data)
        if row.complete:
            game = list_game(data)
            games.append(game)
            if game.declarer is not None:
                list_totals[game.declarer] += game.points
            elif game.scores is not None:
                list_totals = [a + b for a, b in zip(list_totals, game.scores, strict=True)]
            totals = [a + b for a, b in zip(totals, revision.scores, strict=True)]
            row.totals = totals
        row.list_totals = list(list_totals)
        rows.append(row)
    result = rules.score_list(games, count, settings)
    complete = rules.list_complete(result, count, settings)
    open_rows = [row for row in rows if not row.complete]
    next_round = open_rows[0].number if open_rows else (None if complete else len(rows) + 1)
    summary = SkatSummary(
        players=players,
        rows=rows,
        totals=totals,
        next_round=next_round,
        finished=next_round is None,
        result=result,
        games_per_list=int(settings[f"games_per_list_{count}"]),
        bonus_others=OPPONENT_BONUS[count],
    )
    if summary.finished:
        order = sorted(
            range(count), key=lambda seat: rules.tie_break_key(result.players[seat], settings)
        )
        best = rules.tie_break_key(result.players[order[0]], settings)
        summary.winners = [
            s for s in order if rules.tie_break_key(result.players[s], settings) == best
        ]
        summary.final_totals = totals
        return summary
    dealer = dealer_of(table, next_round)
    summary.info.update(
        game=next_round,
        dealer=dealer,
        sitting_out=sitting_out(count, dealer),
        seats=seats_of(count, dealer),
        **dict(zip(("vorhand", "mittelhand", "hinterhand"), seats_of(count, dealer), strict=True)),
        games_left=max(summary.games_per_list - result.games, 0),
    )
    return summary
