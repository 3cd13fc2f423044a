"""Hidden predictions: every player enters his own two colours on his own phone.

The page (``/t/<key>/p/prediction/``) asks once who is holding the phone (kept in the
session), then takes that player's prediction for the round being played. Each prediction
is saved as a revision of the round (who, when, from which device), so the history rules
hold; until every player's is in, no page, fragment or history shows any prediction's
colours (the pad renders them as "entered"), except a player's own on the phone that
entered it. The status part polls like the sheet, so "3 of 4 in" and the reveal appear
without reloading.
"""

from __future__ import annotations

import uuid

from django import forms
from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from ...access import author_of
from ...live import conditional
from ...models import Revision
from ...rules import scharfe_schoten as rules
from ...services import LOCKED_MESSAGE, Author, Conflict, Locked, save_round
from ..base import engine_language, sentence
from .colours import COLOUR_NAMES, COLOURS
from .pad import all_in

SESSION_SEATS = "scharfe_schoten_seats"  # table id → the seat this phone belongs to
SAVE_ATTEMPTS = 3


class PredictionForm(forms.Form):
    round = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    submission = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, player: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.player = player
        choices = [(colour, COLOUR_NAMES[colour]) for colour in COLOURS]
        for kind, label in (
            ("most", _("Most: the colour you will collect the most cards of")),
            ("fewest", _("Fewest: the colour you will collect the fewest cards of")),
        ):
            self.fields[kind] = forms.ChoiceField(
                label=label,
                choices=choices,
                widget=forms.RadioSelect(attrs={"class": "ss-chip-input"}),
                error_messages={
                    "required": _("%(field)s: please choose a colour.")
                    % {"field": _("Most") if kind == "most" else _("Fewest")},
                    "invalid_choice": _("%(field)s: not one of the four colours.")
                    % {"field": _("Most") if kind == "most" else _("Fewest")},
                },
            )

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("most") and cleaned.get("fewest"):
            prediction = {"most": cleaned["most"], "fewest": cleaned["fewest"]}
            for problem in rules.check_predictions([prediction]):
                message = problem.message(engine_language(), [self.player])
                self.add_error("fewest", sentence(message))
        return cleaned


def my_seat(request, table, players: list[str]) -> int | None:
    seat = request.session.get(SESSION_SEATS, {}).get(str(table.pk))
    return seat if isinstance(seat, int) and 0 <= seat < len(players) else None


def set_seat(request, table, seat: int | None) -> None:
    seats = dict(request.session.get(SESSION_SEATS, {}))
    if seat is None:
        seats.pop(str(table.pk), None)
    else:
        seats[str(table.pk)] = seat
    request.session[SESSION_SEATS] = seats


def round_revisions(table, number: int) -> list[Revision]:
    return list(
        Revision.objects.filter(round__table=table, round__number=number).order_by("number")
    )


def last_setters(revisions: list[Revision], players: int) -> list[str | None]:
    """Per seat the device that last changed that seat's prediction (None: not entered)."""
    setters: list[str | None] = [None] * players
    before: list = [None] * players
    for revision in revisions:
        predictions = revision.data.get("predictions") or [None] * players
        for seat, prediction in enumerate(predictions):
            if prediction != before[seat]:
                setters[seat] = revision.device if prediction is not None else None
        before = predictions
    return setters


def save_prediction(pad, table, number: int, seat: int, prediction: dict, submission, author):
    """Put one seat's prediction into the round's next revision.

    Returns "saved", "unchanged", "revealed" (all were in already: too late to change) or
    "busy". Another phone saving at the same moment only touched its own seat, so on a
    conflict the prediction is simply applied again to the newer revision.
    """
    players = len(table.player_names)
    for _attempt in range(SAVE_ATTEMPTS):
        if Revision.objects.filter(submission=submission).exists():
            return "saved"  # a second tap on the same form
        current = Revision.objects.filter(
            round__table=table, round__number=number, is_current=True
        ).first()
        data = dict(current.data) if current else pad.new_round_data(table, number, players)
        predictions = list(data["predictions"])
        if all_in(predictions):
            return "revealed"
        predictions[seat] = prediction
        data["predictions"] = predictions
        if current is not None and current.data == data:
            return "unchanged"
        try:
            save_round(
                table,
                number,
                data=data,
                scores=None,
                complete=False,
                base=current.number if current else 0,
                submission=submission,
                author=author,
                source=Revision.Source.ENTRY,
            )
        except Conflict:
            continue
        return "saved"
    return "busy"


