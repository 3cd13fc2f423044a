"""Bock games follow the games before them (docs/skat.md, "Stammtisch-Skat"): a correction
(or a dispute's ruling) that starts or ends a Bock round stores every later game whose Bock
it changes again, priced by the entry form as if it were saved anew, in the same
transaction, each with a revision that says why (docs/rules/skat.md, "House rules": Bock
rounds as in docs/rules/schafkopf.md, "Bock rounds"). Only the last game can be struck off,
so voiding changes none."""

from __future__ import annotations

import logging
import uuid

from django.utils.translation import gettext, ngettext

from ...services import Author, follow_up_revision
from .. import get_pad

log = logging.getLogger("stichblock")


def reprice_bock_games(table, revision, author: Author) -> list[str]:
    """The save hook (scoring.hooks.round_saved): the later games saved with a Bock that the
    games before them no longer give, stored again; the words for the save's answer."""
    if table.game != "skat" or not table.profile.get("bock_rounds"):
        return []
    pad = get_pad(table.game)
    summary = pad.table_summary(table)
    changed = []
    for row in summary.rows:
        if not row.bock_stale:
            continue
        entry = pad.entry_form(table, summary, row.number, revision=row.revision)
        again = pad.entry_form(
            table, summary, row.number, data=as_posted(entry, row.revision, author)
        )
        if not again.is_valid():  # the sheet keeps its "Bock?" mark: saved again by hand
            log.error("skat: table %s game %s not repriced: %s", table.pk, row.number, again.errors)
            continue
        data, _complete, scores = pad.round_from_form(table, summary, again)
        follow_up_revision(
            row.revision,
            data=data,
            scores=scores,
            author=author,
            reason=gettext("Bock recomputed after game %(n)s was changed")
            % {"n": revision.round.number},
        )
        changed.append(row.number)
    if not changed:
        return []
    games = ", ".join(str(number) for number in changed)
    return [
        ngettext(
            "Game %(games)s changed its Bock: recomputed.",
            "Games %(games)s changed their Bock: recomputed.",
            len(changed),
        )
        % {"games": games}
    ]


def as_posted(form, revision, author: Author) -> dict:
    """What a phone posts to save ``form`` (a game's entry as saved) unchanged."""
    posted = {name: form[name].value() for name in form.fields}
    # A correction's form asks for a reason; the revision gets its own (reprice_bock_games).
    posted.update(base=revision.number, submission=uuid.uuid4(), author=author.name, reason="-")
    # An unticked box and an empty field are not posted; 0 Augen are (0 == False in Python).
    return {
        name: value for name, value in posted.items() if value is not None and value is not False
    }
