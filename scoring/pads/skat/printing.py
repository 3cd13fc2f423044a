"""The Skat list to print on one A4 page (the pad's page "Liste"): the DSkV layout, one line
per game of the list (36 at a table of 3, 48 at 4; lines not played yet stay empty to be
written by hand), with game no., declarer, game, value + or −, each player's running list
points, and the Seeger-Fabian box below: points, won, lost, ±50, the others' bonus, total
and Verlustspielgeld. static/css/skat-print.css fits it on the page.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.shortcuts import render
from django.views.decorators.http import require_safe

from ...rules import skat as rules
from .labels import game_short
from .stats import money, statistics


@dataclass
class PrintLine:
    number: int
    declarer: str = ""  # the declarer's name; empty on a passed-out or unplayed line
    game: str = ""  # the game as the list writes it (labels.game_short)
    value: int | None = None  # signed list points; None: passed out or unplayed
    passed: bool = False
    ramsch: bool = False
    running: list[int | None] | None = None  # each seat's list points so far; None: unchanged

    @property
    def plus(self) -> int | None:
        """The value in the column "+" (a won game)."""
        return self.value if self.value is not None and self.value > 0 else None

    @property
    def minus(self) -> int | None:
        """The value in the column "−", without its sign (a lost game, twice its value)."""
        return -self.value if self.value is not None and self.value < 0 else None


def print_lines(players: list[str], datas: list[dict], length: int) -> list[PrintLine]:
    """A line per saved game (their data in order), then empty lines up to ``length``. A
    player's running list points are written only in the line of a game that changed them
    (his own, or a Ramsch), as on paper."""
    running = [0] * len(players)
    lines = []
    for number, data in enumerate(datas, start=1):
        line = PrintLine(number, game=game_short(data))
        if data.get("passed"):
            scores = (data.get("ramsch") or {}).get("scores")
            line.passed, line.ramsch = True, bool(scores)
            if scores:
                running = [a + b for a, b in zip(running, scores, strict=True)]
                changed = zip(running, scores, strict=True)
                line.running = [total if score else None for total, score in changed]
        else:
            seat = int(data["declarer"])
            running[seat] += int(data["list_points"])
            line.declarer, line.value = players[seat], int(data["list_points"])
            line.running = [total if i == seat else None for i, total in enumerate(running)]
        lines.append(line)
    lines += [PrintLine(number) for number in range(len(lines) + 1, length + 1)]
    return lines


@require_safe
def liste_page(request, access, pad):
    """The list as the page to print (every link may read it)."""
    table = access.table
    summary = pad.table_summary(table)
    players = summary.players
    datas = [row.data for row in summary.rows if row.complete]
    settings = table.profile
    length = max(int(settings[f"games_per_list_{len(players)}"]), len(datas))
    stats = statistics(players, datas, settings)
    context = {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "lines": print_lines(players, datas, length),
        "stats": stats,
        "fees": [money(row.loss_fee_cents) for row in stats.players],
        "fees_total": money(stats.fees_cents),
        "bonus_others": rules.seeger.OPPONENT_BONUS[len(players)],
        "long": length > 48,  # more lines than one page holds at the normal size
    }
    return render(request, "scoring/skat/print.html", context)
