"""One rulebook per game: the bots choose among exactly the plays ``State.legal_plays()`` gives,
and their modules hold no rule of play of their own (docs/engine.md, "One rulebook").

The first guard watches the bots' choices, not only their records: ``simulate`` draws one
``rng.random()`` per choice (Schafkopf: per card with more than one legal card), so replaying
a record through ``State`` and the draws logged along the way must give back each recorded
action as the drawn one of ``State.legal_plays()``. A bot that knew a duty the game does not
have (a Schafkopf bot that must trump) draws among fewer cards and fails here, although all
of its games verify valid; a bot that ignored a duty fails here and in the verifier.
"""

from __future__ import annotations

import ast
import inspect
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring import rules
from scoring.rules import GAMES, get_game, records
from scoring.rules.schafkopf.record import read_game_keys
from scoring.rules.schatzsuche import read_round


class LoggedRandom(random.Random):
    """A ``random.Random`` that notes every ``random()`` it returns."""

    def __init__(self, seed: Any):
        super().__init__(seed)
        self.drawn: list[float] = []

    def random(self) -> float:
        value = super().random()
        self.drawn.append(value)
        return value


def simulated(game: str, seed: int, **options: Any) -> tuple[dict[str, Any], list[float]]:
    module = get_game(game)
    settings_ = records.profile_settings(
        module, options.pop("profile", None), options.pop("overrides", None)
    )
    rng = LoggedRandom(seed)
    record = module.simulate(rng, settings_, **options)
    verdict = records.verify(record)
    assert verdict.valid and verdict.complete, [
        v.message(record["players"]) for v in verdict.violations
    ]
    return record, rng.drawn


def assert_drawn(choices: list[tuple[list[Any], Any]], drawn: list[float], after: int = 0) -> None:
    """Each (legal, chosen) pair: ``chosen`` is ``legal[int(draw * len(legal))]`` for the
    draws that end ``after`` draws before the last one."""
    tail = drawn[len(drawn) - after - len(choices) : len(drawn) - after]
    assert len(tail) == len(choices), "fewer draws than choices"
    for number, ((legal, chosen), draw) in enumerate(zip(choices, tail, strict=True)):
        expected = legal[int(draw * len(legal))]
        assert chosen == expected, (
            f"choice {number}: {chosen} drawn, {expected} expected of {legal}"
        )


# --- Schafkopf -------------------------------------------------------------------------------

SCHAFKOPF_VARIANTS = [
    {},
    {"passed_deal": "ramsch", "schwarz_must_be_claimed": True},
    {"passed_deal": "forced", "solo_needs_suit_card": False},
]


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), variant=st.sampled_from(SCHAFKOPF_VARIANTS))
def test_schafkopf_bots_choose_among_exactly_the_states_legal_cards(seed, variant):
    record, drawn = simulated("schafkopf", seed, overrides=variant)
    module = get_game("schafkopf")
    settings_ = records.profile_settings(module, None, variant)
    keys = read_game_keys(record, settings_)
    state = module.State(keys["contract"], settings_, leader=keys["leader"], hands=record["hands"])
    choices = []
    for card in record["plays"]:
        legal = state.legal_plays()
        assert card in legal
        if len(legal) > 1:  # the Schafkopf bot draws only when it has a choice
            choices.append((legal, card))
        state.play(card)
    # After the cards, the only draw is whether a Schwarz is claimed.
    assert_drawn(choices, drawn, after=1 if "schwarz_claimed" in record else 0)


# --- Schatzsuche ------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    round_number=st.integers(1, 10),
    trump_duty=st.sampled_from(["unless_trick_trumped", "always"]),
)
def test_schatzsuche_bots_choose_among_exactly_the_states_legal_cards(
    seed, round_number, trump_duty
):
    overrides = {"trump_duty": trump_duty}
    record, drawn = simulated("schatzsuche", seed, round_number=round_number, overrides=overrides)
    module = get_game("schatzsuche")
    state, plays = read_round(record, records.profile_settings(module, None, overrides))
    choices = []
    for card in plays:
        choices.append((state.legal_plays(), card))
        state.play(card)
    assert_drawn(choices, drawn)


