"""Multi-model writes of tournaments: entry list, drawing and publishing rounds, confirming.

Views check who may act; these functions keep the data consistent (a withdrawn player is
never drawn, a published round is never redrawn, a changed entry list discards a preview).
"""

from __future__ import annotations

from dataclasses import dataclass

from django.db import IntegrityError, transaction
from django.db.models import Max, Q
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from scoring.groups import services as group_services
from scoring.models import Access, Revision, Seat, Table, TableEvent
from scoring.services import Author, create_table, lock_table

from . import draw as drawing
from . import names
from .formats import get_format
from .models import (
    Club,
    DrawnSeat,
    Member,
    MemberChange,
    Player,
    Prize,
    Series,
    Tournament,
    TournamentRound,
    TournamentTable,
    new_seed,
)


class TournamentError(Exception):
    """An action the tournament's state does not allow; the message says why."""


# --- entry list ------------------------------------------------------------------------------
def next_start_number(tournament: Tournament) -> int:
    return (tournament.players.aggregate(top=Max("start_number"))["top"] or 0) + 1


def register_players(
    tournament: Tournament,
    entries: list[tuple[str, int | None]],
    *,
    chosen: dict[str, Member | None] | None = None,
    join_club: bool = False,
) -> list[Player]:
    """Add players (name, start number or None for the next free one) to the entry list. In a
    club tournament a typed name is the club's member of that name (or of a spelling merged
    into him), or the member the organizer chose for it (``chosen``, by case-folded name;
    None: not that member). Anybody else is the tournament's guest, or a new member of the
    club when ``join_club``."""
    chosen = chosen or {}
    with transaction.atomic():
        members: dict[str, Member | None] = {name.casefold(): None for name, _n in entries}
        if tournament.club is not None:
            typed = [name for name, _n in entries if name.casefold() not in chosen]
            members |= members_named(tournament.club, typed) | chosen
            if join_club:
                new = [name for name, _n in entries if members[name.casefold()] is None]
                for member in add_members(tournament.club, new):
                    members[member.name.casefold()] = member
        number = next_start_number(tournament)
        taken = set(tournament.players.values_list("start_number", flat=True))
        players = []
        for name, start_number in entries:
            if start_number is None:
                while number in taken:
                    number += 1
                start_number = number
            taken.add(start_number)
            member = members[name.casefold()]
            players.append(
                Player.objects.create(
                    tournament=tournament,
                    name=member.name if member else name,
                    start_number=start_number,
                    member=member,
                )
            )
        discard_preview(tournament)
        tournament.touch()
    return players


def register_members(tournament: Tournament, members: list[Member]) -> list[Player]:
    """Register club members picked from the club's list, with the next free start numbers."""
    return register_players(
        tournament,
        [(member.name, None) for member in members],
        chosen={member.name.casefold(): member for member in members},
    )


# --- the club's players ----------------------------------------------------------------------
def create_club(user, name: str) -> Club:
    with transaction.atomic():
        club = Club.objects.create(name=name)
        club.organizers.add(user)
    return club


def members_named(club: Club, names: list[str]) -> dict[str, Member]:
    """The club's current members among ``names`` (by case-folded name); a name merged into
    a member (another spelling of him) is that member."""
    wanted = {name.casefold() for name in names}
    found = {}
    for member in club.members.filter(Q(removed_at__isnull=True) | Q(merged_into__isnull=False)):
        if member.name.casefold() in wanted:
            found[member.name.casefold()] = member
    kept = {
        m.pk: m
        for m in club.members.filter(
            pk__in=[m.merged_into_id for m in found.values()], removed_at__isnull=True
        )
    }
    return {
        name: kept[member.merged_into_id] if member.merged_into_id else member
        for name, member in found.items()
        if not member.merged_into_id or member.merged_into_id in kept
    }


