"""Dispute views. Every change is a form post that redirects (JavaScript off); with htmx a tap
swaps the board in place. Each change names the draft version it was made on, so a tap from
a phone showing an older board is refused with a message instead of overwriting."""

from __future__ import annotations

import uuid

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from stichblock.http import require_form_page

from ..access import READ_ONLY_DISPUTES, Scope, author_of, dispute_link_scope, table_link
from ..models import Dispute
from ..pads import get_pad
from ..pads.base import engine_language
from ..rules import records
from ..services import LOCKED_MESSAGE, Author, Conflict, Locked
from ..tables import summarize
from . import drafts, pages, services
from .analysis_panel import analysis_context
from .forms import (
    ActionForm,
    ApplyForm,
    HandTapForm,
    KeepForm,
    OpenForm,
    PasteForm,
    TypedHandsForm,
)
from .games import get_adapter

# Names stored for the audit trail fit the model's author fields.
NAME_LENGTH = Dispute._meta.get_field("applied_by").max_length


def stale_message() -> str:
    return _(
        "This dispute was changed on another phone (or by a double tap) since this page was "
        "loaded. The board now shows the current state: check it and tap again if needed."
    )


def not_decided_message() -> str:
    return _(
        "Not decided yet: this dispute was changed on another phone since this page was "
        "loaded. Check the board and the verdict, then press the button again."
    )


def not_applied_message() -> str:
    return _(
        "Not applied yet: this dispute was changed on another phone since this page was "
        "loaded. Check the board and the verdict, then press the button again."
    )


def applied_message(dispute: Dispute) -> str:
    if dispute.kept:
        return _("This dispute was decided already: the sheet's entry stands.")
    return _("This dispute was applied already (revision %(n)s); its record no longer changes.") % {
        "n": dispute.revision.number if dispute.revision else "–"
    }


def remember_author(request, name: str) -> None:
    name = name.strip()
    if name and request.session.get("author") != name:
        request.session["author"] = name


def acting_author(request, scope: Scope, typed: str) -> Author:
    """Who acts, for the audit trail. An organizer's account stays the one answerable, but
    the arbiter he names (often a referee at the table) is kept beside it, not dropped."""
    remember_author(request, typed)
    author = scope.author(request)
    arbiter = typed.strip()
    if not scope.organizer or not arbiter:
        return author
    name = _("%(organizer)s, arbiter %(arbiter)s") % {"organizer": author.name, "arbiter": arbiter}
    return Author(name=name[:NAME_LENGTH], device=author.device)


def changed_meanwhile(request, scope: Scope, dispute: Dispute, form_class, refusal: str):
    """A decision posted from a page whose dispute another phone has changed since: the page
    again on the current state, with what was typed and why it was not taken. The form now
    carries the current version, so pressing again decides knowingly."""
    dispute.refresh_from_db()
    retry = request.POST.copy()
    retry["version"] = str(dispute.version)
    form = form_class(retry)
    form.is_valid()
    form.add_error(None, refusal)
    name = "keep_form" if form_class is KeepForm else "apply_form"
    context = dispute_context(request, scope, dispute, notice=[stale_message()], **{name: form})
    return render(request, "scoring/disputes/dispute.html", context, status=409)


PAGE_NAMES = {
    "dispute": "dispute",
    "setup": "dispute_setup",
    "hands": "dispute_hands",
    "act": "dispute_act",
    "paste": "dispute_paste",
    "replay": "dispute_replay",
    "apply": "dispute_apply",
    "keep": "dispute_keep",
    "record": "dispute_record",
    "verdict": "dispute_verdict",
    "analysis_start": "dispute_analysis",
    "analysis_box": "dispute_analysis_box",
}


