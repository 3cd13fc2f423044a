"""Amounts as a group's pages show them."""

from django import template
from django.urls import reverse

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


@register.simple_tag(takes_context=True)
def group_of_table(context, access):
    """``{% group_of_table access as group %}`` — the Stammtisch a table's evening belongs to,
    for the way back from its pages: ``{"name", "url"}``, or None. Never more than the link
    may see (docs/groups.md, "Pages"): the group's scorer page only for a browser that already
    holds its scorer link; else a table's scorer link leads to the group's viewer page and a
    table's viewer link nowhere (it may be an onlooker's, and the group shows every evening)."""
    from ...models import Access
    from ..links import MY_GROUPS
    from ..models import Evening

    request = context.get("request")
    my_groups = request.session.get(MY_GROUPS, []) if request is not None else []
    if access.role != Access.Role.SCORER and not my_groups:
        return None  # a viewer link leads nowhere but to a group this browser scores for
    evening = Evening.objects.filter(table_id=access.table_id).select_related("group").first()
    if evening is None:
        return None
    group = evening.group
    if group.scorer_key in my_groups:
        key = group.scorer_key
    elif access.role == Access.Role.SCORER:
        key = group.viewer_key
    else:
        return None
    return {"name": group.name, "url": reverse("group", args=[key])}
