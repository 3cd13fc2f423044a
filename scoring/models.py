"""The scorepad: a table (one game being played), its seats, private links and rounds.

A round's entries are never overwritten: every save adds a ``Revision``; exactly one revision
per round is current. The database enforces the single-row rules (one current revision per
round, revision numbers unique per round, one submission stored once).
"""

import secrets

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class Game(models.TextChoices):
    SCHAFKOPF = "schafkopf", "Schafkopf"
    SCHATZSUCHE = "schatzsuche", "Schatzsuche"
    SCHARFE_SCHOTEN = "scharfe_schoten", "Scharfe Schoten"
    STICHWAHL = "stichwahl", "Stichwahl"
    SKAT = "skat", "Skat"


class Table(models.Model):
    game = models.CharField(_("game"), max_length=20, choices=Game.choices)
    title = models.CharField(_("title"), max_length=80, blank=True)
    profile_name = models.CharField(_("rule profile"), max_length=60)
    # A frozen copy: changing a profile later never rewrites this table's results.
    profile = models.JSONField(_("rule settings"), default=dict)
    options = models.JSONField(_("table options"), default=dict, blank=True)
    created_at = models.DateTimeField(_("created"), auto_now_add=True)
    # Bumped with every saved change; live views compare it instead of re-rendering.
    version = models.PositiveIntegerField(default=0)
    # A locked table (e.g. a tournament table whose result was confirmed) refuses new
    # revisions until it is unlocked; both are recorded as TableEvents.
    locked_at = models.DateTimeField(_("locked"), null=True, blank=True)
    locked_by = models.CharField(_("locked by"), max_length=80, blank=True)
    # The creation form's one-time token: a double tap on "start" makes one table, not two.
    submission = models.UUIDField(null=True, blank=True, unique=True, editable=False)

    class Meta:
        verbose_name = _("table")
        verbose_name_plural = _("tables")

    def __str__(self):
        return self.title or f"{self.get_game_display()} #{self.pk}"

    @property
    def heading(self) -> str:
        """What the table's own page calls it: its title, else the game's name."""
        return self.title or self.get_game_display()

    @property
    def is_locked(self) -> bool:
        return self.locked_at is not None

    @property
    def player_names(self) -> list[str]:
        return [seat.name for seat in self.seats.all()]

    def touch(self):
        """Mark the table changed: every phone watching it hears of it and fetches the new
        state (scoring/push.py announces the version when the transaction commits)."""
        from .push import bump_version

        self.version = bump_version("table", self.pk)


class Seat(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField(_("seat"))
    # A club's member names run to 80 characters (a tournament seats them as they are).
    name = models.CharField(_("name"), max_length=80)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="seat_position_unique"),
            models.UniqueConstraint(fields=["table", "name"], name="seat_name_unique"),
        ]

    def __str__(self):
        return self.name


# 144 bits: a link key cannot be guessed (scoring/keys.py checks a phone's chosen keys).
KEY_BYTES = 18


def new_key() -> str:
    return secrets.token_urlsafe(KEY_BYTES)


class AccessQuerySet(models.QuerySet):
    def poll_state(self, key: str) -> tuple[str, int] | None:
        """(role, table version) of a link in one small query, or None for an unknown key.

        Fragment requests are most of all requests (every phone, after every change), and
        nearly all of them end in a 304; a plain query spares them building model instances.
        """
        return self.filter(key=key).values_list("role", "table__version").first()


class Access(models.Model):
    """A private link to one table: whoever has the key has the role, on that table only."""

    class Role(models.TextChoices):
        SCORER = "scorer", pgettext_lazy("role", "scorer")
        VIEWER = "viewer", pgettext_lazy("role", "viewer")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="accesses")
    key = models.CharField(max_length=40, unique=True, default=new_key)
    role = models.CharField(max_length=10, choices=Role.choices)
    label = models.CharField(max_length=80, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = AccessQuerySet.as_manager()

    class Meta:
        verbose_name = _("link")
        verbose_name_plural = _("links")

    def __str__(self):
        return f"{self.table} ({self.role})"

    @property
    def can_score(self) -> bool:
        return self.role == self.Role.SCORER


class Round(models.Model):
    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField(_("round"))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["table", "number"], name="round_number_unique"),
            models.CheckConstraint(condition=Q(number__gte=1), name="round_number_positive"),
        ]

    def __str__(self):
        return f"{self.table} – {self.number}"


