"""``{{ cents|euros }}``: an amount in cents as the reader's language writes money (12,50 €;
a real minus sign below zero, as the standings have)."""

from decimal import Decimal

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def euros(cents) -> str:
    if cents is None or cents == "":
        return ""
    amount = number_format(Decimal(abs(int(cents))) / 100, 2, use_l10n=True, force_grouping=True)
    return f"{'−' if int(cents) < 0 else ''}{amount} €"


@register.filter
def series_cells(row, tournaments):
    """``row|series_cells:ranking.tournaments`` — a series row's evenings, in order."""
    return row.cells(tournaments)
