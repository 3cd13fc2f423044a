"""The small shared core of the rules engine: errors, violations, verdicts, seeded dealing.

No Django imports anywhere under scoring/rules/: the engine runs from the command line, in
benchmarks and inside the web app alike.
"""

from __future__ import annotations

import copy
import dataclasses
from collections.abc import Collection, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, ClassVar

from . import i18n
from .i18n import N_, NC_, Localized, Text, localize


class RecordError(ValueError):
    """A record that cannot be read at all (verify exits 2). Names the offending key.

    ``message`` is an engine text (``N_("must be ...")``, e.g. from ``RECORD_ERRORS``) filled
    with ``params``: ``text(lang)`` words it in English or German, and ``message`` is the
    English (what ``manage.py verify`` prints). A plain string is taken as already worded and
    stays English in every language.
    """

    def __init__(self, key: str, message: str | Text, **params: Any):
        self.key = key
        self.params = params
        self.template = message
        self.message = self.text("en")
        super().__init__(f"{key}: {self.message}")

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (English where the catalogue has no translation)."""
        if isinstance(self.template, str):
            return self.template
        return self.template.format(lang, **self.params)


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


# The message of each rule, as an English engine text (German in the catalogue, i18n.py);
# game modules add their own with ``add_messages``. Templates use str.format with the params
# plus ``player`` (the seat's name), ``card``, ``trick`` and the names and places below
# (``render``). Rule names are shared between games (``follow_suit``) but the wording is
# not, so each game's texts are kept apart in GAME_MESSAGES and a Violation that knows its
# ``game`` reads those first; MESSAGES holds the common rules and, as a fallback, each
# rule's first text.
MESSAGES: dict[str, Text] = {
    "card_not_in_hand": N_("{player} played {card} but does not hold it{where}"),
    "card_played_twice": N_("{player} played {card}, which was already played in trick {earlier}"),
    "unknown_card": N_("{player} played {card}, which is not a card of this game"),
}
LANGUAGES = i18n.LANGUAGES
FORMAT = "record/1"
# Seat names for records the engine writes itself (simulate).
BOT_NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil", "Fritzi")
# A seat without a name (a State built without names).
SEAT_NAME = N_("Seat {number}")

# Why a record cannot be read, for the errors every game shares (RecordError texts; a game's
# own ones are written where they are raised).
RECORD_ERRORS: dict[str, Text] = {
    "not_json": N_("is not valid JSON ({detail})"),
    "not_object": N_("must be a JSON object"),
    "required": N_("is required"),
    "unknown_key": N_("is not a known key"),
    "not_integer": N_("must be an integer"),
    "out_of_range": N_("must be between {low} and {high}"),
    "not_bool": N_("must be true or false"),
    "one_of": N_("must be one of {allowed}"),
    "not_str_list": N_("must be a list of strings"),
    "entries": N_("must have {length} entries"),
    "format": N_('must be "{format}"'),
    "unknown_game": N_("unknown game {name!r}"),
    "unknown_profile": N_("unknown profile {profile!r} (known: {known})"),
    "unknown_setting": N_("is not a setting of this game"),
    "player_names": N_("must be a list of non-empty names"),
    # ``counts``: the allowed numbers of players, e.g. ``Join(("3", "4"), OR)``.
    "player_count": N_("this game is played by {counts} players"),
    "hand_per_player": N_("must be a list with one hand per player"),
    "card_codes": N_("must be a list of card codes"),
    "not_a_card": N_("{card} is not a card of this game"),
    "dealt_twice": N_("{card} is dealt twice (also in hands[{seat}])"),
    "hand_size": N_("must have {size} cards"),
}
# Alternatives in a text: "3 or 4" (``Join(items, OR)``).
OR = NC_("between alternatives", " or ")

GAME_MESSAGES: dict[str, dict[str, Text]] = {}
# Per game, how a language-free param reads: ``names[param][value]`` fills
# ``{<param>_name}``, or ``{<param>_names}`` (joined with commas) for a list of values.
GAME_NAMES: dict[str, dict[str, Mapping[Any, Text]]] = {}
# Where a card lies that somebody used without having it: the params ``holder`` (a seat or
# None) and ``place`` (default "hand" for a seat, None for nobody) fill ``{where}``, each
# text with ``{name}`` for the holder (None: nothing to say). Games add or reword places.
PLACES: dict[str | None, Text | None] = {
    "hand": N_(" ({name} holds it)"),
    None: N_(" (nobody holds it)"),
}
GAME_PLACES: dict[str, dict[str | None, Text | None]] = {}


def add_messages(
    game: str | None,
    catalogue: Mapping[str, Text],
    *,
    shared: bool = True,
    names: Mapping[str, Mapping[Any, Text]] | None = None,
    places: Mapping[str | None, Text | None] | None = None,
) -> None:
    """Register the texts of ``game``'s rules (``game=None``: common rules only).

    ``shared=False`` keeps the texts out of the fallback in MESSAGES: a wording only this
    game's params fill, or a scorepad text that is no rule of a verdict. ``names`` and
    ``places`` are the game's entries of GAME_NAMES and GAME_PLACES.
    """
    texts: list[Text | None] = [*catalogue.values(), *(places or {}).values()]
    texts += [text for table in (names or {}).values() for text in table.values()]
    for text in texts:
        if text is not None and not isinstance(text, Text):
            raise TypeError(f"engine texts are N_(...) msgids, not {text!r}")
    if game is None:
        if names or places:
            raise ValueError("names and places belong to a game")
    else:
        GAME_MESSAGES.setdefault(game, {}).update(catalogue)
        GAME_NAMES.setdefault(game, {}).update(names or {})
        GAME_PLACES.setdefault(game, {}).update(places or {})
    if shared:
        for rule, text in catalogue.items():
            MESSAGES.setdefault(rule, text)


def registered_texts() -> Iterator[Text]:
    """Every text registered here: rule messages, names, places, record errors (the
    translations test reads them all; a game's own texts register when it is imported)."""
    yield SEAT_NAME
    yield OR
    yield from RECORD_ERRORS.values()
    yield from MESSAGES.values()
    for catalogue in GAME_MESSAGES.values():
        yield from catalogue.values()
    for names in GAME_NAMES.values():
        for table in names.values():
            yield from table.values()
    for places in (PLACES, *GAME_PLACES.values()):
        yield from (text for text in places.values() if text is not None)


def messages_for(rule: str, game: str | None = None) -> Text | None:
    """The text of ``rule`` in ``game``'s wording, else the common one (None if unknown)."""
    own = GAME_MESSAGES.get(game, {}) if game is not None else {}
    return own.get(rule) or MESSAGES.get(rule)


def seat_name(players: Sequence[str] | None, seat: int | None, lang: str = "en") -> str:
    """The name of ``seat`` in messages: its player's, "Seat 2" without one, "?" for None."""
    if seat is None:
        return "?"
    if players is not None and 0 <= seat < len(players):
        return players[seat]
    return SEAT_NAME.format(lang, number=seat + 1)


@dataclass(frozen=True, slots=True)
class Seat(Localized):
    """A seat's name as a param of a text: the player's, else "Seat 2" / "Platz 2"."""

    players: Sequence[str] | None
    seat: int | None

    def text(self, lang: str = "en") -> str:
        return seat_name(self.players, self.seat, lang)


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
    the catalogue has no such language, the rule's name when there is no text at all."""
    text = messages_for(rule, game)
    if text is None:
        return rule
    params = params or {}
    values = _Blanks(player=seat_name(players, seat, lang), card=card, trick=trick)
    if "holder" in params or "place" in params:
        holder = params.get("holder")
        place = params.get("place", "hand" if holder is not None else None)
        places = GAME_PLACES.get(game, {}) if game is not None else {}
        where = places[place] if place in places else PLACES[place]
        name = seat_name(players, holder, lang)
        values["where"] = "" if where is None else where.format(lang, name=name)
    values.update(localize(params, lang))
    for param, names in (GAME_NAMES.get(game, {}) if game is not None else {}).items():
        if param not in params:
            continue
        value = params[param]
        if isinstance(value, list | tuple):
            values[f"{param}_names"] = ", ".join(names[item].text(lang) for item in value)
        else:
            values[f"{param}_name"] = names[value].text(lang)
    return text.text(lang).format_map(values)


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
    # (``dataclasses.field``: the name ``field`` is the attribute above here.)
    params: dict[str, Any] = dataclasses.field(default_factory=dict)
    game: ClassVar[str | None] = None

    def message(self, lang: str = "en", players: Sequence[str] | None = None) -> str:
        return render(
            self.rule, lang, game=self.game, players=players, seat=self.seat, params=self.params
        )


class _Blanks(dict[str, Any]):
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
        hands: Iterable[Iterable[str]] | None = None,
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
    return {
        "format": FORMAT,
        "game": game,
        "profile": profile,
        "settings": _overrides(settings, profiles[profile]),
        "players": list(players),
    }


# The settings the last record was written for: the settings and the profile, a deep copy of
# each as they were, and the keys the settings changed. A simulation writes thousands of
# records from one dict of settings, and comparing two dicts is C's work, not a loop of ours.
_last_overrides: tuple[Mapping[str, Any], Mapping[str, Any], Any, Any, list[str]] | None = None


def _overrides(settings: Mapping[str, Any], base: Mapping[str, Any]) -> dict[str, Any]:
    """The settings that differ from the profile ``base``, in the order of ``settings``."""
    global _last_overrides
    last = _last_overrides
    if (
        last is not None
        and last[0] is settings
        and last[1] is base
        and settings == last[2]
        and base == last[3]
    ):
        return {key: settings[key] for key in last[4]}
    overrides = {
        key: value for key, value in settings.items() if key in base and base[key] != value
    }
    as_they_were = copy.deepcopy(dict(settings)), copy.deepcopy(dict(base))
    _last_overrides = (settings, base, *as_they_were, list(overrides))
    return overrides


def bot_names(count: int) -> list[str]:
    return list(BOT_NAMES[:count])


def seat_after(seat: int, players: int, steps: int = 1) -> int:
    """The seat ``steps`` places clockwise (to the left) of ``seat``."""
    return (seat + steps) % players


def check_keys(obj: Any, path: str, required: Iterable[str], optional: Iterable[str] = ()) -> None:
    """Reject a value that is no object, and a missing or unknown key: records.md says
    unknown keys are errors."""
    if not isinstance(obj, dict):
        raise RecordError(path or "record", RECORD_ERRORS["not_object"])
    needed, allowed = set(required), set(optional)
    for key in sorted(needed - obj.keys()):
        raise RecordError(_join(path, key), RECORD_ERRORS["required"])
    for key in sorted(obj.keys() - needed - allowed):
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
    size_text: Text = RECORD_ERRORS["hand_size"],
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
