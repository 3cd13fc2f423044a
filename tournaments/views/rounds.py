"""Rounds: draw (preview, redraw, publish), table sheets, live progress, one table's games."""

from __future__ import annotations

import segno
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, gettext_noop
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from scoring.live import conditional
from scoring.models import Revision, TableEvent
from scoring.pads import get_pad
from scoring.services import lock_table, unlock_table
from scoring.tables import summarize

from .. import services
from ..access import get_round, get_tournament, login_required, organizer_author
from ..formats import get_format
from ..forms import UnlockForm
from ..hooks import game_links
from ..live import live_version, round_channels
from ..models import TournamentTable
from ..progress import (
    lock_concerns,
    progress_etag,
    round_progress,
    unbalanced_games,
    unconfirmed_tables,
)


def ask_first(request, tournament, number: int, action: str):
    """The confirmation step before drawing or publishing round ``number`` while tables of
    earlier rounds are not confirmed: a page naming each of them, with a form that does it
    "anyway". None when every table is confirmed or the organizer already said "anyway"."""
    if request.POST.get("anyway") == "1":
        return None
    unconfirmed = unconfirmed_tables(tournament, number)
    if not unconfirmed:
        return None
    context = {
        "tournament": tournament,
        "number": number,
        "action": action,
        "unconfirmed": unconfirmed,
    }
    return render(request, "tournaments/unconfirmed.html", context)


@login_required
@require_POST
def round_draw(request, pk: int):
    """Draw the next round, or redraw its unpublished preview with a new seed."""
    tournament = get_tournament(request, pk)
    number = services.next_round_number(tournament)
    # A redraw asks nothing: the organizer decided when he drew the preview, and publishing
    # it asks again.
    redraw = tournament.draws.filter(number=number, published_at__isnull=True).exists()
    try:
        services.check_drawable(tournament)
        if not redraw and (asked := ask_first(request, tournament, number, "draw")):
            return asked
        round_ = services.draw_round(tournament)
    except services.TournamentError as problem:
        messages.error(request, str(problem))
        return redirect("tournament", pk=tournament.pk)
    return redirect("tournament_round", pk=tournament.pk, number=round_.number)


@login_required
@require_safe
def round_detail(request, pk: int, number: int):
    tournament = get_tournament(request, pk)
    round_ = get_round(tournament, number)
    context = {
        "tournament": tournament,
        "round": round_,
        "fmt": get_format(tournament.game),
        "progress": round_progress(round_),
        "live_version": live_version(round_channels(round_)),
    }
    return render(request, "tournaments/round.html", context)


@login_required
@require_POST
def round_publish(request, pk: int, number: int):
    tournament = get_tournament(request, pk)
    round_ = get_round(tournament, number)
    if not round_.is_published and (asked := ask_first(request, tournament, number, "publish")):
        return asked
    services.publish_round(round_)
    messages.success(
        request,
        _("Round %(n)s is published: print the table sheets; the tables can start.")
        % {"n": number},
    )
    return redirect("tournament_round", pk=tournament.pk, number=number)


@login_required
@require_safe
def round_progress_live(request, pk: int, number: int):
    """The dashboard's progress table; 304 while no table of the round changed."""
    tournament = get_tournament(request, pk)
    round_ = get_round(tournament, number)
    etag = f'"{progress_etag(round_)}-{get_language()}"'
    return conditional(
        request,
        etag,
        lambda: render(
            request,
            "tournaments/_progress.html",
            {
                "tournament": tournament,
                "round": round_,
                "progress": round_progress(round_),
                "live_version": live_version(round_channels(round_)),
            },
        ),
    )


@login_required
@require_safe
def round_sheets(request, pk: int, number: int):
    """Printable table sheets: names, seats, start numbers and the table's scorer QR code."""
    tournament = get_tournament(request, pk)
    round_ = get_round(tournament, number)
    if not round_.is_published:
        messages.error(request, _("Publish the round first: the sheets link to its tables."))
        return redirect("tournament_round", pk=pk, number=number)
    per_page = request.GET.get("per_page", "1")
    fmt = get_format(tournament.game)
    sheets = []
    for tournament_table, seats in services.seating_of(round_):
        key = services.scorer_key(tournament_table.table)
        url = request.build_absolute_uri(reverse("table", args=[key]))
        # segno writes a plain SVG (paths only, no script): safe to inline for printing.
        qr = segno.make(url, error="m").svg_inline(border=2, dark="#111", omitsize=True)
        sheets.append(
            {
                "table": tournament_table,
                "seats": seats,
                "url": url,
                "qr": mark_safe(qr),
                "games": range(1, paper_games(tournament, fmt, len(seats)) + 1),
            }
        )
    return render(
        request,
        "tournaments/sheets.html",
        {
            "tournament": tournament,
            "round": round_,
            "fmt": fmt,
            "sheets": sheets,
            "per_page": per_page if per_page in ("1", "2", "4") else "1",
        },
    )


