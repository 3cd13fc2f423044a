"""Striking the last round off a sheet: a wrong extra round is voided by a revision (who,
when, why), never deleted, and can then be entered again."""

from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext_lazy as _

from . import game_limit
from .models import Table
from .pads.base import Pad, Summary


class VoidForm(forms.Form):
    # Its fields sit on the round page beside the correction form's (which has a reason too).
    prefix = "void"
    base = forms.IntegerField(widget=forms.HiddenInput, min_value=1)
    submission = forms.UUIDField(widget=forms.HiddenInput, initial=uuid.uuid4)
    reason = forms.CharField(
        label=_("Why is it struck off?"),
        max_length=200,
        error_messages={
            "required": _(
                "Why is it struck off: please give the reason (it stays in the history)."
            ),
            "max_length": _("Why is it struck off: at most 200 characters."),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # No maxlength in the page: the server says when the reason is too long.
        self.fields["reason"].widget.attrs.pop("maxlength", None)


def void_refusal(pad: Pad, table: Table, summary: Summary, number: int) -> str | None:
    """Why round ``number`` cannot be voided now, or None when it can: only the last round
    on the sheet, not at a tournament table (its games are counted and confirmed), not in a
    game whose pad keeps entries that must not vanish (hidden predictions)."""
    if not pad.can_void or game_limit.games_required(table.options) is not None:
        return str(_("Rounds of this table cannot be struck off; correct them instead."))
    if not summary.rows or summary.rows[-1].number != number:
        return str(_("Only the last round on the sheet can be struck off."))
    return None
