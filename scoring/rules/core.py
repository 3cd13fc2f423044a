"""The small shared core of the rules engine: errors, violations, verdicts, seeded dealing.

No Django imports anywhere under scoring/rules/: the engine runs from the command line, in
benchmarks and inside the web app alike.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar


class RecordError(ValueError):
    """A record that cannot be read at all (verify exits 2). Names the offending key.

    ``message`` is English (what ``manage.py verify`` prints). Given as templates
    ``{"en": ..., "de": ...}`` (e.g. from ``RECORD_ERRORS``) with ``params``, the error
    also reads in German: ``text("de")``; a plain string stays English in every language.
    """

    def __init__(self, key: str, message: str | Mapping[str, str], **params: Any):
        self.key = key
        self.params = params
        self.templates = None if isinstance(message, str) else message
        self.message = message if self.templates is None else self.text("en")
        super().__init__(f"{key}: {self.message}")

    def text(self, lang: str = "en") -> str:
        """The message in ``lang``, English where there is no text in that language."""
        if self.templates is None:
            return self.message
        template = self.templates.get(lang) or self.templates["en"]
        return template.format(**self.params)


class IllegalPlay(ValueError):
    """Raised by a strict ``State.play`` for a card the rules forbid; carries the rule name."""

    def __init__(self, rule: str, message: str, violation: Violation | None = None):
        super().__init__(message)
        self.rule = rule
        self.message = message
        # The full violation, for a caller that renders it in another language.
        self.violation = violation

    @classmethod
    def of(cls, violation: Violation, players: Sequence[str] | None) -> IllegalPlay:
        """A strict ``play``'s refusal of ``violation``, its message in English."""
        return cls(violation.rule, violation.message(players), violation)


# Plain-language messages per rule, in English and German; game modules add their own with
# ``add_messages``. Templates use str.format with the params plus ``player`` (the seat's
# name), ``card``, ``trick`` and the names and places below (``render``).
# Rule names are shared between games (``follow_suit``) but the wording is not, so each
# game's texts are kept apart in GAME_MESSAGES and a Violation that knows its ``game`` reads
# those first; MESSAGES holds the common rules and, as a fallback, each rule's first text.
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
FORMAT = "record/1"
# Seat names for records the engine writes itself (simulate).
BOT_NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi")
# A seat without a name (a State built without names).
SEAT_NAMES = {"en": "Seat {number}", "de": "Platz {number}"}

# Why a record cannot be read, for the errors every game shares (RecordError templates; a
# game's own ones are written where they are raised). ``*_en``/``*_de`` params are the same
# value worded per language.
RECORD_ERRORS: dict[str, dict[str, str]] = {
    "not_json": {"en": "is not valid JSON ({detail})", "de": "ist kein gültiges JSON ({detail})"},
    "not_object": {"en": "must be a JSON object", "de": "muss ein JSON-Objekt sein"},
    "required": {"en": "is required", "de": "fehlt"},
    "unknown_key": {"en": "is not a known key", "de": "ist kein bekannter Schlüssel"},
    "not_integer": {"en": "must be an integer", "de": "muss eine ganze Zahl sein"},
    "out_of_range": {
        "en": "must be between {low} and {high}",
        "de": "muss zwischen {low} und {high} liegen",
    },
    "not_bool": {"en": "must be true or false", "de": "muss true oder false sein"},
    "one_of": {"en": "must be one of {allowed}", "de": "muss einer der Werte {allowed} sein"},
    "not_str_list": {
        "en": "must be a list of strings",
        "de": "muss eine Liste von Zeichenketten sein",
    },
    "entries": {"en": "must have {length} entries", "de": "muss {length} Einträge haben"},
    "format": {"en": 'must be "{format}"', "de": 'muss "{format}" sein'},
    "unknown_game": {"en": "unknown game {name!r}", "de": "unbekanntes Spiel {name!r}"},
    "game_not_built": {
        "en": "{name} is not supported by this version yet",
        "de": "{name} wird von dieser Version noch nicht unterstützt",
    },
    "unknown_profile": {
        "en": "unknown profile {profile!r} (known: {known})",
        "de": "unbekanntes Regelprofil {profile!r} (bekannt: {known})",
    },
    "unknown_setting": {
        "en": "is not a setting of this game",
        "de": "ist keine Einstellung dieses Spiels",
    },
    "player_names": {
        "en": "must be a list of non-empty names",
        "de": "muss eine Liste nicht leerer Namen sein",
    },
    "player_count": {
        "en": "this game is played by {counts_en} players",
        "de": "dieses Spiel wird zu {counts_de} gespielt",
    },
    "hand_per_player": {
        "en": "must be a list with one hand per player",
        "de": "muss eine Liste mit einer Hand je Sitzplatz sein",
    },
    "card_codes": {
        "en": "must be a list of card codes",
        "de": "muss eine Liste von Kartenkürzeln sein",
    },
    "not_a_card": {
        "en": "{card} is not a card of this game",
        "de": "{card} ist keine Karte dieses Spiels",
    },
    "dealt_twice": {
        "en": "{card} is dealt twice (also in hands[{seat}])",
        "de": "{card} ist doppelt ausgeteilt (auch in hands[{seat}])",
    },
    "hand_size": {"en": "must have {size} cards", "de": "muss {size} Karten haben"},
}

