"""Every write of a group: starting it, its roster, its evenings, payments marked paid."""

from __future__ import annotations

import datetime
import uuid

from django.db import IntegrityError, transaction
from django.db.models import F
from django.db.models.functions import Lower

from ..models import Seat, Table
from ..pads import get_pad
from ..services import create_table
from .models import Evening, EveningSeat, Group, Payment, Player
from .twins import same_people_that_day


class NameTaken(Exception):
    """Another person of the group, or a guest at one of the renamed player's tables, already
    has the name."""


def create_group(
    *,
    name: str,
    game: str,
    profile_name: str,
    profile: dict,
    rule_data: dict,
    roster: list[str],
    submission: uuid.UUID | None = None,
) -> Group:
    """A new group with its roster and its two links; a ``submission`` seen before returns
    the group it made (a double tap on the creation form)."""
    if submission is not None:
        earlier = Group.objects.filter(submission=submission).first()
        if earlier is not None:
            return earlier
    try:
        with transaction.atomic():
            group = Group.objects.create(
                name=name,
                game=game,
                profile_name=profile_name,
                profile=profile,
                rule_data=rule_data,
                submission=submission,
            )
            add_players(group, roster)
    except IntegrityError:
        if submission is None:
            raise
        return Group.objects.get(submission=submission)  # the other tap won the race
    return group


def add_players(group: Group, names: list[str]) -> list[Player]:
    """The people named, on the roster: a name the group knows (any case) is that person, a
    guest among them joins the roster."""
    return [player_named(group, name, join=True) for name in names]


def player_named(group: Group, name: str, *, join: bool) -> Player:
    """The group's person of this name (a guest joins the roster with ``join``), or a new one."""
    player = group.players.annotate(lower=Lower("name")).filter(lower=name.casefold()).first()
    if player is None:
        return Player.objects.create(group=group, name=name, on_roster=join)
    if join and not player.on_roster:
        player.on_roster = True
        player.save(update_fields=["on_roster"])
    return player


def rename_player(player: Player, name: str) -> None:
    """Rename a person everywhere: the roster and the seats of every evening he played, so
    his old sheets name him as he is called now; every phone showing one of them hears of it.
    Raises NameTaken when somebody of the group, or anybody at one of his tables, has it."""
    group = player.group
    others = group.players.exclude(pk=player.pk).annotate(lower=Lower("name"))
    if others.filter(lower=name.casefold()).exists():
        raise NameTaken(name)
    with transaction.atomic():
        # His seat at each table: the one at his position of that evening.
        seats = Seat.objects.filter(
            table__evening__seats__player=player, table__evening__seats__position=F("position")
        )
        table_ids = list(seats.values_list("table_id", flat=True))
        try:
            with transaction.atomic():
                Seat.objects.filter(pk__in=list(seats.values_list("pk", flat=True))).update(
                    name=name
                )
        except IntegrityError:
            raise NameTaken(name) from None
        player.name = name
        player.save(update_fields=["name"])
        for table in Table.objects.filter(pk__in=table_ids):
            table.touch()  # the version bump itself is written; cached sheets go stale


def remove_from_roster(player: Player) -> None:
    """Off the roster (his evenings stay his); he can be picked again as a guest."""
    Player.objects.filter(pk=player.pk).update(on_roster=False)


def start_evening(
    group: Group,
    players: list[Player],
    *,
    game: str,
    profile_name: str,
    profile: dict,
    options: dict,
    title: str,
    played_on: datetime.date,
    submission: uuid.UUID | None,
    keys: tuple[str, str] | None = None,
    second_table: bool = False,
) -> Evening:
    """An evening of the group: a normal table with its links, and who sits where. A repeated
    ``submission`` returns the evening it started. ``keys``: the links a phone chose for the
    table it started offline (scoring.services.create_table). ``second_table``: started as
    a second table of that day with the same people on purpose (scoring/groups/twins.py)."""
    with transaction.atomic():
        table = create_table(
            game=game,
            players=[player.name for player in players],
            profile_name=profile_name,
            profile=profile,
            options=options,
            title=title,
            submission=submission,
            keys=keys,
        )
        evening, created = Evening.objects.get_or_create(
            table=table,
            defaults={"group": group, "played_on": played_on, "second_table": second_table},
        )
        if created:
            EveningSeat.objects.bulk_create(
                EveningSeat(evening=evening, position=position, player=player)
                for position, player in enumerate(players)
            )
    return evening


def evening_from_form(
    group: Group,
    sitting: list[Player | str | None],
    table_form,
    *,
    join: bool,
    played_on: datetime.date,
    keys: tuple[str, str] | None = None,
    second_table: bool = False,
) -> Evening:
    """Tonight's table through the game's creation form (bound with the group's house rules,
    ``groups.forms.pad_form``): per seat a person of the roster or a guest's name (who joins
    the roster with ``join``), empty seats left out. A guest is kept only with the table."""
    pad = get_pad(group.game)
    with transaction.atomic():
        players = [
            person if isinstance(person, Player) else player_named(group, person, join=join)
            for person in sitting
            if person is not None
        ]
        return start_evening(
            group,
            players,
            game=group.game,
            profile_name=group.profile_name,
            profile=group.profile,
            options=pad.table_options(table_form),
            title=table_form.cleaned_data["title"] or group.name,
            played_on=played_on,
            submission=table_form.cleaned_data["submission"],
            keys=keys,
            second_table=second_table,
        )


def keep_both(evening: Evening) -> None:
    """The group says its tables of that day with these people were really more than one:
    none of them is a possible twin any more (a later one with them would be again)."""
    same = [other.pk for other in same_people_that_day(evening)]
    Evening.objects.filter(pk__in=same).update(second_table=True)


def strike(evening: Evening, struck: bool = True) -> None:
    """Strike an evening as a twin (it counts in no season), or count it again. Its table,
    links and games stay: a struck table may still hold games nobody typed twice."""
    Evening.objects.filter(pk=evening.pk).update(struck=struck)


def mark_paid(group: Group, key: dict, payer: Player | None, payee: Player | None, amount: int):
    """Mark a transfer of a settle-up paid (``key``: the evening or the season); twice is once."""
    try:
        with transaction.atomic():
            Payment.objects.create(group=group, payer=payer, payee=payee, amount=amount, **key)
    except IntegrityError:
        pass  # marked already (a double tap)


def unmark_paid(group: Group, key: dict, payer: Player | None, payee: Player | None, amount: int):
    Payment.objects.filter(group=group, payer=payer, payee=payee, amount=amount, **key).delete()
