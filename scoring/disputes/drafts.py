"""A dispute's draft record: prefilled from the sheet, changed tap by tap, judged by the engine.

Everything here is a pure function of a draft (see games/base.py for its shape); nothing
touches the database. Bad input raises ``DraftError`` with messages in the user's language
that name what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from ..models import Game
from ..pads.base import engine_language
from ..rules import get_game, jsontext, records
from ..rules.core import FORMAT, IllegalPlay, RecordError, Verdict, Violation
from .games import get_adapter
from .games.base import GameAdapter, ResultView, SetupIncomplete


class DraftError(ValueError):
    """Input that cannot go into the draft; ``messages`` say why, one line each."""

    def __init__(self, messages: list[str]):
        super().__init__("; ".join(messages))
        self.messages = messages


# --- a new draft ---------------------------------------------------------------------------
def table_rules(table) -> tuple[str, dict]:
    """The record's ``profile`` and ``settings`` for a table: the named profile it was made
    from (a custom profile is ``<preset>+custom``) and the frozen settings that differ."""
    game = get_game(table.game)
    profile = table.profile_name.partition("+")[0]
    if profile not in game.PROFILES:
        profile = game.DEFAULT_PROFILE
    defaults = game.PROFILES[profile]
    # A table keeps the profile it was made with: one stored before a setting was renamed
    # (Schafkopf's ramsch_jungfrau_doubles) says it under the old name, which no record
    # knows, so it is read as today's settings first or the record would lose it.
    upgrade = getattr(game, "current_profile", None)
    stored = upgrade(table.profile) if upgrade else table.profile
    overrides = {
        key: value for key, value in stored.items() if key in defaults and defaults[key] != value
    }
    return profile, overrides


def new_draft(table, row) -> dict:
    """The draft of round ``row`` as the sheet has it (the pad's ``record_prefill``)."""
    adapter = get_adapter(table.game)
    prefill = dict(adapter.record_prefill(table, row))
    players = prefill.pop("players")
    for key in adapter.action_keys:
        prefill.pop(key, None)
    profile, settings = table_rules(table)
    return {
        "players": players,
        "profile": profile,
        "settings": settings,
        "setup": prefill,
        "hands": [[] for _ in players],
        "actions": [],
    }


def changed(draft: dict, **parts: Any) -> dict:
    return {**draft, **parts}


# --- walking the draft with the engine -----------------------------------------------------
@dataclass
class Walk:
    """The State after the draft's actions, and the running totals after each trick."""

    state: Any
    steps: list[ResultView] = field(default_factory=list)
    # The cards each player still held after each trick (None per step without hands).
    hands_after: list[list[list[str]] | None] = field(default_factory=list)
    violations: list[Violation] = field(default_factory=list)


def walk(adapter: GameAdapter, draft: dict, actions: list[str] | None = None) -> Walk:
    """Replay the actions on a fresh State; SetupIncomplete while facts are missing."""
    missing = adapter.missing_setup(draft)
    if missing:
        raise SetupIncomplete(missing)
    state = adapter.new_state(draft, adapter.resolved(draft))
    result = Walk(state)
    for action in draft["actions"] if actions is None else actions:
        result.violations += state.play(adapter.decode(action), strict=False)
        while len(result.steps) < adapter.completed_tricks(state):
            result.steps.append(adapter.running(state, draft))
            result.hands_after.append(remaining_hands(adapter, state, len(draft["players"])))
    return result


def remaining_hands(adapter: GameAdapter, state, players: int) -> list[list[str]] | None:
    hands = [adapter.hand_of(state, seat) for seat in range(players)]
    return None if hands[0] is None else hands


def verdict_of(adapter: GameAdapter, draft: dict) -> Verdict | None:
    """The engine's verdict of the draft's record (exactly what ``manage.py verify`` says),
    or None while the record cannot be read yet (facts of the deal missing)."""
    if adapter.missing_setup(draft):
        return None
    return records.verify(adapter.build_record(draft))


def record_text(adapter: GameAdapter, draft: dict) -> str:
    return records.dumps(adapter.build_record(draft))


# --- taps on the board -----------------------------------------------------------------------
def add_action(adapter: GameAdapter, draft: dict, action: str) -> dict:
    """The draft with one more action; the engine records it whatever the rules say, but
    refuses what cannot happen at all (a card after the last trick, a colour instead of a
    card)."""
    if not adapter.is_action(draft, action):
        why = adapter.not_a_card(draft, action)
        raise DraftError(
            [why or _("%(action)s is no card or move of this game.") % {"action": action}]
        )
    state = walk(adapter, draft).state
    if state.to_play is None:
        raise DraftError([_("The round is complete: nothing more can be recorded.")])
    try:
        state.copy().play(adapter.decode(action), strict=False)
    except (IllegalPlay, ValueError, KeyError, TypeError):
        raise DraftError(
            [_("%(action)s cannot be recorded at this point.") % {"action": action}]
        ) from None
    return changed(draft, actions=[*draft["actions"], action])


def undo(draft: dict) -> dict:
    if not draft["actions"]:
        raise DraftError([_("Nothing to undo: no card has been recorded yet.")])
    return changed(draft, actions=draft["actions"][:-1])


# --- hands -----------------------------------------------------------------------------------
def holder_of(draft: dict, card: str) -> int | None:
    return next((seat for seat, hand in enumerate(draft["hands"]) if card in hand), None)


def tap_hand_card(adapter: GameAdapter, draft: dict, seat: int, card: str) -> dict:
    """Put ``card`` into the hand of ``seat``, or take it out again if it is there."""
    names = draft["players"]
    if not 0 <= seat < len(names):
        raise DraftError([_("There is no such player at this table.")])
    if card not in adapter.deck(draft):
        raise DraftError([no_card(adapter, draft, card)])
    hands = [list(hand) for hand in draft["hands"]]
    if card in hands[seat]:
        hands[seat].remove(card)
        return changed(draft, hands=hands)
    why = adapter.out_of_hands(draft).get(card)
    if why:
        raise DraftError(
            [_("%(card)s is %(why)s, so nobody holds it.") % {"card": card, "why": why}]
        )
    holder = holder_of(draft, card)
    if holder is not None:
        raise DraftError(
            [
                _("%(card)s is already in the hand of %(name)s; tap it there to take it out.")
                % {"card": card, "name": names[holder]}
            ]
        )
    size = adapter.hand_size(draft)
    if len(hands[seat]) >= size:
        raise DraftError(
            [
                _("%(name)s already holds %(size)s cards; a hand has %(size)s.")
                % {"name": names[seat], "size": size}
            ]
        )
    hands[seat] = adapter.sorted_cards([*hands[seat], card])
    return changed(draft, hands=hands)


def no_card(adapter: GameAdapter, draft: dict, card: str) -> str:
    return adapter.not_a_card(draft, card) or _("%(card)s is not a card of this game.") % {
        "card": card
    }


def cards_left(adapter: GameAdapter, draft: dict) -> list[str]:
    """Cards in no hand yet (and not known to lie elsewhere, such as a turned trump card)."""
    placed = {card for hand in draft["hands"] for card in hand}
    placed |= set(adapter.out_of_hands(draft))
    return [card for card in adapter.deck(draft) if card not in placed]


def rest_fills_last_hand(adapter: GameAdapter, draft: dict) -> int | None:
    """The seat whose hand the cards left would fill exactly (the last hand of a pack that
    is dealt out completely), or None."""
    size = adapter.hand_size(draft)
    short = [seat for seat, hand in enumerate(draft["hands"]) if len(hand) < size]
    if len(short) != 1:
        return None
    seat = short[0]
    left = cards_left(adapter, draft)
    return seat if len(left) == size - len(draft["hands"][seat]) else None


def fill_last_hand(adapter: GameAdapter, draft: dict) -> dict:
    seat = rest_fills_last_hand(adapter, draft)
    if seat is None:
        raise DraftError([_("The cards left do not make up exactly one hand.")])
    hands = [list(hand) for hand in draft["hands"]]
    hands[seat] = adapter.sorted_cards([*hands[seat], *cards_left(adapter, draft)])
    return changed(draft, hands=hands)


def split_cards(text: str) -> list[str]:
    return [part for part in text.replace(",", " ").replace(";", " ").split() if part]


def parse_hands(adapter: GameAdapter, draft: dict, texts: list[str]) -> list[list[str]]:
    """Typed hands (one text per player, cards separated by spaces or commas) as card codes;
    DraftError naming every card that is no card of this game."""
    names = draft["players"]
    hands, problems = [], []
    for name, text in zip(names, texts, strict=True):
        hand = []
        for word in split_cards(text):
            code = adapter.normalise_card(draft, word)
            if code is None:
                problems.append(named(name, no_card(adapter, draft, word)))
            else:
                hand.append(code)
        hands.append(hand)
    problems += hand_problems(adapter, draft, hands, partial=True)
    if problems:
        raise DraftError(problems)
    return [adapter.sorted_cards(hand) for hand in hands]


def named(name: str, problem: str) -> str:
    """A problem of one player's hand, with his name in front."""
    return _("%(name)s: %(problem)s") % {"name": name, "problem": problem}


def hand_problems(
    adapter: GameAdapter, draft: dict, hands: list[list[str]], *, partial: bool = False
) -> list[str]:
    """What is wrong with dealt hands: a card dealt twice, a card that is no card of this
    game or lies elsewhere, a hand of the wrong size (``partial``: an empty hand is fine, it
    is simply not known yet)."""
    names = draft["players"]
    deck = set(adapter.deck(draft))
    out = adapter.out_of_hands(draft)
    size = adapter.hand_size(draft)
    problems = []
    dealt_to: dict[str, int] = {}
    for seat, (name, hand) in enumerate(zip(names, hands, strict=True)):
        for card in hand:
            values = {"name": name, "card": card}
            if card not in deck:
                problems.append(named(name, no_card(adapter, draft, card)))
            elif card in dealt_to and dealt_to[card] == seat:
                problems.append(_("%(name)s: %(card)s is in this hand twice.") % values)
            elif card in dealt_to:
                values["other"] = names[dealt_to[card]]
                problems.append(
                    _("%(card)s is dealt twice: to %(other)s and to %(name)s.") % values
                )
            elif card in out:
                values["why"] = out[card]
                problems.append(_("%(name)s: %(card)s is %(why)s, not in a hand.") % values)
            dealt_to.setdefault(card, seat)
    for name, hand in zip(names, hands, strict=True):
        if len(hand) != size and not (partial and not hand):
            problems.append(
                ngettext(
                    "%(name)s: %(count)s card, but a hand has %(size)s.",
                    "%(name)s: %(count)s cards, but a hand has %(size)s.",
                    len(hand),
                )
                % {"name": name, "count": len(hand), "size": size}
            )
    return problems


# --- a pasted or uploaded record ---------------------------------------------------------------
SEAT_KEYS = ("dealer", "leader", "start")
FACT_LABELS = {
    "dealer": gettext_lazy("Dealer"),
    "leader": gettext_lazy("Leads first"),
    "start": gettext_lazy("Start player"),
    "round": gettext_lazy("Round"),
}


def draft_from_text(adapter: GameAdapter, draft: dict, text: str) -> dict:
    """A draft from a pasted `record/1` of this round; DraftError naming what is wrong."""
    try:
        record = jsontext.loads(text)
    except jsontext.TooDeep as error:
        raise DraftError(
            [
                _(
                    "The text is nested %(depth)s levels deep; a record has at most "
                    "%(limit)s (it is no game record)."
                )
                % {"depth": error.depth, "limit": error.limit}
            ]
        ) from None
    except ValueError as error:
        line, column = getattr(error, "lineno", 1), getattr(error, "colno", 1)
        raise DraftError(
            [
                _("The text is not readable JSON (line %(line)s, column %(column)s).")
                % {"line": line, "column": column}
            ]
        ) from None
    if not isinstance(record, dict):
        raise DraftError([_('A record is one JSON object: { "format": "record/1", … }.')])
    check_head(adapter, draft, record)
    return draft_from_record(adapter, draft, record)


def check_head(adapter: GameAdapter, draft: dict, record: dict) -> None:
    if record.get("format") != FORMAT:
        raise DraftError([_('This is no game record: "format" must be "record/1".')])
    game = record.get("game")
    if game != adapter.game:
        labels = dict(Game.choices)
        raise DraftError(
            [
                _("This is a record of %(game)s, but this table plays %(table)s.")
                % {"game": labels.get(game, game), "table": labels[adapter.game]}
            ]
        )
    names = draft["players"]
    players = record.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise DraftError([_('"players" must list the player names in seat order.')])
    strangers = [name for name in players if name not in names]
    if strangers:
        raise DraftError(
            [
                _("%(name)s is not one of the players here (players: %(names)s).")
                % {"name": name, "names": ", ".join(names)}
                for name in strangers
            ]
        )
    if players != names:
        raise DraftError(
            [
                _("The players must be listed as at the table, in seat order: %(names)s.")
                % {"names": ", ".join(names)}
            ]
        )
    check_rules(adapter, draft, record)
    problems = []
    for key, expected in adapter.fixed_facts(draft).items():
        value = record.get(key)
        if value != expected:
            problems.append(
                _("%(fact)s: the record has %(value)s, the sheet %(expected)s.")
                % {
                    "fact": FACT_LABELS[key],
                    "value": seat_text(names, key, value),
                    "expected": seat_text(names, key, expected),
                }
            )
    hands = record.get("hands")
    if hands is not None:
        if not is_list_of_hands(hands, len(names)):
            problems.append(_('"hands" must hold one list of cards per player.'))
        else:
            problems += hand_problems(adapter, draft, hands)
    if problems:
        raise DraftError(problems)


def is_list_of_hands(hands: Any, players: int) -> bool:
    return (
        isinstance(hands, list)
        and len(hands) == players
        and all(isinstance(hand, list) for hand in hands)
        and all(isinstance(card, str) for hand in hands for card in hand)
    )


def seat_text(names: list[str], key: str, value: Any) -> str:
    if value is None:
        return "–"
    if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < len(names):
        return names[value]
    return str(value)


def check_rules(adapter: GameAdapter, draft: dict, record: dict) -> None:
    """A record without rules plays the table's; one that names other rules is refused,
    since its verdict could not be applied to this table."""
    if "profile" not in record and "settings" not in record:
        record["profile"], record["settings"] = draft["profile"], dict(draft["settings"])
        return
    try:
        settings = records.resolve_settings(get_game(adapter.game), record)
    except RecordError as error:
        raise DraftError([unreadable(error)]) from None
    table_settings = adapter.resolved(draft)
    differing = sorted(key for key in table_settings if settings.get(key) != table_settings[key])
    if differing:
        raise DraftError(
            [
                _("The record's rules differ from this table's: %(keys)s.")
                % {
                    "keys": ", ".join(
                        f"{key} ({settings.get(key)} ≠ {table_settings[key]})" for key in differing
                    )
                }
            ]
        )


def unreadable(error: RecordError) -> str:
    # The engine words its common record errors in German too; the key says where.
    return _("The record cannot be read: %(key)s – %(detail)s") % {
        "key": error.key,
        "detail": error.text(engine_language()),
    }


def draft_from_record(adapter: GameAdapter, draft: dict, record: dict) -> dict:
    try:
        verdict = records.verify(record)
    except RecordError as error:
        raise DraftError([unreadable(error)]) from None
    hands = record.get("hands") or [[] for _ in draft["players"]]
    new = {
        "players": list(record["players"]),
        "profile": record.get("profile", draft["profile"]),
        "settings": dict(record.get("settings") or {}),
        "setup": {key: record[key] for key in adapter.setup_keys if key in record},
        "hands": [adapter.sorted_cards(hand) for hand in hands],
        "actions": adapter.actions_from_record(record),
    }
    # The draft must say exactly what the record says (a safety net for the adapters).
    if verdict_of(adapter, new).to_json() != verdict.to_json():
        raise DraftError([_("This record cannot be taken over unchanged.")])
    return new
