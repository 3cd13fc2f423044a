"""Applying a disputed Schafkopf game with a misplay, under ``misplay: offender_pays``.

docs/rules/schafkopf.md, "Misplay": "The verdict always gives the result as played, and
the penalty result too when the profile says `offender_pays`"; tournaments.md: "a misplay
ends the game and the offender pays alone". The apply form offers both; the misplay is the
default, and the sheet's scores then equal the verdict's ``penalty_scores``.
"""

import random
import uuid
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.models import Revision
from scoring.pads import get_pad
from scoring.pads.schafkopf import game as played_game
from scoring.rules.schafkopf import PROFILES

from .dispute_deals import REVOKE
from .dispute_helpers import apply, open_dispute, paste, url
from .helpers import text
from .misplay_helpers import misplayed_record, own_sau_rufspiel, verdict_of
from .schafkopf_helpers import FIVE, FOUR, create_schafkopf, game, is_checked, play

pytestmark = pytest.mark.django_db

CONTRACTS = ["rufspiel", "solo", "wenz", "solo_tout", "wenz_tout", "sie"]


def current(table, number=1) -> Revision:
    return Revision.objects.get(round__table=table, round__number=number, is_current=True)


def sheet_game(record: dict, seats: list[int]) -> dict:
    """What the table entered: the recorded contract, won by its declarer (a guess)."""
    contract = record["contract"]
    declarer = seats[contract["declarer"]]
    fields = game(contract["type"], declarer, called=contract.get("called"))
    if contract.get("suit"):
        fields["suit"] = contract["suit"]
    if contract["type"] == "rufspiel":
        partner = next(s for s in seats if s != declarer)
        fields["partner"] = partner
    if contract["type"] != "sie":
        fields["outcome"] = "won"
    return fields


def disputed(client, record, names=FOUR, **create):
    """A turnier-1-15 table whose game 1 is disputed with ``record`` pasted."""
    table, key = create_schafkopf(client, players=names, preset="turnier-1-15", **create)
    seats = list(range(len(names)))[len(names) - 4 :]  # at five, Anna deals and sits out
    play(client, key, 1, sheet_game(record, seats))
    dispute = open_dispute(client, key, 1, note="nicht bedient")
    response = paste(client, key, dispute, record)
    assert response.status_code == 302, text(response)[:1500]
    return table, key, dispute


@pytest.mark.parametrize("contract", CONTRACTS)
def test_applying_a_misplay_gives_the_verdicts_penalty_scores(client, contract):
    """schafkopf.md, "Misplay": "a game with a violation as lost by the offender's party at
    its plain value (Schneider/Schwarz only if already reached), the offender paying his
    partner's share too (partner 0)" — applied by default, as the tournament rules say."""
    record = misplayed_record(contract, f"apply:{contract}", round_number=1)
    verdict = verdict_of(record)
    result = verdict["result"]
    offender = result["offender"]
    assert offender is not None and result["penalty_scores"] != result["scores"]
    table, key, dispute = disputed(client, record)
    page = client.get(url("dispute", key, dispute)).content.decode()
    assert is_checked(page, "apply_as", "misplay") and not is_checked(page, "apply_as", "as_played")
    name = FOUR[offender]
    assert f"Fehlspiel von {name} (zahlt allein)" in page and "wie gespielt" in page

    assert apply(client, key, dispute, base=1).status_code == 302
    revision = current(table)
    assert revision.scores == result["penalty_scores"]
    assert revision.data["misplay"] == offender and revision.source == "dispute"
    history = text(client.get(reverse("round", args=[key, 1])))
    assert f"Fehlspiel: – → {name}" in history


def test_applying_as_played_keeps_the_cards_result(client):
    """The verdict "always gives the result as played": the arbiter may apply that instead."""
    record = misplayed_record("solo", "as-played", round_number=1)
    result = verdict_of(record)["result"]
    table, key, dispute = disputed(client, record)
    response = apply_as(client, key, dispute, "as_played")
    assert response.status_code == 302
    revision = current(table)
    assert revision.scores == result["scores"]
    assert "misplay" not in revision.data


