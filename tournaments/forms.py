"""Forms of the tournament pages: setup, entry list, co-organizers, unlocking, confirming."""

from __future__ import annotations

import hashlib
import re
from decimal import Decimal

from django import forms
from django.contrib.auth import get_user_model
from django.forms.utils import ErrorDict, ErrorList
from django.utils.translation import gettext_lazy as _

from scoring.models import Game
from scoring.pads import get_pad
from scoring.pads.base import choice_field, int_field

from .formats import get_format
from .models import Club, Member, Player, Prize, Series, Tournament
from .names import similar
from .prizes import prize_cents
from .templatetags.tournament_money import euros

CUSTOM = "custom"
BIGGEST_ID = 2**63 - 1  # a larger number posted as an id fails in the database, not the form


def fits_an_id(value) -> bool:
    text = str(value).strip()
    return not text.isdigit() or int(text) <= BIGGEST_ID


class RowChoiceField(forms.ModelChoiceField):
    """A pick of one row; an id no database column holds is an invalid choice (not a 500)."""

    def to_python(self, value):
        if not fits_an_id(value):
            raise forms.ValidationError(
                self.error_messages["invalid_choice"], code="invalid_choice"
            )
        return super().to_python(value)


class RowsChoiceField(forms.ModelMultipleChoiceField):
    """A pick of several rows; ids no database column holds are invalid (not a 500)."""

    def _check_values(self, value):
        values = value if isinstance(value, (list, tuple)) else [value]
        for pk in values:
            if not fits_an_id(pk):
                raise forms.ValidationError(
                    self.error_messages["invalid_choice"],
                    code="invalid_choice",
                    params={"value": pk},
                )
        return super()._check_values(value)


KEEP = "keep"


class HouseRules:
    """The game's own house-rule fields (from its scorepad creation form), for a custom
    profile. The scorepad form is reused so each rule has one definition and one message;
    its player, seat and title fields are dropped (the draw decides the seats)."""

    def __init__(self, game: str, data=None):
        self.pad = get_pad(game)
        fmt = get_format(game)
        form_class = self.pad.create_form_class
        keep = {*getattr(form_class, "rule_field_names", ()), *fmt.profile_fields}
        self.form = form_class(data, prefix="rules")
        for name in list(self.form.fields):
            if name not in keep:
                del self.form.fields[name]
        if "preset" in self.form.fields and fmt.default_profile:
            self.form.fields["preset"].initial = fmt.default_profile

    def __bool__(self):
        return bool(self.form.fields)

    def fields(self):
        return list(self.form)

    @property
    def media(self):
        return self.form.media

    def is_valid(self) -> bool:
        return self.form.is_valid()

    def settings(self) -> tuple[str, dict]:
        """(profile name, settings); "<name>+custom" when they differ from a named profile."""
        settings = dict(self.pad.settings_from_form(self.form))
        name = self.pad.profile_name_from_form(self.form)
        named = self.pad.profiles().get(name)
        if named is not None and dict(named) != settings:
            name = f"{name}+custom"
        return name, settings


