"""Scorepad core: links and permissions, corrections, conflicts, double submits, live updates."""

import re
import uuid

import pytest
from django.test import Client
from django.urls import reverse

from scoring.models import Access, Revision, Round, Table

from .helpers import create_schatzsuche, post_round, renderings, round_fields, text, viewer_key

pytestmark = pytest.mark.django_db


# --- creating ------------------------------------------------
def test_home_offers_the_games_and_remembers_my_tables(client):
    page = text(client.get(reverse("home")))
    assert "Schatzsuche" in page and "Schafkopf" in page
    _table, key = create_schatzsuche(client)
    home = client.get(reverse("home"))
    assert reverse("table", args=[key]) in home.content.decode()


def test_creating_needs_three_different_names(client):
    response = client.post(
        reverse("table_new", args=["schatzsuche"]),
        {
            "player_0": "Anna",
            "player_1": "anna",
            "player_2": "",
            "first_dealer": 0,
            "dealer_tie": "fewest",
            "dealer_by": "total",
            "golden_both": "160",
        },
    )
    assert response.status_code == 422
    page = text(response)
    assert "Spieler 2: Der Name „anna“ ist schon von Spieler 1 vergeben." in page
    assert "Spieler 3: Bitte einen Namen eingeben (dieses Spiel braucht 3 Spieler)." in page
    # What was typed is still in the form.
    assert 'value="Anna"' in response.content.decode()


def test_a_double_tap_on_start_makes_one_table(client):
    """Without JavaScript nothing stops a second post of the creation form: its one-time
    token does, and both taps end on the same table."""
    form = client.get(reverse("table_new", args=["stichwahl"])).content.decode()
    token = re.search(r'name="submission" value="([0-9a-f-]+)"', form).group(1)
    data = {"player_0": "Anna", "player_1": "Ben", "player_2": "Cem", "submission": token}
    data |= {"first_hand_leader": 0, "first_leader": "rotate"}
    first = client.post(reverse("table_new", args=["stichwahl"]), data)
    second = client.post(reverse("table_new", args=["stichwahl"]), data)
    assert first.status_code == second.status_code == 302
    assert first.url == second.url
    assert Table.objects.count() == 1
    # A fresh form is a fresh table.
    data["submission"] = str(uuid.uuid4())
    client.post(reverse("table_new", args=["stichwahl"]), data)
    assert Table.objects.count() == 2


def test_each_table_gets_a_scorer_and_a_viewer_link_with_qr_codes(client):
    table, key = create_schatzsuche(client)
    roles = sorted(table.accesses.values_list("role", flat=True))
    assert roles == ["scorer", "viewer"]
    share = client.get(reverse("share", args=[key]))
    html = share.content.decode()
    assert reverse("qr_code", args=[viewer_key(table)]) in html
    assert reverse("qr_code", args=[key]) in html
    svg = client.get(reverse("qr_code", args=[key]))
    assert svg["Content-Type"] == "image/svg+xml"
    # A standalone image needs the SVG namespace, or browsers show only the alt text.
    assert b'xmlns="http://www.w3.org/2000/svg"' in svg.content


