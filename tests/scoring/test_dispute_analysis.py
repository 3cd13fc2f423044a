""" "Could we have won?" in a dispute's replay (docs/rules/records.md, "Analysis"): the record
of a Schafkopf deal with every hand is analysed by the task worker, kept per record, shown
with its progress, and then at the deal and at each card of the replay."""

import pytest
from django.core.management import call_command
from django.urls import reverse

from scoring import analyses
from scoring.models import Analysis
from scoring.rules.schafkopf import analysis as solver
from stichblock.ratelimit import reset_rate_limits

from .dispute_deals import REVOKE
from .dispute_helpers import open_dispute, paste, post_setup, simulated, tap_all, type_hands, url
from .helpers import text, viewer_key
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def fresh_limits():
    reset_rate_limits()
    yield
    reset_rate_limits()


def disputed_solo(client, seed="analysis:1"):
    table, key = create_schafkopf(client)
    record = simulated("schafkopf", seed, table.player_names, players=4, round_number=1)
    contract = record["contract"]
    declarer = contract["declarer"]
    if contract["type"] == "rufspiel":
        fields = game("rufspiel", declarer, (declarer + 2) % 4, called=contract["called"])
    else:
        fields = game(contract["type"], declarer, suit=contract.get("suit"))
    play(client, key, 1, {**fields, "outcome": "won"})
    dispute = open_dispute(client, key, 1)
    assert paste(client, key, dispute, record).status_code == 302
    return table, key, dispute, record


@pytest.fixture
def run_worker(monkeypatch):
    """The real worker command, once through the queue. It closes "old" database connections
    between tasks, which inside a test's transaction (PostgreSQL) would close the test's own:
    that one call is left out here."""
    monkeypatch.setattr(
        "django_tasks_db.management.commands.db_worker.close_old_connections", lambda: None
    )
    return lambda: call_command("db_worker", "--batch", "--no-startup-delay", verbosity=0)


def test_analyse_runs_in_the_worker_and_the_replay_shows_it(
    client, django_capture_on_commit_callbacks, run_worker
):
    _table, key, dispute, record = disputed_solo(client)
    replay = url("dispute_replay", key, dispute)
    assert "Analysieren" in text(client.get(replay))
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(url("dispute_analysis", key, dispute))
    assert started.status_code == 302
    analysis = Analysis.objects.get()
    assert analysis.status == Analysis.Status.QUEUED  # nothing ran inside the request
    assert "Die Analyse wartet auf den Rechner" in text(client.get(replay))

    run_worker()
    analysis.refresh_from_db()
    assert analysis.status == Analysis.Status.DONE
    assert analysis.positions_done == analysis.positions_total == 32
    expected = solver.analyse(record)
    assert analysis.document == expected
    deal = text(client.get(replay))
    party = " + ".join(record["players"][seat] for seat in expected["party"])
    verdict = "gewonnen" if expected["value"] >= 61 else "verloren"
    headline = f"Spielerpartei ({party}) {expected['value']} Augen: {verdict}"
    assert f"Mit perfektem Spiel bekommt die {headline}" in deal

    # At each trick, every card that gave Augen away is marked with the best card(s).
    worst = max(expected["positions"], key=lambda position: position["loss"])
    trick = text(client.get(replay + f"?step={worst['trick']}"))
    if worst["loss"]:
        assert f"{worst['played']} −{worst['loss']} Augen" in trick
        assert "am besten hier:" in trick
    else:
        assert "so gut wie jede Karte hier" in trick


def test_the_same_record_is_analysed_once(client, django_capture_on_commit_callbacks, run_worker):
    _table, key, dispute, record = disputed_solo(client)
    for _attempt in range(3):
        with django_capture_on_commit_callbacks(execute=True):
            client.post(url("dispute_analysis", key, dispute))
    assert Analysis.objects.count() == 1
    run_worker()
    assert analyses.find(record).status == Analysis.Status.DONE