GAME_MESSAGES: dict[str, dict[str, dict[str, str]]] = {}
# Per game, how a language-free param reads: ``names[param][lang][value]`` fills
# ``{<param>_name}``, or ``{<param>_names}`` (joined with commas) for a list of values.
GAME_NAMES: dict[str, dict[str, Mapping[str, Mapping[Any, str]]]] = {}
# Where a card lies that somebody used without having it: the params ``holder`` (a seat or
# None) and ``place`` (default "hand" for a seat, None for nobody) fill ``{holder_en}`` and
# ``{holder_de}``, each text with ``{name}`` for the holder. Games add or reword places.
PLACES: dict[str | None, dict[str, str]] = {
    "hand": {"en": " ({name} holds it)", "de": " ({name} hat sie)"},
    None: {"en": " (nobody holds it)", "de": " (niemand hat sie)"},
}
GAME_PLACES: dict[str, dict[str | None, dict[str, str]]] = {}


def add_messages(
    catalogue: dict[str, dict[str, str]],
    game: str | None = None,
    *,
    shared: bool = True,
    names: Mapping[str, Mapping[str, Mapping[Any, str]]] | None = None,
    places: Mapping[str | None, dict[str, str]] | None = None,
) -> None:
    """Register a game's texts; ``game`` defaults to the game package of the caller
    (a module under ``scoring.rules.<game>``).

    ``shared=False`` keeps the texts out of the fallback in MESSAGES: a wording only this
    game's params fill, or a scorepad text that is no rule of a verdict. ``names`` and
    ``places`` are the game's entries of GAME_NAMES and GAME_PLACES.
    """
    if game is None:
        game = _calling_game(sys._getframe(1).f_globals.get("__name__", ""))
    for rule, texts in catalogue.items():
        _require_languages(texts, f"message for {rule}")
    for place, texts in (places or {}).items():
        _require_languages(texts, f"place {place}")
    if (names or places) and game is None:
        raise ValueError("names and places belong to a game")
    for rule, texts in catalogue.items():
        if game is not None:
            GAME_MESSAGES.setdefault(game, {})[rule] = texts
        if shared:
            MESSAGES.setdefault(rule, texts)
    if names:
        GAME_NAMES.setdefault(game, {}).update(names)
    if places:
        GAME_PLACES.setdefault(game, {}).update(places)


def _require_languages(texts: Mapping[str, str], what: str) -> None:
    missing = set(LANGUAGES) - texts.keys()
    if missing:
        raise ValueError(f"{what} lacks {sorted(missing)}")


def messages_for(rule: str, game: str | None = None) -> dict[str, str] | None:
    """The texts of ``rule`` in ``game``'s wording, else the common ones (None if unknown)."""
    return GAME_MESSAGES.get(game, {}).get(rule) or MESSAGES.get(rule)


def _calling_game(module: str) -> str | None:
    package = __name__.rpartition(".")[0] + "."
    if not module.startswith(package):
        return None
    return module[len(package) :].partition(".")[0] or None


def seat_name(players: Sequence[str] | None, seat: int | None, lang: str = "en") -> str:
    """The name of ``seat`` in messages: its player's, "Seat 2" without one, "?" for None."""
    if seat is None:
        return "?"
    if players is not None and 0 <= seat < len(players):
        return players[seat]
    return SEAT_NAMES.get(lang, SEAT_NAMES["en"]).format(number=seat + 1)


