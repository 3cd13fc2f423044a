"""The group's forms: starting a group (its house rules through the game's own creation
form), the roster, an evening's seating, the season's start.

The house rules are the fields of the game's creation form that are neither players nor a
seat (first dealer, first leader: those have ``data-seat-names``): the group keeps them as
posted, and each evening's table is started through that form with them and its seating.
"""

from __future__ import annotations

import uuid
from decimal import Decimal

from django import forms
from django.http import QueryDict
from django.utils import timezone
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from ..keys import is_random_key
from ..pads.base import Pad, choice_messages
from ..pads.tables import TableForm
from .models import Group, Player

NAME_MAX = 40


def is_seat_option(field) -> bool:
    return bool(field.field.widget.attrs.get("data-seat-names"))


def house_options(form: TableForm) -> list:
    """The creation form's options a group chooses once, other than its rule fields (the
    preset, the money per unit): every option but the seats'."""
    return [f for f in form.option_fields() if not is_seat_option(f)]


def house_rule_fields(form: TableForm) -> list:
    """The creation form's fields a group chooses once: its options other than seats, and
    its rule fields."""
    return house_options(form) + list(form.rule_fields())


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
    # Day 28 at most: every month has it, so every season has its start.
    season_day = forms.IntegerField(
        label=_("Day"),
        min_value=1,
        max_value=28,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"),
            _("Day: a number from 1 to 28 (every month has those days)."),
        ),
    )
    season_month = forms.IntegerField(
        label=_("Month"),
        min_value=1,
        max_value=12,
        error_messages=dict.fromkeys(
            ("required", "invalid", "min_value", "max_value"), _("Month: a number from 1 to 12.")
        ),
    )


class LinkKeyField(forms.CharField):
    """A link key a phone chose (static/js/evening.js): as random as the server's own."""

    widget = forms.HiddenInput

    def validate(self, value):
        super().validate(value)
        if value and not is_random_key(value):
            raise forms.ValidationError(
                _("The link of a table started offline is not a random key; start it again."),
                code="weak_key",
            )


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
    scorer_key = LinkKeyField(required=False, max_length=40)
    viewer_key = LinkKeyField(required=False, max_length=40)

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
        refused = self.has_error("scorer_key") or self.has_error("viewer_key")
        if any(keys) and not (all(keys) and keys[0] != keys[1]) and not refused:
            raise forms.ValidationError(_("The links of a table started offline are incomplete."))
        cleaned["keys"] = keys if all(keys) else None
        return cleaned

    def names(self) -> dict[str, str]:
        """The players as the game's creation form takes them: its ``player_<seat>`` fields."""
        return {
            f"player_{seat}": (person.name if isinstance(person, Player) else person or "")
            for seat, person in enumerate(self.cleaned_data["sitting"])
        }


# The largest values the columns hold (PostgreSQL's integer and bigint, smallint for a year):
# a larger number is a tampered form, refused by name rather than by the database.
INTEGER_MAX = 2**31 - 1
BIGINT_MAX = 2**63 - 1


class PaymentForm(forms.Form):
    """A transfer of a settle-up marked paid or open again (hidden fields of the settle-up
    page): of an evening, or of a season (its first year); payer or payee empty is the Stock."""

    evening = forms.IntegerField(
        label=_("Evening"), required=False, min_value=1, max_value=BIGINT_MAX
    )
    season = forms.IntegerField(label=_("Season"), required=False, min_value=1, max_value=32767)
    payer = forms.IntegerField(label=_("Payer"), required=False, min_value=1, max_value=BIGINT_MAX)
    payee = forms.IntegerField(label=_("Payee"), required=False, min_value=1, max_value=BIGINT_MAX)
    amount = forms.IntegerField(label=_("Amount"), min_value=0, max_value=INTEGER_MAX)
    paid = forms.BooleanField(label=_("Paid"), required=False)

    def clean(self):
        data = super().clean()
        if (data.get("evening") is None) == (data.get("season") is None):
            raise forms.ValidationError(_("A transfer belongs to one evening or one season."))
        return data


