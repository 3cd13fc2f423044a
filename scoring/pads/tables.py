"""The form that starts a table: title, player names in seat order, who is scoring."""

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from .base import choice_messages


class TableForm(forms.Form):
    """Base creation form; a game's form sets ``player_count`` (or a range) and adds options."""

    player_count: int = 4
    min_players: int | None = None  # fewer seats may stay empty down to this number

    title = forms.CharField(
        label=_("Name of the evening (optional)"), max_length=80, required=False
    )
    author = forms.CharField(
        label=_("Your name (shown in the history)"), max_length=60, required=False
    )
    # One-time token of this form: posting it twice opens the table the first post made.
    submission = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4, required=False)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        minimum = self.min_players or self.player_count
        for seat in range(self.player_count):
            self.fields[f"player_{seat}"] = forms.CharField(
                label=_("Player %(n)s") % {"n": seat + 1},
                max_length=40,
                required=seat < minimum,
                error_messages={
                    "required": _(
                        "Player %(n)s: please enter a name (this game needs %(min)s players)."
                    )
                    % {"n": seat + 1, "min": minimum},
                    "max_length": _("Player %(n)s: at most 40 characters.") % {"n": seat + 1},
                },
                widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "words"}),
            )
            # No maxlength in the page: a browser would cut a longer name without a word,
            # the server says which player's name is too long and keeps what was typed.
            self.fields[f"player_{seat}"].widget.attrs.pop("maxlength", None)
        # Radios and selects have defaults, so only a stale or tampered post trips these;
        # even then the message names the field.
        for field in self.fields.values():
            if isinstance(field, forms.ChoiceField):
                field.error_messages.update(choice_messages(field.label))

    # Fields that change the frozen rule profile; shown folded away under "rules".
    rule_field_names: tuple[str, ...] = ()
    # Table options (not rule settings) that the rules page lists too, e.g. hidden predictions.
    option_rule_names: tuple[str, ...] = ()

    def player_fields(self):
        return [self[f"player_{seat}"] for seat in range(self.player_count)]

    def rule_fields(self):
        return [self[name] for name in self.rule_field_names]

    def option_fields(self):
        """Game options other than players, rules, title and author (e.g. the first dealer)."""
        skip = {"title", "author", "submission", *self.rule_field_names}
        return [f for f in self if f.name not in skip and not f.name.startswith("player_")]

    def clean(self):
        cleaned = super().clean()
        seen: dict[str, int] = {}
        for seat in range(self.player_count):
            name = (cleaned.get(f"player_{seat}") or "").strip()
            if not name:
                continue
            if name.casefold() in seen:
                self.add_error(
                    f"player_{seat}",
                    _("Player %(n)s: the name “%(name)s” is already taken by player %(other)s.")
                    % {"n": seat + 1, "name": name, "other": seen[name.casefold()] + 1},
                )
            seen[name.casefold()] = seat
        # Empty optional seats close up: the players keep their clockwise order.
        cleaned["players"] = [
            (cleaned.get(f"player_{seat}") or "").strip()
            for seat in range(self.player_count)
            if (cleaned.get(f"player_{seat}") or "").strip()
        ]
        return cleaned
