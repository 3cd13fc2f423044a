"""Scorepad views: create a table, enter and correct rounds, watch live, share links."""

from __future__ import annotations

import logging
import secrets
import uuid
from functools import partial

import segno
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse, QueryDict
from django.middleware.csrf import get_token
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import timezone
from django.utils.cache import patch_cache_control
from django.utils.formats import time_format
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.text import capfirst
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from . import live, push
from .access import Scope, author_of, table_link
from .audit import audit_trail, write_csv
from .hooks import round_panels, table_panels
from .models import Access, Game, Revision, Table
from .pads import PADS, get_pad
from .services import (
    LOCKED_MESSAGE,
    Conflict,
    Locked,
    Misplaced,
    create_table,
    save_round,
    void_round,
)
from .spreadsheets import csv_response, spreadsheet_text
from .tables import round_history, sheet_rows, summarize
from .voids import VoidForm, void_refusal

log = logging.getLogger("stichblock")

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


def entry_form(pad, table, summary, number: int, **kwargs):
    """The pad's entry form of a round; ``corrects`` tells whether it changes a complete
    round (then it asks for a reason) or enters or completes one."""
    form = pad.entry_form(table, summary, number, **kwargs)
    row = summary.row(number)
    form.corrects = row is not None and row.complete
    label_widgets(form)
    return form


def label_widgets(form) -> None:
    """Each input names its field (``data-label``): a phone that keeps an entry while offline
    lists what was typed with the server's own labels (static/js/offline.js)."""
    for field in form.fields.values():
        if not field.widget.is_hidden:
            field.widget.attrs.setdefault("data-label", str(field.label))


def nouns(pad, number: int) -> dict:
    """Message values naming a round the game's way: "Runde 3", "Spiel 3", "Durchgang 3"."""
    noun = str(pad.round_noun)
    return {"noun": noun, "Noun": capfirst(noun), "n": number}


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
    context["sheet"] = live.shared_sheet(access, context)
    if access.can_score and summary.next_round and "form" not in extra and not table.is_locked:
        row = summary.row(summary.next_round)
        revision = row.revision if row else None
        form = entry_form(
            pad,
            table,
            summary,
            summary.next_round,
            revision=revision,
            initial=entry_initial(request, row),
        )
        context["form"] = form
        context["form_html"] = shared_form_html(request, access, context, form, revision)
        # In the page itself, so that it can enter the next rounds offline as soon as it is
        # shown (a fetch after the page loaded may never come on a pub's Wi-Fi).
        context["rounds_ahead"] = render_ahead(access, summary.next_round)
    form = context.get("form")
    if form is not None:
        context["form_round"] = form.round_number
        context["form_base"] = form["base"].value()
    return context


# What a shared entry form holds of each phone's own besides its link key (shared_form_html).
SHARED_FORM_PARTS = ("csrf", "submission", "author")


def shared_form_html(request, access: Access, context: dict, form, revision) -> SafeString:
    """``form``, the table's next entry form, as the pad's template shows it: rendered once per
    table version and language and shared by every scorer phone that shows it (sheet pages,
    answers to saves, forms that moved on). What is each phone's own is rendered as random
    stand-ins and put in per phone: its link key (``live.with_stand_in``), CSRF token,
    submission and author."""
    table, pad, summary = access.table, context["pad"], context["summary"]

    def render() -> tuple[dict[str, str], tuple[str, str]]:
        stand_in = {part: secrets.token_urlsafe(16) for part in SHARED_FORM_PARTS}
        initial = {
            "base": form["base"].value(),
            "submission": stand_in["submission"],
            "author": stand_in["author"],
        }
        number = form.round_number
        blank = entry_form(pad, table, summary, number, revision=revision, initial=initial)
        blank_context = {**context, "form": blank, "csrf_token": stand_in["csrf"]}
        return stand_in, live.with_stand_in(
            table,
            access.role,
            lambda link: render_to_string(pad.entry_template, {**blank_context, "access": link}),
        )

    stand_in, rendered = live.for_version("form", table, render, get_language(), access.role)
    html = live.for_link(rendered, access.key)
    own = {
        "csrf": get_token(request),
        "submission": str(form["submission"].value()),
        "author": conditional_escape(form["author"].value()),
    }
    for part, value in own.items():
        html = html.replace(stand_in[part], value)
    return mark_safe(html)


