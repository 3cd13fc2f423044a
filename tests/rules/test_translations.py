"""The engine's texts: English msgids in the code, German in the stichblock_rules catalogue
(scoring/rules/i18n.py, docs/engine.md "Translations")."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from scoring.rules import GAMES, core, get_game, i18n
from scoring.rules.core import OR, RECORD_ERRORS, RecordError, Seat
from scoring.rules.i18n import N_, NC_, Join, Phrase, Text

ENGINE = Path(i18n.__file__).parent


def texts_in_source() -> list[Text]:
    """Every ``N_("...")`` and ``NC_("context", "...")`` of the engine, as xgettext reads them
    (``make messages``): a call with anything but string literals would be invisible to it."""
    found = []
    for path in sorted(ENGINE.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call) or not isinstance(node.func, ast.Name):
                continue
            if node.func.id not in ("N_", "NC_"):
                continue
            args = [arg.value for arg in node.args if isinstance(arg, ast.Constant)]
            where = f"{path.relative_to(ENGINE)}:{node.lineno}"
            assert len(args) == len(node.args) and all(isinstance(a, str) for a in args), where
            found.append(Text(args[0]) if node.func.id == "N_" else Text(args[1], args[0]))
    return found


def test_every_engine_text_has_a_german_translation():
    """A text without German would read in English on a German page: make messages merges
    new msgids into locale/de/LC_MESSAGES/stichblock_rules.po, which needs translating."""
    for name in GAMES:
        get_game(name)
    written = texts_in_source()
    registered = list(core.registered_texts())
    assert len(set(written)) > 150 and len(registered) > 100  # the scan sees the engine
    missing = {text for text in [*written, *registered] if not text.translated("de")}
    assert sorted(missing, key=lambda text: text.msgid) == []


def test_a_made_up_text_has_no_translation():
    assert not N_("a text nobody translated").translated("de")
    assert N_("a text nobody translated").text("de") == "a text nobody translated"
    # The same English in another context is another text.
    assert NC_("stichwahl family", "Orca").translated("de")
    assert not NC_("some other context", "Orca").translated("de")


def test_a_text_reads_in_either_language_and_like_the_dicts_it_replaced():
    required = RECORD_ERRORS["required"]
    assert (required.text(), required.text("de")) == ("is required", "fehlt")
    assert dict(required) == {"en": "is required", "de": "fehlt"}
    assert required.text("fr") == "is required"  # no catalogue: English
    with pytest.raises(KeyError):
        required["fr"]
    assert i18n.translations("de") is i18n.translations("de")  # loaded once per language


def test_a_context_tells_apart_what_english_says_alike():
    """ "trump" is a Schafkopf suit name ("Trumpf"), a plain msgid only in its context."""
    assert NC_("schafkopf suit", "trump").text("de") == "Trumpf"
    assert N_("trump").text("de") == "trump"


def test_worded_params_read_in_the_language_of_their_text():
    counts = Join((2, 3, 4), OR)
    error = RecordError("players", RECORD_ERRORS["player_count"], counts=counts)
    assert error.message == "this game is played by 2 or 3 or 4 players"
    assert error.text("de") == "dieses Spiel wird zu 2 oder 3 oder 4 gespielt"
    seat = Phrase(N_("{name} lays out a first bonus card"), {"name": Seat(None, 1)})
    assert (seat.text(), seat.text("de")) == (
        "Seat 2 lays out a first bonus card",
        "Platz 2 legt eine erste Bonuskarte aus",
    )
    named = Phrase(N_("{name} lays out a first bonus card"), {"name": Seat(["Anna"], 0)})
    assert named.text("de") == "Anna legt eine erste Bonuskarte aus"


def test_game_name_tables_read_per_language():
    """The app reads a few name tables by language (a Stichwahl family on the dispute page,
    a Schafkopf suit on the sheet)."""
    from scoring.rules.schafkopf.cards import SUIT_NAMES
    from scoring.rules.stichwahl import FAMILY_NAMES

    assert FAMILY_NAMES["de"]["P"] == "Pottwal" and FAMILY_NAMES["en"]["P"] == "Sperm whale"
    assert SUIT_NAMES["T"]["de"] == "Trumpf" and SUIT_NAMES["E"]["en"] == "Eichel"