# --- Scharfe Schoten --------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([3, 4]))
def test_scharfe_schoten_bots_choose_among_exactly_the_states_legal_plays(seed, players):
    record, drawn = simulated("scharfe_schoten", seed, players=players)
    module = get_game("scharfe_schoten")
    state = module.State(record["hands"], record["numbers"], record["start"], record["predictions"])
    picks = iter(record["cupboard_picks"])
    choices = []
    for card in record["plays"]:
        while state.awaiting_pick:
            colour = next(picks)
            choices.append((state.legal_plays(), colour))
            state.play(colour)
        choices.append((state.legal_plays(), card))
        state.play(card)
    for colour in picks:
        choices.append((state.legal_plays(), colour))
        state.play(colour)
    assert state.is_over
    assert_drawn(choices, drawn)


# --- Stichwahl --------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_stichwahl_bots_choose_among_exactly_the_states_legal_actions(seed, players):
    record, drawn = simulated("stichwahl", seed, players=players)
    module = get_game("stichwahl")
    trump = record["trump"]
    state = module.State(None, trump["family"], trump["marker"], record["start"], record["hands"])
    actions = [{"first_bonus": card} for card in record["first_bonus"]] + record["events"]
    choices = []
    for action in actions:
        choices.append((state.legal_plays(), action))
        state.play(action)
    assert state.is_over
    assert_drawn(choices, drawn)


# --- the bots' modules hold no rule of play ----------------------------------------------------

# Names of the rulebooks (play.py) and tables a bot would need to judge a card itself.
RULE_NAMES = {
    "duty",
    "ANY_CARD",
    "FOLLOW",
    "FOLLOW_SUIT",
    "MUST_TRUMP",
    "POWER",
    "POWERS",
    "SUIT_MASKS",
    "SUIT_OF",
    "COLOUR_MASKS",
    "COLOUR_OF",
    "TRUMPED",
    "suit_of",
    "suit_mask",
    "family_mask",
    "follow",
    "key",
    "keys",
    "strength",
    "strengths",
    "trick_winner",
    "trick_winner_offset",
    "winning_index",
    "premium_points",
    "card_strengths",
    "strength_table",
    "tables",
    "Tables",
    "Trumps",
    "trumps",
}


def names_used(source: str) -> set[str]:
    """Every name and attribute a module's code uses (its docstrings and comments aside)."""
    found = set()
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.alias):
            found.add(node.asname or node.name.rsplit(".", 1)[-1])
    return found


@pytest.mark.parametrize("game", GAMES)
def test_the_bots_play_on_the_core_and_judge_no_card_themselves(game):
    """bots.py imports the game's Play (play.py) and chooses among what it offers: none of
    the names of the duties, trick rules or their tables appears in its code."""
    # The file, not inspect.getsource: a compiled module (scoring/rules/compiled.py) has none.
    used = names_used((Path(rules.__file__).parent / game / "bots.py").read_text())
    assert "Play" in used, f"{game}: the bots do not play on play.Play"
    assert used.isdisjoint(RULE_NAMES), f"{game}: bots.py uses {sorted(used & RULE_NAMES)}"


@pytest.mark.parametrize("game", GAMES)
def test_the_state_plays_on_the_same_core(game):
    """State keeps its deal on the game's play.Play (``State.core``), the class the bots use."""
    module = get_game(game)
    play = __import__(f"scoring.rules.{game}.play", fromlist=["Play"])
    source = inspect.getsource(module.State)
    assert "self.core = Play" in source or "self.core = Play.of(" in source
    bots = __import__(f"scoring.rules.{game}.bots", fromlist=["bots"])
    assert bots.Play is play.Play


# --- Skat -------------------------------------------------------------------------------------


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 2**32), profile=st.sampled_from(["isko", "stammtisch-skat"]))
def test_skat_bots_choose_among_exactly_the_states_legal_cards(seed, profile):
    record, drawn = simulated("skat", seed, profile=profile)
    module = get_game("skat")
    contract, _ = module.parse_contract(record["contract"])
    hands = [list(hand) for hand in record["hands"]]
    if "discard" in record:  # the declarer plays his twelve cards less the two laid away
        twelve = set(hands[contract.declarer]) | set(record["skat"])
        hands[contract.declarer] = [c for c in module.DECK if c in twelve - set(record["discard"])]
    state = module.State(contract, records.profile_settings(module, profile), hands=hands)
    choices = []
    for card in record["plays"]:
        choices.append((state.legal_plays(), card))
        state.play(card)
    assert state.is_over
    assert_drawn(choices, drawn)
