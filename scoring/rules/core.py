"""The small shared core of the rules engine: errors, violations, verdicts, seeded dealing.

No Django imports anywhere under scoring/rules/: the engine runs from the command line, in
benchmarks and inside the web app alike.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any


class RecordError(ValueError):
    """A record that cannot be read at all (verify exits 2). Names the offending key."""

    def __init__(self, key: str, message: str):
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


class IllegalPlay(ValueError):
    """Raised by a strict ``State.play`` for a card the rules forbid; carries the rule name."""

    def __init__(self, rule: str, message: str):
        super().__init__(message)
        self.rule = rule
        self.message = message


# Plain-language messages per rule, in English and German; game modules add their own with
# ``add_messages``. Templates use str.format with the violation's params plus ``player``.
MESSAGES: dict[str, dict[str, str]] = {
    "card_not_in_hand": {
        "en": "{player} played {card} but does not hold it{holder_en}",
        "de": "{player} spielte {card}, hat die Karte aber nicht{holder_de}",
    },
    "card_played_twice": {
        "en": "{player} played {card}, which was already played in trick {earlier}",
        "de": "{player} spielte {card}, die schon in Stich {earlier} gespielt wurde",
    },
    "unknown_card": {
        "en": "{player} played {card}, which is not a card of this game",
        "de": "{player} spielte {card} – diese Karte gibt es in diesem Spiel nicht",
    },
}
LANGUAGES = ("en", "de")


def add_messages(catalogue: dict[str, dict[str, str]]) -> None:
    for rule, texts in catalogue.items():
        missing = set(LANGUAGES) - texts.keys()
        if missing:
            raise ValueError(f"message for {rule} lacks {sorted(missing)}")
        MESSAGES[rule] = texts


@dataclass(frozen=True, slots=True)
class Violation:
    """One broken rule in a record. ``trick`` is 1-based, ``seat`` 0-based (records.md).

    ``params`` fill the rule's message template; ``player`` (the seat's name) is added when
    the verdict is rendered, so the same verdict reads in English or German.
    """

    trick: int | None
    seat: int | None
    card: str | None
    rule: str
    params: dict[str, Any] = field(default_factory=dict)

    def message(self, players: Sequence[str], lang: str = "en") -> str:
        texts = MESSAGES.get(self.rule)
        if texts is None:
            return self.rule
        player = players[self.seat] if self.seat is not None and self.seat < len(players) else "?"
        values = {"player": player, "card": self.card, **self.params}
        return texts.get(lang, texts["en"]).format_map(values)

    def to_json(self, players: Sequence[str], lang: str = "en") -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card,
            "rule": self.rule,
            "message": self.message(players, lang),
        }


@dataclass(slots=True)
class Verdict:
    """The engine's judgement of one record; ``to_json`` gives the `verdict/1` object."""

    players: list[str]
    complete: bool
    to_play: int | None
    tricks: list[dict[str, Any]]
    result: dict[str, Any] | None
    violations: list[Violation] = field(default_factory=list)
    checks_skipped: list[str] = field(default_factory=list)

    @property
    def valid(self) -> bool:
        return not self.violations

    def to_json(self, lang: str = "en") -> dict[str, Any]:
        return {
            "format": "verdict/1",
            "valid": self.valid,
            "complete": self.complete,
            "to_play": self.to_play,
            "checks_skipped": list(self.checks_skipped),
            "violations": [v.to_json(self.players, lang) for v in self.violations],
            "tricks": self.tricks,
            "result": self.result,
        }


def make_rng(seed: int | str | None) -> random.Random:
    """A private RNG: the same seed always gives the same deals, whatever else runs."""
    return random.Random(seed)


def deal(deck: Sequence[str], hand_sizes: Iterable[int], rng: random.Random):
    """Shuffle ``deck`` with ``rng`` and cut it into hands; returns (hands, rest)."""
    cards = list(deck)
    rng.shuffle(cards)
    hands, start = [], 0
    for size in hand_sizes:
        hands.append(cards[start : start + size])
        start += size
    return hands, cards[start:]


def seat_after(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def check_keys(obj: dict, path: str, required: Iterable[str], optional: Iterable[str] = ()):
    """Reject a missing or unknown key: records.md says unknown keys are errors."""
    if not isinstance(obj, dict):
        raise RecordError(path or "record", "must be a JSON object")
    required, optional = set(required), set(optional)
    for key in sorted(required - obj.keys()):
        raise RecordError(_join(path, key), "is required")
    for key in sorted(obj.keys() - required - optional):
        raise RecordError(_join(path, key), "is not a known key")


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def require_int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(key, "must be an integer")
    if not low <= value <= high:
        raise RecordError(key, f"must be between {low} and {high}")
    return value


def require_str_list(value: Any, key: str, length: int | None = None) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(key, "must be a list of strings")
    if length is not None and len(value) != length:
        raise RecordError(key, f"must have {length} entries")
    return value
