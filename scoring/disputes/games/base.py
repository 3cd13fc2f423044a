"""What every game's dispute adapter provides: the deal's setup, hands, actions and the board.

A dispute's ``draft`` (``Dispute.draft``) is a record/1 in pieces, so that it can be half
entered on a phone:

- ``players``, ``profile``, ``settings``: the record's common keys (from the table);
- ``setup``: the game's own keys except the actions (dealer, contract, bids, …); a value of
  ``None`` is a fact the arbiter still has to give;
- ``hands``: the dealt hands as far as picked (they go into the record once all are full);
- ``actions``: what happened, in order, as short strings (``"EA"``, ``"pick:R"``,
  ``"bonus:P3:O"``); the adapter turns them into the record's ``plays``/``events``.

An adapter is the only place that knows a game's engine State; the views, the board and the
replay speak to the adapter.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from django.utils.translation import gettext as _

from ...pads import get_pad
from ...rules import get_game
from ...rules.core import FORMAT
from ...rules.records import profile_settings


@dataclass
class Option:
    """One tap on the board: the encoded action, what the button shows, and whether the
    rules allow it (an illegal option is greyed out but can still be recorded)."""

    action: str
    label: str
    legal: bool = True
    css: str = ""


@dataclass
class OptionGroup:
    title: str
    options: list[Option]
    # Folded away: cards nobody expects (another player's card, a card nobody holds).
    folded: bool = False
    # Buttons with words (a bonus use, a colour, a player) get wider cells than card codes.
    wide: bool = False


@dataclass
class Column:
    """One per-seat value of a result or a replay step (header and the values per seat)."""

    title: str
    values: list[Any]
    css: str = ""


@dataclass
class ResultView:
    facts: list[tuple[str, str]] = field(default_factory=list)
    columns: list[Column] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


class SetupIncomplete(Exception):
    """The deal lacks facts (``missing`` names them) before a card can be tapped."""

    def __init__(self, missing: list[str]):
        super().__init__(", ".join(missing))
        self.missing = missing


class GameAdapter:
    game: str
    # The record keys the actions fill, in the order the record lists them.
    action_keys: tuple[str, ...] = ("plays",)
    # The game's own setup keys in the order the engine writes them.
    setup_keys: tuple[str, ...] = ()

    def resolved(self, draft: dict) -> dict:
        """The engine's settings of the draft: its profile with the table's overrides."""
        return profile_settings(get_game(self.game), draft["profile"], draft["settings"])

    # --- cards -----------------------------------------------------------------------------
    def deck(self, draft: dict) -> list[str]:
        """Every card of the pack, in the order the picker shows them."""
        raise NotImplementedError

    def hand_size(self, draft: dict) -> int:
        raise NotImplementedError

    def out_of_hands(self, draft: dict) -> dict[str, str]:
        """Cards known to be in nobody's hand (card → why), e.g. Schatzsuche's trump card."""
        return {}

    def suit(self, card: str) -> str:
        """The letter the card's colour class uses (its suit, colour or family)."""
        return card[:1]

    def not_a_card(self, draft: dict, code: str) -> str | None:
        """Why ``code`` is no card of this draft's pack, where the game knows better than "no
        card of this game" (Schafkopf's short deck leaves out cards of the long one)."""
        return None

    def card_css(self, card: str) -> str:
        return f"card g-{self.game} s-{self.suit(card)}"

    def card_option(self, card: str, legal: bool = True, action: str | None = None) -> Option:
        return Option(action or card, card, legal, self.card_css(card))

    def normalise_card(self, draft: dict, text: str) -> str | None:
        """A typed card as its code (case does not matter), or None when it is no card."""
        by_upper = {card.upper(): card for card in self.deck(draft)}
        return by_upper.get(text.strip().upper())

    # --- setup -------------------------------------------------------------------------------
    def setup_form(self, draft: dict, data=None):
        raise NotImplementedError

    def setup_from_form(self, draft: dict, form) -> dict:
        raise NotImplementedError

    def missing_setup(self, draft: dict) -> list[str]:
        """Labels of the facts still to give; empty when the board can start."""
        return []

    def setup_facts(self, draft: dict) -> list[tuple[str, str]]:
        """(label, value) pairs that describe the deal, for the dispute page."""
        return []

    def fixed_facts(self, draft: dict) -> dict[str, Any]:
        """Setup keys the sheet decides (dealer, round, start): a pasted record must agree."""
        return {}

    # --- actions and the record --------------------------------------------------------------
    def action_lists(self, draft: dict) -> dict[str, list]:
        """The record's action keys (``plays`` …) from the draft's actions."""
        return {"plays": list(draft["actions"])}

    def actions_from_record(self, record: dict) -> list[str]:
        return list(record.get("plays") or [])

    def build_record(self, draft: dict, *, with_hands: bool = True) -> dict:
        """The record/1 of a draft, keys in the engine's order; hands only once all are full."""
        record = {
            "format": FORMAT,
            "game": self.game,
            "profile": draft["profile"],
            "settings": dict(draft["settings"]),
            "players": list(draft["players"]),
        }
        setup = draft["setup"]
        for key in self.setup_keys:
            if key in setup:
                record[key] = setup[key]
        if with_hands and self.hands_complete(draft):
            record["hands"] = [list(hand) for hand in draft["hands"]]
        record.update(self.action_lists(draft))
        return record

    def hands_complete(self, draft: dict) -> bool:
        hands = draft.get("hands") or []
        size = self.hand_size(draft)
        return len(hands) == len(draft["players"]) and all(len(h) == size for h in hands)

    def decode(self, action: str) -> Any:
        return action

    def is_action(self, draft: dict, action: str) -> bool:
        """Whether a posted action is one of this game's taps (a card of the pack …)."""
        return action in self.deck(draft)

    # --- the State -----------------------------------------------------------------------------
    def new_state(self, draft: dict, settings: dict):
        """The engine State before the first action (hands when complete, else None)."""
        raise NotImplementedError

    def played_cards(self, state) -> set[str]:
        return set(state.ledger.played_in)

    def hand_of(self, state, seat: int) -> list[str] | None:
        hand = state.hand(seat)
        return None if hand is None else self.sorted_cards(hand)

    def sorted_cards(self, cards) -> list[str]:
        order = {card: index for index, card in enumerate(self.deck_order())}
        return sorted(cards, key=lambda card: order.get(card, len(order)))

    def deck_order(self) -> list[str]:
        raise NotImplementedError

    def is_over(self, state) -> bool:
        return state.is_over

    def completed_tricks(self, state) -> int:
        return len(state.tricks) - (1 if state.tricks and state.tricks[-1]["winner"] is None else 0)

    def trick_list(self, state) -> list[dict]:
        return state.tricks

    def tricks_in_round(self, draft: dict) -> int:
        raise NotImplementedError

    def prompt(self, state, names: list[str]) -> str:
        seat = state.to_play
        if seat is None:
            return _("The round is complete.")
        return _("%(name)s plays a card.") % {"name": names[seat]}

    def options(self, state, draft: dict) -> list[OptionGroup]:
        """The board's buttons for the seat to act: its hand (legal ones highlighted), the
        other cards still out (folded away), or all cards not yet played without hands."""
        seat = state.to_play
        if seat is None:
            return []
        played = self.played_cards(state)
        legal = set(state.legal_plays())
        hand = self.hand_of(state, seat)
        # This deal's pack (a short deck has fewer cards), in the order the picker shows.
        pack = self.sorted_cards(self.deck(draft))
        if hand is None:
            cards = [card for card in pack if card not in played]
            return [OptionGroup(_("Card played"), [self.card_option(c, c in legal) for c in cards])]
        others = [c for c in pack if c not in played and c not in hand]
        return [
            OptionGroup(
                _("Hand of %(name)s") % {"name": draft["players"][seat]},
                [self.card_option(card, card in legal) for card in hand],
            ),
            OptionGroup(
                _("A card this player did not hold"),
                [self.card_option(card, False) for card in others],
                folded=True,
            ),
        ]

    def running(self, state, draft: dict) -> ResultView:
        """What the replay shows after each trick: the running totals per seat."""
        raise NotImplementedError

    def result_view(self, result: dict, draft: dict) -> ResultView:
        raise NotImplementedError

    def trick_extras(self, index: int, trick: dict, draft: dict) -> list[str]:
        """Lines of a trick besides its cards (cupboard pick, bonus uses, premium card)."""
        return []

    def record_prefill(self, table, row) -> dict:
        """The record keys of round ``row`` as far as the sheet knows them (default: the
        pad's ``record_prefill``)."""
        return get_pad(self.game).record_prefill(table, row)

    def data_from_verdict(self, table, row, record: dict, verdict: dict, apply_as=None) -> dict:
        """The round's data for the verdict (default: the pad's ``data_from_verdict``; a game
        whose sheet data is a fixed contract, such as Skat's, writes it here)."""
        pad = get_pad(self.game)
        if apply_as is None:
            return pad.data_from_verdict(table, row, record, verdict)
        return pad.data_from_verdict(table, row, record, verdict, apply_as=apply_as)

    def sheet_data(self, data: dict) -> dict:
        """The pad's ``data_from_verdict`` as its entry form takes it, where the pad does
        not yet know every game the engine judges (default: unchanged)."""
        return data

    def deciding_trick(self, result: dict, draft: dict) -> tuple[int, str] | None:
        """The trick (1-based) that decided the round, with the line that says so, where one
        trick decides it (a Bettel is lost with the declarer's first trick); else None."""
        return None

    def leader_note(self, trick: dict, following: dict, names: list[str]) -> str | None:
        """A line on who leads the trick after ``trick`` when it is not its winner."""
        return None

    def board_facts(self, state, draft: dict) -> list[tuple[str, str]]:
        """What the arbiter needs in view while tapping (trump as it stands now, …)."""
        return []


def seat_choices(names: list[str], *, empty: str | None = None) -> list[tuple[str, str]]:
    choices = [(str(seat), name) for seat, name in enumerate(names)]
    return [("", empty), *choices] if empty is not None else choices
