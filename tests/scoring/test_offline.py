"""The server's side of the offline scorepad (docs/scorepad.md, "Offline"): round_save answers
the phone's queue in JSON while forms keep their pages, the blank forms of the rounds ahead,
the service worker and the web app manifest."""

import io
import json
import re
import uuid

import pytest
from django.contrib.staticfiles import finders
from django.core.cache import cache
from django.templatetags.static import static
from django.test import Client
from django.urls import reverse
from PIL import Image

from scoring.models import Access, Revision
from scoring.pads import get_pad
from scoring.rendering import AHEAD_KEEP, AHEAD_STEP
from scoring.services import Author, lock_table
from tests.production.helpers import creation_data, games_with_pads

from .ahead_helpers import AheadAnswer, ahead, ahead_answer
from .helpers import create_schatzsuche, post_round, renderings, round_fields, text, viewer_key
from .schafkopf_helpers import create_schafkopf, game, play

pytestmark = pytest.mark.django_db

JSON = {"HTTP_ACCEPT": "application/json"}
# What Chromium sends with a form post: HTML first, anything else after.
BROWSER = {
    "HTTP_ACCEPT": "text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,"
    "image/webp,image/apng,*/*;q=0.8,application/signed-exchange;v=b3;q=0.7"
}


def queue_post(client, key, number, fields, *, base=0, submission=None, author="Anna"):
    """A post as static/js/offline.js sends a kept entry."""
    data = {"base": base, "submission": str(submission or uuid.uuid4()), "author": author}
    return client.post(reverse("round_save", args=[key, number]), {**data, **fields}, **JSON)


# --- round_save in JSON ------------------------------------------------------------------------
def test_a_kept_entry_is_stored_once_however_often_it_is_sent(client):
    table, key = create_schatzsuche(client)
    token = uuid.uuid4()
    first = queue_post(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), submission=token)
    assert first.status_code == 201
    assert first["Content-Type"] == "application/json"
    assert first.json() == {
        "saved": True,
        "created": True,
        "round": 1,
        "revision": 1,
        "complete": True,
        "message": "Runde 1 gespeichert.",
        "hints": [],
    }
    # The answer got lost on the way back: the phone sends the same entry again.
    again = queue_post(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), submission=token)
    assert again.status_code == 200
    assert again.json()["saved"] is True and again.json()["created"] is False
    assert Revision.objects.filter(round__table=table).count() == 1
    # The queue says "sent" itself: no flash message waits on the next page.
    assert "gespeichert." not in text(client.get(reverse("table", args=[key])))


def test_an_unchanged_entry_is_answered_as_saved_without_a_new_revision(client):
    table, key = create_schatzsuche(client)
    bids_only = queue_post(client, key, 1, round_fields([0, 1, 0]))  # round 1 stays open
    assert bids_only.status_code == 201 and bids_only.json()["complete"] is False
    response = queue_post(client, key, 1, round_fields([0, 1, 0]), base=1)
    assert response.status_code == 200
    assert response.json() | {"message": ""} == {
        "saved": True,
        "created": False,
        "round": 1,
        "revision": 1,
        "complete": False,
        "message": "",
        "hints": [],
    }
    assert response.json()["message"] == "Runde 1: Nichts geändert."
    assert Revision.objects.filter(round__table=table).count() == 1


def test_a_sent_entry_gets_the_doubts_a_saved_one_would(client):
    """Schafkopf asks after 0 Augen saved as not Schwarz; a kept entry hears it when sent."""
    _table, key = create_schafkopf(client)
    fields = game("rufspiel", 0, 2, called="E", augen=0)
    response = queue_post(client, key, 1, {k: v for k, v in fields.items() if k != "base"})
    assert response.status_code == 201
    assert response.json()["hints"][0].startswith("Spiel 1: 0 Augen, gespeichert als nicht")