def similar_members(club: Club, name: str) -> list[Member]:
    """The club's current members whose name is likely another spelling of ``name`` (not the
    same name: that one is simply him)."""
    return [
        member
        for member in club.members.filter(removed_at__isnull=True).order_by("name")
        if member.name.casefold() != name.casefold() and names.similar(member.name, name)
    ]


def add_members(club: Club, names: list[str]) -> list[Member]:
    """New members with the club's next numbers (a removed member's number is not reused)."""
    if not names:
        return []
    with transaction.atomic():
        # Holds the club's row: two organizers adding at once take turns for the numbers.
        Club.objects.select_for_update().filter(pk=club.pk).first()
        top = club.members.aggregate(top=Max("number"))["top"] or 0
        return Member.objects.bulk_create(
            Member(club=club, number=top + offset, name=name)
            for offset, name in enumerate(names, start=1)
        )


def removed_name(member: Member) -> str:
    return _("Player %(n)s") % {"n": member.number}


def remove_member(member: Member) -> None:
    """Forget a member's name for privacy: his results stay, under "Spieler 17", in every
    tournament, on every scorepad he sat at and in their audit trails."""
    old, new = member.name, removed_name(member)
    with transaction.atomic():
        member.name, member.removed_at = new, timezone.now()
        member.save(update_fields=["name", "removed_at"])
        # The spellings merged into him are his names too.
        for spelling in member.spellings.all():
            spelling.name = removed_name(spelling)
            spelling.save(update_fields=["name"])
        players = list(member.entries.select_related("tournament"))
        Player.objects.filter(member=member).update(name=new)
        seats = DrawnSeat.objects.filter(
            player__member=member, tournament_table__table__isnull=False
        )
        tables = set()
        for table_id, position in seats.values_list("tournament_table__table_id", "position"):
            Seat.objects.filter(table_id=table_id, position=position).update(name=new)
            tables.add(table_id)
        # What was typed or picked under his name at those tables (entries, confirmations).
        Revision.objects.filter(round__table__in=tables, author=old).update(author=new)
        TableEvent.objects.filter(table__in=tables, author=old).update(author=new)
        for event in TableEvent.objects.filter(table__in=tables, details__confirmed_by=old):
            event.details["confirmed_by"] = new
            event.save(update_fields=["details"])
        for table in Table.objects.filter(pk__in=tables):
            table.touch()
        for player in players:
            player.tournament.touch()


def unplayed_entries(member: Member):
    """His entries not yet on a published table: their names may follow his."""
    return member.entries.exclude(seats__round__published_at__isnull=False)


def rename_member(member: Member, name: str, author: str) -> MemberChange:
    """A new name for the club (lists, series, registration, his Stammtisch rosters and
    their sheets). Tournaments he played keep the name he played under (their sheets and
    audit trails); the old name stays in the club's history. TournamentError when a
    Stammtisch of his has somebody of that name."""
    with transaction.atomic():
        change = MemberChange.objects.create(
            club_id=member.club_id,
            member=member,
            kind=MemberChange.Kind.RENAME,
            old_name=member.name,
            new_name=name,
            author=author,
        )
        member.name = name
        member.save(update_fields=["name"])
        unplayed_entries(member).update(name=name)
        # A roster renamed on its own page has the name already (the roster hook).
        for player in member.group_players.exclude(name=name):
            rename_group_player(player, name)
        touch_tournaments_of([member])
    return change


def rename_group_player(player, name: str) -> None:
    """A club member's Stammtisch player renamed with him (his seats on the group's sheets
    too); TournamentError when somebody of the group has the name."""
    try:
        group_services.rename_player(player, name)
    except group_services.NameTaken:
        raise TournamentError(
            _("Name: “%(name)s” is another player's at the Stammtisch “%(group)s”.")
            % {"name": name, "group": player.group.name}
        ) from None


def touch_tournaments_of(members: list[Member]) -> None:
    """Their tournaments' pages and series hear of a changed name or entry."""
    for tournament in Tournament.objects.filter(players__member__in=members).distinct():
        tournament.touch()