@require_safe
@table_link
def table_page(request, scope: Scope):
    access = scope.access
    if access.can_score:
        remember_table(request, access)
    return render(request, "scoring/table.html", table_context(request, access))


@require_safe
@table_link
def table_live(request, scope: Scope):
    """The part of the table page that other phones update; 304 when nothing changed.

    Most 304s are answered earlier by scoring.middleware.LivePollMiddleware."""
    access = scope.access
    if moves_on(request, access):
        return moved_on(request, access)
    state = live.state_of(request, access.role, scope.table.version, get_language())
    # Every phone on the same link with the same open form gets the same bytes, and a table's
    # version changes with every save: a cached fragment is never out of date.
    cache_key = f"live:{access.key}:{state}:{int(bool(request.htmx))}"
    return live.conditional(
        request,
        live.live_etag(access.key, state),
        lambda: HttpResponse(live.cached(cache_key, lambda: render_live(request, access))),
    )


def moves_on(request, access: Access) -> bool:
    """The phone's open form is untouched (offline.js says so with ``untouched=1``) and another
    phone saved its round meanwhile: rather than warn, give the phone the form it needs now."""
    if request.GET.get("untouched") != "1" or not access.can_score or access.table.is_locked:
        return False
    return is_stale(summarize(access.table), *live.open_form(request))


def moved_on(request, access: Access) -> HttpResponse:
    """The live fragment as for a phone with the table's next form open, and that form with a
    word on why it changed (``#entry-area``, swapped in beside it by htmx). It holds this
    phone's CSRF token and a new submission: never cached, no ETag."""
    context = table_context(request, access, panels=())
    context["oob"] = True
    context["moved_from"] = int(live.open_form(request)[0])
    response = render(request, "scoring/_moved_on.html", context)
    response["Stichblock-Entry"] = "moved-on"
    patch_cache_control(response, no_store=True, private=True)
    return response


def render_live(request, access: Access) -> str:
    form_round, form_base = live.open_form(request)
    return live_fragment(access, form_round, form_base, oob=bool(request.htmx), request=request)


def live_fragment(access: Access, form_round="", form_base="", *, oob: bool, request=None) -> str:
    """The live part of the table page as a phone with the form ``form_round``/``form_base``
    open fetches it; ``oob``: with the round's facts to swap in beside it (htmx)."""
    context = table_context(request, access, form=None, panels=())
    # Poll on with the phone's own open form (not the next round): the URL, and with it the
    # ETag the browser revalidates, stays the same until the phone reloads, and the warning
    # names the round the phone has open. Viewers have no form to go stale.
    if form_round and form_base:
        context["form_round"], context["form_base"] = int(form_round), int(form_base)
    context["stale_form"] = access.can_score and is_stale(context["summary"], form_round, form_base)
    context["oob"] = oob
    return render_to_string("scoring/_live.html", context, request=request)


def formless_fragment(access: Access) -> tuple[str, str]:
    """(stand-in key, HTML) of the live fragment of a page without an open form (a viewer's
    sheet), as its event stream sends it (scoring.events.SheetEvents): one rendering per
    table version, language and role, shared by every phone of that kind."""
    return live.rendered_for_links(
        formless_cache_key(access),
        access.table,
        access.role,
        lambda link: live_fragment(link, oob=True),
    )


def formless_cache_key(access: Access) -> str:
    table = access.table
    return live.formless_key(table.pk, table.created_at, table.version, get_language(), access.role)


def render_for_viewers(table: Table) -> None:
    """Render now, after the save's commit and in this phone's language, the fragment that the
    table's viewer phones get with the event of this save, and send it to the event servers
    (scoring.push.Sheets), which render nothing themselves. The sheet page this phone loads
    next and the other scorers' fetches find the grid in it cached too. ``table`` is read
    again: the version just saved (or a newer one), which the caller's answer shows too."""
    try:
        table.refresh_from_db()
        viewers = Access(role=Access.Role.VIEWER, table=table)
        push.sheets.publish(formless_cache_key(viewers), formless_fragment(viewers))
    except Exception:  # the round is saved: its answer must not fail (the viewers fetch)
        log.exception("push: the viewers' fragment of table %s was not rendered", table.pk)


# How many rounds a phone keeps for entering offline (docs/scorepad.md, "Offline").
AHEAD_ROUNDS = 6


