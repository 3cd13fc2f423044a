"""The Schatzsuche scorepad: bids, tricks, penalties and the golden card of round 10.

Every score comes from scoring.rules.schatzsuche, the engine's own formulas.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ..rules import schatzsuche as rules
from .base import (
    EntryForm,
    Pad,
    RoundRow,
    Summary,
    choice_field,
    int_field,
    next_round_of,
    running_totals,
)
from .tables import TableForm

SUIT_NAMES = {
    "C": pgettext_lazy("french suit", "♣ Clubs"),
    "S": pgettext_lazy("french suit", "♠ Spades"),
    "H": pgettext_lazy("french suit", "♥ Hearts"),
    "D": pgettext_lazy("french suit", "♦ Diamonds"),
}
RANK_NAMES = {
    "A": pgettext_lazy("card rank", "A"),
    "10": "10",
    "K": pgettext_lazy("card rank", "K"),
    "Q": pgettext_lazy("card rank", "Q"),
    "J": pgettext_lazy("card rank", "J"),
    "9": "9",
    "8": "8",
    "7": "7",
}
SUIT_CHOICES = [("", "–"), *((s, SUIT_NAMES[s]) for s in rules.SUITS)]
RANK_CHOICES = [("", "–"), *((r, RANK_NAMES[r]) for r in rules.RANKS)]


def card_name(card: str | None) -> str:
    if not card:
        return "–"
    return f"{SUIT_NAMES[card[0]]} {RANK_NAMES[card[1:]]}"


class SchatzsucheTableForm(TableForm):
    player_count = 3
    rule_field_names = ("dealer_tie", "dealer_by", "golden_both", "farbkarten")
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
        for seat, name in enumerate(players):
            self.fields[f"bid_{seat}"] = int_field(_("Bid of %(name)s") % {"name": name}, 0, r)
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


class SchatzsuchePad(Pad):
    game = "schatzsuche"
    player_counts = rules.PLAYER_COUNTS
    entry_template = "scoring/schatzsuche/_entry.html"
    info_template = "scoring/schatzsuche/_info.html"
    grid_template = "scoring/schatzsuche/_grid.html"
    create_form_class = SchatzsucheTableForm

    def profiles(self):
        return rules.PROFILES

    def table_options(self, form):
        return {"first_dealer": form.cleaned_data["first_dealer"]}

    def settings_from_form(self, form) -> dict:
        settings = dict(rules.PROFILES[rules.DEFAULT_PROFILE])
        for key in form.rule_field_names:
            settings[key] = form.cleaned_data[key]
        return settings

    # --- the state of a table ---------------------------------------------------------------
    def summarize(self, table, revisions):
        players = table.player_names
        rows = [RoundRow(number=revision.round.number, revision=revision) for revision in revisions]
        totals = running_totals(rows, len(players))
        # Revokes are deducted only at the end, so they never enter the running totals.
        penalties = [
            sum(
                (row.data.get("penalties") or [0] * len(players))[seat]
                for row in rows
                if row.complete
            )
            for seat in range(len(players))
        ]
        next_round = next_round_of(rows, over=len(rows) >= rules.ROUNDS)
        summary = Summary(players=players, rows=rows, totals=totals, next_round=next_round)
        summary.info["penalties"] = penalties
        summary.info["has_penalties"] = any(penalties)
        if next_round is None:
            summary.finished = True
            summary.final_totals = rules.final_totals(totals, penalties)
            summary.winners = rules.winners(summary.final_totals)
        else:
            dealer = self.dealer_of(table, rows, next_round)
            summary.info.update(
                round=next_round,
                dealer=dealer,
                bid_order=rules.bid_order(dealer, len(players)),
                leader=rules.first_leader(dealer, len(players)),
                cards=next_round,
                golden=next_round == rules.ROUNDS,
            )
        return summary

    def dealer_of(self, table, rows: list[RoundRow], number: int) -> int:
        """The dealer of round ``number``: stored for saved rounds (corrections of earlier
        rounds never rewrite who actually dealt), derived by the rule for a new one."""
        row = next((row for row in rows if row.number == number), None)
        if row is not None:
            return row.data["dealer"]
        if number == 1:
            return table.options.get("first_dealer", 0)
        previous = rows[number - 2]
        settings = table.profile
        points = previous.totals if settings.get("dealer_by") == "total" else previous.scores
        return rules.next_dealer(points, previous.data["dealer"], settings.get("dealer_tie"))

    # --- entering a round --------------------------------------------------------------------
    def entry_form(self, table, summary, number, *, data=None, revision=None, initial=None):
        initial = dict(initial or {})
        if revision is not None:
            initial.update(self.initial_from(revision.data))
        return SchatzsucheEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=summary.players,
            settings=table.profile,
        )

    @staticmethod
    def initial_from(data: dict) -> dict:
        initial = {}
        for key in ("bids", "tricks", "penalties"):
            for seat, value in enumerate(data.get(key) or []):
                field = {"bids": "bid", "tricks": "tricks", "penalties": "penalty"}[key]
                initial[f"{field}_{seat}"] = value
        initial["trump"] = data.get("trump", "")
        golden = data.get("golden")
        if golden:
            for seat, guess in enumerate(golden["guesses"]):
                initial[f"guess_suit_{seat}"] = guess["suit"]
                initial[f"guess_rank_{seat}"] = guess["rank"]
            if golden.get("card"):
                initial["golden_suit"] = golden["card"][0]
                initial["golden_rank"] = golden["card"][1:]
        return initial

    def round_from_form(self, table, summary, form):
        c = form.cleaned_data
        r = form.round_number
        dealer = self.dealer_of(table, summary.rows, r)
        seats = range(len(form.players))
        data = {
            "dealer": dealer,
            "bids": [c[f"bid_{seat}"] for seat in seats],
            "tricks": [c[f"tricks_{seat}"] for seat in seats] if form.tricks_complete else None,
            "penalties": [c.get(f"penalty_{seat}") or 0 for seat in seats],
            "trump": c.get("trump") or "",
        }
        if r == rules.ROUNDS:
            card = c["golden_suit"] + c["golden_rank"] if c.get("golden_suit") else None
            data["golden"] = {
                "guesses": [
                    {"suit": c[f"guess_suit_{seat}"], "rank": c[f"guess_rank_{seat}"]}
                    for seat in seats
                ],
                "card": card,
            }
        if not form.tricks_complete:
            return data, False, None
        return data, True, self.scores(table.profile, r, data)

    @staticmethod
    def scores(settings: dict, round_number: int, data: dict) -> list[int]:
        scores = [
            rules.round_score(round_number, bid, tricks)
            for bid, tricks in zip(data["bids"], data["tricks"], strict=True)
        ]
        golden = data.get("golden")
        if golden and golden.get("card"):
            scores = [
                score
                + rules.golden_bonus(
                    guess["suit"], guess["rank"], golden["card"], settings.get("golden_both", "160")
                )
                for score, guess in zip(scores, golden["guesses"], strict=True)
            ]
        return scores

    def golden_bonuses(self, settings: dict, data: dict) -> list[int] | None:
        golden = data.get("golden")
        if not golden or not golden.get("card"):
            return None
        return [
            rules.golden_bonus(g["suit"], g["rank"], golden["card"], settings.get("golden_both"))
            for g in golden["guesses"]
        ]

    def describe(self, table, data):
        players = table.player_names
        pairs = [(str(_("Dealer")), players[data["dealer"]])]
        golden = data.get("golden")
        if golden:
            for name, guess in zip(players, golden["guesses"], strict=True):
                pairs.append(
                    (
                        str(_("Golden card guess of %(name)s") % {"name": name}),
                        card_name(guess["suit"] + guess["rank"]),
                    )
                )
        for key, label in (
            ("bids", _("Bid of %(name)s")),
            ("tricks", _("Tricks of %(name)s")),
            ("penalties", _("Revokes of %(name)s")),
        ):
            for name, value in zip(players, data.get(key) or [None] * len(players), strict=True):
                pairs.append((str(label % {"name": name}), "–" if value is None else str(value)))
        pairs.append((str(_("Trump suit")), str(SUIT_NAMES.get(data.get("trump"), "–"))))
        if golden:
            pairs.append((str(_("Golden card")), card_name(golden.get("card"))))
        return pairs

    # --- disputes (scoring/disputes, docs/disputes.md) ---------------------------------------
    def record_prefill(self, table, row) -> dict:
        """The record/1 keys of round ``row`` as far as the sheet knows them; the turned trump
        card is not on the sheet (only its suit), so it is None for the arbiter to give."""
        data = row.data
        record = {
            "players": table.player_names,
            "dealer": data["dealer"],
            "round": row.number,
            "trump_card": None,
            "bids": list(data["bids"]),
            "plays": [],
        }
        golden = data.get("golden")
        if golden:
            guesses = [dict(guess) for guess in golden["guesses"]]
            record["golden"] = {"card": golden.get("card"), "guesses": guesses}
        return record

    def data_from_verdict(self, table, row, record: dict, verdict: dict) -> dict:
        """The round's data for what the engine found: tricks and revokes as played."""
        result = verdict["result"]
        data = {
            "dealer": record["dealer"],
            "bids": list(record["bids"]),
            "tricks": list(result["tricks_won"]),
            "penalties": list(result["penalties"]),
            "trump": record["trump_card"][0],
        }
        golden = record.get("golden")
        if golden:
            guesses = [dict(guess) for guess in golden["guesses"]]
            data["golden"] = {"guesses": guesses, "card": golden["card"]}
        return data