def test_a_conflict_answers_409_with_the_newer_entry_and_stores_nothing(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Ben")
    # Nobody typed a name for it: "a phone", as the conflict page says (never a device id).
    other = post_round(Client(), key, 2, round_fields([0, 1, 1], [0, 1, 1]), author="")
    assert other.status_code == 302
    nameless = queue_post(client, key, 2, round_fields([1, 1, 0], [1, 1, 0]))
    assert nameless.json()["current"]["author"] == "einem Handy"
    response = queue_post(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), author="Anna")
    assert response.status_code == 409
    answer = response.json()
    assert answer["conflict"] is True and answer["round"] == 1 and answer["base"] == 1
    # Entered as new (base 0): it may have been the next game.
    assert answer["next"] == {"number": 3, "base": 0}
    # Ben's round 1 came from this very phone (its session): it says so (issue 28 §6).
    assert answer["this_phone"] is True
    assert answer["message"] == (
        "Nicht gespeichert: Runde 1 wurde inzwischen auf diesem Handy gespeichert, mit einem "
        "anderen Eintrag."
    )
    elsewhere = queue_post(Client(), key, 1, round_fields([1, 0, 0], [1, 0, 0])).json()
    assert elsewhere["this_phone"] is False
    assert elsewhere["message"] == (
        "Nicht gespeichert: Runde 1 wurde inzwischen auf einem anderen Handy geändert."
    )
    current = answer["current"]
    assert current["revision"] == 1 and current["author"] == "Ben"
    assert re.fullmatch(r"\d\d:\d\d", current["time"])
    assert ["Ansage von Ben", "1"] in current["values"]
    assert Revision.objects.filter(round__table=table).count() == 2  # rounds 1 and 2, once


def test_a_token_sent_again_with_other_content_is_a_conflict_not_saved(client):
    """Issue 22 §2: the same submission with another payload used to answer 200 "saved" and
    drop the new content."""
    table, key = create_schatzsuche(client)
    token = uuid.uuid4()
    first = queue_post(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), submission=token)
    assert first.status_code == 201
    changed = queue_post(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), submission=token)
    assert changed.status_code == 409
    answer = changed.json()
    assert answer["conflict"] is True and answer["round"] == 1
    # The stored entry, to show beside the phone's own.
    assert answer["current"]["revision"] == 1
    assert ["Ansage von Ben", "1"] in answer["current"]["values"]
    # It is stored already: saving it as the next round would store the same game twice.
    assert answer["next"] is None
    assert [r.data["bids"] for r in Revision.objects.filter(round__table=table)] == [[0, 1, 0]]


def test_a_token_belongs_to_one_table(client):
    """Issue 22 §2: a token stored for table A, sent for table B, used to answer "saved,
    created: false" and store nothing. Issue 28: sent for another round of table A it is the
    same entry, saved there (a way on after a conflict): "saved", never stored twice."""
    table, key = create_schatzsuche(client)
    other_table, other_key = create_schatzsuche(Client())
    token = uuid.uuid4()
    assert (
        queue_post(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), submission=token).status_code
        == 201
    )
    assert queue_post(client, key, 2, round_fields([0, 1, 1], [0, 1, 1])).status_code == 201
    again = queue_post(client, key, 3, round_fields([1, 1, 1]), submission=token)
    assert again.status_code == 200
    assert again.json()["created"] is False and again.json()["round"] == 1
    assert again.json()["message"] == "Runde 3 ist schon gespeichert, als Runde 1."
    response = queue_post(client, other_key, 1, round_fields([1, 1, 1]), submission=token)
    assert response.status_code == 422
    assert response.json()["message"] == (
        "Nicht gespeichert: Dieses Formular wurde schon einmal gesendet, für einen anderen "
        "Tisch. Prüfe deine Eingabe und speichere sie noch einmal."
    )
    assert Revision.objects.filter(round__table=table).count() == 2
    assert not Revision.objects.filter(round__table=other_table).exists()
    # As a form post the typed entry stays in the form, with a new token to save it with.
    page = post_round(client, other_key, 1, round_fields([1, 0, 0], [1, 0, 0]), submission=token)
    assert page.status_code == 422
    assert "Dieses Formular wurde schon einmal gesendet" in text(page)
    assert f'value="{token}"' not in page.content.decode()
    assert re.search(r'name="bid_0"[^>]*value="1"', page.content.decode())


