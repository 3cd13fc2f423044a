"""Scorepad views: create a table, enter and correct rounds, watch live, share links."""

from __future__ import annotations

import uuid

import segno
from django.contrib import messages
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_cache_control
from django.utils.crypto import salted_hmac
from django.utils.text import capfirst
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from . import game_limit
from .audit import audit_trail, write_csv
from .hooks import round_panels, table_panels
from .models import Access, Game, Revision
from .pads import PADS, get_pad
from .services import Author, Conflict, Locked, create_table, current_revisions, save_round
from .spreadsheets import csv_response

MY_TABLES = "tables"  # session key: scorer links of tables this browser created or scored
MY_TABLES_KEEP = 20


LOCKED_MESSAGE = gettext_lazy(
    "This table's result is confirmed and locked; ask the organizer to unlock it."
)


def get_access(key: str) -> Access:
    return get_object_or_404(Access.objects.select_related("table"), key=key)


def require_scorer(access: Access) -> None:
    if not access.can_score:
        raise PermissionDenied(_("This link is read-only: it cannot enter or correct results."))


def remember_table(request, access: Access) -> None:
    keys = request.session.get(MY_TABLES, [])
    if keys[:1] == [access.key]:
        return  # already first: no session write (a database commit) on every page view
    keys = [k for k in keys if k != access.key]
    request.session[MY_TABLES] = [access.key, *keys][:MY_TABLES_KEEP]


def author_of(request) -> Author:
    device = request.session.setdefault("device", uuid.uuid4().hex[:8])
    return Author(name=request.session.get("author", ""), device=device)


def organizer_author(request) -> Author:
    """A logged-in organizer as the author of what he does on a table (locks, disputes)."""
    name = _("%(user)s (organizer)") % {"user": request.user.get_username()}
    return Author(name=name[:60], device=author_of(request).device)


@require_GET
def home(request):
    keys = request.session.get(MY_TABLES, [])
    accesses = {a.key: a for a in Access.objects.select_related("table").filter(key__in=keys)}
    my_tables = [accesses[key] for key in keys if key in accesses]
    games = [(game, game.label, game.value in PADS) for game in Game]
    return render(request, "scoring/home.html", {"games": games, "my_tables": my_tables})


@require_http_methods(["GET", "POST"])
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


def nouns(pad, number: int) -> dict:
    """Message values naming a round the game's way: "Runde 3", "Spiel 3", "Durchgang 3"."""
    noun = str(pad.round_noun)
    return {"noun": noun, "Noun": capfirst(noun), "n": number}


def summarize(table, revisions=None):
    """The pad's summary, cut off at ``options["games_required"]`` when the table has one
    (a tournament round plays a fixed number of games; scoring.game_limit says which games
    count). ``revisions``: the table's current revisions when the caller fetched them
    already (e.g. for many tables in one query)."""
    pad = get_pad(table.game)
    revisions = current_revisions(table) if revisions is None else revisions
    summary = pad.summarize(table, game_limit.within_limit(table.options, revisions))
    if game_limit.limit_reached(table.options, summary):
        summary.next_round = None
        summary.finished = True
        summary.info = {}
        if not summary.winners:
            top = max(summary.totals)
            summary.winners = [seat for seat, total in enumerate(summary.totals) if total == top]
    return summary


def entry_initial(request, row) -> dict:
    return {
        "base": row.revision.number if row else 0,
        "submission": uuid.uuid4(),
        "author": author_of(request).name,
    }


def table_context(request, access: Access, **extra) -> dict:
    table = access.table
    pad = get_pad(table.game)
    summary = summarize(table)
    context = {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "form_round": summary.next_round,
        "form_base": 0,
        **extra,
    }
    if "panels" not in extra:  # the live fragment shows none: it skips their queries
        context["panels"] = table_panels(request, access, summary)
    if access.can_score and summary.next_round and "form" not in extra and not table.is_locked:
        row = summary.row(summary.next_round)
        context["form"] = pad.entry_form(
            table,
            summary,
            summary.next_round,
            revision=row.revision if row else None,
            initial=entry_initial(request, row),
        )
    form = context.get("form")
    if form is not None:
        context["form_round"] = form.round_number
        context["form_base"] = form["base"].value()
    return context


@require_GET
def table_page(request, key: str):
    access = get_access(key)
    if access.can_score:
        remember_table(request, access)
    return render(request, "scoring/table.html", table_context(request, access))


LIVE_CACHE_SECONDS = 600


def small_number(value: str) -> str:
    """A query value that must be a small number (it becomes part of cache keys), else ""."""
    return value if value.isdigit() and len(value) <= 6 else ""


