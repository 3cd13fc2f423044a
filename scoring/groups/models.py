"""A Stammtisch ("Runde"): its roster, its house rules and its evenings (docs/groups.md).

A group has no accounts, like a table: two private links (scorer and viewer). Each evening
is an ordinary scorepad table; ``EveningSeat`` says which person of the roster sat in which
seat, so a renamed player stays the same person in every season. The database enforces the
single-row rules (a name once per group, a person once per evening, a seat once per
evening, a transfer marked paid once).
"""

from __future__ import annotations

from django.db import models
from django.db.models import Q
from django.db.models.functions import Coalesce, Lower
from django.utils.translation import gettext_lazy as _

from ..models import Game, Table, new_key


class Group(models.Model):
    name = models.CharField(_("name"), max_length=80)
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    # The house rules, chosen once: every evening's table gets a frozen copy of ``profile``.
    profile_name = models.CharField(_("rule profile"), max_length=60)
    profile = models.JSONField(_("rule settings"), default=dict)
    # The creation form's house-rule fields as posted: an evening's table is started through
    # the game's own creation form with them, so its options come out as the pad makes them.
    rule_data = models.JSONField(default=dict)
    # The season starts on this day every year (1 January: the calendar year).
    season_month = models.PositiveSmallIntegerField(_("season starts in month"), default=1)
    season_day = models.PositiveSmallIntegerField(_("season starts on day"), default=1)
    scorer_key = models.CharField(max_length=40, unique=True, default=new_key)
    viewer_key = models.CharField(max_length=40, unique=True, default=new_key)
    # The creation form's one-time token: a double tap on "start" makes one group.
    submission = models.UUIDField(null=True, blank=True, unique=True, editable=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("group")
        verbose_name_plural = _("groups")
        constraints = [
            models.CheckConstraint(
                condition=Q(season_month__gte=1, season_month__lte=12, season_day__gte=1)
                & Q(season_day__lte=28),
                name="group_season_start_valid",
            ),
            models.CheckConstraint(
                condition=~Q(scorer_key=models.F("viewer_key")), name="group_keys_differ"
            ),
        ]

    def __str__(self):
        return self.name


class Player(models.Model):
    """A person of the group. A guest who did not join the roster is one too (``on_roster``
    false): his evenings are his, and he joins later under the same name."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="players")
    name = models.CharField(_("name"), max_length=40)
    on_roster = models.BooleanField(_("on the roster"), default=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint("group", Lower("name"), name="group_player_name_unique"),
        ]

    def __str__(self):
        return self.name


class Evening(models.Model):
    """One evening of the group: a scorepad table and who sat where."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="evenings")
    table = models.OneToOneField(Table, on_delete=models.CASCADE, related_name="evening")
    played_on = models.DateField(_("date"))
    # The table's figures as the season reads them (``season.stored_facts``): written by the
    # first season page after a change, with the table version and the Stock brought in they
    # were reckoned for; a page reads them only while both still match.
    figures = models.JSONField(null=True, blank=True, editable=False)
    # Another table of the group that day had the same people (scoring/groups/twins.py): the
    # group said it really was a second table, so neither is shown as a possible twin.
    second_table = models.BooleanField(default=False)
    # Struck as the twin of another table that day: counted in no season, listed apart; its
    # table, links and games stay as they are (it can be counted again).
    struck = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["played_on", "pk"]
        indexes = [models.Index(fields=["group", "played_on"])]

    def __str__(self):
        return f"{self.group} {self.played_on}"


class EveningSeat(models.Model):
    evening = models.ForeignKey(Evening, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(
                fields=["evening", "position"], name="evening_seat_position_unique"
            ),
            models.UniqueConstraint(
                fields=["evening", "player"], name="evening_seat_player_unique"
            ),
        ]

    def __str__(self):
        return f"{self.evening} {self.position}"


class Payment(models.Model):
    """A transfer of a settle-up marked "paid": of one evening, or of a season (``evening``
    empty, ``season`` its first year) for groups that pay once a year. ``None`` as payer or
    payee is the Stock. A transfer matches its mark by payer, payee and amount: when a
    correction changes the settle-up, the old mark no longer matches and the transfer is
    open again."""

    group = models.ForeignKey(Group, on_delete=models.CASCADE, related_name="payments")
    evening = models.ForeignKey(
        Evening, on_delete=models.CASCADE, null=True, blank=True, related_name="payments"
    )
    season = models.PositiveSmallIntegerField(null=True, blank=True)
    payer = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    payee = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    amount = models.PositiveIntegerField(_("amount"))  # cents, or units without money
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(evening__isnull=True) ^ Q(season__isnull=True),
                name="payment_of_evening_or_season",
            ),
            # The Stock (no player) counts as one party: 0 in the key.
            models.UniqueConstraint(
                "evening",
                Coalesce("payer", 0),
                Coalesce("payee", 0),
                "amount",
                condition=Q(evening__isnull=False),
                name="evening_payment_once",
            ),
            models.UniqueConstraint(
                "group",
                "season",
                Coalesce("payer", 0),
                Coalesce("payee", 0),
                "amount",
                condition=Q(season__isnull=False),
                name="season_payment_once",
            ),
        ]

    def __str__(self):
        return f"{self.payer or 'Stock'} → {self.payee or 'Stock'} {self.amount}"
