"""What a table's pages show, rendered once and shared by every phone that shows it.

A table's sheet, its next entry form, the live fragment of a viewer's page and the forms of
the rounds ahead are the same for every phone of a kind but for a few values of each phone's
own (its link key, CSRF token, submission, name). They are rendered once per table version
(or round) and language with random stand-ins for those values (``Shared``), cached, and
filled in per phone. Views (scoring/views.py) and the event streams (scoring/events.py) use
them; nothing here reads a request beyond the phone's own values.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import secrets
import uuid
from collections.abc import Callable
from dataclasses import dataclass

from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.html import conditional_escape
from django.utils.safestring import SafeString
from django.utils.translation import get_language

from . import live, push
from .access import Scope, author_of
from .hooks import table_panels
from .models import Access, Seat, Table
from .pads import get_pad
from .pads.base import AheadForm
from .shared import Shared
from .tables import summarize

log = logging.getLogger("stichblock")

# The rounds ahead (docs/scorepad.md, "Offline"): a phone keeps AHEAD_KEEP of them, the window
# after a multiple of AHEAD_STEP (so that at least AHEAD_KEEP - AHEAD_STEP games can be entered
# offline at any time: a pub's Wi-Fi can be gone for a whole evening). The sheet page brings
# that same window inline, so that it can go on offline as soon as it is shown and needs no
# /ahead/ fetch: one rendering per table and window, shared by the pages and /ahead/.
AHEAD_KEEP = 56
AHEAD_STEP = 8
# The round number of a form shared by many rounds ahead, which the phone replaces.
AHEAD_NUMBER = 987654321


def render_shared(
    table: Table, role: str, render: Callable[[Access, dict[str, str]], str], parts=()
) -> Shared:
    """``render(link, stand_ins)`` for a stand-in link of ``role`` (its key is the stand-in
    ``key``) and stand-ins for ``parts``, as a ``Shared``."""
    stand_ins = {part: secrets.token_urlsafe(16) for part in ("key", *parts)}
    link = Access(key=stand_ins["key"], role=role, table=table)
    return Shared(render(link, stand_ins), stand_ins)


# --- the table page -------------------------------------------------------------------------


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
    lists what was typed with the server's own labels (static/js/outbox-list.js)."""
    for field in form.fields.values():
        if not field.widget.is_hidden:
            field.widget.attrs.setdefault("data-label", str(field.label))


def entry_initial(request, row) -> dict:
    return {
        "base": row.revision.number if row else 0,
        "submission": uuid.uuid4(),
        "author": author_of(request).name,
    }


def table_context(request, scope: Scope, **extra) -> dict:
    """The sheet page's context for ``scope``'s link; ``extra`` replaces parts (``form``,
    ``panels``) or adds to it."""
    access = scope.access
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
    if summary.next_round:  # where the phone's chain of forms ahead starts (static/js/ahead.js)
        context["ahead_form"] = pad.ahead_form_key(table, summary)
    if "panels" not in extra:  # the live fragment shows none: it skips their queries
        context["panels"] = table_panels(request, access, summary)
    context["sheet"] = shared_sheet(access, context)
    if scope.can_edit and summary.next_round and "form" not in extra and not table.is_locked:
        row = summary.row(summary.next_round)
        form = NextForm(summary.next_round, entry_initial(request, row))
        context["form"] = form
        context["form_html"] = shared_form_html(request, access, context, form, row)
        context["form_round"], context["form_base"] = form.round_number, form.initial["base"]
    elif (form := context.get("form")) is not None:
        context["form_round"] = form.round_number
        context["form_base"] = form["base"].value()
    return context


@dataclass(frozen=True)
class NextForm:
    """The table's next entry form as a page shows it: its shared rendering (``form_html``)
    with this phone's initial values put in. The form itself is built only to render it once
    per version (``shared_form``), not for every page and answer that shows it."""

    round_number: int
    initial: dict