def test_both_ways_are_compared_with_the_sheet(client):
    record = misplayed_record("rufspiel", "compare", round_number=1)
    result = verdict_of(record)["result"]
    _table, key, dispute = disputed(client, record)
    page = text(client.get(url("dispute", key, dispute)))
    name = FOUR[result["offender"]]
    assert f"Spielblock und Urteil Spielblock Fehlspiel von {name} (zahlt allein) wie gespielt" in (
        page
    )
    for seat, player in enumerate(FOUR):
        penalty, played = result["penalty_scores"][seat], result["scores"][seat]
        assert f"{player} +1 {signed(penalty)} {signed(played)}" in page or (
            f"{player} −1 {signed(penalty)} {signed(played)}" in page
        )
    assert f"Fehlspiel: – → {name}" in page  # what applying the default changes
    assert f"Übernehmen als Fehlspiel von {name} (zahlt allein) wie gespielt" in page


def test_a_rufspiel_on_the_declarers_own_sau_is_his_misplay(client):
    """The declarer who called a Sau he held has no partner (``illegal_contract``): as played
    the sheet has no partner to store, as a misplay he pays alone."""
    record = own_sau_rufspiel("own-sau", round_number=1)
    result = verdict_of(record)["result"]
    assert result["offender"] == record["contract"]["declarer"]
    table, key, dispute = disputed(client, record)
    page = text(client.get(url("dispute", key, dispute)))
    assert "wie gespielt: Partner: Bei einem Rufspiel bitte wählen" in page
    assert apply(client, key, dispute, base=1).status_code == 302
    assert current(table).scores == result["penalty_scores"]
    assert current(table).data["partner"] is None


def test_at_five_the_sitting_out_dealer_stays_at_zero(client):
    record = misplayed_record("rufspiel", "five", FIVE[1:], players=5, round_number=1)
    result = verdict_of(record)["result"]
    table, _key, dispute = disputed(client, record, names=FIVE)
    key = table.accesses.get(role="scorer").key
    assert apply(client, key, dispute, base=1).status_code == 302
    assert current(table).scores == [0, *result["penalty_scores"]]
    assert current(table).data["misplay"] == result["offender"] + 1


def test_a_table_that_scores_as_played_offers_no_choice(client):
    """Presets table: `kurzanleitung` has `misplay: as_played` — the verdict has no penalty
    and the apply form no choice."""
    table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    page = client.get(url("dispute", key, dispute)).content.decode()
    assert 'name="apply_as"' not in page or 'type="hidden" name="apply_as"' in page
    assert "Fehlspiel" not in text_of(page)
    assert apply(client, key, dispute, base=1).status_code == 302
    assert current(table).scores == verdict_of(REVOKE)["result"]["scores"]


def test_a_ramsch_with_an_offender_is_applied_as_played(client):
    """The sheet records no misplay in a Ramsch (scoring/pads/schafkopf/misplay.py: the rule
    speaks of "the offender's party" and "his partner's share"); the page says so."""
    rules = {"passed_deal": "ramsch"}
    record = misplayed_record("ramsch", "ramsch", rules=rules, round_number=1)
    result = verdict_of(record)["result"]
    assert result["offender"] is not None
    table, key = create_schafkopf(client, preset="turnier-1-15", **rules)
    play(client, key, 1, game("ramsch", ramsch={0: 30, 1: 30, 2: 30, 3: 30}))
    dispute = open_dispute(client, key, 1)
    assert paste(client, key, dispute, record).status_code == 302
    html = client.get(url("dispute", key, dispute)).content.decode()
    assert "der Spielblock kennt kein Fehlspiel im Ramsch" in text_of(html)
    assert 'type="radio" name="apply_as"' not in html
    assert apply(client, key, dispute, base=1).status_code == 302
    assert current(table).scores == result["scores"]


@pytest.mark.parametrize("language", ["de", "en"])
def test_a_choice_that_is_not_offered_is_refused(client, language):
    record = misplayed_record("wenz", "bogus", round_number=1)
    table, key, dispute = disputed(client, record)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = apply_as(client, key, dispute, "half")
    page = text(client.get(response.url))
    message = {
        "de": "Übernehmen als: keine der angebotenen Möglichkeiten.",
        "en": "Apply as: not one of the offered choices.",
    }[language]
    assert message in page
    assert current(table).number == 1


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_verdict_says_how_the_misplay_can_be_applied(client, language):
    record = misplayed_record("solo", "note", round_number=1)
    name = FOUR[verdict_of(record)["result"]["offender"]]
    _table, key, dispute = disputed(client, record)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    page = text(client.get(url("dispute", key, dispute)))
    expected = {
        "de": f"wertet ein Fehlspiel als verloren für den Verursacher ({name}), der allein "
        "zahlt. Beim Übernehmen wählst du das Fehlspiel",
        "en": f"scores a misplay as lost by the offender ({name}), who pays alone. When "
        "applying, choose the misplay",
    }[language]
    assert expected in page


