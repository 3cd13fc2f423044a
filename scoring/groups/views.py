"""A Stammtisch's pages: starting it, its page and links, the roster, an evening's start and
settle-up, the seasons (docs/groups.md). Function views, thin: writes are services'."""

from __future__ import annotations

from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST, require_safe

from stichblock.http import require_form_page
from stichblock.ratelimit import limited

from ..answers import form_refusal, json_invalid, qr_response, wants_json
from ..models import Game
from ..pads import PADS, get_pad
from ..rules.skat import DEFAULT_PROFILE as DEFAULT_SKAT_PROFILE
from ..services import KeyTaken
from . import exports, prototype, services, twins
from .forms import (
    AddPlayersForm,
    EveningForm,
    GroupForm,
    PaymentForm,
    RenameForm,
    SeasonStartForm,
    SkatMoneyForm,
    house_options,
    pad_form,
    rule_data_of,
    rules_only_form,
    seat_option_fields,
)
from .links import GroupScope, group_link, remember_group
from .models import Evening, Payment, Player
from .season import ALL, evening_rows, player_evenings, season, seasons, settle_up


@require_safe
def group_games(request):
    """Which game the group plays: the first step of starting one."""
    games = [(game, game.label, game.value in PADS) for game in Game]
    return render(request, "scoring/groups/games.html", {"games": games})


@require_form_page
def group_new(request, game: str):
    if game not in PADS:
        raise Http404
    pad = get_pad(game)
    data = request.POST if request.method == "POST" else None
    form = GroupForm(data)
    rules = rules_only_form(pad, data)
    money = money_form(game, pad, data)
    valid = [form.is_valid(), rules.is_valid(), money is None or money.is_valid()]
    if data is not None and all(valid):
        profile = pad.settings_from_form(rules)
        if money is not None:
            profile = {**profile, **money.settings()}
        group = services.create_group(
            name=form.cleaned_data["name"],
            game=game,
            profile_name=pad.profile_name_from_form(rules),
            profile=profile,
            rule_data=rule_data_of(rules, data),
            roster=form.cleaned_data["roster"],
            submission=form.cleaned_data["submission"],
        )
        scope = GroupScope(group=group, key=group.scorer_key)
        remember_group(request, scope)
        return redirect("group", key=group.scorer_key)
    context = {"form": form, "rules": rules, "rule_options": house_options(rules)}
    context["game"], context["money"] = Game(game), money
    return render(request, "scoring/groups/new.html", context, status=422 if data else 200)


def money_form(game: str, pad, data) -> SkatMoneyForm | None:
    """Skat's money per point and Verlustspielgeld, asked beside the house rules (its
    creation form has no money: a single table plays for none)."""
    if game != "skat":
        return None
    return SkatMoneyForm(data, profile=pad.profiles()[DEFAULT_SKAT_PROFILE])


def group_context(scope: GroupScope, **extra) -> dict:
    group = scope.group
    return {"scope": scope, "group": group, "key": scope.key, "pad": get_pad(group.game), **extra}


@require_safe
@group_link
def group_page(request, scope: GroupScope):
    remember_group(request, scope)
    rows = evening_rows(scope.group, role=scope.table_role)
    marks = twins.marked_twins(rows)
    shown = [(row, marks.get(row.evening.pk)) for row in rows[::-1]]
    context = group_context(scope, rows=shown, seasons=seasons(scope.group, rows))
    context["struck"] = twins.struck_evenings(scope.group, scope.table_role)
    return render(request, "scoring/groups/group.html", context)


@require_safe
@group_link
def group_share(request, scope: GroupScope):
    group = scope.group
    keys = [group.scorer_key, group.viewer_key] if scope.can_edit else [scope.key]
    links = [
        {
            "key": key,
            "can_score": key == group.scorer_key,
            "url": request.build_absolute_uri(reverse("group", args=[key])),
            "qr": reverse("group_qr", args=[key]),
        }
        for key in keys
    ]
    return render(request, "scoring/groups/share.html", group_context(scope, links=links))


@require_safe
@group_link
def group_qr(request, scope: GroupScope):
    return qr_response(request.build_absolute_uri(reverse("group", args=[scope.key])))


# --- the roster ----------------------------------------------------------------------------


@require_form_page
@group_link
def roster(request, scope: GroupScope):
    form = AddPlayersForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        scope.require_edit()
        if form.is_valid():
            services.add_players(scope.group, form.cleaned_data["names"])
            messages.success(request, _("The roster is saved."))
            return redirect("group_roster", key=scope.key)
    return render_roster(request, scope, form=form, status=422 if form.is_bound else 200)