def merge_problem(keep: Member, gone: Member) -> str | None:
    """Why two members cannot be one person (None: they can)."""
    if keep.pk == gone.pk:
        return _("Merge: choose another player than this one.")
    both = Tournament.objects.filter(players__member=keep).filter(players__member=gone)
    tournament = both.first()
    if tournament is not None:
        return _(
            "Merge: %(one)s and %(other)s both played “%(tournament)s”, so they are two people."
        ) % {"one": keep.name, "other": gone.name, "tournament": tournament.name}
    group = keep.group_players.filter(group__players__member=gone).values("group__name").first()
    if group is not None:
        return _(
            "Merge: %(one)s and %(other)s are both on the roster of the Stammtisch "
            "“%(group)s”, so they are two people."
        ) % {"one": keep.name, "other": gone.name, "group": group["group__name"]}
    return None


def merge_members(keep: Member, gone: Member, author: str) -> MemberChange:
    """One person: every entry of ``gone`` (his tournaments, so his series and prize results)
    becomes ``keep``'s; ``gone`` stays as a spelling of ``keep`` that registration knows. The
    change names the entries that moved, so it can be undone."""
    problem = merge_problem(keep, gone)
    if problem:
        raise TournamentError(problem)
    with transaction.atomic():
        moved = list(gone.entries.values_list("pk", flat=True))
        evenings = list(gone.group_players.all())
        change = MemberChange.objects.create(
            club_id=keep.club_id,
            member=keep,
            kind=MemberChange.Kind.MERGE,
            old_name=gone.name,
            new_name=keep.name,
            merged=gone,
            details={"entries": moved, "group_players": [p.pk for p in evenings]},
            author=author,
        )
        Player.objects.filter(pk__in=moved).update(member=keep)
        unplayed = Player.objects.filter(pk__in=moved).exclude(
            seats__round__published_at__isnull=False
        )
        unplayed.update(name=keep.name)
        gone.merged_into, gone.removed_at = keep, timezone.now()
        gone.save(update_fields=["merged_into", "removed_at"])
        for player in evenings:
            player.member = keep
            player.save(update_fields=["member"])
            rename_group_player(player, keep.name)
        touch_tournaments_of([keep])
    return change


def undo_change(change: MemberChange, author: str) -> None:
    """Undo a rename (the old name back) or a merge (the moved entries back to the member
    they came from, who is a member of his own again)."""
    with transaction.atomic():
        change = MemberChange.objects.select_for_update().get(pk=change.pk)
        if change.undone_at is not None:
            return
        member = change.member
        if change.kind == MemberChange.Kind.RENAME:
            member.name = change.old_name
            member.save(update_fields=["name"])
            unplayed_entries(member).update(name=member.name)
            touch_tournaments_of([member])
        else:
            gone = change.merged
            gone.merged_into, gone.removed_at = None, None
            gone.save(update_fields=["merged_into", "removed_at"])
            moved = Player.objects.filter(pk__in=change.details["entries"], member=member)
            moved.update(member=gone)
            moved.exclude(seats__round__published_at__isnull=False).update(name=gone.name)
            for player in member.group_players.filter(
                pk__in=change.details.get("group_players", [])
            ):
                player.member = gone
                player.save(update_fields=["member"])
                rename_group_player(player, gone.name)
            touch_tournaments_of([member, gone])
        change.undone_at, change.undone_by = timezone.now(), author
        change.save(update_fields=["undone_at", "undone_by"])


def set_withdrawn(player: Player, withdrawn: bool) -> None:
    """Withdraw a player (he keeps his results, is not drawn again) or take him back."""
    with transaction.atomic():
        player.withdrawn_at = timezone.now() if withdrawn else None
        player.save(update_fields=["withdrawn_at"])
        discard_preview(player.tournament)
        player.tournament.touch()


