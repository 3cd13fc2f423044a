"""The load test's meter (tests/production/load/meter.py) splits each kind of request's CPU
into the templates it rendered and the queries it ran, as docs/production.md reports them."""

import json

from django import forms
from django.http import HttpResponse
from django.template import Context, Template, base
from django.template.backends import jinja2
from django.test import RequestFactory

from scoring.models import Table
from tests.production.load import meter


class NameForm(forms.Form):
    name = forms.CharField(max_length=80)


def page(request):
    """A page as the app's are: a query, a template including a partial many times, a form
    field rendered by the Jinja2 widget templates inside it."""
    Table.objects.count()
    partial = Template("{% for i in numbers %}<td>{{ i|add:n }}</td>{% endfor %}")
    outer = Template("{{ field }}{% for n in numbers %}{% include partial %}{% endfor %}")
    context = {"numbers": range(40), "partial": partial, "field": NameForm()["name"]}
    return HttpResponse(outer.render(Context(context)))


def metered(monkeypatch, folder):
    monkeypatch.setenv("LOAD_CPU_METER", str(folder))
    # The middleware wraps these two for good; monkeypatch puts the originals back afterwards.
    monkeypatch.setattr(base.Template, "_render", base.Template._render)
    monkeypatch.setattr(jinja2.Template, "render", jinja2.Template.render)
    return meter.CpuMeterMiddleware(page)


def test_a_request_counts_its_outermost_templates_and_its_queries(monkeypatch, tmp_path, db):
    middleware = metered(monkeypatch, tmp_path)
    for _ in range(3):  # the first one also compiles the widget's template
        response = middleware(RequestFactory().get("/anything/"))
    assert b'name="name"' in response.content and response.content.count(b"<td>") == 1600

    requests, seconds, templates, queries = middleware.tally.kinds["GET unresolved 200"]
    assert requests == 3
    assert 0 < queries < seconds
    # 40 includes and a widget inside the page's template: counted once each, the page's time
    # holds them. Counted at every depth, the templates would take longer than the request.
    assert 0 < templates < seconds


def test_a_request_without_templates_counts_none(monkeypatch, tmp_path, db):
    middleware = metered(monkeypatch, tmp_path)
    middleware.get_response = lambda request: HttpResponse("ok")
    middleware(RequestFactory().post("/x/"))
    assert middleware.tally.kinds["POST unresolved 200"][2:] == [0.0, 0.0]


def test_the_tallies_of_all_workers_are_added_up_and_printed_with_their_parts(tmp_path, capsys):
    save = "POST round_save htmx 200"
    (tmp_path / "11.json").write_text(json.dumps({save: [100, 1.5, 0.4, 0.1]}))
    (tmp_path / "12.json").write_text(
        json.dumps({save: [98, 1.5, 0.3, 0.1], "GET table 200": [255, 1.7, 0.7, 0.07]})
    )
    assert meter.read(tmp_path)[save] == (198, 3.0, 0.7, 0.2)

    meter.print_tally(tmp_path, server_cpu=6.0)
    lines = capsys.readouterr().out.splitlines()
    assert "198 ×  15.15 ms =    3.0 s (50.0 %)     0.70 s    0.20 s" in lines[2]
    assert lines[3].startswith("    GET table 200")
    assert lines[-1].split()[1:] == ["4.7", "s", "1.40", "s", "0.27", "s"]