# Rows of the paper game list for a game that ends at a score (Stichwahl): room enough.
PAPER_ROWS_OPEN = 15


def paper_games(tournament, fmt, players: int) -> int:
    """Rows of a table sheet's empty game list: one per game the table plays in the round."""
    if fmt.open_ended:
        return tournament.games_per_round
    return fmt.length(players, tournament.profile) or PAPER_ROWS_OPEN


def get_tournament_table(tournament, number: int, table_number: int) -> TournamentTable:
    round_ = get_round(tournament, number)
    table = get_object_or_404(
        TournamentTable.objects.select_related("table", "round"), round=round_, number=table_number
    )
    if table.table is None:
        raise Http404
    return table


@login_required
@require_safe
def table_detail(request, pk: int, number: int, table_number: int):
    tournament = get_tournament(request, pk)
    tournament_table = get_tournament_table(tournament, number, table_number)
    return render_table_detail(request, tournament, tournament_table, UnlockForm())


def render_table_detail(request, tournament, tournament_table, unlock_form, status=200):
    table = tournament_table.table
    summary = summarize(table)
    pad = get_pad(table.game)
    revisions = Revision.objects.filter(round__table=table).select_related("round")
    audit = sorted(
        [("revision", r.created_at, r) for r in revisions]
        + [("event", e.created_at, e) for e in TableEvent.objects.filter(table=table)],
        key=lambda item: item[1],
        reverse=True,
    )
    games = [
        {
            "row": row,
            "described": pad.describe(table, row.data),
            "links": game_links(tournament_table, row.number),
        }
        for row in summary.rows
    ]
    context = {
        "tournament": tournament,
        "round": tournament_table.round,
        "tournament_table": tournament_table,
        "table": table,
        "seats": list(tournament_table.seats.select_related("player").order_by("position")),
        "summary": summary,
        "games": games,
        "unbalanced": unbalanced_games(table.game, summary),
        "lock_concerns": [] if table.is_locked else lock_concerns(tournament_table, summary),
        "audit": audit,
        "unlock_form": unlock_form,
        "scorer_key": services.scorer_key(table),
    }
    return render(request, "tournaments/table.html", context, status=status)


@login_required
@require_http_methods(["POST"])
def table_unlock(request, pk: int, number: int, table_number: int):
    tournament = get_tournament(request, pk)
    tournament_table = get_tournament_table(tournament, number, table_number)
    form = UnlockForm(request.POST)
    if not form.is_valid():
        return render_table_detail(request, tournament, tournament_table, form, status=422)
    if unlock_table(
        tournament_table.table,
        organizer_author(request),
        form.cleaned_data["reason"].strip(),
        details={"tournament_table": tournament_table.pk},
    ):
        messages.success(
            request,
            _("Table %(n)s is unlocked: it can be corrected and must be confirmed again.")
            % {"n": table_number},
        )
    return redirect("tournament_table", pk=pk, number=number, table_number=table_number)


@login_required
@require_POST
def table_lock(request, pk: int, number: int, table_number: int):
    """The organizer confirms a table himself (e.g. a table without a second phone). A table
    whose game is not over, or with a game that is not zero-sum, is locked only when he
    ticks "lock anyway": otherwise "Final standings" could rest on a half-played round."""
    tournament = get_tournament(request, pk)
    tournament_table = get_tournament_table(tournament, number, table_number)
    back = redirect("tournament_table", pk=pk, number=number, table_number=table_number)
    table = tournament_table.table
    if table.is_locked:
        messages.info(request, _("This table's result is confirmed already."))
        return back
    summary = summarize(table)
    concerns = lock_concerns(tournament_table, summary)
    anyway = request.POST.get("lock_anyway") == "1"
    if concerns and not anyway:
        for concern in concerns:
            messages.error(request, concern)
        messages.error(
            request,
            _("Lock anyway: tick it to lock table %(n)s all the same; nothing was locked.")
            % {"n": table_number},
        )
        return back
    details = {"tournament_table": tournament_table.pk}
    # Stored untranslated: every reader sees it in his own language (scoring.audit.shown_reason).
    reason = gettext_noop("confirmed by the organizer")
    if concerns:
        unbalanced = unbalanced_games(table.game, summary)
        details["locked_anyway"] = {"over": summary.finished, "not_zero_sum": unbalanced}
        reason = (
            gettext_noop("confirmed by the organizer before the table was over")
            if not summary.finished
            else gettext_noop("confirmed by the organizer with a game that is not zero-sum")
        )
    if lock_table(table, organizer_author(request), reason=reason, details=details):
        messages.success(request, _("Table %(n)s is confirmed and locked.") % {"n": table_number})
    return back
