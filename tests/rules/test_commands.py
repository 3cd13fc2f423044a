"""``manage.py verify`` / ``manage.py simulate`` (docs/rules/records.md, "Where records
come from") and ``python -m scoring.bench``."""

from __future__ import annotations

import io
import json
import types
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring import bench
from scoring.rules import records

from .commands import run_command, run_process, write

ROOT = Path(__file__).resolve().parents[2]
# Round 2, Karo trump: Ben trumps the club Ace and wins with S9 (INVALID: he keeps the
# trump back on the club lead).
VALID = {
    "format": "record/1",
    "game": "schatzsuche",
    "players": ["Anna", "Ben", "Cem"],
    "dealer": 2,
    "round": 2,
    "trump_card": "D8",
    "bids": [0, 2, 0],
    "hands": [["CA", "H7"], ["D7", "S9"], ["C10", "HK"]],
    "plays": ["CA", "D7", "C10", "S9", "HK", "H7"],
}
INVALID = {**VALID, "plays": ["CA", "S9", "C10", "H7", "D7", "HK"]}


def run_verify(*args, stdin=None, monkeypatch=None):
    return run_command("verify", *args, stdin=stdin, monkeypatch=monkeypatch)


# --- verify -------------------------------------------------------------------------------


def test_verify_valid_file_exits_0_and_prints_the_verdict(tmp_path):
    """ "prints the verdict as JSON and exits 0 when valid"."""
    status, out, _ = run_verify(write(tmp_path, VALID))
    verdict = json.loads(out)
    assert status == 0
    assert verdict["valid"] and verdict["result"]["scores"] == [0, 4, 0]


def test_verify_invalid_file_exits_1(tmp_path):
    """ "1 when invalid"."""
    status, out, _ = run_verify(write(tmp_path, INVALID))
    verdict = json.loads(out)
    assert status == 1
    # Ben's later trump is a play of a suit he showed to have none of (Farbkarten).
    assert [v["rule"] for v in verdict["violations"]] == ["must_trump", "revoke"]
    assert verdict["violations"][0]["message"] == (
        "Ben played S9 but had no clubs and held the trump D7, so had to trump"
    )


def test_verify_messages_in_german(tmp_path):
    status, out, _ = run_verify(write(tmp_path, INVALID), "--lang", "de")
    assert status == 1
    assert json.loads(out)["violations"][0]["message"] == (
        "Ben spielte S9, hatte aber kein Kreuz und den Trumpf D7, hätte also trumpfen müssen"
    )


@pytest.mark.parametrize(
    ("content", "key"),
    [
        ("{broken", "record"),
        (json.dumps({**VALID, "bids": [0, 3, 0]}), "bids[1]"),
        (json.dumps({**VALID, "colour": "red"}), "colour"),
        (json.dumps({k: v for k, v in VALID.items() if k != "trump_card"}), "trump_card"),
    ],
)
def test_verify_unreadable_record_exits_2_naming_the_key(tmp_path, content, key):
    """ "2 when the file is not a readable record (with a message naming the offending
    key)"; stdout carries the same as a JSON error object."""
    path = tmp_path / "bad.json"
    path.write_text(content, encoding="utf-8")
    status, out, err = run_verify(str(path))
    assert status == 2
    assert f"{key}:" in err
    assert json.loads(out)["error"]["key"] == key


@pytest.mark.parametrize("depth", [33, 100_000])
def test_verify_deeply_nested_text_exits_2_with_a_message(tmp_path, depth):
    """100,000 nested "[" (200 KB) ended in a RecursionError traceback and exit 1; it is an
    unreadable record like any other: exit 2 and one line that says why."""
    path = tmp_path / "deep.json"
    path.write_text("[" * depth + "]" * depth, encoding="utf-8")
    status, out, err = run_verify(str(path))
    assert status == 2
    assert "record: is not valid JSON (nested deeper than 32 levels)" in err
    assert "Traceback" not in err and json.loads(out)["error"]["key"] == "record"


def test_verify_missing_file_exits_2(tmp_path):
    status, _, err = run_verify(str(tmp_path / "nowhere.json"))
    assert status == 2 and "cannot read" in err


def test_verify_reads_stdin_in_process(monkeypatch):
    status, out, _ = run_verify("-", stdin=json.dumps(INVALID), monkeypatch=monkeypatch)
    assert status == 1 and not json.loads(out)["valid"]


@pytest.mark.parametrize(("record", "status"), [(VALID, 0), (INVALID, 1), ({"format": 1}, 2)])
def test_verify_exit_status_of_the_real_process_reading_stdin(record, status):
    """``manage.py verify -`` as a shell pipeline sees it, on a machine without a database:
    the command is pure engine work."""
    done = run_process("verify", "-", stdin=json.dumps(record))
    assert done.returncode == status, done.stderr.decode()
    json.loads(done.stdout)