@require_safe
@table_link(edit=True)
def table_ahead(request, scope: Scope):
    """Blank forms of the rounds after ``?after=N``, which a scorer phone keeps to go on
    entering rounds while offline (static/js/offline.js). A round's form depends only on its
    number and the table's fixed settings, so the phone asks again only when it runs short,
    and each round's form is rendered once per table and language, whichever ``after`` a
    phone asks with. The forms carry no CSRF token, submission or author: the phone adds its
    own to each copy."""
    access = scope.access
    after = int(live.small_number(request.GET.get("after", "")) or 0)
    state = f"ahead-{after}-{get_language()}-{int(scope.table.is_locked)}"
    return live.conditional(
        request,
        live.live_etag(access.key, state),
        lambda: HttpResponse(render_ahead(access, after)),
    )


def render_ahead(access: Access, after: int) -> str:
    table = access.table
    pad = get_pad(table.game)
    numbers = pad.ahead_numbers(table, after, AHEAD_ROUNDS)
    keys = {number: ahead_cache_key(table, number) for number in numbers}
    rendered = cache.get_many(keys.values())
    summary, new = None, {}
    rounds = []
    for number, key in keys.items():
        if key not in rendered:
            summary = summary or summarize(table)
            render = partial(render_round_ahead, pad, summary, number)
            rendered[key] = new[key] = live.with_stand_in(table, access.role, render)
        stand_in, html = rendered[key]
        if not html:  # the pad cannot tell this round's form without the server
            break
        rounds.append(live.for_link((stand_in, html), access.key))
    if new:
        cache.set_many(new, live.FRAGMENT_CACHE_SECONDS)
    context = {"after": after, "rounds": rounds}
    return render_to_string("scoring/_ahead.html", context)


def ahead_cache_key(table: Table, number: int) -> str:
    # Under the round's number, not a version: a round ahead does not change with saves.
    return live.table_cache_key("ahead", table.pk, table.created_at, number, get_language())


def render_round_ahead(pad, summary, number: int, link: Access) -> str:
    """Round ``number`` as a phone keeps it (scoring/_round_ahead.html), or "" when the pad
    stops before it. No request: no CSRF token in the form (the phone puts in its own)."""
    ahead = pad.ahead(link.table, summary, number, {"base": 0})
    if ahead is None:
        return ""
    ahead.form.corrects = False
    label_widgets(ahead.form)
    context = {"access": link, "table": link.table, "pad": pad, "ahead": ahead}
    return render_to_string("scoring/_round_ahead.html", context)


def is_stale(summary, form_round: str, form_base: str) -> bool:
    """True when the round a phone has open was saved elsewhere since it loaded the form."""
    if not form_round.isdecimal() or not form_base.isdecimal():
        return False
    row = summary.row(int(form_round))
    return (row.revision.number if row else 0) != int(form_base)


def wants_json(request) -> bool:
    """The offline queue (static/js/offline.js) asks for JSON (``Accept: application/json``);
    a browser posting the form prefers HTML and gets the pages as before."""
    return request.get_preferred_type(["text/html", "application/json"]) == "application/json"


