"""Wer sitzt wo? Per round, every player alphabetically with his table and seat; printed
for the wall by the organizer, and on the public projector page (tournaments-projector.js
cuts it into columns across a 1920×1080 screen as it does the standings)."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import render
from django.utils.translation import get_language
from django.views.decorators.http import require_safe

from scoring.live import conditional

from ..access import get_round, get_tournament, login_required, public_tournament
from ..models import Tournament, TournamentRound
from ..services import places_of


def shown_round(request, tournament: Tournament) -> TournamentRound:
    """``?round=n`` if published, else the latest published round; 404 before the first."""
    published = tournament.draws.filter(published_at__isnull=False)
    value = request.GET.get("round", "")
    if value.isdecimal():
        published = published.filter(number=int(value))
    round_ = published.order_by("number").last()
    if round_ is None:
        raise Http404
    return round_


def seating_context(tournament: Tournament, round_: TournamentRound) -> dict:
    return {"tournament": tournament, "round": round_, "places": places_of(round_)}


@login_required
@require_safe
def round_seating(request, pk: int, number: int):
    """The list for the wall (printable)."""
    tournament = get_tournament(request, pk)
    round_ = get_round(tournament, number)
    if not round_.is_published:
        raise Http404
    return render(request, "tournaments/seating.html", seating_context(tournament, round_))


@require_safe
def public_seating(request, key: str):
    tournament = public_tournament(key)
    context = seating_context(tournament, shown_round(request, tournament))
    context["fixed_round"] = "round" in request.GET
    return render(request, "tournaments/public_seating.html", context)


@require_safe
def public_seating_live(request, key: str):
    """The list once more; 304 until a round is published (or the entry list changes)."""
    tournament = public_tournament(key)
    round_ = shown_round(request, tournament)
    etag = f'"seating-{tournament.version}-{round_.number}-{get_language()}"'

    def respond():
        context = {**seating_context(tournament, round_), "fixed_round": "round" in request.GET}
        return render(request, "tournaments/_public_seating.html", context)

    return conditional(request, etag, respond)