def dispute_urls(request, scope: Scope, dispute: Dispute | None) -> dict:
    """The dispute's pages in this scope; the read-only link reaches only its own three."""
    if dispute is None:
        return {}
    shared = reverse("dispute_shared", args=[dispute.share_key])
    if scope.shared:
        return {
            "replay": shared,
            "record": reverse("dispute_shared_record", args=[dispute.share_key]),
            "verdict": reverse("dispute_shared_verdict", args=[dispute.share_key]),
        }
    urls = {key: scope.url(name, dispute.pk) for key, name in PAGE_NAMES.items()}
    urls["shared"] = shared
    urls["shared_absolute"] = request.build_absolute_uri(shared)
    return urls


def base_context(request, scope: Scope, dispute: Dispute | None = None, **extra) -> dict:
    table = scope.table
    return {
        "scope": scope,
        "table": table,
        "access": scope.access,
        "pad": get_pad(table.game),
        "dispute": dispute,
        "number": dispute.round_number if dispute else None,
        "urls": dispute_urls(request, scope, dispute),
        **extra,
    }


# --- a round's disputes --------------------------------------------------------------------------
@require_form_page
@table_link(organizers=True)
def round_disputes(request, scope: Scope, number: int):
    """The disputes of one round, and (for a scorer or organizer) opening a new one."""
    table = scope.table
    row = summarize(table).row(number)
    form = OpenForm(request.POST or None, initial={"author": author_of(request).name})
    if request.method == "POST":
        scope.require_edit(READ_ONLY_DISPUTES)
        if row is not None and form.is_valid():
            draft = drafts.new_draft(table, row)
            dispute = services.open_dispute(
                table,
                number,
                draft,
                author=acting_author(request, scope, form.cleaned_data["author"]),
                note=form.cleaned_data["note"].strip(),
            )
            name = "dispute_setup" if get_adapter(table.game).missing_setup(draft) else "dispute"
            return redirect(scope.url(name, dispute.pk))
    disputes = Dispute.objects.filter(table=table, round_number=number).select_related("revision")
    context = base_context(request, scope, number=number, row=row, disputes=disputes, form=form)
    return render(request, "scoring/disputes/round.html", context, status=200 if row else 404)


# --- the dispute: board, verdict, comparison -----------------------------------------------------
def dispute_context(request, scope: Scope, dispute: Dispute, **extra) -> dict:
    context = base_context(request, scope, dispute, **pages.live_context(scope, dispute), **extra)
    comparison = context.get("comparison")
    if comparison and "apply_form" not in extra:
        context["apply_form"] = ApplyForm(
            initial={
                "version": dispute.version,
                "base": comparison["base"],
                "submission": uuid.uuid4(),
                "author": author_of(request).name,
            }
        )
    if scope.may_apply and not dispute.is_applied and "keep_form" not in extra:
        context["keep_form"] = KeepForm(initial={"version": dispute.version})
    if not context["missing"]:
        context["box"] = analysis_context(dispute, 0, may_start=scope.can_edit)
        context["on_board"] = True
    if comparison and comparison.get("choices") and "apply_form" in context:
        offered = [(c["key"], c["label"]) for c in comparison["choices"] if c["scores"] is not None]
        context["apply_form"].offer(comparison["choice_label"], offered)
    return context


@require_safe
@table_link(organizers=True)
def dispute_page(request, scope: Scope, dispute_id: int):
    dispute = scope.get_dispute(dispute_id)
    return render(
        request, "scoring/disputes/dispute.html", dispute_context(request, scope, dispute)
    )


def answer_change(request, scope, dispute, notice: list[str] | None, status: int, anchor="board"):
    """After a tap: the board partial for htmx, else a redirect (with the notice as message)."""
    if request.htmx:
        dispute.refresh_from_db()
        context = dispute_context(request, scope, dispute, notice=notice or [], swapped=True)
        return render(request, "scoring/disputes/_live.html", context, status=status)
    for line in notice or []:
        messages.error(request, line)
    return redirect(scope.url("dispute", dispute.pk) + f"#{anchor}")