def test_progress_shows_while_the_worker_runs(client):
    _table, key, dispute, record = disputed_solo(client)
    analysis, _created = analyses.request(record)
    Analysis.objects.filter(pk=analysis.pk).update(
        status=Analysis.Status.RUNNING, positions_done=8, positions_total=32
    )
    box = client.get(url("dispute_analysis_box", key, dispute))
    assert "Die Analyse läuft" in text(box) and "25 %" in text(box)
    assert 'hx-trigger="every 1s"' in box.content.decode()  # it refreshes itself


def test_an_invalid_deal_says_why_it_cannot_be_analysed(client):
    _table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    dispute = open_dispute(client, key, 1)
    setup = {"contract": "rufspiel", "declarer": "1", "called": "G"}
    assert post_setup(client, key, dispute, setup).status_code == 302
    assert type_hands(client, key, dispute, REVOKE["hands"]).status_code == 302
    tap_all(client, key, dispute, REVOKE["plays"])
    page = text(client.get(url("dispute_replay", key, dispute)))
    assert "Keine Analyse: die Aufzeichnung ist nicht regelgerecht (1 Verstöße" in page
    assert "Analysieren" not in page
    refused = client.post(url("dispute_analysis", key, dispute))
    assert "Keine Analyse" in text(client.get(refused.url))
    assert Analysis.objects.count() == 0


def test_a_link_can_start_only_so_many_analyses(
    client, settings, django_capture_on_commit_callbacks
):
    settings.RATELIMIT_ANALYSIS_LINK = "2/hour"
    _table, key, dispute, _record = disputed_solo(client, "analysis:2")
    started = []
    for seed in ("analysis:3", "analysis:4", "analysis:5"):
        other = simulated(
            "schafkopf", seed, ["Anna", "Ben", "Cem", "Dora"], players=4, round_number=1
        )
        paste(client, key, dispute, other)
        with django_capture_on_commit_callbacks(execute=True):
            response = client.post(url("dispute_analysis", key, dispute))
        started.append(Analysis.objects.count())
        if len(started) == 3:
            assert "genug Analysen" in text(client.get(response.url))
    assert started == [1, 2, 2]


def test_the_shared_replay_link_shows_a_finished_analysis_but_starts_none(
    client, django_capture_on_commit_callbacks, run_worker
):
    _table, key, dispute, _record = disputed_solo(client)
    shared = reverse("dispute_shared", args=[dispute.share_key])
    assert "Analysieren" not in text(client.get(shared))
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url("dispute_analysis", key, dispute))
    run_worker()
    page = text(client.get(shared))
    assert "Mit perfektem Spiel bekommt die Spielerpartei" in page


def test_marks_name_the_card_from_which_the_game_was_lost_and_the_best_cards():
    document = {
        "party": [0, 2],
        "value": 70,
        "positions": [
            {"trick": 3, "seat": 0, "played": "EA", "values": {"EA": 70, "GA": 70}, "best": 70,
             "loss": 0},
            {"trick": 3, "seat": 1, "played": "E7", "values": {"E7": 80, "EK": 70}, "best": 70,
             "loss": 10},
            {"trick": 3, "seat": 2, "played": "S7", "values": {"S7": 55, "SA": 80}, "best": 80,
             "loss": 25},
            {"trick": 4, "seat": 3, "played": "H7", "values": {"H7": 55}, "best": 55, "loss": 0},
        ],
    }  # fmt: skip
    names = ["Anna", "Ben", "Cem", "Dora"]
    shown = analyses.marks(document, names, 3)
    assert [(mark["name"], mark["loss"], mark["best_cards"]) for mark in shown] == [
        ("Anna", 0, ["EA", "GA"]),
        ("Ben", 10, ["EK"]),
        ("Cem", 25, ["SA"]),
    ]
    assert [mark["turn"] for mark in shown] == [None, None, "ab hier war das Spiel verloren"]
    assert analyses.summary(document, names) == {
        "party": "Anna + Cem",
        "value": 70,
        "won": True,
        "tout": False,
    }


