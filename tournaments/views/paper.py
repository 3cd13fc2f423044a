"""The paper fallback: a table whose phones failed kept its games on the empty game list of
its table sheet; the organizer enters them from the office. A Schafkopf table whose games
are not priced by the evening gets the whole list at once, as the paper holds it: per game
what was played and each player's points (scoring/pads/schafkopf/paper_form.py); other
tables get the pad's own entry form, one game after the other (scoring.rendering.entry_form:
every rule and message stays the scorepad's). Each game is saved under his account with the
reason "vom Papier übertragen", which the audit trails show."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.db import transaction
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring import game_limit
from scoring.models import Access
from scoring.pads import get_pad
from scoring.pads.schafkopf.paper import paper_allowed
from scoring.pads.schafkopf.paper_form import PaperListForm
from scoring.pads.schafkopf.summary import dealer_of
from scoring.rendering import entry_form
from scoring.services import LOCKED_MESSAGE, Conflict, Locked, Misplaced, save_round
from scoring.tables import summarize
from stichblock.http import require_form_page

from ..access import get_tournament, login_required, organizer_author
from ..formats import get_format
from .rounds import get_tournament_table, paper_games

# Stored untranslated; every reader sees it in his language (scoring.audit.shown_reason).
FROM_PAPER = gettext_noop("transferred from paper")


@login_required
@require_form_page
def table_paper(request, pk: int, number: int, table_number: int):
    tournament = get_tournament(request, pk)
    tournament_table = get_tournament_table(tournament, number, table_number)
    table = tournament_table.table
    here = reverse("table_paper", args=[pk, number, table_number])
    if table.is_locked:
        messages.error(request, LOCKED_MESSAGE)
        return redirect("tournament_table", pk=pk, number=number, table_number=table_number)
    pad = get_pad(table.game)
    summary = summarize(table)
    if table.game == "schafkopf" and paper_allowed(table.profile):
        if not request.GET.get("full"):
            return paper_list(request, tournament, tournament_table, summary, here)
        here += "?full=1"  # one game with everything the pad asks (the paper says more)
    game = summary.next_round
    author = organizer_author(request)
    form = None
    if game is not None:
        initial = {"base": 0, "submission": uuid.uuid4()}
        data = request.POST if request.method == "POST" else None
        form = entry_form(pad, table, summary, game, data=data, initial=initial)
        # Saved under the signed-in account: no "Entered by" to type and be ignored.
        form.fields.pop("author", None)
    if request.method == "POST" and form is not None and form.is_valid():
        data, complete, scores = pad.round_from_form(table, summary, form)
        try:
            save_round(
                table,
                game,
                data=data,
                scores=scores,
                complete=complete,
                base=form.cleaned_data["base"],
                submission=form.cleaned_data["submission"],
                author=author,
                reason=FROM_PAPER,
            )
        except (Conflict, Misplaced):
            messages.error(
                request,
                _("Game %(n)s was saved meanwhile (a phone at the table?); check the list.")
                % {"n": game},
            )
        except Locked:
            messages.error(request, LOCKED_MESSAGE)
        else:
            messages.success(request, _("Game %(n)s transferred from paper.") % {"n": game})
        return redirect(here)
    context = {
        "tournament": tournament,
        "round": tournament_table.round,
        "tournament_table": tournament_table,
        "table": table,
        "pad": pad,
        "summary": summary,
        "form": form,
        "form_html": form and office_form(request, table, pad, summary, form, here),
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/paper.html", context, status=status)


def office_form(request, table, pad, summary, form, action: str):
    """The pad's entry template, sent here instead of to the table link's save URL."""
    access = Access.objects.get(table=table, role=Access.Role.SCORER)
    context = {"access": access, "table": table, "pad": pad, "summary": summary, "form": form}
    html = render_to_string(pad.entry_template, context, request=request)
    saving = reverse("round_save", args=[access.key, form.round_number])
    return mark_safe(html.replace(f'action="{saving}"', f'action="{action}"', 1))


# Rows offered beyond the games still to play where a thrown-in deal does not count.
SPARE_ROWS = 4


def paper_list(request, tournament, tournament_table, summary, here: str):
    """The whole paper game list at once; every row is saved in one transaction (all or
    nothing), each with a submission derived from the form's token: a repeat stores nothing
    twice."""
    table = tournament_table.table
    form = None
    if summary.next_round is not None:
        form = paper_form(request, tournament, table, summary)
    elif request.method == "POST":  # sent again after its games were all saved
        return redirect(here)
    if request.method == "POST" and form is not None and form.is_valid():
        saved = save_paper_games(table, form, organizer_author(request))
        if saved is not None:
            first, last = form.games[0][0], form.games[-1][0]
            if first == last:
                messages.success(request, _("Game %(n)s transferred from paper.") % {"n": first})
            else:
                text = _("Games %(first)s to %(last)s transferred from paper.")
                messages.success(request, text % {"first": first, "last": last})
            return redirect(here)
        form.add_error(
            None,
            _("Nothing was saved: a game of these was saved meanwhile (a phone at the table?); "
              "check the list."),
        )  # fmt: skip
    context = {
        "tournament": tournament,
        "round": tournament_table.round,
        "tournament_table": tournament_table,
        "table": table,
        "summary": summary,
        "paper_form": form,
        "players": summary.players,
        "full_form": here + "?full=1",
    }
    status = 422 if request.method == "POST" else 200
    return render(request, "tournaments/paper_list.html", context, status=status)


def paper_form(request, tournament, table, summary) -> PaperListForm:
    """The form from the table's next game on; a posted one keeps the games it was made for
    (its first game may be saved by now, when it is sent again)."""
    next_game = summary.next_round
    first = next_game
    if request.method == "POST":
        posted = request.POST.get("first", "")
        if posted.isascii() and posted.isdecimal() and 1 <= int(posted) <= next_game:
            first = int(posted)
    players = summary.players
    options = table.options
    required = game_limit.games_required(options)
    before = [row for row in summary.rows if row.number < first]
    if required is None:
        last = paper_games(tournament, get_format(table.game), len(players))
        room = last - len(before)
    else:
        room = required - game_limit.games_counted(options, before)
        spare = 0 if game_limit.thrown_in_counts(options) else SPARE_ROWS
        last = first + room - 1 + spare
    return PaperListForm(
        request.POST if request.method == "POST" else None,
        players=players,
        profile=table.profile,
        first=first,
        last=max(first, last),
        dealer=dealer_of(table, summary.rows, first),
        room=room,
        counts=lambda data: game_limit.counts(options, data),
    )


def save_paper_games(table, form: PaperListForm, author):
    """Every filled row as a revision of its game; None (nothing saved) when one was saved
    meanwhile by somebody else, or the table was locked."""
    token = form.cleaned_data["token"]
    try:
        with transaction.atomic():
            return [
                save_round(
                    table,
                    number,
                    data=data,
                    scores=points,
                    complete=True,
                    base=0,
                    submission=uuid.uuid5(token, str(number)),
                    author=author,
                    reason=FROM_PAPER,
                )
                for number, data, points in form.games
            ]
    except (Conflict, Misplaced, Locked):
        return None
