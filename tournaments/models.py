"""Club tournaments: setup, entry list, drawn rounds and their tables.

A round is drawn (a preview: seats, no scorepad tables yet), possibly redrawn with a new
seed, then published: every tournament table gets its scorepad ``Table`` with the
tournament's frozen rule profile. Results live on those scorepad tables; the standings read
their current revisions.
"""

import secrets

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.db.models.functions import Lower
from django.utils.translation import gettext_lazy as _

from scoring.models import Game, Table


def new_seed() -> str:
    return secrets.token_hex(6)


def new_public_key() -> str:
    return secrets.token_urlsafe(18)


class Club(models.Model):
    """What a group of organizer accounts keeps between tournaments: its players (members)
    and its series. Its organizers see and edit all of it; a tournament may belong to one."""

    name = models.CharField(_("name"), max_length=80)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="clubs", verbose_name=_("organizers")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("club")
        verbose_name_plural = _("clubs")
        ordering = ["name"]

    def __str__(self):
        return self.name


class Member(models.Model):
    """A player of a club: registered for its tournaments by picking him, ranked in its series
    across them. Removing him keeps the row (and his results) with the name replaced."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="members")
    # The club's own number of the player, never reused: "Spieler 17" once he is removed.
    number = models.PositiveIntegerField(_("number"))
    name = models.CharField(_("name"), max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)
    removed_at = models.DateTimeField(_("removed"), null=True, blank=True)
    # Merged into another member (services.merge_members): his entries are that member's, and
    # his name is a spelling of that member's that registration recognises.
    merged_into = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="spellings"
    )

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "number"], name="member_number_unique"),
            models.UniqueConstraint("club", Lower("name"), name="member_name_unique_per_club"),
            models.CheckConstraint(condition=Q(number__gte=1), name="member_number_positive"),
        ]

    def __str__(self):
        return self.name


class MemberChange(models.Model):
    """The club's audit trail of its people: a rename (the old name kept here) or a merge
    (which entries moved from which member), each undoable once."""

    class Kind(models.TextChoices):
        RENAME = "rename", _("renamed")
        MERGE = "merge", _("merged")

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="member_changes")
    member = models.ForeignKey(Member, on_delete=models.CASCADE, related_name="changes")
    kind = models.CharField(max_length=10, choices=Kind.choices)
    old_name = models.CharField(max_length=80, blank=True)
    new_name = models.CharField(max_length=80, blank=True)
    # A merge: the member merged into ``member``, and the entries (Player ids) that moved.
    merged = models.ForeignKey(
        Member, on_delete=models.CASCADE, null=True, blank=True, related_name="+"
    )
    details = models.JSONField(default=dict, blank=True)
    author = models.CharField(max_length=150)
    created_at = models.DateTimeField(auto_now_add=True)
    undone_by = models.CharField(max_length=150, blank=True)
    undone_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        constraints = [
            models.CheckConstraint(
                condition=Q(kind="merge", merged__isnull=False)
                | Q(kind="rename", merged__isnull=True),
                name="member_change_merge_names_the_merged",
            )
        ]

    def __str__(self):
        return f"{self.kind} {self.member_id}"


class TieBreak(models.TextChoices):
    SOLOS_LOT = "solos_lot", _("won solos, then lot")
    LOT = "lot", _("lot")


class Series(models.Model):
    """A club's season ("Liga", "Vereinsmeisterschaft"): its tournaments (evenings) ranked
    together by the sum of points, or of each player's best N evenings."""

    club = models.ForeignKey(Club, on_delete=models.CASCADE, related_name="series")
    name = models.CharField(_("name"), max_length=80)
    # None: every evening counts; N: each player's best N evenings by points.
    best_of = models.PositiveSmallIntegerField(_("evenings that count"), null=True, blank=True)
    tie_break = models.CharField(
        _("ties in points are broken by"),
        max_length=12,
        choices=TieBreak.choices,
        default=TieBreak.SOLOS_LOT,
    )
    lot_seed = models.CharField(max_length=32, default=new_seed)
    public_key = models.CharField(max_length=40, unique=True, default=new_public_key)
    # Its evenings. A tournament counts in any number of series: a club ranks "every
    # evening" and "the best evening" side by side over the same tournaments.
    tournaments = models.ManyToManyField(
        "Tournament", related_name="series", blank=True, verbose_name=_("evenings")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)

    class Meta:
        verbose_name = _("series")
        verbose_name_plural = _("series")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(
                condition=Q(best_of__isnull=True) | Q(best_of__gte=1),
                name="series_best_of_positive",
            )
        ]

    def __str__(self):
        return self.name