def render_roster(request, scope: GroupScope, status=200, **extra):
    players = list(scope.group.players.all())
    context = group_context(
        scope,
        roster=[player for player in players if player.on_roster],
        guests=[player for player in players if not player.on_roster],
        **extra,
    )
    context.setdefault("form", AddPlayersForm())
    if scope.group.game == "skat":
        context.setdefault("money_form", group_money_form(scope.group))
    context.setdefault(
        "season_form",
        SeasonStartForm(
            initial={"season_day": scope.group.season_day, "season_month": scope.group.season_month}
        ),
    )
    return render(request, "scoring/groups/roster.html", context, status=status)


@require_POST
@group_link(edit=True)
def player_rename(request, scope: GroupScope, player_id: int):
    player = get_object_or_404(Player, pk=player_id, group=scope.group)
    form = RenameForm(request.POST)
    if form.is_valid():
        old, new = player.name, form.cleaned_data["name"]
        try:
            services.rename_player(player, new)
        except services.NameTaken:
            form.add_error("name", _("“%(name)s” is taken in this group.") % {"name": new})
        else:
            messages.success(
                request, _("%(old)s is now called %(new)s everywhere.") % {"old": old, "new": new}
            )
            return redirect("group_roster", key=scope.key)
    return render_roster(request, scope, status=422, rename_form=form, renaming=player)


@require_POST
@group_link(edit=True)
def player_roster(request, scope: GroupScope, player_id: int):
    """Put a guest on the roster, or take a person off it (his evenings stay his)."""
    player = get_object_or_404(Player, pk=player_id, group=scope.group)
    if request.POST.get("on_roster") == "1":
        services.player_named(scope.group, player.name, join=True)
    else:
        services.remove_from_roster(player)
    return redirect("group_roster", key=scope.key)


@require_POST
@group_link(edit=True)
def season_start(request, scope: GroupScope):
    form = SeasonStartForm(request.POST)
    if form.is_valid():
        group = scope.group
        group.season_day = form.cleaned_data["season_day"]
        group.season_month = form.cleaned_data["season_month"]
        group.save(update_fields=["season_day", "season_month"])
        messages.success(request, _("The seasons start on the new day."))
        return redirect("group_roster", key=scope.key)
    return render_roster(request, scope, status=422, season_form=form)


def group_money_form(group, data=None) -> SkatMoneyForm:
    """A Skat group's money as it is now (its fields empty where the rules' fees hold)."""
    pad = get_pad(group.game)
    form = money_form(group.game, pad, data)
    if data is None:
        form.initial = SkatMoneyForm.initial_from(group.profile, form.profile)
    return form


@require_POST
@group_link(edit=True)
def skat_money(request, scope: GroupScope):
    """Change a Skat group's money per point and fees: for the evenings started from now on."""
    group = scope.group
    if group.game != "skat":
        raise Http404
    form = group_money_form(group, request.POST)
    if form.is_valid():
        fees = ("loss_fee_cents", "loss_fee_high_cents", "loss_fee_high_from")
        profile = {**group.profile, **{key: form.profile[key] for key in fees}}
        group.profile = {**profile, **form.settings()}
        group.save(update_fields=["profile"])
        messages.success(request, _("The money is saved; it counts from the next evening on."))
        return redirect("group_roster", key=scope.key)
    return render_roster(request, scope, status=422, money_form=form)


# --- evenings ------------------------------------------------------------------------------


@require_form_page
@group_link(edit=True)
def evening_new(request, scope: GroupScope):
    """Tonight's table: who sits where (the roster in a few taps, or a guest), started
    through the game's own creation form with the group's house rules. A phone that started
    it offline sends it later as JSON (static/js/evening.js, sync.js), with the links its
    pages already use."""
    group = scope.group
    pad = get_pad(group.game)
    data = request.POST if request.method == "POST" else None
    form = evening_form(scope, data)
    table_form = pad_form(pad, None)
    if data is not None and form.is_valid():
        posted = data.copy()
        posted.update(form.names())
        table_form = pad_form(pad, posted, group.rule_data)
        if table_form.is_valid():
            made_before = started_before(group, table_form)
            twin = None if made_before else twin_to_ask_about(group, form)
            if twin is not None:
                return ask_about_twin(request, scope, form, table_form, twin)
            try:
                evening = services.evening_from_form(
                    group,
                    form.cleaned_data["sitting"],
                    table_form,
                    join=form.cleaned_data["join_roster"],
                    played_on=form.cleaned_data["played_on"],
                    keys=form.cleaned_data["keys"],
                    second_table=form.cleaned_data["second_table"],
                )
            except KeyTaken:
                form.add_error(None, _("This table's link belongs to another table already."))
            else:
                return evening_started(request, evening, created=not made_before)
    elif data is not None:
        table_form = pad_form(pad, data, group.rule_data)
        table_form.is_valid()
    if data is not None and wants_json(request):
        return json_invalid(form if form.errors else table_form)
    context = group_context(
        scope, form=form, table_form=table_form, seat_options=seat_option_fields(table_form)
    )
    context["player_counts"] = prototype.player_counts(group)
    return render(request, "scoring/groups/evening_new.html", context, status=422 if data else 200)


