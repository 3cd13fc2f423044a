"""Reading `record/1` and writing `verdict/1`: docs/rules/records.md ("Record",
"Verdict"), with Schatzsuche records as the vehicle."""

from __future__ import annotations

import json

import pytest

from scoring import rules
from scoring.rules import GAMES, core, get_game, records
from scoring.rules.core import (
    MESSAGES,
    CardLedger,
    RecordError,
    Verdict,
    Violation,
    new_record,
)
from scoring.rules.draws import make_rng, pick, shuffled
from scoring.rules.i18n import N_

HANDS = [["HA", "H9", "C7"], ["H10", "S8", "DK"], ["SA", "D10", "C10"]]
PLAYS = ["HA", "H10", "D10", "SA", "C7", "S8", "C10", "H9", "DK"]


def record(**changes):
    base = {
        "format": "record/1",
        "game": "schatzsuche",
        "profile": "standard",
        "settings": {},
        "players": ["Anna", "Ben", "Cem"],
        "dealer": 2,
        "round": 3,
        "trump_card": "D7",
        "bids": [1, 1, 1],
        "hands": HANDS,
        "plays": PLAYS,
    }
    base.update(changes)
    return {key: value for key, value in base.items() if value is not ...}


def error_key(source) -> str:
    with pytest.raises(RecordError) as raised:
        records.verify(source)
    return raised.value.key


def test_a_record_from_text_or_dict_gives_the_same_verdict():
    text = json.dumps(record())
    assert records.verify(text).to_json() == records.verify(record()).to_json()
    assert records.verify(text.encode()).valid


def test_verdict_has_exactly_the_documented_keys():
    """records.md "Verdict": format, valid, complete, to_play, checks_skipped, violations,
    tricks, result; each violation: trick, seat, card, rule, message."""
    verdict = records.verify(record(plays=["HA", "S8"])).to_json()
    assert list(verdict) == [
        *("format", "valid", "complete", "to_play", "checks_skipped"),
        *("violations", "tricks", "result"),
    ]
    assert verdict["format"] == "verdict/1"
    assert list(verdict["violations"][0]) == ["trick", "seat", "card", "rule", "message"]
    json.dumps(verdict)  # plain JSON all the way down


@pytest.mark.parametrize("missing", ["format", "game", "players", "plays", "bids", "dealer"])
def test_a_missing_required_key_is_named(missing):
    assert error_key(record(**{missing: ...})) == missing


def test_profile_settings_and_hands_are_optional():
    """records.md: profile, settings and hands are not required."""
    verdict = records.verify(record(profile=..., settings=..., hands=...))
    assert verdict.valid and verdict.complete


def test_an_unknown_key_is_an_error_not_ignored():
    """ "accept exactly what is described here (an unknown key is an error, not silently
    ignored)"."""
    assert error_key(record(contract={"type": "solo"})) == "contract"
    assert error_key(record(comment="late")) == "comment"


@pytest.mark.parametrize(
    ("changes", "key"),
    [
        ({"format": "record/2"}, "format"),
        ({"game": "doppelkopf"}, "game"),
        ({"game": ["schatzsuche"]}, "game"),
        ({"players": "Anna, Ben, Cem"}, "players"),
        ({"players": ["Anna", "", "Cem"]}, "players"),
        ({"players": ["Anna", "Ben", "Cem", "Dora"]}, "players"),
        ({"hands": HANDS[:2]}, "hands"),
        ({"hands": [HANDS[0], "H10 S8 DK", HANDS[2]]}, "hands[1]"),
        ({"plays": "HA H10"}, "plays"),
        ({"profile": "turnier"}, "profile"),
        ({"settings": []}, "settings"),
        ({"settings": {"trump_duty": "never"}}, "settings.trump_duty"),
        ({"settings": {"farbkarten": "yes"}}, "settings.farbkarten"),
        ({"settings": {"stoss": True}}, "settings.stoss"),
    ],
)
def test_bad_common_keys_are_record_errors_naming_the_key(changes, key):
    assert error_key(record(**changes)) == key


