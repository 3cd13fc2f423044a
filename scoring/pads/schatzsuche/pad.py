"""The Schatzsuche scorepad: bids, tricks, penalties and the golden card of round 10.

Every score comes from scoring.rules.schatzsuche, the engine's own formulas.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ...rules import schatzsuche as rules
from ..base import Ahead, Pad, RoundRow, Summary, next_round_of, running_totals
from ..rules_page import rules_view
from .cards import SUIT_NAMES, card_name
from .forms import SchatzsucheEntryForm, SchatzsucheTableForm


class SchatzsuchePad(Pad):
    game = "schatzsuche"
    player_counts = rules.PLAYER_COUNTS
    entry_template = "scoring/schatzsuche/_entry.html"
    info_template = "scoring/schatzsuche/_info.html"
    grid_template = "scoring/schatzsuche/_grid.html"
    create_form_class = SchatzsucheTableForm
    nav_pages = (("regeln", _("Rules")),)

    def profiles(self):
        return rules.PROFILES

    def pages(self):
        return {"regeln": rules_view(self)}

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
        initial = self.initial_values(initial, revision)
        return SchatzsucheEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=summary.players,
            settings=table.profile,
        )

    def ahead(self, table, summary, number, initial):
        """A later round's form is the same for any scores; who deals is not: the next dealer
        comes from the totals (or the round's scores) after the round before."""
        if number > rules.ROUNDS:
            return None
        cards = ngettext("%(cards)s card each", "%(cards)s cards each", number) % {"cards": number}
        trump = (
            gettext("the last card dealt (the 32nd)")
            if number == rules.ROUNDS
            else gettext("the card turned up after dealing")
        )
        previous = {"noun": str(self.round_noun), "n": number - 1}
        return Ahead(
            number=number,
            form=self.entry_form(table, summary, number, initial=initial),
            heading=gettext("Round %(r)s of 10") % {"r": number} + " · " + cards,
            facts=[(gettext("Trump"), trump)],
            notes=[
                gettext(
                    "Who deals, bids first and leads depends on the scores after %(noun)s "
                    "%(n)s: the server works it out once %(noun)s %(n)s is sent."
                )
                % previous
            ],
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
            "bids": [c[f"bid_{seat}"] for seat in seats] if form.bids_given else None,
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
        """The round's scores by the engine's formulas, golden bonus included (round 10)."""
        golden = data.get("golden")
        bonuses = None
        if golden and golden.get("card"):
            guesses = [(guess["suit"], guess["rank"]) for guess in golden["guesses"]]
            bonuses = rules.golden_bonuses(
                guesses, golden["card"], settings.get("golden_both", "160")
            )
        return rules.round_scores(round_number, data["bids"], data["tricks"], bonuses)

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
            "bids": list(data["bids"]) if data.get("bids") else None,
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