def sheet_page_context(request, scope: Scope, **extra) -> dict:
    """``table_context`` for the whole sheet page, which also holds the forms of the rounds
    ahead, so that it can enter the next rounds offline as soon as it is shown (a fetch after
    the page loaded may never come on a pub's Wi-Fi). Answers that replace parts of a page
    (a save's, a form that moved on) leave them out: the page has them."""
    context = table_context(request, scope, **extra)
    next_round = context["summary"].next_round
    if scope.can_edit and next_round and not scope.table.is_locked:
        context["ahead_after"] = ahead_window(next_round)
        context["rounds_ahead"] = render_ahead(scope.access, context["ahead_after"])
    return context


def ahead_window(number: int) -> int:
    """Where the window of rounds ahead that holds round ``number`` starts: a multiple of
    ``AHEAD_STEP``, so that a table has a new window (one rendering) every few games only."""
    return max(number - number % AHEAD_STEP, 0)


def shared_sheet(access: Access, context: dict) -> SafeString:
    """The score grid and chart (scoring/_sheet.html) of the table's current version, shared
    by every link of the table and every request that shows it: sheet pages, fragment fetches,
    event streams. It is rendered for a read-only stand-in link: nothing a scorer link alone
    may see can end up in it.

    ``context`` holds the table, its pad and ``summary``, read after the table's version: the
    copy can only be newer than its key, never older (a newer version fetches again)."""
    table = access.table

    def render() -> Shared:
        return render_shared(
            table,
            Access.Role.VIEWER,
            lambda link, _: render_to_string("scoring/_sheet.html", {**context, "access": link}),
        )

    key = live.table_cache_key("sheet", table.pk, table.created_at, table.version, get_language())
    return live.cached_for(table, key, render).for_phone(key=access.key)


# What each phone puts into the shared next form: its own CSRF token, submission and name.
FORM_PARTS = ("csrf", "submission", "author")


def shared_form_html(request, access: Access, context: dict, form: NextForm, row) -> SafeString:
    """``form``, the table's next entry form, as the pad's template shows it, shared by every
    scorer phone that shows it (sheet pages, answers to saves, forms that moved on), with this
    phone's link key, CSRF token, submission and name put in. ``row``: the round's row of the
    summary, if it has one (a round begun)."""
    shared = shared_form(access, context, form, row)
    context["form_shared"] = shared  # for the moved-on answer the streams send (render_moved_on)
    return shared.for_phone(
        key=access.key,
        csrf=get_token(request),
        submission=str(form.initial["submission"]),
        author=conditional_escape(form.initial["author"]),
    )


def shared_form(access: Access, context: dict, form: NextForm, row) -> Shared:
    """``form``, the table's next entry form, in its one rendering per table version, language
    and role, with stand-ins for the link key and ``FORM_PARTS``."""
    table, pad, summary = access.table, context["pad"], context["summary"]
    revision = row.revision if row else None

    def render_form(link: Access, stand_ins: dict[str, str]) -> str:
        initial = {
            "base": form.initial["base"],
            "submission": stand_ins["submission"],
            "author": stand_ins["author"],
        }
        number = form.round_number
        blank = entry_form(pad, table, summary, number, revision=revision, initial=initial)
        blank_context = {**context, "form": blank, "csrf_token": stand_ins["csrf"]}
        return render_to_string(pad.entry_template, {**blank_context, "access": link})

    def render() -> Shared:
        return render_shared(table, access.role, render_form, FORM_PARTS)

    return live.for_version("form", table, render, get_language(), access.role)


# --- the live fragment ----------------------------------------------------------------------


def live_fragment(scope: Scope, form_round="", form_base="", *, oob: bool, request=None) -> str:
    """The live part of the table page as a phone with the form ``form_round``/``form_base``
    open fetches it; ``oob``: with the round's facts to swap in beside it (htmx)."""
    context = table_context(request, scope, form=None, panels=())
    # Ask on with the phone's own open form (not the next round): the URL, and with it the
    # ETag the browser revalidates, stays the same until the phone reloads, and the warning
    # names the round the phone has open. Viewers have no form to go stale.
    if form_round and form_base:
        context["form_round"], context["form_base"] = int(form_round), int(form_base)
    context["stale_form"] = scope.can_edit and is_stale(context["summary"], form_round, form_base)
    context["oob"] = oob
    return render_to_string("scoring/_live.html", context, request=request)