@require_POST
@table_link(edit=True)
def round_save(request, scope: Scope, number: int):
    access, key = scope.access, scope.access.key
    table = access.table
    as_json = wants_json(request)
    if table.is_locked:
        if as_json:
            return json_locked()
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
        refusal %= {**nouns(pad, number), "open": summary.next_round}
        if as_json:
            return json_refused(refusal)
        messages.error(request, refusal)
        return redirect("table", key=key)
    posted, replaces = chosen_way(request.POST)
    # Corrections of finished rounds live on the round's page, new entries on the sheet: a
    # form made for a round nobody had finished enters it, even if another phone did since.
    on_round_page = row is not None and row.complete and posted_base(posted) > 0
    form = entry_form(pad, table, summary, number, data=posted)
    if form.is_valid():
        data, complete, scores = pad.round_from_form(table, summary, form)
        if not complete and any(later.number > number for later in summary.rows):
            form.add_error(
                None,
                _("%(Noun)s %(n)s must stay complete: later ones are already saved.")
                % nouns(pad, number),
            )
        if replaces and not form.cleaned_data["reason"].strip():
            form.add_error(
                "reason",
                _("Please give a reason: replacing %(noun)s %(n)s changes another phone's entry.")
                % nouns(pad, number),
            )
    if not form.is_valid():
        if as_json:
            return json_invalid(form)
        return render_entry(request, access, number, on_round_page, 422, form=form)

    name = form.cleaned_data["author"].strip()
    if name and request.session.get("author") != name:
        request.session["author"] = name
    back = reverse("table", args=[key]) + f"#round-{number}"
    base = form.cleaned_data["base"]
    if row is not None and base == row.revision.number and row.revision.data == data:
        message = _("%(Noun)s %(n)s: nothing changed.") % nouns(pad, number)
        if as_json:
            return json_saved(number, row.revision, created=False, message=message)
        messages.info(request, message)
        if answers_in_place(request):
            return entry_answer(request, access, "unchanged")
        return redirect(back)
    try:
        revision, created = save_round(
            table,
            number,
            data=data,
            scores=scores,
            complete=complete,
            base=base,
            submission=form.cleaned_data["submission"],
            author=author_of(request),
            reason=form.cleaned_data["reason"].strip(),
            # Completing an open round (bids first, tricks later) is still its entry.
            source=Revision.Source.CORRECTION if on_round_page else Revision.Source.ENTRY,
        )
    except Locked:
        if as_json:
            return json_locked()
        messages.error(request, LOCKED_MESSAGE)
        return redirect("table", key=key)
    except Misplaced:
        refusal = _(
            "Not saved: this form was sent before, for another entry or table. "
            "Check what you typed and save it again."
        )
        if as_json:
            return json_refused(refusal)
        retry = entry_form(pad, table, summary, number, data=with_new_submission(posted))
        retry.is_valid()
        retry.add_error(None, refusal)
        return render_entry(request, access, number, on_round_page, 422, form=retry)
    except Conflict as conflict:
        fresh = summarize(table)
        if as_json:
            return json_conflict(pad, table, number, conflict.current, fresh, on_round_page)
        # Keep what this phone typed, with the base it was made for: saving it as it is
        # conflicts again. The answer offers the two honest ways on (conflict_ways).
        retry = entry_form(pad, table, summary, number, data=with_new_submission(posted))
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
            conflict_ways=conflict_ways(fresh, number, conflict.current, on_round_page),
        )
    if created:
        render_for_viewers(table)
    message = _("%(Noun)s %(n)s saved.") % nouns(pad, number)
    if as_json:
        # No flash message: the queue sends in the background and says so itself.
        hints = pad.save_hints(table, number, data) if created else []
        return json_saved(number, revision, created=created, message=message, hints=hints)
    if created:
        messages.success(request, message)
        for hint in pad.save_hints(table, number, data):
            messages.warning(request, hint)
    if answers_in_place(request):
        if not created:
            table.refresh_from_db()  # stored by an earlier request (a repeat): its version
        return entry_answer(request, access, "saved")
    return redirect(back)


# --- conflicts: the two ways on (docs/scorepad.md, "Two phones") ----------------------------


def chosen_way(post) -> tuple[QueryDict, bool]:
    """The posted entry with the base of the way on its conflict answer offered, if one was
    chosen (scoring/_conflict_ways.html), and whether that way replaces another phone's entry.
    A form sent as it is keeps the base it was made for."""
    posted = post.copy()
    for field, replaces in (("next_base", False), ("replace_base", True)):
        if live.small_number(post.get(field, "")):
            posted["base"] = post[field]
            return posted, replaces
    return posted, False


def posted_base(posted: QueryDict) -> int:
    return int(live.small_number(posted.get("base", "")) or 0)


def with_new_submission(posted: QueryDict) -> QueryDict:
    retry = posted.copy()
    retry["submission"] = str(uuid.uuid4())
    return retry


def conflict_ways(summary, number: int, current: Revision | None, correcting: bool) -> dict:
    """What a phone whose entry of round ``number`` met a newer one may do with it: replace
    the newer entry (based on it), or, for a new entry of a round now complete, save it as the
    table's next round (based on that round as it is now)."""
    ways: dict = {"replace_base": current.number if current else 0, "next": None}
    following = summary.next_round
    if not correcting and following is not None and following > number:
        row = summary.row(following)
        ways["next"] = {"number": following, "base": row.revision.number if row else 0}
    return ways


# --- the answer in place to a save sent from the sheet page (docs/scorepad.md, "Saving") ------