def discard_preview(tournament: Tournament) -> bool:
    """Drop an unpublished draw: it no longer matches the entry list."""
    deleted, _rows = TournamentRound.objects.filter(
        tournament=tournament, published_at__isnull=True
    ).delete()
    return bool(deleted)


# --- drawing ---------------------------------------------------------------------------------
@dataclass(frozen=True)
class EarlierRounds:
    """What the draw of a round needs to know of the published rounds before it."""

    pairs: list[tuple[int, int]]  # every pair of table-mates (a pair that met twice twice)
    sat_out: list[set[int]]  # per round, in order: the players at tables where one sits out


def earlier_rounds(tournament: Tournament, before: int) -> EarlierRounds:
    """The published rounds before round ``before``, from one query of their seats."""
    by_table: dict[int, tuple[int, list[int]]] = {}
    for round_number, table_id, player_id in DrawnSeat.objects.filter(
        round__tournament=tournament, round__number__lt=before, round__published_at__isnull=False
    ).values_list("round__number", "tournament_table_id", "player_id"):
        by_table.setdefault(table_id, (round_number, []))[1].append(player_id)
    resting_size = get_format(tournament.game).resting_size
    sat_out: dict[int, set[int]] = {number: set() for number, _players in by_table.values()}
    for number, players in by_table.values():
        if len(players) == resting_size:
            sat_out[number].update(players)
    return EarlierRounds(
        pairs=drawing.pairs_of(players for _number, players in by_table.values()),
        sat_out=[sat_out[number] for number in sorted(sat_out)],
    )


def next_round_number(tournament: Tournament) -> int:
    published = tournament.draws.filter(published_at__isnull=False)
    return (published.aggregate(top=Max("number"))["top"] or 0) + 1


def round_sizes(tournament: Tournament, number: int, count: int) -> list[int]:
    """The table sizes of round ``number`` for ``count`` active players; TournamentError
    saying why when that round cannot be drawn."""
    if number > tournament.rounds:
        raise TournamentError(
            _("All %(n)s rounds are drawn; add a round in the settings to draw another.")
            % {"n": tournament.rounds}
        )
    try:
        return drawing.table_sizes(count, tournament.table_size, tournament.remainder)
    except drawing.DrawError:
        raise TournamentError(sizes_problem(tournament, count)) from None


def check_drawable(tournament: Tournament) -> None:
    """TournamentError when the next round cannot be drawn: said before anything is asked."""
    count = tournament.players.filter(withdrawn_at__isnull=True).count()
    round_sizes(tournament, next_round_number(tournament), count)


def draw_round(tournament: Tournament, seed: str | None = None) -> TournamentRound:
    """Draw (or redraw with a new seed) the next round as an unpublished preview."""
    number = next_round_number(tournament)
    players = list(
        tournament.players.filter(withdrawn_at__isnull=True).values_list("id", flat=True)
    )
    sizes = round_sizes(tournament, number, len(players))
    earlier = earlier_rounds(tournament, number)
    result = drawing.draw(
        players,
        sizes,
        earlier.pairs,
        seed or new_seed(),
        resting_size=get_format(tournament.game).resting_size,
        sat_out=earlier.sat_out,
    )
    try:
        with transaction.atomic():
            discard_preview(tournament)
            round_ = TournamentRound.objects.create(
                tournament=tournament,
                number=number,
                seed=result.seed,
                repeated_pairs=result.repeated_pairs,
            )
            store_seating(round_, result.tables)
    except IntegrityError:
        # Two draws at once (a co-organizer, a double tap): the other one stands.
        raise TournamentError(
            _("Round %(n)s was drawn at the same moment by another click; that draw stands.")
            % {"n": number}
        ) from None
    return round_


def store_seating(round_: TournamentRound, tables) -> None:
    created = TournamentTable.objects.bulk_create(
        TournamentTable(round=round_, number=number) for number in range(1, len(tables) + 1)
    )
    DrawnSeat.objects.bulk_create(
        DrawnSeat(tournament_table=table, round=round_, player_id=player_id, position=position)
        for table, seats in zip(created, tables, strict=True)
        for position, player_id in enumerate(seats)
    )