# --- permissions ------------------------------------------------
def test_viewer_sees_the_sheet_but_gets_no_form_and_cannot_post(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    viewer = viewer_key(table)
    page = client.get(reverse("table", args=[viewer]))
    assert page.status_code == 200
    assert "Nur ansehen" in text(page)
    assert 'name="bid_0"' not in page.content.decode()
    response = post_round(client, viewer, 2, round_fields([0, 0, 0]))
    assert response.status_code == 403
    assert Round.objects.filter(table=table).count() == 1


def test_viewer_share_page_shows_only_the_viewer_link(client):
    table, key = create_schatzsuche(client)
    viewer = viewer_key(table)
    html = client.get(reverse("share", args=[viewer])).content.decode()
    assert key not in html
    assert viewer in html


def test_a_link_of_one_table_grants_nothing_on_another(client):
    table_a, _key_a = create_schatzsuche(client)
    table_b, key_b = create_schatzsuche(client, players=("Dora", "Emil", "Fritz"))
    response = post_round(client, key_b, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 302
    assert not Round.objects.filter(table=table_a).exists()
    assert Round.objects.filter(table=table_b).count() == 1
    assert client.get(reverse("table", args=["not-a-real-key"])).status_code == 404
    assert post_round(client, "not-a-real-key", 1, {}).status_code == 404


# --- validation ------------------------------------------------
def test_rejected_entry_names_field_and_rule_in_german_and_keeps_the_input(client):
    table, key = create_schatzsuche(client)
    for number in (1, 2):
        post_round(client, key, number, round_fields([0, 0, number], [0, 0, number]))
    response = post_round(client, key, 3, round_fields([4, 0, 1], [1, 1, 0]))
    assert response.status_code == 422
    page = text(response)
    assert "Ansage von Anna: höchstens 3." in page
    assert "Stiche: Zusammen müssen es in Runde 3 genau 3 sein" in page
    assert "eingetragen: 2" in page
    html = response.content.decode()
    assert 'name="bid_0" value="4"' in html
    assert not Round.objects.filter(table=table, number=3).exists()


def test_rejected_entry_in_english(client):
    _table, key = create_schatzsuche(client)
    client.cookies["django_language"] = "en"
    response = post_round(client, key, 1, round_fields([0, 0, 0], [1, 1, 0]))
    assert response.status_code == 422
    page = text(response)
    assert "Tricks: together they must be 1 in round 1" in page
    assert "entered: 2" in page


def test_tricks_for_only_some_players_are_refused(client):
    _table, key = create_schatzsuche(client)
    post_round(client, key, 1, {"bid_0": 0, "bid_1": 0, "bid_2": 1})
    response = post_round(client, key, 1, {**round_fields([0, 0, 1]), "tricks_0": 1}, base=1)
    assert response.status_code == 422
    assert "Stiche von Ben: Bitte die Stiche aller Spieler eintragen" in text(response)


def test_a_later_round_cannot_be_skipped_to(client):
    table, key = create_schatzsuche(client)
    response = post_round(client, key, 3, round_fields([0, 0, 0], [1, 1, 1]))
    assert response.status_code == 302
    assert "Runde 3 kann noch nicht eingetragen werden" in text(client.get(response.url))
    assert not Round.objects.filter(table=table).exists()


# --- corrections, conflicts, double submits ------------------------------------------------
def test_a_correction_adds_a_revision_and_keeps_the_old_one_with_who_when_why(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    response = post_round(
        client,
        key,
        1,
        round_fields([0, 1, 0], [1, 0, 0]),
        base=1,
        reason="Stich falsch zugeordnet",
        author="Ben",
    )
    assert response.status_code == 302
    revisions = list(Revision.objects.filter(round__table=table).order_by("number"))
    assert [r.number for r in revisions] == [1, 2]
    assert [r.is_current for r in revisions] == [False, True]
    assert revisions[0].scores == [0, 1, 0] and revisions[1].scores == [-1, -1, 0]
    assert revisions[1].author == "Ben" and revisions[1].reason == "Stich falsch zugeordnet"
    history = text(client.get(reverse("round", args=[key, 1])))
    assert "Stich falsch zugeordnet" in history
    assert "Stiche von Anna: 0 → 1" in history
    assert "Korrektur von Ben" in history and "Eingetragen von Anna" in history


def test_saving_an_unchanged_round_adds_no_revision(client):
    table, key = create_schatzsuche(client)
    fields = round_fields([0, 1, 0], [0, 1, 0])
    post_round(client, key, 1, fields)
    response = post_round(client, key, 1, fields, base=1)
    assert response.status_code == 302
    assert Revision.objects.filter(round__table=table).count() == 1


def test_two_phones_same_round_second_gets_a_conflict_and_keeps_its_input(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    # Both phones opened the correction form at revision 1.
    first = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]), base=1, author="Anna")
    assert first.status_code == 302
    ben = round_fields([0, 0, 1], [0, 0, 1])
    second = post_round(Client(), key, 1, ben, base=1, author="Ben")
    assert second.status_code == 409
    page = text(second)
    assert "Nicht gespeichert: Runde 1 wurde inzwischen auf einem anderen Handy geändert." in page
    assert "gespeichert von Anna" in page
    html = second.content.decode()
    assert 'name="bid_2" value="1"' in html  # Ben's typing is still there
    assert 'name="base" value="1"' in html  # still the state his form was made for
    # A correction has one way on: replace the newer entry, with a reason.
    assert "Runde 1 ersetzen" in page and "Als Runde 2 speichern" not in page
    assert 'name="replace_base" value="2"' in html
    # Saving it as it is again is a conflict again, never a silent correction.
    again = post_round(client, key, 1, ben, base=1, author="Ben")
    assert again.status_code == 409
    assert Revision.objects.get(round__table=table, is_current=True).scores == [1, 0, 0]


def test_replacing_after_a_conflict_asks_for_a_reason_and_keeps_both_entries(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    ben = round_fields([0, 0, 1], [0, 0, 1])
    assert post_round(client, key, 1, ben, author="Ben").status_code == 409
    no_reason = post_round(client, key, 1, {**ben, "replace_base": 1}, author="Ben")
    assert no_reason.status_code == 422
    assert "Grund der Korrektur" in text(no_reason)
    assert (
        "Bitte einen Grund angeben: Runde 1 zu ersetzen ändert den Eintrag eines anderen Handys."
        in text(no_reason)
    )
    assert 'name="bid_2" value="1"' in no_reason.content.decode()
    # Still in the conflict: both ways stay on offer, on the sheet the entry came from.
    assert "Als Runde 2 speichern" in text(no_reason) and "Runde 1 ersetzen" in text(no_reason)
    replaced = post_round(
        client, key, 1, {**ben, "replace_base": 1}, author="Ben", reason="Anna hat sich vertippt"
    )
    assert replaced.status_code == 302
    revisions = list(Revision.objects.filter(round__table=table).order_by("number"))
    assert [(r.author, r.source, r.is_current) for r in revisions] == [
        ("Anna", Revision.Source.ENTRY, False),
        ("Ben", Revision.Source.CORRECTION, True),
    ]
    assert revisions[1].reason == "Anna hat sich vertippt"


def test_a_new_entry_that_meets_another_phones_can_be_saved_as_the_next_round(client):
    """Issue 22 §1: phone 2 entered the same round number as phone 1 for another game."""
    table, key = create_schatzsuche(client)
    assert (
        post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna").status_code
        == 302
    )
    ben = round_fields([1, 0, 1])  # the bids of the next game, typed into the form of round 1
    conflict = post_round(client, key, 1, ben, author="Ben")
    assert conflict.status_code == 409
    page, html = text(conflict), conflict.content.decode()
    assert "Als Runde 2 speichern" in page and "Runde 1 ersetzen" in page
    assert f'formaction="{reverse("round_save", args=[key, 2])}"' in html
    assert 'name="next_base" value="0"' in html
    # The first button is what Enter does: it replaces nothing.
    assert html.index('name="next_base"') < html.index('name="replace_base"')
    as_next = client.post(
        reverse("round_save", args=[key, 2]),
        {**form_fields(html), "next_base": "0"},
    )
    assert as_next.status_code == 302
    rounds = {
        r.round.number: (r.author, r.data["bids"], r.source)
        for r in Revision.objects.filter(round__table=table).select_related("round")
    }
    assert rounds == {1: ("Anna", [0, 1, 0], "entry"), 2: ("Ben", [1, 0, 1], "entry")}


def form_fields(html: str) -> dict:
    """The values of the entry form's inputs as the page holds them (text, hidden, checked)."""
    form = html.split('id="entry"', 1)[1].split("</form>", 1)[0]
    fields = {}
    for tag in re.findall(r"<input[^>]*>", form):
        name = re.search(r'name="([^"]+)"', tag)
        value = re.search(r'value="([^"]*)"', tag)
        kind = re.search(r'type="([^"]+)"', tag)
        if not name or (kind and kind.group(1) in ("radio", "checkbox") and "checked" not in tag):
            continue
        fields[name.group(1)] = value.group(1) if value else ""
    return fields


def test_two_phones_entering_a_new_round_at_once(client):
    table, key = create_schatzsuche(client)
    assert post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0])).status_code == 302
    late = post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]))
    assert late.status_code == 409
    assert Revision.objects.filter(round__table=table).count() == 1