def test_unreadable_json_is_a_record_error():
    assert error_key("{not json") == "record"
    assert error_key("[1, 2]") == "record"


def test_a_game_the_engine_does_not_know_is_a_record_error():
    """Every game of GAMES is built; any other name is an unknown game."""
    with pytest.raises(RecordError, match="unknown game 'doppelkopf'") as raised:
        records.verify(record(game="doppelkopf"))
    assert raised.value.key == "game"
    assert raised.value.text("de") == "unbekanntes Spiel 'doppelkopf'"
    assert [get_game(name).NAME for name in GAMES] == list(GAMES)


def test_unknown_profile_message_lists_the_known_ones():
    with pytest.raises(RecordError, match="known: standard"):
        records.verify(record(profile="turnier"))


def test_settings_overrides_apply_over_the_profile():
    game, _, settings = records.read(record(settings={"trump_duty": "always"}))
    assert settings["trump_duty"] == "always"
    assert settings["dealer_by"] == game.PROFILES["standard"]["dealer_by"]
    assert settings["profile"] == "standard"


def test_every_rule_has_english_and_german_messages():
    for rule, texts in MESSAGES.items():
        assert texts["en"] and texts["de"], rule
        assert texts.translated("de"), rule
    with pytest.raises(TypeError, match="msgids"):
        core.add_messages(None, {"new_rule": {"en": "only English"}})


def test_violation_messages_name_the_player_and_the_holder_in_either_language():
    players = ["Anna", "Ben", "Cem"]
    held = Violation(2, 0, "SA", "card_not_in_hand", {"holder": 2})
    assert held.message(players) == "Anna played SA but does not hold it (Cem holds it)"
    assert held.message(players, "de") == "Anna spielte SA, hat die Karte aber nicht (Cem hat sie)"
    nobody = Violation(1, 1, "D7", "card_not_in_hand", {"holder": None})
    assert nobody.message(players).endswith("(nobody holds it)")
    assert Violation(1, 1, "X", "no_such_rule").message(players) == "no_such_rule"


def test_card_ledger_reports_one_common_rule_per_play():
    ledger = CardLedger(["A", "B", "C", "D"], hands=[["A", "B"], ["C"]], out_of_play=["D"])
    assert ledger.record(1, 0, "A") is None
    assert ledger.record(1, 1, "Z").rule == "unknown_card"
    twice = ledger.record(2, 1, "A")
    assert (twice.rule, twice.params) == ("card_played_twice", {"earlier": 1})
    stolen = ledger.record(2, 1, "B")
    assert (stolen.rule, stolen.params) == ("card_not_in_hand", {"holder": 0})
    assert ledger.record(2, 0, "D").params == {"holder": None}
    blind = CardLedger(["A", "D"], hands=None, out_of_play=["D"])
    assert blind.record(1, 0, "A") is None and blind.record(1, 1, "D").rule == "card_not_in_hand"


def test_incomplete_verdict_has_no_result_and_names_the_seat_to_act():
    """ "complete is false when the record stops before the end: to_play is then the seat
    to act and result is null"; "tricks lists complete tricks, then a trick in progress
    (with "winner": null)"."""
    verdict = records.verify(record(plays=PLAYS[:4])).to_json()
    assert (verdict["complete"], verdict["to_play"], verdict["result"]) == (False, 0, None)
    assert [t["winner"] for t in verdict["tricks"]] == [2, None]
    assert records.verify(record(plays=[])).to_json()["tricks"] == []


def test_valid_is_about_legality_only():
    """ "valid is about legality only: true when no violation was found"."""
    verdict = Verdict(["A"], complete=False, to_play=0, tricks=[], result=None)
    assert verdict.valid
    verdict.violations.append(Violation(1, 0, "X", "unknown_card"))
    assert not verdict.valid and verdict.to_json()["valid"] is False


