"""Bock rounds and the Stock over an evening (docs/rules/schafkopf.md, "Bock rounds" and
"The Stock").

The evenings are worked out by hand in ``stammtisch`` (Rufspiel 20, Solo/Wenz/Geier 50,
Schneider +10, Schwarz +20, Laufende 10 each from 3, Wenz and Geier from 2; Bock ×2 after
60:60 and Schwarz, queued; a thrown-in deal costs every player 20 into the Stock).
"""

from dataclasses import replace

from hypothesis import given
from hypothesis import settings as hypothesis_settings
from hypothesis import strategies as st

from scoring.rules.schafkopf.evening import (
    THROWN_IN,
    GameFacts,
    bock_triggers,
    score_evening,
    stock_fee,
)
from scoring.rules.schafkopf.tariff import PROFILES, settle, settle_ramsch

STAMM = PROFILES["stammtisch"]
STACKED = {**STAMM, "bock_overlap": "stack"}


def played(contract, party, won, augen, *, laufende=0, schneider=False, schwarz=False,
           retour=False, settings=STAMM, players=4, sitting_out=None):  # fmt: skip
    """A played game with its scores by the tariff."""
    partner = party[1] if len(party) == 2 else None
    scores = settle(
        settings, contract, party[0], partner, won=won, schneider=schneider, schwarz=schwarz,
        laufende=laufende, stoss=retour, retour=retour, suit="E", players=players,
        sitting_out=sitting_out,
    )  # fmt: skip
    return GameFacts(contract, scores, tuple(party), won, augen, schwarz, retour, sitting_out)


def thrown_in(players=4, sitting_out=None):
    return GameFacts(THROWN_IN, [0] * players, sitting_out=sitting_out)


# The evening of the module docstring: 60:60 in game 1 starts a Bock round (games 2–5), the
# Schwarz of game 2 a second one (queued: games 6–9; stacked: games 3–6).
EVENING = [
    played("rufspiel", (0, 1), False, 60),  # 60:60, lost: 20
    played("solo", (2,), True, 120, schneider=True, schwarz=True),  # 50 + 20
    thrown_in(),  # 4 × 20 into the Stock
    played("rufspiel", (1, 3), False, 50),  # lost: pays the Stock's 80 into it, 40 each
    played("wenz", (0,), True, 80, laufende=2),  # 50 + 2 × 10; takes the Stock's 160
    thrown_in(),  # 80 into the Stock
    played("rufspiel", (2, 3), True, 75),  # takes the Stock's 80, 40 each
    played("geier", (1,), True, 91, schneider=True),  # 50 + 10
]


def test_a_stammtisch_evening_with_queued_bock_rounds_and_the_stock():
    evening = score_evening(STAMM, EVENING)
    games = evening.games
    assert [game.factor for game in games] == [1, 2, 2, 2, 2, 2, 2, 2]
    assert [game.bock for game in games] == [0, 1, 1, 1, 1, 1, 1, 1]
    assert [game.triggers for game in games] == [("split_60",), ("schwarz",)] + [()] * 6
    assert [game.bock_ahead for game in games] == [4, 7, 6, 5, 4, 3, 2, 1]
    assert [game.scores for game in games] == [
        (-20, -20, 20, 20),
        (-140, -140, 420, -140),  # 2 × (−70, −70, 210, −70)
        (-20, -20, -20, -20),  # the fee is never multiplied, not even in a Bock round
        (40, -80, 40, -80),  # 2 × (20, −20, 20, −20), and 40 each into the Stock
        (580, -140, -140, -140),  # 2 × (210, −70, −70, −70), and the Stock's 160
        (-20, -20, -20, -20),
        (-40, -40, 80, 80),  # 2 × (−20, −20, 20, 20), and 40 each of the Stock's 80
        (-120, 360, -120, -120),  # 2 × (−60, 180, −60, −60)
    ]
    assert [game.stock_payments for game in games][2:5] == [
        (-20, -20, -20, -20),
        (0, -40, 0, -40),
        (160, 0, 0, 0),
    ]
    assert [game.stock for game in games] == [0, 0, 80, 160, 0, 80, 0, 0]
    assert [game.totals for game in games][-1] == (260, -100, 260, -420)
    assert evening.final == (260, -100, 260, -420)
    # the second round's last game is still to come: the next form says "Bock"
    assert (evening.next_bock, evening.next_factor, evening.bock_ahead) == (1, 2, 1)