def test_double_tap_on_save_stores_one_round(client):
    table, key = create_schatzsuche(client)
    submission = uuid.uuid4()
    fields = round_fields([0, 1, 0], [0, 1, 0])
    first = post_round(client, key, 1, fields, submission=submission)
    second = post_round(client, key, 1, fields, submission=submission)
    assert first.status_code == second.status_code == 302
    assert Round.objects.filter(table=table).count() == 1
    assert Revision.objects.filter(round__table=table).count() == 1


# --- live ------------------------------------------------
def test_live_fragment_answers_304_until_something_changes(client):
    table, key = create_schatzsuche(client)
    viewer = viewer_key(table)
    url = reverse("table_live", args=[viewer])
    first = client.get(url, HTTP_HX_REQUEST="true")
    assert first.status_code == 200
    etag = first["ETag"]
    assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert 'id="round-1"' in changed.content.decode()
    # The round facts above the form are updated out of band.
    assert 'hx-swap-oob="true"' in changed.content.decode()


def test_live_fragment_tells_a_phone_its_open_form_went_stale(client):
    _table, key = create_schatzsuche(client)
    url = reverse("table_live", args=[key]) + "?round=1&base=0"
    assert "gerade auf einem anderen Handy" not in text(client.get(url, HTTP_HX_REQUEST="true"))
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert "gerade auf einem anderen Handy gespeichert" in text(
        client.get(url, HTTP_HX_REQUEST="true")
    )