class Tournament(models.Model):
    class Remainder(models.TextChoices):
        EXACT = "exact", _("none: the number of players must fill the tables")
        LARGER = "larger", _("tables with one more seat")
        SMALLER = "smaller", _("tables with one seat fewer")

    TieBreak = TieBreak  # the same tie-breaks rank a series

    name = models.CharField(_("name"), max_length=80)
    date = models.DateField(_("date"), null=True, blank=True)
    # Registration picks the club's members; None: names are typed for this tournament only.
    club = models.ForeignKey(
        Club,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournaments",
        verbose_name=_("club"),
    )
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    profile_name = models.CharField(_("rule profile"), max_length=60)
    # A frozen copy, handed to every table of the tournament.
    profile = models.JSONField(_("rule settings"), default=dict)
    rounds = models.PositiveSmallIntegerField(_("rounds"), default=3)
    games_per_round = models.PositiveSmallIntegerField(_("games per round"), default=32)
    table_size = models.PositiveSmallIntegerField(_("players per table"), default=4)
    remainder = models.CharField(
        _("when the players do not fill the tables"),
        max_length=10,
        choices=Remainder.choices,
        default=Remainder.LARGER,
    )
    # Schafkopf: whether a thrown-in deal counts toward games_per_round (tournaments.md,
    # "Passed deals"); copied into every published table's options like the rules.
    thrown_in_counts = models.BooleanField(_("a thrown-in deal counts as a game"), default=True)
    tie_break = models.CharField(
        _("ties in points are broken by"),
        max_length=12,
        choices=TieBreak.choices,
        default=TieBreak.SOLOS_LOT,
    )
    # Drawing lots for places is reproducible: the order comes from this stored seed.
    lot_seed = models.CharField(max_length=32, default=new_seed)
    public_key = models.CharField(max_length=40, unique=True, default=new_public_key)
    organizers = models.ManyToManyField(
        settings.AUTH_USER_MODEL, related_name="tournaments", verbose_name=_("organizers")
    )
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Bumped when the entry list changes, so the public page re-renders names.
    version = models.PositiveIntegerField(default=0)
    # The prize list: every registered player pays the fee into the pot; a Preisschafkopf
    # also pays out each point (a negative balance pays in).
    entry_fee_cents = models.PositiveIntegerField(_("entry fee (cents)"), default=0)
    cents_per_point = models.PositiveIntegerField(_("cents per point"), default=0)
    # Its club players' points and won solos as a series ranks them (``series.stored_totals``):
    # written by the first series ranking after a change, with the entry list's and the
    # tables' versions they were summed for; a ranking reads them only while those still match.
    series_totals = models.JSONField(null=True, blank=True, editable=False)

    class Meta:
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        ordering = ["-created_at"]
        constraints = [
            models.CheckConstraint(condition=Q(rounds__gte=1), name="tournament_rounds_positive"),
            models.CheckConstraint(
                condition=Q(games_per_round__gte=1), name="tournament_games_positive"
            ),
        ]

    def __str__(self):
        return self.name

    def touch(self):
        """Mark the tournament changed (players, a published round): its live pages hear of it
        when the transaction commits (scoring/push.py)."""
        from scoring.push import bump_version

        self.version = bump_version("tournament", self.pk)


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    start_number = models.PositiveIntegerField(_("start number"))
    name = models.CharField(_("name"), max_length=80)
    club = models.CharField(_("club"), max_length=60, blank=True)
    # Who he is beyond this tournament (a club tournament's entries); his name is a copy.
    member = models.ForeignKey(
        Member, on_delete=models.PROTECT, null=True, blank=True, related_name="entries"
    )
    registered_at = models.DateTimeField(auto_now_add=True)
    # A withdrawn player keeps his results but is not drawn again.
    withdrawn_at = models.DateTimeField(_("withdrawn"), null=True, blank=True)

    class Meta:
        ordering = ["start_number"]
        constraints = [
            models.UniqueConstraint(
                fields=["tournament", "start_number"], name="player_start_number_unique"
            ),
            models.UniqueConstraint(
                "tournament", Lower("name"), name="player_name_unique_per_tournament"
            ),
            models.CheckConstraint(
                condition=Q(start_number__gte=1), name="player_start_number_positive"
            ),
            models.UniqueConstraint(
                fields=["tournament", "member"],
                condition=Q(member__isnull=False),
                name="member_once_per_tournament",
            ),
        ]

    def __str__(self):
        return f"{self.start_number} {self.name}"

    @property
    def is_active(self) -> bool:
        return self.withdrawn_at is None