def sizes_problem(tournament: Tournament, count: int) -> str:
    fmt = get_format(tournament.game)
    odd = fmt.remainder_size(tournament.table_size, tournament.remainder)
    if odd is None:
        values = {"count": count, "size": tournament.table_size}
        if not any(fmt.remainder_size(tournament.table_size, v) for v in ("larger", "smaller")):
            return (
                _(
                    "%(count)s active players do not fill tables of %(size)s, the only size "
                    "this game is played at: register or withdraw players."
                )
                % values
            )
        return (
            _(
                "%(count)s active players do not fill tables of %(size)s: register or withdraw "
                "players, or allow tables of another size in the settings."
            )
            % values
        )
    return _(
        "%(count)s active players cannot sit at tables of %(size)s and %(odd)s: register "
        "or withdraw players."
    ) % {"count": count, "size": tournament.table_size, "odd": odd}


def seating_of(round_: TournamentRound) -> list[tuple[TournamentTable, list[DrawnSeat]]]:
    """The round's tables with their seats in order (two queries)."""
    tables = list(
        round_.tables.select_related("table")
        .prefetch_related("table__seats", "table__accesses")
        .order_by("number")
    )
    seats: dict[int, list[DrawnSeat]] = {table.pk: [] for table in tables}
    for seat in (
        DrawnSeat.objects.filter(round=round_)
        .select_related("player")
        .order_by("tournament_table__number", "position")
    ):
        seats[seat.tournament_table_id].append(seat)
    return [(table, seats[table.pk]) for table in tables]


@dataclass(frozen=True)
class Place:
    """Where a player sits in a round: "Wer sitzt wo?"."""

    player: Player
    table: int
    seat: int  # 1 = the first dealer


def places_of(round_: TournamentRound) -> list[Place]:
    """Every player of the round with his table and seat, alphabetically (two queries)."""
    places = [
        Place(seat.player, tournament_table.number, seat.position + 1)
        for tournament_table, seats in seating_of(round_)
        for seat in seats
    ]
    return sorted(places, key=lambda place: (place.player.name.casefold(), place.player.pk))


def next_places(tournament_table: TournamentTable) -> list[Place]:
    """Where the players of this table sit in the next round, once it is published: what the
    old table's QR code shows them (in seat order of the old table)."""
    round_ = tournament_table.round
    seats = DrawnSeat.objects.filter(
        round__tournament_id=round_.tournament_id,
        round__number=round_.number + 1,
        round__published_at__isnull=False,
        player__seats__tournament_table=tournament_table,
    ).select_related("player", "tournament_table")
    order = dict(tournament_table.seats.values_list("player_id", "position"))
    return sorted(
        (Place(seat.player, seat.tournament_table.number, seat.position + 1) for seat in seats),
        key=lambda place: order[place.player.pk],
    )


def table_options(tournament: Tournament) -> dict:
    options = {"first_dealer": 0, "tournament": tournament.pk}
    fmt = get_format(tournament.game)
    if fmt.open_ended:
        options["games_required"] = tournament.games_per_round
    if fmt.thrown_in:
        options["thrown_in_counts"] = tournament.thrown_in_counts
    return options


def table_title(tournament: Tournament, round_number: int, table_number: int) -> str:
    suffix = _(" · round %(round)s, table %(table)s") % {
        "round": round_number,
        "table": table_number,
    }
    return tournament.name[: 80 - len(suffix)] + suffix


