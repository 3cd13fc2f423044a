"""The small forms of a dispute; the game's setup forms live in games/."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

MAX_RECORD_BYTES = 200_000  # a complete record is a few kilobytes


class OpenForm(forms.Form):
    author = forms.CharField(label=gettext_lazy("Arbiter"), max_length=60, required=False)
    note = forms.CharField(
        label=gettext_lazy("What is disputed?"),
        max_length=200,
        required=False,
        widget=forms.TextInput(
            attrs={"placeholder": gettext_lazy("e.g. he had the Sau and did not play it")}
        ),
    )


class VersionForm(forms.Form):
    """Every change of a draft names the version the phone saw, so a stale tap is refused."""

    version = forms.IntegerField(widget=forms.HiddenInput, min_value=1)


class KeepForm(VersionForm):
    """The organizer's ruling that the sheet's entry stands; the reason is part of it."""

    note = forms.CharField(
        label=gettext_lazy("Why the entry stands"),
        max_length=180,
        error_messages={
            "required": gettext_lazy("Why the entry stands: please give the reason."),
            "max_length": gettext_lazy("Why the entry stands: at most 180 characters."),
        },
    )

    def __init__(self, *args, **kwargs):
        # Its own ids: the apply form on the same page has a version field too, and a tap's
        # answer updates this form's version by id (templates/scoring/disputes/_live.html).
        kwargs.setdefault("auto_id", "keep_%s")
        super().__init__(*args, **kwargs)


class ActionForm(VersionForm):
    action = forms.CharField(max_length=40, required=False)
    undo = forms.CharField(max_length=10, required=False)


class HandTapForm(VersionForm):
    seat = forms.IntegerField(min_value=0, max_value=4)
    card = forms.CharField(max_length=10, required=False)
    fill = forms.CharField(max_length=10, required=False)


def cards_field(label, help_text="", max_length: int = 40) -> forms.CharField:
    """A field for cards typed as codes ("C10 S9"): no autocomplete, capitals on a phone."""
    return forms.CharField(
        label=label,
        help_text=help_text,
        required=False,
        max_length=max_length,
        widget=forms.TextInput(attrs={"autocomplete": "off", "autocapitalize": "characters"}),
    )


class TypedHandsForm(VersionForm):
    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for seat, name in enumerate(names):
            self.fields[f"hand_{seat}"] = cards_field(
                _("Cards of %(name)s") % {"name": name}, max_length=300
            )

    def texts(self) -> list[str]:
        return [self.cleaned_data.get(f"hand_{seat}") or "" for seat in range(len(self.names))]


class PasteForm(VersionForm):
    text = forms.CharField(
        label=gettext_lazy("Record (JSON)"),
        required=False,
        max_length=MAX_RECORD_BYTES,
        widget=forms.Textarea(attrs={"rows": 8, "spellcheck": "false", "autocomplete": "off"}),
    )
    file = forms.FileField(label=gettext_lazy("or upload a file"), required=False)

    def clean(self):
        cleaned = super().clean()
        upload = cleaned.get("file")
        if upload:
            if upload.size > MAX_RECORD_BYTES:
                self.add_error("file", _("The file is too large for a record."))
                return cleaned
            try:
                cleaned["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                self.add_error("file", _("The file is not a text file (UTF-8)."))
                return cleaned
            # Show the file's text in the box, so a refused record can be mended there.
            self.data = self.data.copy()
            self.data["text"] = cleaned["text"]
        if not (cleaned.get("text") or "").strip() and not self.errors:
            self.add_error("text", _("Record: paste its JSON text or choose a file."))
        return cleaned


class ApplyForm(VersionForm):
    base = forms.IntegerField(widget=forms.HiddenInput, min_value=0)
    submission = forms.UUIDField(widget=forms.HiddenInput)
    # Which of the pad's ways to apply the verdict (services.Candidate.choices); radio
    # buttons once ``offer`` names them, empty for the pad's only way.
    apply_as = forms.CharField(required=False, max_length=40, widget=forms.HiddenInput)
    author = forms.CharField(label=gettext_lazy("Arbiter"), max_length=60, required=False)
    note = forms.CharField(
        label=gettext_lazy("Note for the history"), max_length=180, required=False
    )

    def offer(self, label: str, choices: list[tuple[str, str]]) -> None:
        """Let the arbiter choose how to apply the verdict; the first choice is the default."""
        if len(choices) < 2:
            self.fields["apply_as"].initial = choices[0][0] if choices else ""
            return
        self.fields["apply_as"] = forms.ChoiceField(
            label=label,
            choices=choices,
            initial=choices[0][0],
            required=False,
            widget=forms.RadioSelect(attrs={"class": "apply-as"}),
        )