def test_new_record_names_the_profile_and_only_the_changed_settings():
    profiles = {"standard": {"a": 1, "b": 2}}
    head = new_record("g", ["P", "Q"], {"a": 1, "b": 3, "profile": "standard"}, profiles, "x")
    assert head == {
        "format": "record/1",
        "game": "g",
        "profile": "standard",
        "settings": {"b": 3},
        "players": ["P", "Q"],
    }


def test_seeded_helpers_are_deterministic():
    assert shuffled(range(32), make_rng("s")) == shuffled(range(32), make_rng("s"))
    assert sorted(shuffled(range(32), make_rng("s"))) == list(range(32))
    assert [pick(make_rng(n), "abc") for n in range(20)] == [
        pick(make_rng(n), "abc") for n in range(20)
    ]
    assert {pick(make_rng(n), "abc") for n in range(50)} == set("abc")


def test_dumps_keeps_umlauts_readable():
    assert "Jürgen" in records.dumps({"players": ["Jürgen"]})


def test_each_game_words_a_shared_rule_its_own_way(german, registries):
    """Rule names like follow_suit are shared; a verdict uses its own game's wording,
    whichever game registered the rule first."""
    german.update({"first {card}": "erst {card}", "second {card}": "zweit {card}"})
    core.add_messages("g1", {"shared_test_rule": N_("first {card}")})
    core.add_messages("g2", {"shared_test_rule": N_("second {card}")})
    first = Violation(1, 0, "X", "shared_test_rule", game="g1")
    assert first.message(["A"]) == "first X"
    assert first.for_game("g2").message(["A"], "de") == "erst X"
    assert Violation(1, 0, "X", "shared_test_rule").for_game("g2").message(["A"]) == "second X"
    assert Violation(1, 0, "X", "shared_test_rule").message(["A"]) == "first X"


def test_a_schatzsuche_verdict_keeps_its_wording_when_schafkopf_is_loaded():
    rules.get_game("schafkopf")  # registers its own follow_suit text
    verdict = records.verify(record(plays=["HA", "S8"])).to_json()
    assert verdict["violations"][0]["message"] == (
        "Ben played S8 but held H10 of the led suit hearts"
    )


def test_add_messages_files_texts_under_the_game_it_names():
    assert "follow_suit" in core.GAME_MESSAGES["schatzsuche"]
    assert (
        core.GAME_MESSAGES["schafkopf"]["follow_suit"]
        != core.GAME_MESSAGES["schatzsuche"]["follow_suit"]
    )


def german(source) -> tuple[str, str, str]:
    with pytest.raises(RecordError) as raised:
        records.verify(source)
    error = raised.value
    return error.key, error.message, error.text("de")


@pytest.mark.parametrize(
    "source, key, english, deutsch",
    [
        (record(bids=...), "bids", "is required", "fehlt"),
        (record(extra=1), "extra", "is not a known key", "ist kein bekannter Schlüssel"),
        (record(round="3"), "round", "must be an integer", "muss eine ganze Zahl sein"),
        (record(round=11), "round", "must be between 1 and 10", "muss zwischen 1 und 10 liegen"),
        (record(profile="club"), "profile", "unknown profile 'club' (known: standard)",
         "unbekanntes Regelprofil 'club' (bekannt: standard)"),
        (record(settings={"speed": 1}), "settings.speed", "is not a setting of this game",
         "ist keine Einstellung dieses Spiels"),
        (record(settings={"farbkarten": "yes"}), "settings.farbkarten",
         "must be one of True, False", "muss einer der Werte True, False sein"),
        (record(players=["Anna", "Ben"]), "players", "this game is played by 3 players",
         "dieses Spiel wird zu 3 gespielt"),
        (record(trump_card="X9"), "trump_card",
         "'X9' is not a card code (like HA, S10, DQ, C7)",
         "'X9' ist kein Kartenkürzel (wie HA, S10, DQ, C7)"),
        (record(hands=[HANDS[0][:2], *HANDS[1:]]), "hands[0]", "must hold 3 cards in round 3",
         "muss in Runde 3 genau 3 Karten enthalten"),
        ("[1", "record", "is not valid JSON", "ist kein gültiges JSON"),
        (record(game="doppelkopf"), "game", "unknown game 'doppelkopf'",
         "unbekanntes Spiel 'doppelkopf'"),
    ],
)  # fmt: skip
def test_record_errors_read_in_german_too(source, key, english, deutsch):
    """An unreadable record names the key (records.md: "a message naming the offending
    key"); the message is English as `verify` prints it, and German for the app."""
    found_key, message, text_de = german(source)
    assert found_key == key
    assert message.startswith(english) and text_de.startswith(deutsch)