def test_the_same_evening_with_stacked_bock_rounds():
    """ "a game in k Bock rounds is worth bock_factor^k": games 3–5 are in both rounds."""
    evening = score_evening(STACKED, EVENING)
    games = evening.games
    assert [game.bock for game in games] == [0, 1, 2, 2, 2, 1, 0, 0]
    assert [game.factor for game in games] == [1, 2, 4, 4, 4, 2, 1, 1]
    assert [game.bock_ahead for game in games] == [4, 4, 3, 2, 1, 0, 0, 0]  # each game once
    assert [game.scores for game in games] == [
        (-20, -20, 20, 20),
        (-140, -140, 420, -140),
        (-20, -20, -20, -20),
        (80, -120, 80, -120),  # 4 × (20, −20, 20, −20), and 40 each into the Stock
        (1000, -280, -280, -280),  # 4 × (210, −70, −70, −70) + 160
        (-20, -20, -20, -20),
        (-20, -20, 60, 60),  # (−20, −20, 20, 20) + 40 each
        (-60, 180, -60, -60),
    ]
    assert evening.final == (800, -440, 200, -560)
    assert (evening.next_bock, evening.bock_ahead) == (0, 0)


def test_every_game_keeps_totals_plus_stock_at_zero():
    for profile in (STAMM, STACKED):
        for game in score_evening(profile, EVENING).games:
            assert sum(game.totals) + game.stock == 0


def test_a_correction_that_removes_a_trigger_reprices_the_later_games():
    """Game 1 corrected to 61 Augen: no 60:60, so only game 2's Schwarz starts a round."""
    corrected = [played("rufspiel", (0, 1), True, 61), *EVENING[1:]]
    games = score_evening(STAMM, corrected).games
    assert [game.factor for game in games] == [1, 1, 2, 2, 2, 2, 1, 1]
    assert games[1].scores == (-70, -70, 210, -70)
    assert games[7].scores == (-60, 180, -60, -60)
    before = score_evening(STAMM, EVENING).games
    changed = [number for number, (a, b) in enumerate(zip(before, games, strict=True), 1) if a != b]
    assert changed == [1, 2, 3, 4, 5, 6, 7, 8]  # every later game's totals moved, too


def test_a_voided_game_takes_its_trigger_with_it():
    without_schwarz = [EVENING[0], *EVENING[2:]]
    games = score_evening(STAMM, without_schwarz).games
    assert [game.factor for game in games] == [1, 2, 2, 2, 2, 1, 1]
    assert games[-1].bock_ahead == 0


def test_a_correction_that_adds_a_trigger_starts_a_round_after_it():
    plain = [played("rufspiel", (0, 1), True, 70), played("solo", (2,), True, 80)]
    assert [g.factor for g in score_evening(STAMM, plain * 3).games] == [1] * 6
    with_60 = [played("rufspiel", (0, 1), False, 60), *(plain * 3)[1:]]
    assert [g.factor for g in score_evening(STAMM, with_60).games] == [1, 2, 2, 2, 2, 1]


def test_a_thrown_in_deal_uses_up_a_bock_game_unless_the_profile_says_otherwise():
    games = [played("rufspiel", (0, 1), False, 60), thrown_in(), *[EVENING[6]] * 4]
    counted = score_evening({**STAMM, "passed_deal": "next_dealer"}, games).games
    assert [game.bock for game in counted] == [0, 1, 1, 1, 1, 0]
    skipped = {**STAMM, "passed_deal": "next_dealer", "bock_counts_thrown_in": False}
    assert [game.bock for game in score_evening(skipped, games).games] == [0, 0, 1, 1, 1, 1]


def test_a_bock_round_is_as_long_as_the_table_has_players():
    five = [played("rufspiel", (0, 1), False, 60, players=5, sitting_out=4)]
    five += [
        played("solo", ((out + 1) % 5,), True, 70, players=5, sitting_out=out)
        for out in (0, 1, 2, 3, 4, 0)
    ]
    games = score_evening(STAMM, five).games
    assert [game.bock for game in games] == [0, 1, 1, 1, 1, 1, 0]


def test_bock_factor_and_stoss_retour_double_on_top():
    """A Retour in a Bock round: 20 × 4 (Stoß, Retour) × 2 (Bock)."""
    games = [played("rufspiel", (0, 1), False, 60), played("rufspiel", (2, 3), True, 70,
                                                           retour=True)]  # fmt: skip
    assert score_evening(STAMM, games).games[1].scores == (-160, -160, 160, 160)
    tripled = {**STAMM, "bock_factor": 3}
    assert score_evening(tripled, games).games[1].scores == (-240, -240, 240, 240)


