"""The hot paths stay cheap (docs/production.md has the load figures): a phone polling an
unchanged table costs one query and no template; reloading the sheet or saving a round does
not rewrite the session (each write is a database commit, ~4 ms of fsync here)."""

import contextlib
import re

import pytest
from django.db import connection
from django.urls import reverse

from scoring.models import Revision
from scoring.pads import get_pad
from tests.scoring.helpers import (
    create_schatzsuche,
    post_round,
    renderings,
    round_fields,
    viewer_key,
)

pytestmark = pytest.mark.django_db


@contextlib.contextmanager
def queries():
    seen = []

    def record(execute, sql, params, many, context):
        seen.append(sql)
        return execute(sql, params, many, context)

    with connection.execute_wrapper(record):
        yield seen


def test_an_unchanged_table_answers_a_poll_with_one_query_and_no_rendering(client):
    table, _key = create_schatzsuche(client)
    url = reverse("table_live", args=[viewer_key(table)])
    etag = client.get(url)["ETag"]
    with queries() as seen:
        response = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert response.status_code == 304 and response.content == b""
    assert len(seen) == 1, seen


def test_reloading_the_sheet_does_not_write_the_session(client):
    _table, key = create_schatzsuche(client)
    client.get(reverse("table", args=[key]))
    with queries() as seen:
        assert client.get(reverse("table", args=[key])).status_code == 200
    assert not [sql for sql in seen if "django_session" in sql and sql.startswith("UPDATE")]


def test_saving_rounds_as_the_same_author_writes_the_session_once(client):
    _table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]), author="Anna")
    with queries() as seen:
        response = post_round(client, key, 2, round_fields([0, 1, 1], [0, 1, 1]), author="Anna")
    assert response.status_code == 302
    assert not [sql for sql in seen if "django_session" in sql and sql.startswith("UPDATE")]
    # A new name is remembered for the next form.
    post_round(client, key, 3, round_fields([1, 1, 1], [1, 1, 1]), author="Ben")
    assert client.session["author"] == "Ben"


def live_url_in(response) -> str:
    html = response.content.decode()
    return (
        html.split('id="live"', 1)[1].split('hx-get="', 1)[1].split('"', 1)[0].replace("&amp;", "&")
    )


def test_a_change_costs_each_polling_phone_one_rendering(client):
    """The fragment polls on at the URL it was loaded with, so the browser's cached ETag
    matches again right after the one 200 that brought the change."""
    table, key = create_schatzsuche(client)
    url = live_url_in(client.get(reverse("table", args=[viewer_key(table)])))
    etag = client.get(url)["ETag"]
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    changed = client.get(url, HTTP_IF_NONE_MATCH=etag, HTTP_HX_REQUEST="true")
    assert changed.status_code == 200 and 'id="round-1"' in changed.content.decode()
    assert live_url_in(changed) == url
    again = client.get(url, HTTP_IF_NONE_MATCH=changed["ETag"], HTTP_HX_REQUEST="true")
    assert again.status_code == 304


def test_the_stale_form_warning_names_the_open_round_and_stays_until_reload(client):
    table, key = create_schatzsuche(client)
    url = live_url_in(client.get(reverse("table", args=[key])))  # the form of round 1
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))  # saved on another phone
    for _poll in range(2):
        live = client.get(url, HTTP_HX_REQUEST="true")
        assert "Runde 1 wurde gerade auf einem anderen Handy gespeichert." in live.content.decode()
        url = live_url_in(live)
    viewer_live = client.get(
        live_url_in(client.get(reverse("table", args=[viewer_key(table)]))),
        HTTP_HX_REQUEST="true",
    )
    assert "anderen Handy" not in viewer_live.content.decode()


def test_a_changed_table_is_rendered_once_and_then_served_from_the_cache(client):
    """The first poll after a change needs the link with its table (role and version in the
    same query), the current revisions and the seats; the table page's panels (tournament
    confirmation, disputes) are not part of it. Every further phone on that link with that
    state gets the cached fragment after the one query for the link."""
    table, key = create_schatzsuche(client)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    url = reverse("table_live", args=[viewer_key(table)])
    with queries() as seen:
        first = client.get(url)
    assert first.status_code == 200
    assert len(seen) == 3, "\n".join(seen)
    with queries() as seen:
        second = client.get(url)
    assert second.status_code == 200 and second.content == first.content
    assert len(seen) == 1, "\n".join(seen)


def test_an_unchanged_poll_is_answered_before_the_rate_limits_and_the_view(client, settings):
    """scoring.middleware.LivePollMiddleware: a matching ETag gets its 304 early, so an
    evening of polling does not use up the link's rate limit."""
    settings.RATELIMIT_TABLE_LINK = "3/minute"
    table, _key = create_schatzsuche(client)
    url = reverse("table_live", args=[viewer_key(table)])
    etag = client.get(url)["ETag"]
    for _ in range(10):
        assert client.get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # Only full requests count: the first fetch above plus two more are allowed.
    assert [client.get(url).status_code for _ in range(3)] == [200, 200, 429]


