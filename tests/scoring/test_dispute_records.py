"""Disputes and `record/1`: what is tapped in is the record ``manage.py verify`` reads; pasting,
uploading and downloading; bad input named in the user's language with nothing typed lost.

records.md: "The web app lets a table attach a record to a disputed round, shows the
verdict, and replays the round trick by trick."
"""

import json
import re
from html import unescape

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.urls import reverse

from scoring.rules import records

from .dispute_deals import REVOKE, REVOKE_MESSAGE_DE, REVOKE_MESSAGE_EN
from .dispute_helpers import (
    downloaded,
    open_dispute,
    paste,
    post_setup,
    tap_all,
    type_hands,
    url,
    version,
)
from .helpers import text
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db


@pytest.fixture
def dispute_of_game_1(client):
    _table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    return key, open_dispute(client, key, 1)


def verify_file(path, lang="en") -> dict:
    """What ``manage.py verify FILE`` prints (it exits 1 for an invalid record)."""
    from io import StringIO

    out = StringIO()
    try:
        call_command("verify", str(path), "--lang", lang, stdout=out)
    except SystemExit as stop:
        assert stop.code == 1
    return json.loads(out.getvalue())


def test_record_tapped_in_is_the_record_verify_reads_with_the_same_verdict(
    client, dispute_of_game_1, tmp_path
):
    """records.md: "python manage.py verify FILE.json … prints the verdict as JSON"."""
    key, dispute = dispute_of_game_1
    assert post_setup(client, key, dispute, {"contract": "rufspiel", "declarer": "1",
                                             "called": "G"}).status_code == 302  # fmt: skip
    assert type_hands(client, key, dispute, REVOKE["hands"]).status_code == 302
    tap_all(client, key, dispute, REVOKE["plays"])

    record = downloaded(client, key, dispute)
    assert record == REVOKE
    path = tmp_path / "dispute.json"
    path.write_bytes(client.get(url("dispute_record", key, dispute)).content)
    on_command_line = verify_file(path, "de")
    assert on_command_line == downloaded(client, key, dispute, "dispute_verdict", lang="de")
    assert on_command_line == records.verify(REVOKE).to_json("de")
    assert on_command_line["violations"][0]["message"] == REVOKE_MESSAGE_DE
    page = text(client.get(url("dispute", key, dispute)))
    assert f"Stich 2 {REVOKE_MESSAGE_DE}" in page