def prediction_page(pad, request, access):
    table = access.table
    if not pad.hidden_mode(table):
        raise Http404
    players = table.player_names
    url = reverse("pad_page", args=[access.key, "prediction"])
    if request.method == "POST":
        action = request.POST.get("action")
        if action == "identify":
            seat = request.POST.get("seat", "")
            if seat.isdecimal() and int(seat) < len(players):
                set_seat(request, table, int(seat))
            return redirect(url)
        if action == "forget":
            set_seat(request, table, None)
            return redirect(url)

    summary = pad.table_summary(table)
    seat = my_seat(request, table, players)
    number = summary.next_round
    form = None
    if request.method == "POST" and seat is not None:
        form = PredictionForm(request.POST, player=players[seat])
        if form.is_valid():
            if table.is_locked:
                messages.error(request, LOCKED_MESSAGE)
                return redirect(url)
            if form.cleaned_data["round"] != number:
                messages.error(
                    request,
                    _("Round %(n)s is no longer open for predictions; nothing was saved.")
                    % {"n": form.cleaned_data["round"]},
                )
                return redirect(url)
            prediction = {"most": form.cleaned_data["most"], "fewest": form.cleaned_data["fewest"]}
            device = author_of(request).device
            try:
                outcome = save_prediction(
                    pad,
                    table,
                    number,
                    seat,
                    prediction,
                    form.cleaned_data["submission"],
                    Author(name=players[seat], device=device),
                )
            except Locked:
                messages.error(request, LOCKED_MESSAGE)
                return redirect(url)
            notes = {
                "saved": (messages.success, _("Your prediction is saved.")),
                "unchanged": (messages.info, _("Your prediction is unchanged.")),
                "revealed": (
                    messages.error,
                    _(
                        "All predictions were already in and shown; yours was not changed. "
                        "A correction is made on the round's page, with a reason."
                    ),
                ),
                "busy": (
                    messages.error,
                    _("Other phones were saving at the same moment; please save again."),
                ),
            }
            note, text = notes[outcome]
            note(request, text)
            return redirect(url)
    elif request.method == "POST":
        return redirect(url)

    context = page_context(pad, request, access, summary, seat, form)
    if request.GET.get("part") == "status":
        return status_fragment(request, access, context)
    status = 422 if form is not None and form.errors else 200
    return render(request, "scoring/scharfe_schoten/prediction.html", context, status=status)


def page_context(pad, request, access, summary, seat, form) -> dict:
    table = access.table
    players = summary.players
    number = summary.next_round
    row = summary.row(number) if number else None
    predictions = (row.data.get("predictions") if row else None) or [None] * len(players)
    revealed = all_in(predictions)
    mine = None
    if seat is not None and predictions[seat] is not None and not revealed:
        # Shown back only on the phone that entered it: switching "who am I" on another
        # phone must not reveal it.
        setters = last_setters(round_revisions(table, number), len(players))
        if setters[seat] == author_of(request).device:
            mine = predictions[seat]
    can_enter = (
        access.can_score and seat is not None and number is not None and not revealed
    ) and not table.is_locked
    if can_enter and form is None:
        initial = {"round": number, "submission": uuid.uuid4()}
        if mine:
            initial.update(mine)
        form = PredictionForm(initial=initial, player=players[seat])
    return {
        "access": access,
        "table": table,
        "pad": pad,
        "summary": summary,
        "info": summary.info,
        "number": number,
        "seat": seat,
        "seat_name": players[seat] if seat is not None else "",
        "seat_choices": list(enumerate(players)),
        "revealed": revealed,
        "revealed_rows": [
            {
                "name": name,
                "most": pad.colour_item(prediction["most"]),
                "fewest": pad.colour_item(prediction["fewest"]),
            }
            for name, prediction in zip(players, predictions, strict=True)
        ]
        if revealed
        else [],
        "my_in": seat is not None and predictions[seat] is not None,
        "mine": {k: pad.colour_item(v) for k, v in mine.items()} if mine else None,
        "form": form if can_enter else None,
        "form_round": number,
    }


def status_fragment(request, access, context):
    """The polled status: 304 while the table is unchanged (its version is the ETag)."""
    form_round = request.GET.get("round", "")
    etag = (
        f'"ss-{access.table.version}-{access.role}-{get_language()}-{context["seat"]}-{form_round}"'
    )

    def respond():
        # The phone's form is for a round whose predictions are now all in (or over): swap it
        # for a note, so nobody types into a form that can no longer be saved.
        context["form_outdated"] = bool(form_round) and (
            context["revealed"] or form_round != str(context["number"] or "")
        )
        return render(request, "scoring/scharfe_schoten/_prediction_status.html", context)

    return conditional(request, etag, respond)
