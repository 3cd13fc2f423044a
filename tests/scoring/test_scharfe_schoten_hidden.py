"""Hidden predictions (a Scharfe Schoten table option): every player enters his own two
colours on his own phone, and nobody sees any prediction before all are in.

Rules: "Predictions: every player picks two **different** colours … Predictions are revealed
simultaneously."
"""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Revision, Round, Table
from scoring.pads.scharfe_schoten import predictions as predictions_module

from .helpers import post_round, viewer_key
from .scharfe_schoten_helpers import create_table, current, page_text, round_fields

pytestmark = pytest.mark.django_db

PLAYERS = ("Anna", "Ben", "Cem", "Dora")
COLLECTED = ["R6 G2", "R1 G2 Y1 B6", "R2 G3", "R3 G5 Y11 B6"]


def page_url(key):
    return reverse("pad_page", args=[key, "prediction"])


def phone_of(key, seat) -> Client:
    """A phone with the scorer link that has said who it belongs to."""
    phone = Client()
    response = phone.post(page_url(key), {"action": "identify", "seat": seat})
    assert response.status_code == 302
    return phone


def predict(phone, key, most, fewest, *, number=1, submission=None):
    return phone.post(
        page_url(key),
        {
            "action": "predict",
            "round": number,
            "submission": str(submission or uuid.uuid4()),
            "most": most,
            "fewest": fewest,
        },
    )


def hidden_table(client, title="Abend"):
    table, key = create_table(client, hidden=True)
    table.title = title
    table.save(update_fields=["title"])
    return table, key


def test_the_sheet_has_no_prediction_fields_but_a_link_and_the_count(client):
    _table, key = hidden_table(client)
    response = client.get(reverse("table", args=[key]))
    html = response.content.decode()
    assert 'name="most_0"' not in html and 'name="fewest_0"' not in html
    assert page_url(key) in html
    page = page_text(response)
    assert "Ansagen 0 von 4 abgegeben, verdeckt, bis alle da sind" in page
    assert "Meine Ansage abgeben" in page


def test_a_phone_says_who_it_is_once_and_enters_its_prediction(client):
    table, key = hidden_table(client)
    phone = Client()
    ask = page_text(phone.get(page_url(key)))
    assert "Wer bist du? Dieses Handy merkt es sich." in ask
    phone.post(page_url(key), {"action": "identify", "seat": 1})
    page = page_text(phone.get(page_url(key)))
    assert "Dieses Handy gehört Ben" in page
    assert "0 von 4 Ansagen abgegeben" in page

    response = predict(phone, key, "B", "G")
    assert response.status_code == 302
    page = page_text(phone.get(page_url(key)))
    assert "Deine Ansage ist gespeichert." in page
    assert "1 von 4 Ansagen abgegeben" in page
    assert "Deine Ansage ist abgegeben: ↑ Schwarz , ↓ Grün ." in page
    revision = current(table, 1)
    assert revision.data["predictions"] == [None, {"most": "B", "fewest": "G"}, None, None]
    assert revision.author == "Ben" and not revision.complete
    # Another phone of the same table has not said who it is: it is asked again.
    assert "Wer bist du?" in page_text(Client().get(page_url(key)))


def other_phone_pages(key, viewer, other) -> dict[str, str]:
    """Everything another phone or the viewer link can load while predictions come in."""
    live = reverse("table_live", args=[key]) + "?round=1&base=0"
    status = page_url(key) + "?part=status&round=1"
    return {
        "sheet": other.get(reverse("table", args=[key])).content.decode(),
        "live": other.get(live, HTTP_HX_REQUEST="true").content.decode(),
        "round": other.get(reverse("round", args=[key, 1])).content.decode(),
        "audit": other.get(reverse("audit", args=[key])).content.decode(),
        "audit_csv": other.get(reverse("audit", args=[key]) + "?format=csv").content.decode(),
        "prediction_page": other.get(page_url(key)).content.decode(),
        "status": other.get(status, HTTP_HX_REQUEST="true").content.decode(),
        "viewer_sheet": other.get(reverse("table", args=[viewer])).content.decode(),
        "viewer_live": other.get(
            reverse("table_live", args=[viewer]), HTTP_HX_REQUEST="true"
        ).content.decode(),
        "viewer_round": other.get(reverse("round", args=[viewer, 1])).content.decode(),
        "viewer_prediction_page": other.get(page_url(viewer)).content.decode(),
    }