def started_before(group, table_form) -> bool:
    """A repeat of a start the server made already for this group (a second tap, an answer
    lost): its table is stored under the group's own token (services.group_token)."""
    token = services.group_token(group, table_form.cleaned_data["submission"])
    return (
        token is not None and Evening.objects.filter(group=group, table__submission=token).exists()
    )


def twin_to_ask_about(group, form: EveningForm):
    """The group's table of that day with the same people, when this start should ask first:
    one typed here and now (a start the phone kept offline brings its keys and games that
    wait for their table: it is started, and told, evening_started)."""
    if form.cleaned_data["keys"] is not None or form.cleaned_data["second_table"]:
        return None
    people = twins.people_of(group, form.cleaned_data["sitting"])
    return twins.first_with(group, form.cleaned_data["played_on"], people)


def ask_about_twin(request, scope: GroupScope, form, table_form, twin):
    """The form again, all of it as typed, naming the table the group has already: open it,
    or start a second table anyway (the button posts the form with ``second_table``)."""
    link = twin.table.accesses.get(role="scorer").key
    message = twins.warning(twin)
    if wants_json(request):
        answer = {"twin": twins.twin_answer(twin, link), "message": message}
        return JsonResponse(answer, status=409)
    context = group_context(
        scope, form=form, table_form=table_form, seat_options=seat_option_fields(table_form)
    )
    context.update(
        player_counts=prototype.player_counts(scope.group),
        twin=twin,
        twin_link=link,
        twin_started=twins.started_at(twin),
        twin_players=[seat.player for seat in twin.seats.all()],
    )
    return render(request, "scoring/groups/evening_new.html", context, status=409)


def evening_started(request, evening, *, created: bool):
    """The new table; a table of that day with the same people started before it (a start
    the phone kept offline arriving second) is named in the answer. ``created``: false for a
    repeat (the outbox shows no news twice)."""
    scorer = evening.table.accesses.get(role="scorer")
    twin = twins.twin_before(evening)
    hints = [twins.warning(twin)] if twin else []
    if wants_json(request):
        url = reverse("table", args=[scorer.key])
        answer: dict = {"saved": True, "created": created, "url": url, "hints": hints}
        if twin:
            link = twin.table.accesses.get(role="scorer").key
            answer["twin"] = twins.twin_answer(twin, link)
        return JsonResponse(answer, status=201)
    for hint in hints:
        messages.warning(request, hint)
    return redirect("table", key=scorer.key)


def evening_form(scope: GroupScope, data=None) -> EveningForm:
    group = scope.group
    roster_players = [player for player in group.players.all() if player.on_roster]
    seats = get_pad(group.game).create_form_class.player_count
    return EveningForm(
        data, group=group, seats=seats, roster=roster_players, initial=last_seating(scope)
    )


@require_safe
@group_link(edit=True)
def evening_offline(request, scope: GroupScope, players: int):
    """What a table of ``players`` started offline looks like, for the phone to keep (JSON;
    scoring/groups/prototype.py, static/js/evening.js)."""
    if players not in prototype.player_counts(scope.group):
        raise Http404
    # One link cannot keep the workers busy: a few answers a minute, most from the cache.
    wait = limited("prototype", "PROTOTYPE", scope.key, hit=True)
    made = None
    try:
        made = None if wait else prototype.cached_prototypes(request, scope, players)
    except prototype.Busy:
        wait = prototype.RETRY_SECONDS
    if made is None:
        answer = JsonResponse({"retry": wait}, status=429)
        answer["Retry-After"] = str(wait)
    else:
        answer = HttpResponse(made, content_type="application/json")
    answer["Cache-Control"] = "no-store"
    return answer


def last_seating(scope: GroupScope) -> dict:
    """Tonight's form starts with the last evening's seating: often a tap or two away."""
    last = scope.group.evenings.order_by("-played_on", "-pk").first()
    if last is None:
        return {}
    return {f"seat_{seat.position}": str(seat.player_id) for seat in last.seats.all()}


@require_POST
@group_link(edit=True)
def evening_twin(request, scope: GroupScope, evening_id: int):
    """A possible twin settled: both kept as two tables, this one struck (it counts nowhere,
    its games stay), or a struck one counted again."""
    evening = get_object_or_404(Evening, pk=evening_id, group=scope.group)
    action = request.POST.get("action")
    if action == "keep":
        services.keep_both(evening)
        messages.success(request, _("Both tables count: two tables that evening."))
    elif action in ("strike", "count"):
        services.strike(evening, struck=action == "strike")
        if action == "strike":
            messages.success(request, _("The table is struck: it counts in no season."))
        else:
            messages.success(request, _("The table counts again."))
    else:
        raise Http404
    return redirect("group", key=scope.key)


