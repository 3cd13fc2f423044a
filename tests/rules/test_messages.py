"""The one message renderer of the engine (scoring/rules/core.py): every game's verdict and
scorepad texts in English and German, with language-free params (records.md: each
violation has a "message"; the app shows it in German or English)."""

from __future__ import annotations

import pytest

from scoring.rules import core, get_game
from scoring.rules.core import EntryProblem, IllegalPlay, Violation, render, seat_name
from scoring.rules.i18n import N_

NAMES = ["Anna", "Ben", "Cem", "Dora"]


@pytest.fixture(autouse=True)
def games_loaded():
    for name in ("scharfe_schoten", "stichwahl"):
        get_game(name)


@pytest.fixture
def scratch_game():
    """A made-up game's registrations, removed again after the test."""
    yield "scratch_game"
    for registry in (core.GAME_MESSAGES, core.GAME_NAMES, core.GAME_PLACES):
        registry.pop("scratch_game", None)
    core.MESSAGES.pop("scratch_rule", None)


def test_a_game_names_its_params_in_each_language(scratch_game, german):
    german["{fruit_name} and {fruits_names}"] = "{fruit_name} – {fruits_names}"
    german.update(apple="Apfel", pear="Birne")
    core.add_messages(
        scratch_game,
        {"scratch_rule": N_("{fruit_name} and {fruits_names}")},
        shared=False,
        names={
            "fruit": {"A": N_("apple")},
            "fruits": {"A": N_("apple"), "P": N_("pear")},
        },
    )
    params = {"fruit": "A", "fruits": ["P", "A"]}
    assert render("scratch_rule", "en", game=scratch_game, params=params) == "apple and pear, apple"
    assert render("scratch_rule", "de", game=scratch_game, params=params) == "Apfel – Birne, Apfel"
    # An unknown language reads in English; shared=False keeps the text out of the fallback.
    assert render("scratch_rule", "fr", game=scratch_game, params=params).startswith("apple")
    assert "scratch_rule" not in core.MESSAGES
    assert render("scratch_rule", "en", params=params) == "scratch_rule"


def test_a_game_rewords_where_a_card_lies(scratch_game, german):
    german[" (in {name}'s pocket)"] = " (in der Tasche von {name})"
    german[" (under the table)"] = " (unter dem Tisch)"
    core.add_messages(
        scratch_game,
        {},
        places={"pocket": N_(" (in {name}'s pocket)"), None: N_(" (under the table)")},
    )
    pocket = Violation(
        1, 0, "X", "card_not_in_hand", {"holder": 2, "place": "pocket"}, scratch_game
    )
    assert pocket.message(NAMES) == "Anna played X but does not hold it (in Cem's pocket)"
    assert pocket.message(NAMES, "de").endswith("(in der Tasche von Cem)")
    nowhere = Violation(1, 0, "X", "card_not_in_hand", {"holder": None}, scratch_game)
    assert nowhere.message(NAMES).endswith("(under the table)")
    # A seat keeps the common wording of a hand; another game keeps "nobody".
    held = Violation(1, 0, "X", "card_not_in_hand", {"holder": 1}, scratch_game)
    assert held.message(NAMES).endswith("(Ben holds it)")
    assert nowhere.for_game("elsewhere").message(NAMES).endswith("(under the table)")
    assert (
        Violation(1, 0, "X", "card_not_in_hand", {"holder": None})
        .message(NAMES)
        .endswith("(nobody holds it)")
    )


def test_texts_are_msgids_and_names_and_places_belong_to_a_game():
    """German lives in the catalogue (scoring/rules/i18n.py), not next to the English."""
    with pytest.raises(TypeError, match="msgids"):
        core.add_messages("scratch_game", {"scratch_rule": {"en": "x", "de": "y"}})
    with pytest.raises(TypeError, match="msgids"):
        core.add_messages("scratch_game", {}, places={"pocket": " (pocket)"})
    with pytest.raises(ValueError, match="belong to a game"):
        core.add_messages(None, {}, names={"fruit": {"A": N_("apple")}})


def test_a_seat_without_a_name_is_numbered_in_the_language_asked():
    assert seat_name(NAMES, 1) == "Ben"
    assert seat_name(None, 1) == "Seat 2"
    assert seat_name(["Anna"], 3, "de") == "Platz 4"
    assert seat_name(NAMES, None) == "?"


