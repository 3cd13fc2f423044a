"""What a server process does once at its start rather than on its first request."""

from pathlib import Path

from django.urls import get_resolver


def load_urls() -> None:
    """Import every view and build the URL resolver now. Django does both on the first request
    that resolves a URL: in the event server that was the first phone's stream after a start
    (about a second of CPU on these machines, docs/production.md), and in gunicorn each
    worker's first request after it forked (the master loads the app once: ``preload_app``)."""
    get_resolver().reverse_dict  # noqa: B018 -- populates the resolver: imports and compiles


def load_templates() -> None:
    """Compile every template of the project (Django's cached loader keeps them per process),
    the form renderer's widget templates, and read each language's translations. In the
    gunicorn master (``preload_app``) this is done once for every worker it forks, also the
    ones that replace a worker after ``max_requests``, whose first pages did it each (a tenth
    of a second of CPU on these machines, docs/production.md)."""
    import django.forms
    from django.conf import settings
    from django.forms.renderers import get_default_renderer
    from django.template.loader import get_template
    from django.utils.translation import trans_real

    templates = settings.BASE_DIR / "templates"
    for path in sorted(templates.rglob("*.html")):
        get_template(str(path.relative_to(templates)))
    renderer = get_default_renderer()
    widgets = Path(django.forms.__file__).parent / "jinja2" / "django" / "forms" / "widgets"
    for path in sorted(widgets.glob("*.html")):
        renderer.get_template(f"django/forms/widgets/{path.name}")
    for code, _name in settings.LANGUAGES:
        trans_real.translation(code)
