"""Speed of the game engines, with OpenSpiel's ``oh_hell`` as the yardstick.

``python -m scoring.bench [--seconds S] [--only GAME ...]`` (``make bench`` installs the
``bench`` extra with open-spiel first). Every game's rules are played by one engine, its
``play.Play`` (docs/engine.md, "One rulebook"), and this measures that one path twice:

- ``playout``: complete random legal games on a bare ``Play`` (dealt, played out and
  scored: Schafkopf announced, doubled and settled with the tariff), what the bots and
  ``simulate`` run;
- ``verify``: bot-played records judged card by card by ``records.verify``, that is by
  ``State`` on the same ``Play`` (the verifier, ``manage.py verify``, the disputes).

Schafkopf's house contracts: ``simulate`` (the records ``manage.py simulate`` writes) with a
profile offering every contract, which the bots then wish for alike, beside today's mix
(the default profile), both in the same run, and their ratio (target at least 1).

Then OpenSpiel's oh_hell with Schatzsuche's shape (3 players, 32 cards, 10 tricks) driven
from Python by a uniform choice over ``legal_actions()``, and Schatzsuche round 10 / oh_hell.
Figures are complete games per CPU second of this process (``time.process_time``: on a
shared machine the wall clock also counts other processes' turns), each the best of three
slices taken in turns, so that all figures see the same load. Every game of ``GAMES`` is
measured: one that cannot be imported or played makes the exit status 1; without open_spiel
the yardstick is reported missing and the rest is measured.

``pyspiel`` is found by a plain import: installed into the venv by ``make bench``, or kept out
of it in a venv of its own (open_spiel 2.0.2 has a wheel for CPython 3.13; it runs oh_hell
without its dependencies, ``pip install --no-deps``) whose site-packages ``PYTHONPATH`` names.
"""

from __future__ import annotations

import argparse
import platform
import sys
import time
from collections.abc import Callable
from typing import Any

from scoring.rules import GAMES, get_game
from scoring.rules.compiled import engine_kind
from scoring.rules.draws import make_rng
from scoring.rules.records import profile_settings, verify