def live_state(request, key: str, language: str) -> str | None:
    """What a phone's copy of the live fragment depends on, None for no such link: the
    table's version, the link's role, the language and the phone's open form."""
    found = Access.objects.poll_state(key)
    if found is None:
        return None
    role, version = found
    form_round = small_number(request.GET.get("round", ""))
    form_base = small_number(request.GET.get("base", ""))
    return f"{version}-{role}-{language}-{form_round}-{form_base}"


def live_etag(key: str, state: str) -> str:
    """The ETag of a live fragment, signed: nobody can forge a matching one for a guessed key,
    so the early 304 (scoring.middleware) tells nothing to someone guessing links."""
    return (
        '"' + salted_hmac("live-etag", f"{key}:{state}", algorithm="sha256").hexdigest()[:24] + '"'
    )


def not_modified(etag: str) -> HttpResponseNotModified:
    response = HttpResponseNotModified()
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


@require_GET
def table_live(request, key: str):
    """The part of the table page that other phones update; 304 when nothing changed.

    Most 304s are answered earlier by scoring.middleware.LivePollMiddleware."""
    state = live_state(request, key, get_language())
    if state is None:
        raise Http404
    etag = live_etag(key, state)
    if request.headers.get("If-None-Match") == etag:
        return not_modified(etag)
    # Every phone on the same link with the same open form gets the same bytes, and a table's
    # version changes with every save: a cached fragment is never out of date.
    cache_key = f"live:{key}:{state}:{int(bool(request.htmx))}"
    html = cache.get(cache_key)
    if html is None:
        # A save landing in between only makes this copy newer than its key: harmless, the
        # next poll sees the new version and fetches again.
        html = render_live(request, get_access(key))
        cache.set(cache_key, html, LIVE_CACHE_SECONDS)
    response = HttpResponse(html)
    response["ETag"] = etag
    patch_cache_control(response, no_cache=True, private=True)
    return response


def render_live(request, access: Access) -> str:
    form_round = small_number(request.GET.get("round", ""))
    form_base = small_number(request.GET.get("base", ""))
    context = table_context(request, access, form=None, panels=())
    # Poll on with the phone's own open form (not the next round): the URL, and with it the
    # ETag the browser revalidates, stays the same until the phone reloads, and the warning
    # names the round the phone has open. Viewers have no form to go stale.
    if form_round and form_base:
        context["form_round"], context["form_base"] = int(form_round), int(form_base)
    context["stale_form"] = access.can_score and is_stale(context["summary"], form_round, form_base)
    return render_to_string("scoring/_live.html", context, request=request)


def is_stale(summary, form_round: str, form_base: str) -> bool:
    """True when the round a phone has open was saved elsewhere since it loaded the form."""
    if not form_round.isdigit() or not form_base.isdigit():
        return False
    row = summary.row(int(form_round))
    return (row.revision.number if row else 0) != int(form_base)


@require_POST
def round_save(request, key: str, number: int):
    access = get_access(key)
    require_scorer(access)
    table = access.table
    if table.is_locked:
        messages.error(request, LOCKED_MESSAGE)
        return redirect("table", key=key)
    pad = get_pad(table.game)
    summary = summarize(table)
    row = summary.row(number)
    if row is None and number != summary.next_round:
        if summary.finished:
            refusal = _("The game is over: %(noun)s %(n)s cannot be entered any more.")
        else:
            refusal = _("%(Noun)s %(n)s cannot be entered yet: finish %(noun)s %(open)s first.")
        messages.error(request, refusal % {**nouns(pad, number), "open": summary.next_round})
        return redirect("table", key=key)
    # Corrections of finished rounds live on the round's page, new entries on the sheet.
    on_round_page = row is not None and row.complete
    form = pad.entry_form(table, summary, number, data=request.POST)
    if form.is_valid():
        data, complete, scores = pad.round_from_form(table, summary, form)
        if not complete and any(later.number > number for later in summary.rows):
            form.add_error(
                None,
                _("%(Noun)s %(n)s must stay complete: later ones are already saved.")
                % nouns(pad, number),
            )
    if not form.is_valid():
        return render_entry(request, access, number, on_round_page, 422, form=form)

    name = form.cleaned_data["author"].strip()
    if name and request.session.get("author") != name:
        request.session["author"] = name
    back = reverse("table", args=[key]) + f"#round-{number}"
    base = form.cleaned_data["base"]
    if row is not None and base == row.revision.number and row.revision.data == data:
        messages.info(request, _("%(Noun)s %(n)s: nothing changed.") % nouns(pad, number))
        return redirect(back)
    try:
        _revision, created = save_round(
            table,
            number,
            data=data,
            scores=scores,
            complete=complete,
            base=base,
            submission=form.cleaned_data["submission"],
            author=author_of(request),
            reason=form.cleaned_data["reason"].strip(),
            source=Revision.Source.CORRECTION if row else Revision.Source.ENTRY,
        )
    except Locked:
        messages.error(request, LOCKED_MESSAGE)
        return redirect("table", key=key)
    except Conflict as conflict:
        # Keep what this phone typed; saving it again (now based on the newer revision)
        # deliberately replaces the newer entry, and both stay in the history.
        retry_data = request.POST.copy()
        retry_data["base"] = conflict.current.number if conflict.current else 0
        retry_data["submission"] = str(uuid.uuid4())
        retry = pad.entry_form(table, summary, number, data=retry_data)
        retry.is_valid()
        pairs = pad.describe(table, conflict.current.data) if conflict.current else []
        return render_entry(
            request,
            access,
            number,
            on_round_page,
            409,
            form=retry,
            conflict=conflict.current,
            conflict_pairs=pairs,
        )
    if created:
        messages.success(request, _("%(Noun)s %(n)s saved.") % nouns(pad, number))
    return redirect(back)