def test_a_tout_is_won_only_with_all_the_augen():
    """A Tout needs every trick (docs/rules/schafkopf.md, "Result"): 61 Augen or 119 lose it."""
    document = {
        "party": [1],
        "value": 119,
        "positions": [
            {"trick": 8, "seat": 1, "played": "SA", "values": {"SA": 119, "SO": 120}, "best": 120,
             "loss": 1},
        ],
    }  # fmt: skip
    names = ["Anna", "Ben", "Cem", "Dora"]
    needed = analyses.augen_needed({"contract": {"type": "wenz_tout", "declarer": 1}})
    assert needed == 120
    assert analyses.summary(document, names, needed)["won"] is False
    assert analyses.summary({**document, "value": 120}, names, needed)["won"] is True
    shown = analyses.marks(document, names, 8, needed)
    assert shown[0]["turn"] == "ab hier war das Spiel verloren"
    # A Solo (no Tout) with the same Augen was won all along.
    assert analyses.augen_needed({"contract": {"type": "solo", "declarer": 1}}) == 61
    assert analyses.marks(document, names, 8)[0]["turn"] is None


def test_a_viewer_link_watches_but_cannot_start_an_analysis(client):
    table, _key, dispute, _record = disputed_solo(client)
    viewer = viewer_key(table)
    refused = client.post(reverse("dispute_analysis", args=[viewer, dispute.pk]))
    assert refused.status_code == 403
    assert "nur zum Ansehen" in text(refused)
    assert Analysis.objects.count() == 0
    for page in ("dispute_replay", "dispute"):
        shown = text(client.get(reverse(page, args=[viewer, dispute.pk])))
        assert "Analyse: War das Spiel zu gewinnen?" in shown
        assert "Analysieren" not in shown
    box = text(client.get(reverse("dispute_analysis_box", args=[viewer, dispute.pk])))
    assert "Analysieren" not in box


def test_the_dispute_page_offers_the_analysis_too(
    client, django_capture_on_commit_callbacks, run_worker
):
    _table, key, dispute, _record = disputed_solo(client)
    board = url("dispute", key, dispute)
    assert "Analysieren" in text(client.get(board))
    with django_capture_on_commit_callbacks(execute=True):
        started = client.post(url("dispute_analysis", key, dispute), {"from": "board"})
    assert started.url == board + "#analysis"
    assert "Die Analyse wartet auf den Rechner" in text(client.get(board))
    run_worker()
    assert "Mit perfektem Spiel bekommt die Spielerpartei" in text(client.get(board))


def test_no_analysis_on_the_dispute_page_without_the_hands(client):
    _table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    dispute = open_dispute(client, key, 1)
    tap_all(client, key, dispute, REVOKE["plays"])
    shown = text(client.get(url("dispute", key, dispute)))
    assert "Stich für Stich nachspielen" in shown
    assert "Analyse" not in shown


def test_the_replay_calls_a_tout_with_64_augen_lost(
    client, django_capture_on_commit_callbacks, run_worker
):
    # The bots' seed "tout:16" deals a Solo-Tout whose party gets 64 Augen with perfect play:
    # lost, as a Tout is won only with all 8 tricks (docs/rules/schafkopf.md, "Result").
    _table, key, dispute, record = disputed_solo(client, seed="tout:16")
    assert record["contract"]["type"] == "solo_tout"
    with django_capture_on_commit_callbacks(execute=True):
        client.post(url("dispute_analysis", key, dispute))
    run_worker()
    page = text(client.get(url("dispute_replay", key, dispute)))
    assert "(Anna) 64 Augen: verloren" in page
    assert "Ein Tout ist nur mit allen Stichen gewonnen" in page