@require_POST
@table_link(organizers=True)
def act(request, scope: Scope, dispute_id: int):
    """One tap on the board (a card, a colour, a bonus use …) or undo."""
    scope.require_edit(READ_ONLY_DISPUTES)
    dispute = scope.get_dispute(dispute_id)
    adapter = get_adapter(scope.table.game)
    if dispute.is_applied:
        return answer_change(request, scope, dispute, [applied_message(dispute)], 409)
    form = ActionForm(request.POST)
    if not form.is_valid():
        return answer_change(request, scope, dispute, [stale_message()], 409)
    try:
        if form.cleaned_data["undo"]:
            draft = drafts.undo(dispute.draft)
        else:
            draft = drafts.add_action(adapter, dispute.draft, form.cleaned_data["action"])
        services.save_draft(dispute, form.cleaned_data["version"], draft)
    except drafts.DraftError as error:
        return answer_change(request, scope, dispute, error.messages, 422)
    except drafts.SetupIncomplete as missing:
        text = _("First complete the deal: %(missing)s.") % {"missing": ", ".join(missing.missing)}
        return answer_change(request, scope, dispute, [text], 422)
    except services.Stale:
        return answer_change(request, scope, dispute, [stale_message()], 409)
    except services.AlreadyApplied:
        return answer_change(request, scope, dispute, [applied_message(dispute)], 409)
    return answer_change(request, scope, dispute, None, 200)


# --- setup, hands, paste -------------------------------------------------------------------------
def save_or_message(request, dispute: Dispute, version: int, draft: dict) -> bool:
    try:
        services.save_draft(dispute, version, draft)
    except services.Stale:
        messages.error(request, stale_message())
        return False
    except services.AlreadyApplied:
        messages.error(request, applied_message(dispute))
        return False
    return True


def posted_version(request) -> int:
    try:
        return int(request.POST.get("version", ""))
    except ValueError:
        return 0


@require_form_page
@table_link(organizers=True)
def setup(request, scope: Scope, dispute_id: int):
    """The deal's facts: contract, bids, trump, predictions … (prefilled from the sheet)."""
    dispute = scope.get_dispute(dispute_id)
    adapter = get_adapter(scope.table.game)
    form = adapter.setup_form(dispute.draft, request.POST or None)
    status = 200
    if request.method == "POST":
        scope.require_edit(READ_ONLY_DISPUTES)
        if form.is_valid():
            draft = drafts.changed(
                dispute.draft, setup=adapter.setup_from_form(dispute.draft, form)
            )
            if save_or_message(request, dispute, posted_version(request), draft):
                messages.success(request, _("The deal is saved."))
                return redirect(scope.url("dispute", dispute.pk))
            return redirect(scope.url("dispute_setup", dispute.pk))
        status = 422
    context = base_context(
        request, scope, dispute, form=form, missing=adapter.missing_setup(dispute.draft)
    )
    return render(request, "scoring/disputes/setup.html", context, status=status)


def picker_context(request, scope: Scope, dispute: Dispute, seat: int, **extra) -> dict:
    adapter = get_adapter(scope.table.game)
    draft = dispute.draft
    names = draft["players"]
    size = adapter.hand_size(draft)
    holders = {card: seat for seat, hand in enumerate(draft["hands"]) for card in hand}
    out = adapter.out_of_hands(draft)
    cards = []
    for code in adapter.deck(draft):
        holder = holders.get(code)
        cards.append(
            {
                **pages.card(adapter, code),
                "mine": holder == seat,
                "holder": names[holder] if holder is not None else None,
                "out": out.get(code),
            }
        )
    fill_seat = drafts.rest_fills_last_hand(adapter, draft)
    return base_context(
        request,
        scope,
        dispute,
        seat=seat,
        names=names,
        size=size,
        seats=[
            {"seat": s, "name": name, "count": len(hand), "full": len(hand) == size}
            for s, (name, hand) in enumerate(zip(names, draft["hands"], strict=True))
        ],
        cards=cards,
        left=len(drafts.cards_left(adapter, draft)),
        complete=adapter.hands_complete(draft),
        fill_name=names[fill_seat] if fill_seat is not None else None,
        editable=scope.can_edit and not dispute.is_applied,
        **extra,
    )


