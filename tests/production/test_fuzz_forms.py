"""Bad form posts never produce a server error: every POST form the app renders (the entry
form of every pad, table creation, the organizer's tournament forms) gets hypothesis-made
junk in its fields (missing, empty, huge, negative, not numbers, NUL bytes, lists, markup),
and the answer is a page with a message or a redirect, never a 500.

The forms are found in the rendered pages, so new pads and pages are fuzzed without edits."""

import os
import uuid
from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.pads import PADS

from .helpers import create_table, creation_data

pytestmark = pytest.mark.django_db

FUZZ = settings(
    max_examples=int(os.environ.get("FUZZ_EXAMPLES", 40)),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)

junk = st.one_of(
    st.text(max_size=20),
    st.integers(-(10**30), 10**30).map(str),
    st.sampled_from(
        [
            "",
            " ",
            "0",
            "-1",
            "1e309",
            "NaN",
            "١٢",
            "3.5",
            " 2 ",
            "\x00",
            "<b>x</b>",
            "9" * 500,
            "CA",
            "S10",
            "on",
            "true",
            str(uuid.uuid4()),
            "∞",
            "‮",
        ]
    ),
    st.lists(st.text(max_size=4), min_size=2, max_size=3),
)


class Forms(HTMLParser):
    """The POST forms of a page: (action, {field name: rendered value})."""

    def __init__(self):
        super().__init__()
        self.forms, self.current = [], None

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form" and (attrs.get("method") or "").lower() == "post":
            self.current = (attrs.get("action") or "", {})
            self.forms.append(self.current)
        elif tag in ("input", "select", "textarea") and self.current and attrs.get("name"):
            self.current[1].setdefault(attrs["name"], attrs.get("value") or "")

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None


def post_forms(client, url):
    response = client.get(url)
    assert response.status_code == 200, url
    parser = Forms()
    parser.feed(response.content.decode())
    return [(action or url, fields) for action, fields in parser.forms]


def fuzzed(fields: dict, data) -> dict:
    """Each field kept, dropped or replaced with junk; plus a stray field now and then."""
    posted = {}
    for name, value in fields.items():
        choice = data.draw(st.sampled_from(["keep", "drop", "junk", "junk"]), label=name)
        if choice == "keep":
            posted[name] = value
        elif choice == "junk":
            posted[name] = data.draw(junk, label=name)
    if data.draw(st.booleans(), label="stray"):
        posted[data.draw(st.text(min_size=1, max_size=8), label="stray name")] = "1"
    return posted


def assert_no_server_error(response, action, posted):
    assert response.status_code < 500, (action, posted, response.content[:500])


@pytest.fixture(params=sorted(PADS))
def game(request):
    return request.param


@FUZZ
@given(data=st.data())
def test_junk_in_the_entry_form_of_every_pad(client, game, data):
    _table, scorer, _viewer = create_table(client, game)
    forms = [f for f in post_forms(client, reverse("table", args=[scorer])) if "/save/" in f[0]]
    assert forms, f"{game}: the sheet offers no entry form"
    for action, fields in forms:
        posted = fuzzed(fields, data)
        assert_no_server_error(client.post(action, posted), action, posted)


@FUZZ
@given(data=st.data(), number=st.integers(0, 10**12))
def test_entry_posts_for_any_round_number(client, game, data, number):
    _table, scorer, _viewer = create_table(client, game)
    (action, fields), *_ = [
        f for f in post_forms(client, reverse("table", args=[scorer])) if "/save/" in f[0]
    ]
    action = reverse("round_save", args=[scorer, number])
    posted = fuzzed(fields, data)
    assert_no_server_error(client.post(action, posted), action, posted)


@FUZZ
@given(data=st.data())
def test_junk_in_the_table_creation_form(client, game, data):
    action = reverse("table_new", args=[game])
    posted = fuzzed(creation_data(game), data)
    assert_no_server_error(client.post(action, posted), action, posted)


@FUZZ
@given(game=st.text(max_size=12) | st.sampled_from(sorted(PADS)), data=st.data())
def test_creation_posts_for_any_game_name(client, game, data):
    if not game or "/" in game:
        return
    action = f"/new/{game}/"
    posted = fuzzed({"player_0": "Anna", "player_1": "Ben", "title": ""}, data)
    assert_no_server_error(client.post(action, posted), action, posted)


def organizer_pages():
    """Pages with the organizer's forms: the list and a new tournament of every game."""
    return [reverse("tournament_list"), *(reverse("tournament_new", args=[g]) for g in PADS)]


@FUZZ
@given(data=st.data())
def test_junk_in_the_organizer_forms(client, data):
    organizer, _ = User.objects.get_or_create(username="orga")
    client.force_login(organizer)
    for page in organizer_pages():
        for action, fields in post_forms(client, page):
            if "i18n" in action or "logout" in action:
                continue
            posted = fuzzed(fields, data)
            assert_no_server_error(client.post(action, posted), action, posted)


@FUZZ
@given(data=st.data())
def test_junk_in_the_login_form(client, data):
    action = reverse("login")
    posted = fuzzed({"username": "orga", "password": "x", "next": "/"}, data)
    assert_no_server_error(client.post(action, posted), action, posted)
