"""stichblock/widgets.py writes inputs and selects as Django's widget templates do: every widget
rendered on the pages with forms (creating a table and entering rounds in every game, with the
values a phone typed, markup and quotes among them, and the errors shown again) is rendered
both ways here and must come out the same, byte for byte."""

from collections import Counter

import pytest
from django.forms.renderers import DjangoTemplates
from django.urls import reverse

from stichblock.widgets import INPUTS, SELECT, WidgetRenderer
from tests.form_defaults import form_defaults

from .helpers import create_table, creation_data, games_with_pads

pytestmark = pytest.mark.django_db

TYPED = "<b>\"Sepp\" & 'Vroni'</b>"


@pytest.fixture
def compared(monkeypatch):
    rendered = Counter()
    written = WidgetRenderer.render

    def both(self, template_name, context, request=None):
        html = written(self, template_name, context, request)
        assert html == DjangoTemplates.render(self, template_name, context, request)
        rendered[template_name] += 1
        return html

    monkeypatch.setattr(WidgetRenderer, "render", both)
    return rendered


@pytest.mark.parametrize("game", games_with_pads())
def test_inputs_and_selects_are_written_as_the_templates_write_them(client, compared, game):
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
    assert sum(n for name, n in compared.items() if name in INPUTS) > 10
    assert compared[SELECT] > 0 or "<select" not in page
