"""Random-playout speed of the game engines, with OpenSpiel's ``oh_hell`` as the yardstick.

``python -m scoring.bench [--seconds S] [--only GAME ...]`` (``make bench`` installs the
``bench`` extra with open-spiel first). For each game whose module has ``playout`` it counts
complete random legal games per second in one Python process, then OpenSpiel's oh_hell with
Schatzsuche's shape (3 players, 32 cards, 10 tricks) driven from Python by a uniform choice
over ``legal_actions()``, and prints Schatzsuche / oh_hell. A game that is not built yet is
reported and skipped; a playout that fails makes the exit status 1.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable

from scoring.rules import GAMES, get_game
from scoring.rules.core import make_rng
from scoring.rules.records import profile_settings

# (game, playout options, label, target games/s or None)
BENCHMARKS = (
    ("schafkopf", {"players": 4}, "4 players", 10_000),
    ("schatzsuche", {"round_number": 10}, "round 10", None),
    ("scharfe_schoten", {"players": 3}, "3 players", None),
    ("scharfe_schoten", {"players": 4}, "4 players", None),
    ("stichwahl", {"players": 3}, "3 players", None),
)
OH_HELL = {"players": 3, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 10}
BATCH = 50  # games between clock readings
SLICES = 3


class NotAvailable(Exception):
    """A benchmark that cannot run here (module not built yet, open_spiel not installed)."""


def games_per_second(play_one: Callable[[], object], seconds: float) -> float:
    """Complete games per second of ``play_one``: the best of three slices of ``seconds``,
    so that a burst of other work on a shared machine does not set the figure."""
    best = 0.0
    for _ in range(SLICES):
        games = 0
        start = time.perf_counter()
        while (elapsed := time.perf_counter() - start) < seconds / SLICES:
            for _ in range(BATCH):
                play_one()
            games += BATCH
        best = max(best, games / elapsed)
    return best


def engine_playout(name: str, options: dict) -> Callable[[], object]:
    try:
        game = get_game(name)
    except ModuleNotFoundError:
        raise NotAvailable(f"scoring.rules.{name} is not built yet") from None
    if not hasattr(game, "playout"):
        raise NotAvailable(f"scoring.rules.{name} has no playout yet")
    settings = profile_settings(game)
    rng = make_rng(f"bench:{name}")
    return lambda: game.playout(rng, settings, **options)


def oh_hell_playout() -> Callable[[], object]:
    try:
        import pyspiel
    except ImportError:
        raise NotAvailable(
            "open_spiel is not installed: .venv/bin/pip install -e '.[bench]'"
        ) from None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    draw = make_rng("bench:oh_hell").random

    def play_one():
        # Chance nodes (the deal, the trump card) are uniform in oh_hell, so one uniform
        # choice over legal_actions() serves every node, as the notes' figure was taken.
        state = game.new_initial_state()
        while not state.is_terminal():
            actions = state.legal_actions()
            state.apply_action(actions[int(draw() * len(actions))])
        return state.returns()

    return play_one


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m scoring.bench", description=__doc__)
    parser.add_argument("--seconds", type=float, default=3.0, help="per figure (default 3)")
    parser.add_argument("--only", nargs="+", choices=GAMES, help="games to measure")
    args = parser.parse_args(argv)

    print(
        f"Random legal playouts, complete games/s, best of {SLICES} slices of "
        f"{args.seconds:g} s per figure (Python {platform.python_version()}, one process)"
    )
    failed = False
    rates: dict[str, float] = {}
    for name, options, label, target in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        try:
            rate = games_per_second(engine_playout(name, options), args.seconds)
        except NotAvailable as reason:
            print(f"  {name:<16} {label:<10} not measured: {reason}")
            continue
        except Exception as error:  # a broken playout: report it, measure the others
            print(f"  {name:<16} {label:<10} FAILED: {type(error).__name__}: {error}")
            failed = True
            continue
        rates.setdefault(name, rate)
        verdict = f"   target {target:,}: {'PASS' if rate >= target else 'BELOW'}" if target else ""
        print(f"  {name:<16} {label:<10} {rate:>9,.0f}/s{verdict}")

    try:
        oh_hell = games_per_second(oh_hell_playout(), args.seconds)
    except NotAvailable as reason:
        print(f"  open_spiel oh_hell          not measured: {reason}")
        return int(failed)
    print(f"  open_spiel oh_hell (3 players, 32 cards, 10 tricks) {oh_hell:>9,.0f}/s")
    if "schatzsuche" in rates:
        ratio = rates["schatzsuche"] / oh_hell
        print(f"Schatzsuche round 10 / OpenSpiel oh_hell: {ratio:.2f}x (aim: 2x or more)")
    return int(failed)


if __name__ == "__main__":
    sys.exit(main())
