"""``manage.py analyse FILE|- [--from-trick N] [--lang en|de]`` (docs/rules/records.md,
"Analysis"): the `analysis/1` document and exit 0, or exit 2 and a message naming why the
record cannot be analysed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.rules.test_schafkopf_analysis import RUFSPIEL, ramsch_record, sie_record

from .commands import run_command, run_process, write

ROOT = Path(__file__).resolve().parents[2]


def run_analyse(*args, stdin=None, monkeypatch=None):
    return run_command("analyse", *args, stdin=stdin, monkeypatch=monkeypatch)


def test_a_complete_record_prints_the_analysis_and_exits_0(tmp_path):
    status, out, err = run_analyse(write(tmp_path, RUFSPIEL), "--from-trick", "7")
    document = json.loads(out)
    assert status == 0 and err == ""
    assert document["format"] == "analysis/1" and document["party"] == [1, 3]
    assert len(document["positions"]) == 8 and document["positions"][0]["trick"] == 7
    assert out.startswith('{\n  "format": "analysis/1",')  # indented by 2


def test_stdin_in_process(monkeypatch):
    status, out, _ = run_analyse(
        "-", "--from-trick", "8", stdin=json.dumps(RUFSPIEL), monkeypatch=monkeypatch
    )
    assert status == 0 and len(json.loads(out)["positions"]) == 4


@pytest.mark.parametrize(
    ("record", "reason", "words"),
    [
        (ramsch_record(), "ramsch", "a Ramsch has no declaring party"),
        (sie_record(), "sie", "a Sie is shown, not played"),
        (
            {key: value for key, value in RUFSPIEL.items() if key != "hands"},
            "no_hands",
            "the record has no hands",
        ),
        ({**RUFSPIEL, "plays": RUFSPIEL["plays"][:30]}, "incomplete", "after 30 of 32 cards"),
        (
            {**RUFSPIEL, "plays": ["H9", "H7", *RUFSPIEL["plays"][2:]]},
            "invalid",
            "the record is not valid",
        ),
        ("{broken", "unreadable", "the record cannot be read: record: is not valid JSON"),
        ({**RUFSPIEL, "dealer": 7}, "unreadable", "dealer: must be between 0 and 3"),
    ],
    ids=["ramsch", "sie", "no-hands", "incomplete", "invalid", "not-json", "bad-key"],
)
def test_a_record_that_cannot_be_analysed_exits_2_naming_the_reason(
    tmp_path, record, reason, words
):
    status, out, err = run_analyse(write(tmp_path, record))
    assert status == 2
    assert err.startswith(f"cannot analyse ({reason}): ") and words in err
    assert len(err.strip().splitlines()) == 1
    error = json.loads(out)["error"]
    assert error["reason"] == reason and words in error["message"]


def test_the_message_in_german(tmp_path):
    status, _, err = run_analyse(write(tmp_path, ramsch_record()), "--lang", "de")
    assert status == 2
    assert err.strip() == (
        "cannot analyse (ramsch): ein Ramsch hat keine Spielerpartei, deren Augen sich "
        "analysieren ließen"
    )


def test_an_unreadable_key_is_named(tmp_path):
    status, out, _ = run_analyse(write(tmp_path, {**RUFSPIEL, "dealer": 7}))
    assert status == 2 and json.loads(out)["error"]["key"] == "dealer"


@pytest.mark.parametrize("from_trick", ["0", "9"])
def test_from_trick_out_of_range_exits_2(tmp_path, from_trick):
    status, _, err = run_analyse(write(tmp_path, RUFSPIEL), "--from-trick", from_trick)
    assert status == 2
    assert err.strip() == (
        f"cannot analyse (from_trick): from_trick must be a trick number from 1 to 8, "
        f"not {from_trick}"
    )


def test_a_missing_file_exits_2(tmp_path):
    status, _, err = run_analyse(str(tmp_path / "nowhere.json"))
    assert status == 2 and err.startswith("cannot analyse (unreadable): ")
    assert "cannot read" in err


@pytest.mark.parametrize(("record", "status"), [(RUFSPIEL, 0), (ramsch_record(), 2)])
def test_exit_status_of_the_real_process_reading_stdin(record, status):
    """``manage.py analyse -`` as a shell pipeline sees it, without a database."""
    done = run_process("analyse", "-", "--from-trick", "8", stdin=json.dumps(record))
    assert done.returncode == status, done.stderr.decode()
    assert json.loads(done.stdout)