def evening_of(scope: GroupScope, evening_id: int):
    rows = evening_rows(scope.group, [evening_id], role=scope.table_role)
    if not rows:
        raise Http404
    return rows[0]


@require_safe
@group_link
def evening_settle(request, scope: GroupScope, evening_id: int):
    row = evening_of(scope, evening_id)
    settled = settle_up([row])
    paid = Payment.objects.filter(evening=row.evening)
    context = group_context(
        scope,
        row=row,
        settled=settled,
        transfers=marked(settled.transfers, paid),
        paid_key={"evening": row.evening.pk},
        xlsx=reverse("evening_settle_xlsx", args=[scope.key, evening_id]),
    )
    return render(request, "scoring/groups/settle.html", context)


@require_safe
@group_link
def evening_settle_xlsx(request, scope: GroupScope, evening_id: int):
    row = evening_of(scope, evening_id)
    return exports.settle_up_response(scope.group, [row], settle_up([row]))


def marked(transfers, paid) -> list[tuple]:
    """Each transfer with whether it is marked paid (by payer, payee and amount)."""
    marks = {(p.payer_id, p.payee_id, p.amount) for p in paid}
    return [
        (t, (getattr(t.payer, "pk", None), getattr(t.payee, "pk", None), t.amount) in marks)
        for t in transfers
    ]


@require_POST
@group_link(edit=True)
def payment(request, scope: GroupScope):
    """Mark a transfer paid, or open again (a transfer of an evening or of a season)."""
    group = scope.group
    form = PaymentForm(request.POST)
    if not form.is_valid():
        # Hidden fields only: a tampered or garbled form, answered with the fields named.
        return form_refusal(form)
    data = form.cleaned_data

    def person(field: str) -> Player | None:
        pk = data[field]
        return get_object_or_404(Player, pk=pk, group=group) if pk is not None else None

    if data["evening"] is not None:
        evening = get_object_or_404(Evening, pk=data["evening"], group=group)
        key: dict = {"evening": evening}
        back = reverse("evening_settle", args=[scope.key, evening.pk])
    else:
        key = {"season": data["season"]}
        back = reverse("season_settle", args=[scope.key, data["season"]])
    change = services.mark_paid if data["paid"] else services.unmark_paid
    change(group, key, person("payer"), person("payee"), data["amount"])
    return redirect(back)


# --- seasons -------------------------------------------------------------------------------


def season_and_years(scope: GroupScope, key):
    rows = evening_rows(scope.group, role=scope.table_role)
    return season(scope.group, key, rows), seasons(scope.group, rows)


@require_safe
@group_link
def season_page(request, scope: GroupScope, year: int | None = None):
    """A season's standings (``year``), or all seasons together."""
    shown, years = season_and_years(scope, ALL if year is None else year)
    context = group_context(scope, season=shown, years=years, all=year is None)
    context["projector"] = request.GET.get("projector") == "1"
    return render(request, "scoring/groups/season.html", context)


@require_safe
@group_link
def season_player(request, scope: GroupScope, player_id: int, year: int | None = None):
    """The evenings behind a person's figures in a season."""
    player = get_object_or_404(Player, pk=player_id, group=scope.group)
    shown, _years = season_and_years(scope, ALL if year is None else year)
    evenings = player_evenings(shown.rows, player)
    fact = request.GET.get("fact", "")
    if fact in ("won", "lost", "solos", "schneider", "schwarz", "touts"):
        evenings = [(row, seat) for row, seat in evenings if getattr(seat, fact)]
    context = group_context(
        scope, season=shown, player=player, evenings=evenings, fact=fact, all=year is None
    )
    return render(request, "scoring/groups/player.html", context)


@require_safe
@group_link
def season_settle(request, scope: GroupScope, year: int):
    shown, _years = season_and_years(scope, year)
    settled = settle_up(shown.rows)
    paid = Payment.objects.filter(group=scope.group, season=year)
    context = group_context(
        scope,
        season=shown,
        settled=settled,
        transfers=marked(settled.transfers, paid),
        paid_key={"season": year},
        xlsx=reverse("season_xlsx", args=[scope.key, year]),
    )
    return render(request, "scoring/groups/settle.html", context)


@require_safe
@group_link
def season_xlsx(request, scope: GroupScope, year: int):
    shown, _years = season_and_years(scope, year)
    return exports.season_response(scope.group, shown, settle_up(shown.rows))
