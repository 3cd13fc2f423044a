"""Form widgets written in Python: the same HTML as Django's widget templates, without them.

A scorer's sheet page carries an entry form of some twenty inputs and selects with about sixty
options, and Django renders each input, each option and each one's attributes through a
template of its own: some 150 template renderings, half the page's CPU (docs/production.md).
The plain input, the select and its options are written here as those templates write them
(tests/production/test_widgets.py compares the two on every pad's forms); every other widget
(radio buttons, textareas, …) still goes through its template.
"""

from __future__ import annotations

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape

WIDGETS = "django/forms/widgets/"
# The widgets whose template is only ``{% include "django/forms/widgets/input.html" %}``.
INPUTS = {
    WIDGETS + f"{kind}.html"
    for kind in (
        "text", "number", "hidden", "email", "url", "password", "search", "tel", "color",
        "date", "datetime", "time", "checkbox", "input",
    )
}  # fmt: skip
SELECT = WIDGETS + "select.html"
OPTION = WIDGETS + "select_option.html"


def text(value) -> str:
    """``{{ value|stringformat:'s' }}``: the value as a string, escaped."""
    return conditional_escape(str(value))


def attrs(widget: dict) -> str:
    """django/forms/widgets/attrs.html: True is a bare attribute, False leaves it out."""
    parts = []
    for name, value in widget["attrs"].items():
        if value is False:
            continue
        parts.append(f" {conditional_escape(name)}")
        if value is not True:
            parts.append(f'="{text(value)}"')
    return "".join(parts)


def input_html(widget: dict) -> str:
    value = "" if widget["value"] is None else f' value="{text(widget["value"])}"'
    return (
        f'<input type="{conditional_escape(widget["type"])}" '
        f'name="{conditional_escape(widget["name"])}"{value}{attrs(widget)}>'
    )


def option_html(option: dict) -> str:
    label = conditional_escape(localize(option["label"]))
    return f'<option value="{text(option["value"])}"{attrs(option)}>{label}</option>\n'


def select_html(widget: dict) -> str:
    parts = [f'<select name="{conditional_escape(widget["name"])}"{attrs(widget)}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{conditional_escape(group_name)}">')
        for option in group_choices:
            if option["template_name"] != OPTION:
                return ""  # an option of its own kind: the templates render the whole select
            parts.append("\n  " + option_html(option))
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>")
    return "".join(parts)


class WidgetRenderer(DjangoTemplates):
    """Django's default form renderer, with inputs and selects written in Python."""

    def render(self, template_name, context, request=None):
        widget = context.get("widget")
        html = ""
        if widget is not None:
            if template_name in INPUTS:
                html = input_html(widget)
            elif template_name == SELECT:
                html = select_html(widget)
        return html or super().render(template_name, context, request)
