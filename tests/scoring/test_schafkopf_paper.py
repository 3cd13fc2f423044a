"""Games from paper (scoring/pads/schafkopf/paper.py): every amount the engine's ``settle``
produces is accepted for its game, and an amount it cannot produce is not."""

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.pads.schafkopf.paper import fits_tariff, paper_game
from scoring.rules.schafkopf import PROFILES, settle

PRESETS = sorted(PROFILES)
GAMES = ["rufspiel", "solo", "wenz", "solo_tout", "sie"]


@settings(max_examples=150, deadline=None)
@given(
    preset=st.sampled_from(PRESETS),
    game=st.sampled_from(GAMES),
    seats=st.permutations(range(4)),
    won=st.booleans(),
    schneider=st.integers(0, 2),
    laufende=st.integers(0, 3),
    stoss=st.booleans(),
    suit=st.sampled_from("EGHS"),
)
def test_every_amount_settle_produces_fits_its_game(
    preset, game, seats, won, schneider, laufende, stoss, suit
):
    profile = dict(PROFILES[preset])
    stoss = stoss and profile["allow_stoss"]
    laufende = 0 if laufende < profile["laufende_from"] else laufende
    partner = seats[1] if game == "rufspiel" else None
    points = settle(
        profile, game, seats[0], partner, won=won, schneider=schneider > 0,
        schwarz=schneider > 1, laufende=laufende, stoss=stoss, suit=suit,
    )  # fmt: skip
    assert fits_tariff(profile, game, points, None)
    data = paper_game(game, points, dealer=0, sitting_out=None)
    if game != "rufspiel" and any(points):
        assert data["declarer"] == seats[0] and data["won"] == won
    # One point moved between the two opponents: no game pays its opponents unequally.
    off = list(points)
    off[seats[2]] += 1
    off[seats[3]] -= 1
    assert not fits_tariff(profile, game, off, None)


def test_a_rufspiel_amount_is_no_solo():
    profile = dict(PROFILES["turnier-1-15"])
    assert fits_tariff(profile, "rufspiel", [1, -1, 1, -1], None)
    assert not fits_tariff(profile, "solo", [1, -1, 1, -1], None)
    assert fits_tariff(profile, "solo", [-5, 15, -5, -5], None)
    assert not fits_tariff(profile, "solo", [-4, 12, -4, -4], None)  # less than a Solo's base