def test_a_guessed_key_with_a_made_up_etag_is_counted_as_a_guess(client, settings):
    """The ETag is signed: a guesser cannot make the early 304 tell a real key from a wrong
    one, and his guesses still count and end in a refusal of his misses (real links stay
    open, issue 29 §4.10: with 144 random bits a real one is never guessed)."""
    settings.RATELIMIT_UNKNOWN_KEY = "3/10 minutes"
    table, scorer = create_schatzsuche(client)
    viewer = viewer_key(table)
    made_up = '"0-viewer-de--"'
    answers = [
        client.get(reverse("table_live", args=[key]), HTTP_IF_NONE_MATCH=made_up).status_code
        for key in ("guess-1", viewer, "guess-2", "guess-3", scorer, "guess-4", viewer)
    ]
    assert answers == [404, 200, 404, 404, 200, 429, 200]


def test_the_early_304_speaks_the_phones_language(client):
    table, _key = create_schatzsuche(client)
    url = reverse("table_live", args=[viewer_key(table)])
    client.cookies["django_language"] = "en"
    english = client.get(url)
    assert client.get(url, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 304
    client.cookies["django_language"] = "de"
    german = client.get(url, HTTP_IF_NONE_MATCH=english["ETag"])
    assert german.status_code == 200 and german["ETag"] != english["ETag"]
    assert "Noch keine Runde gespeichert" in german.content.decode()


def round_links(html: str) -> set[str]:
    return set(re.findall(r'href="/t/([^/"]+)/rounds/\d+/"', html))


def test_the_sheet_is_rendered_once_per_version_for_every_link_and_page(client):
    """The grid is the same for every link but for the link's own key in its links: the save
    renders it (for the viewers' events), and the pages and fragments of both links use that
    rendering, each showing only its own key; another language and a new version are rendered
    once each."""
    table, key = create_schatzsuche(client)
    viewer = viewer_key(table)
    with renderings("scoring/_sheet.html") as rendered:
        post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
        pages = {k: client.get(reverse("table", args=[k])).content.decode() for k in (key, viewer)}
        live = client.get(reverse("table_live", args=[viewer]), HTTP_HX_REQUEST="true")
    assert len(rendered) == 1
    assert round_links(pages[key]) == {key} and round_links(pages[viewer]) == {viewer}
    assert round_links(live.content.decode()) == {viewer}
    assert key not in pages[viewer] and key not in live.content.decode()

    client.cookies["django_language"] = "en"
    with renderings("scoring/_sheet.html") as rendered:
        english = client.get(reverse("table", args=[viewer])).content.decode()
    assert len(rendered) == 1 and "Totals over the game" in english
    assert "Verlauf der Gesamtpunkte" not in english

    with renderings("scoring/_sheet.html") as rendered:
        post_round(client, key, 2, round_fields([0, 1, 1], [0, 1, 1]))
        newer = client.get(reverse("table", args=[viewer])).content.decode()
    assert len(rendered) == 1 and 'id="round-2"' in newer


def sums_row(html: str) -> list[int]:
    row = re.search(r'<th scope="row">Σ</th>(.*?)</tr>', html, re.S).group(1)
    return [int(n.replace("−", "-")) for n in re.findall(r">(−?\d+)</td>", row)]


def current_scores(table) -> list[int]:
    """What the save computed for the table's one round (its current revision)."""
    return Revision.objects.get(round__table=table, is_current=True).scores


# Outside a transaction, as in production: inside one (a test's own) nothing is cached.
@pytest.mark.django_db(transaction=True)
def test_the_sheet_is_summed_up_once_per_version_and_a_correction_shows_at_once(
    client, monkeypatch
):
    pad = get_pad("schatzsuche")
    summed = []
    table_summary = type(pad).table_summary

    def counting(self, table, revisions=None):
        summed.append(table.version)
        return table_summary(self, table, revisions)

    monkeypatch.setattr(type(pad), "table_summary", counting)
    table, key = create_schatzsuche(client)
    viewer = viewer_key(table)
    post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    summed.clear()
    pages = [client.get(reverse("table", args=[k])).content.decode() for k in (key, viewer)]
    client.get(reverse("table_live", args=[key]) + "?round=2&base=0", HTTP_HX_REQUEST="true")
    client.get(reverse("table_ahead", args=[key]) + "?after=1")
    assert summed == []  # the save summed version 1 up for everyone
    assert sums_row(pages[0]) == sums_row(pages[1]) == current_scores(table)

    before = current_scores(table)
    # Ben's trick was Anna's: the correction is a new version, summed up once, shown at once.
    post_round(client, key, 1, round_fields([0, 1, 0], [1, 0, 0]), base=1, reason="Stich")
    assert len(summed) == 1
    pages = [client.get(reverse("table", args=[k])).content.decode() for k in (key, viewer)]
    after = current_scores(table)
    assert sums_row(pages[0]) == sums_row(pages[1]) == after != before
    assert len(summed) == 1