# --- simulate -----------------------------------------------------------------------------


def run_simulate(*args) -> dict:
    out = io.StringIO()
    call_command("simulate", *args, stdout=out)
    return json.loads(out.getvalue())


def test_simulate_summary_and_records(tmp_path):
    """ "prints a JSON summary on stdout that includes games, seconds and games_per_s";
    "writes one record per game to DIR when asked"."""
    summary = run_simulate("schatzsuche", "--games", "25", "--out", str(tmp_path), "--verify")
    assert summary["games"] == 25 and summary["valid"] == 25
    assert summary["seconds"] > 0 and summary["games_per_s"] > 0
    assert (summary["game"], summary["players"], summary["profile"]) == (
        "schatzsuche",
        3,
        "standard",
    )
    assert summary["round"] == 10
    files = sorted(tmp_path.iterdir())
    assert [f.name for f in files[:2]] == ["schatzsuche-00000.json", "schatzsuche-00001.json"]
    assert len(files) == 25
    assert all(records.verify(f.read_text(encoding="utf-8")).valid for f in files)


def test_simulate_same_seed_same_records(tmp_path):
    """ "the same seed gives the same games"."""
    for run in ("a", "b", "c"):
        seed = "other" if run == "c" else "42"
        run_simulate("schatzsuche", "--games", "8", "--seed", seed, "--out", str(tmp_path / run))
    first = [p.read_bytes() for p in sorted((tmp_path / "a").iterdir())]
    assert first == [p.read_bytes() for p in sorted((tmp_path / "b").iterdir())]
    assert first != [p.read_bytes() for p in sorted((tmp_path / "c").iterdir())]


def test_simulate_round_option(tmp_path):
    """ "one Schatzsuche round (--round, default 10)"."""
    summary = run_simulate("schatzsuche", "--games", "3", "--round", "4", "--out", str(tmp_path))
    assert summary["round"] == 4
    record = json.loads((tmp_path / "schatzsuche-00002.json").read_text(encoding="utf-8"))
    assert record["round"] == 4 and len(record["plays"]) == 12 and "golden" not in record


@pytest.mark.parametrize(
    "args",
    [
        ("schatzsuche", "--players", "4"),
        ("schatzsuche", "--round", "0"),
        ("schatzsuche", "--profile", "turnier"),
        ("schatzsuche", "--games", "-1"),
    ],
)
def test_simulate_rejects_bad_options_with_a_message(args):
    with pytest.raises(CommandError):
        run_simulate(*args)


def test_simulate_a_game_not_built_yet_fails_alone(monkeypatch):
    """Modules are imported by name, only for the game asked for."""
    real_get_game = records.get_game

    def get_game(name):
        if name == "stichwahl":
            raise ModuleNotFoundError(name="scoring.rules.stichwahl")
        return real_get_game(name)

    monkeypatch.setattr(records, "get_game", get_game)
    with pytest.raises(CommandError, match="cannot be simulated yet"):
        run_simulate("stichwahl", "--games", "1")
    assert run_simulate("schatzsuche", "--games", "2")["games"] == 2


# --- bench --------------------------------------------------------------------------------


def test_bench_prints_schatzsuche_and_the_open_spiel_yardstick(capsys):
    assert bench.main(["--seconds", "0.06", "--only", "schatzsuche"]) == 0
    out = capsys.readouterr().out
    assert "schatzsuche      round 10" in out and "/s" in out
    assert "oh_hell" in out
    try:
        import pyspiel  # noqa: F401
    except ImportError:
        assert "open_spiel is not installed" in out
    else:
        assert "Schatzsuche round 10 / OpenSpiel oh_hell:" in out


def test_bench_reports_missing_and_broken_playouts(monkeypatch, capsys):
    def broken_playout(rng, settings, **options):
        raise RuntimeError("deck on fire")

    modules = {
        "schafkopf": types.SimpleNamespace(),
        "stichwahl": types.SimpleNamespace(
            playout=broken_playout, PROFILES={"standard": {}}, DEFAULT_PROFILE="standard"
        ),
    }

    def no_open_spiel():
        raise bench.NotAvailable("skipped")

    monkeypatch.setattr(bench, "get_game", modules.__getitem__)
    monkeypatch.setattr(bench, "oh_hell_playout", no_open_spiel)
    assert bench.main(["--seconds", "0.01", "--only", "schafkopf", "stichwahl"]) == 1
    out = capsys.readouterr().out
    # Every game is built: one that cannot be measured fails the run, it is not skipped.
    assert "schafkopf        4 players  playout  FAILED: AttributeError" in out
    assert "FAILED: RuntimeError: deck on fire" in out
    assert "not measured: skipped" in out