def test_verdict_is_shown_in_the_users_language(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    paste(client, key, dispute, REVOKE)
    client.cookies["django_language"] = "en"
    page = text(client.get(url("dispute", key, dispute)))
    assert f"Trick 2 {REVOKE_MESSAGE_EN}" in page
    assert "1 rule broken" in page


def test_pasted_and_uploaded_records_are_taken_over_and_downloaded_unchanged(
    client, dispute_of_game_1
):
    key, dispute = dispute_of_game_1
    response = paste(client, key, dispute, json.dumps(REVOKE, indent=2))
    assert response.status_code == 302
    assert "Die Aufzeichnung ist übernommen." in text(client.get(response.url))
    assert downloaded(client, key, dispute) == REVOKE

    short = {**REVOKE, "plays": REVOKE["plays"][:9]}
    upload = SimpleUploadedFile("runde.json", json.dumps(short).encode(), "application/json")
    response = client.post(
        url("dispute_paste", key, dispute), {"version": version(dispute), "file": upload}
    )
    assert response.status_code == 302
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == REVOKE["plays"][:9]
    download = client.get(url("dispute_record", key, dispute))
    assert download["Content-Disposition"].startswith("attachment;")
    assert json.loads(download.content) == short


def test_replay_steps_forward_and_back_trick_by_trick(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    paste(client, key, dispute, REVOKE)
    replay = url("dispute_replay", key, dispute)
    deal = text(client.get(replay))
    assert "Ausgangslage" in deal and "Ausgeteilte Karten" in deal
    second = text(client.get(replay, {"step": 2}))
    assert "Stich 2 von 8" in second
    assert "Stich 2 · Cem spielt aus · Stich für Ben Cem E7 Dora G10 Anna EA Ben H10" in second
    assert REVOKE_MESSAGE_DE in second
    # Augen after two tricks: Cem took HU HO G8 SO (2 + 3 + 0 + 3), Ben trumped the Eichel
    # trick with H10 (0 + 10 + 11 + 10); Ben and Dora are the declaring party.
    assert "Nach Stich 2 Augen Ben + Dora 31 : 8 Gegner" in second
    assert "Anna 0 0 Ben 31 1 Cem 8 1 Dora 0 0" in second
    assert "Karten noch auf der Hand Anna E9 GO G7 HA HK H9 Ben EO GK SA" in second
    first = text(client.get(replay, {"step": 1}))
    assert "Stich 1 von 8" in first and "Anna 0 0 Ben 0 0 Cem 8 1 Dora 0 0" in first
    assert "Stich 8 von 8" in text(client.get(replay, {"step": 99}))


# --- bad input ----------------------------------------------------------------------------------
BAD_HANDS = [
    ["EA", "E9", "GO", "G7", "HA", "HK", "H9", "SO"],
    ["EA", "GK", "H10", "HU", "SA", "S10", "SK"],
    ["EK", "EU", "E8", "E7", "GU", "HO", "H8", "EX"],
    ["E10", "GA", "G10", "G9", "G8", "S9", "S8", "S7"],
]


@pytest.mark.parametrize(
    "lang, expected",
    [
        (
            "de",
            [
                "EA ist zweimal ausgeteilt: an Anna und an Ben.",
                "Ben: 7 Karten, eine Hand hat aber 8.",
                "Cem: EX ist keine Karte dieses Spiels.",
            ],
        ),
        (
            "en",
            [
                "EA is dealt twice: to Anna and to Ben.",
                "Ben: 7 cards, but a hand has 8.",
                "Cem: EX is not a card of this game.",
            ],
        ),
    ],
)
def test_typed_hands_name_each_bad_card_and_keep_what_was_typed(
    client, dispute_of_game_1, lang, expected
):
    key, dispute = dispute_of_game_1
    client.cookies["django_language"] = lang
    response = type_hands(client, key, dispute, BAD_HANDS)
    assert response.status_code == 422
    page = text(response)
    for message in expected:
        assert message in page
    html = response.content.decode()
    assert 'value="EK EU E8 E7 GU HO H8 EX"' in html
    dispute.refresh_from_db()
    assert dispute.draft["hands"] == [[], [], [], []]


def test_picking_a_card_already_in_another_hand_is_refused_by_name(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    hands_url = url("dispute_hands", key, dispute)
    client.post(hands_url, {"version": version(dispute), "seat": 0, "card": "EA"})
    response = client.post(hands_url, {"version": version(dispute), "seat": 1, "card": "EA"})
    assert "EA ist schon in der Hand von Anna" in text(client.get(response.url))
    with_htmx = client.post(
        hands_url, {"version": version(dispute), "seat": 1, "card": "EA"}, HTTP_HX_REQUEST="true"
    )
    assert with_htmx.status_code == 422
    assert "EA ist schon in der Hand von Anna" in text(with_htmx)
    dispute.refresh_from_db()
    assert dispute.draft["hands"] == [["EA"], [], [], []]


def test_the_last_hand_can_take_the_cards_left(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    type_hands(client, key, dispute, [*REVOKE["hands"][:3], []])
    page = text(client.get(url("dispute_hands", key, dispute), {"seat": 3}))
    assert "Die übrigen Karten bekommt Dora" in page
    client.post(url("dispute_hands", key, dispute), {"version": version(dispute), "seat": 3,
                                                      "fill": "1"})  # fmt: skip
    dispute.refresh_from_db()
    assert sorted(dispute.draft["hands"][3]) == sorted(REVOKE["hands"][3])


@pytest.mark.parametrize(
    "change, expected",
    [
        (lambda r: {**r, "players": ["Anna", "Ben", "Zoe", "Dora"]},
         "Zoe spielt hier nicht mit (Spieler: Anna, Ben, Cem, Dora)."),
        (lambda r: {**r, "players": ["Ben", "Anna", "Cem", "Dora"]},
         "Die Spieler müssen wie am Tisch in Sitzreihenfolge stehen: Anna, Ben, Cem, Dora."),
        (lambda r: {**r, "game": "schatzsuche"},
         "Das ist eine Aufzeichnung von Schatzsuche, an diesem Tisch wird aber Schafkopf "
         "gespielt."),
        (lambda r: {**r, "dealer": 2},
         "Geber: in der Aufzeichnung Cem, auf dem Spielblock Anna."),
        (lambda r: {**r, "hands": [r["hands"][0], ["EA", *r["hands"][1][1:]], *r["hands"][2:]]},
         "EA ist zweimal ausgeteilt: an Anna und an Ben."),
        (lambda r: {**r, "profile": "tarif-10-20-50"},
         "Die Regeln der Aufzeichnung weichen von denen dieses Tisches ab"),
        (lambda r: {**r, "contract": {"type": "rufspiel", "declarer": 1, "called": "H"}},
         "Die Aufzeichnung ist nicht lesbar: contract.called – muss E, G oder S sein (die "
         "Herz-Sau kann nicht gerufen werden)"),
    ],
)  # fmt: skip
def test_a_bad_pasted_record_is_named_and_stays_in_the_box(
    client, dispute_of_game_1, change, expected
):
    key, dispute = dispute_of_game_1
    body = json.dumps(change(REVOKE))
    response = paste(client, key, dispute, body)
    assert response.status_code == 422
    assert expected in text(response)
    assert json.loads(_textarea(response)) == change(REVOKE)
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == []


def test_unreadable_json_is_named_with_line_and_column_and_kept(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    body = '{"format": "record/1",\n "game": "schafkopf" "players": []}'
    response = paste(client, key, dispute, body)
    assert response.status_code == 422
    assert "Der Text ist kein lesbares JSON (Zeile 2, Spalte 22)." in text(response)
    assert _textarea(response) == body
    client.cookies["django_language"] = "en"
    english = paste(client, key, dispute, "[1, 2]")
    assert 'A record is one JSON object: { "format": "record/1", … }.' in unescape(text(english))


def _textarea(response) -> str:
    found = re.search(r"<textarea[^>]*>(.*?)</textarea>", response.content.decode(), re.S)
    return unescape(found.group(1)).strip("\n")


def test_download_before_the_deal_is_complete_says_why(client):
    _table, key = create_schafkopf(client)
    play(client, key, 1, {"contract": "thrown_in"})
    dispute = open_dispute(client, key, 1)
    response = client.get(url("dispute_record", key, dispute))
    assert response.status_code == 409
    assert "vervollständige zuerst die Ausgangslage" in response.content.decode()
    page = client.get(reverse("dispute", args=[key, dispute.pk]))
    assert "Zuerst die Ausgangslage vervollständigen: das gespielte Spiel." in text(page)


@pytest.mark.parametrize("depth", [33, 100_000])
def test_deeply_nested_text_is_refused_with_its_depth_and_kept(client, dispute_of_game_1, depth):
    """100,000 nested "[" (200 KB, under the form's size limit) made the parser recurse until
    a RecursionError; now it is a message like any unreadable text, and nothing is stored."""
    key, dispute = dispute_of_game_1
    body = "[" * depth + "]" * depth
    response = paste(client, key, dispute, body)
    assert response.status_code == 422
    assert (
        f"Der Text ist {depth} Ebenen tief verschachtelt; eine Aufzeichnung hat höchstens 32"
        in text(response)
    )
    dispute.refresh_from_db()
    assert dispute.draft["actions"] == []


def test_nesting_at_the_limit_is_read_and_judged_as_no_record(client, dispute_of_game_1):
    key, dispute = dispute_of_game_1
    response = paste(client, key, dispute, "[" * 32 + "]" * 32)
    assert response.status_code == 422
    assert "Eine Aufzeichnung ist ein JSON-Objekt" in text(response)


def test_a_deal_with_a_card_twice_is_judged_but_cannot_be_applied(client, dispute_of_game_1):
    """Its Augen need not add up to 120: the verdict names the card played twice and has no
    result, and applying it says why instead of failing."""
    from scoring.disputes.services import NotApplicable, candidate
    from scoring.rules.draws import make_rng

    key, dispute = dispute_of_game_1
    schafkopf = records.get_game("schafkopf")
    record = schafkopf.simulate(make_rng("dup:2"), records.profile_settings(schafkopf), players=4)
    record["players"] = dispute.draft["players"]
    record["plays"][5] = record["plays"][2]
    assert paste(client, key, dispute, record).status_code == 302
    dispute.refresh_from_db()
    page = text(client.get(reverse("dispute", args=[key, dispute.pk])))
    assert "spielte" in page and "schon in Stich" in page
    with pytest.raises(NotApplicable) as refused:
        candidate(dispute.table, dispute)
    assert "kein Blatt (eine Karte doppelt)" in str(refused.value)
