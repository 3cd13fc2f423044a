"""The group's forms: starting a group (its house rules through the game's own creation
form), the roster, an evening's seating, the season's start.

The house rules are the fields of the game's creation form that are neither players nor a
seat (first dealer, first leader: those have ``data-seat-names``): the group keeps them as
posted, and each evening's table is started through that form with them and its seating.
"""

from __future__ import annotations

import uuid

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from ..pads.base import Pad, choice_messages
from ..pads.tables import TableForm
from .models import Group, Player

NAME_MAX = 40


def is_seat_option(field) -> bool:
    return bool(field.field.widget.attrs.get("data-seat-names"))


def house_rule_fields(form: TableForm) -> list:
    """The creation form's fields a group chooses once: its options other than seats, and
    its rule fields."""
    return [f for f in form.option_fields() if not is_seat_option(f)] + list(form.rule_fields())


def seat_option_fields(form: TableForm) -> list:
    return [f for f in form.option_fields() if is_seat_option(f)]


def pad_form(pad: Pad, data: QueryDict | None, rule_data: dict | None = None) -> TableForm:
    """The game's creation form, bound to ``data`` with the group's house rules over it."""
    if data is None:
        return pad.create_form_class()
    merged = data.copy()
    for name, values in (rule_data or {}).items():
        merged.setlist(name, values)
    return pad.create_form_class(merged)


def rules_only_form(pad: Pad, data: QueryDict | None) -> TableForm:
    """The creation form for checking the house rules alone: seats named with stand-ins and
    each seat option at the first seat, so that only the rules can be wrong. The rules may
    decide how many play (Stichwahl: two only with the variant for two, and then exactly two),
    so any number of players the game has will do; else the full table's form says why."""
    if data is None:
        return pad.create_form_class()
    form = pad.create_form_class()
    largest = form.player_count
    forms = []
    for players in range(largest, (form.min_players or largest) - 1, -1):
        filled = data.copy()
        for seat in range(largest):
            filled[f"player_{seat}"] = f"P{seat + 1}" if seat < players else ""
        for field in seat_option_fields(form):
            filled[field.name] = "0"
        forms.append(pad.create_form_class(filled))
        if forms[-1].is_valid():
            return forms[-1]
    return forms[0]


def rule_data_of(form: TableForm, data: QueryDict) -> dict:
    return {field.name: data.getlist(field.name) for field in house_rule_fields(form)}


def roster_names(text: str) -> list[str]:
    """Names one per line (or comma-separated), each once."""
    names: list[str] = []
    for part in text.replace(",", "\n").splitlines():
        name = " ".join(part.split())
        if name and name.casefold() not in {known.casefold() for known in names}:
            names.append(name)
    return names


class GroupForm(forms.Form):
    name = forms.CharField(label=_("Name of the group"), max_length=80)
    roster = forms.CharField(
        label=_("Players (one name per line)"),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
        required=False,
    )
    submission = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)

    def clean_roster(self):
        return clean_names(self.cleaned_data["roster"])


class AddPlayersForm(forms.Form):
    names = forms.CharField(
        label=_("New players (one name per line)"),
        widget=forms.Textarea(attrs={"rows": 2, "autocapitalize": "words"}),
    )

    def clean_names(self):
        return clean_names(self.cleaned_data["names"])


def clean_names(text: str) -> list[str]:
    names = roster_names(text)
    for name in names:
        if len(name) > NAME_MAX:
            raise forms.ValidationError(
                _("Players: “%(name)s” is longer than 40 characters.") % {"name": name}
            )
    return names


class RenameForm(forms.Form):
    name = forms.CharField(label=_("Name"), max_length=NAME_MAX)

    def clean_name(self):
        return " ".join(self.cleaned_data["name"].split())


class SeasonStartForm(forms.Form):
    season_day = forms.IntegerField(label=_("Day"), min_value=1, max_value=28)
    season_month = forms.IntegerField(label=_("Month"), min_value=1, max_value=12)


# A link key as scoring.models.new_key makes them (and a phone's evening.js): 18 random bytes.
LINK_KEY = r"^[A-Za-z0-9_-]{24,40}$"


class EveningForm(forms.Form):
    """Who sits where tonight: per seat a person of the roster or a guest's name. A table
    started while the phone was offline brings the link keys its pages already use."""

    # A date input takes ISO dates only: the German "28.11.2026" would leave it empty.
    played_on = forms.DateField(
        label=_("Date"), widget=forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
    )
    join_roster = forms.BooleanField(label=_("Guests join the roster"), required=False)
    # Sent by the button "start a second table anyway" the form shows when the group has a
    # table that day with the same people (scoring/groups/twins.py).
    second_table = forms.BooleanField(required=False, widget=forms.HiddenInput)
    scorer_key = forms.RegexField(LINK_KEY, required=False, widget=forms.HiddenInput)
    viewer_key = forms.RegexField(LINK_KEY, required=False, widget=forms.HiddenInput)

    def __init__(self, *args, group: Group, seats: int, roster: list[Player], **kwargs):
        kwargs.setdefault("initial", {}).setdefault("played_on", timezone.localdate())
        super().__init__(*args, **kwargs)
        self.group = group
        self.seats = seats
        self.roster = {str(player.pk): player for player in roster}
        choices = [("", "–"), *((str(player.pk), player.name) for player in roster)]
        for seat in range(seats):
            label = _("Seat %(n)s") % {"n": seat + 1}
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=label,
                choices=choices,
                required=False,
                error_messages=choice_messages(label),
            )
            self.fields[f"guest_{seat}"] = forms.CharField(
                label=_("or a guest"),
                max_length=NAME_MAX,
                required=False,
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )

    def seat_rows(self):
        return [(self[f"seat_{seat}"], self[f"guest_{seat}"]) for seat in range(self.seats)]

    def clean(self):
        cleaned = super().clean()
        sitting: list[Player | str | None] = []
        seen: dict[str, int] = {}
        for seat in range(self.seats):
            chosen = cleaned.get(f"seat_{seat}") or ""
            guest = " ".join((cleaned.get(f"guest_{seat}") or "").split())
            if chosen and guest:
                self.add_error(
                    f"guest_{seat}",
                    _("Seat %(n)s: a person of the roster or a guest, not both.") % {"n": seat + 1},
                )
            person = self.roster[chosen] if chosen else (guest or None)
            sitting.append(person)
            if person is None:
                continue
            name = person.name if isinstance(person, Player) else person
            if name.casefold() in seen:
                self.add_error(
                    f"guest_{seat}" if guest else f"seat_{seat}",
                    _("Seat %(n)s: %(name)s already sits at seat %(other)s.")
                    % {"n": seat + 1, "name": name, "other": seen[name.casefold()] + 1},
                )
            seen[name.casefold()] = seat
        cleaned["sitting"] = sitting
        keys = (cleaned.get("scorer_key"), cleaned.get("viewer_key"))
        if any(keys) and not (all(keys) and keys[0] != keys[1]):
            raise forms.ValidationError(_("The links of a table started offline are incomplete."))
        cleaned["keys"] = keys if all(keys) else None
        return cleaned

    def names(self) -> dict[str, str]:
        """The players as the game's creation form takes them: its ``player_<seat>`` fields."""
        return {
            f"player_{seat}": (person.name if isinstance(person, Player) else person or "")
            for seat, person in enumerate(self.cleaned_data["sitting"])
        }
