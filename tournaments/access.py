"""Who may see what of a tournament: organizers see only their own tournaments (others get
404, so a tournament's existence is not revealed) and decide on their tournaments' scorepad
tables; the projector page has a public key of its own. Table links are checked where every
link is, in scoring/access.py."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404

from scoring.access import organizer_author

from .models import Club, Tournament, TournamentRound, TournamentTable

__all__ = [
    "get_club",
    "get_round",
    "get_tournament",
    "login_required",
    "organizer_author",
    "organizes",
    "public_tournament",
]


def get_tournament(request, pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk, organizers=request.user)


def get_club(request, pk: int) -> Club:
    return get_object_or_404(Club, pk=pk, organizers=request.user)


def get_round(tournament: Tournament, number: int) -> TournamentRound:
    return get_object_or_404(TournamentRound, tournament=tournament, number=number)


def public_tournament(key: str) -> Tournament:
    """The tournament of a projector link (its public key; registered as a link key)."""
    return get_object_or_404(Tournament, public_key=key)


def organizes(request, table) -> bool:
    """True when the logged-in user organizes the tournament this scorepad table belongs to
    (a table authority: scoring.hooks.register_table_authority)."""
    user = request.user
    if not user.is_authenticated:
        return False
    return TournamentTable.objects.filter(table=table, round__tournament__organizers=user).exists()
