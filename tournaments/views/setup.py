"""Organizer pages: my tournaments, setup, the dashboard, the entry list, co-organizers."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.db import IntegrityError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST, require_safe

from scoring.models import Game
from scoring.pads import get_pad
from stichblock.http import require_form_page

from .. import services
from ..access import get_tournament, login_required
from ..formats import available_games, get_format
from ..forms import ClubForm, MemberPickForm, OrganizerForm, RegistrationForm, TournamentForm
from ..models import Player
from ..names import surname_key
from ..progress import round_progress


@login_required
@require_safe
def tournament_list(request):
    tournaments = request.user.tournaments.all()
    games = [Game(game) for game in available_games()]
    context = {
        "tournaments": tournaments,
        "games": games,
        "clubs": request.user.clubs.all(),
        "club_form": ClubForm(),
    }
    return render(request, "tournaments/list.html", context)


@login_required
@require_form_page
def tournament_new(request, game: str):
    if game not in available_games():
        raise Http404
    form = TournamentForm(request.POST or None, game=game, user=request.user)
    if request.method == "POST" and form.is_valid():
        tournament = form.save()
        tournament.organizers.add(request.user)
        if tournament.club is not None:
            # The club's organizers run its tournaments together.
            tournament.organizers.add(*tournament.club.organizers.all())
        messages.success(request, _("Tournament created. Now register the players."))
        return redirect("tournament_players", pk=tournament.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/setup.html",
        {"form": form, "game": Game(game), "tournament": None, "pad": get_pad(game)},
        status=status,
    )


def published_rounds(tournament) -> int:
    return tournament.draws.filter(published_at__isnull=False).count()


@login_required
@require_form_page
def tournament_settings(request, pk: int):
    tournament = get_tournament(request, pk)
    published = published_rounds(tournament)
    form = TournamentForm(
        request.POST or None,
        instance=tournament,
        user=request.user,
        game=tournament.game,
        frozen=published > 0,
        minimum_rounds=max(1, published),
    )
    if request.method == "POST" and form.is_valid():
        form.save()
        tournament.touch()
        messages.success(request, _("Settings saved."))
        seating_changed = {"table_size", "remainder"} & set(form.changed_data)
        if seating_changed and services.discard_preview(tournament):
            messages.warning(
                request, _("The table sizes changed, so the unpublished draw was discarded.")
            )
        return redirect("tournament", pk=tournament.pk)
    status = 422 if request.method == "POST" else 200
    return render(
        request,
        "tournaments/setup.html",
        {
            "form": form,
            "game": Game(tournament.game),
            "tournament": tournament,
            "pad": get_pad(tournament.game),
        },
        status=status,
    )


@login_required
@require_safe
def tournament_detail(request, pk: int):
    """The dashboard: where the tournament stands and what to do next."""
    tournament = get_tournament(request, pk)
    rounds = list(tournament.draws.all())
    current = next((r for r in reversed(rounds) if r.is_published), None)
    preview = next((r for r in rounds if not r.is_published), None)
    next_number = services.next_round_number(tournament)
    context = {
        "tournament": tournament,
        "fmt": get_format(tournament.game),
        "rounds": rounds,
        "current": current,
        "preview": preview,
        "next_number": next_number if next_number <= tournament.rounds else None,
        "active_players": tournament.players.filter(withdrawn_at__isnull=True).count(),
        "all_players": tournament.players.count(),
        "organizers": tournament.organizers.order_by("username"),
        "organizer_form": OrganizerForm(),
        "public_url": request.build_absolute_uri(
            reverse("public_standings", args=[tournament.public_key])
        ),
    }
    if current is not None:
        context["progress"] = round_progress(current)
        context["round"] = current
        context["unconfirmed"] = sum(1 for item in context["progress"] if not item.locked)
    return render(request, "tournaments/detail.html", context)


@login_required
@require_form_page
def tournament_players(request, pk: int):
    tournament = get_tournament(request, pk)
    picking = "members" in request.POST or "pick" in request.POST
    form = RegistrationForm(None if picking else request.POST or None, tournament=tournament)
    pick_form = None
    if tournament.club_id:
        pick_form = MemberPickForm(request.POST if picking else None, tournament=tournament)
    bound = pick_form if picking and pick_form is not None else form
    status = 422 if request.method == "POST" else 200
    if request.method == "POST" and bound.is_valid():
        if bound is form and form.undecided:
            # Nothing registered: the page asks whether a typed name is a club player.
            messages.warning(request, similar_names_message(form.undecided))
            for problem in form.problems:  # said now, not only after the answer
                messages.error(request, problem)
            status = 200
        else:
            done = register(request, tournament, bound, pick_form)
            if done and not (bound is form and form.rejected):
                return redirect("tournament_players", pk=tournament.pk)
            if done:
                form = form.retry()
    players = list(tournament.players.all())
    if request.GET.get("order") == "surname":
        players.sort(key=lambda player: surname_key(player.name))
    drawn = services.next_round_number(tournament) - 1
    return render(
        request,
        "tournaments/players.html",
        {
            "tournament": tournament,
            "players": players,
            "active_count": sum(1 for p in players if p.is_active),
            "form": form,
            "pick_form": pick_form,
            "late": drawn > 0,
            "drawn_rounds": drawn,
            "all_drawn": drawn >= tournament.rounds,
        },
        status=status,
    )


def register(request, tournament, bound, pick_form) -> bool:
    """Register the picked or typed players (the good lines of a batch); False when somebody
    registered the same at the same moment."""
    had_preview = tournament.draws.filter(published_at__isnull=True).exists()
    try:
        if bound is pick_form:
            added = services.register_members(tournament, list(bound.cleaned_data["members"]))
        else:
            added = services.register_players(
                tournament,
                bound.cleaned_data["entries"],
                chosen=bound.chosen(),
                join_club=bool(bound.cleaned_data.get("join_club")),
            )
    except IntegrityError:
        bound.add_error(
            None,
            _("Players: somebody registered the same name or number just now; check the list."),
        )
        return False
    messages.success(
        request,
        _("Registered: %(names)s.")
        % {"names": ", ".join(f"{p.start_number} {p.name}" for p in added)},
    )
    if had_preview:
        messages.warning(request, preview_discarded_message())
    if services.next_round_number(tournament) > tournament.rounds:
        messages.warning(request, not_drawn_message(tournament, added))
    return True


def similar_names_message(names: list[str]) -> str:
    return _(
        "Nothing registered yet: %(names)s may be a player of the club under another "
        "spelling. Answer below, then register."
    ) % {"names": ", ".join(f"“{name}”" for name in names)}


def not_drawn_message(tournament, added) -> str:
    """Registered after the last round was published: nobody will seat him any more."""
    return ngettext(
        "All rounds (%(rounds)s) are drawn, so %(names)s will not be drawn any more and stays "
        "unranked. To let him play, add a round in the settings and draw it.",
        "All rounds (%(rounds)s) are drawn, so %(names)s will not be drawn any more and stay "
        "unranked. To let them play, add a round in the settings and draw it.",
        len(added),
    ) % {"rounds": tournament.rounds, "names": ", ".join(player.name for player in added)}


def preview_discarded_message() -> str:
    return _("The entry list changed, so the unpublished draw was discarded: draw again.")


@login_required
@require_POST
def player_withdraw(request, pk: int, player_id: int):
    return change_withdrawal(request, pk, player_id, withdrawn=True)


@login_required
@require_POST
def player_reinstate(request, pk: int, player_id: int):
    return change_withdrawal(request, pk, player_id, withdrawn=False)


def change_withdrawal(request, pk: int, player_id: int, *, withdrawn: bool):
    tournament = get_tournament(request, pk)
    player = get_object_or_404(Player, pk=player_id, tournament=tournament)
    had_preview = tournament.draws.filter(published_at__isnull=True).exists()
    services.set_withdrawn(player, withdrawn)
    if withdrawn:
        messages.success(
            request,
            _("%(name)s is withdrawn: his results stay, he is not drawn again.")
            % {"name": player.name},
        )
    else:
        messages.success(
            request, _("%(name)s is back and will be drawn again.") % {"name": player.name}
        )
    if had_preview:
        messages.warning(request, preview_discarded_message())
    return redirect("tournament_players", pk=tournament.pk)


@login_required
@require_POST
def organizer_add(request, pk: int):
    tournament = get_tournament(request, pk)
    form = OrganizerForm(request.POST)
    if form.is_valid():
        tournament.organizers.add(form.user)
        messages.success(
            request,
            _("%(name)s is now an organizer of this tournament.")
            % {"name": form.user.get_username()},
        )
    else:
        for error in form.errors.get("username", []):
            messages.error(request, error)
    return redirect("tournament", pk=tournament.pk)


@login_required
@require_POST
def organizer_remove(request, pk: int, user_id: int):
    tournament = get_tournament(request, pk)
    user = get_object_or_404(get_user_model(), pk=user_id, tournaments=tournament)
    if tournament.organizers.count() <= 1:
        messages.error(request, _("A tournament keeps at least one organizer."))
    else:
        tournament.organizers.remove(user)
        messages.success(
            request, _("%(name)s no longer organizes this tournament.") % {"name": user}
        )
        if user == request.user:
            return redirect("tournament_list")
    return redirect("tournament", pk=tournament.pk)
