"""What every game's scorepad provides to the shared views (tables, rounds, history, live)."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from django import forms
from django.utils.text import capfirst
from django.utils.translation import get_language, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from .. import game_limit
from ..models import Revision, Table
from ..services import current_revisions


@dataclass
class RoundRow:
    """One row of the score sheet: a saved round (complete or still open)."""

    number: int
    revision: Revision
    totals: list[int] | None = None  # running totals after this round, when complete

    @property
    def data(self) -> dict[str, Any]:
        return self.revision.data

    @property
    def scores(self) -> list[int] | None:
        return self.revision.scores

    @property
    def complete(self) -> bool:
        return self.revision.complete


@dataclass
class Summary:
    """The state of a table as the pad computes it from the current revisions."""

    players: list[str]
    rows: list[RoundRow]
    totals: list[int]
    next_round: int | None  # the round to enter (open or new); None once the game is over
    finished: bool = False
    winners: list[int] = field(default_factory=list)
    final_totals: list[int] | None = None
    # Game-specific facts for the round to enter (dealer, bid order, leader, ...).
    info: dict[str, Any] = field(default_factory=dict)

    def row(self, number: int) -> RoundRow | None:
        for row in self.rows:
            if row.number == number:
                return row
        return None

    @property
    def bock_ahead_games(self) -> dict[int, int]:
        """The rounds from the next one on that are already known to count several times
        (Schafkopf's Bock games): round number → factor. The live fragment carries them, so a
        phone entering rounds ahead offline can say so (static/js/sheet.js). None by default."""
        return {}

    @property
    def history(self) -> list[list[int]]:
        """Running totals per seat after each complete round, for the chart."""
        return [row.totals for row in self.rows if row.totals is not None]


def running_totals(rows: list[RoundRow], seats: int) -> list[int]:
    """Set each complete row's running totals; returns the totals after the last one."""
    totals = [0] * seats
    for row in rows:
        if row.complete:
            totals = [total + score for total, score in zip(totals, row.scores, strict=True)]
            row.totals = totals
    return totals


def next_round_of(rows: list[RoundRow], *, over: bool) -> int | None:
    """The round to enter: the first open one, else a new one unless the game is over."""
    for row in rows:
        if not row.complete:
            return row.number
    return None if over else len(rows) + 1


def int_field(label: str, low: int, high: int, *, required: bool = True) -> forms.IntegerField:
    """An integer field whose messages name the field and the allowed range."""
    messages = {
        "required": _("%(field)s: please enter a number.") % {"field": label},
        "invalid": _("%(field)s: must be a whole number.") % {"field": label},
        "min_value": _("%(field)s: must be at least %(low)s.") % {"field": label, "low": low},
        "max_value": _("%(field)s: must be at most %(high)s.") % {"field": label, "high": high},
    }
    return forms.IntegerField(
        label=label,
        min_value=low,
        max_value=high,
        required=required,
        error_messages=messages,
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": low, "max": high}),
    )


def engine_language() -> str:
    """The engine words its messages in English and German only: the user's, if either."""
    return "de" if (get_language() or "").startswith("de") else "en"


def sentence(text: str) -> str:
    """An engine message as a sentence of the error list ("red: …" → "Red: ….")."""
    text = text[:1].upper() + text[1:]
    return text if text.endswith(".") else f"{text}."


def choice_messages(label: str) -> dict:
    """Error messages of a choice field that name it."""
    return {
        "required": _("%(field)s: please choose.") % {"field": label},
        "invalid_choice": _("%(field)s: not one of the offered choices.") % {"field": label},
    }


def choice_field(label: str, choices, *, required: bool = True) -> forms.ChoiceField:
    return forms.ChoiceField(
        label=label, choices=choices, required=required, error_messages=choice_messages(label)
    )


# The result buttons of the games scored by Schneider and Schwarz (Schafkopf, Skat), from the
# declaring side: (won, schneider, schwarz).
OUTCOMES = {
    "won": (True, False, False),
    "won_schneider": (True, True, False),
    "won_schwarz": (True, True, True),
    "lost": (False, False, False),
    "lost_schneider": (False, True, False),
    "lost_schwarz": (False, True, True),
}


@dataclass
class Ahead:
    """A round a phone may enter while offline, before the server has the rounds before it
    (docs/scorepad.md, "Offline"): its blank form and what is known of it without the
    scores of the rounds in between."""

    number: int
    form: Any  # the pad's EntryForm, unbound; None when ``form_key`` names a shared one
    heading: str
    facts: list[tuple[str, str]] = field(default_factory=list)
    # What the server works out only once the rounds before are in (e.g. the dealer).
    notes: list[str] = field(default_factory=list)
    # The key of one of the pad's ``ahead_forms`` this round is entered with (the phone puts
    # the round's number in), "" when it follows from what was typed into the round before
    # (``AheadForm.follows``); None: ``form``, the round's own.
    form_key: str | None = None


@dataclass
class AheadForm:
    """An entry form that many rounds ahead share but for their number (sent once, the phone
    puts the number in), with the facts that come with it (Schafkopf: who deals)."""

    key: str
    form: Any  # the pad's EntryForm, unbound
    facts: list[tuple[str, str]] = field(default_factory=list)
    # The value typed into the pad's ``ahead_chain_field`` of a round entered with this form
    # → the key of the next round's form; "" for any other value. Only where rounds ahead
    # have ``form_key`` "".
    follows: dict[str, str] = field(default_factory=dict)

    @property
    def follows_json(self) -> str:
        return json.dumps(self.follows)


class EntryForm(forms.Form):
    """Fields every round entry has: who enters, why (corrections), and the revision guards."""

    base = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    author = forms.CharField(label=_("Entered by"), max_length=60, required=False)
    reason = forms.CharField(label=_("Reason for the correction"), max_length=200, required=False)
    # Whether the form changes a complete round (set by the view that builds it).
    corrects = False


class Pad:
    """A game's scorepad. Subclasses fill in the game-specific parts."""

    game: str
    player_counts: tuple[int, ...]
    entry_template: str
    info_template: str
    grid_template: str
    create_form_class: type[forms.Form]
    # What one entry of the sheet is called: a round (Schatzsuche), a game (Schafkopf), a hand
    # (Stichwahl). Lowercase in English; shared messages capitalise it where a sentence starts.
    round_noun = pgettext_lazy("round noun", "round")
    # Whether the last round may be struck off the sheet (scoring/voids.py).
    can_void = True
    # Optional: a stylesheet of the game's own (path under static/), added to its pages.
    stylesheet: str | None = None
    # Optional extra pages: (slug, label) pairs shown in the table's navigation; ``pages()``
    # maps each slug to a view ``view(request, access)`` served at /t/<key>/p/<slug>/.
    nav_pages: tuple[tuple[str, str], ...] = ()

    def pages(self) -> dict:
        return {}

    def profiles(self) -> dict[str, dict]:
        raise NotImplementedError

    def summarize(self, table: Table, revisions: list[Revision]) -> Summary:
        raise NotImplementedError

    def table_summary(self, table: Table, revisions: list[Revision] | None = None) -> Summary:
        """The sheet of ``table``, cut off at ``options["games_required"]`` when the table has
        one (a tournament round plays a fixed number of games; scoring.game_limit says which
        games count). ``revisions``: the table's current revisions when the caller fetched
        them already (e.g. for many tables in one query)."""
        revisions = current_revisions(table) if revisions is None else revisions
        summary = self.summarize(table, game_limit.within_limit(table.options, revisions))
        if game_limit.limit_reached(table.options, summary):
            summary.next_round = None
            summary.finished = True
            summary.info = {}
            if not summary.winners:
                top = max(summary.totals)
                summary.winners = [
                    seat for seat, total in enumerate(summary.totals) if total == top
                ]
        return summary

    def entry_form(self, table: Table, summary: Summary, number: int, **kwargs) -> EntryForm:
        raise NotImplementedError

    def ahead_numbers(self, table: Table, after: int, count: int) -> range:
        """The rounds ``after + 1`` … ``after + count`` that a phone may keep to enter while
        offline (``ahead``), up to a tournament table's number of games; none at a locked
        table. Each depends only on its number and the table's fixed settings, so a phone
        keeps them across saves (docs/scorepad.md). The pad's ``ahead`` may stop earlier."""
        if table.is_locked:
            return range(0)
        last = after + count
        limit = game_limit.games_required(table.options)
        if limit and game_limit.thrown_in_counts(table.options):
            last = min(last, limit)  # else thrown-in deals add games: the server decides
        return range(max(after, 0) + 1, last + 1)

    def ahead(self, table: Table, summary: Summary, number: int, initial: dict) -> Ahead | None:
        """Round ``number`` as the phone may enter it offline before the server has the rounds
        before it, or None when its form depends on them. It must not depend on the rounds
        saved so far (only on ``number`` and the table's settings). Pads opt in."""
        return None

    # The entry field whose typed value decides the form of the round after (``AheadForm.follows``).
    ahead_chain_field = ""

    def ahead_forms(self, table: Table, summary: Summary, initial: dict) -> list[AheadForm]:
        """The forms that rounds ahead name by ``form_key``. None by default."""
        return []

    def ahead_form_key(self, table: Table, summary: Summary) -> str:
        """The key of the form of ``summary``'s next round among ``ahead_forms`` (where a
        chain of rounds ahead starts), or ""."""
        return ""

    def ahead_rules(self, table: Table) -> dict:
        """What a phone needs to know of the table's rules, as data, to say what the server
        will work out for the entries it keeps (Schafkopf: which entries start Bock games).
        Derived from the engine's own functions; the server still scores every entry."""
        return {}

    def ahead_heading(self, number: int) -> str:
        return f"{capfirst(str(self.round_noun))} {number}"

    def round_from_form(
        self, table: Table, summary: Summary, form
    ) -> tuple[dict, bool, list[int] | None]:
        """(data, complete, scores) of a valid entry form."""
        raise NotImplementedError

    def profile_name_from_form(self, form) -> str:
        return "standard"

    def settings_from_form(self, form) -> dict:
        """The frozen rule settings of a new table from its valid creation form."""
        raise NotImplementedError

    def table_options(self, form) -> dict:
        """Options of a new table from its valid creation form."""
        return {}

    def initial_values(self, initial: dict | None, revision: Revision | None) -> dict:
        """An entry form's initial values: ``initial``, and a correction's saved entry
        (the pad's ``initial_from(data)``) over it."""
        values = dict(initial or {})
        if revision is not None:
            values.update(self.initial_from(revision.data))
        return values

    def save_hints(self, table: Table, number: int, data: dict) -> list[str]:
        """Doubts about a round just saved that the rules cannot settle (shown, not refused)."""
        return []

    def describe(self, table: Table, data: dict) -> list[tuple[str, str]]:
        """(label, value) pairs of a round's data, for the history and its diffs."""
        raise NotImplementedError


class ProfileChoicePad:
    """A pad whose creation form chooses a named rules profile (``profile_name``), its house
    rules (``profile``) and the first dealer (``first_dealer_seat``): Schafkopf and Skat."""

    def profile_name_from_form(self, form) -> str:
        return form.cleaned_data["profile_name"]

    def settings_from_form(self, form) -> dict:
        return form.cleaned_data["profile"]

    def table_options(self, form) -> dict:
        return {"first_dealer": form.cleaned_data["first_dealer_seat"]}
