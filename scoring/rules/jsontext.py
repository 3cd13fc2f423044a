"""Reading JSON that a user pasted or uploaded: every failure is a ValueError with a reason.

The stdlib parser recurses once per nesting level, so a few hundred kilobytes of ``[[[[…``
end in a RecursionError (not a ValueError) deep inside ``json.loads``. A record is at most
four levels deep (record → plays → trick → card), so anything much deeper is refused before
parsing, with a message that says so.
"""

from __future__ import annotations

import json
import re
from typing import Any

MAX_DEPTH = 32
# Strings may hold any brackets; they are blanked out before the nesting is counted.
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """JSON nested deeper than ``MAX_DEPTH`` levels."""

    def __init__(self, depth: int, limit: int = MAX_DEPTH):
        super().__init__(f"nested deeper than {limit} levels")
        self.depth, self.limit = depth, limit


def nesting_depth(text: str) -> int:
    """The deepest nesting of arrays and objects in JSON text (strings not counted).

    >>> nesting_depth('{"plays": [["EA", "E10"]], "note": "[[[["}')
    3
    """
    depth = deepest = 0
    for bracket in _BRACKET.findall(_STRING.sub('""', text)):
        depth += 1 if bracket in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def loads(text: str | bytes, max_depth: int = MAX_DEPTH) -> Any:
    """``json.loads`` for untrusted text: ValueError (``TooDeep``, ``json.JSONDecodeError``,
    ``UnicodeDecodeError``) for everything that cannot be read, never RecursionError.

    >>> loads("[" * 100_000)
    Traceback (most recent call last):
    ...
    scoring.rules.jsontext.TooDeep: nested deeper than 32 levels
    """
    if isinstance(text, bytes | bytearray):
        text = text.decode("utf-8")
    depth = nesting_depth(text)
    if depth > max_depth:
        raise TooDeep(depth, max_depth)
    try:
        return json.loads(text)
    except RecursionError:  # only reachable with a max_depth near the interpreter's limit
        raise TooDeep(max_depth, max_depth) from None