def test_a_stale_forms_heading_names_the_game_of_its_form_not_the_next(client):
    """Issue 22 §1: phone 2's page showed "Spiel 18" above a form saying "Spiel 17
    speichern" after phone 1 saved game 17."""
    from .schafkopf_helpers import create_schafkopf, game, play

    _table, key = create_schafkopf(client)
    url = reverse("table_live", args=[key]) + "?round=1&base=0"
    play(client, key, 1, game("wenz", 1, augen=70))
    fragment = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    info = fragment.split('id="round-info"', 1)[1]
    assert '<h2 class="round-head">Spiel 1</h2>' in info and "Spiel 2" not in info
    assert "Spiel 1 wurde gerade auf einem anderen Handy gespeichert." in text_of(info)
    # A phone with the next game's form open sees that game's facts.
    current = client.get(url.replace("round=1", "round=2"), HTTP_HX_REQUEST="true")
    assert "Spiel 2" in current.content.decode().split('id="round-info"', 1)[1]


def text_of(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).strip()


def test_an_untouched_form_moves_on_when_another_phone_saved_its_round(client):
    """offline.js says the open form is untouched: instead of the warning, the answer brings
    the form needed now (with this phone's own token), swapped in beside the live part."""
    _table, key = create_schatzsuche(client)
    url = reverse("table_live", args=[key]) + "?round=1&base=0&untouched=1"
    before = client.get(url, HTTP_HX_REQUEST="true")
    assert 'id="entry-area"' not in before.content.decode()  # nothing saved yet: no change
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    moved = client.get(url, HTTP_HX_REQUEST="true")
    html = moved.content.decode()
    assert moved.status_code == 200
    assert "Runde 1 wurde gerade auf einem anderen Handy gespeichert." in text(moved)
    assert "Das Formular zeigt jetzt Runde 2." in text(moved)
    assert 'id="entry-area" hx-swap-oob="true"' in html
    assert f'action="{reverse("round_save", args=[key, 2])}"' in html
    assert 'name="csrfmiddlewaretoken"' in html
    # The live part now polls with the new form: the next fetch is an ordinary one.
    assert "round=2&amp;base=0" in html
    assert "no-store" in moved["Cache-Control"] and not moved.has_header("ETag")
    # A form the phone has typed into keeps the warning (and what was typed).
    touched = client.get(url.replace("&untouched=1", ""), HTTP_HX_REQUEST="true")
    assert "gerade auf einem anderen Handy gespeichert" in text(touched)
    assert 'id="entry-area"' not in touched.content.decode()


def test_a_viewer_link_never_gets_a_form_from_the_live_part(client):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    url = reverse("table_live", args=[viewer_key(table)]) + "?round=1&base=0&untouched=1"
    html = client.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert 'id="entry-area"' not in html and "<form" not in html


# Outside a test transaction: what a table shows is cached per version only after commit.
@pytest.mark.django_db(transaction=True)
def test_scorer_phones_share_one_rendering_of_the_next_form_each_with_its_own_token_and_name(
    client,
):
    """The next form is rendered once per table version and language; each phone still gets
    its own CSRF token, a new submission and the name it saved with last (escaped)."""
    _table, key = create_schatzsuche(client)
    url = reverse("table", args=[key])
    sepp = Client(enforce_csrf_checks=True)  # a browser: its save needs its own token
    name = '<b>"Sepp"</b>'
    first = sepp_save(sepp, url, key, 1, round_fields([0, 1, 0], [0, 1, 0]), name)
    assert first.status_code == 302
    with renderings("scoring/schatzsuche/_entry.html") as rendered:
        pages = [client.get(url), sepp.get(url), sepp.get(url)]
        english = Client()
        english.cookies["django_language"] = "en"
        english_html = english.get(url).content.decode()
    # Once per language (the rounds ahead in the page are renderings of their own): the German
    # one by Sepp's save already, for the other scorers' streams (render_moved_on).
    assert len(next_forms(rendered)) == 1
    assert "Save Round 2" in english_html
    anna_html, sepp_html, again_html = (page.content.decode() for page in pages)
    assert "Runde 2 speichern" in anna_html and "Save Round 2" not in anna_html
    assert f'action="{reverse("round_save", args=[key, 2])}"' in anna_html
    assert 'name="author" value="Anna"' in anna_html
    assert 'value="&lt;b&gt;&quot;Sepp&quot;&lt;/b&gt;"' in sepp_html and name not in sepp_html
    submissions = {form_value(html, "submission") for html in (anna_html, sepp_html, again_html)}
    assert len(submissions) == 3
    # The next version gets a form of its own, rendered once by the save that made it.
    with renderings("scoring/schatzsuche/_entry.html") as rendered:
        saved = sepp_save(sepp, url, key, 2, round_fields([1, 0, 1], [1, 0, 1]), "Sepp")
        assert saved.status_code == 302
        page = client.get(url).content.decode()
    assert f'action="{reverse("round_save", args=[key, 3])}"' in page
    assert len(next_forms(rendered)) == 1