def normalized(html: str, table) -> str:
    """The page with what differs between two tables anyway (keys, tokens, times) masked."""
    for access in table.accesses.all():
        html = html.replace(access.key, f"<{access.role}>")
    html = re.sub(r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", "<uuid>", html)
    html = re.sub(r'name="csrfmiddlewaretoken" value="[^"]+"', "<csrf>", html)
    html = re.sub(r"\d{4}-\d\d-\d\dT[\d:.+]+", "<iso>", html)
    html = re.sub(r"\d{1,2}:\d\d", "<time>", html)
    html = re.sub(r"\d{1,2}\.\d{1,2}\.\d{4}|\d+\. \w+\.?", "<date>", html)
    return html


def test_hidden_predictions_do_not_leak_anywhere_until_all_are_in(client):
    """Two tables where Anna, Ben and Cem predict different colours: every page another
    phone or the viewer can load is the same (keys and times aside), so nothing in the
    HTML, the live fragment, the history or the audit depends on a hidden prediction."""
    anna, ben, cem, other = Client(), Client(), Client(), Client()
    tables = []
    for choices in (["RY", "BG", "GB"], ["GB", "YR", "RG"]):
        table, key = hidden_table(client)
        for phone, seat, (most, fewest) in zip((anna, ben, cem), (0, 1, 2), choices, strict=True):
            phone.post(page_url(key), {"action": "identify", "seat": seat})
            assert predict(phone, key, most, fewest).status_code == 302
        other.post(page_url(key), {"action": "identify", "seat": 3})
        tables.append((table, key, viewer_key(table)))

    pages = [other_phone_pages(key, viewer, other) for _table, key, viewer in tables]
    for name in pages[0]:
        first = normalized(pages[0][name], tables[0][0])
        second = normalized(pages[1][name], tables[1][0])
        assert first == second, f"{name} shows something of a hidden prediction"
    assert "3 von 4" in page_text_of(pages[0]["status"])
    assert "Anna ✓ abgegeben" in page_text_of(pages[0]["status"])
    assert "Ansage von Ben: – → abgegeben (verdeckt, bis alle da sind)" in page_text_of(
        pages[0]["round"]
    )

    # Dora's prediction completes both tables: now the pages differ, by the predictions.
    for _table, key, _viewer in tables:
        assert predict(other, key, "Y", "R").status_code == 302
    revealed = [other_phone_pages(key, viewer, other) for _table, key, viewer in tables]
    for name in ("sheet", "live", "round", "prediction_page", "viewer_sheet", "viewer_live"):
        first = normalized(revealed[0][name], tables[0][0])
        second = normalized(revealed[1][name], tables[1][0])
        assert first != second, f"{name} does not show the revealed predictions"


def page_text_of(html: str) -> str:
    import html as html_module

    return html_module.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip())


def test_all_predictions_in_reveal_them_for_everybody(client):
    table, key = hidden_table(client)
    phones = [phone_of(key, seat) for seat in range(4)]
    for phone, (most, fewest) in zip(phones, ["RY", "BG", "RY", "YR"], strict=True):
        predict(phone, key, most, fewest)
    viewer = viewer_key(table)
    sheet = page_text(Client().get(reverse("table", args=[viewer])))
    assert "Ansagen alle da und im Block aufgedeckt" in sheet
    assert "↑ meiste Sw Schwarz ↓ wenigste Gr Grün" in sheet  # Ben's in the grid
    page = page_text(phones[0].get(page_url(key)))
    assert "Alle Ansagen sind da:" in page
    assert "Spieler ↑ meiste ↓ wenigste Anna Rot Gelb Ben Schwarz Grün Cem Rot Gelb" in page
    assert "Deine Ansage ist abgegeben" not in page
    assert 'name="most"' not in phones[0].get(page_url(key)).content.decode()
    # The history now shows who predicted what, revision by revision.
    history = page_text(client.get(reverse("round", args=[key, 1])))
    assert "Ansage von Ben: – → meiste Schwarz, wenigste Grün" in history
    assert [r.author for r in Revision.objects.filter(round__table=table).order_by("number")] == [
        "Anna",
        "Ben",
        "Cem",
        "Dora",
    ]


def test_after_the_reveal_the_scorer_enters_the_cards_and_the_round_is_scored(client):
    table, key = hidden_table(client)
    # This phone's form was loaded while the predictions were hidden (no prediction fields).
    stale_form = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="most_0"' not in stale_form
    for seat, prediction in enumerate(["RY", "BG", "RY", "YR"]):
        predict(phone_of(key, seat), key, prediction[0], prediction[1])
    # Posted as that form would post it: no prediction fields; they are kept, not cleared.
    response = post_round(client, key, 1, round_fields(collected=COLLECTED), base=4)
    assert response.status_code == 302, page_text(response)[:1500]
    revision = current(table, 1)
    assert revision.complete and revision.scores == [14, 5, 3, 18]
    assert revision.data["predictions"][3] == {"most": "Y", "fewest": "R"}
    fresh = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="most_0"' not in fresh  # round 2: hidden again
    assert "Runde 2 von 4" in page_text(client.get(reverse("table", args=[key])))


