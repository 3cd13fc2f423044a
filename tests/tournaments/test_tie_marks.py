"""The S / L marks of the standings (docs/tournaments.md, "Standings"): a row is marked L
when the lot placed him among the players of his points, S when won solos did. One rule
(``standings.tie_broken_by``) says why two players are ordered; the marks of a round's
ranking, the overall standings and a series all come from it."""

import re

from django.template.loader import render_to_string

from tournaments.standings import Standing, Standings, rank


def standing(name, points, solos, lot):
    return Standing(
        player_id=hash(name),
        start_number=len(name),
        name=name,
        withdrawn=False,
        lot=lot,
        points={1: points},
        solos={1: solos},
        games={1: 3},
    )


def ranked(rows, round_number=1):
    standings = Standings(None, [1], rows, counts_solos=True, round_number=round_number)
    rank(standings)
    return standings


def marks_shown(standings):
    """The mark each name has on the page (sup after the rank), as the reader sees it."""
    html = render_to_string(
        "tournaments/_standings_table.html",
        {"standings": standings, "rows": standings.rows, "round_number": standings.round_number},
    )
    found = re.findall(
        r'<td class="rank">\d+(?:<sup[^>]*>(\w)</sup>)?</td>.*?<td class="name">([^<]+)', html
    )
    return {name.strip(): mark for mark, name in found}


def test_a_three_way_tie_split_by_solos_then_the_lot():
    # Anna has more solos than Berta and Cilli; the lot puts Berta before Cilli.
    rows = [
        standing("Cilli", 10, 1, "c"),
        standing("Anna", 10, 2, "z"),
        standing("Berta", 10, 1, "b"),
    ]
    rows.append(standing("Dora", 4, 0, "a"))
    standings = ranked(rows)
    assert [row.name for row in standings.rows] == ["Anna", "Berta", "Cilli", "Dora"]
    assert marks_shown(standings) == {"Anna": "S", "Berta": "L", "Cilli": "L", "Dora": ""}


def test_a_three_way_tie_split_by_the_lot_then_solos():
    # Anna and Berta have the same solos (the lot orders them), Cilli fewer.
    rows = [
        standing("Cilli", 10, 0, "a"),
        standing("Anna", 10, 2, "x"),
        standing("Berta", 10, 2, "y"),
    ]
    standings = ranked(rows)
    assert [row.name for row in standings.rows] == ["Anna", "Berta", "Cilli"]
    assert marks_shown(standings) == {"Anna": "L", "Berta": "L", "Cilli": "S"}


def test_two_way_ties_by_solos_and_by_lot():
    rows = [
        standing("Anna", 12, 1, "z"),
        standing("Berta", 12, 0, "a"),  # fewer solos: below Anna despite the better lot
        standing("Cilli", 5, 1, "y"),
        standing("Dora", 5, 1, "b"),  # same solos: the lot
        standing("Emil", -3, 0, "c"),
    ]
    standings = ranked(rows)
    assert [row.name for row in standings.rows] == ["Anna", "Berta", "Dora", "Cilli", "Emil"]
    assert marks_shown(standings) == {
        "Anna": "S",
        "Berta": "S",
        "Dora": "L",
        "Cilli": "L",
        "Emil": "",
    }


def test_three_way_tie_overall_as_in_a_round():
    rows = [
        standing("Cilli", 10, 1, "c"),
        standing("Anna", 10, 2, "z"),
        standing("Berta", 10, 1, "b"),
    ]
    standings = ranked(rows, round_number=None)
    assert marks_shown(standings) == {"Anna": "S", "Berta": "L", "Cilli": "L"}
