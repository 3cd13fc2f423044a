"""Issue 22 ("Trust"): deciding a dispute works the first time on the phone that tapped it,
a real conflict keeps what was typed, the organizer's arbiter is named, and the audit trail
names the rule an applied verdict found broken (docs/disputes.md)."""

import json
import re

import pytest
from django.urls import reverse

from scoring import hooks
from scoring.models import Dispute, Revision

from .dispute_deals import REVOKE, REVOKE_MESSAGE_DE, REVOKE_MESSAGE_EN
from .dispute_helpers import apply, open_dispute, paste, tap, undo, url, version
from .helpers import text
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db

REASON = "Die Karten wurden richtig gezählt"


@pytest.fixture
def sheet(client):
    table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    return table, key


def form_version(html: str, action: str) -> int:
    """The version a form of the page would post (the form whose action ends in ``action``)."""
    form = re.search(rf'action="[^"]*/{action}/[^"]*"[^>]*>(.*?)</form>', html, re.S).group(1)
    return int(re.search(r'name="version" value="(\d+)"', form).group(1))


def swapped_in_version(html: str, current: int) -> int:
    """What htmx does with a tap's answer outside the board: a version sent to replace the
    page's decision form's version ("out of band"), else the page keeps the one it had."""
    for tag in re.findall(r"<input[^>]*hx-swap-oob[^>]*>", html):
        if 'name="version"' in tag:
            return int(re.search(r'value="(\d+)"', tag).group(1))
    return current


def htmx_act(client, key, dispute, **data):
    answer = client.post(
        url("dispute_act", key, dispute),
        {"version": version(dispute), **data},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200, text(answer)[:500]
    return answer.content.decode()


def test_the_entry_stands_the_first_time_after_taps_and_undos_on_the_same_phone(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    page = client.get(url("dispute", key, dispute)).content.decode()
    decision = form_version(page, "keep")
    for card in REVOKE["plays"][:4]:
        decision = swapped_in_version(htmx_act(client, key, dispute, action=card), decision)
    for _step in range(2):
        decision = swapped_in_version(htmx_act(client, key, dispute, undo="1"), decision)
    answer = htmx_act(client, key, dispute, action=REVOKE["plays"][2])
    decision = swapped_in_version(answer, decision)

    decided = client.post(url("dispute_keep", key, dispute), {"version": decision, "note": REASON})
    assert decided.status_code == 302
    shown = text(client.get(decided.url))
    assert "Entschieden: Der Eintrag im Block bleibt." in shown
    assert f"Grund: {REASON}" in shown
    assert "auf einem anderen Handy" not in shown


def test_a_decision_on_a_board_another_phone_changed_keeps_the_typed_reason(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    seen = form_version(client.get(url("dispute", key, dispute)).content.decode(), "keep")
    assert tap(client, key, dispute, "HU").status_code == 302  # the other phone

    refused = client.post(url("dispute_keep", key, dispute), {"version": seen, "note": REASON})
    assert refused.status_code == 409
    assert "Noch nicht entschieden: Dieser Streitfall wurde seit dem Laden" in text(refused)
    html = refused.content.decode()
    assert f'value="{REASON}"' in html
    assert "Stich 1: Cem gibt zu." in text(refused)  # the board as the other phone left it
    assert not Dispute.objects.get(pk=dispute.pk).is_applied

    again = {"version": form_version(html, "keep"), "note": REASON}
    decided = client.post(url("dispute_keep", key, dispute), again)
    assert decided.status_code == 302
    assert "Entschieden: Der Eintrag im Block bleibt." in text(client.get(decided.url))


def test_applying_on_a_board_another_phone_changed_keeps_the_note(client, sheet):
    table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    seen = version(dispute)
    # The other phone takes the last card back and taps it again: the same record.
    undo(client, key, dispute)
    tap(client, key, dispute, REVOKE["plays"][-1])
    data = {
        "version": seen,
        "base": 1,
        "submission": "0b0c5a57-0d1e-4b1e-9f51-3e4d3d0e5d11",
        "author": "Vera",
        "note": "Dora hat nicht bedient",
    }
    refused = client.post(url("dispute_apply", key, dispute), data)
    assert refused.status_code == 409
    assert "Noch nicht übernommen: Dieser Streitfall wurde seit dem Laden" in text(refused)
    html = refused.content.decode()
    assert 'value="Dora hat nicht bedient"' in html
    assert Revision.objects.filter(round__table=table).count() == 1

    applied = client.post(
        url("dispute_apply", key, dispute), {**data, "version": form_version(html, "apply")}
    )
    assert applied.status_code == 302
    current = Revision.objects.get(round__table=table, is_current=True)
    assert (current.source, current.reason) == ("dispute", "dispute: Dora hat nicht bedient")


def test_the_audit_trail_names_the_rule_the_applied_verdict_found_broken(client, sheet):
    _table, key = sheet
    dispute = open_dispute(client, key, 1)
    paste(client, key, dispute, REVOKE)
    assert apply(client, key, dispute, base=1).status_code == 302
    audit = text(client.get(reverse("audit", args=[key])))
    assert "Streitfall übernommen · Spiel 1 · Vera" in audit
    assert f"Urteil: Stich 2: {REVOKE_MESSAGE_DE}" in audit
    client.cookies["django_language"] = "en"
    assert f"Verdict: Trick 2: {REVOKE_MESSAGE_EN}" in text(
        client.get(reverse("audit", args=[key]))
    )


@pytest.fixture
def organizer(client, django_user_model, sheet):
    """A logged-in organizer of the sheet's table (a second client: the table's link stays
    the scorer's)."""
    table, _key = sheet
    user = django_user_model.objects.create_user("orga", password="x")

    def organizes(request, candidate):
        return request.user == user and candidate.pk == table.pk

    hooks.register_table_authority(organizes)
    organizer_client = client.__class__()
    organizer_client.force_login(user)
    yield organizer_client
    hooks.TABLE_AUTHORITIES.remove(organizes)


def test_the_arbiter_an_organizer_names_is_kept_in_the_audit_trail(client, sheet, organizer):
    table, key = sheet
    opened = organizer.post(
        reverse("dispute_round_org", args=[table.pk, 1]), {"note": "", "author": "Sepp"}
    )
    assert opened.status_code == 302
    dispute = Dispute.objects.get(table=table)
    organizer.post(
        reverse("dispute_paste_org", args=[table.pk, dispute.pk]),
        {"version": version(dispute), "text": json.dumps(REVOKE)},
    )
    applied = organizer.post(
        reverse("dispute_apply_org", args=[table.pk, dispute.pk]),
        {
            "version": version(dispute),
            "base": 1,
            "submission": "5f0e2f4e-1c1d-4e61-9d44-2a9c5f3d9a01",
            "author": "Sepp",
            "note": "",
        },
    )
    assert applied.status_code == 302
    audit = text(client.get(reverse("audit", args=[key])))
    assert "Streitfall eröffnet · Spiel 1 · orga (Turnierleitung), Schiedsrichter Sepp" in audit
    assert "Streitfall übernommen · Spiel 1 · orga (Turnierleitung), Schiedsrichter Sepp" in audit