def test_a_revealed_round_is_corrected_like_any_other(client):
    table, key = hidden_table(client)
    for seat, prediction in enumerate(["RY", "BG", "RY", "YR"]):
        predict(phone_of(key, seat), key, prediction[0], prediction[1])
    post_round(client, key, 1, round_fields(collected=COLLECTED), base=4)
    form = client.get(reverse("round", args=[key, 1])).content.decode()
    assert '<option value="B" selected>' in form.split('name="most_1"')[1].split("</select>")[0]
    fixed = post_round(
        client,
        key,
        1,
        round_fields(["RY", "BG", "RY", "YG"], COLLECTED),
        base=5,
        reason="Dora hat sich verlesen",
    )
    assert fixed.status_code == 302
    # Dora: yellow still strictly most (5), green not fewest (0): 5 instead of 18.
    assert current(table, 1).scores == [14, 5, 3, 5]
    assert "Dora hat sich verlesen" in page_text(client.get(reverse("round", args=[key, 1])))


def test_cards_cannot_be_saved_before_all_predictions_are_in(client):
    table, key = hidden_table(client)
    predict(phone_of(key, 0), key, "R", "Y")
    response = post_round(client, key, 1, round_fields(collected=COLLECTED), base=1)
    assert response.status_code == 422
    assert (
        "Gesammelte Karten: Sie können gespeichert werden, sobald alle Ansagen da sind "
        "(bisher 1 von 4)." in page_text(response)
    )
    assert current(table, 1).number == 1


def test_the_scorer_may_save_number_cards_while_predictions_come_in(client):
    table, key = hidden_table(client)
    predict(phone_of(key, 0), key, "R", "Y")
    numbers = {"R": 2, "G": 10, "Y": 1, "B": 9}
    response = post_round(client, key, 1, round_fields(numbers=numbers), base=1)
    assert response.status_code == 302
    data = current(table, 1).data
    assert data["numbers"] == numbers
    assert data["predictions"][0] == {"most": "R", "fewest": "Y"}  # kept from the phone
    page = page_text(phone_of(key, 1).get(page_url(key)))
    assert "Grün 10 > Schwarz 9 > Rot 2 > Gelb 1" in page


def test_a_player_may_change_his_prediction_until_all_are_in(client):
    table, key = hidden_table(client)
    anna = phone_of(key, 0)
    predict(anna, key, "R", "Y")
    predict(anna, key, "G", "B")
    assert current(table, 1).data["predictions"][0] == {"most": "G", "fewest": "B"}
    assert Revision.objects.filter(round__table=table).count() == 2
    assert "Deine Ansage ist abgegeben: ↑ Grün , ↓ Schwarz ." in page_text(anna.get(page_url(key)))
    # Another phone claiming to be Anna learns that hers is in, not what it is.
    claimed = page_text(phone_of(key, 0).get(page_url(key)))
    assert "Deine Ansage ist abgegeben (auf einem anderen Handy)." in claimed
    assert "Grün ," not in claimed


def test_once_revealed_a_prediction_is_no_longer_changed_on_the_phone(client):
    table, key = hidden_table(client)
    phones = [phone_of(key, seat) for seat in range(4)]
    for phone, prediction in zip(phones, ["RY", "BG", "RY", "YR"], strict=True):
        predict(phone, key, prediction[0], prediction[1])
    late = predict(phones[0], key, "G", "B")
    assert "Alle Ansagen waren schon da und aufgedeckt" in page_text(phones[0].get(late.url))
    assert current(table, 1).data["predictions"][0] == {"most": "R", "fewest": "Y"}
    assert Revision.objects.filter(round__table=table).count() == 4


def test_a_prediction_needs_two_different_colours_on_the_phone(client):
    """Rules: "every player picks two **different** colours"."""
    table, key = hidden_table(client)
    cem = phone_of(key, 2)
    response = predict(cem, key, "R", "R")
    assert response.status_code == 422
    assert (
        "Cem: „meiste“ und „wenigste“ müssen zwei verschiedene Farben sein (beide sind Rot)."
        in page_text(response)
    )
    cem.cookies["django_language"] = "en"
    response = predict(cem, key, "R", "R")
    assert "Cem: “most” and “fewest” must be two different colours (both are red)." in (
        page_text(response)
    )
    missing = predict(cem, key, "R", "")
    assert "Fewest: please choose a colour." in page_text(missing)
    assert not Round.objects.filter(table=table).exists()