def test_the_triggers_each_add_a_round():
    every = {**STAMM, "bock": ["split_60", "schwarz", "tout", "sie", "retour"]}
    won_tout = played("solo_tout", (0,), True, 120, settings=every)
    lost_tout = played("wenz_tout", (1,), False, 100, settings=every)
    sie = played("sie", (2,), True, None, settings=every)
    retour_60 = played("rufspiel", (0, 2), False, 60, retour=True, settings=every)
    bettel = played("bettel", (3,), False, None, schwarz=True, settings=every)
    assert bock_triggers(every, won_tout) == ("schwarz", "tout")
    assert bock_triggers(every, lost_tout) == ("tout",)
    assert bock_triggers(every, sie) == ("sie",)
    assert bock_triggers(every, retour_60) == ("split_60", "retour")
    assert bock_triggers(every, bettel) == ()  # a Bettel is never Schwarz
    assert bock_triggers(STAMM, won_tout) == ("schwarz",)  # stammtisch: no tout trigger
    assert bock_triggers(PROFILES["kurzanleitung"], retour_60) == ()
    assert bock_triggers(every, thrown_in()) == ()
    # two triggers in one game: two rounds, queued one after the other
    evening = score_evening(every, [retour_60, *[EVENING[6]] * 9])
    assert [game.bock for game in evening.games] == [0] + [1] * 8 + [0]


def test_the_stock_odd_unit_stays_and_lost_partners_feed_it_half_each():
    """A Stock of 25 carried from the last evening: a Rufspiel party that wins takes 12
    each and 1 stays; one that loses pays 12 each into it."""
    carry = {**STAMM, "stock_at_end": "carry"}
    won = score_evening(carry, [played("rufspiel", (0, 2), True, 70)], carried=25)
    assert won.games[0].stock_payments == (12, 0, 12, 0)
    assert won.stock == 1 and won.stock_left == 1 and won.settle_up == (0, 0, 0, 0)
    lost = score_evening(carry, [played("rufspiel", (0, 2), False, 40)], carried=25)
    assert lost.games[0].stock_payments == (-12, 0, -12, 0)
    assert lost.stock == 49 and sum(lost.final) + lost.stock_left == 25


def test_a_lone_loser_pays_as_much_as_the_stock_holds_unless_the_profile_spares_him():
    games = [thrown_in(), played("solo", (3,), False, 40), played("solo", (1,), True, 70)]
    evening = score_evening(STAMM, games)
    assert [game.stock for game in evening.games] == [80, 160, 0]
    assert evening.games[1].stock_payments == (0, 0, 0, -80)
    assert evening.games[2].stock_payments == (0, 160, 0, 0)
    spared = score_evening({**STAMM, "stock_loser_pays": False}, games)
    assert [game.stock for game in spared.games] == [80, 80, 0]


def test_solo_only_leaves_the_stock_to_the_next_game_of_solo_rank():
    solo_only = {**STAMM, "stock_won_by": "solo_only"}
    games = [
        thrown_in(),
        played("rufspiel", (0, 1), True, 70, settings=solo_only),
        played("wenz", (2,), True, 70, settings=solo_only),  # ranks below the Solo
        played("farbwenz", (3,), True, 70, settings=solo_only),  # as high as a Solo
    ]
    evening = score_evening(solo_only, games)
    assert [game.stock for game in evening.games] == [80, 80, 80, 0]
    assert evening.games[3].stock_payments == (0, 0, 0, 80)


def test_a_ramsch_never_touches_the_stock():
    ramsch = GameFacts("ramsch", settle_ramsch(STAMM, [70, 30, 20, 0], [3]))
    evening = score_evening(STAMM, [thrown_in(), ramsch])
    assert evening.games[1].stock_payments == (0, 0, 0, 0) and evening.stock == 80


def test_the_stock_fee_and_who_pays_it():
    assert stock_fee(STAMM) == 20  # null: the Rufspiel base
    assert stock_fee({**STAMM, "stock_fee": 5}) == 5
    five = score_evening(STAMM, [thrown_in(players=5, sitting_out=2)])
    assert five.games[0].stock_payments == (-20, -20, 0, -20, -20)  # the dealer sits out
    nothing = score_evening(PROFILES["tarif-10-20-50"], [thrown_in()])
    assert nothing.games[0].stock_payments == (0, 0, 0, 0) and nothing.stock == 0