def chosen_seat(request, dispute: Dispute) -> int:
    names = dispute.draft["players"]
    try:
        seat = int(request.GET.get("seat", request.POST.get("seat", 0)))
    except ValueError:
        seat = 0
    return seat if 0 <= seat < len(names) else 0


def next_open_seat(adapter, draft: dict, seat: int) -> int:
    """Stay with a hand until it is full, then move to the next hand still short."""
    size = adapter.hand_size(draft)
    count = len(draft["players"])
    for step in range(count):
        candidate = (seat + step) % count
        if len(draft["hands"][candidate]) < size:
            return candidate
    return seat


@require_form_page
@table_link(organizers=True)
def hands(request, scope: Scope, dispute_id: int):
    """The dealt hands: tap cards into each player's hand, or type them."""
    dispute = scope.get_dispute(dispute_id)
    adapter = get_adapter(scope.table.game)
    seat = chosen_seat(request, dispute)
    names = dispute.draft["players"]
    typed_initial = {
        "version": dispute.version,
        **{f"hand_{s}": " ".join(hand) for s, hand in enumerate(dispute.draft["hands"])},
    }
    typed = TypedHandsForm(initial=typed_initial, names=names)
    status, notice = 200, []
    if request.method == "POST":
        scope.require_edit(READ_ONLY_DISPUTES)
        if request.POST.get("form") == "typed":
            typed = TypedHandsForm(request.POST, names=names)
            if typed.is_valid():
                try:
                    parsed = drafts.parse_hands(adapter, dispute.draft, typed.texts())
                except drafts.DraftError as error:
                    for line in error.messages:
                        typed.add_error(None, line)
                else:
                    draft = drafts.changed(dispute.draft, hands=parsed)
                    if save_or_message(request, dispute, posted_version(request), draft):
                        messages.success(request, _("The hands are saved."))
                        return redirect(scope.url("dispute", dispute.pk))
                    return redirect(scope.url("dispute_hands", dispute.pk))
            status = 422
        else:
            notice, status = tap_hand(request, dispute, adapter, seat)
            if not request.htmx:
                for line in notice:
                    messages.error(request, line)
                dispute.refresh_from_db()
                seat = next_open_seat(adapter, dispute.draft, seat)
                return redirect(scope.url("dispute_hands", dispute.pk) + f"?seat={seat}#picker")
            dispute.refresh_from_db()
            if not notice:
                seat = next_open_seat(adapter, dispute.draft, seat)
    context = picker_context(
        request, scope, dispute, seat, typed=typed, notice=notice, swapped=bool(request.htmx)
    )
    template = "scoring/disputes/_picker.html" if request.htmx else "scoring/disputes/hands.html"
    return render(request, template, context, status=status)


def tap_hand(request, dispute: Dispute, adapter, seat: int) -> tuple[list[str], int]:
    form = HandTapForm(request.POST)
    if not form.is_valid():
        return [stale_message()], 409
    c = form.cleaned_data
    try:
        if request.POST.get("form") == "clear":
            draft = drafts.changed(dispute.draft, hands=[[] for _ in dispute.draft["players"]])
        elif c["fill"]:
            draft = drafts.fill_last_hand(adapter, dispute.draft)
        else:
            draft = drafts.tap_hand_card(adapter, dispute.draft, c["seat"], c["card"])
        services.save_draft(dispute, c["version"], draft)
    except drafts.DraftError as error:
        return error.messages, 422
    except services.Stale:
        return [stale_message()], 409
    except services.AlreadyApplied:
        return [applied_message(dispute)], 409
    return [], 200


