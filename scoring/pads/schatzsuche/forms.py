"""Forms of the Schatzsuche scorepad: starting a table and entering a round."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ...rules import schatzsuche as rules
from ..base import EntryForm, choice_field, int_field
from ..tables import TableForm
from .cards import RANK_CHOICES, SUIT_CHOICES


class SchatzsucheTableForm(TableForm):
    player_count = 3
    rule_field_names = (
        "dealer_tie",
        "dealer_by",
        "golden_both",
        "farbkarten",
        "trump_duty",
        "bid_sum_not_round",
    )
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"),
        coerce=int,
        choices=[(0, _("Player 1")), (1, _("Player 2")), (2, _("Player 3"))],
        initial=0,
        widget=forms.RadioSelect(attrs={"data-seat-names": "1"}),
    )
    dealer_tie = forms.ChoiceField(
        label=_("Two share the lead: who deals?"),
        choices=[
            ("fewest", _("the player with the fewest points (rulebook)")),
            ("previous_dealer", _("the previous dealer")),
        ],
        initial="fewest",
    )
    dealer_by = forms.ChoiceField(
        label=_("Next dealer decided by"),
        choices=[("total", _("running totals (rulebook)")), ("round", _("the round's score"))],
        initial="total",
    )
    golden_both = forms.ChoiceField(
        label=_("Golden card, suit and rank right"),
        choices=[
            ("160", _("160 points in all (rulebook)")),
            ("sum", _("220 points (20 + 40 + 160)")),
        ],
        initial="160",
    )
    farbkarten = forms.BooleanField(
        label=_("Penalty of 30 points per revoke (Farbkarten)"), required=False, initial=True
    )
    # Matters when a dispute checks the cards; the scorepad itself never sees them.
    trump_duty = forms.ChoiceField(
        label=_("A player without the led suit must trump"),
        choices=[
            ("unless_trick_trumped", _("unless the trick already holds a trump (rulebook)")),
            ("always", _("always, even when the trick already holds a trump")),
        ],
        initial="unless_trick_trumped",
        required=False,  # a form from before this rule was offered means the rulebook's
    )
    bid_sum_not_round = forms.BooleanField(
        label=_("The bids together may not equal the number of cards (the dealer adjusts)"),
        required=False,
        initial=False,
    )

    def clean_trump_duty(self):
        return self.cleaned_data["trump_duty"] or "unless_trick_trumped"


class SchatzsucheEntryForm(EntryForm):
    def __init__(self, *args, round_number: int, players: list[str], settings: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.round_number = r = round_number
        self.players = players
        self.settings = settings
        if r == rules.ROUNDS:
            for seat, name in enumerate(players):
                self.fields[f"guess_suit_{seat}"] = choice_field(
                    _("Golden card guess of %(name)s (suit)") % {"name": name}, SUIT_CHOICES
                )
                self.fields[f"guess_rank_{seat}"] = choice_field(
                    _("Golden card guess of %(name)s (rank)") % {"name": name}, RANK_CHOICES
                )
        # Round 10's announcements come before the deal, so they may be saved before the bids.
        for seat, name in enumerate(players):
            self.fields[f"bid_{seat}"] = int_field(
                _("Bid of %(name)s") % {"name": name}, 0, r, required=r != rules.ROUNDS
            )
        for seat, name in enumerate(players):
            self.fields[f"tricks_{seat}"] = int_field(
                _("Tricks of %(name)s") % {"name": name}, 0, r, required=False
            )
        if settings.get("farbkarten", True):
            for seat, name in enumerate(players):
                self.fields[f"penalty_{seat}"] = int_field(
                    _("Revokes of %(name)s") % {"name": name}, 0, r, required=False
                )
        self.fields["trump"] = choice_field(_("Trump suit"), SUIT_CHOICES, required=False)
        if r == rules.ROUNDS:
            self.fields["golden_suit"] = choice_field(
                _("Golden card (suit)"), SUIT_CHOICES, required=False
            )
            self.fields["golden_rank"] = choice_field(
                _("Golden card (rank)"), RANK_CHOICES, required=False
            )

    def seat_fields(self, prefix: str):
        """(name, bound field) pairs of a per-seat field group, for the template."""
        return [
            (name, self[f"{prefix}_{seat}"])
            for seat, name in enumerate(self.players)
            if f"{prefix}_{seat}" in self.fields
        ]

    def bid_fields(self):
        return self.seat_fields("bid")

    def trick_fields(self):
        return self.seat_fields("tricks")

    def penalty_fields(self):
        return self.seat_fields("penalty")

    def more_has_errors(self) -> bool:
        """Whether the folded-away part (trump, revokes) holds an error and must open."""
        return any(
            name in self.errors
            for name in self.fields
            if name == "trump" or name.startswith("penalty_")
        )

    def guess_fields(self):
        return [
            (name, self[f"guess_suit_{seat}"], self[f"guess_rank_{seat}"])
            for seat, name in enumerate(self.players)
            if f"guess_suit_{seat}" in self.fields
        ]

    def clean(self):
        cleaned = super().clean()
        r = self.round_number
        bids = [cleaned.get(f"bid_{seat}") for seat in range(len(self.players))]
        self.bids_given = self._check_bids_given(bids)
        if self.settings.get("bid_sum_not_round") and None not in bids and sum(bids) == r:
            self.add_error(
                None,
                _("Bids: together they may not be %(r)s in this profile (round %(r)s).") % {"r": r},
            )
        tricks = [cleaned.get(f"tricks_{seat}") for seat in range(len(self.players))]
        given = [t is not None for t in tricks]
        if any(given) and not all(given):
            for seat, name in enumerate(self.players):
                if tricks[seat] is None and f"tricks_{seat}" not in self.errors:
                    self.add_error(
                        f"tricks_{seat}",
                        _(
                            "Tricks of %(name)s: enter the tricks of all players, or of none "
                            "while the round is still being played."
                        )
                        % {"name": name},
                    )
        elif all(given) and sum(tricks) != r:
            self.add_error(
                None,
                _(
                    "Tricks: together they must be %(r)s in round %(r)s (one per card each "
                    "player holds); entered: %(sum)s."
                )
                % {"r": r, "sum": sum(tricks)},
            )
        if r == rules.ROUNDS:
            golden = (cleaned.get("golden_suit"), cleaned.get("golden_rank"))
            if any(golden) and not all(golden):
                self.add_error(
                    "golden_rank" if golden[0] else "golden_suit",
                    _("Golden card: choose both its suit and its rank."),
                )
            elif all(given) and not all(golden):
                self.add_error(
                    "golden_suit",
                    _(
                        "Golden card: round 10 is complete only with the revealed golden "
                        "card; enter its suit and rank."
                    ),
                )
        self.tricks_complete = all(given)
        return cleaned

    def _check_bids_given(self, bids: list[int | None]) -> bool:
        """Round 10 may be saved with the announcements alone; then nothing after the deal
        (tricks, the revealed card) may be there yet, and bids come for all or none."""
        if all(bid is not None for bid in bids):
            return True
        names = [f"bid_{seat}" for seat in range(len(self.players))]
        if any(bid is not None for bid in bids) or any(name in self.errors for name in names):
            for name, player, bid in zip(names, self.players, bids, strict=True):
                if bid is None and name not in self.errors:
                    self.add_error(
                        name,
                        _("Bid of %(name)s: enter the bids of all players, or of none.")
                        % {"name": player},
                    )
            return False
        after_deal = [f"tricks_{seat}" for seat in range(len(self.players))]
        after_deal += ["golden_suit", "golden_rank"]
        if any(self.cleaned_data.get(name) not in (None, "") for name in after_deal):
            self.add_error(
                None,
                _("Bids: enter the bids before the tricks and the revealed golden card."),
            )
        return False