def render(
    rule: str,
    lang: str = "en",
    *,
    game: str | None = None,
    players: Sequence[str] | None = None,
    seat: int | None = None,
    card: str | None = None,
    trick: int | None = None,
    params: Mapping[str, Any] | None = None,
) -> str:
    """The text of ``rule`` in ``lang`` and in ``game``'s wording, filled in; English when
    the text has no such language, the rule's name when there is no text at all."""
    texts = messages_for(rule, game)
    if texts is None:
        return rule
    if lang not in texts:
        lang = "en"
    params = params or {}
    values = _Blanks(player=seat_name(players, seat, lang), card=card, trick=trick)
    if "holder" in params or "place" in params:
        holder = params.get("holder")
        place = params.get("place", "hand" if holder is not None else None)
        where = GAME_PLACES.get(game, {}).get(place) or PLACES[place]
        for language in LANGUAGES:
            name = seat_name(players, holder, language)
            values[f"holder_{language}"] = where[language].format(name=name)
    values.update(params)
    for param, names in GAME_NAMES.get(game, {}).items():
        if param not in params:
            continue
        value = params[param]
        if isinstance(value, list | tuple):
            values[f"{param}_names"] = ", ".join(names[lang][item] for item in value)
        else:
            values[f"{param}_name"] = names[lang][value]
    return texts[lang].format_map(values)


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
    # The game whose wording renders the message; records.verify fills it in for verdicts.
    game: str | None = field(default=None, compare=False)

    def for_game(self, game: str) -> Violation:
        """This violation worded as ``game`` words it (itself if it already knows a game)."""
        return self if self.game is not None else replace(self, game=game)

    def message(self, players: Sequence[str] | None, lang: str = "en") -> str:
        return render(
            self.rule,
            lang,
            game=self.game,
            players=players,
            seat=self.seat,
            card=self.card,
            trick=self.trick,
            params=self.params,
        )

    def to_json(self, players: Sequence[str], lang: str = "en") -> dict[str, Any]:
        return {
            "trick": self.trick,
            "seat": self.seat,
            "card": self.card,
            "rule": self.rule,
            "message": self.message(players, lang),
        }


@dataclass(frozen=True)
class EntryProblem:
    """One rejected scorepad entry: ``field`` names the input (``piles[1]``, ``collected.R``),
    ``rule`` the broken check, whose texts the game registers with ``add_messages``;
    ``message(lang, players)`` says it in English or German. A game subclasses it to set
    ``game``, whose wording and names render the message."""

    field: str
    rule: str
    seat: int | None = None
    params: dict[str, Any] = field(default_factory=dict)
    game: ClassVar[str | None] = None

    def message(self, lang: str = "en", players: Sequence[str] | None = None) -> str:
        return render(
            self.rule, lang, game=self.game, players=players, seat=self.seat, params=self.params
        )


class _Blanks(dict):
    """Template values where a missing one reads as nothing rather than failing the verdict."""

    def __missing__(self, key: str) -> str:
        return ""


class CardLedger:
    """The card rules every record walk shares: ``unknown_card``, ``card_played_twice`` and
    ``card_not_in_hand`` (whose ``holder`` param is the seat dealt the card, or None).

    ``hands`` are the dealt hands (card codes per seat) or None when the record has none;
    ``out_of_play`` are cards known to be in nobody's hand even then (a face-up trump card).
    """

    __slots__ = ("dealt_to", "deck", "game", "out_of_play", "played_in")

    def __init__(
        self,
        deck: Collection[str],
        hands: Sequence[Sequence[str]] | None = None,
        out_of_play: Iterable[str] = (),
        game: str | None = None,
    ):
        self.game = game
        self.deck = frozenset(deck)
        self.dealt_to = (
            None
            if hands is None
            else {card: seat for seat, hand in enumerate(hands) for card in hand}
        )
        self.out_of_play = frozenset(out_of_play)
        self.played_in: dict[str, int] = {}

    def record(self, trick: int, seat: int, card: str) -> Violation | None:
        """Note that ``seat`` played ``card`` in ``trick`` (1-based); the broken rule, if any."""
        violation = self.check(trick, seat, card)
        self.played_in.setdefault(card, trick)
        return violation

    def check(self, trick: int, seat: int, card: str) -> Violation | None:
        """The rule ``seat`` would break by playing ``card`` now, without noting the play.

        At most one of the three rules is reported per play: an unknown card cannot be
        held, and a card played twice is judged by its first play.
        """
        game = self.game
        if card not in self.deck:
            return Violation(trick, seat, card, "unknown_card", game=game)
        earlier = self.played_in.get(card)
        if earlier is not None:
            return Violation(trick, seat, card, "card_played_twice", {"earlier": earlier}, game)
        if self.dealt_to is not None:
            holder = self.dealt_to.get(card)
            if holder != seat:
                return Violation(trick, seat, card, "card_not_in_hand", {"holder": holder}, game)
        elif card in self.out_of_play:
            return Violation(trick, seat, card, "card_not_in_hand", {"holder": None}, game)
        return None

    def copy(self) -> CardLedger:
        twin = object.__new__(CardLedger)
        for name in self.__slots__:
            setattr(twin, name, getattr(self, name))
        twin.played_in = dict(self.played_in)
        return twin


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


