"""Skat list page speed: a whole list of 48 games at a table of 4 (ISkO).

``python -m scoring.bench_skat_list [--games 48] [--repeat 15]`` (``make bench`` runs it).
A table is opened and its games saved through the pad's own forms (the test client posts
them, as a phone does), into a throw-away test database (tournaments.bench's
``setup_django``). It prints the server time of the sheet page and of the print list
(median and best of ``--repeat`` requests through the whole middleware stack, the first
view after a save, with the cache emptied, and later views) and their
query counts, for the complete list and for the list before its last game (the entry form
and the games ahead shown), and the counts of an open list of 6 games: the counts must not
grow with the games (tests/scoring/test_skat_queries.py checks it).
Target: the sheet's first view under 100 ms (median).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
import uuid

TARGET_MS = 100
PLAYERS = ("Anna", "Ben", "Cem", "Dora")
SUITS = ("karo", "herz", "pik", "kreuz")
# A mix of games as a list has them: (game, mit, hand, outcome), or None for a passed deal.
KINDS = (
    ("suit", 1, False, "won"),
    ("grand", 2, False, "lost"),
    None,
    ("null", None, False, "won"),
    ("suit", -2, False, "won_schneider"),
    ("suit", 1, True, "won"),
    ("null", None, True, "lost"),
    ("grand", -1, False, "won_schneider"),
)


def open_table(client, players=PLAYERS) -> str:
    """A new Skat table of ``players`` (ISkO, the first player deals first); its key."""
    from django.urls import reverse

    data = {f"player_{seat}": name for seat, name in enumerate(players)}
    data.update(preset="isko", first_dealer=0, author="Anna")
    response = client.post(reverse("table_new", args=["skat"]), data)
    assert response.status_code == 302, response.status_code
    return response.url.rstrip("/").rsplit("/", 1)[-1]


def game_fields(number: int, players: int) -> dict:
    """Game ``number``'s form as a phone posts it; the declarer never the dealer (who sits
    out at 4; the first player deals game 1)."""
    kind = KINDS[number % len(KINDS)]
    if kind is None:
        return {"passed": "1"}
    game, mit, hand, outcome = kind
    dealer = (number - 1) % players
    fields = {
        "declarer": (dealer + 1 + number % 3) % players,
        "game": SUITS[(number // len(KINDS)) % 4] if game == "suit" else game,
        "outcome": outcome,
    }
    if mit is not None:
        fields.update(mit="mit" if mit > 0 else "ohne", matadors=abs(mit))
    if hand:
        fields["hand"] = "on"
    return fields


def play_list(client, key: str, games: int, players: int = len(PLAYERS)) -> None:
    """Saves games 1..``games`` of the table ``key`` through the pad's form."""
    from django.urls import reverse

    for number in range(1, games + 1):
        data = {"base": 0, "submission": str(uuid.uuid4()), "author": "Anna", "reason": ""}
        data.update(game_fields(number, players))
        response = client.post(reverse("round_save", args=[key, number]), data)
        assert response.status_code == 302, (number, response.status_code)


def pages(key: str) -> dict[str, str]:
    from django.urls import reverse

    return {
        "sheet": reverse("table", args=[key]),
        "print list": reverse("pad_page", args=[key, "liste"]),
    }


def queries(client, url: str) -> int:
    """The page's queries with the cache emptied first (a table's first view after a save)."""
    from django.core.cache import cache
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    cache.clear()
    with CaptureQueriesContext(connection) as captured:
        assert client.get(url).status_code == 200
    return len(captured)


def measure(client, url: str, repeat: int, cold: bool) -> list[float]:
    """Times of ``repeat`` views; ``cold``: each the first after a save (cache emptied)."""
    from django.core.cache import cache

    assert client.get(url).status_code == 200  # templates and translations loaded
    times = []
    for _ in range(repeat):
        if cold:
            cache.clear()
        start = time.perf_counter()
        response = client.get(url)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code == 200
    return times


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=48)
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args(argv)
    from tournaments.bench import setup_django

    with tempfile.TemporaryDirectory() as tmp:
        setup_django(tmp)
        from django.test import Client

        client = Client()
        full, open_list, few = open_table(client), open_table(client), open_table(client)
        play_list(client, full, args.games)
        play_list(client, open_list, args.games - 1)
        play_list(client, few, 6)
        print(f"Skat list pages: a table of {len(PLAYERS)}, {args.games} games (ISkO)")
        ok = True
        for name in pages(full):
            for label, key in (("complete", full), (f"at game {args.games}", open_list)):
                url = pages(key)[name]
                cold = measure(client, url, args.repeat, cold=True)
                warm = measure(client, url, args.repeat, cold=False)
                median = statistics.median(cold)
                ok = ok and (name != "sheet" or median < TARGET_MS)
                print(
                    f"  {name}, {label}: first view after a save median {median:.1f} ms "
                    f"(best {min(cold):.1f}), {queries(client, url)} queries; later views "
                    f"median {statistics.median(warm):.1f} ms (best {min(warm):.1f}); "
                    f"over {args.repeat}"
                )
            # An open list with its entry form at 6 and at the last game; near the end of
            # the list fewer games lie ahead (their forms), so the count may only shrink.
            counts = [queries(client, pages(key)[name]) for key in (few, open_list)]
            same = "does not grow" if counts[1] <= counts[0] else "GROWS"
            print(
                f"  {name}: queries of an open list at 6 and {args.games - 1} games: "
                f"{counts[0]} and {counts[1]} ({same})"
            )
        print(f"  target: the sheet < {TARGET_MS} ms: {'met' if ok else 'NOT met'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
