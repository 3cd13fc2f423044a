"""Scorepad views: create a table, enter and correct rounds, watch live, share links."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.formats import time_format
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from stichblock.http import require_form_page

from . import live, saving
from .access import Scope, author_of, table_link
from .answers import json_invalid, qr_response, wants_json
from .audit import audit_trail, write_csv
from .hooks import round_panels
from .models import Access, Game, Revision
from .pads import PADS, get_pad
from .rendering import (
    AHEAD_KEEP,
    ahead_window,
    entry_form,
    entry_initial,
    is_stale,
    live_fragment,
    render_ahead,
    render_for_viewers,
    render_moved_on,
    sheet_page_context,
    table_context,
)
from .saving import nouns
from .services import (
    LOCKED_MESSAGE,
    Conflict,
    Locked,
    create_table,
    void_round,
)
from .spreadsheets import csv_response
from .tables import round_history, sheet_rows, summarize
from .voids import VoidForm, void_refusal
from .workbooks import Money, add_sheet, new_workbook, xlsx_response

MY_TABLES = "tables"  # session key: scorer links of tables this browser created or scored
MY_TABLES_KEEP = 20


def remember_table(request, access: Access) -> None:
    keys = request.session.get(MY_TABLES, [])
    if keys[:1] == [access.key]:
        return  # already first: no session write (a database commit) on every page view
    keys = [k for k in keys if k != access.key]
    request.session[MY_TABLES] = [access.key, *keys][:MY_TABLES_KEEP]


@require_safe
def home(request):
    keys = request.session.get(MY_TABLES, [])
    accesses = {a.key: a for a in Access.objects.select_related("table").filter(key__in=keys)}
    my_tables = [accesses[key] for key in keys if key in accesses]
    games = [(game, game.label, game.value in PADS) for game in Game]
    return render(request, "scoring/home.html", {"games": games, "my_tables": my_tables})


@require_form_page
def table_new(request, game: str):
    if game not in PADS:
        raise Http404
    pad = get_pad(game)
    form = pad.create_form_class(request.POST or None, initial={"author": author_of(request).name})
    if request.method == "POST" and form.is_valid():
        profile_name = pad.profile_name_from_form(form)
        table = create_table(
            game=game,
            title=form.cleaned_data["title"],
            players=form.cleaned_data["players"],
            profile_name=profile_name,
            profile=pad.settings_from_form(form),
            options=pad.table_options(form),
            submission=form.cleaned_data["submission"],
        )
        if form.cleaned_data["author"]:
            request.session["author"] = form.cleaned_data["author"]
        scorer = table.accesses.get(role=Access.Role.SCORER)
        remember_table(request, scorer)
        return redirect("table", key=scorer.key)
    status = 422 if request.method == "POST" else 200
    return render(
        request, "scoring/table_new.html", {"form": form, "game": Game(game)}, status=status
    )


@require_safe
@table_link
def table_page(request, scope: Scope):
    if scope.can_edit:
        remember_table(request, scope.access)
    return render(request, "scoring/table.html", sheet_page_context(request, scope))


@require_safe
@table_link
def table_live(request, scope: Scope):
    """The part of the table page that other phones update; 304 when nothing changed.

    Most 304s are answered earlier by scoring.middleware.LivePollMiddleware."""
    access = scope.access
    if untouched_form_went_stale(request, scope):
        return next_form_answer(request, scope)
    state = live.state_of(request, access.role, scope.table.version, get_language())
    # Every phone on the same link with the same open form gets the same bytes, and a table's
    # version changes with every save: a cached fragment is never out of date.
    cache_key = f"live:{live.CACHE_FORMAT}:{access.key}:{state}:{int(bool(request.htmx))}"

    def fragment() -> str:
        form_round, form_base = live.open_form(request)
        htmx = bool(request.htmx)
        return live_fragment(scope, form_round, form_base, oob=htmx, request=request)

    return live.conditional(
        request,
        live.live_etag(access.key, state),
        lambda: HttpResponse(live.cached(cache_key, fragment)),
    )


def untouched_form_went_stale(request, scope: Scope) -> bool:
    """The phone's open form is untouched (the page says so with ``untouched=1``) and another
    phone saved its round meanwhile: rather than warn, give the phone the form it needs now."""
    if request.GET.get("untouched") != "1" or not scope.can_edit or scope.table.is_locked:
        return False
    return is_stale(summarize(scope.table), *live.open_form(request))


def next_form_answer(request, scope: Scope) -> HttpResponse:
    """The live fragment as for a phone with the table's next form open, and that form with a
    word on why it changed (``#entry-area``, swapped in beside it by htmx). It holds this
    phone's CSRF token and a new submission: never cached, no ETag."""
    context = table_context(request, scope, panels=())
    context["oob"] = True
    context["moved_from"] = int(live.open_form(request)[0])
    response = render(request, "scoring/_moved_on.html", context)
    response["Stichblock-Entry"] = "moved-on"
    patch_cache_control(response, no_store=True, private=True)
    return response


@require_safe
@table_link(edit=True)
def table_ahead(request, scope: Scope):
    """The rounds after ``?after=N`` (``AHEAD_KEEP`` of them), which a scorer phone keeps to
    go on entering rounds while offline (static/js/ahead.js). A round ahead depends only on
    its number and the table's fixed settings, so saves do not make the answer stale: the
    phone asks after a multiple of ``AHEAD_STEP`` and gets 304 until the table has moved on
    that far, and each answer is rendered once per table, language and ``after``. The forms
    carry no CSRF token, submission or author: the phone adds its own to each copy."""
    access = scope.access
    # The window that holds round ``after + 1`` (ahead.js asks for a multiple of AHEAD_STEP;
    # any other number would be one more rendering of its own).
    after = ahead_window(int(live.small_number(request.GET.get("after", "")) or 0))
    state = f"ahead-{after}-{AHEAD_KEEP}-{get_language()}-{int(scope.table.is_locked)}"
    return live.conditional(
        request,
        live.live_etag(access.key, state),
        lambda: HttpResponse(render_ahead(access, after)),
    )


@require_POST
@table_link(edit=True)
def round_save(request, scope: Scope, number: int):
    """A round's entry posted: decided once (scoring.saving.decide), answered the way its
    client reads it: JSON for the outbox, the sheet's parts in place, or a page."""
    outcome = saving.decide(request, scope, number)
    if outcome.state == "saved" and outcome.created:
        render_for_viewers(scope.table)
        render_moved_on(request, scope.table, outcome.stored_round)
    if wants_json(request):
        return save_json(scope, outcome)
    if answers_in_place(request):
        return save_in_place(request, scope, outcome)
    return save_page(request, scope, outcome)


def save_json(scope: Scope, outcome: saving.Outcome):
    """The outbox's answer (no flash message: the queue sends in the background and says so
    itself)."""
    if outcome.state in ("saved", "unchanged"):
        return json_saved(outcome, created=outcome.created)
    if outcome.state == "locked":
        return json_locked()
    if outcome.state in ("refused", "misplaced"):
        return json_refused(outcome.message)
    if outcome.state == "conflict":
        return json_conflict(outcome)
    return json_invalid(outcome.form)


def save_in_place(request, scope: Scope, outcome: saving.Outcome):
    """The sheet page's parts a save changes, with what became of the entry in the
    Stichblock-Entry header (static/js/save.js keeps or lets go of the entry by it)."""
    state = outcome.state
    if state in ("saved", "unchanged"):
        flash_saved(request, outcome)
        if not outcome.created:
            scope.table.refresh_from_db()  # stored by an earlier request (a repeat): its version
        return entry_answer(request, scope, state)
    if state in ("locked", "refused"):
        messages.error(request, outcome.message)
        return entry_answer(request, scope, state, 423 if state == "locked" else 422)
    extra = conflict_parts(outcome)
    if state == "conflict":
        return entry_answer(request, scope, "conflict", 409, form=outcome.form, **extra)
    return entry_answer(request, scope, "invalid", 422, form=outcome.form, **extra)


def save_page(request, scope: Scope, outcome: saving.Outcome):
    """A form posted as a page (a round's page, or without JavaScript): Post/Redirect/Get
    once the entry is stored or cannot be; its form again when it needs a decision."""
    key = scope.access.key
    if outcome.state in ("saved", "unchanged"):
        flash_saved(request, outcome)
        return redirect(reverse("table", args=[key]) + f"#round-{outcome.stored_round}")
    if outcome.state in ("locked", "refused"):
        messages.error(request, outcome.message)
        return redirect("table", key=key)
    status = 409 if outcome.state == "conflict" else 422
    extra = {"form": outcome.form, **conflict_parts(outcome)}
    if outcome.on_round_page:
        context = round_context(request, scope, outcome.number, **extra)
        return render(request, "scoring/round.html", context, status=status)
    context = sheet_page_context(request, scope, **extra)
    return render(request, "scoring/table.html", context, status=status)


def flash_saved(request, outcome: saving.Outcome) -> None:
    if outcome.state == "unchanged" or not outcome.created:
        if outcome.stored_round != outcome.number or outcome.state == "unchanged":
            messages.info(request, outcome.message)
        return
    messages.success(request, outcome.message)
    for hint in outcome.hints:
        messages.warning(request, hint)


def conflict_parts(outcome: saving.Outcome) -> dict:
    """What a conflict's form shows beside the entry (scoring/_conflict.html); nothing for a
    form that only has mistakes."""
    if outcome.state != "conflict" and not outcome.ways:
        return {}
    return {
        "conflict": outcome.conflict,
        "conflict_pairs": outcome.conflict_values,
        "conflict_ways": outcome.ways,
        "conflict_message": outcome.message,
        "conflict_this_phone": outcome.this_phone,
    }


# --- the answer in place to a save sent from the sheet page (docs/scorepad.md, "Saving") ------


def answers_in_place(request) -> bool:
    """static/js/save.js sends a save from the sheet page itself (``HX-Request``) and swaps in the
    answer: the next round's form, the messages and the sheet (also for a round that another
    phone completed meanwhile: the conflict shows on the sheet). The page keeps its event
    stream, and the server renders no whole page. A round's page, and every form sent without
    JavaScript, still posts and gets a new page."""
    return bool(request.htmx)


def entry_answer(request, scope: Scope, state: str, status: int = 200, **extra):
    """The sheet page's parts that a save changes (scoring/_entry_answer.html); ``state``
    (saved, unchanged, conflict, invalid) in the Stichblock-Entry header tells save.js what
    became of the entry it keeps."""
    context = table_context(request, scope, oob=True, **extra)
    response = render(request, "scoring/_entry_answer.html", context, status=status)
    response["Stichblock-Entry"] = state
    return response


# --- JSON answers of round_save (docs/scorepad.md, "Offline") ---------------------------------


def json_saved(outcome: saving.Outcome, *, created: bool):
    """201 for a new revision; 200 when nothing new was stored (the submission was stored
    before — a retry, or the entry saved as another round — or nothing changed). ``round``
    is where the entry is stored; ``hints``: the pad's doubts about the round."""
    revision = outcome.revision
    answer = {
        "saved": True,
        "created": created,
        "round": outcome.stored_round,
        "revision": revision.number,
        "complete": revision.complete,
        "message": outcome.message,
        "hints": [str(hint) for hint in outcome.hints],
    }
    return JsonResponse(answer, status=201 if created else 200)


def json_locked():
    return JsonResponse({"locked": True, "message": str(LOCKED_MESSAGE)}, status=423)


def json_refused(message: str):
    """A round that cannot be entered now (not the next one, or the game is over)."""
    return JsonResponse({"errors": {"__all__": [message]}, "message": message}, status=422)


def json_conflict(outcome: saving.Outcome):
    """409: another phone (or this one: ``this_phone``) saved the round since the entry's base
    revision, or this very submission was stored before with other content; ``current`` is
    that stored entry as the history shows it, ``base`` the revision to build on to replace
    it, ``next`` the round and base to save it as the next round instead (or null)."""
    current = outcome.conflict
    answer = {
        "conflict": True,
        "round": outcome.number,
        "message": outcome.message,
        "base": outcome.ways["replace_base"],
        "next": outcome.ways["next"],
        "this_phone": outcome.this_phone,
        "current": None,
    }
    if current is not None:
        answer["current"] = {
            "revision": current.number,
            # As the conflict page says it: a name, else "a phone" (never a device id).
            "author": current.author or _("a phone"),
            "time": time_format(timezone.localtime(current.created_at), "H:i"),
            "at": current.created_at.isoformat(),
            "complete": current.complete,
            "values": [[label, value] for label, value in outcome.conflict_values],
        }
    return JsonResponse(answer, status=409)


def round_context(request, scope: Scope, number: int, **extra) -> dict:
    access, table = scope.access, scope.table
    history = round_history(table, number)
    if not history:
        raise Http404
    summary = summarize(table)
    context = {
        "access": access,
        "table": table,
        "pad": get_pad(table.game),
        "summary": summary,
        "number": number,
        "history": history,
        "round_panels": round_panels(request, access, number),
        **extra,
    }
    current = history[0]["revision"]
    voided = current.source == Revision.Source.VOID
    changeable = scope.can_edit and not table.is_locked and not voided
    if changeable and not void_refusal(context["pad"], table, summary, number):
        context.setdefault("void_form", VoidForm(initial={"base": current.number}))
    if changeable and "form" not in extra:
        context["form"] = entry_form(
            get_pad(table.game),
            table,
            summary,
            number,
            revision=history[0]["revision"],
            initial=entry_initial(request, summary.row(number)),
        )
    return context


@require_POST
@table_link(edit=True)
def round_void(request, scope: Scope, number: int):
    """Strike the last round off the sheet, as a revision with its reason."""
    access = scope.access
    table = access.table
    pad = get_pad(table.game)
    refusal = void_refusal(pad, table, summarize(table), number)
    if refusal:
        messages.error(request, refusal)
        return redirect("round", key=access.key, number=number)
    form = VoidForm(request.POST)
    if not form.is_valid():
        context = round_context(request, scope, number, void_form=form)
        return render(request, "scoring/round.html", context, status=422)
    try:
        _revision, created = void_round(
            table,
            number,
            base=form.cleaned_data["base"],
            submission=form.cleaned_data["submission"],
            author=author_of(request),
            reason=form.cleaned_data["reason"].strip(),
        )
    except Locked:
        messages.error(request, LOCKED_MESSAGE)
        return redirect("round", key=access.key, number=number)
    except Conflict:
        messages.error(
            request,
            _("%(Noun)s %(n)s was changed on another phone meanwhile: look at it again.")
            % nouns(pad, number),
        )
        return redirect("round", key=access.key, number=number)
    if created:
        messages.success(request, _("%(Noun)s %(n)s struck off the sheet.") % nouns(pad, number))
    return redirect("table", key=access.key)


@require_safe
@table_link
def round_page(request, scope: Scope, number: int):
    return render(request, "scoring/round.html", round_context(request, scope, number))


@require_form_page
@table_link
def pad_page(request, scope: Scope, page: str):
    """A game's own extra page (e.g. the Schafkopf Spielliste), listed in ``Pad.pages``.
    Every link may read it; only a scorer link may post to it."""
    access = scope.access
    if request.method == "POST":
        scope.require_edit()
    view = get_pad(access.table.game).pages().get(page)
    if view is None:
        raise Http404
    return view(request, access)


@require_safe
@table_link
def audit(request, scope: Scope):
    """Every change to this table in time order; ``?format=csv`` downloads it."""
    access = scope.access
    table = access.table
    entries = audit_trail(table)
    if request.GET.get("format") == "csv":
        response, writer = csv_response(f"stichblock-{table.game}-{table.pk}-audit.csv")
        write_csv(entries, writer)
        return response
    context = {"access": access, "table": table, "pad": get_pad(table.game), "entries": entries}
    return render(request, "scoring/audit.html", context)


@require_safe
@table_link
def sheet_csv(request, scope: Scope):
    """The score sheet (rounds × players, totals, money) for a club's annual spreadsheet."""
    table = scope.access.table
    response, writer = csv_response(f"stichblock-{table.game}-{table.pk}.csv")
    for row in sheet_rows(table):
        writer.writerow(row)
    return response


@require_safe
@table_link
def sheet_xlsx(request, scope: Scope):
    """The score sheet as a real spreadsheet: the CSV's rows, numbers as numbers and the
    money row in euros with a currency format."""
    table = scope.access.table
    rows = sheet_rows(table)
    if getattr(summarize(table), "has_money", False):  # the last row is the money, in cents
        rows[-1] = [_("Money"), "", *(Money(cents) for cents in rows[-1][2:])]
    workbook = new_workbook()
    add_sheet(workbook, table.heading, rows[0], rows[1:])
    return xlsx_response(workbook, f"stichblock-{table.game}-{table.pk}.xlsx")


@require_safe
@table_link
def share(request, scope: Scope):
    access = scope.access
    links = access.table.accesses.all() if scope.can_edit else [access]
    shown = [
        {"access": link, "url": request.build_absolute_uri(reverse("table", args=[link.key]))}
        for link in links
        if link.role in (Access.Role.SCORER, Access.Role.VIEWER)
    ]
    return render(
        request, "scoring/share.html", {"access": access, "table": access.table, "links": shown}
    )


@require_safe
@table_link
def qr_code(request, scope: Scope):
    """The QR code of a link, as SVG: whoever has the link may see its code."""
    return qr_response(request.build_absolute_uri(reverse("table", args=[scope.access.key])))