class TournamentForm(forms.ModelForm):
    """Setup of a tournament for one game. After the first round is published only the
    name, date and number of rounds can change: the rest is frozen with the results."""

    # What the published rounds were played or drawn with. The remainder policy is not among
    # them: it only decides the next draw (tournaments.md: "chosen when drawing").
    FROZEN = ("profile", "games_per_round", "thrown_in_counts", "table_size", "tie_break")

    class Meta:
        model = Tournament
        fields = ["name", "date", "club", "rounds", "games_per_round", "table_size", "remainder"]
        fields += ["tie_break", "thrown_in_counts"]
        widgets = {"date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")}

    def __init__(
        self, *args, game: str, frozen: bool = False, minimum_rounds: int = 1, user=None, **kw
    ):
        super().__init__(*args, **kw)
        self.game = game
        clubs = Club.objects.filter(organizers=user) if user is not None else Club.objects.none()
        if clubs or self.instance.club_id:
            self.fields["club"].queryset = clubs
            self.fields["club"].label = _("Club (registration picks its players)")
            self.fields["club"].empty_label = _("none: names typed for this tournament")
            # The entry list's members belong to the club they were picked from.
            self.fields["club"].disabled = bool(self.instance.pk and self.instance.players.exists())
        else:
            del self.fields["club"]
        self.fmt = get_format(game)
        pad = get_pad(game)
        self.fields["name"].error_messages["required"] = _("Name: please enter a name.")
        self.fields["rounds"] = int_field(_("Rounds"), max(1, minimum_rounds), 20)
        self.fields["rounds"].initial = Tournament._meta.get_field("rounds").default
        sizes = [s for s in self.fmt.base_sizes if s in self.fmt.available_sizes()]
        self.fields["table_size"] = forms.TypedChoiceField(
            label=_("Players per table"),
            coerce=int,
            choices=[(s, str(s)) for s in sizes],
            initial=sizes[0],
        )
        remainders = [
            (value, label)
            for value, label in Tournament.Remainder.choices
            if value == Tournament.Remainder.EXACT
            or any(self.fmt.remainder_size(s, value) for s in sizes)
        ]
        self.fields["remainder"] = choice_field(
            _("When the players do not fill the tables"), remainders
        )
        # The default must work with the default table size (Scharfe Schoten at 3: only 4).
        fitting = [v for v, _label in remainders if self.fmt.remainder_size(sizes[0], v)]
        self.fields["remainder"].initial = fitting[-1] if fitting else "exact"
        if self.fmt.game == "schafkopf":
            self.fields["remainder"].help_text = _(
                "Tables of 5: the dealer sits out each game and scores 0 for it."
            )
        elif self.fmt.game == "skat":
            self.fields["remainder"].help_text = _(
                "Tables of 3 only where the number of players demands it; at a table of 4 the "
                "dealer sits out each game."
            )
        own = self.fmt.tie_break_label  # e.g. Skat: games won, then fewer lost
        tie_breaks = [
            (value, own if own and value != Tournament.TieBreak.LOT else label)
            for value, label in Tournament.TieBreak.choices
            if self.fmt.counts_solos or own or value == Tournament.TieBreak.LOT
        ]
        self.fields["tie_break"] = choice_field(_("Ties in points are broken by"), tie_breaks)
        self.fields["tie_break"].initial = tie_breaks[0][0]
        if self.game == "skat" and not self.instance.pk:
            # Offered as the default profile sets it (ISkO: games won, then fewer lost).
            default = pad.profiles().get(self.fmt.default_profile or "", {})
            if default.get("tie_break") == "lot":
                self.fields["tie_break"].initial = Tournament.TieBreak.LOT
        if self.fmt.open_ended:
            self.fields["games_per_round"] = int_field(_("Games per round and table"), 1, 200)
            self.fields["games_per_round"].initial = Tournament._meta.get_field(
                "games_per_round"
            ).default
        else:
            del self.fields["games_per_round"]
        if self.fmt.thrown_in:
            self.fields["thrown_in_counts"].label = _(
                "A thrown-in deal counts as one of the games per round"
            )
            self.fields["thrown_in_counts"].help_text = _(
                "Off: a table plays until it has the games per round without its thrown-in deals."
            )
        else:
            del self.fields["thrown_in_counts"]
        profiles = list(pad.profiles())
        self.house_rules = HouseRules(game, self.data if self.is_bound else None)
        choices = [(name, name) for name in profiles]
        if self.house_rules:
            choices.append((CUSTOM, _("own house rules (below)")))
        if self.instance.pk:
            keep = _("keep the current rules (%(name)s)") % {"name": self.instance.profile_name}
            choices.insert(0, (KEEP, keep))
        self.fields["profile"] = choice_field(_("Rule profile"), choices)
        self.fields["profile"].initial = (
            KEEP if self.instance.pk else self.fmt.default_profile or profiles[0]
        )
        self.frozen = frozen
        if frozen:
            for name in self.FROZEN:
                if name in self.fields:
                    self.fields[name].disabled = True

    def clean(self):
        cleaned = super().clean()
        size, remainder = cleaned.get("table_size"), cleaned.get("remainder")
        odd_tables = size and remainder and remainder != Tournament.Remainder.EXACT
        if odd_tables and self.fmt.remainder_size(size, remainder) is None:
            self.add_error(
                "remainder",
                _(
                    "When the players do not fill the tables: %(game)s cannot be played "
                    "at such tables; choose another option."
                )
                % {"game": Game(self.game).label},
            )
        if not self.frozen and cleaned.get("profile") == CUSTOM and not self.house_rules.is_valid():
            for error in self.house_rules.form.errors.values():
                self.add_error(None, error)
        return cleaned

    def rule_settings(self) -> tuple[str, dict]:
        """(profile name, frozen settings) chosen in the form."""
        name = self.cleaned_data["profile"]
        if name == CUSTOM:
            return self.house_rules.settings()
        return name, dict(get_pad(self.game).profiles()[name])

    def match_profile_tie_break(self, tournament: Tournament) -> None:
        """Skat: the tie-break chosen here is the one that ranks (standings) and the one the
        tables' lists name their winner by: written into the profile the tables copy."""
        wanted = self.fmt.profile_tie_break(tournament.tie_break)
        if tournament.profile.get("tie_break", "won_then_lost") == wanted:
            return
        tournament.profile = {**tournament.profile, "tie_break": wanted}
        if not tournament.profile_name.endswith("+custom"):
            tournament.profile_name += "+custom"

    def save(self, commit=True):
        tournament = super().save(commit=False)
        tournament.game = self.game
        if not self.frozen and self.cleaned_data["profile"] != KEEP:
            tournament.profile_name, tournament.profile = self.rule_settings()
        if not self.frozen and self.game == "skat":
            self.match_profile_tie_break(tournament)
        if not self.fmt.open_ended:
            tournament.games_per_round = 1
        if commit:
            tournament.save()
        return tournament