# --- the pad's own path, over many engine games --------------------------------------------------
PROFILE_VARIANTS = {
    "turnier-1-15": {},
    "with Schwarz claimed": {"schwarz_must_be_claimed": True},
    "Schneider in the Rufspiel only, Laufende paid": {
        "schneider_scope": "rufspiel",
        "laufende_price": 1,
    },
}


@pytest.mark.parametrize("variant", PROFILE_VARIANTS)
def test_the_pads_misplay_equals_penalty_scores_over_many_games(variant):
    """The sheet's scores of a verdict applied as a misplay — through ``data_from_verdict``,
    the entry form's checks and ``round_from_form`` — equal the verdict's ``penalty_scores``,
    for every contract, offender and outcome the bots produce."""
    settings_ = PROFILE_VARIANTS[variant]
    profile = {**PROFILES["turnier-1-15"], **settings_}
    pad = get_pad("schafkopf")
    table = SimpleNamespace(profile=profile, player_names=list(FOUR), options={})
    row = SimpleNamespace(data={"dealer": 0, "sitting_out": None})
    summary = SimpleNamespace(players=list(FOUR), rows=[], row=lambda number: None)
    rng = random.Random(variant)
    checked = 0
    for n in range(40):
        contract = CONTRACTS[n % len(CONTRACTS)]
        record = misplayed_record(contract, f"{variant}:{n}", round_number=1)
        record["settings"] = dict(settings_)
        if settings_.get("schwarz_must_be_claimed"):
            record["schwarz_claimed"] = rng.random() < 0.5
        verdict = verdict_of(record)
        data = pad.data_from_verdict(table, row, record, verdict, apply_as="misplay")
        form = entry_form(pad, table, summary, data)
        assert form.is_valid(), (contract, form.errors)
        stored, complete, scores = pad.round_from_form(table, summary, form)
        assert complete and scores == verdict["result"]["penalty_scores"], (contract, n)
        assert played_game.scores(profile, stored, 4) == scores
        checked += 1
    assert checked == 40


def entry_form(pad, table, summary, data):
    """The pad's entry form filled with ``data`` as scoring.disputes.services.candidate does."""
    values = {**pad.initial_from(data), "base": 1, "submission": str(uuid.uuid4())}
    data = {**values, "author": "", "reason": ""}
    return pad.entry_form(table, summary, 1, data=data, initial=values)


def apply_as(client, key, dispute, choice):
    dispute.refresh_from_db()
    data = {
        "version": dispute.version,
        "base": 1,
        "submission": "0b0c5a57-0d1e-4b1e-9f51-3e4d3d0e5d12",
        "author": "Vera",
        "note": "",
        "apply_as": choice,
    }
    return client.post(url("dispute_apply", key, dispute), data)


def signed(value: int) -> str:
    return f"+{value}" if value > 0 else f"−{-value}" if value < 0 else "0"


def text_of(html: str) -> str:
    return text(SimpleNamespace(content=html.encode()))


def test_a_disputed_sie_applies_its_laufende_as_found(client):
    """A Sie the hand did not allow has fewer than 8 Laufende; the typed entry refuses that
    (a real Sie always has 8), but the verdict's value stands when applied over the sheet's."""
    record = misplayed_record("sie", "s25", round_number=1, rules={"laufende_price": 1})
    result = verdict_of(record)["result"]
    assert result["laufende"] < 8
    table, key, dispute = disputed(client, record, laufende_price=1)
    assert current(table).data["laufende"] == 8  # what the table typed: a Sie
    response = apply_as(client, key, dispute, "as_played")
    assert response.status_code == 302, text(client.get(response.url))[:1500]
    assert current(table).number == 2
    assert current(table).data["laufende"] == result["laufende"]
