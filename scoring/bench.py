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
OH_HELL_KEY = "open_spiel oh_hell"
BATCH = 50  # games between clock readings
SLICES = 3


class NotAvailable(Exception):
    """A benchmark that cannot run here (module not built yet, open_spiel not installed)."""


def games_per_second(
    plays: dict[str, Callable[[], object]], seconds: float
) -> tuple[dict[str, float], dict[str, Exception]]:
    """Complete games per second of each ``play_one``: the best of three slices of
    ``seconds``, the slices taken in turns, so that the figures (and their ratio) share the
    load of a shared machine; a playout that raises is dropped and its error returned."""
    rates = dict.fromkeys(plays, 0.0)
    errors: dict[str, Exception] = {}
    for _ in range(SLICES):
        for key, play_one in plays.items():
            if key in errors:
                continue
            games = 0
            start = time.perf_counter()
            try:
                while (elapsed := time.perf_counter() - start) < seconds / SLICES:
                    for _ in range(BATCH):
                        play_one()
                    games += BATCH
            except Exception as error:  # a broken playout: report it, measure the others
                errors[key] = error
                continue
            rates[key] = max(rates[key], games / elapsed)
    return rates, errors


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
        f"Random legal playouts, complete games/s, best of {SLICES} slices taken in turns, "
        f"{args.seconds:g} s per figure (Python {platform.python_version()}, one process)"
    )
    plays, labels, targets = {}, {}, {}
    for name, options, label, target in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        key = f"{name} {label}"
        labels[key], targets[key] = f"  {name:<16} {label:<10}", target
        try:
            plays[key] = engine_playout(name, options)
        except NotAvailable as reason:
            print(f"{labels[key]} not measured: {reason}")
    labels[OH_HELL_KEY] = "  open_spiel oh_hell (3 players, 32 cards, 10 tricks)"
    try:
        plays[OH_HELL_KEY] = oh_hell_playout()
    except NotAvailable as reason:
        print(f"{labels[OH_HELL_KEY]} not measured: {reason}")

    rates, errors = games_per_second(plays, args.seconds)
    for key in plays:
        if key in errors:
            error = errors[key]
            print(f"{labels[key]} FAILED: {type(error).__name__}: {error}")
            continue
        target = targets.get(key)
        verdict = ""
        if target:
            verdict = f"   target {target:,}: {'PASS' if rates[key] >= target else 'BELOW'}"
        print(f"{labels[key]} {rates[key]:>9,.0f}/s{verdict}")
    ratio_of = "schatzsuche round 10"
    if ratio_of in rates and OH_HELL_KEY in rates and not errors.keys() & {ratio_of, OH_HELL_KEY}:
        ratio = rates[ratio_of] / rates[OH_HELL_KEY]
        print(f"Schatzsuche round 10 / OpenSpiel oh_hell: {ratio:.2f}x (aim: 2x or more)")
    return int(bool(errors))


if __name__ == "__main__":
    sys.exit(main())
