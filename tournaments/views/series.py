"""A club's series: its evenings and ranking (organizer), printable, CSV, XLSX, and a public
projector page laid out like the tournament's (tournaments-projector.js)."""

from __future__ import annotations

from django.contrib import messages
from django.db.models import Count, Max, Sum
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_safe

from scoring.live import conditional
from scoring.models import Table
from scoring.spreadsheets import csv_response
from scoring.workbooks import add_sheet, new_workbook, xlsx_response
from stichblock.http import require_form_page

from .. import services
from ..access import get_club, login_required
from ..forms import SeriesForm
from ..models import Series
from ..series import rank_series
from .standings import tie_broken_labels


def get_series(request, pk: int) -> Series:
    return get_object_or_404(
        Series.objects.select_related("club"), pk=pk, club__organizers=request.user
    )


@login_required
@require_form_page
def series_edit(request, club_pk: int, pk: int | None = None):
    club = get_club(request, club_pk)
    series = get_object_or_404(Series, pk=pk, club=club) if pk else Series(club=club)
    form = SeriesForm(request.POST or None, instance=series, club=club)
    if request.method == "POST" and form.is_valid():
        series = services.save_series(form, club)
        messages.success(request, _("Series saved."))
        return redirect("series", pk=series.pk)
    status = 422 if request.method == "POST" else 200
    context = {"club": club, "series": series if series.pk else None, "form": form}
    return render(request, "tournaments/series_edit.html", context, status=status)


def ranking_context(series: Series) -> dict:
    ranking = rank_series(series)
    return {"series": series, "ranking": ranking, "rows": ranking.rows}


@login_required
@require_safe
def series_detail(request, pk: int):
    series = get_series(request, pk)
    return render(request, "tournaments/series.html", ranking_context(series))


@login_required
@require_safe
def series_print(request, pk: int):
    series = get_series(request, pk)
    return render(request, "tournaments/series_print.html", ranking_context(series))


def table_rows(ranking):
    """Header and rows of the ranking, as the CSV and the XLSX write them: with the best N,
    which evenings did not count for each player; always how a tie in points was broken."""
    header = [_("Rank"), _("No."), _("Name")]
    header += [tournament.name for tournament in ranking.tournaments]
    header += [_("Evenings"), _("Points")]
    header += [str(column.title) for column in ranking.tie_columns]
    best_of = ranking.series.best_of
    if best_of:
        header += [_("Not counted")]
    header += [_("Tie broken by")]
    tie_labels = tie_broken_labels()  # the words of the tournament's standings CSV
    rows = []
    for row in ranking.rows:
        cells = row.cells(ranking.tournaments)
        line = [row.rank, row.number, row.name]
        line += [cell.points if cell else None for cell in cells]
        line += [row.played, row.points]
        line += row.shown_counts
        if best_of:
            dropped = [
                tournament.name
                for tournament, cell in zip(ranking.tournaments, cells, strict=True)
                if cell is not None and not cell.counted
            ]
            line += ["; ".join(dropped)]
        line += [tie_labels[row.decided_by]]
        rows.append(line)
    return header, rows


@login_required
@require_safe
def series_csv(request, pk: int):
    series = get_series(request, pk)
    header, rows = table_rows(rank_series(series))
    response, writer = csv_response(f"{slugify(series.name) or 'series'}.csv")
    writer.writerow(header)
    for row in rows:
        writer.writerow(row)
    return response


@login_required
@require_safe
def series_xlsx(request, pk: int):
    series = get_series(request, pk)
    header, rows = table_rows(rank_series(series))
    workbook = new_workbook()
    add_sheet(workbook, series.name, header, rows)
    return xlsx_response(workbook, f"{slugify(series.name) or 'series'}.xlsx")


def public_series_of(key: str) -> Series:
    return get_object_or_404(Series, public_key=key)


@require_safe
def public_series(request, key: str):
    series = public_series_of(key)
    return render(request, "tournaments/public_series.html", ranking_context(series))


def series_etag(series: Series) -> str:
    """Changes with every game saved at any of its evenings, and with their entry lists."""
    figures = Table.objects.filter(tournament_table__round__tournament__series=series).aggregate(
        versions=Sum("version"), tables=Count("pk")
    )
    versions = series.tournaments.aggregate(
        entries=Sum("version"), evenings=Count("pk"), top=Max("pk")
    )
    return (
        f'"series-{series.pk}-{figures["tables"]}-{figures["versions"] or 0}-'
        f"{versions['evenings']}-{versions['entries'] or 0}-{versions['top'] or 0}-"
        f'{series.best_of}-{get_language()}"'
    )


@require_safe
def public_series_live(request, key: str):
    series = public_series_of(key)
    return conditional(
        request,
        series_etag(series),
        lambda: render(request, "tournaments/_public_series.html", ranking_context(series)),
    )