@require_form_page
@table_link(organizers=True)
def paste(request, scope: Scope, dispute_id: int):
    """Take over a pasted or uploaded `record/1` of this round."""
    dispute = scope.get_dispute(dispute_id)
    adapter = get_adapter(scope.table.game)
    current = ""
    if not adapter.missing_setup(dispute.draft):
        current = drafts.record_text(adapter, dispute.draft)
    form = PasteForm(
        request.POST or None,
        request.FILES or None,
        initial={"version": dispute.version, "text": current},
    )
    status = 200
    if request.method == "POST":
        scope.require_edit(READ_ONLY_DISPUTES)
        if form.is_valid():
            try:
                draft = drafts.draft_from_text(adapter, dispute.draft, form.cleaned_data["text"])
            except drafts.DraftError as error:
                for line in error.messages:
                    form.add_error(None, line)
            else:
                if save_or_message(request, dispute, form.cleaned_data["version"], draft):
                    messages.success(request, _("The record is taken over."))
                    return redirect(scope.url("dispute", dispute.pk))
                return redirect(scope.url("dispute_paste", dispute.pk))
        status = 422
    return render(
        request,
        "scoring/disputes/paste.html",
        base_context(request, scope, dispute, form=form),
        status=status,
    )


# --- downloads -----------------------------------------------------------------------------------
def json_download(text: str, filename: str) -> HttpResponse:
    response = HttpResponse(text + "\n", content_type="application/json; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def download_name(dispute: Dispute, kind: str) -> str:
    table = dispute.table
    return f"stichblock-{table.game}-{table.pk}-round{dispute.round_number}-{kind}.json"


def record_response(dispute: Dispute) -> HttpResponse:
    adapter = get_adapter(dispute.table.game)
    draft = dispute.draft
    if adapter.missing_setup(draft):
        return HttpResponse(
            _("The record is not readable yet: complete the deal first."),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    return json_download(drafts.record_text(adapter, draft), download_name(dispute, "record"))


def verdict_response(request, dispute: Dispute) -> HttpResponse:
    adapter = get_adapter(dispute.table.game)
    verdict = drafts.verdict_of(adapter, dispute.draft)
    if verdict is None:
        return HttpResponse(
            _("There is no verdict yet: complete the deal first."),
            status=409,
            content_type="text/plain; charset=utf-8",
        )
    lang = request.GET.get("lang")
    if lang not in ("en", "de"):
        lang = engine_language()
    return json_download(records.dumps(verdict.to_json(lang)), download_name(dispute, "verdict"))


@require_safe
@table_link(organizers=True)
def record_json(request, scope: Scope, dispute_id: int):
    return record_response(scope.get_dispute(dispute_id))


@require_safe
@table_link(organizers=True)
def verdict_json(request, scope: Scope, dispute_id: int):
    return verdict_response(request, scope.get_dispute(dispute_id))


# --- replay --------------------------------------------------------------------------------------
def replay_context(request, scope: Scope, dispute: Dispute) -> dict:
    adapter = get_adapter(scope.table.game)
    context = base_context(request, scope, dispute, **pages.live_context(scope, dispute))
    verdict = context.get("verdict")
    if verdict is not None:
        try:
            step = int(request.GET.get("step", 0))
        except ValueError:
            step = 0
        found = drafts.walk(adapter, dispute.draft)
        context["replay"] = pages.replay(adapter, dispute.draft, found, verdict, step)
        step = context["replay"]["step"]
        context["box"] = analysis_context(dispute, step, may_start=scope.can_edit)
        context["step"] = step
    return context


@require_safe
@table_link(organizers=True)
def replay(request, scope: Scope, dispute_id: int):
    dispute = scope.get_dispute(dispute_id)
    context = replay_context(request, scope, dispute)
    return render(request, "scoring/disputes/replay.html", context)


# --- deciding: the entry stands ------------------------------------------------------------------
@require_POST
@table_link(organizers=True)
def keep(request, scope: Scope, dispute_id: int):
    """Decide the dispute without applying its verdict: the sheet's entry stands."""
    scope.require_apply()
    dispute = scope.get_dispute(dispute_id)
    form = KeepForm(request.POST)
    if dispute.is_applied:  # decided already: no form to show again, whatever was posted
        messages.info(request, applied_message(dispute))
        return redirect(scope.url("dispute", dispute.pk))
    if not form.is_valid():
        if "version" in form.errors:
            return changed_meanwhile(request, scope, dispute, KeepForm, not_decided_message())
        context = dispute_context(request, scope, dispute, keep_form=form)
        return render(request, "scoring/disputes/dispute.html", context, status=422)
    try:
        services.keep_entry(
            dispute,
            version=form.cleaned_data["version"],
            author=scope.author(request),
            note=form.cleaned_data["note"],
        )
    except services.AlreadyApplied:
        messages.info(request, applied_message(dispute))
    except services.Stale:
        return changed_meanwhile(request, scope, dispute, KeepForm, not_decided_message())
    else:
        messages.success(request, _("Decided: the sheet's entry stands."))
    return redirect(scope.url("dispute", dispute.pk))


# --- applying the verdict ------------------------------------------------------------------------
@require_POST
@table_link(organizers=True)
def apply(request, scope: Scope, dispute_id: int):
    """Store the verdict's result as a new revision of the round (a correction)."""
    scope.require_apply()
    dispute = scope.get_dispute(dispute_id)
    back = redirect(scope.url("dispute", dispute.pk) + "#apply")
    form = ApplyForm(request.POST)
    if not form.is_valid():
        if "version" in form.errors:
            return changed_meanwhile(request, scope, dispute, ApplyForm, not_applied_message())
        messages.error(request, stale_message())
        return back
    c = form.cleaned_data
    author = acting_author(request, scope, c["author"])
    if scope.table.is_locked:
        messages.error(request, LOCKED_MESSAGE)
        return back
    try:
        revision, created = services.apply_dispute(
            dispute,
            version=c["version"],
            base=c["base"],
            submission=c["submission"],
            author=author,
            note=c["note"],
            apply_as=c.get("apply_as") or "",
        )
    except Locked:
        messages.error(request, LOCKED_MESSAGE)
        return back
    except services.Stale:
        return changed_meanwhile(request, scope, dispute, ApplyForm, not_applied_message())
    except services.AlreadyApplied:
        messages.info(request, applied_message(dispute))
        return back
    except services.NothingChanged:
        messages.info(request, _("The sheet already has this result: nothing to apply."))
        return back
    except services.NotApplicable as refusal:
        for line in refusal.messages:
            messages.error(request, line)
        return back
    except Conflict as conflict:
        # Keep the note; the comparison is now against the newer entry, and applying again
        # (based on it) knowingly replaces it.
        retry = request.POST.copy()
        retry["base"] = conflict.current.number if conflict.current else 0
        retry["submission"] = str(uuid.uuid4())
        context = dispute_context(
            request, scope, dispute, apply_form=ApplyForm(retry), conflict=conflict.current
        )
        return render(request, "scoring/disputes/dispute.html", context, status=409)
    if created:
        messages.success(
            request,
            _("The verdict is applied: %(noun)s %(n)s has a new revision (%(r)s).")
            % {
                "noun": get_pad(scope.table.game).round_noun,
                "n": dispute.round_number,
                "r": revision.number,
            },
        )
    return redirect(scope.round_url(dispute.round_number) or scope.url("dispute", dispute.pk))


# --- the read-only link --------------------------------------------------------------------------
@require_safe
def shared(request, key: str):
    scope = dispute_link_scope(key)
    context = replay_context(request, scope, scope.dispute)
    return render(request, "scoring/disputes/replay.html", context)


@require_safe
def shared_record(request, key: str):
    return record_response(dispute_link_scope(key).dispute)


@require_safe
def shared_verdict(request, key: str):
    return verdict_response(request, dispute_link_scope(key).dispute)