def test_the_viewer_link_cannot_enter_predictions(client):
    table, _key = hidden_table(client)
    viewer = viewer_key(table)
    watcher = Client()
    page = watcher.get(page_url(viewer))
    assert page.status_code == 200
    assert "Dieser Link kann nur zusehen" in page_text(page)
    assert 'name="most"' not in page.content.decode()
    assert watcher.post(page_url(viewer), {"action": "identify", "seat": 0}).status_code == 403
    assert predict(watcher, viewer, "R", "Y").status_code == 403
    assert not Round.objects.filter(table=table).exists()


def test_a_double_tap_saves_one_prediction(client):
    table, key = hidden_table(client)
    anna = phone_of(key, 0)
    submission = uuid.uuid4()
    predict(anna, key, "R", "Y", submission=submission)
    second = predict(anna, key, "R", "Y", submission=submission)
    assert second.status_code == 302
    assert Revision.objects.filter(round__table=table).count() == 1


def test_two_phones_saving_at_the_same_moment_both_keep_their_prediction(client, monkeypatch):
    """Ben's phone saves between Anna's reading the round and her saving it: her save meets
    a conflict and is applied again to the newer revision, so both predictions stay."""
    table, key = hidden_table(client)
    ben_first = {"done": False}
    real_save_round = predictions_module.save_round

    def racing_save_round(table_, number, **kwargs):
        if not ben_first["done"]:
            ben_first["done"] = True
            real_save_round(
                table_,
                number,
                data={
                    **kwargs["data"],
                    "predictions": [None, {"most": "B", "fewest": "G"}, None, None],
                },
                scores=None,
                complete=False,
                base=kwargs["base"],
                submission=uuid.uuid4(),
                author=predictions_module.Author(name="Ben"),
            )
        return real_save_round(table_, number, **kwargs)

    monkeypatch.setattr(predictions_module, "save_round", racing_save_round)
    assert predict(phone_of(key, 0), key, "R", "Y").status_code == 302
    predictions = current(table, 1).data["predictions"]
    assert predictions[:2] == [{"most": "R", "fewest": "Y"}, {"most": "B", "fewest": "G"}]
    assert Revision.objects.filter(round__table=table).count() == 2


def test_a_prediction_for_a_round_that_is_over_is_refused(client):
    table, key = hidden_table(client)
    phones = [phone_of(key, seat) for seat in range(4)]
    for phone, prediction in zip(phones, ["RY", "BG", "RY", "YR"], strict=True):
        predict(phone, key, prediction[0], prediction[1])
    post_round(client, key, 1, round_fields(collected=COLLECTED), base=4)
    late = predict(phones[0], key, "G", "B", number=1)
    assert "Runde 1 nimmt keine Ansagen mehr an" in page_text(phones[0].get(late.url))
    assert not Round.objects.filter(table=table, number=2).exists()


def test_the_status_part_answers_304_until_something_changes(client):
    _table, key = hidden_table(client)
    anna = phone_of(key, 0)
    url = page_url(key) + "?part=status&round=1"
    first = anna.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200 and "0 von 4" in page_text(first)
    etag = first["ETag"]
    assert anna.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    predict(phone_of(key, 1), key, "B", "G")
    changed = anna.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and "1 von 4" in page_text(changed)


def test_the_status_hears_of_each_prediction_on_the_tables_stream(client):
    """No polling: the page holds the table's event stream, every prediction bumps the
    table's version (announced on it), and the status fetched then names the new version."""
    table, key = hidden_table(client)
    anna = phone_of(key, 0)
    version = Table.objects.get(pk=table.pk).version
    page = anna.get(page_url(key)).content.decode()
    events = reverse("table_events", args=[key])
    assert f'sse-connect="{events}?since={version}"' in page
    assert 'hx-trigger="sse:version, live:refresh"' in page and "every 3s" not in page
    predict(phone_of(key, 1), key, "B", "G")
    assert Table.objects.get(pk=table.pk).version == version + 1
    status = anna.get(page_url(key) + "?part=status&round=1", HTTP_HX_REQUEST="true")
    assert f'data-live-version="{version + 1}"' in status.content.decode()
    assert "1 von 4" in page_text(status)


def test_the_page_exists_only_for_tables_with_hidden_predictions(client):
    _table, key = create_table(client)
    assert client.get(page_url(key)).status_code == 404