ENTRY_LINE = re.compile(r"^(?:(\d{1,5})[\s.:;,)-]+)?(.+)$")


NAME_LENGTH = Member._meta.get_field("name").max_length


def typed_lines(text: str) -> list[tuple[int, str | None, str]]:
    """(line number, start number or None, name) of every non-empty line."""
    lines = []
    for line_number, line in enumerate(str(text).splitlines(), start=1):
        line = line.strip()
        if line:
            start, name = ENTRY_LINE.match(line).groups()
            lines.append((line_number, start, " ".join(name.split())))
    return lines


def spelling_field_name(name: str) -> str:
    return "same-" + hashlib.sha256(name.casefold().encode()).hexdigest()[:10]


class RegistrationForm(forms.Form):
    """Typed players, one per line. In a club tournament a name that is likely another
    spelling of a club player's ("Fruehholz" for "Frühholz", surname first) asks whether it
    is him: the page comes back with the question, everything typed kept, and nothing is
    registered until it is answered. A line that cannot be registered is named; the good
    lines of the same batch are registered (``rejected`` keeps the others for the form)."""

    entries = forms.CharField(
        label=_("Players, one per line"),
        help_text=_(
            "A start number may come first (“17 Anna Maier”); otherwise the next free one."
        ),
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
        error_messages={"required": _("Players: please enter at least one name.")},
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament = tournament
        self.problems: list[str] = []
        self.rejected: list[str] = []
        # Typed names that may be a club player: (field name, typed name, candidates).
        self.spellings: list[tuple[str, str, list[Member]]] = []
        if tournament.club_id is None:
            return
        self.fields["join_club"] = forms.BooleanField(
            label=_("Add new names to the club's players (“in den Verein aufnehmen”)"),
            help_text=_("Without the tick they play as guests of this tournament only."),
            required=False,
        )
        if not self.is_bound:
            return
        members = list(tournament.club.members.all())
        known = {m.name.casefold() for m in members if m.removed_at is None or m.merged_into_id}
        current = [m for m in members if m.removed_at is None]
        for _line, _start, name in typed_lines(self.data.get("entries", "")):
            if name.casefold() in known or len(name) > NAME_LENGTH:
                continue
            candidates = [m for m in current if similar(m.name, name)]
            field_name = spelling_field_name(name)
            if not candidates or field_name in self.fields:
                continue
            self.spellings.append((field_name, name, candidates))
            choices = [
                (str(m.pk), _("yes: %(name)s (no. %(n)s)") % {"name": m.name, "n": m.number})
                for m in candidates
            ]
            choices.append(("new", _("no: a different person")))
            self.fields[field_name] = forms.ChoiceField(
                label=_("“%(typed)s”: is this a player of the club?") % {"typed": name},
                choices=choices,
                widget=forms.RadioSelect,
                required=False,
                error_messages={
                    "invalid_choice": _("“%(typed)s”: choose one of the answers.") % {"typed": name}
                },
            )

    @property
    def undecided(self) -> list[str]:
        """Typed names whose question is not answered yet (after validation)."""
        return [name for field, name, _c in self.spellings if not self.cleaned_data.get(field)]

    def chosen(self) -> dict[str, Member | None]:
        """The answered questions: the club player a typed name is, or None (not him)."""
        answers = {}
        for field, name, candidates in self.spellings:
            answer = self.cleaned_data.get(field)
            if answer:
                by_pk = {str(m.pk): m for m in candidates}
                answers[name.casefold()] = by_pk.get(answer)
        return answers

    def clean_entries(self):
        existing = {
            name.casefold(): number
            for name, number in self.tournament.players.values_list("name", "start_number")
        }
        numbers = set(existing.values())
        entries, seen = [], {}
        for line_number, start, name in typed_lines(self.cleaned_data["entries"]):
            start = int(start) if start else None
            where = {"line": line_number, "name": name}
            problem = None
            if len(name) > NAME_LENGTH:
                problem = _("Line %(line)s (“%(short)s…”): at most %(n)s characters per name.") % {
                    **where,
                    "short": name[:20],
                    "n": NAME_LENGTH,
                }
            elif name.casefold() in existing:
                problem = _(
                    "Line %(line)s: “%(name)s” is registered already (start number %(n)s)."
                ) % {**where, "n": existing[name.casefold()]}
            elif name.casefold() in seen:
                problem = _("Line %(line)s: “%(name)s” is listed twice (also line %(other)s).") % {
                    **where,
                    "other": seen[name.casefold()],
                }
            elif start is not None and start < 1:
                problem = _("Line %(line)s: start numbers begin at 1 (not %(n)s).") % {
                    **where,
                    "n": start,
                }
            elif start is not None and start in numbers:
                problem = _(
                    "Line %(line)s: start number %(n)s is taken; leave it out for the "
                    "next free one."
                ) % {**where, "n": start}
            if problem:
                self.problems.append(problem)
                self.rejected.append(f"{start} {name}" if start else name)
                continue
            seen[name.casefold()] = line_number
            if start is not None:
                numbers.add(start)
            entries.append((name, start))
        if not entries:
            raise forms.ValidationError(
                self.problems or [_("Players: please enter at least one name.")]
            )
        return entries

    def clean(self):
        cleaned = super().clean()
        taken = set(self.tournament.players.values_list("member_id", flat=True))
        chosen = self.chosen()
        for _field, typed, _candidates in self.spellings:
            member = chosen.get(typed.casefold())
            if member is not None and member.pk in taken:
                self.add_error(
                    None,
                    _("“%(typed)s”: %(name)s is registered already.")
                    % {"typed": typed, "name": member.name},
                )
        return cleaned

    def retry(self) -> RegistrationForm:
        """The form again with only the lines that were not registered, each named with
        its problem (as typed in the batch, so its line numbers are the batch's)."""
        data = {"entries": "\n".join(self.rejected)}
        if self.data.get("join_club"):
            data["join_club"] = "on"
        form = RegistrationForm(data, tournament=self.tournament)
        # Validating the leftover lines again would number them 1, 2, …: the batch's
        # messages are the ones the organizer can find in what he typed.
        form._errors = ErrorDict({"entries": ErrorList(self.problems)})
        form.cleaned_data = {}
        return form


class OrganizerForm(forms.Form):
    username = forms.CharField(
        label=_("Username of the co-organizer"),
        max_length=150,
        error_messages={"required": _("Username: please enter a username.")},
    )

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username__iexact=username).first()
        if user is None:
            raise forms.ValidationError(
                _(
                    "Username: there is no organizer account “%(name)s”; they sign up first "
                    "(or the server's administrator creates the account)."
                )
                % {"name": username}
            )
        self.user = user
        return username


