"""The Schafkopf table's own pages: Spielliste (the paper sheet), statistics and rules.

Served by the shared ``pad_page`` view at /t/<key>/p/<slug>/; viewer links see them too.
"""

from __future__ import annotations

from django.http import HttpResponseNotAllowed
from django.shortcuts import render

from ...services import current_revisions
from .labels import (
    CONTRACT_NAMES,
    SETTING_GROUPS,
    SETTING_LABELS,
    UNIT_NAMES,
    profile_label,
    setting_value,
)
from .summary import statistics


def page_context(access, pad, **extra) -> dict:
    table = access.table
    summary = pad.summarize(table, current_revisions(table))
    return {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "unit_name": UNIT_NAMES[table.profile["unit"]],
        **extra,
    }


def read_only(view):
    """The pages only show: any other method than GET is refused."""

    def wrapper(request, access, pad):
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET"])
        return view(request, access, pad)

    wrapper.__name__ = view.__name__
    wrapper.__doc__ = view.__doc__
    return wrapper


@read_only
def spielliste(request, access, pad):
    """One row per game with everybody's plus and minus, won solos circled, the totals."""
    return render(request, "scoring/schafkopf/spielliste.html", page_context(access, pad))


@read_only
def statistik(request, access, pad):
    """Per player: games played, declared, won, by contract; the balance over the evening."""
    context = page_context(access, pad)
    stats = statistics(context["summary"].players, context["summary"].rows)
    context["stats"] = stats
    context["contract_rows"] = [
        (CONTRACT_NAMES[contract], [p.by_contract.get(contract) for p in stats["players"]])
        for contract in stats["contracts"]
    ]
    return render(request, "scoring/schafkopf/statistik.html", context)


@read_only
def regeln(request, access, pad):
    """The table's frozen profile, read-only, grouped as the creation form asked it."""
    context = page_context(access, pad)
    profile = access.table.profile
    context["profile_label"] = profile_label(access.table.profile_name)
    context["money"] = setting_value(profile, "cents_per_unit")
    context["groups"] = [
        (legend, [(SETTING_LABELS[key], setting_value(profile, key)) for key in keys])
        for legend, keys in SETTING_GROUPS
    ]
    return render(request, "scoring/schafkopf/regeln.html", context)
