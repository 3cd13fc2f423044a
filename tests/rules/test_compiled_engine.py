"""The compiled engine (scoring/rules/compiled.py) is the same rulebook as its source.

mypyc compiles the hot modules at ``make install``; these tests check that what runs is
that build (not a stale one), that it plays exactly the games the source plays, that a
build older than its source is passed by, and that the compiled modules' examples hold.
"""

from __future__ import annotations

import doctest
import importlib.util
import json
import os
import subprocess
import sys
import warnings

import pytest

from scoring.rules import compiled

BUILT = any(compiled.extension(module).exists() for module in compiled.MODULES)
needs_build = pytest.mark.skipif(not BUILT, reason="engine not compiled here (no C compiler?)")
ASKED_PURE = os.environ.get(compiled.PURE) == "1"

# Bot games of every kind (Rufspiel, Solo, Wenz, Tout, Sie, Ramsch, thrown in), printed.
PLAY_GAMES = """
import json, sys
from scoring.rules import compiled
from scoring.rules.draws import make_rng
from scoring.rules.schafkopf import PROFILES
from scoring.rules.schafkopf.bots import bot_game
rng = make_rng("same games")
redeal = dict(PROFILES["kurzanleitung"], allow_stoss=True, allow_retour=True)
ramsch = dict(redeal, allow_klopfen=True, passed_deal="ramsch")
games = []
for number in range(400):
    game = bot_game(rng, ramsch if number % 2 else redeal, number % 4)
    games.append(None if game is None else [game.contract.type, game.plays, game.scores])
print(json.dumps({"compiled": compiled.is_active(), "games": games}))
"""


def play_games(pure: bool) -> dict:
    env = dict(os.environ, **{compiled.PURE: "1" if pure else "0"})
    done = subprocess.run(
        [sys.executable, "-c", PLAY_GAMES], env=env, capture_output=True, text=True, check=True
    )
    return json.loads(done.stdout)


@needs_build
@pytest.mark.skipif(ASKED_PURE, reason=f"{compiled.PURE}=1 runs the source on purpose")
def test_the_engine_runs_as_built_from_this_source():
    assert compiled.is_active(), "the build is older than its source: run `make install`"
    assert json.loads(compiled.MANIFEST.read_text()) == compiled.fingerprint()


@needs_build
def test_compiled_and_source_play_the_same_games():
    built, source = play_games(pure=False), play_games(pure=True)
    assert (built["compiled"], source["compiled"]) == (True, False)
    assert built["games"] == source["games"]
    kinds = {game[0] for game in source["games"] if game}
    assert {"rufspiel", "solo", "wenz", "ramsch"} <= kinds
    assert None in source["games"]  # a deal thrown in


def test_a_build_older_than_its_source_is_passed_by(tmp_path, monkeypatch):
    monkeypatch.delenv(compiled.PURE, raising=False)
    built = tmp_path / "play.so"
    built.write_bytes(b"")
    monkeypatch.setattr(compiled, "extension", lambda module: built)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "compiled.json")
    compiled.MANIFEST.write_text(json.dumps({**compiled.fingerprint(), "schafkopf.play": "old"}))
    before = list(sys.meta_path)
    try:
        with pytest.warns(RuntimeWarning, match="older than its source"):
            compiled.use_fresh_build()
        finder = sys.meta_path[0]
        spec = finder.find_spec("scoring.rules.schafkopf.play", None)
        assert spec.origin == str(compiled.source("schafkopf.play"))
        assert finder.find_spec("scoring.rules.schafkopf.state", None) is None
        # Built from exactly this source: used as it is, no warning.
        compiled.MANIFEST.write_text(json.dumps(compiled.fingerprint()))
        sys.meta_path[:] = before
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            compiled.use_fresh_build()
        assert sys.meta_path == before
    finally:
        sys.meta_path[:] = before


def test_the_compiled_modules_examples_hold_on_their_source(monkeypatch):
    """mypyc keeps no docstrings, so pytest's doctest run passes these files by
    (tests/engine_plugin.py); their examples are run here, on the source."""
    attempted = 0
    for module in compiled.MODULES:
        path, name = compiled.source(module), f"scoring.rules.{module}"
        spec = importlib.util.spec_from_file_location(name, path)
        loaded = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(loaded)
        monkeypatch.setitem(sys.modules, name, loaded)  # doctest looks its functions up there
        result = doctest.testmod(loaded)
        assert result.failed == 0, module
        attempted += result.attempted
        assert result.attempted == path.read_text().count(">>> "), module
    assert attempted >= 4
