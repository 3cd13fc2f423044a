"""A check every game module must pass: what the engine writes, it reads back as valid.

Call it from a game's tests::

    from tests.rules.roundtrip import assert_roundtrip

    def test_simulated_deals_verify_and_replay():
        assert_roundtrip("schafkopf", games=300, players=4)

For ``games`` seeded games (records.simulate_records, seed ``f"{seed}:{i}"``) it asserts:
the same seed gives the same records; each record survives JSON text unchanged and
verifies valid and complete with one score per player; the verdict's tricks hold exactly
the recorded cards in order; the record cut in the middle is valid, incomplete, names the
seat to act, has no result, and its finished tricks are those of the whole record; and,
where the module has ``playout``, the same seed gives the same scores. It returns the
records and verdicts for further game-specific assertions.
"""

from __future__ import annotations

from typing import Any

from scoring.rules import get_game, records
from scoring.rules.core import Verdict
from scoring.rules.draws import make_rng


def assert_roundtrip(
    game: str,
    games: int = 100,
    seed: str = "roundtrip",
    *,
    players: int | None = None,
    round_number: int | None = None,
    profile: str | None = None,
    overrides: dict[str, Any] | None = None,
    cut: bool = True,
) -> list[tuple[dict[str, Any], Verdict]]:
    options = {
        "profile": profile,
        "players": players,
        "round_number": round_number,
        "overrides": overrides,
    }
    first = [record for _, record, _ in records.simulate_records(game, games, seed, **options)]
    again = [record for _, record, _ in records.simulate_records(game, games, seed, **options)]
    assert first == again, f"{game}: the same seed gave different records"
    checked = []
    for index, record in enumerate(first):
        where = f"{game} game {index} (seed {seed}:{index})"
        text = records.dumps(record)
        assert records.load(text) == record, f"{where}: the record does not survive JSON"
        verdict = records.verify(text)
        messages = [v.message(record["players"]) for v in verdict.violations]
        assert verdict.valid, f"{where}: the engine's own record is invalid: {messages}"
        assert verdict.complete, f"{where}: the bots stopped before the end"
        assert verdict.to_play is None, where
        assert len(verdict.result["scores"]) == len(record["players"]), where
        assert _played_cards(record) == _trick_cards(verdict), f"{where}: tricks differ"
        if cut:
            _assert_cut_is_incomplete(record, verdict, where)
        checked.append((record, verdict))
    _assert_playout_is_seeded(game, seed, options)
    return checked


def _played_cards(record: dict[str, Any]) -> list[str]:
    if "plays" in record:
        return list(record["plays"])
    return [event["play"] for event in record["events"] if "play" in event]


def _trick_cards(verdict: Verdict) -> list[str]:
    return [card for trick in verdict.tricks for card in trick["cards"]]


def _assert_cut_is_incomplete(record: dict[str, Any], verdict: Verdict, where: str) -> None:
    key = "plays" if "plays" in record else "events"
    if len(record[key]) < 2:
        return  # nothing to cut (a Schafkopf Sie is complete with no plays)
    cut = {**record, key: record[key][: len(record[key]) // 2]}
    partial = records.verify(cut)
    assert partial.valid, f"{where}: the first half is invalid"
    assert not partial.complete, f"{where}: the first half counts as complete"
    assert partial.to_play is not None, f"{where}: the first half names nobody to act"
    assert partial.result is None, f"{where}: the first half has a result"
    finished = [trick for trick in partial.tricks if trick["winner"] is not None]
    assert finished == verdict.tricks[: len(finished)], f"{where}: the first half's tricks"


def _assert_playout_is_seeded(game: str, seed: str, options: dict[str, Any]) -> None:
    module = get_game(game)
    if not hasattr(module, "playout"):
        return
    settings = records.profile_settings(module, options["profile"], options["overrides"])
    kwargs = {"players": options["players"], "round_number": options["round_number"]}
    scores = module.playout(make_rng(f"{seed}:playout"), settings, **kwargs)
    assert scores == module.playout(make_rng(f"{seed}:playout"), settings, **kwargs)
    assert all(isinstance(score, int) for score in scores), f"{game}: playout scores"