def test_record_errors_of_each_game_read_in_german():
    """Cards, hand sizes and settings of the other games, in German."""
    schafkopf = {
        "format": "record/1",
        "game": "schafkopf",
        "players": ["A", "B", "C", "D"],
        "dealer": 0,
        "contract": {"type": "rufspiel", "declarer": 1, "called": "H"},
        "plays": [],
    }
    assert german(schafkopf)[2] == "muss E, G oder S sein (die Herz-Sau kann nicht gerufen werden)"
    hands = [["EA", "XX", *["E7"] * 6]] + [["G7"] * 8] * 3
    schafkopf["contract"]["called"] = "G"
    assert german({**schafkopf, "hands": hands})[1:] == (
        "'XX' is not a Schafkopf card",
        "'XX' ist keine Schafkopf-Karte",
    )
    stichwahl = get_game("stichwahl").simulate(
        make_rng(3), get_game("stichwahl").PROFILES["standard"]
    )
    stichwahl["hands"][1] = stichwahl["hands"][1][:8]
    assert german(stichwahl) == ("hands[1]", "must have 9 cards", "muss 9 Karten haben")
    stichwahl["settings"] = {"first_leader": "loser"}
    assert german(stichwahl)[2] == "muss einer der Werte 'rotate', 'choose' sein"
    schoten = get_game("scharfe_schoten").simulate(make_rng(3), {"profile": "standard"}, players=3)
    schoten["hands"][2][0] = "R13"
    assert german(schoten) == (
        "hands[2]",
        "R13 is not a card of this game",
        "R13 ist keine Karte dieses Spiels",
    )
    del schoten["hands"]
    schoten["cupboard_picks"] = schoten["cupboard_picks"][:1]
    assert german(schoten)[2] == "hat keine Farbe für Stich 2, aber es wird weitergespielt"


def test_a_record_error_without_german_stays_english():
    error = RecordError("events[3]", "no play now: Ben chooses the premium card of trick 1")
    assert error.text("de") == error.message == str(error).partition(": ")[2]
    worded = RecordError("x", core.RECORD_ERRORS["out_of_range"], low=1, high=4)
    assert (str(worded), worded.text("fr")) == (
        "x: must be between 1 and 4",
        "must be between 1 and 4",
    )


def test_new_record_notices_settings_and_profiles_changed_since_the_last_record():
    """new_record remembers what the last settings overrode (a simulation writes thousands
    of records from one dict): a value replaced or a list changed in place, in the settings
    or in the profile, is seen all the same."""
    profile = {"a": 1, "rank": [["x"], ["y"]]}
    profiles = {"standard": profile}
    settings: dict = {"a": 1, "rank": [["x"], ["y"]], "profile": "standard"}

    def overrides() -> dict:
        return new_record("g", ["P"], settings, profiles, "standard")["settings"]

    assert overrides() == overrides() == {}
    settings["rank"][1].append("z")
    assert overrides() == {"rank": [["x"], ["y", "z"]]}
    assert overrides()["rank"] is settings["rank"]  # the settings' own value, as before
    profile["rank"][1].append("z")
    assert overrides() == {}
    settings["a"] = 2
    assert overrides() == {"a": 2}
    profile["a"] = 2
    assert overrides() == {}
    assert new_record("g", ["P"], {**settings}, profiles, "standard")["settings"] == {}
