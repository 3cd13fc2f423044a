"""Amounts as a group's pages show them."""

from django import template

from ...pads.schafkopf.labels import format_money
from ...templatetags.scorepad import signed

register = template.Library()


@register.filter
def amount(value, in_money: bool) -> str:
    """Cents as money ("1,20 €"), or units as on a score sheet (+12, −3)."""
    if value is None or value == "":
        return ""
    return format_money(int(value)) if in_money else signed(value)


@register.filter
def plain_amount(value, in_money: bool) -> str:
    """A transfer's amount: never signed."""
    if value is None or value == "":
        return ""
    return format_money(int(value)) if in_money else str(value)


@register.simple_tag(takes_context=True)
def my_groups(context):
    """``{% my_groups as groups %}`` — the groups this browser scored for, newest first."""
    from ..links import my_groups as groups_of

    return groups_of(context["request"])
