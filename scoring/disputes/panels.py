"""The round page's dispute box (a round panel, see scoring.hooks) and the link a tournament
can put next to each game (``game_link``, for ``tournaments.hooks.register_game_link``)."""

from __future__ import annotations

from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import gettext as _

from ..hooks import register_round_panel, register_table_panel
from ..live import for_version
from ..models import Dispute
from ..pads import get_pad


def round_panel(request, access, number: int) -> str:
    disputes = Dispute.objects.filter(table=access.table, round_number=number).select_related(
        "revision"
    )
    return render_to_string(
        "scoring/disputes/_round_panel.html",
        {"access": access, "number": number, "disputes": disputes},
        request=request,
    )


def open_disputes_panel(request, access, summary) -> str | None:
    """On the table page: the disputes still open, so every phone sees that one is running."""
    # Opening, deciding and applying a dispute bump the table's version.
    table = access.table
    still_open = Dispute.objects.filter(table=table, applied_at__isnull=True)
    disputes = for_version("disputes", table, lambda: list(still_open))
    if not disputes:
        return None
    return render_to_string(
        "scoring/disputes/_table_panel.html",
        {"access": access, "disputes": disputes, "pad": get_pad(access.table.game)},
        request=request,
    )


def organizer_url(table, number: int) -> str:
    """Where an organizer (a registered table authority) opens the disputes of a round."""
    return reverse("dispute_round_org", args=[table.pk, number])


def game_link(tournament_table, game_number: int) -> tuple[str, str] | None:
    """For the tournament's table page: (label, url) of a game's disputes."""
    table = getattr(tournament_table, "table", None)
    if table is None:
        return None
    return _("Dispute"), organizer_url(table, game_number)


def register_panels() -> None:
    register_round_panel(round_panel)
    register_table_panel(open_disputes_panel)