MAX_EUROS = Decimal("1000")


def euro_field(label: str) -> forms.DecimalField:
    """A sum in euros, whole cents, from 0 to 1000 €; the messages name the field."""
    return forms.DecimalField(
        label=label,
        required=False,
        min_value=Decimal("0"),
        max_value=MAX_EUROS,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
        error_messages={
            "invalid": _("%(field)s: a sum in euros such as 0,50.") % {"field": label},
            "max_decimal_places": _("%(field)s: at most two decimals (whole cents).")
            % {"field": label},
            "max_digits": _("%(field)s: at most 1000 €.") % {"field": label},
            "max_whole_digits": _("%(field)s: at most 1000 €.") % {"field": label},
            "max_value": _("%(field)s: at most 1000 €.") % {"field": label},
            "min_value": _("%(field)s: cannot be negative.") % {"field": label},
        },
    )


class SkatMoneyForm(forms.Form):
    """A Skat group's money (docs/groups.md, "Skat"): money per Seeger-Fabian point and the
    Verlustspielgeld; empty fee fields keep the rule profile's. Every evening's table keeps
    a copy in its profile (``cents_per_point``, ``loss_fee_*``)."""

    money_per_point = euro_field(_("Money per point in €"))
    loss_fee = euro_field(_("Fee per lost game in €"))
    loss_fee_high = euro_field(_("Higher fee per lost game in €"))
    loss_fee_high_from = forms.IntegerField(
        label=_("Higher fee from the lost game no."),
        required=False,
        min_value=1,
        max_value=999,
        error_messages=dict.fromkeys(
            ("invalid", "min_value", "max_value"),
            _("Higher fee from the lost game no.: a number from 1 to 999."),
        ),
        widget=forms.NumberInput(attrs={"inputmode": "numeric", "min": 1, "max": 999}),
    )

    def __init__(self, *args, profile: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.profile = profile
        for name, key in (("loss_fee", "loss_fee_cents"), ("loss_fee_high", "loss_fee_high_cents")):
            placeholder = number_format(Decimal(profile[key]) / 100, decimal_pos=2, use_l10n=True)
            self.fields[name].widget.attrs["placeholder"] = placeholder
        self.fields["loss_fee_high_from"].widget.attrs["placeholder"] = profile[
            "loss_fee_high_from"
        ]

    @staticmethod
    def initial_from(profile: dict, rules: dict) -> dict:
        """The fields for a group's ``profile``: a fee equal to the ``rules``' stays empty."""

        def euros(cents: int | None):
            return None if cents is None else (Decimal(cents) / 100).quantize(Decimal("0.01"))

        initial = {"money_per_point": euros(profile.get("cents_per_point"))}
        fields = (
            ("loss_fee", "loss_fee_cents", euros),
            ("loss_fee_high", "loss_fee_high_cents", euros),
            ("loss_fee_high_from", "loss_fee_high_from", int),
        )
        for name, key, shown in fields:
            if profile.get(key, rules[key]) != rules[key]:
                initial[name] = shown(profile[key])
        return initial

    def settings(self) -> dict:
        """The group's money as profile settings (cents; ``cents_per_point`` None: the
        evenings are settled in points, without money)."""
        data = self.cleaned_data
        per_point = data.get("money_per_point")
        settings: dict = {"cents_per_point": None if per_point is None else cents(per_point)}
        if data.get("loss_fee") is not None:
            settings["loss_fee_cents"] = cents(data["loss_fee"])
        if data.get("loss_fee_high") is not None:
            settings["loss_fee_high_cents"] = cents(data["loss_fee_high"])
        if data.get("loss_fee_high_from") is not None:
            settings["loss_fee_high_from"] = data["loss_fee_high_from"]
        return settings


def cents(euros: Decimal) -> int:
    return int(euros * 100)
