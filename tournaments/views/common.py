"""Who may see what: organizers see only their own tournaments (others get 404, so a
tournament's existence is not revealed); table links and the public page have their own keys."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404

from scoring.access import organizer_author

from ..models import Tournament, TournamentRound

__all__ = ["get_round", "get_tournament", "login_required", "organizer_author"]


def get_tournament(request, pk: int) -> Tournament:
    return get_object_or_404(Tournament, pk=pk, organizers=request.user)


def get_round(tournament: Tournament, number: int) -> TournamentRound:
    return get_object_or_404(TournamentRound, tournament=tournament, number=number)