def next_forms(renderings: list[dict]) -> list[dict]:
    return [context for context in renderings if "stand_in" not in context]  # not ahead


def form_value(html: str, name: str) -> str:
    return re.search(rf'name="{name}" value="([^"]*)"', html).group(1)


def sepp_save(browser, url, key, number, fields, author):
    """Saves the form of the sheet page as a browser does: the token and submission in it."""
    page = browser.get(url).content.decode()
    form = page[page.index(f'action="{reverse("round_save", args=[key, number])}"') :]
    data = {name: form_value(form, name) for name in ("csrfmiddlewaretoken", "submission")}
    data.update(base=form_value(form, "base"), author=author, reason="", **fields)
    return browser.post(reverse("round_save", args=[key, number]), data)


def test_the_sheet_is_usable_without_javascript(client):
    """Forms post and redirect: the page carries a real form with a real action."""
    _table, key = create_schatzsuche(client)
    html = client.get(reverse("table", args=[key])).content.decode()
    assert f'action="{reverse("round_save", args=[key, 1])}"' in html
    assert 'method="post"' in html
    response = post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert response.status_code == 302
    sheet = text(client.get(response.url))
    assert "Runde 1 gespeichert." in sheet
    assert Access.objects.get(key=key).table.version >= 1


def test_a_name_over_40_characters_is_refused_with_a_message_not_cut(client):
    form = client.get(reverse("table_new", args=["schatzsuche"])).content.decode()
    assert 'maxlength="40"' not in form  # the browser would cut the name without a word
    long_name = "Maximilian-Alexander von Hohenzollern-Wittelsbach"
    response = client.post(
        reverse("table_new", args=["schatzsuche"]),
        {"player_0": long_name, "player_1": "Ben", "player_2": "Cem", "first_dealer": 0},
    )
    assert response.status_code == 422
    page = text(response)
    assert "Spieler 1: höchstens 40 Zeichen." in page
    assert long_name in response.content.decode()  # what was typed is still there


@pytest.mark.parametrize("page", ["share", "audit", "round", "regeln"])
def test_every_page_of_a_table_shows_the_same_tabs_and_calls_it_as_its_sheet_does(client, page):
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]))
    urls = {
        "share": reverse("share", args=[key]),
        "audit": reverse("audit", args=[key]),
        "round": reverse("round", args=[key, 1]),
        "regeln": reverse("pad_page", args=[key, "regeln"]),
    }

    def tabs(html):
        nav = re.search(r'<nav class="top-nav"[^>]*>(.*?)</nav>', html, re.S).group(1)
        return re.findall(r'href="([^"]+)"', nav)

    sheet = client.get(reverse("table", args=[key])).content.decode()
    other = client.get(urls[page]).content.decode()
    assert tabs(other) == tabs(sheet)
    if page != "audit":
        assert f"← {table.get_game_display()}<" in other


def test_history_says_which_phone_not_its_device_id(client):
    """Device ids mean nothing at the table: the history names "this phone" for the phone
    reading it and "another phone" for the others."""
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([1, 0, 0], [1, 0, 0]))
    device = table.rounds.get(number=1).revisions.get().device
    mine = text(client.get(reverse("round", args=[key, 1])))
    assert "(dieses Handy)" in mine and device not in mine
    other = Client()
    theirs = text(other.get(reverse("round", args=[key, 1])))
    assert "(ein anderes Handy)" in theirs and device not in theirs
    assert device not in text(other.get(reverse("audit", args=[key])))