def test_invalid_entries_answer_422_with_the_errors_by_field(client):
    table, key = create_schatzsuche(client)
    response = queue_post(client, key, 1, round_fields([3, 0, 0]))
    assert response.status_code == 422
    answer = response.json()
    assert answer["errors"]["bid_0"] == ["Ansage von Anna: höchstens 1."]
    assert answer["message"].startswith("Noch nicht gespeichert. Bitte prüfen:")
    assert "Ansage von Anna: höchstens 1." in answer["message"]
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_round_out_of_order_is_refused_with_422_and_its_reason(client):
    _table, key = create_schatzsuche(client)
    response = queue_post(client, key, 3, round_fields([0, 1, 2], [0, 1, 2]))
    assert response.status_code == 422
    message = "Runde 3 kann noch nicht eingetragen werden: Bitte zuerst Runde 1 abschließen."
    assert response.json() == {"errors": {"__all__": [message]}, "message": message}


def test_a_locked_table_answers_423_with_the_reason(client):
    table, key = create_schatzsuche(client)
    lock_table(table, Author(name="Organizer"))
    response = queue_post(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 423
    assert response.json()["locked"] is True
    assert "gesperrt" in response.json()["message"]
    assert not Revision.objects.filter(round__table=table).exists()


def test_a_viewer_link_is_refused_in_json_too(client):
    table, _key = create_schatzsuche(client)
    response = queue_post(client, viewer_key(table), 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 403
    assert not Revision.objects.filter(round__table=table).exists()


@pytest.mark.parametrize("headers", [{}, BROWSER, {"HTTP_ACCEPT": "*/*"}])
def test_form_posts_keep_their_pages(client, headers):
    """Without JavaScript (or from a browser's own form post) nothing changes: a redirect
    after saving, pages for conflicts and errors."""
    _table, key = create_schatzsuche(client)
    data = {"base": 0, "submission": str(uuid.uuid4()), "author": "Anna"}
    url = reverse("round_save", args=[key, 1])
    saved = client.post(url, {**data, **round_fields([0, 1, 0], [0, 1, 0])}, **headers)
    assert saved.status_code == 302 and saved.url.endswith("#round-1")
    data["submission"] = str(uuid.uuid4())
    conflict = client.post(url, {**data, **round_fields([0, 1, 0], [0, 1, 0])}, **headers)
    assert conflict.status_code == 409 and conflict["Content-Type"].startswith("text/html")
    invalid = client.post(
        reverse("round_save", args=[key, 2]), {**data, **round_fields([9, 0, 0])}, **headers
    )
    assert invalid.status_code == 422 and invalid["Content-Type"].startswith("text/html")


def test_entry_inputs_name_their_field_for_the_list_of_kept_entries(client):
    _table, key = create_schatzsuche(client)
    html = client.get(reverse("table", args=[key])).content.decode()
    assert 'name="bid_0"' in html and 'data-label="Ansage von Anna"' in html
    assert 'data-label="Stiche von Cem"' in html
    assert not re.search(r'type="hidden"[^>]*data-label', html)


# --- the rounds ahead ---------------------------------------------------------------------------
def test_the_rounds_ahead_are_blank_forms_without_tokens(client):
    _table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    answer = ahead_answer(client, key, 0)
    assert answer.numbers == list(range(1, 11))  # the game ends with round 10
    assert answer.last == 10
    round_3 = answer.round(3)
    assert reverse("round_save", args=[key, 3]) in round_3
    assert "Ansagen (0 bis 3)" in round_3 and "Runde 3 von 10 · 3 Karten je Spieler" in round_3
    # Who deals round 3 depends on the scores of round 2, which only the server will have.
    assert "hängt vom Punktestand nach Runde 2 ab" in round_3
    # The phone adds its own token, submission and name to every copy.
    html = answer.html
    assert "csrfmiddlewaretoken" not in html
    assert re.search(r'name="submission"(?![^>]*value=)', html)
    assert 'name="base" value="0"' in html
    assert 'data-label="Ansage von Anna"' in html


def test_the_sheet_page_holds_the_window_of_rounds_ahead_so_it_can_enter_them_offline_at_once(
    client,
):
    """A phone that loses the network a second after the page loaded still has the forms of
    the next rounds: they come with the page, not in a later fetch. It is the very window
    /ahead/ sends for that table (rendered once for both), so the page fetches none at load."""
    table, key = create_schafkopf(client)
    for number in range(1, 11):
        play(client, key, number, game("rufspiel", 0, 2, called="E", augen=70))
    html = client.get(reverse("table", args=[key])).content.decode()
    assert '<template id="rounds-ahead" data-after="8">' in html
    inline = AheadAnswer(html)
    fetched = ahead_answer(client, key, 8)
    assert inline.after == fetched.after == 8 and inline.count == fetched.count == AHEAD_KEEP
    assert inline.numbers == fetched.numbers == list(range(9, 9 + AHEAD_KEEP))
    assert inline.rules == fetched.rules
    assert [inline.round(n) for n in inline.numbers] == [fetched.round(n) for n in inline.numbers]
    # The page stays light: each distinct form once (Schafkopf: one per dealer).
    assert html.count("<template data-form=") == 4
    viewer_page = client.get(reverse("table", args=[viewer_key(table)])).content.decode()
    assert 'id="rounds-ahead"' not in viewer_page and "data-round=" not in viewer_page
    lock_table(table, Author(name="Organizer"))
    assert 'id="rounds-ahead"' not in client.get(reverse("table", args=[key])).content.decode()


def test_ahead_answers_the_window_that_holds_the_round_asked_after(client):
    """/ahead/?after=13 is the window after 8 (a multiple of AHEAD_STEP): any other number
    would be a rendering of its own for the same rounds."""
    _table, key = create_schatzsuche(client)
    asked = ahead_answer(client, key, 13)
    assert asked.after == 8 and asked.numbers == ahead_answer(client, key, 8).numbers


def test_a_round_ahead_depends_on_its_number_only_so_saves_keep_the_phones_copy(client):
    _table, key = create_schafkopf(client)
    first = ahead(client, key, 0)
    assert AheadAnswer(first.content.decode()).numbers == list(range(1, AHEAD_KEEP + 1))
    for number in (1, 2, 3):
        post_round(client, key, number, game("rufspiel", 1, 2, called="E", outcome="won"))
    assert ahead(client, key, 0, HTTP_IF_NONE_MATCH=first["ETag"]).status_code == 304
    later = ahead(client, key, AHEAD_STEP, HTTP_IF_NONE_MATCH=first["ETag"])
    assert later.status_code == 200
    assert AheadAnswer(later.content.decode()).numbers[0] == AHEAD_STEP + 1
    # The live fragment tells the phone the server's next round: it asks again when short.
    live = client.get(reverse("table_live", args=[key])).content.decode()
    assert 'data-next-round="4"' in live


def test_an_answer_ahead_is_rendered_once_for_every_phone_and_each_form_once_in_it(client):
    cache.clear()  # a fresh table's window is shared with other tests' tables of its kind
    table, key = create_schafkopf(client)
    other_phone = Client()
    with (
        renderings("scoring/_ahead.html") as answers,
        renderings("scoring/schafkopf/_entry.html") as forms,
    ):
        first = ahead_answer(client, key, 8)
        again = ahead_answer(other_phone, key, 8)
        english = ahead_answer(client, key, 8, HTTP_ACCEPT_LANGUAGE="en")
    assert len(answers) == 2  # German once, English once
    # Four players: one form per dealer, whatever the number of games.
    assert len(forms) == 8 and sorted(first.forms) == ["d0", "d1", "d2", "d3"]
    assert first.round(20) == again.round(20)
    dealer = (table.options["first_dealer"] + 20 - 1) % 4
    assert f"<dt>Geber</dt><dd>{table.player_names[dealer]}</dd>" in first.round(20)
    assert "Spiel 20 speichern" in first.round(20) and "Save Game 20" in english.round(20)
    # The window of 56 games costs a few forms, not 56.
    assert len(first.html) < 4 * len(first.forms["d0"][1]) + 300 * AHEAD_KEEP


def test_the_rounds_ahead_end_with_the_game(client):
    _table, key = create_schatzsuche(client)
    answer = ahead_answer(client, key, 8)
    assert answer.numbers == [9, 10] and answer.last == 10
    assert "Goldene Karte" in answer.round(10)  # round 10's announcements


def test_the_rounds_ahead_are_for_scorers_only_and_not_for_a_locked_table(client):
    table, key = create_schatzsuche(client)
    assert ahead(client, viewer_key(table), 1).status_code == 403
    unlocked = ahead(client, key, 1)
    lock_table(table, Author(name="Organizer"))
    response = ahead(client, key, 1, HTTP_IF_NONE_MATCH=unlocked["ETag"])
    assert response.status_code == 200 and AheadAnswer(response.content.decode()).numbers == []


def table_of(client, game: str, players: int, **fields):
    """A new table of ``game`` with its first ``players`` seats taken, made as a phone would."""
    data = creation_data(game)
    for seat in range(players, 10):
        data.pop(f"player_{seat}", None)
    if game == "stichwahl" and players == 2:
        data["two_player_variant"] = "on"
    data.update(fields)
    response = client.post(reverse("table_new", args=[game]), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    key = response.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table, key


SCHAFKOPF_RULES = [{}, {"passed_deal": "same_dealer"}, {"preset": "stammtisch"}]
EVERY_TABLE = [
    (game, players, fields)
    for game in games_with_pads()
    for players in get_pad(game).player_counts
    for fields in (SCHAFKOPF_RULES if game == "schafkopf" else [{}])
]


def ahead_start(client, key) -> str:
    """The key of the form of the server's next round, where a chain of forms ahead starts."""
    live = client.get(reverse("table_live", args=[key])).content.decode()
    found = re.search(r'data-ahead-form="([^"]*)"', live)
    return found.group(1) if found else ""


@pytest.mark.parametrize(("game", "players", "fields"), EVERY_TABLE)
def test_every_game_and_table_size_can_enter_a_whole_evening_offline(client, game, players, fields):
    """At least 40 games in a row (or all the game has left, when it ends by its own rules),
    each with its form and number, also where who deals follows the games typed before."""
    table, key = table_of(client, game, players, **fields)
    if "passed_deal" in fields:
        assert table.profile["passed_deal"] == fields["passed_deal"]
    answer = ahead_answer(client, key, 0)
    numbers = answer.numbers
    assert numbers == list(range(1, len(numbers) + 1)), (game, players)
    assert len(numbers) >= 44 or answer.last == numbers[-1], (game, players, len(numbers))
    start = ahead_start(client, key)
    for number in numbers:
        shown = answer.round(number, start=start)
        assert reverse("round_save", args=[key, number]) in shown, (game, number)
        assert str(answer.stand_in) not in shown


def test_where_a_thrown_in_deal_stays_the_phone_follows_the_dealer_through_the_games_it_keeps(
    client,
):
    """Five players, "a thrown-in deal stays with its dealer": who deals (and so sits out and
    is not offered in the form) follows from the games typed before; the forms say how."""
    table, key = table_of(client, "schafkopf", 5, passed_deal="same_dealer")
    names = table.player_names
    first = table.options["first_dealer"]
    answer = ahead_answer(client, key, 0)
    assert answer.chain == "contract" and all(answer.rounds[n][0] == "" for n in answer.numbers)
    assert ahead_start(client, key) == f"d{first}"
    # Game 1 thrown in, game 2 played: game 2 has game 1's dealer, game 3 the next one.
    typed = {1: "thrown_in", 2: "rufspiel"}
    for number, dealer in ((2, first), (3, (first + 1) % 5)):
        shown = answer.round(number, start=f"d{first}", typed=typed)
        assert f"<dt>Geber</dt><dd>{names[dealer]} (setzt dieses Spiel aus)</dd>" in shown
        offered = re.findall(r'name="declarer" value="(\d)"', shown)
        assert str(dealer) not in offered and len(offered) == 4, (number, offered)
    # The server agrees once the games are in.
    post_round(client, key, 1, game("thrown_in"))
    declarer, partner = (first + 1) % 5, (first + 2) % 5
    post_round(client, key, 2, game("rufspiel", declarer, partner, called="E", outcome="won"))
    assert ahead_start(client, key) == f"d{(first + 1) % 5}"


def test_a_tournament_table_offers_no_more_games_than_it_plays(client):
    table, key = table_of(client, "schafkopf", 4)
    table.options = {**table.options, "games_required": 3}
    table.save()
    answer = ahead_answer(client, key, 0)
    assert answer.numbers == [1, 2, 3] and answer.last == 3


# --- service worker, manifest, offline page ------------------------------------------------------
def test_the_service_worker_is_served_from_the_root_and_revalidated(client):
    response = client.get("/sw.js")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/javascript; charset=utf-8"
    assert response["Service-Worker-Allowed"] == "/"
    assert "no-cache" in response["Cache-Control"]
    assert "script-src 'self'" in response["Content-Security-Policy"]
    body = response.content.decode()
    config = json.loads(re.match(r"self\.STICHBLOCK = (\{.*?\});\n", body).group(1))
    for name in ("css/app.css", "js/htmx-2.0.11.min.js", "js/offline.js", "img/icon-192.png"):
        assert static(name) in config["static"], name
    assert static("js/sw.js") not in config["static"]
    assert config["outboxScript"] == static("js/outbox.js")
    assert config["home"] == "/" and config["tablePrefix"] == "/t/"
    assert 'addEventListener("fetch"' in body
    same = client.get("/sw.js", HTTP_IF_NONE_MATCH=response["ETag"])
    assert same.status_code == 304


def test_the_manifest_makes_the_app_installable(client):
    response = client.get(reverse("manifest"))
    assert response["Content-Type"] == "application/manifest+json"
    manifest = response.json()
    assert manifest["name"] == "Stichblock" and manifest["start_url"] == "/"
    assert manifest["display"] == "standalone" and manifest["theme_color"] == "#1f5f3f"
    assert manifest["lang"] == "de"
    sizes = {}
    for icon in manifest["icons"]:
        assert icon["type"] == "image/png"
        path = finders.find(icon["src"].removeprefix(static("")))
        with open(path, "rb") as file:
            image = Image.open(io.BytesIO(file.read()))
        assert image.format == "PNG"
        sizes[icon["sizes"]] = image.size
    assert sizes == {"192x192": (192, 192), "512x512": (512, 512)}


def test_every_page_links_the_manifest_the_scripts_and_its_words(client):
    html = client.get(reverse("home")).content.decode()
    assert f'<link rel="manifest" href="{reverse("manifest")}">' in html
    assert '<meta name="theme-color" content="#1f5f3f">' in html
    assert static("js/offline.js") in html and static("js/outbox.js") in html
    assert 'data-copy="network"' in html and 'data-sw="/sw.js"' in html
    words = json.loads(
        re.search(r'<script id="offline-texts" type="application/json">(.*?)</script>', html)[1]
    )
    assert words["pending"] == {
        "one": "%(count)s Eintrag wartet aufs Senden",
        "other": "%(count)s Einträge warten aufs Senden",
    }
    assert words["sent"] == "%(what)s gesendet"
    assert words["offlineNote"] == "Offline – letzter bekannter Stand von %(time)s"


def test_the_sheet_has_an_outbox_for_scorers_only(client):
    table, key = create_schatzsuche(client)
    scorer = client.get(reverse("table", args=[key])).content.decode()
    assert 'id="outbox"' in scorer and reverse("table_ahead", args=[key]) in scorer
    assert 'data-noun="Runde"' in scorer
    viewer = client.get(reverse("table", args=[viewer_key(table)])).content.decode()
    assert 'id="outbox"' not in viewer and "/ahead/" not in viewer


def test_the_offline_page_says_what_is_kept(client):
    response = client.get(reverse("offline_page"))
    assert response.status_code == 200
    assert "Keine Verbindung" in text(response)


def test_english_words_for_english_phones(client):
    client.cookies["django_language"] = "en"
    html = client.get(reverse("home")).content.decode()
    assert "%(count)s entries waiting to be sent" in html
    assert client.get(reverse("manifest")).json()["lang"] == "en"