def answers_in_place(request) -> bool:
    """offline.js sends a save from the sheet page itself (``HX-Request``) and swaps in the
    answer: the next round's form, the messages and the sheet (also for a round that another
    phone completed meanwhile: the conflict shows on the sheet). The page keeps its event
    stream, and the server renders no whole page. A round's page, and every form sent without
    JavaScript, still posts and gets a new page."""
    return bool(request.htmx)


def entry_answer(request, access: Access, state: str, status: int = 200, **extra):
    """The sheet page's parts that a save changes (scoring/_entry_answer.html); ``state``
    (saved, unchanged, conflict, invalid) in the Stichblock-Entry header tells offline.js what
    became of the entry it keeps."""
    context = table_context(request, access, oob=True, **extra)
    response = render(request, "scoring/_entry_answer.html", context, status=status)
    response["Stichblock-Entry"] = state
    return response


# --- JSON answers of round_save (docs/scorepad.md, "Offline") ---------------------------------


def json_saved(number: int, revision: Revision, *, created: bool, message: str, hints=()):
    """201 for a new revision; 200 when nothing new was stored (the submission was stored
    before — a retry — or nothing changed). ``hints``: the pad's doubts about the round."""
    answer = {
        "saved": True,
        "created": created,
        "round": number,
        "revision": revision.number,
        "complete": revision.complete,
        "message": message,
        "hints": [str(hint) for hint in hints],
    }
    return JsonResponse(answer, status=201 if created else 200)


def json_locked():
    return JsonResponse({"locked": True, "message": str(LOCKED_MESSAGE)}, status=423)


def json_refused(message: str):
    """A round that cannot be entered now (not the next one, or the game is over)."""
    return JsonResponse({"errors": {"__all__": [message]}, "message": message}, status=422)


def json_invalid(form):
    errors = {field: [str(error) for error in errors] for field, errors in form.errors.items()}
    message = (
        _("Not saved yet. Please check:")
        + " "
        + " ".join(error for field_errors in errors.values() for error in field_errors)
    )
    return JsonResponse({"errors": errors, "message": message}, status=422)


def json_conflict(pad, table, number: int, current: Revision | None, summary, correcting: bool):
    """409: another phone saved the round since the entry's base revision (or this very
    submission was stored before with other content); ``current`` is that stored entry as the
    history shows it, ``base`` the revision to build on to replace it, ``next`` the round and
    base to save it as the next round instead (or null)."""
    ways = conflict_ways(summary, number, current, correcting)
    answer = {
        "conflict": True,
        "round": number,
        "message": _("Not saved: this was changed on another phone in the meantime."),
        "base": ways["replace_base"],
        "next": ways["next"],
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
            "values": [[label, value] for label, value in pad.describe(table, current.data)],
        }
    return JsonResponse(answer, status=409)


def render_entry(request, access, number, on_round_page, status, **extra):
    if answers_in_place(request):
        return entry_answer(
            request, access, "invalid" if status == 422 else "conflict", status, **extra
        )
    if on_round_page:
        context = round_context(request, access, number, **extra)
        return render(request, "scoring/round.html", context, status=status)
    return render(
        request, "scoring/table.html", table_context(request, access, **extra), status=status
    )


def round_context(request, access: Access, number: int, **extra) -> dict:
    table = access.table
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
    changeable = access.can_score and not table.is_locked and not voided
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
        context = round_context(request, access, number, void_form=form)
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
    return render(request, "scoring/round.html", round_context(request, scope.access, number))


@require_http_methods(["GET", "POST"])
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
        writer.writerow([spreadsheet_text(cell) if isinstance(cell, str) else cell for cell in row])
    return response


@require_safe
@table_link
def share(request, scope: Scope):
    access = scope.access
    links = access.table.accesses.all() if access.can_score else [access]
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
    access = scope.access
    url = request.build_absolute_uri(reverse("table", args=[access.key]))
    # A standalone SVG (with xmlns and XML declaration): browsers refuse an <img> whose SVG
    # lacks the namespace, which is what svg_inline() writes for embedding in HTML.
    response = HttpResponse(content_type="image/svg+xml")
    segno.make(url, error="m").save(response, kind="svg", scale=4, border=2, dark="#111")
    patch_cache_control(response, private=True, max_age=3600)
    return response