# (game, playout options, label, target complete games per second or None)
BENCHMARKS = (
    ("schafkopf", {"players": 4}, "4 players", 25_000),
    ("schatzsuche", {"round_number": 10}, "round 10", None),
    ("scharfe_schoten", {"players": 3}, "3 players", None),
    ("scharfe_schoten", {"players": 4}, "4 players", None),
    ("stichwahl", {"players": 3}, "3 players", None),
    ("skat", {"players": 3}, "3 players", None),
)
# Skat's records as ``manage.py simulate skat`` writes them (bidding, Skat, discard, cards),
# against oh_hell: target at least SKAT_TARGET times its games per second.
SKAT_SIMULATE_KEY = "skat simulate"
SKAT_TARGET = 4.0
# Every contract offered, wished for alike by the bots (schafkopf/bots.py), against the
# default profile's mix of the source's contracts; the Ramsch stays where nobody plays.
HOUSE_MIX = {
    "contracts": [
        *("rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "sie", "geier", "farbwenz"),
        *("farbgeier", "geier_tout", "farbwenz_tout", "farbgeier_tout", "bettel", "bettel_ouvert"),
    ]
}
HOUSE_KEYS = ("schafkopf simulate today", "schafkopf simulate every contract")
HOUSE_TARGET = 1.0
OH_HELL = {"players": 3, "num_suits": 4, "num_cards_per_suit": 8, "num_tricks_fixed": 10}
OH_HELL_KEY = "open_spiel oh_hell"
RATIO_OF = "schatzsuche round 10"
RATIO_TARGET, RATIO_AIM = 1.0, 2.0
BATCH = 50  # games between clock readings
SLICES = 3
RECORDS = 200  # bot-played records per game that verify cycles through


class NotAvailable(Exception):
    """open_spiel is not installed: the yardstick cannot be measured (every engine is)."""


def games_per_second(
    plays: dict[str, Callable[[], object]], seconds: float
) -> tuple[dict[str, float], dict[str, Exception]]:
    """Complete games per CPU second of each ``play_one``: the best of three slices of
    ``seconds``, the slices taken in turns, so that the figures (and their ratio) share the
    load of a shared machine; a game that raises is dropped and its error returned."""
    rates = dict.fromkeys(plays, 0.0)
    errors: dict[str, Exception] = {}
    clock = time.process_time
    for _ in range(SLICES):
        for key, play_one in plays.items():
            if key in errors:
                continue
            games = 0
            start = clock()
            try:
                while (elapsed := clock() - start) < seconds / SLICES:
                    for _ in range(BATCH):
                        play_one()
                    games += BATCH
            except Exception as error:  # a broken engine: report it, measure the others
                errors[key] = error
                continue
            rates[key] = max(rates[key], games / elapsed)
    return rates, errors


def engine_playout(name: str, options: dict[str, Any]) -> Callable[[], object]:
    """One complete bot game of ``name`` per call, on the game's ``Play``."""
    game = get_game(name)
    settings = profile_settings(game)
    rng = make_rng(f"bench:{name}")
    return lambda: game.playout(rng, settings, **options)


def engine_verify(name: str, options: dict[str, Any]) -> Callable[[], object]:
    """One complete bot-played record of ``name`` judged by ``State`` per call."""
    game = get_game(name)
    settings = profile_settings(game)
    rng = make_rng(f"bench:verify:{name}")
    played = [game.simulate(rng, settings, **options) for _ in range(RECORDS)]
    turn = iter(range(sys.maxsize))

    def verify_one() -> object:
        return verify(played[next(turn) % RECORDS])

    return verify_one


def schafkopf_simulate(
    overrides: dict[str, Any] | None, name: str = "schafkopf"
) -> Callable[[], object]:
    """One bot-played record per call (Schafkopf unless ``name``), as ``manage.py simulate``
    writes it."""
    game = get_game(name)
    settings = profile_settings(game, None, overrides)
    rng = make_rng("bench:simulate")
    return lambda: game.simulate(rng, settings)


def oh_hell_playout() -> Callable[[], object]:
    try:
        import pyspiel
    except ImportError:
        raise NotAvailable(
            "open_spiel is not installed: .venv/bin/pip install -e '.[bench]' "
            "(or PYTHONPATH=<another venv's site-packages with open_spiel>)"
        ) from None
    game = pyspiel.load_game("oh_hell", OH_HELL)
    draw = make_rng("bench:oh_hell").random

    def play_one() -> object:
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
        f"Complete random legal games per CPU second, best of {SLICES} slices taken in turns, "
        f"{args.seconds:g} s per figure "
        f"(Python {platform.python_version()}, one process, {engine_kind()})"
    )
    plays: dict[str, Callable[[], object]] = {}
    labels: dict[str, str] = {}
    targets: dict[str, int | None] = {}
    failed: dict[str, Exception] = {}
    for name, options, label, target in BENCHMARKS:
        if args.only and name not in args.only:
            continue
        for path, build in (("playout", engine_playout), ("verify", engine_verify)):
            key = f"{name} {label} {path}"
            labels[key] = f"  {name:<16} {label:<10} {path:<8}"
            targets[key] = target if path == "playout" else None
            try:
                plays[key] = build(name, options)
            except Exception as error:  # every game is built: one that is not fails the run
                failed[key] = error
    if not args.only or "schafkopf" in args.only:
        for key, overrides in zip(HOUSE_KEYS, (None, HOUSE_MIX), strict=True):
            labels[key] = f"  {key:<44}"
            try:
                plays[key] = schafkopf_simulate(overrides)
            except Exception as error:  # as above: reported, and the run fails
                failed[key] = error
    if not args.only or "skat" in args.only:
        labels[SKAT_SIMULATE_KEY] = f"  {SKAT_SIMULATE_KEY:<44}"
        try:
            plays[SKAT_SIMULATE_KEY] = schafkopf_simulate(None, "skat")
        except Exception as error:  # as above: reported, and the run fails
            failed[SKAT_SIMULATE_KEY] = error
    labels[OH_HELL_KEY] = "  open_spiel oh_hell (3 players, 32 cards, 10 tricks)"
    try:
        plays[OH_HELL_KEY] = oh_hell_playout()
    except NotAvailable as reason:
        print(f"{labels[OH_HELL_KEY]} not measured: {reason}")

    rates, errors = games_per_second(plays, args.seconds)
    errors |= failed
    for key in labels:
        if key in errors:
            error = errors[key]
            print(f"{labels[key]} FAILED: {type(error).__name__}: {error}")
            continue
        if key not in rates:
            continue
        target = targets.get(key)
        verdict = ""
        if target:
            verdict = f"   target {target:,}: {'PASS' if rates[key] >= target else 'BELOW'}"
        print(f"{labels[key]} {rates[key]:>9,.0f}/s{verdict}")
    today, every = HOUSE_KEYS
    if today in rates and every in rates and not {today, every} & errors.keys():
        ratio = rates[every] / rates[today]
        passed = "PASS" if ratio >= HOUSE_TARGET else "BELOW"
        print(
            f"Schafkopf simulate, every contract alike / today's mix: {ratio:.2f}x "
            f"(target {HOUSE_TARGET:g}x: {passed})"
        )
    if OH_HELL_KEY in rates and OH_HELL_KEY not in errors:
        if SKAT_SIMULATE_KEY in rates and SKAT_SIMULATE_KEY not in errors:
            ratio = rates[SKAT_SIMULATE_KEY] / rates[OH_HELL_KEY]
            passed = "PASS" if ratio >= SKAT_TARGET else "BELOW"
            print(
                f"Skat simulate / OpenSpiel oh_hell: {ratio:.2f}x "
                f"(target {SKAT_TARGET:g}x: {passed})"
            )
        for path in ("playout", "verify"):
            key = f"{RATIO_OF} {path}"
            if key in rates and key not in errors:
                ratio = rates[key] / rates[OH_HELL_KEY]
                if path == "playout":
                    passed = "PASS" if ratio >= RATIO_TARGET else "BELOW"
                    print(
                        f"Schatzsuche round 10 / OpenSpiel oh_hell: {ratio:.2f}x "
                        f"(playout; target {RATIO_TARGET:g}x: {passed}; aim {RATIO_AIM:g}x)"
                    )
                else:
                    print(f"Schatzsuche round 10 verified by State / oh_hell: {ratio:.2f}x")
    return int(bool(errors))


if __name__ == "__main__":
    sys.exit(main())
