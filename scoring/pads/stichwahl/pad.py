"""The Stichwahl pad: the state of a table, entering a hand, and the live points preview."""

from __future__ import annotations

from django.http import HttpResponseNotAllowed
from django.shortcuts import render
from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ...rules import stichwahl as rules
from ...rules.stichwahl import default_deck
from ...rules.stichwahl.scores import HAND_SIZE, WINNING_TOTAL
from ..base import Ahead, Pad, RoundRow, Summary, next_round_of, running_totals
from ..rules_page import rules_view
from .forms import StichwahlEntryForm, StichwahlTableForm, hand_preview


class StichwahlPad(Pad):
    round_noun = pgettext_lazy("round noun", "hand")
    game = "stichwahl"
    player_counts = rules.PLAYER_COUNTS  # 2 only with the variant for two
    entry_template = "scoring/stichwahl/_entry.html"
    info_template = "scoring/stichwahl/_info.html"
    grid_template = "scoring/stichwahl/_grid.html"
    create_form_class = StichwahlTableForm
    stylesheet = "css/stichwahl.css"
    nav_pages = (("regeln", _("Rules")),)

    def profiles(self):
        return rules.PROFILES

    def settings_from_form(self, form) -> dict:
        settings = dict(rules.PROFILES[rules.DEFAULT_PROFILE])
        for key in form.rule_field_names:
            settings[key] = form.cleaned_data[key]
        return settings

    def table_options(self, form) -> dict:
        return {
            "first_leader": form.cleaned_data["first_hand_leader_seat"],
            "two_player_variant": bool(form.cleaned_data["two_player_variant"]),
        }

    def pages(self):
        return {"points": self.points_preview, "regeln": rules_view(self)}

    # --- the state of a table ---------------------------------------------------------------
    def summarize(self, table, revisions):
        players = table.player_names
        rows = [RoundRow(number=revision.round.number, revision=revision) for revision in revisions]
        totals = running_totals(rows, len(players))
        # Over after the last saved hand: the end condition holds on the totals.
        next_round = next_round_of(rows, over=bool(rows) and rules.game_over(totals))
        finished = next_round is None
        summary = Summary(
            players=players, rows=rows, totals=totals, next_round=next_round, finished=finished
        )
        top = max(totals)
        leaders = [seat for seat, total in enumerate(totals) if total == top]
        summary.info.update(
            target=WINNING_TOTAL,
            # "on a tie at the top play continues": worth saying, it surprises people.
            tie_at_top=top >= WINNING_TOTAL and len(leaders) > 1,
            leaders=leaders,
            top=top,
        )
        if finished:
            summary.winners = [rules.winner(totals)]
            summary.final_totals = totals
        else:
            leader = self.first_leader_of(table, rows, next_round)
            summary.info.update(
                round=next_round,
                leader=leader,
                cards_each=HAND_SIZE,
                card_total=rules.card_total(len(players)),
                draw_pile=rules.draw_pile_size(len(players)),
                variant=len(players) == 2,
            )
        return summary

    def first_leader_of(self, table, rows: list[RoundRow], number: int) -> int | None:
        """Who leads the first trick of hand ``number``: stored for saved hands (a correction
        never rewrites who actually led), else by the setting; None when the players choose."""
        row = next((row for row in rows if row.number == number), None)
        if row is not None:
            return row.data["first_leader"]
        if number == 1:
            return table.options.get("first_leader", 0)
        previous = next(row for row in rows if row.number == number - 1)
        return rules.next_first_leader(
            previous.data["first_leader"],
            len(table.player_names),
            table.profile.get("first_leader", "rotate"),
        )

    # --- entering a hand ---------------------------------------------------------------------
    def entry_form(self, table, summary, number, *, data=None, revision=None, initial=None):
        initial = self.initial_values(initial, revision)
        return StichwahlEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=summary.players,
            rows=summary.rows,
            choose_leader=self.leader_is_chosen(table, number),
        )

    def ahead(self, table, summary, number, initial):
        """Later hands have the same form; who leads follows the rotation (or is chosen), but
        whether the game is over after the hands before only the totals tell."""
        players = summary.players
        if table.profile.get("first_leader", "rotate") == "rotate":
            # Each hand's first leader sits left of the one before (first_leader_of).
            leads = players[(table.options.get("first_leader", 0) + number - 1) % len(players)]
        else:
            leads = gettext("you choose (enter it with the hand)")
        return Ahead(
            number=number,
            form=self.entry_form(table, summary, number, initial=initial),
            heading=gettext("Hand %(n)s") % {"n": number},
            # Every hand's form is the same but for its number (and a chosen leader).
            form_key=f"hand-{int(self.leader_is_chosen(table, number))}",
            facts=[(gettext("Leads first"), leads)],
            notes=[
                gettext(
                    "Whether the game is already over before this hand, the server tells once "
                    "the hands before it are sent."
                )
            ],
        )

    @staticmethod
    def leader_is_chosen(table, number: int) -> bool:
        """With ``choose``, every hand after the first names its leader (also when corrected);
        the first hand's leader was chosen when the table was created."""
        return table.profile.get("first_leader") == "choose" and number > 1

    @staticmethod
    def initial_from(data: dict) -> dict:
        initial = {"first_leader": str(data.get("first_leader", ""))}
        for seat, pile in enumerate(data.get("piles") or []):
            initial[f"pile_{seat}"] = pile
        for seat, unused in enumerate(data.get("unused_bonus") or []):
            initial[f"unused_{seat}"] = unused
        return initial

    def round_from_form(self, table, summary, form):
        c = form.cleaned_data
        seats = range(len(form.players))
        if "first_leader" in form.fields:
            leader = int(c["first_leader"])
        else:
            leader = self.first_leader_of(table, summary.rows, form.round_number)
        data = {
            "first_leader": leader,
            "piles": [c[f"pile_{seat}"] for seat in seats],
            "unused_bonus": [c[f"unused_{seat}"] for seat in seats],
        }
        return data, True, form.scores

    def describe(self, table, data):
        players = table.player_names
        pairs = [(str(_("Led first")), players[data["first_leader"]])]
        for name, pile, unused in zip(players, data["piles"], data["unused_bonus"], strict=True):
            pairs += [
                (str(_("Point pile of %(name)s") % {"name": name}), str(pile)),
                (str(_("Unused bonus cards of %(name)s") % {"name": name}), str(unused)),
                (
                    str(_("Points of %(name)s") % {"name": name}),
                    str(rules.hand_points(pile, unused)),
                ),
            ]
        return pairs

    # --- the points preview (htmx, while typing) ----------------------------------------------
    def points_preview(self, request, access):
        if request.method != "GET":
            return HttpResponseNotAllowed(["GET"])
        preview = hand_preview(access.table.player_names, request.GET)
        response = render(request, "scoring/stichwahl/_points.html", {"preview": preview})
        response["Cache-Control"] = "no-store"
        return response

    # --- disputes (scoring/disputes, docs/disputes.md) ---------------------------------------
    def record_prefill(self, table, row) -> dict:
        """The record/1 keys of hand ``row`` as far as the sheet knows them: who led first.
        Trump and marker are not on the sheet (None, for the arbiter to give)."""
        return {
            "players": table.player_names,
            "deck": default_deck().ref,
            "trump": None,
            "first_bonus": [],
            "start": row.data["first_leader"],
            "events": [],
        }

    def data_from_verdict(self, table, row, record: dict, verdict: dict) -> dict:
        """The hand's data for what the engine found: point piles and unused bonus cards."""
        result = verdict["result"]
        return {
            "first_leader": record["start"],
            "piles": list(result["point_piles"]),
            "unused_bonus": list(result["unused_bonus"]),
        }