class UnlockForm(forms.Form):
    reason = forms.CharField(
        label=_("Reason for unlocking (kept in the audit trail)"),
        max_length=200,
        error_messages={
            "required": _("Reason: please say why the table is unlocked."),
            "max_length": _("Reason: at most 200 characters."),
        },
    )


class ConfirmForm(forms.Form):
    def __init__(self, *args, seat_names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["seat"] = forms.ChoiceField(
            label=_("I confirm the result, I am"),
            choices=[(name, name) for name in seat_names],
            widget=forms.RadioSelect,
            error_messages={
                "required": _("Confirming player: please choose your name."),
                "invalid_choice": _("Confirming player: choose one of the players at this table."),
            },
        )


class PlayerForm(forms.ModelForm):
    """Correcting one entry of the list: a mistyped name or start number, the club."""

    class Meta:
        model = Player
        fields = ["start_number", "name", "club"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["start_number"] = int_field(_("Start number"), 1, 9999)
        for name, label in (("name", _("Name")), ("club", _("Club (optional)"))):
            field = self.fields[name]
            field.label = label
            field.error_messages["max_length"] = _("%(field)s: at most %(n)s characters.") % {
                "field": label,
                "n": field.max_length,
            }
        self.fields["name"].error_messages["required"] = _("Name: please enter a name.")

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        others = self.instance.tournament.players.exclude(pk=self.instance.pk)
        if others.filter(name__iexact=name).exists():
            raise forms.ValidationError(
                _("Name: “%(name)s” is registered already.") % {"name": name}
            )
        return name

    def clean_start_number(self):
        number = self.cleaned_data["start_number"]
        others = self.instance.tournament.players.exclude(pk=self.instance.pk)
        if others.filter(start_number=number).exists():
            raise forms.ValidationError(
                _("Start number: %(n)s is taken by another player.") % {"n": number}
            )
        return number


def names_field(label, required_message):
    return forms.CharField(
        label=label,
        widget=forms.Textarea(attrs={"rows": 5, "autocapitalize": "words"}),
        error_messages={"required": required_message},
    )


class ClubForm(forms.ModelForm):
    class Meta:
        model = Club
        fields = ["name"]

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = _("Name of the club")
        self.fields["name"].error_messages["required"] = _("Name: please enter a name.")


class MembersForm(forms.Form):
    """New players of the club, one name per line. The good lines are added even when
    others are refused (``problems`` names those, ``rejected`` keeps them for the form)."""

    names = names_field(_("New players, one per line"), _("Players: please enter a name."))

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club
        self.problems: list[str] = []
        self.rejected: list[str] = []

    def clean_names(self):
        taken = {n.casefold() for n in self.club.members.values_list("name", flat=True)}
        names = []
        for line_number, line in enumerate(self.cleaned_data["names"].splitlines(), start=1):
            name = " ".join(line.split())
            if not name:
                continue
            where = {"line": line_number, "name": name}
            if len(name) > NAME_LENGTH:
                problem = _("Line %(line)s (“%(short)s…”): at most %(n)s characters per name.") % {
                    **where,
                    "short": name[:20],
                    "n": NAME_LENGTH,
                }
            elif name.casefold() in taken:
                problem = _("Line %(line)s: “%(name)s” is a player of the club already.") % where
            else:
                taken.add(name.casefold())
                names.append(name)
                continue
            self.problems.append(problem)
            self.rejected.append(name)
        if not names:
            raise forms.ValidationError(self.problems or [_("Players: please enter a name.")])
        return names

    def retry(self) -> MembersForm:
        """The form again with the refused lines and their problems (the batch's numbers)."""
        form = MembersForm({"names": "\n".join(self.rejected)}, club=self.club)
        form._errors = ErrorDict({"names": ErrorList(self.problems)})
        form.cleaned_data = {}
        return form


class MemberNameForm(forms.Form):
    """A club player's new name."""

    name = forms.CharField(
        label=_("New name"),
        max_length=NAME_LENGTH,
        error_messages={
            "required": _("Name: please enter a name."),
            "max_length": _("Name: at most %(limit_value)d characters."),
        },
    )

    def __init__(self, *args, member: Member, **kwargs):
        super().__init__(*args, **kwargs)
        self.member = member

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Name: please enter a name."))
        others = self.member.club.members.exclude(pk=self.member.pk)
        if others.filter(name__iexact=name).exists():
            raise forms.ValidationError(
                _(
                    "Name: “%(name)s” is the name of another player of the club (or a spelling "
                    "merged into one); merge them instead."
                )
                % {"name": name}
            )
        clash = Player.objects.filter(
            tournament__players__in=self.member.entries.all(), name__iexact=name
        ).exclude(member=self.member)
        if clash.exists():
            raise forms.ValidationError(
                _("Name: “%(name)s” plays in one of his tournaments already.") % {"name": name}
            )
        return name


class MergeForm(forms.Form):
    """Another club player who is the same person: merged into this one."""

    other = RowChoiceField(
        queryset=Member.objects.none(),
        label=_("The same person as"),
        empty_label=_("choose a player"),
        error_messages={
            "required": _("Merge: choose the player who is the same person."),
            "invalid_choice": _("Merge: choose one of the club's players."),
        },
    )

    def __init__(self, *args, member: Member, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = (
            Member.objects.filter(club=member.club_id, removed_at__isnull=True)
            .exclude(pk=member.pk)
            .order_by("name")
        )


class MemberPickForm(forms.Form):
    """Registering the club's players for a tournament: those not on its entry list yet."""

    members = RowsChoiceField(
        queryset=Member.objects.none(),
        widget=forms.CheckboxSelectMultiple,
        label=_("The club's players"),
        error_messages={"required": _("Players: tick at least one.")},
    )

    def __init__(self, *args, tournament: Tournament, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["members"].queryset = (
            Member.objects.filter(club=tournament.club_id, removed_at__isnull=True)
            .exclude(entries__tournament=tournament)
            .order_by("name")
        )


PRIZE_LINE = re.compile(r"^(\d{1,4})\s*[.:)]?\s+(\d+(?:[.,]\d{1,2})?)\s*(%|€|eur|euro)?$", re.I)


def euros_field(label):
    return forms.DecimalField(
        label=label,
        min_value=Decimal(0),
        max_value=Decimal(100000),
        decimal_places=2,
        localize=True,  # "12,50" in German
    )


class PrizeForm(forms.Form):
    """The prize list: entry fee, money per point, and one prize per line ("1: 50 %", "4: 10 €").
    The prizes together never pay out more than the pot (``players`` × the entry fee)."""

    entry_fee = euros_field(_("Entry fee per player (€)"))
    per_point = euros_field(_("Money per point (€), 0 if points are not paid out"))
    prizes = forms.CharField(
        label=_("Prizes, one rank per line"),
        help_text=_("“1: 40 %” (a share of the entry fees) or “4: 10 €” (an amount)."),
        widget=forms.Textarea(attrs={"rows": 5}),
        required=False,
    )

    def __init__(self, *args, players: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players

    def clean_prizes(self):
        prizes, problems, ranks = [], [], set()
        # Cleaned before the prizes (the fields' order); None when it was refused itself.
        fee = self.cleaned_data.get("entry_fee")
        pot = None if fee is None else int(fee * 100) * self.players
        shares, paid = Decimal(0), 0
        for line_number, line in enumerate(self.cleaned_data["prizes"].splitlines(), start=1):
            line = line.strip()
            if not line:
                continue
            match = PRIZE_LINE.match(line)
            where = {"line": line_number}
            if match is None:
                problems.append(
                    _("Line %(line)s: write the rank, then an amount or a share (“2: 30 %%”).")
                    % where
                )
                continue
            rank, value, unit = int(match[1]), Decimal(match[2].replace(",", ".")), match[3]
            if rank < 1 or rank in ranks:
                problems.append(
                    _("Line %(line)s: rank %(rank)s twice or 0.") % {**where, "rank": rank}
                )
                continue
            if unit == "%" and not 0 < value <= 100:
                problems.append(_("Line %(line)s: a share is above 0 and at most 100 %%.") % where)
                continue
            prize = Prize(
                rank=rank,
                amount_cents=None if unit == "%" else int(value * 100),
                share_percent=value if unit == "%" else None,
            )
            shares += prize.share_percent or 0
            paid += prize_cents(prize, pot or 0)
            if shares > 100:
                problems.append(
                    _(
                        "Line %(line)s: the shares come to %(shares)s %% together, "
                        "more than the pot."
                    )
                    % {**where, "shares": f"{shares.normalize():f}"}
                )
                break
            if pot is not None and paid > pot:
                problems.append(
                    _(
                        "Line %(line)s: the prizes come to %(paid)s together, more than the "
                        "pot of %(pot)s (%(players)s players × the entry fee)."
                    )
                    % {**where, "paid": euros(paid), "pot": euros(pot), "players": self.players}
                )
                break
            ranks.add(rank)
            prizes.append((rank, prize.amount_cents, prize.share_percent))
        if problems:
            raise forms.ValidationError(problems)
        return sorted(prizes)


class SeriesForm(forms.ModelForm):
    class Meta:
        model = Series
        fields = ["name", "best_of", "tie_break"]

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].label = _("Name of the series (e.g. Liga 2025)")
        self.fields["name"].error_messages["required"] = _("Name: please enter a name.")
        self.fields["best_of"] = forms.IntegerField(
            label=_("Best evenings that count per player (empty: all)"),
            min_value=1,
            max_value=100,
            required=False,
        )
        # The evenings' game decides what "its own counts" are: won solos (Schafkopf), games
        # won as declarer, then fewer lost (Skat).
        own = _(
            "the game's tie counts (Schafkopf: won solos; Skat: more games won as declarer, "
            "then fewer lost), then lot"
        )
        self.fields["tie_break"] = choice_field(
            _("Ties in points are broken by"),
            [(Tournament.TieBreak.SOLOS_LOT, own), (Tournament.TieBreak.LOT, _("lot"))],
        )
        self.fields["tournaments"] = RowsChoiceField(
            label=_("Evenings (the club's tournaments of one game)"),
            queryset=club.tournaments.order_by("date", "created_at"),
            widget=forms.CheckboxSelectMultiple,
            required=False,
            initial=list(self.instance.tournaments.all()) if self.instance.pk else [],
        )
        self.fields["tournaments"].error_messages["invalid_choice"] = _(
            "Evenings: choose among the club's tournaments."
        )
        self.fields["tournaments"].error_messages["invalid_pk_value"] = _(
            "Evenings: choose among the club's tournaments."
        )

    def clean_tournaments(self):
        tournaments = self.cleaned_data["tournaments"]
        if len({tournament.game for tournament in tournaments}) > 1:
            raise forms.ValidationError(_("Evenings: all of one game, please."))
        return tournaments


class GroupLinkForm(forms.Form):
    """A Stammtisch joining the club: its scorer link (what its players share)."""

    link = forms.CharField(
        label=_("The Stammtisch's scorer link"),
        max_length=300,
        error_messages={
            "required": _("Link: please paste the Stammtisch's scorer link."),
            "max_length": _("Link: at most %(limit_value)d characters."),
        },
    )

    def __init__(self, *args, club: Club, **kwargs):
        super().__init__(*args, **kwargs)
        self.club = club

    def clean_link(self):
        from .stammtisch import group_of_link

        group = group_of_link(self.cleaned_data["link"])
        if group is None:
            raise forms.ValidationError(
                _(
                    "Link: that is not a Stammtisch's scorer link (the viewer link cannot "
                    "change the group)."
                )
            )
        if group.club_id is not None and group.club_id != self.club.pk:
            raise forms.ValidationError(_("Link: this Stammtisch belongs to another club already."))
        self.group = group
        return self.cleaned_data["link"]


class RosterMatchForm(forms.Form):
    """Which club member each roster player of the Stammtisch is (or a new one)."""

    def __init__(self, *args, group, club: Club, **kwargs):
        from .stammtisch import roster_of, suggested_member

        super().__init__(*args, **kwargs)
        self.club = club
        self.members = list(club.members.filter(removed_at__isnull=True).order_by("name"))
        choices = [("new", _("new player of the club"))]
        choices += [(str(m.pk), f"{m.name} ({m.number})") for m in self.members]
        self.roster = roster_of(group)
        for player in self.roster:
            suggested = suggested_member(player, self.members)
            self.fields[f"player-{player.pk}"] = forms.ChoiceField(
                label=player.name,
                choices=choices,
                initial=str(suggested.pk) if suggested else "new",
                error_messages={
                    "required": _("%(name)s: choose a club player or “new”.")
                    % {"name": player.name},
                    "invalid_choice": _("%(name)s: choose a club player or “new”.")
                    % {"name": player.name},
                },
            )

    def clean(self):
        cleaned = super().clean()
        by_pk = {str(m.pk): m for m in self.members}
        self.matches, seen = {}, {}
        for player in self.roster:
            member = by_pk.get(cleaned.get(f"player-{player.pk}", ""))
            if member is not None and member.pk in seen:
                self.add_error(
                    None,
                    _("%(one)s and %(other)s cannot both be %(member)s: one record per person.")
                    % {"one": seen[member.pk], "other": player.name, "member": member.name},
                )
            elif member is not None:
                seen[member.pk] = player.name
            elif f"player-{player.pk}" in cleaned:
                self.refuse_a_second_record(player)
            self.matches[player.pk] = member
        return cleaned

    def refuse_a_second_record(self, player) -> None:
        """ "New" for a name the club has (any case; removed and merged names count too: a
        name is one person's for good) would make a second record of one person."""
        same = self.club.members.filter(name__iexact=player.name).order_by("number").first()
        if same is not None:
            self.add_error(
                f"player-{player.pk}",
                _(
                    "%(name)s: the club has a player of this name already (no. %(number)s); "
                    "choose him."
                )
                % {"name": player.name, "number": same.number},
            )
