"""The Schatzsuche playing engine: docs/rules/schatzsuche.md ("Play", "Rounds",
"Bidding", "Scoring per round") and the schatzsuche keys of docs/rules/records.md."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.rules import records, schatzsuche
from scoring.rules.core import IllegalPlay, RecordError
from scoring.rules.draws import make_rng
from scoring.rules.schatzsuche import State, deal_round, parse_card, playout, simulate
from scoring.rules.schatzsuche.cards import CODES, cards_in
from tests.rules.roundtrip import assert_roundtrip

PLAYERS = ["Anna", "Ben", "Cem"]
# Round 3, Karo (diamonds) trump, Cem deals so Anna bids first and leads.
HANDS_3 = [["HA", "H9", "C7"], ["H10", "S8", "DK"], ["SA", "D10", "C10"]]
# A legal round: Cem trumps the heart lead, wins SA, Ben trumps the last trick.
LEGAL_3 = ["HA", "H10", "D10", "SA", "C7", "S8", "C10", "H9", "DK"]


def settings_with(**overrides):
    return records.profile_settings(schatzsuche, overrides=overrides)


def make_record(plays, *, hands=HANDS_3, **keys):
    record = {
        "format": "record/1",
        "game": "schatzsuche",
        "players": PLAYERS,
        "dealer": 2,
        "round": 3,
        "trump_card": "D7",
        "bids": [1, 1, 1],
        "plays": plays,
    }
    if hands is not None:
        record["hands"] = hands
    record.update(keys)
    return record


def verify(record, lang="en"):
    return records.verify(record).to_json(lang)


def rules_of(verdict):
    return [(v["trick"], v["seat"], v["card"], v["rule"]) for v in verdict["violations"]]


# --- play: follow suit, trump duty, trick winner ---------------------------------------


def test_a_legal_round_is_valid_and_scored():
    """ "t ≥ b: (b − (t − b)) · r; t < b: −(b − t) · r" on a hand-checked round 3."""
    verdict = verify(make_record(LEGAL_3))
    assert verdict["valid"] and verdict["complete"] and verdict["to_play"] is None
    assert [t["winner"] for t in verdict["tricks"]] == [2, 2, 1]
    result = verdict["result"]
    assert result["tricks_won"] == [0, 1, 2]
    assert result["scores"] == [-3, 3, 0]
    assert result["bids"] == [1, 1, 1]
    assert result["golden_bonus"] == [0, 0, 0] and result["golden_card"] is None


def test_follow_suit():
    """ "holds a card of the led suit → must play the led suit"."""
    plays = ["HA", "S8", "D10"]  # Ben keeps H10 back on the heart lead
    verdict = verify(make_record(plays))
    assert rules_of(verdict) == [(1, 1, "S8", "follow_suit")]
    assert verdict["violations"][0]["message"] == (
        "Ben played S8 but held H10 of the led suit hearts"
    )
    german = verify(make_record(plays), lang="de")["violations"][0]["message"]
    assert german == "Ben spielte S8, hatte aber H10 der ausgespielten Farbe Herz"


def test_must_trump_when_void_and_no_trump_in_the_trick():
    """ "otherwise, holds a trump and no trump has yet been played in this trick → must
    play a trump"."""
    plays = ["HA", "H10", "C10"]  # Cem, void in hearts, holds D10 but discards
    verdict = verify(make_record(plays))
    assert rules_of(verdict) == [(1, 2, "C10", "must_trump")]
    assert "D10" in verdict["violations"][0]["message"]


# Round 2: Ben trumps Anna's heart lead; Cem, void too, may then discard (default reading).
HANDS_2 = [["HA", "C7"], ["DK", "S8"], ["D10", "C10"]]
DISCARD_AFTER_TRUMP = ["HA", "DK", "C10", "S8", "D10", "C7"]


def test_trump_duty_unless_trick_trumped_lets_a_void_player_discard_after_a_trump():
    """ "[interpretation of "Ist die Trumpffarbe bereits ausgespielt worden" as "already in
    this trick"; profile setting trump_duty: unless_trick_trumped (default)"."""
    record = make_record(DISCARD_AFTER_TRUMP, hands=HANDS_2, round=2, bids=[0, 1, 1])
    verdict = verify(record)
    assert verdict["valid"]
    assert verdict["result"]["tricks_won"] == [0, 1, 1]


