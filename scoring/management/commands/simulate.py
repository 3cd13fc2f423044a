"""``manage.py simulate GAME``: seeded bot games, written as records and summarised in JSON.

Game ``i`` of a run uses the seed ``f"{seed}:{i}"`` (records.simulate_records), so the same
seed gives the same records. ``games_per_s`` counts play time only: seeding, verifying and
writing files are not timed. ``--profile`` names a profile, or is a JSON object of settings
(``{"profile": "tarif-10-20-50", "deck": "kurz", "contracts": [...]}``): the named profile
(the game's default without ``profile``) with those settings, checked as a record's are.
"""

from __future__ import annotations

import json
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from scoring.rules import GAMES, records
from scoring.rules.core import RecordError


class Command(BaseCommand):
    help = "Play seeded games with random legal bots; print a JSON summary."
    # Pure engine work: no database, so no system checks (they would open one).
    requires_system_checks = []

    def add_arguments(self, parser):
        parser.add_argument("game", choices=GAMES)
        parser.add_argument("--games", type=int, default=1, help="number of games (default 1)")
        parser.add_argument("--seed", default="0", help="seed of the run (default 0)")
        parser.add_argument("--players", type=int, help="number of players, where it varies")
        parser.add_argument("--round", type=int, dest="round_number", help="Schatzsuche round")
        parser.add_argument(
            "--profile",
            help="rule profile, or a JSON object of settings with an optional base "
            '"profile" (default: the game\'s default profile)',
        )
        parser.add_argument("--out", type=Path, help="directory to write one record per game")
        parser.add_argument("--verify", action="store_true", help="verify every record")

    def handle(self, *args, game, games, seed, players, round_number, profile, out, **options):
        if games < 0:
            raise CommandError("--games must be 0 or more")
        if out is not None:
            out.mkdir(parents=True, exist_ok=True)
        seconds, valid, first = 0.0, 0, None
        profile, overrides = profile_and_overrides(profile)
        try:
            runs = records.simulate_records(
                game,
                games,
                seed,
                profile=profile,
                players=players,
                round_number=round_number,
                overrides=overrides,
            )
            for index, record, elapsed in runs:
                seconds += elapsed
                first = first or record
                if options["verify"]:
                    valid += records.verify(record).valid
                if out is not None:
                    path = out / f"{game}-{index:05d}.json"
                    path.write_text(records.dumps(record) + "\n", encoding="utf-8")
        except (ModuleNotFoundError, NotImplementedError) as error:
            raise CommandError(f"{game} cannot be simulated yet ({error})") from None
        except (RecordError, ValueError) as error:
            raise CommandError(str(error)) from None
        # Every game of a run has the same options; the first record tells the defaults used.
        summary = {
            "game": game,
            "seed": seed,
            "profile": first["profile"] if first else profile,
            "players": len(first["players"]) if first else players,
            "round": first.get("round", round_number) if first else round_number,
            "games": games,
            "seconds": round(seconds, 6),
            "games_per_s": round(games / seconds, 1) if seconds else None,
        }
        if overrides:
            summary["settings"] = overrides
        if options["verify"]:
            summary["valid"] = valid
        if out is not None:
            summary["out"] = str(out)
        self.stdout.write(records.dumps(summary))


def profile_and_overrides(option: str | None) -> tuple[str | None, dict | None]:
    """``--profile``: a profile's name, or a JSON object of settings on a named base."""
    if option is None or not option.lstrip().startswith("{"):
        return option, None
    try:
        settings = json.loads(option)
    except ValueError as error:
        raise CommandError(f"--profile is not a JSON object: {error}") from None
    if not isinstance(settings, dict):
        raise CommandError("--profile must be a profile name or a JSON object")
    return settings.pop("profile", None), settings