def publish_round(round_: TournamentRound) -> None:
    """Create one scorepad table per tournament table (players in seat order)."""
    tournament = round_.tournament
    with transaction.atomic():
        locked = TournamentRound.objects.select_for_update().get(pk=round_.pk)
        if locked.is_published:
            return
        for tournament_table, seats in seating_of(round_):
            table = create_table(
                game=tournament.game,
                players=[seat.player.name for seat in seats],
                profile_name=tournament.profile_name,
                profile=tournament.profile,
                options=table_options(tournament),
                title=table_title(tournament, round_.number, tournament_table.number),
            )
            tournament_table.table = table
            tournament_table.save(update_fields=["table"])
        round_.published_at = timezone.now()
        round_.save(update_fields=["published_at"])
        tournament.touch()


def scorer_key(table: Table) -> str:
    return next(a.key for a in table.accesses.all() if a.role == Access.Role.SCORER)


# --- confirming a table's result ----------------------------------------------------------------
@dataclass(frozen=True)
class Entrants:
    """Who entered a table's games: the names typed and the phones (devices) used."""

    names: frozenset[str]
    devices: frozenset[str]


def entrants(table: Table) -> Entrants:
    rows = Revision.objects.filter(round__table=table).values_list("author", "device").distinct()
    return Entrants(
        names=frozenset(name.strip().casefold() for name, _device in rows if name.strip()),
        devices=frozenset(device for _name, device in rows if device),
    )


def confirmation_problem(table: Table, seat_name: str, device: str) -> str | None:
    """Why this player on this phone may not confirm the table's result (None: he may)."""
    who = entrants(table)
    if seat_name.strip().casefold() in who.names:
        return _(
            "%(name)s entered games at this table; another player must confirm the result."
        ) % {"name": seat_name}
    if device and device in who.devices:
        return _(
            "Games were entered on this phone; another player confirms on his own phone "
            "(scan the QR code on the table sheet)."
        )
    return None


def confirm_table(tournament_table: TournamentTable, seat_name: str, device: str) -> bool:
    table = tournament_table.table
    position = table.player_names.index(seat_name)
    return lock_table(
        table,
        Author(name=seat_name, device=device),
        reason=gettext_noop("result confirmed at the table"),  # translated when shown
        details={
            "tournament_table": tournament_table.pk,
            "seat": position,
            "confirmed_by": seat_name,
        },
    )


def has_played(player: Player) -> bool:
    """Whether the player sits at a table of a published round (his name is on a scorepad)."""
    return DrawnSeat.objects.filter(player=player, round__published_at__isnull=False).exists()


def correct_player(player: Player, *, start_number: int, name: str, club: str) -> None:
    """A mistyped entry, corrected before the player is on any published table: his seat
    names in the scorepads are copies and would no longer match."""
    with transaction.atomic():
        discard_preview(player.tournament)
        player.start_number, player.name, player.club = start_number, name, club
        player.save(update_fields=["start_number", "name", "club"])
        player.tournament.touch()


def remove_player(player: Player) -> None:
    """An entry made by mistake, removed before the player was on any published table."""
    with transaction.atomic():
        discard_preview(player.tournament)
        player.delete()
        player.tournament.touch()


# --- prize list and series ------------------------------------------------------------------
def set_prizes(
    tournament: Tournament,
    *,
    entry_fee_cents: int,
    cents_per_point: int,
    prizes: list[tuple[int, int | None, object]],
) -> None:
    """Replace the prize list: (rank, amount in cents or None, share in percent or None)."""
    with transaction.atomic():
        tournament.entry_fee_cents, tournament.cents_per_point = entry_fee_cents, cents_per_point
        tournament.save(update_fields=["entry_fee_cents", "cents_per_point"])
        tournament.prizes.all().delete()
        Prize.objects.bulk_create(
            Prize(tournament=tournament, rank=rank, amount_cents=amount, share_percent=share)
            for rank, amount, share in prizes
        )


def save_series(form, club: Club) -> Series:
    """The series of the form with exactly the evenings ticked; other series keep theirs (an
    evening counts in every series it is ticked in)."""
    with transaction.atomic():
        series = form.save(commit=False)
        series.club = club
        series.save()
        series.tournaments.set(form.cleaned_data["tournaments"])
    return series