def test_trump_duty_always_makes_a_void_player_trump_even_after_a_trump():
    """ "`always` is the literal reading where "ausgespielt" means "led", under which the
    clause adds nothing and a void player must always trump"."""
    record = make_record(
        DISCARD_AFTER_TRUMP,
        hands=HANDS_2,
        round=2,
        bids=[0, 1, 1],
        settings={"trump_duty": "always"},
    )
    # Not trumping showed "no trump" (his Farbkarte turned), so his trump later is a revoke.
    assert rules_of(verify(record)) == [(1, 2, "C10", "must_trump"), (2, 2, "D10", "revoke")]


def test_without_led_suit_or_trump_any_card_may_be_discarded():
    """ "3. otherwise any card"; and "discards never win": C8 beats the discarded HA."""
    record = make_record(
        ["C7", "HA", "C8"],
        hands=[["C7"], ["HA"], ["C8"]],
        round=1,
        bids=[0, 0, 1],
    )
    verdict = verify(record)
    assert verdict["valid"]
    assert verdict["tricks"] == [{"leader": 0, "cards": ["C7", "HA", "C8"], "winner": 2}]


def test_the_lowest_trump_beats_the_led_ace():
    """ "Trick winner: the highest trump in the trick; if none, the highest card of the led
    suit. Suit rank: trump > led suit > other"."""
    record = make_record(
        ["CA", "D7", "C10"],
        hands=[["CA"], ["D7"], ["C10"]],
        round=1,
        trump_card="D8",
        bids=[1, 0, 0],
    )
    assert verify(record)["tricks"][0]["winner"] == 1


def test_the_highest_of_several_trumps_wins():
    """ "the highest trump in the trick"."""
    record = make_record(
        ["D9", "DQ", "DA"],
        hands=[["D9"], ["DQ"], ["DA"]],
        round=1,
        trump_card="D8",
        bids=[0, 0, 1],
    )
    assert verify(record)["tricks"][0]["winner"] == 2


def test_the_first_leader_sits_left_of_the_dealer_and_the_winner_leads_next():
    """ "The player left of the dealer leads the first trick; the winner of a trick leads
    the next"."""
    record = make_record(
        ["H10", "SA", "HA"],
        hands=[["HA"], ["H10"], ["SA"]],
        round=1,
        dealer=0,
        bids=[1, 0, 0],
    )
    assert verify(record)["tricks"] == [{"leader": 1, "cards": ["H10", "SA", "HA"], "winner": 0}]
    tricks = verify(make_record(LEGAL_3))["tricks"]
    assert [t["leader"] for t in tricks] == [0, 2, 2]


def test_strict_play_raises_and_changes_nothing():
    """The engine "rejects the illegal card" (Farbkarten paragraph)."""
    state = State(round_number=3, dealer=2, trump_card="D7", bids=[1, 1, 1], hands=HANDS_3)
    state.play("HA")
    assert state.legal_plays() == ["H10"]
    with pytest.raises(IllegalPlay) as raised:
        state.play("S8")
    assert raised.value.rule == "follow_suit"
    assert raised.value.violation.seat == 1
    assert state.to_play == 1 and state.hand(1) == ["S8", "H10", "DK"]
    assert state.play("S8", strict=False)[0].rule == "follow_suit"
    assert state.to_play == 2 and state.violations[0].card == "S8"


def test_copy_is_independent():
    state = State(round_number=3, dealer=2, trump_card="D7", bids=[1, 1, 1], hands=HANDS_3)
    twin = state.copy()
    twin.play("HA")
    assert state.to_play == 0 and state.hand(0) == ["C7", "H9", "HA"]
    assert twin.to_play == 1 and twin.tricks[0]["cards"] == ["HA"]


# --- every violation, common rules, hands unknown -------------------------------------


# Ben and Cem break their duties in trick 1; Anna leads Cem's SA, and Cem, left without a
# card, leads Anna's C7 in trick 3.
REVOKED_3 = ["HA", "S8", "C10", "SA", "DK", "D10", "C7", "H9", "H10"]