def is_stale(summary, form_round: str, form_base: str) -> bool:
    """True when the round a phone has open was saved elsewhere since it loaded the form."""
    if not form_round.isdecimal() or not form_base.isdecimal():
        return False
    row = summary.row(int(form_round))
    return (row.revision.number if row else 0) != int(form_base)


def formless_fragment(access: Access) -> Shared:
    """The live fragment of a page without an open form (a viewer's sheet), as its event
    stream sends it (scoring.events.SheetEvents): one rendering per table version, language
    and role, shared by every phone of that kind."""

    def render() -> Shared:
        return render_shared(
            access.table,
            access.role,
            lambda link, _: live_fragment(Scope(table=link.table, access=link), oob=True),
        )

    return live.cached_for(access.table, formless_cache_key(access), render)


def formless_cache_key(access: Access) -> str:
    table = access.table
    return live.formless_key(table.pk, table.created_at, table.version, get_language(), access.role)


def render_for_viewers(table: Table) -> None:
    """Render now, after the save's commit and in this phone's language, the fragment that the
    table's viewer phones get with the event of this save, and send it to the event servers
    (scoring.push.Sheets), which render nothing themselves. The sheet page this phone loads
    next and the other scorers' fetches find the grid in it cached too. ``table`` carries the
    version its save wrote (scoring.services.save_round), which the caller's answer shows
    too."""
    try:
        viewers = Access(role=Access.Role.VIEWER, table=table)
        push.sheets.publish(formless_cache_key(viewers), formless_fragment(viewers))
    except Exception:  # the round is saved: its answer must not fail (the viewers fetch)
        log.exception("push: the viewers' fragment of table %s was not rendered", table.pk)


def render_moved_on(request, table: Table, moved_from: int) -> None:
    """Render now, after a save of round ``moved_from``, what the table's other scorer phones
    whose form of that round nobody has touched get with the event of this save: the live
    part and the next form (``scoring.views.next_form_answer``), once for all of them, with
    stand-ins for each phone's key, CSRF token, submission and name, which the event server
    (the key) and the page (the rest: static/js/sheet.js) put in. Sent to the event servers
    as the viewers' fragment is (scoring.events.MovedOnEvents); nothing for a locked or
    finished table, whose pages fetch."""
    try:
        scorer = Access(role=Access.Role.SCORER, table=table)
        if table.is_locked or summarize(table).next_round is None:
            return

        def render(link: Access, stand_ins: dict[str, str]) -> str:
            context = table_context(request, Scope(table=table, access=link), panels=())
            form = context["form_shared"]
            context["form_html"] = form.for_phone(
                key=link.key, **{part: stand_ins[part] for part in FORM_PARTS}
            )
            context["oob"] = True
            context["moved_from"] = moved_from
            return render_to_string("scoring/_moved_on.html", context)

        moved = render_shared(table, scorer.role, render, FORM_PARTS)
        stand_ins = {**moved.stand_ins, "from": str(moved_from)}
        if not push.sheets.publish(moved_on_key(scorer), Shared(moved.html, stand_ins)):
            # Too big for NOTIFY: the streams announce the bare version at once, not after
            # waiting for it (the pages fetch).
            push.sheets.publish(moved_on_key(scorer), Shared("", {}))
    except Exception:  # the round is saved: its answer must not fail (the scorers fetch)
        log.exception("push: the scorers' moved-on answer of table %s was not rendered", table.pk)


def moved_on_key(access: Access) -> str:
    table = access.table
    return live.moved_on_key(table.pk, table.created_at, table.version, get_language())


# --- the rounds ahead -----------------------------------------------------------------------


