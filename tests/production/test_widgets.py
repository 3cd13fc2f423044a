"""Form widgets are rendered by Django's Jinja2 form renderer (settings.FORM_RENDERER): an
entry form's ~150 widget renderings through Django's own template engine were half of a
scorer's sheet page. Every widget rendered on the pages with forms (creating a table and
entering rounds in every game, with the values a phone typed, markup and quotes among them,
and the errors shown again) is rendered by both engines here and must be the same HTML."""

from collections import Counter

import pytest
from django.forms.renderers import DjangoTemplates, Jinja2
from django.test.html import parse_html
from django.urls import reverse

from tests.form_defaults import form_defaults

from .helpers import create_table, creation_data, games_with_pads

pytestmark = pytest.mark.django_db

TYPED = "<b>\"Sepp\" & 'Vroni'</b>"
SELECT = "django/forms/widgets/select.html"


@pytest.fixture
def compared(monkeypatch):
    rendered = Counter()
    jinja = Jinja2.render
    django = DjangoTemplates()

    def both(self, template_name, context, request=None):
        html = jinja(self, template_name, context, request)
        assert parse_html(html) == parse_html(django.render(template_name, context, request))
        rendered[template_name] += 1
        return html

    monkeypatch.setattr(Jinja2, "render", both)
    return rendered


@pytest.mark.parametrize("game", games_with_pads())
def test_widgets_come_out_as_django_templates_write_them(client, compared, game):
    assert client.get(reverse("table_new", args=[game])).status_code == 200
    refused = {**creation_data(game), "player_0": TYPED, "player_1": ""}
    assert client.post(reverse("table_new", args=[game]), refused).status_code == 422
    _table, key, viewer = create_table(client, game)
    page = client.get(reverse("table", args=[key])).content.decode()
    entry = form_defaults(page)
    action = page.split('<form method="post" action="', 1)[1].split('"', 1)[0]
    typed = {name: TYPED for name in entry if name not in ("csrfmiddlewaretoken", "submission")}
    assert client.post(action, {**entry, **typed}).status_code in (409, 422)
    client.post(action, entry)
    client.get(reverse("round", args=[key, 1]))
    assert client.get(reverse("table", args=[viewer])).status_code == 200
    assert sum(compared.values()) > 10
    assert compared[SELECT] > 0 or "<select" not in page