class Revision(models.Model):
    """One saved state of a round. Corrections add revisions; nothing is edited in place."""

    class Source(models.TextChoices):
        ENTRY = "entry", _("entry")
        CORRECTION = "correction", _("correction")
        DISPUTE = "dispute", _("dispute")
        # The round was struck off the sheet (kept in the history, with its reason).
        VOID = "void", _("voided")

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="revisions")
    number = models.PositiveIntegerField()
    # Not stored: what the save that made this revision changed besides (other rounds a save
    # hook stored, scoring.hooks.round_saved), in words for that save's answer.
    follow_ups: list[str]
    is_current = models.BooleanField(default=True)
    data = models.JSONField()
    # Per-seat points of the round once it is complete, as the game's rules compute them.
    scores = models.JSONField(null=True, blank=True)
    complete = models.BooleanField(default=False)
    source = models.CharField(max_length=12, choices=Source.choices, default=Source.ENTRY)
    author = models.CharField(_("entered by"), max_length=80, blank=True)
    device = models.CharField(max_length=40, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    # The form's one-time token: a double tap on "save" stores one revision, not two.
    submission = models.UUIDField(unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["round__number", "number"]
        constraints = [
            models.UniqueConstraint(fields=["round", "number"], name="revision_number_unique"),
            models.UniqueConstraint(
                fields=["round"], condition=Q(is_current=True), name="one_current_revision"
            ),
            models.CheckConstraint(condition=Q(number__gte=1), name="revision_number_positive"),
            models.CheckConstraint(
                condition=Q(complete=False) | Q(scores__isnull=False),
                name="complete_revision_has_scores",
            ),
        ]

    def __str__(self):
        return f"{self.round} r{self.number}"


class TableEvent(models.Model):
    """A change to a table that is not a round revision: locking, unlocking, disputes.

    Together with the revisions it forms the table's audit trail (who, when, what, why).
    """

    class Kind(models.TextChoices):
        LOCKED = "locked", _("locked")
        UNLOCKED = "unlocked", _("unlocked")
        DISPUTE_OPENED = "dispute_opened", _("dispute opened")
        DISPUTE_APPLIED = "dispute_applied", _("dispute applied")
        DISPUTE_KEPT = "dispute_kept", _("dispute decided: entry kept")
        NOTE = "note", _("note")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="events")
    round_number = models.PositiveIntegerField(null=True, blank=True)
    kind = models.CharField(max_length=20, choices=Kind.choices)
    author = models.CharField(_("by"), max_length=80, blank=True)
    device = models.CharField(max_length=40, blank=True)
    reason = models.CharField(_("reason"), max_length=200, blank=True)
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]

    def __str__(self):
        return f"{self.table}: {self.kind}"


class Analysis(models.Model):
    """The open-hand analysis of one Schafkopf record (scoring/analyses.py), kept per record:
    the same record (any dispute, any table) is analysed once. A worker fills it in."""

    class Status(models.TextChoices):
        QUEUED = "queued", _("waiting")
        RUNNING = "running", _("running")
        DONE = "done", _("done")
        FAILED = "failed", _("failed")

    # sha256 of the record's canonical JSON: equal records share one analysis.
    record_hash = models.CharField(max_length=64, unique=True)
    record = models.JSONField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.QUEUED)
    positions_done = models.PositiveIntegerField(default=0)
    positions_total = models.PositiveIntegerField(default=0)
    document = models.JSONField(null=True, blank=True)  # the analysis/1 document when done
    error = models.TextField(blank=True)  # why it failed (English; the reason code first)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        verbose_name = _("analysis")
        verbose_name_plural = _("analyses")
        constraints = [
            models.CheckConstraint(
                condition=~Q(status="done") | Q(document__isnull=False),
                name="done_analysis_has_document",
            ),
        ]

    def __str__(self):
        return f"analysis {self.record_hash[:12]} ({self.status})"

    @property
    def percent(self) -> int:
        if not self.positions_total:
            return 0
        return min(100, round(100 * self.positions_done / self.positions_total))


class Dispute(models.Model):
    """An arbiter's card-by-card record of one disputed round (scoring/disputes, docs/disputes.md).

    ``draft`` holds the record being entered (players, profile, the game's keys, the dealt
    hands as far as picked, and the actions in order); every change bumps ``version``, so a
    tap from a phone that saw an older draft is refused instead of overwriting. Applying the
    verdict stores a new revision of the round (source ``dispute``) and links it here.
    """

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="disputes")
    round_number = models.PositiveIntegerField(_("round"))
    # The round's current revision when the dispute was opened: what the table had entered.
    opened_at_revision = models.PositiveIntegerField(default=0)
    draft = models.JSONField(default=dict)
    version = models.PositiveIntegerField(default=1)
    # The read-only link: whoever has it sees the replay and the verdict, nothing more.
    share_key = models.CharField(max_length=40, unique=True, default=new_key)
    note = models.CharField(_("note"), max_length=200, blank=True)
    opened_by = models.CharField(_("opened by"), max_length=60, blank=True)
    device = models.CharField(max_length=40, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    revision = models.ForeignKey(
        Revision,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="disputes",
        verbose_name=_("applied as revision"),
    )
    # When and by whom the dispute was decided: its verdict applied (``revision``), or, with
    # ``kept``, the sheet's entry confirmed as it stands (the note says why).
    applied_by = models.CharField(max_length=60, blank=True)
    applied_at = models.DateTimeField(null=True, blank=True)
    kept = models.BooleanField(_("entry kept"), default=False)

    class Meta:
        ordering = ["table", "round_number", "pk"]
        constraints = [
            models.CheckConstraint(condition=Q(round_number__gte=1), name="dispute_round_positive"),
        ]

    def __str__(self):
        return f"{self.table} – {self.round_number} (dispute {self.pk})"

    @property
    def is_applied(self) -> bool:
        return self.applied_at is not None