def render_ahead(access: Access, after: int, count: int = AHEAD_KEEP, *, rules=True) -> str:
    """The rounds ``after + 1`` … ``after + count`` that a scorer phone keeps to enter them
    offline (scoring/_ahead.html): each round's facts, and each distinct entry form once, for
    a stand-in round number (``AHEAD_NUMBER``) that the phone replaces (static/js/ahead.js).
    A round ahead depends only on its number and the table's frozen settings, so one rendering
    per table, language and window serves every phone (``after`` is a multiple of
    ``AHEAD_STEP``, ``ahead_window``, where the page and the phone ask, so that a table has a
    new window every few games and the answer a phone has is still current until then).
    ``rules``: with the pad's ``ahead_rules``."""
    table = access.table
    parts = f"{after}-{count}-{int(table.is_locked)}-{int(rules)}"
    key = live.table_cache_key("ahead", table.pk, table.created_at, 0, get_language(), parts)

    def render() -> Shared:
        summary = summarize(table)
        if not summary.rows:
            return fresh_ahead(table, access.role, summary.players, parts, after, count, rules)
        return render_shared(
            table,
            access.role,
            lambda link, _: rounds_ahead(link, summary, after, count, rules=rules),
        )

    return live.cached(key, render).for_phone(key=access.key)


def fresh_ahead(
    table: Table, role: str, names: list[str], parts: str, after: int, count: int, rules: bool
) -> Shared:
    """The rounds ahead of a table with no round saved yet, which depend on its game, rules,
    options and number of players alone but for the names: one rendering, with stand-ins
    for the names, serves every such table (a tournament's round opens sixty tables of the
    same game at once, each phone's first page brings the window). The names are put in here;
    what is left to each phone is its link key."""
    settings = [table.game, table.profile, table.options, len(names), role, parts]
    signature = hashlib.sha256(
        json.dumps(settings, sort_keys=True, default=str).encode()
    ).hexdigest()[:32]
    key = ":".join(("ahead-fresh", live.CACHE_FORMAT, signature, get_language()))
    seats = tuple(f"seat{position}" for position in range(len(names)))

    def render_for_stand_ins(link: Access, stand_ins: dict[str, str]) -> str:
        # The table with stand-in names: its pad reads them from the seats (player_names).
        stand_in_table = copy.copy(table)
        stand_in_table._prefetched_objects_cache = {
            "seats": [Seat(position=n, name=stand_ins[seat]) for n, seat in enumerate(seats)]
        }
        link.table = stand_in_table
        summary = get_pad(table.game).table_summary(stand_in_table, [])
        return rounds_ahead(link, summary, after, count, rules=rules)

    shared = live.cached(key, lambda: render_shared(table, role, render_for_stand_ins, seats))
    html = shared.for_phone(
        **{seat: conditional_escape(name) for seat, name in zip(seats, names, strict=True)}
    )
    return Shared(str(html), {"key": shared.stand_ins["key"]})


def rounds_ahead(link: Access, summary, after: int, count: int, *, rules: bool) -> str:
    table = link.table
    pad = get_pad(table.game)
    initial = {"base": 0}
    forms = {form.key: form for form in pad.ahead_forms(table, summary, initial)}
    rounds = []
    for number in pad.ahead_numbers(table, after, count):
        ahead = pad.ahead(table, summary, number, initial)
        if ahead is None:  # the pad cannot tell this round's form without the server
            break
        if ahead.form_key is None:
            ahead.form_key = f"n{number}"
        if ahead.form is not None and ahead.form_key not in forms:
            forms[ahead.form_key] = AheadForm(ahead.form_key, ahead.form)
        rounds.append(ahead)
    used = {ahead.form_key for ahead in rounds}
    shown = [form for key, form in forms.items() if key in used or "" in used]
    for shared in shown:
        shared.form.round_number = AHEAD_NUMBER
        shared.form.corrects = False
        label_widgets(shared.form)
    context = {
        "access": link,
        "table": table,
        "pad": pad,
        "after": after,
        "rounds": rounds,
        "forms": shown,
        "stand_in": AHEAD_NUMBER,
        "chain_field": pad.ahead_chain_field if "" in used else "",
        # The game ends by its own rules (or a tournament's number of games) within the window.
        "last": rounds[-1].number if rounds and len(rounds) < count else "",
        "rules": json.dumps(pad.ahead_rules(table)) if rounds and rules else "",
    }
    return render_to_string("scoring/_ahead.html", context)