def test_every_violation_is_reported_and_the_walk_goes_on():
    """records.md: "Every violation is reported, not only the first"; "A card that seat
    does not hold is card_not_in_hand (the message names who holds it, if anybody);
    checking goes on with the remaining plays"."""
    verdict = verify(make_record(REVOKED_3))
    assert rules_of(verdict) == [
        (1, 1, "S8", "follow_suit"),
        (1, 2, "C10", "must_trump"),
        (2, 0, "SA", "card_not_in_hand"),
        (2, 1, "DK", "revoke"),
        (2, 2, "D10", "revoke"),
        (3, 2, "C7", "card_not_in_hand"),
        (3, 1, "H10", "revoke"),
    ]
    assert verdict["complete"] and verdict["result"]["tricks_won"] == [1, 0, 2]
    messages = [v["message"] for v in verdict["violations"] if v["rule"] == "card_not_in_hand"]
    assert messages == [
        "Anna played SA but does not hold it (Cem holds it)",
        "Cem played C7 but does not hold it (Anna holds it)",
    ]
    german = verify(make_record(REVOKED_3), lang="de")["violations"][2]["message"]
    assert german == "Anna spielte SA, hat die Karte aber nicht (Cem hat sie)"


def test_a_card_of_the_led_suit_keeps_the_duty_even_if_not_held():
    """Cem, void in hearts, "plays" Anna's H9 on the heart lead: not held, but no revoke."""
    verdict = verify(make_record(["HA", "H10", "H9"]))
    assert rules_of(verdict) == [(1, 2, "H9", "card_not_in_hand")]


def test_revokes_count_as_farbkarten_penalties_but_not_in_the_scores():
    """ "a player who plays a suit he has already shown to be void in gets 30 penalty points
    each time"; "A record's result.scores are the round scores (with the golden bonus) and
    never include penalties". Ben shows no hearts and no trump in trick 1, then plays DK
    and H10: twice; Cem shows no trump, then plays D10: once."""
    plays = REVOKED_3
    result = verify(make_record(plays))["result"]
    assert result["penalties"] == [0, 2, 1]
    legal_result = verify(make_record(LEGAL_3))["result"]
    assert result["scores"] == schatzsuche.round_scores(3, [1, 1, 1], result["tricks_won"])
    assert legal_result["penalties"] == [0, 0, 0]
    off = verify(make_record(plays, settings={"farbkarten": False}))
    assert off["result"]["penalties"] == [0, 0, 0] and not off["valid"]


def test_card_played_twice_and_unknown_card():
    """records.md: "rule is a stable machine name from a documented list, at least: ...
    card_played_twice, unknown_card"; a duplicate is judged by its first play."""
    verdict = verify(make_record(["HA", "H10", "HA", "X9"]))
    assert rules_of(verdict) == [(1, 2, "HA", "card_played_twice"), (2, 0, "X9", "unknown_card")]
    assert verdict["violations"][0]["message"] == (
        "Cem played HA, which was already played in trick 1"
    )


def test_incomplete_record_names_the_seat_to_act_and_has_no_result():
    """records.md: "complete is false when the record stops before the end: to_play is
    then the seat to act and result is null"."""
    verdict = verify(make_record(LEGAL_3[:4]))
    assert (verdict["valid"], verdict["complete"], verdict["to_play"]) == (True, False, 0)
    assert verdict["result"] is None
    assert verdict["tricks"][-1] == {"leader": 2, "cards": ["SA"], "winner": None}


def test_without_hands_the_duties_are_skipped_but_order_and_winners_are_checked():
    """records.md: "without them the engine still checks order, duplicates, trick winners
    and scores, but not the duties to follow, and lists those checks in checks_skipped".
    The Farbkarten need no hands: the plays show who claimed to have no suit."""
    verdict = verify(make_record(REVOKED_3, hands=None))
    assert verdict["checks_skipped"] == ["card_not_in_hand", "follow_suit", "must_trump"]
    assert rules_of(verdict) == [
        (2, 1, "DK", "revoke"),
        (2, 2, "D10", "revoke"),
        (3, 1, "H10", "revoke"),
    ]
    assert verdict["result"]["tricks_won"] == [1, 0, 2]
    assert verdict["result"]["penalties"] == [0, 2, 1]
    assert verdict["violations"][2]["message"] == (
        "Ben played H10 of hearts after showing to have no hearts in trick 1 "
        "(Farbkarten: 30 penalty points)"
    )
    german = verify(make_record(REVOKED_3, hands=None), lang="de")["violations"][0]["message"]
    assert german == (
        "Ben spielte DK (Karo), obwohl Ben in Stich 1 gezeigt hatte, kein Karo zu haben "
        "(Farbkarten: 30 Strafpunkte)"
    )
    with_trump_card = verify(make_record(["HA", "D7"], hands=None))
    assert rules_of(with_trump_card) == [(1, 1, "D7", "card_not_in_hand")]
    assert with_trump_card["violations"][0]["message"].endswith("(nobody holds it)")


