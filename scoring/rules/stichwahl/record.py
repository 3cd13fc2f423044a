"""Reading the Stichwahl keys of a `record/1` and judging its events (verdict/1).

Keys (rules: "Record format"): ``deck`` (``"<id>@<version>"``), ``trump``
(``{"family": "N", "marker": 9}`` at the start of the hand), ``first_bonus`` (a card per
seat), ``start`` (the first leader) and ``events`` (the hand in order; see state.py).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..core import (
    RECORD_ERRORS,
    RecordError,
    Verdict,
    check_dealt_hands,
    check_keys,
    require_int,
    require_str_list,
)
from ..i18n import N_
from .deck import FAMILIES, Deck, resolve_deck
from .scores import HAND_SIZE
from .state import ActionError, State, action_kind
from .tricks import HIGH, LOW

RECORD_KEYS = ("deck", "trump", "first_bonus", "start", "events")
RECORD_OPTIONAL_KEYS = ()
# Keyword arguments of records.verify that verify_record takes.
VERIFY_OPTIONS = ("decks",)

# Checks that need the hands. The draw pile's order is never needed: its cards only ever
# go face down to a point pile, so the engine counts them and does not name them.
NEEDS_HANDS = ("card_not_in_hand", "first_bonus_not_in_hand", "follow_suit")


def read_deck(value: Any, decks: Iterable[Deck | Mapping[str, Any]]) -> Deck:
    if not isinstance(value, str):
        raise RecordError("deck", N_('must name a deck as "<id>@<version>"'))
    try:
        return resolve_deck(value, decks)
    except KeyError as known:
        unknown = N_("unknown deck {deck!r} (known: {known})")
        raise RecordError("deck", unknown, deck=value, known=known.args[0]) from None


def read_trump(value: Any) -> tuple[str, int]:
    check_keys(value, "trump", ("family", "marker"))
    if value["family"] not in FAMILIES:
        raise RecordError("trump.family", N_("must be a family: O, P, N or B"))
    marker = value["marker"]
    if isinstance(marker, bool) or marker not in (HIGH, LOW):
        sides = N_("must be 9 (highest card wins) or 1 (lowest wins)")
        raise RecordError("trump.marker", sides)
    return value["family"], marker


def read_hands(value: list[list[str]], game_cards: Iterable[str]) -> list[list[str]]:
    """Hands of 9 cards, made of this game's cards, each card dealt once."""
    check_dealt_hands(value, set(game_cards), HAND_SIZE)
    return value


def read_first_bonus(value: Any, players: int, game_cards: Iterable[str]) -> list[str]:
    """One card per seat in seat order; fewer in a record that stops while they are being
    laid out (``verify_record`` checks that no event follows then)."""
    cards = require_str_list(value, "first_bonus")
    if len(cards) > players:
        raise RecordError("first_bonus", RECORD_ERRORS["entries"], length=players)
    game_cards = set(game_cards)
    for seat, card in enumerate(cards):
        if card not in game_cards:
            raise RecordError(f"first_bonus[{seat}]", RECORD_ERRORS["not_a_card"], card=card)
        if card in cards[:seat]:
            twice = N_("{card} is laid out twice")
            raise RecordError(f"first_bonus[{seat}]", twice, card=card)
    return cards


def read_events(value: Any) -> list[dict[str, Any]]:
    if not isinstance(value, list):
        raise RecordError("events", N_("must be a list of events"))
    for index, event in enumerate(value):
        try:
            kind = action_kind(event)
        except ActionError as error:
            raise _event_error(index, error) from None
        if kind == "first_bonus":
            belong = N_("first bonus cards belong in first_bonus")
            raise RecordError(f"events[{index}]", belong)
    return value


def _event_error(index: int, error: ActionError) -> RecordError:
    key = f"events[{index}]" + (f".{error.field}" if error.field else "")
    return RecordError(key, error.template, **error.params)


def verify_record(
    record: dict[str, Any],
    settings: dict[str, Any],
    *,
    decks: Iterable[Deck | Mapping[str, Any]] = (),
) -> Verdict:
    """Judge a record whose common keys ``records.read`` has already checked. A record
    whose ``first_bonus`` is still short (and has no events) is incomplete: ``to_play`` is
    the seat to lay out its first bonus card next.

    ``decks`` are further decks (Deck objects or definition dicts, e.g. organizer-edited
    ones from the database) that the record's ``deck`` may name besides the default.
    ``settings`` do not change a single hand's verdict: ``first_leader`` only says who
    leads the next hand, and ``equal_cards`` has the one value ``earlier_wins``.
    """
    names = record["players"]
    players = len(names)
    deck = read_deck(record["deck"], decks)
    game_cards = deck.codes(players)
    trump, marker = read_trump(record["trump"])
    start = require_int(record["start"], "start", 0, players - 1)
    first_bonus = read_first_bonus(record["first_bonus"], players, game_cards)
    events = read_events(record["events"])
    if len(first_bonus) < players and events:
        short = N_("has {count} of {players} cards, but the events go on")
        raise RecordError("first_bonus", short, count=len(first_bonus), players=players)
    hands = read_hands(record["hands"], game_cards) if "hands" in record else None

    state = State(deck, trump, marker, start, hands, players=players, names=names)
    violations = []
    for card in first_bonus:
        violations += state.play({"first_bonus": card}, strict=False)
    for index, event in enumerate(events):
        try:
            violations += state.play(event, strict=False)
        except ActionError as error:
            raise _event_error(index, error) from None
    return Verdict(
        players=list(names),
        complete=state.is_over,
        to_play=state.to_play,
        tricks=state.trick_list(),
        result=state.result(),
        violations=violations,
        checks_skipped=list(NEEDS_HANDS) if hands is None else [],
    )