def render_entry(request, access, number, on_round_page, status, **extra):
    if on_round_page:
        context = round_context(request, access, number, **extra)
        return render(request, "scoring/round.html", context, status=status)
    return render(
        request, "scoring/table.html", table_context(request, access, **extra), status=status
    )


def round_context(request, access: Access, number: int, **extra) -> dict:
    table = access.table
    pad = get_pad(table.game)
    summary = summarize(table)
    revisions = list(
        Revision.objects.filter(round__table=table, round__number=number).order_by("-number")
    )
    if not revisions:
        raise Http404
    history = []
    for revision, older in zip(revisions, [*revisions[1:], None], strict=True):
        pairs = pad.describe(table, revision.data)
        before = dict(pad.describe(table, older.data)) if older else {}
        changes = [
            (label, before.get(label), value)
            for label, value in pairs
            if before.get(label) != value
        ]
        history.append({"revision": revision, "changes": changes if older else [], "pairs": pairs})
    context = {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "number": number,
        "history": history,
        "round_panels": round_panels(request, access, number),
        **extra,
    }
    if access.can_score and "form" not in extra and not table.is_locked:
        current = revisions[0]
        context["form"] = pad.entry_form(
            table,
            summary,
            number,
            revision=current,
            initial=entry_initial(request, summary.row(number)),
        )
    return context


@require_GET
def round_page(request, key: str, number: int):
    access = get_access(key)
    return render(request, "scoring/round.html", round_context(request, access, number))


@require_http_methods(["GET", "POST"])
def pad_page(request, key: str, page: str):
    """A game's own extra page (e.g. the Schafkopf Spielliste), listed in ``Pad.pages``."""
    access = get_access(key)
    view = get_pad(access.table.game).pages().get(page)
    if view is None:
        raise Http404
    return view(request, access)


@require_GET
def audit(request, key: str):
    """Every change to this table in time order; ``?format=csv`` downloads it."""
    access = get_access(key)
    table = access.table
    entries = audit_trail(table)
    if request.GET.get("format") == "csv":
        response, writer = csv_response(f"stichblock-{table.game}-{table.pk}-audit.csv")
        write_csv(entries, writer)
        return response
    context = {"access": access, "table": table, "pad": get_pad(table.game), "entries": entries}
    return render(request, "scoring/audit.html", context)


@require_GET
def share(request, key: str):
    access = get_access(key)
    links = access.table.accesses.all() if access.can_score else [access]
    shown = [
        {"access": link, "url": request.build_absolute_uri(reverse("table", args=[link.key]))}
        for link in links
        if link.role in (Access.Role.SCORER, Access.Role.VIEWER)
    ]
    return render(
        request, "scoring/share.html", {"access": access, "table": access.table, "links": shown}
    )


@require_GET
def qr_code(request, key: str):
    """The QR code of a link, as SVG: whoever has the link may see its code."""
    access = get_access(key)
    url = request.build_absolute_uri(reverse("table", args=[access.key]))
    svg = segno.make(url, error="m").svg_inline(scale=4, border=2, dark="#111")
    response = HttpResponse(svg, content_type="image/svg+xml")
    patch_cache_control(response, private=True, max_age=3600)
    return response