def pick(rng: random.Random, options: Sequence):
    """A uniform choice that costs one ``rng.random()`` call (``rng.choice`` costs about three
    times as much); the bias of scaling a 53-bit float is far below anything measurable."""
    return options[int(rng.random() * len(options))]


def shuffled(items: Iterable, rng: random.Random) -> list:
    """A Fisher–Yates shuffle drawing with ``rng.random()``: half the time of ``rng.shuffle``
    (which draws bit by bit), and just as deterministic for a given seed."""
    cards = list(items)
    draw = rng.random
    for last in range(len(cards) - 1, 0, -1):
        other = int(draw() * (last + 1))
        cards[last], cards[other] = cards[other], cards[last]
    return cards


def new_record(
    game: str,
    players: Sequence[str],
    settings: Mapping[str, Any],
    profiles: Mapping[str, Mapping[str, Any]],
    default_profile: str,
) -> dict[str, Any]:
    """The common keys of a record the engine writes, in the documented order.

    ``settings`` are resolved settings (a profile's settings plus ``"profile"``); the record
    names the profile and lists only the settings that differ from it.
    """
    profile = settings.get("profile", default_profile)
    base = profiles[profile]
    overrides = {
        key: value for key, value in settings.items() if key in base and base[key] != value
    }
    return {
        "format": FORMAT,
        "game": game,
        "profile": profile,
        "settings": overrides,
        "players": list(players),
    }


def bot_names(count: int) -> list[str]:
    return list(BOT_NAMES[:count])


def seat_after(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def check_keys(obj: dict, path: str, required: Iterable[str], optional: Iterable[str] = ()):
    """Reject a missing or unknown key: records.md says unknown keys are errors."""
    if not isinstance(obj, dict):
        raise RecordError(path or "record", RECORD_ERRORS["not_object"])
    required, optional = set(required), set(optional)
    for key in sorted(required - obj.keys()):
        raise RecordError(_join(path, key), RECORD_ERRORS["required"])
    for key in sorted(obj.keys() - required - optional):
        raise RecordError(_join(path, key), RECORD_ERRORS["unknown_key"])


def _join(path: str, key: str) -> str:
    return f"{path}.{key}" if path else key


def require_int(value: Any, key: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RecordError(key, RECORD_ERRORS["not_integer"])
    if not low <= value <= high:
        raise RecordError(key, RECORD_ERRORS["out_of_range"], low=low, high=high)
    return value


def require_str_list(value: Any, key: str, length: int | None = None) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise RecordError(key, RECORD_ERRORS["not_str_list"])
    if length is not None and len(value) != length:
        raise RecordError(key, RECORD_ERRORS["entries"], length=length)
    return value


def check_dealt_hands(
    hands: Sequence[Sequence[str]],
    cards: Collection[str],
    size: int,
    size_text: Mapping[str, str] = RECORD_ERRORS["hand_size"],
    **size_params: Any,
) -> None:
    """Hands of ``size`` cards each, made of ``cards``, each card dealt once; RecordError
    on ``hands[seat]`` otherwise (``size_text`` words a wrong size)."""
    dealt_to: dict[str, int] = {}
    for seat, hand in enumerate(hands):
        key = f"hands[{seat}]"
        if len(hand) != size:
            raise RecordError(key, size_text, size=size, **size_params)
        for card in hand:
            if card not in cards:
                raise RecordError(key, RECORD_ERRORS["not_a_card"], card=card)
            if card in dealt_to:
                raise RecordError(key, RECORD_ERRORS["dealt_twice"], card=card, seat=dealt_to[card])
            dealt_to[card] = seat
