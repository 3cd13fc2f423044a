"""The organizer's form for a team of the team competition: a name and up to four of the
registered players, each in at most one team. Every message names the field and the rule."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from .forms import RowChoiceField
from .models import TEAM_SIZE, Team, TeamMember, Tournament

NAME_LENGTH = Team._meta.get_field("name").max_length


def place_field_name(place: int) -> str:
    return f"player_{place}"


class TeamForm(forms.Form):
    name = forms.CharField(
        label=_("Team name"),
        max_length=NAME_LENGTH,
        error_messages={
            "required": _("Team name: please enter a name."),
            "max_length": _("Team name: at most %(limit_value)d characters."),
        },
    )

    def __init__(self, *args, tournament: Tournament, team: Team | None = None, **kwargs):
        super().__init__(*args, **kwargs)
        self.tournament, self.team = tournament, team
        players = tournament.players.order_by("start_number")
        for place in range(1, TEAM_SIZE + 1):
            label = _("Player %(n)s") % {"n": place}
            self.fields[place_field_name(place)] = RowChoiceField(
                queryset=players,
                required=False,
                label=label,
                empty_label="–",
                error_messages={
                    "invalid_choice": _("%(field)s: pick a player registered for this tournament.")
                    % {"field": label}
                },
            )

    def clean_name(self):
        name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise forms.ValidationError(_("Team name: please enter a name."))
        others = self.tournament.teams.exclude(pk=self.team.pk if self.team else None)
        if others.filter(name__iexact=name).exists():
            raise forms.ValidationError(
                _("Team name: “%(name)s” is taken by another team.") % {"name": name}
            )
        return name

    def clean(self):
        cleaned = super().clean()
        picked = []
        for place in range(1, TEAM_SIZE + 1):
            field = place_field_name(place)
            player = cleaned.get(field)
            if player is None:
                continue
            if player in picked:
                self.add_error(
                    field,
                    _("%(field)s: %(name)s is picked twice; a player has one place in a team.")
                    % {"field": self.fields[field].label, "name": player.name},
                )
                continue
            picked.append(player)
        if not picked and not self.errors:
            raise forms.ValidationError(_("Players: pick at least one player for the team."))
        elsewhere = (
            TeamMember.objects.filter(tournament=self.tournament, player__in=picked)
            .exclude(team=self.team)
            .select_related("team", "player")
        )
        for place in elsewhere:
            field = next(
                place_field_name(n)
                for n in range(1, TEAM_SIZE + 1)
                if cleaned.get(place_field_name(n)) == place.player
            )
            self.add_error(
                field,
                _(
                    "%(field)s: %(name)s plays for team “%(team)s” already; a player is in at "
                    "most one team."
                )
                % {
                    "field": self.fields[field].label,
                    "name": place.player.name,
                    "team": place.team.name,
                },
            )
        cleaned["players"] = picked
        return cleaned