def test_the_stock_left_at_the_end_is_split_or_carried():
    games = [thrown_in(), thrown_in(), played("solo", (0,), False, 50)]  # Stock 160 → 320
    split = score_evening({**STAMM, "stock_fee": 15}, [*games[:2], thrown_in()])  # Stock 180
    assert split.settle_up == (45, 45, 45, 45) and split.stock_left == 0
    assert split.final == (0, 0, 0, 0)
    odd = score_evening(STAMM, games[:2], carried=3)  # 163 among 4: 40 each, 3 stay
    assert odd.settle_up == (40, 40, 40, 40) and odd.stock_left == 3
    carried = score_evening({**STAMM, "stock_at_end": "carry"}, games)
    assert carried.settle_up == (0, 0, 0, 0) and carried.stock_left == carried.stock == 320


def test_the_shipped_presets_give_an_evening_nothing_of_their_own():
    """Without Bock and Stock an evening's scores are its games' own scores."""
    for name in ("kurzanleitung", "tarif-10-20-50", "turnier-1-15"):
        profile = PROFILES[name]
        games = [replace(game, scores=list(game.scores)) for game in EVENING]
        evening = score_evening(profile, games)
        assert [game.scores for game in evening.games] == [tuple(g.scores) for g in games]
        assert {game.factor for game in evening.games} == {1} and evening.stock == 0


# --- totals + Stock = 0 after every game, whatever happens ---------------------------------
@st.composite
def evenings(draw):
    profile = {
        **STAMM,
        "bock": draw(st.lists(st.sampled_from(["split_60", "schwarz", "tout", "sie", "retour"]),
                              unique=True)),
        "bock_overlap": draw(st.sampled_from(["queue", "stack"])),
        "bock_factor": draw(st.integers(1, 3)),
        "bock_counts_thrown_in": draw(st.booleans()),
        "stock_fee": draw(st.sampled_from([None, 0, 1, 7])),
        "stock_won_by": draw(st.sampled_from(["any_game", "solo_only"])),
        "stock_loser_pays": draw(st.booleans()),
        "stock_at_end": draw(st.sampled_from(["split", "carry"])),
        "passed_deal": draw(st.sampled_from(["stock", "next_dealer"])),
    }  # fmt: skip
    players = draw(st.sampled_from([4, 5]))
    games = []
    for _ in range(draw(st.integers(0, 14))):
        out = draw(st.sampled_from([None, *range(players)])) if players == 5 else None
        seats = [seat for seat in range(players) if seat != out]
        if players == 5 and out is None:
            out = seats.pop()
        kind = draw(st.sampled_from(["thrown_in", "ramsch", "rufspiel", "solo", "geier",
                                     "solo_tout", "sie", "bettel"]))  # fmt: skip
        if kind == "thrown_in":
            games.append(thrown_in(players, out))
            continue
        if kind == "ramsch":
            augen = [None] * players
            for seat, value in zip(seats, (70, 30, 20, 0), strict=True):
                augen[seat] = value
            games.append(GameFacts("ramsch", settle_ramsch(profile, augen, [seats[3]])))
            continue
        declarer = draw(st.sampled_from(seats))
        party = (declarer, draw(st.sampled_from([s for s in seats if s != declarer])))
        party = party if kind == "rufspiel" else party[:1]
        augen = draw(st.sampled_from([None, 0, 30, 60, 61, 90, 120]))
        games.append(
            played(kind, party, draw(st.booleans()), augen, schwarz=augen in (0, 120),
                   retour=draw(st.booleans()), settings=profile, players=players,
                   sitting_out=out)
        )  # fmt: skip
    return profile, games, draw(st.sampled_from([0, 0, 1, 25]))


@hypothesis_settings(max_examples=300, deadline=None)
@given(evenings())
def test_totals_plus_stock_stay_what_was_carried_in(chosen):
    profile, games, carried = chosen
    evening = score_evening(profile, games, carried=carried)
    totals = [0] * (len(games[0].scores) if games else 0)
    for game, facts in zip(evening.games, games, strict=True):
        assert sum(game.totals) + game.stock == carried
        assert game.stock >= 0
        assert game.factor == profile["bock_factor"] ** game.bock
        if profile["bock_overlap"] == "queue":
            assert game.bock <= 1
        assert game.scores == tuple(
            game.factor * own + paid
            for own, paid in zip(facts.scores, game.stock_payments, strict=True)
        )
        totals = [total + score for total, score in zip(totals, game.scores, strict=True)]
        assert game.totals == tuple(totals)
    assert sum(evening.final) + evening.stock_left == carried
