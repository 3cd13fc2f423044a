"""The compiled engine (scoring/rules/compiled.py) is the same rulebook as its source.

mypyc compiles the hot modules at ``make install``; these tests check that what runs is
that build (not a stale one), that it plays exactly the games the source plays, that a
build older than its source is passed by, and that the compiled modules' examples hold.
"""

from __future__ import annotations

import ast
import doctest
import importlib.metadata
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import warnings

import pytest

from scoring.rules import compiled

BUILT = any(compiled.extension(module).exists() for module in compiled.MODULES)
needs_build = pytest.mark.skipif(not BUILT, reason="engine not compiled here (no C compiler?)")
ASKED_PURE = os.environ.get(compiled.PURE) == "1"

# Bot games of every kind (Rufspiel, Solo, Wenz, Tout, Sie, Ramsch, thrown in), printed; and
# the records ``simulate`` writes, with the source's contracts and with every contract.
PLAY_GAMES = """
import json, sys
from scoring.rules import compiled
from scoring.rules.draws import make_rng
from scoring.rules.schafkopf import PROFILES, simulate
from scoring.rules.schafkopf.bots import bot_game
from scoring.rules.schafkopf.tariff import OFFERABLE_CONTRACTS
rng = make_rng("same games")
redeal = dict(PROFILES["kurzanleitung"], allow_stoss=True, allow_retour=True)
ramsch = dict(redeal, allow_klopfen=True, passed_deal="ramsch")
games = []
for number in range(400):
    game = bot_game(rng, ramsch if number % 2 else redeal, number % 4)
    games.append(None if game is None else [game.contract.type, game.plays, game.scores])
every = dict(ramsch, contracts=list(OFFERABLE_CONTRACTS), profile="kurzanleitung")
records = [simulate(rng, every if number % 2 else redeal) for number in range(200)]
print(json.dumps({"compiled": compiled.is_active(), "games": games, "records": records}))
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
    assert built["records"] == source["records"]
    kinds = {record["contract"]["type"] for record in source["records"]}
    assert {"geier", "farbwenz_tout", "rufspiel"} <= kinds and {"bettel", "bettel_ouvert"} & kinds


def test_a_build_older_than_its_source_is_passed_by(tmp_path, monkeypatch):
    monkeypatch.delenv(compiled.PURE, raising=False)
    built = tmp_path / "play.so"
    built.write_bytes(b"")
    monkeypatch.setattr(compiled, "extension", lambda module: built)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "compiled.json")
    compiled.MANIFEST.write_text(json.dumps({**compiled.fingerprint(), "sources": "old"}))
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


@pytest.fixture
def build_of_a_copy(tmp_path, monkeypatch):
    """A copy of the engine's source with a pretend build noted as made from it. The value,
    called, says whether ``use_fresh_build`` would now pass that build by."""
    monkeypatch.delenv(compiled.PURE, raising=False)
    copy = tmp_path / "rules"
    shutil.copytree(compiled.ROOT, copy, ignore=shutil.ignore_patterns("*.so", "__pycache__"))
    monkeypatch.setattr(compiled, "ROOT", copy)
    built = tmp_path / "play.so"
    built.write_bytes(b"")
    monkeypatch.setattr(compiled, "extension", lambda module: built)
    monkeypatch.setattr(compiled, "MANIFEST", tmp_path / "compiled.json")
    compiled.MANIFEST.write_text(json.dumps(compiled.fingerprint()))
    before = list(sys.meta_path)

    def passed_by() -> bool:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            compiled.use_fresh_build()
        from_source = sys.meta_path != before
        sys.meta_path[:] = before
        warned = any("older than its source" in str(warning.message) for warning in caught)
        assert warned == from_source
        return from_source

    try:
        assert not passed_by()
        yield passed_by
    finally:
        sys.meta_path[:] = before


def imported_by_compiled_modules() -> set[str]:
    """The engine modules that the compiled ones import but that are not compiled themselves."""
    found = set()
    for module in compiled.MODULES:
        package = module.split(".")[:-1]
        for node in ast.walk(ast.parse(compiled.source(module).read_text())):
            if isinstance(node, ast.ImportFrom) and node.level:
                base = package[: len(package) - node.level + 1]
                base += node.module.split(".") if node.module else []
                found.add(".".join(base))
                found.update(".".join([*base, alias.name]) for alias in node.names)
    return {
        module
        for module in found - set(compiled.MODULES)
        if module and compiled.source(module).exists()
    }


def test_a_change_to_a_module_the_compiled_ones_import_makes_the_build_stale(build_of_a_copy):
    """mypyc compiles against what a module imports (and copies its ``Final`` values in), so
    an edit to ``core.py`` can change what the extensions do while their own source is as
    built."""
    imported = imported_by_compiled_modules()
    assert {"core", "i18n", "schafkopf.state"} <= imported
    for module in sorted(imported):
        path = compiled.source(module)
        kept = path.read_bytes()
        path.write_bytes(kept + b"\nCHANGED: Final = 1\n")
        assert build_of_a_copy(), f"an edit to {module} went unnoticed"
        path.write_bytes(kept)
        assert not build_of_a_copy()
    # Any module at all, in any package, imported by the compiled ones or not (yet).
    added = compiled.ROOT / "stichwahl" / "new.py"
    added.write_text("LIMIT = 3\n")
    assert build_of_a_copy()


def test_a_build_by_another_mypy_is_stale(build_of_a_copy, monkeypatch):
    built = json.loads(compiled.MANIFEST.read_text())
    assert built["mypy"] == importlib.metadata.version("mypy")
    monkeypatch.setattr(compiled, "mypy_version", lambda: "0.1")
    assert build_of_a_copy()
    # Where mypy is not installed (the Docker image's app stage, which is built from a stage
    # that has it) the build's own mypy is the only one: still fresh.
    monkeypatch.setattr(compiled, "mypy_version", lambda: None)
    assert not build_of_a_copy()


def test_the_compiled_modules_examples_hold_on_their_source(monkeypatch):
    """mypyc keeps no docstrings, so pytest's doctest run passes these files by
    (tests/engine_plugin.py); their examples are run here, on the source."""
    attempted = 0
    for module in compiled.MODULES:
        path, name = compiled.source(module), f"scoring.rules.{module}"
        spec = importlib.util.spec_from_file_location(name, path)
        loaded = importlib.util.module_from_spec(spec)
        # Before it runs: dataclasses look their module up there, and doctest its functions.
        monkeypatch.setitem(sys.modules, name, loaded)
        spec.loader.exec_module(loaded)
        result = doctest.testmod(loaded)
        assert result.failed == 0, module
        attempted += result.attempted
        assert result.attempted == path.read_text().count(">>> "), module
    assert attempted >= 4
