"""Season speed: a Stammtisch of 40 players, 3 seasons of 50 evenings × 60 games (9,000 games).

``python -m scoring.groups.bench [--players 40] [--seasons 3] [--evenings 50] [--games 60]
[--repeat 7]`` (``make bench`` runs it). The data goes straight into a throw-away test
database (tournaments.bench's ``setup_django``): per evening a scorepad table of 4 or 5 of
the group's players with one current revision per game (the Schafkopf pad's data, its
scores from the rules engine, tarif-10-20-50). It prints the server time of one season's
page through the whole middleware stack, the cache emptied before each first view:

- first view: the figures of every table stored, but one table changed since (its version
  bumped, as by a played or corrected round): that table's revisions read and summed up;
- later view: every table's stored figures read;
- nothing stored: no table's figures stored yet (once per table after the migration that
  added them): every evening's revisions read and summed up;

each with its number of queries, next to the same for a group of a fifth of the evenings:
the counts must not grow with the evenings. Target: under 200 ms for the first and later
views.
"""

from __future__ import annotations

import argparse
import datetime
import random
import statistics
import sys
import tempfile
import time

from tournaments.bench import enter_random_games, setup_django

TARGET_MS = 200


def build(name: str, players: int, seasons: int, evenings: int, games: int, seed: str):
    from scoring.models import Access, Seat, Table
    from scoring.rules.schafkopf import PROFILES

    from .models import Evening, EveningSeat, Group, Player

    rng = random.Random(seed)
    profile = dict(PROFILES["tarif-10-20-50"])
    group = Group.objects.create(
        name=f"Bench {name}", game="schafkopf", profile_name="tarif-10-20-50", profile=profile
    )
    people = Player.objects.bulk_create(
        Player(group=group, name=f"Spieler {n:02d}") for n in range(1, players + 1)
    )
    first_year = 2020
    for season in range(seasons):
        tables, seatings, days = [], [], []
        for number in range(evenings):
            sitting = rng.sample(people, rng.choice((4, 4, 5)))
            seatings.append(sitting)
            days.append(datetime.date(first_year + season, 1, 1) + datetime.timedelta(number * 7))
            tables.append(
                Table(
                    game="schafkopf",
                    title=f"Bench {name}",
                    profile_name="tarif-10-20-50",
                    profile=profile,
                    options={"first_dealer": 0},
                    version=games,
                )
            )
        tables = Table.objects.bulk_create(tables)
        Seat.objects.bulk_create(
            Seat(table=table, position=p, name=person.name)
            for table, sitting in zip(tables, seatings, strict=True)
            for p, person in enumerate(sitting)
        )
        Access.objects.bulk_create(
            Access(table=table, role=role)
            for table in tables
            for role in (Access.Role.SCORER, Access.Role.VIEWER)
        )
        evening_rows = Evening.objects.bulk_create(
            Evening(group=group, table=table, played_on=day)
            for table, day in zip(tables, days, strict=True)
        )
        EveningSeat.objects.bulk_create(
            EveningSeat(evening=evening, position=p, player=person)
            for evening, sitting in zip(evening_rows, seatings, strict=True)
            for p, person in enumerate(sitting)
        )
        size = {table.pk: len(sitting) for table, sitting in zip(tables, seatings, strict=True)}
        enter_random_games(tables, size, games, profile, rng)
    return group, first_year + seasons - 1


def measure(group, season: int, repeat: int) -> dict:
    from django.core.cache import cache
    from django.db import connection
    from django.db.models import F
    from django.test import Client
    from django.test.utils import CaptureQueriesContext
    from django.urls import reverse

    from scoring.models import Table

    from .models import Evening

    url = reverse("season", args=[group.viewer_key, season])
    client = Client()
    assert client.get(url).status_code == 200  # templates and translations loaded
    evenings = Evening.objects.filter(group=group)
    last = evenings.order_by("played_on").last().table_id

    def forget():
        cache.clear()
        evenings.update(figures=None)

    def correct():
        cache.clear()
        Table.objects.filter(pk=last).update(version=F("version") + 1)

    def timed(before=None) -> float:
        if before:
            before()
        start = time.perf_counter()
        response = client.get(url)
        assert response.status_code == 200
        return (time.perf_counter() - start) * 1000

    first, later, nothing = [], [], []
    for _ in range(repeat):
        nothing.append(timed(forget))
        first.append(timed(correct))
        later.append(timed())

    def count(before=None) -> int:
        if before:
            before()
        with CaptureQueriesContext(connection) as queries:
            client.get(url)
        return len(queries)

    return {
        "first": first,
        "later": later,
        "nothing": nothing,
        "nothing_queries": count(forget),
        "first_queries": count(correct),
        "later_queries": count(),
        "bytes": len(client.get(url).content),
    }


def shown(times: list[float]) -> str:
    return f"{min(times):.0f} ms (median {statistics.median(times):.0f})"


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=40)
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--evenings", type=int, default=50)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        setup_django(tmp)
        start = time.perf_counter()
        big, season = build("big", args.players, args.seasons, args.evenings, args.games, "g1")
        small, small_season = build(
            "small", args.players, 1, max(1, args.evenings // 5), args.games, "g2"
        )
        built = time.perf_counter() - start
        total = args.seasons * args.evenings * args.games
        print(
            f"group season page: {args.players} players, {args.seasons} seasons × "
            f"{args.evenings} evenings × {args.games} games = {total} games "
            f"(built in {built:.1f} s)"
        )
        figures = measure(big, season, args.repeat)
        few = measure(small, small_season, args.repeat)
        kinds = ("first", "later", "nothing")
        print(
            f"  one season ({args.evenings} evenings): first view (one table changed) "
            f"{shown(figures['first'])}, later {shown(figures['later'])}, nothing stored "
            f"{shown(figures['nothing'])}; queries first {figures['first_queries']}, later "
            f"{figures['later_queries']}, nothing stored {figures['nothing_queries']}; "
            f"{figures['bytes'] // 1024} KiB"
        )
        print(
            f"  a season of {max(1, args.evenings // 5)} evenings: queries first "
            f"{few['first_queries']}, later {few['later_queries']}, nothing stored "
            f"{few['nothing_queries']} (must equal the above)"
        )
        ok = all(min(figures[kind]) < TARGET_MS for kind in ("first", "later"))
        same = all(few[f"{kind}_queries"] == figures[f"{kind}_queries"] for kind in kinds)
        print(
            f"  target < {TARGET_MS} ms (first and later views): {'met' if ok else 'NOT met'}; "
            f"constant queries: {same}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
