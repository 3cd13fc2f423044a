"""The tournament box on a scorepad table's page (registered as a table panel in apps.py):
which tournament and round, the games entered, and the form to confirm the result."""

from __future__ import annotations

from django.template.loader import render_to_string

from scoring import game_limit

from .forms import ConfirmForm
from .models import TournamentTable
from .progress import games_entered, unbalanced_games
from .services import entrants, next_places


def tournament_table_of(table) -> TournamentTable | None:
    return TournamentTable.objects.filter(table=table).select_related("round__tournament").first()


def confirmation_panel(request, access, summary) -> str | None:
    """The tournament box on a scorepad page (None for tables outside tournaments)."""
    if "tournament" not in access.table.options:
        return None  # publishing marks a tournament's tables; casual tables need no query
    tournament_table = tournament_table_of(access.table)
    if tournament_table is None:
        return None
    table = access.table
    context = {
        "access": access,
        "tournament_table": tournament_table,
        "tournament": tournament_table.round.tournament,
        "summary": summary,
        "games_entered": games_entered(table, summary),
        # Only a count of games per round (Schafkopf): the other pads show their own rounds.
        "games_required": game_limit.games_required(table.options),
        "thrown_in_uncounted": not game_limit.thrown_in_counts(table.options),
        "unbalanced": unbalanced_games(table.game, summary),
        # The next round is out: this table's QR code now sends its players on.
        "next_places": next_places(tournament_table),
    }
    if summary.finished and not table.is_locked and access.can_score:
        who = entrants(table)
        device = request.session.get("device", "")
        context["entered_here"] = bool(device) and device in who.devices
        names = [name for name in summary.players if name.strip().casefold() not in who.names]
        context["form"] = ConfirmForm(seat_names=names)
    return render_to_string("tournaments/_panel.html", context, request=request)