class TournamentRound(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="draws")
    number = models.PositiveSmallIntegerField(_("round"))
    # The draw is a function of the players, the earlier rounds and this seed.
    seed = models.CharField(max_length=32)
    repeated_pairs = models.PositiveIntegerField(default=0)
    created_at = models.DateTimeField(auto_now_add=True)
    published_at = models.DateTimeField(_("published"), null=True, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="tournament_round_unique")
        ]

    def __str__(self):
        return f"{self.tournament} – {self.number}"

    @property
    def is_published(self) -> bool:
        return self.published_at is not None


class TournamentTable(models.Model):
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("table"))
    # The scorepad table, created when the round is published.
    table = models.OneToOneField(
        Table,
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="tournament_table",
    )

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="tournament_table_unique")
        ]

    def __str__(self):
        return f"{self.round} – {self.number}"


class DrawnSeat(models.Model):
    tournament_table = models.ForeignKey(
        TournamentTable, on_delete=models.CASCADE, related_name="seats"
    )
    # Repeated from the table so that the database can forbid seating a player twice.
    round = models.ForeignKey(TournamentRound, on_delete=models.CASCADE, related_name="seats")
    # RESTRICT: a drawn player cannot be deleted on his own, only with his tournament.
    player = models.ForeignKey(Player, on_delete=models.RESTRICT, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="drawn_player_once"),
            models.UniqueConstraint(
                fields=["tournament_table", "position"], name="drawn_seat_unique"
            ),
        ]

    def __str__(self):
        return f"{self.tournament_table}: {self.position + 1} {self.player}"


class Prize(models.Model):
    """What a rank wins: an amount, or a share of the pot (the entry fees)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="prizes")
    rank = models.PositiveSmallIntegerField(_("rank"))
    amount_cents = models.PositiveIntegerField(_("amount (cents)"), null=True, blank=True)
    share_percent = models.DecimalField(
        _("share of the pot (%)"), max_digits=5, decimal_places=2, null=True, blank=True
    )

    class Meta:
        ordering = ["rank"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "rank"], name="prize_rank_unique"),
            models.CheckConstraint(condition=Q(rank__gte=1), name="prize_rank_positive"),
            models.CheckConstraint(
                condition=Q(amount_cents__isnull=True, share_percent__isnull=False)
                | Q(amount_cents__isnull=False, share_percent__isnull=True),
                name="prize_amount_or_share",
            ),
            models.CheckConstraint(
                condition=Q(share_percent__isnull=True)
                | Q(share_percent__gt=0, share_percent__lte=100),
                name="prize_share_a_percentage",
            ),
        ]

    def __str__(self):
        return f"{self.tournament} – {self.rank}"


TEAM_SIZE = 4  # a league team (Skat): four players, ranked by the sum of their lists


class Team(models.Model):
    """A team of the tournament's team competition, beside the individual ranking."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("team name"), max_length=60)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(
                "tournament", Lower("name"), name="team_name_unique_per_tournament"
            )
        ]

    def __str__(self):
        return self.name


class TeamMember(models.Model):
    """A registered player in a team: in at most one team of his tournament, at one of its
    four places (the database refuses a fifth)."""

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="members")
    # Repeated from the team so that the database can forbid a player in two teams.
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="team_places")
    place = models.PositiveSmallIntegerField(_("place"))

    class Meta:
        ordering = ["place"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "player"], name="player_in_one_team"),
            models.UniqueConstraint(fields=["team", "place"], name="team_place_unique"),
            models.CheckConstraint(
                condition=Q(place__gte=1, place__lte=TEAM_SIZE), name="team_at_most_four"
            ),
        ]

    def __str__(self):
        return f"{self.team}: {self.player}"