def test_scharfe_schoten_words_colours_and_the_spice_cupboard():
    """scharfe-schoten.md: "The rest (12 or 8 cards) is the **spice cupboard**" — a card
    nobody was dealt lies there, and the message says so; "must play the led colour if
    able"."""
    follow = Violation(2, 1, "G7", "follow_suit", {"held": "R4", "colour": "R"}, "scharfe_schoten")
    assert follow.message(NAMES) == "Ben played G7 while holding R4 of the led colour red"
    assert follow.message(NAMES, "de") == "Ben spielte G7, hatte aber R4 der angespielten Farbe Rot"
    cupboard = Violation(3, 0, "B2", "card_not_in_hand", {"holder": None}, "scharfe_schoten")
    assert cupboard.message(NAMES, "de").endswith("(sie liegt im Gewürzschrank)")
    empty = Violation(4, 2, None, "cupboard_colour_empty", {"colour": "Y"}, "scharfe_schoten")
    assert empty.message(NAMES).startswith(
        "Cem took a yellow card from the spice cupboard after trick 4"
    )


def test_stichwahl_words_families_bonus_kinds_and_places():
    wrong = Violation(
        2, 0, "P3", "bonus_wrong_kind", {"used": "flip", "shown": "trump_change"}, "stichwahl"
    )
    assert wrong.message(NAMES, "de") == (
        "Anna setzte P3 als Marker umdrehen ein, ihr Bonus ist aber Trumpfwechsel"
    )
    printed = Violation(
        2, 0, "P3", "bonus_family_not_printed", {"family": "B", "printed": ["O", "N"]}, "stichwahl"
    )
    assert printed.message(NAMES).endswith("to Blue whale with P3, which shows only Orca, Narwhal")
    pile = Violation(3, 1, "O7", "card_not_in_hand", {"holder": 0, "place": "pile"}, "stichwahl")
    assert pile.message(NAMES).endswith("(it is in Anna's point pile)")
    unknown = Violation(3, 1, "O7", "bonus_not_owned", {"holder": None, "place": None}, "stichwahl")
    assert unknown.message(NAMES).endswith("in front of them")


def test_entry_problems_render_with_their_game_and_number_unnamed_seats():
    from scoring.rules import stichwahl

    [problem] = stichwahl.check_hand(["x", 0, 0], [0, 0, 0])
    assert isinstance(problem, EntryProblem) and problem.game == "stichwahl"
    assert problem.message("de", ["Anna", "Ben", "Cem"]) == (
        "Anna: der Punktestapel muss eine ganze Zahl sein"
    )
    assert problem.message("en") == "Seat 1: the point pile must be a whole number"


def test_a_strict_refusal_carries_the_violation_for_either_language():
    from scoring.rules.scharfe_schoten import State

    hands = [["R1", "G2"], ["R3", "G4"], ["R5", "G6"]]
    numbers = {"R": 12, "G": 11, "Y": 10, "B": 9}
    predictions = [{"most": "R", "fewest": "G"}] * 3
    state = State(hands, numbers, 0, predictions, names=NAMES[:3])
    state.play("R1")
    with pytest.raises(IllegalPlay) as raised:
        state.play("G4")
    refusal = raised.value
    assert refusal.rule == "follow_suit" and refusal.message == refusal.violation.message(NAMES)
    assert refusal.violation.message(NAMES, "de").startswith("Ben spielte G4, hatte aber R3")
    assert IllegalPlay.of(refusal.violation, None).message.startswith("Seat 2 played G4")


def test_german_texts_do_not_assume_a_gender():
    """Players are of any gender: no German text speaks of a player as "er" (or "ihm",
    "seine…"), nor as "der Letzte"; "sie" only ever stands for "die Karte"."""
    for name in ("schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl"):
        get_game(name)
    texts = [text["de"] for text in core.registered_texts()]
    for text in texts:
        words = text.replace(",", " ").split()
        assert not {"er", "ihm", "ihn", "seine", "seinen", "seinem", "seiner", "Letzter"} & set(
            words
        ), text


def test_schafkopf_stoss_reason_in_german_names_the_party():
    """schafkopf.md: "any player of the opposing party may say Stoß"; the German reason
    names the party, not a person."""
    from scoring.rules.schafkopf import PROFILES, Contract, State

    settings = {**PROFILES["kurzanleitung"], "allow_stoss": True, "profile": "kurzanleitung"}
    state = State(Contract("solo", 0, suit="E"), settings, leader=1, players=NAMES)
    with pytest.raises(IllegalPlay) as raised:
        state.say_stoss(0)
    assert raised.value.violation.message(NAMES, "de") == (
        "Anna darf nicht stoßen: nur die Gegenpartei darf stoßen"
    )
