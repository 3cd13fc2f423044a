"""The "rules" page of a table whose house rules are choices of its creation form
(Schatzsuche, Stichwahl, Scharfe Schoten): each rule as the form asked it, with the answer
frozen in the table. Schafkopf lists its much larger profile itself (pads/schafkopf/pages.py)
on the same template."""

from __future__ import annotations

from django import forms
from django.shortcuts import render
from django.utils.translation import pgettext_lazy
from django.views.decorators.http import require_safe

YES, NO = pgettext_lazy("rule setting", "yes"), pgettext_lazy("rule setting", "no")


def rule_settings(pad, table) -> list[tuple[str, str]]:
    """(question, answer) per rule field of ``pad``'s creation form, from the frozen profile."""
    form = pad.create_form_class()
    pairs = []
    shown = [(name, table.profile) for name in form.rule_field_names]
    shown += [(name, table.options) for name in form.option_rule_names]
    for name, values in shown:
        field = form.fields[name]
        value = values.get(name)
        if isinstance(field, forms.BooleanField):
            shown = YES if value else NO
        else:
            shown = dict(field.choices).get(value, value)
        pairs.append((str(field.label), str(shown)))
    return pairs


def rules_view(pad):
    @require_safe
    def rules(request, access):
        context = {
            "access": access,
            "table": access.table,
            "pad": pad,
            "settings": rule_settings(pad, access.table),
        }
        return render(request, "scoring/rules.html", context)

    return rules