# --- bids and settings ------------------------------------------------------------------


def test_bids_may_sum_to_the_round_by_default():
    """ "There is no restriction on the sum of bids (... off by default)"."""
    assert verify(make_record(LEGAL_3))["valid"]


def test_bid_sum_not_round_binds_the_dealer_who_bids_last():
    """ "a profile option "sum of bids may not equal r" may exist but is off by default"."""
    record = make_record(LEGAL_3, settings={"bid_sum_not_round": True})
    verdict = verify(record)
    assert rules_of(verdict) == [(None, 2, None, "bid_sum_equals_round")]
    assert verdict["violations"][0]["message"].startswith("Cem bid 1 last")


def test_bots_avoid_a_forbidden_bid_sum():
    assert_roundtrip("schatzsuche", games=60, round_number=2, overrides={"bid_sum_not_round": True})


# --- round 10 and the golden card -----------------------------------------------------


def test_round_10_deal_lays_aside_the_golden_card_and_turns_the_32nd_for_trump():
    """ "the top card is laid face down (the golden card), 30 cards are dealt, and the last
    remaining card (the 32nd) is turned up and gives trump"."""
    hands, trump, golden = deal_round(make_rng("deal"), 10, dealer=1)
    dealt = [card for hand in hands for card in cards_in(hand)]
    assert [len(cards_in(hand)) for hand in hands] == [10, 10, 10]
    assert sorted([*dealt, trump, golden]) == list(range(32))


@pytest.mark.parametrize("round_number", range(1, 10))
def test_rounds_1_to_9_deal_r_cards_each_and_turn_the_next_for_trump(round_number):
    """ "In round r every player receives r cards ... the next card is turned face up"."""
    hands, trump, golden = deal_round(make_rng(round_number), round_number, dealer=0)
    assert [len(cards_in(hand)) for hand in hands] == [round_number] * 3
    assert golden is None and not any(hand >> trump & 1 for hand in hands)


def golden_round(guesses, **settings_):
    record = simulate(make_rng("golden"), settings_with())
    record["golden"]["guesses"] = guesses
    if settings_:
        record["settings"] = settings_
    return record


def test_round_10_golden_bonus_is_part_of_the_score():
    """ "suit right → +20; rank right → +40; both right → +160 ... The golden bonus is part
    of round 10's score"."""
    card = simulate(make_rng("golden"), settings_with())["golden"]
    suit, rank = card["card"][0], card["card"][1:]
    other_suit = next(s for s in "CSHD" if s != suit)
    other_rank = next(r for r in schatzsuche.RANKS if r != rank)
    guesses = [
        {"suit": suit, "rank": other_rank},
        {"suit": other_suit, "rank": rank},
        {"suit": suit, "rank": rank},
    ]
    result = verify(golden_round(guesses))["result"]
    assert result["golden_bonus"] == [20, 40, 160]
    plain = schatzsuche.round_scores(10, result["bids"], result["tricks_won"])
    assert result["scores"] == [plain[0] + 20, plain[1] + 40, plain[2] + 160]
    assert sum(result["tricks_won"]) == 10
    summed = verify(golden_round(guesses, golden_both="sum"))["result"]
    assert summed["golden_bonus"] == [20, 40, 220]
    # The rules file writes the default as `160`: a record may give it as a number too.
    numeric = verify(golden_round(guesses, golden_both=160))["result"]
    assert numeric["golden_bonus"] == [20, 40, 160]


