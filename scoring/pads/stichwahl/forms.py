"""Forms of the Stichwahl scorepad: a new table, and one hand's point piles and bonus cards."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from ...rules import stichwahl as rules
from ...rules.stichwahl.scores import HAND_SIZE, card_total
from ..base import EntryForm, RoundRow, choice_field, engine_language, int_field, sentence
from ..tables import TableForm


class StichwahlTableForm(TableForm):
    player_count = 4
    min_players = 2  # only with the variant for two; checked in clean()
    rule_field_names = ("first_leader",)

    two_player_variant = forms.BooleanField(
        label=_("Variant for two (the four 5s removed: 32 cards)"), required=False
    )
    first_hand_leader = forms.TypedChoiceField(
        label=_("Leads the first hand (who last saw a whale)"),
        coerce=int,
        choices=[],  # set per request in __init__, in the user's language
        initial=0,
        widget=forms.RadioSelect(attrs={"data-seat-names": "1"}),
    )
    first_leader = forms.ChoiceField(
        label=_("Who leads first in the following hands?"),
        choices=[
            ("rotate", _("the player left of the previous hand's first leader")),
            ("choose", _("the players choose anew for every hand")),
        ],
        initial="rotate",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first_hand_leader"].choices = [
            (seat, _("Player %(n)s") % {"n": seat + 1}) for seat in range(self.player_count)
        ]

    def clean(self):
        cleaned = super().clean()
        # Seats the players actually took: empty seats close up (see TableForm.clean).
        taken = [
            seat
            for seat in range(self.player_count)
            if (cleaned.get(f"player_{seat}") or "").strip()
        ]
        variant = cleaned.get("two_player_variant")
        if variant and len(taken) != 2:
            self.add_error(
                "two_player_variant",
                _("Variant for two: it is played by exactly 2 players, not %(count)s.")
                % {"count": len(taken)},
            )
        elif not variant and len(taken) == 2:
            self.add_error(
                "player_2",
                _(
                    "Player 3: please enter a name; this game needs 3 or 4 players "
                    "(2 only with the variant for two)."
                ),
            )
        leader = cleaned.get("first_hand_leader")
        if leader is not None and taken:
            if leader in taken:
                cleaned["first_hand_leader_seat"] = taken.index(leader)
            else:
                self.add_error(
                    "first_hand_leader",
                    _("Leads the first hand: player %(n)s has no name; choose one of the players.")
                    % {"n": leader + 1},
                )
        return cleaned


# The engine names a problem's input like "piles[1]"; the form's fields are "pile_1".
ENGINE_FIELDS = {"piles": "pile", "unused_bonus": "unused"}
ENGINE_FIELD = re.compile(r"^(\w+)\[(\d+)\]$")


def form_field_of(engine_field: str) -> str | None:
    match = ENGINE_FIELD.match(engine_field)
    if match and match[1] in ENGINE_FIELDS:
        return f"{ENGINE_FIELDS[match[1]]}_{match[2]}"
    return None  # the whole hand


def count_or_none(value: Any, high: int, empty: str = "") -> int | None:
    """A typed count for the preview; None while it is missing or not a count in range.
    ``empty``: what an empty input stands for ("0" where the form counts it as 0)."""
    text = str(value if value is not None else "").strip() or empty
    if not text.isdecimal() or int(text) > high:
        return None
    return int(text)


def hand_preview(players: Sequence[str], values: Mapping[str, Any]) -> dict:
    """What the typed numbers make, shown while typing: each player's points and the cards
    counted against the deck (the form's checks decide on saving)."""
    seats, cards = [], 0
    for seat, name in enumerate(players):
        pile = count_or_none(values.get(f"pile_{seat}"), rules.card_total(len(players)))
        unused = count_or_none(values.get(f"unused_{seat}"), HAND_SIZE, empty="0")
        cards += (pile or 0) + (unused or 0)
        points = None if pile is None or unused is None else rules.hand_points(pile, unused)
        seats.append({"seat": seat, "name": name, "points": points})
    limit = rules.card_total(len(players))
    return {"seats": seats, "cards": cards, "limit": limit, "over": cards > limit}


def early_end(
    rows: Sequence[RoundRow], number: int, scores: Sequence[int]
) -> tuple[int, int, int] | None:
    """(hand, winner, total) if, with hand ``number`` scored ``scores``, the game would
    already be over after a hand that saved hands follow; None otherwise."""
    by_number = {row.number: row.scores for row in rows if row.complete}
    by_number[number] = list(scores)
    last = max(row.number for row in rows) if rows else number
    totals = [0] * len(scores)
    for hand in sorted(by_number):
        totals = [t + s for t, s in zip(totals, by_number[hand], strict=True)]
        if hand < last and rules.game_over(totals):
            seat = rules.winner(totals)
            return hand, seat, totals[seat]
    return None


class StichwahlEntryForm(EntryForm):
    """One hand: each player's point pile and unused bonus cards (and, when the players
    choose it, who led first)."""

    def __init__(
        self,
        *args,
        round_number: int,
        players: list[str],
        rows: Sequence[RoundRow],
        choose_leader: bool,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.round_number = round_number
        self.players = players
        self.rows = rows
        self.max_pile, self.max_unused = card_total(len(players)), HAND_SIZE
        if choose_leader:
            leader = choice_field(
                _("Led first in hand %(n)s") % {"n": round_number},
                [(str(seat), name) for seat, name in enumerate(players)],
            )
            leader.widget = forms.RadioSelect(choices=leader.choices)
            self.fields["first_leader"] = leader
        for seat, name in enumerate(players):
            self.fields[f"pile_{seat}"] = int_field(
                _("Point pile of %(name)s") % {"name": name}, 0, self.max_pile
            )
        for seat, name in enumerate(players):
            # Most hands end with no bonus card left: an empty input is 0 (as Scharfe
            # Schoten's counts), so nobody types a column of zeros.
            field = int_field(
                _("Unused bonus cards of %(name)s") % {"name": name}, 0, HAND_SIZE, required=False
            )
            field.widget.attrs["placeholder"] = "0"
            self.fields[f"unused_{seat}"] = field

    def seat_rows(self) -> list[dict]:
        """One row per player for the template: both inputs and the points they make."""
        preview = self.preview()
        return [
            {**entry, "pile": self[f"pile_{seat}"], "unused": self[f"unused_{seat}"]}
            for seat, entry in enumerate(preview["seats"])
        ]

    def preview(self) -> dict:
        values = self.data if self.is_bound else self.initial
        return hand_preview(self.players, values)

    def clean(self):
        cleaned = super().clean()
        seats = range(len(self.players))
        piles = [cleaned.get(f"pile_{seat}") for seat in seats]
        if None in piles or any(f"unused_{seat}" in self.errors for seat in seats):
            return cleaned  # the fields already say what is missing or wrong
        for seat in seats:
            cleaned[f"unused_{seat}"] = cleaned.get(f"unused_{seat}") or 0
        unused = [cleaned[f"unused_{seat}"] for seat in seats]
        lang = engine_language()
        for problem in rules.check_hand(piles, unused):
            self.add_error(
                form_field_of(problem.field), sentence(problem.message(lang, self.players))
            )
        if self.errors:
            return cleaned
        self.scores = [rules.hand_points(p, u) for p, u in zip(piles, unused, strict=True)]
        ending = early_end(self.rows, self.round_number, self.scores)
        if ending is not None:
            hand, seat, total = ending
            self.add_error(
                None,
                _(
                    "With these numbers the game would already have ended after hand %(end)s "
                    "(%(name)s alone at the top with %(total)s points), but later hands are "
                    "saved. A correction cannot end the game before hands that were played: "
                    "please check the numbers."
                )
                % {"end": hand, "name": self.players[seat], "total": total},
            )
        return cleaned
