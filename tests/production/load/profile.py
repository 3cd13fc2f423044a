"""Where the server's CPU goes, per kind of request (docs/production.md, "Load").

Plays the load test's table (two scorer phones, two viewers) through Django's test client in
this one process, against PostgreSQL and Redis with the load test's production settings, and
prints for each kind of request its CPU time per request and, with ``--top N``, the functions
of the project (and Django's templates) that took most of it (cProfile, cumulative):

    python -m tests.production.load.profile --tables 20 --top 12

Needs a database it may migrate and fill (``--database``, default sb_load on 127.0.0.1).
"""

from __future__ import annotations

import argparse
import cProfile
import html
import os
import pstats
import random
import re
import secrets
import tempfile
import time
from collections import defaultdict

from .games import FILLERS
from .phones import AHEAD_URL, INLINE_AHEAD, LINK, LIVE_URL, NEXT_ROUND, parse_form

STATIC_ROOT = os.path.join(tempfile.gettempdir(), "stichblock-profile-static")


def configure(database: str):
    os.environ.update(
        DJANGO_SETTINGS_MODULE="tests.production.load.settings",
        DATABASE_URL=database,
        DJANGO_PRODUCTION="1",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_CACHE_PREFIX=f"profile-{os.getpid()}",
        REDIS_URL=os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/0"),
        # Collected static files as in production (else WhiteNoise looks files up per request).
        DJANGO_MANIFEST_STATIC="1",
        DJANGO_STATIC_ROOT=STATIC_ROOT,
    )
    import django

    django.setup()
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    call_command("collectstatic", interactive=False, verbosity=0)


class Meter:
    """CPU time per kind of request; with ``profile`` also cProfile's account (which about
    doubles the time: compare figures taken without it)."""

    def __init__(self, profile=False):
        self.cpu: dict[str, list[float]] = defaultdict(list)
        # CPU time, as the figures: a wall clock would count the waits on the database too.
        self.profiles: dict[str, cProfile.Profile] = defaultdict(
            lambda: cProfile.Profile(time.thread_time)
        )
        self.profile = profile

    def __call__(self, kind, call):
        profile = self.profiles[kind] if self.profile else None
        start = time.thread_time()
        if profile:
            profile.enable()
        try:
            return call()
        finally:
            if profile:
                profile.disable()
            self.cpu[kind].append(time.thread_time() - start)


HANDLERS = []  # one request handler for every phone, as a server process has


def phone():
    from django.test import Client

    client = Client(HTTP_X_FORWARDED_PROTO="https", HTTP_HOST="127.0.0.1", secure=True)
    # A client's first request would build its own middleware (WhiteNoise reads every file).
    if HANDLERS:
        client.handler = HANDLERS[0]
    else:
        HANDLERS.append(client.handler)
    return client


def play(meter: Meter, rng: random.Random, rounds: int):
    game = "schatzsuche"
    creator = phone()
    page = creator.get(f"/new/{game}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page).group(1)
    data = {"csrfmiddlewaretoken": token, **FILLERS[game].creation(3), "author": "A"}
    answer = creator.post(f"/new/{game}/", data)
    scorer_key = LINK.search(answer["Location"]).group(1)
    share = creator.get(f"/t/{scorer_key}/share/").content.decode()
    viewer_key = next(k for k in LINK.findall(share) if k != scorer_key)
    scorers = [creator, phone()]
    viewers = [phone(), phone()]
    sheets = []
    for scorer in scorers:
        body = meter("page (scorer)", lambda s=scorer: s.get(f"/t/{scorer_key}/")).content
        sheets.append(body.decode())
        ahead = html.unescape(AHEAD_URL.search(sheets[-1]).group(1))
        inline = INLINE_AHEAD.search(sheets[-1])
        after = int(inline.group(1)) if inline else 0
        after -= after % 8
        meter("ahead", lambda s=scorer, a=ahead, n=after: s.get(f"{a}?after={n}"))
    # The table's other phones open it too: everything shared is rendered by now.
    meter("page (scorer, warm)", lambda: scorers[1].get(f"/t/{scorer_key}/"))
    for viewer in viewers:
        meter("page (viewer)", lambda v=viewer: v.get(f"/t/{viewer_key}/"))
    for number in range(rounds):
        who = 0 if number % 3 else 1
        saver, other = scorers[who], scorers[1 - who]
        form = parse_form(sheets[who])
        if form is None:
            break
        values = FILLERS[game].round(form.round_number, rng)
        data = {**form.fields, "author": "A", "reason": "", **values}
        answer = meter(
            "save (POST, in place)",
            lambda s=saver, f=form, d=data: s.post(f.action, d, HTTP_HX_REQUEST="true"),
        )
        sheets[who] = answer.content.decode()
        # The other scorer hears of it and fetches its fragment (static/js/live.js).
        live_url = html.unescape(LIVE_URL.search(sheets[1 - who]).group(1))
        fetched = meter(
            "fragment (other scorer)",
            lambda o=other, u=live_url: o.get(f"{u}&untouched=1", HTTP_HX_REQUEST="true"),
        )
        if b'id="entry-area"' in fetched.content:
            sheets[1 - who] = fetched.content.decode()
        next_round = NEXT_ROUND.search(sheets[who])
        if next_round and next_round.group(1) and int(next_round.group(1)) % 8 == 0:
            n = int(next_round.group(1))
            meter("ahead", lambda s=saver, a=ahead, n=n: s.get(f"{a}?after={n}"))


def report(meter: Meter, top: int, sort: str = "cumulative"):
    print(f"{'kind':<28}{'requests':>9}{'ms CPU each':>13}{'total s':>9}")
    for kind, times in sorted(meter.cpu.items(), key=lambda item: -sum(item[1])):
        mean = 1000 * sum(times) / len(times)
        print(f"{kind:<28}{len(times):>9}{mean:>13.2f}{sum(times):>9.2f}")
    if not top:
        return
    for kind, profile in meter.profiles.items():
        stats = pstats.Stats(profile)
        if sort == "cumulative":
            print(f"\n--- {kind}: cumulative, project code and templates")
            stats.sort_stats(sort).print_stats(r"scoring|stichblock|template/(base|loader)", top)
        else:  # where the time is spent, in any code
            print(f"\n--- {kind}: {sort}")
            stats.sort_stats(sort).print_stats(top)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--rounds", type=int, default=9)
    parser.add_argument("--top", type=int, default=0)
    parser.add_argument("--sort", default="cumulative", help="with --top: cumulative or tottime")
    parser.add_argument(
        "--database", default="postgres://postgres@127.0.0.1:5432/sb_load", help="DATABASE_URL"
    )
    args = parser.parse_args(argv)
    configure(args.database)
    rng = random.Random(1)
    play(Meter(), rng, args.rounds)  # warm-up: imports, templates, connections
    meter = Meter(profile=bool(args.top))
    for _ in range(args.tables):
        play(meter, rng, args.rounds)
    report(meter, args.top, args.sort)


if __name__ == "__main__":
    main()
