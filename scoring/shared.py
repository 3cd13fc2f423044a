"""One rendering for many phones: the type that rendering.py makes and push.py sends over."""

from __future__ import annotations

from typing import NamedTuple

from django.utils.safestring import SafeString, mark_safe


class Shared(NamedTuple):
    """HTML rendered once for every phone of a kind, with a random stand-in (``stand_ins``,
    by part) wherever each phone's own value goes. The stand-ins are made anew for each
    rendering, so no name typed at the table can contain one. A tuple: it travels as JSON to
    the event servers (scoring.push.Sheets) and is cached as it is."""

    html: str
    stand_ins: dict[str, str]

    def for_phone(self, **own: str) -> SafeString:
        """The HTML with this phone's values (already escaped where they are text) put in."""
        html = self.html
        for part, value in own.items():
            html = html.replace(self.stand_ins[part], value)
        return mark_safe(html)