# --- record keys --------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("change", "key"),
    [
        ({"round": 11}, "round"),
        ({"round": "3"}, "round"),
        ({"dealer": 3}, "dealer"),
        ({"trump_card": "HX"}, "trump_card"),
        ({"trump_card": "HA"}, "trump_card"),  # Anna holds it
        ({"bids": [1, 1]}, "bids"),
        ({"bids": [1, 4, 1]}, "bids[1]"),
        ({"bids": [1, True, 1]}, "bids[1]"),
        ({"hands": [["HA", "H9"], HANDS_3[1], HANDS_3[2]]}, "hands[0]"),
        ({"hands": [["HA", "H9", "CX"], HANDS_3[1], HANDS_3[2]]}, "hands[0][2]"),
        ({"hands": [HANDS_3[0], ["H10", "S8", "HA"], HANDS_3[2]]}, "hands[1][2]"),
        ({"plays": [*LEGAL_3, "C8"]}, "plays"),
        ({"plays": ["HA", 7]}, "plays"),
        ({"golden": {"card": "SK", "guesses": []}}, "golden"),
    ],
)
def test_inconsistent_keys_are_record_errors_naming_the_key(change, key):
    with pytest.raises(RecordError) as raised:
        records.verify({**make_record(LEGAL_3), **change})
    assert raised.value.key == key


@pytest.mark.parametrize(
    ("golden", "key"),
    [
        (None, "golden"),
        ({"card": "SK"}, "golden.guesses"),
        ({"card": "SK", "guesses": [], "extra": 1}, "golden.extra"),
        ({"card": "S1", "guesses": []}, "golden.card"),
        ({"card": "SK", "guesses": [{"suit": "S", "rank": "K"}]}, "golden.guesses"),
        (
            {
                "card": "SK",
                "guesses": [{"suit": "S", "rank": "K"}] * 2 + [{"suit": "X", "rank": "K"}],
            },
            "golden.guesses[2].suit",
        ),
        ({"card": "SK", "guesses": [{"suit": "S", "rank": "B"}] * 3}, "golden.guesses[0].rank"),
    ],
)
def test_round_10_golden_key_errors(golden, key):
    record = simulate(make_rng("keys"), settings_with())
    if golden is None:
        del record["golden"]
    else:
        record["golden"] = golden
    with pytest.raises(RecordError) as raised:
        records.verify(record)
    assert raised.value.key == key


def test_golden_card_may_not_be_the_trump_card_or_in_a_hand():
    record = simulate(make_rng("keys"), settings_with())
    for card, message in (
        (record["trump_card"], "trump card"),
        (record["hands"][1][0], "hands[1]"),
    ):
        changed = {**record, "golden": {**record["golden"], "card": card}}
        with pytest.raises(RecordError) as raised:
            records.verify(changed)
        assert raised.value.key == "golden.card" and message in raised.value.message


# --- input parsing ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "code"),
    [("HA", "HA"), ("s10", "S10"), ("HD", "HQ"), ("DB", "DJ"), ("d d", "DQ"), ("CJ", "CJ")],
)
def test_parse_card_accepts_the_german_letters_d_and_b(text, code):
    """ "Input should also accept the German letters D→Q (Dame), B→J (Bube) ... but records
    store the codes above"."""
    assert parse_card(text) == code


@pytest.mark.parametrize("text", ["", "H", "H1", "XA", "HAA", "10H"])
def test_parse_card_rejects_what_is_no_card(text):
    with pytest.raises(ValueError):
        parse_card(text)


# --- bots, simulation, playout --------------------------------------------------------------


def test_thousands_of_simulated_round_10_games_verify_and_replay():
    assert_roundtrip("schatzsuche", games=1500, seed="many")


@pytest.mark.parametrize("round_number", [1, 2, 5, 9])
def test_simulated_rounds_verify_and_replay(round_number):
    assert_roundtrip("schatzsuche", games=150, round_number=round_number)


def test_simulated_games_under_trump_duty_always_verify():
    checked = assert_roundtrip("schatzsuche", games=300, overrides={"trump_duty": "always"})
    assert checked[0][0]["settings"] == {"trump_duty": "always"}


def test_simulated_record_keys_and_bidding_order():
    """ "Starting left of the dealer, clockwise, the dealer last, each player bids"."""
    record = simulate(make_rng(5), settings_with(), round_number=4)
    assert list(record) == [
        *("format", "game", "profile", "settings", "players"),
        *("dealer", "round", "trump_card", "bids", "hands", "plays"),
    ]
    assert record["round"] == 4 and len(record["plays"]) == 12
    verdict = records.verify(record)
    assert verdict.tricks[0]["leader"] == schatzsuche.first_leader(record["dealer"])


@pytest.mark.parametrize("trump_duty", ["unless_trick_trumped", "always"])
@pytest.mark.parametrize("round_number", [1, 3, 7, 10])
def test_fast_playout_agrees_with_the_state_on_the_same_seed(round_number, trump_duty):
    """The fast playout and State must play the same rules: on one seed they make the same
    choices, so their scores agree game for game."""
    table = settings_with(trump_duty=trump_duty)
    for game in range(120):
        seed = f"agree:{round_number}:{game}"
        record = simulate(make_rng(seed), table, round_number=round_number)
        scores = records.verify(record).result["scores"]
        assert playout(make_rng(seed), table, round_number=round_number) == scores, seed


def test_simulate_rejects_other_player_counts_and_rounds():
    """ "Exactly 3 players." / "10 rounds"."""
    table = settings_with()
    with pytest.raises(ValueError, match="3 players"):
        simulate(make_rng(1), table, players=4)
    with pytest.raises(ValueError, match="round"):
        playout(make_rng(1), table, round_number=11)


# --- properties ---------------------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=2**32)
ROUND_NUMBERS = st.integers(min_value=1, max_value=10)
DUTIES = st.sampled_from(["unless_trick_trumped", "always"])


@settings(max_examples=150, deadline=None)
@given(seed=SEEDS, round_number=ROUND_NUMBERS, trump_duty=DUTIES)
def test_tricks_are_conserved_and_a_record_replays_to_itself(seed, round_number, trump_duty):
    """ "tricks are integers 0..r and sum to r per round"; the verdict's tricks hold the
    recorded cards in order, and a record's JSON text verifies the same as the record."""
    table = settings_with(trump_duty=trump_duty)
    record = simulate(make_rng(seed), table, round_number=round_number)
    verdict = records.verify(records.dumps(record))
    assert verdict.valid and verdict.complete
    assert sum(verdict.result["tricks_won"]) == round_number
    assert [card for trick in verdict.tricks for card in trick["cards"]] == record["plays"]
    assert records.verify(record).to_json() == verdict.to_json()


@settings(max_examples=100, deadline=None)
@given(seed=SEEDS, round_number=ROUND_NUMBERS, trump_duty=DUTIES, data=st.data())
def test_a_legal_play_exists_until_the_end_and_legal_means_no_violation(
    seed, round_number, trump_duty, data
):
    """Whatever legal cards are chosen, the player to act always has one, exactly the
    cards of his hand that break no rule are offered, and after 3·r cards the round ends."""
    hands, trump, golden = deal_round(make_rng(seed), round_number, dealer=seed % 3)
    state = State(
        round_number=round_number,
        dealer=seed % 3,
        trump_card=CODES[trump],
        bids=[0, 0, 0],
        hands=[[CODES[card] for card in cards_in(hand)] for hand in hands],
        golden=None if golden is None else {"card": CODES[golden], "guesses": []},
        settings=settings_with(trump_duty=trump_duty),
    )
    for _ in range(3 * round_number):
        legal = state.legal_plays()
        assert legal
        hand = state.hand(state.to_play)
        assert legal == [card for card in hand if not state.check(card)]
        state.play(data.draw(st.sampled_from(legal)))
    assert state.is_over and state.legal_plays() == []


def test_the_rulebook_farbkarten_example():
    """Rulebook: "Spielt jemand zum Beispiel bei Herz als Trumpffarbe Pik aus und der
    nächste Spieler legt ein Karo, so müssen bei diesem Spieler die Farbkarten Pik und Herz
    umgedreht sein. Wer eine Farbe ablegt, die er bereits umgedreht hat, erhält 30
    Strafpunkte" — from the plays alone, each time."""
    plays = ["SA", "D9", "C8", "C7", "H9", "CK"]
    record = make_record(plays, hands=None, round=2, trump_card="H7", bids=[1, 0, 1])
    verdict = verify(record)
    assert rules_of(verdict) == [(2, 1, "H9", "revoke")]
    assert verdict["result"]["penalties"] == [0, 1, 0]
    # Following suit turns nothing: Ben may play hearts after following a heart lead.
    legal = verify(
        make_record(
            ["HA", "H9", "C8", "C7", "H10", "CK"],
            hands=None,
            round=2,
            trump_card="H7",
            bids=[1, 0, 1],
        )
    )
    assert legal["valid"]
