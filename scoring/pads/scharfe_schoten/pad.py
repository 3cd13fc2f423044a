"""The Scharfe Schoten pad: the state of a table, entering a round, and the history labels.

A round's data (one revision):
``{"round": n, "start": seat, "numbers": {"R": 2, ...} | None,
"predictions": [{"most": "R", "fewest": "Y"} | None per seat],
"collected": [{"R": 6, "G": 2, "Y": 0, "B": 0} per seat] | None, "tricks_won": [...] | None}``.
The round is complete with every prediction and the collected cards; the scores come from
the engine's ``round_scores``.

Hidden predictions (table option): each player's prediction is a revision of the round like
any other entry (who, when, kept forever), but nothing the pad renders or describes shows a
prediction until every player's is in.
"""

from __future__ import annotations

from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ...models import Revision
from ...rules import scharfe_schoten as rules
from ..base import Ahead, Pad, RoundRow, Summary, next_round_of, running_totals
from ..rules_page import rules_view
from .colours import (
    COLOUR_LETTERS,
    COLOUR_NAMES,
    COLOURS,
    colour_items,
    counts_text,
    order_help,
    order_text,
)
from .forms import ScharfeSchotenEntryForm, ScharfeSchotenTableForm

PREDICTION_PAGE = "prediction"


def all_in(predictions: list | None) -> bool:
    return bool(predictions) and all(predictions)


class ScharfeSchotenPad(Pad):
    game = rules.NAME
    player_counts = rules.PLAYER_COUNTS
    entry_template = "scoring/scharfe_schoten/_entry.html"
    info_template = "scoring/scharfe_schoten/_info.html"
    grid_template = "scoring/scharfe_schoten/_grid.html"
    create_form_class = ScharfeSchotenTableForm
    stylesheet = "css/scharfe_schoten.css"
    # Hidden predictions read a round's current entry directly: its rounds are corrected,
    # never struck off.
    can_void = False

    def profiles(self):
        return rules.PROFILES

    nav_pages = (("regeln", _("Rules")),)

    def pages(self):
        from .predictions import prediction_page

        return {
            PREDICTION_PAGE: lambda request, access: prediction_page(self, request, access),
            "regeln": rules_view(self),
        }

    def settings_from_form(self, form) -> dict:
        return dict(rules.PROFILES[rules.DEFAULT_PROFILE])

    def table_options(self, form) -> dict:
        return {
            "first_start": form.cleaned_data["first_start_seat"],
            "hidden_predictions": bool(form.cleaned_data["hidden_predictions"]),
        }

    # --- hidden predictions --------------------------------------------------------------------
    @staticmethod
    def hidden_mode(table) -> bool:
        return bool(table.options.get("hidden_predictions"))

    def predictions_shown(self, table, predictions: list | None) -> bool:
        """Whether a round whose current predictions are these may show them to anybody."""
        return not self.hidden_mode(table) or all_in(predictions)

    def round_revealed(self, table, number: int) -> bool:
        """For the history of any revision: its round's *current* predictions decide, so the
        earlier revisions show their values once everybody's prediction is in."""
        if not self.hidden_mode(table):
            return True
        current = (
            Revision.objects.filter(round__table=table, round__number=number, is_current=True)
            .only("data")
            .first()
        )
        return current is not None and all_in(current.data.get("predictions"))

    # --- the state of a table ------------------------------------------------------------------
    def start_of(self, table, number: int, players: int) -> int:
        return rules.start_player(table.options.get("first_start", 0), number, players)

    def new_round_data(self, table, number: int, players: int) -> dict:
        return {
            "round": number,
            "start": self.start_of(table, number, players),
            "numbers": None,
            "predictions": [None] * players,
            "collected": None,
            "tricks_won": None,
        }

    def summarize(self, table, revisions):
        players = table.player_names
        rows = [RoundRow(number=revision.round.number, revision=revision) for revision in revisions]
        totals = running_totals(rows, len(players))
        for row in rows:
            row.cells = self.cells(table, row)
            row.order = order_help(row.data.get("numbers"))
        next_round = next_round_of(rows, over=len(rows) >= rules.rounds_in_game(len(players)))
        summary = Summary(players=players, rows=rows, totals=totals, next_round=next_round)
        if next_round is None:
            summary.finished = True
            summary.final_totals = totals
            summary.winners = rules.winners(totals)
            return summary
        row = summary.row(next_round)
        data = row.data if row else self.new_round_data(table, next_round, len(players))
        predictions = data.get("predictions") or [None] * len(players)
        summary.info.update(
            round=next_round,
            rounds=rules.rounds_in_game(len(players)),
            start=data["start"],
            hand=rules.HAND_SIZE[len(players)],
            cupboard=rules.CUPBOARD_SIZE[len(players)],
            order=order_help(data.get("numbers")),
            hidden=self.hidden_mode(table) and not all_in(predictions),
            hidden_mode=self.hidden_mode(table),
            predictions_in=[
                {"name": name, "done": prediction is not None}
                for name, prediction in zip(players, predictions, strict=True)
            ],
            in_count=sum(prediction is not None for prediction in predictions),
            prediction_page=PREDICTION_PAGE,
        )
        return summary

    def cells(self, table, row: RoundRow) -> list[dict]:
        """What the grid shows per seat; a hidden prediction is only "entered", never its
        colours, so the template cannot leak what it is never given."""
        data = row.data
        predictions = data.get("predictions") or []
        shown = self.predictions_shown(table, predictions)
        cells = []
        for seat, prediction in enumerate(predictions):
            cell = {
                "start": data.get("start") == seat,
                "entered": prediction is not None,
                "most": None,
                "fewest": None,
                "points": row.scores[seat] if row.complete else None,
                "total": row.totals[seat] if row.totals else None,
            }
            if shown and prediction:
                cell["most"] = self.colour_item(prediction["most"])
                cell["fewest"] = self.colour_item(prediction["fewest"])
            cells.append(cell)
        return cells

    @staticmethod
    def colour_item(colour: str) -> dict:
        return {"code": colour, "name": COLOUR_NAMES[colour], "letters": COLOUR_LETTERS[colour]}

    def colours(self):
        return colour_items()

    # --- entering a round ----------------------------------------------------------------------
    def entry_form(self, table, summary, number, *, data=None, revision=None, initial=None):
        players = summary.players
        row = summary.row(number)
        saved = row.data if row else None
        predictions = (saved or {}).get("predictions") or [None] * len(players)
        hidden = not self.predictions_shown(table, predictions)
        initial = dict(initial or {})
        if revision is not None:
            initial.update(self.initial_from(revision.data, with_predictions=not hidden))
        if data is not None and self.hidden_mode(table) and not hidden:
            # A form rendered while the predictions were hidden has no prediction fields;
            # posted after they came in, it keeps them instead of clearing them.
            data = data.copy()
            for seat, prediction in enumerate(predictions):
                for kind in ("most", "fewest"):
                    if f"{kind}_{seat}" not in data:
                        data[f"{kind}_{seat}"] = prediction[kind]
        return ScharfeSchotenEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=players,
            predictions_hidden=hidden,
            predictions_in=[prediction is not None for prediction in predictions],
            is_new=row is None,
        )

    def ahead(self, table, summary, number, initial):
        """A later round: its start player follows the rotation; with hidden predictions the
        players enter theirs on their own phones, which needs the connection."""
        players = summary.players
        rounds = rules.rounds_in_game(len(players))
        if number > rounds:
            return None
        form = ScharfeSchotenEntryForm(
            None,
            initial=initial,
            round_number=number,
            players=players,
            predictions_hidden=self.hidden_mode(table),
            predictions_in=[False] * len(players),
            is_new=True,
        )
        start = self.start_of(table, number, len(players))
        return Ahead(
            number=number,
            form=form,
            heading=gettext("Round %(r)s of %(n)s") % {"r": number, "n": rounds},
            facts=[(gettext("Start player"), players[start])],
        )

    @staticmethod
    def initial_from(data: dict, *, with_predictions: bool) -> dict:
        initial = {}
        for colour, value in (data.get("numbers") or {}).items():
            initial[f"number_{colour}"] = value
        if with_predictions:
            for seat, prediction in enumerate(data.get("predictions") or []):
                if prediction:
                    initial[f"most_{seat}"] = prediction["most"]
                    initial[f"fewest_{seat}"] = prediction["fewest"]
        for seat, counts in enumerate(data.get("collected") or []):
            for colour in COLOURS:
                initial[f"count_{seat}_{colour}"] = counts[colour]
        for seat, tricks in enumerate(data.get("tricks_won") or []):
            initial[f"tricks_{seat}"] = tricks
        return initial

    def round_from_form(self, table, summary, form):
        number = form.round_number
        players = len(form.players)
        row = summary.row(number)
        data = self.new_round_data(table, number, players)
        if row is not None:
            data["start"] = row.data["start"]  # stored: a saved round keeps who started it
        if form.predictions_hidden:
            # Hidden predictions are entered on the players' phones, never by this form.
            data["predictions"] = list(row.data["predictions"]) if row else [None] * players
        elif form.predictions is not None:
            data["predictions"] = form.predictions
        data["numbers"] = form.numbers
        data["collected"] = form.collected
        data["tricks_won"] = form.tricks_won
        if form.collected is None or not all_in(data["predictions"]):
            return data, False, None
        return data, True, rules.round_scores(data["collected"], data["predictions"])

    # --- history -------------------------------------------------------------------------------
    def describe(self, table, data):
        players = table.player_names
        number = data.get("round")
        shown = number is not None and self.round_revealed(table, number)
        pairs = [
            (str(_("Start player")), players[data["start"]]),
            (str(_("Number cards")), order_text(data.get("numbers"))),
        ]
        predictions = data.get("predictions") or [None] * len(players)
        for name, prediction in zip(players, predictions, strict=True):
            if prediction is None:
                value = "–"
            elif not shown:
                value = str(_("entered (hidden until all are in)"))
            else:
                value = str(
                    _("most %(most)s, fewest %(fewest)s")
                    % {
                        "most": COLOUR_NAMES[prediction["most"]],
                        "fewest": COLOUR_NAMES[prediction["fewest"]],
                    }
                )
            pairs.append((str(_("Prediction of %(name)s") % {"name": name}), value))
        collected = data.get("collected") or [None] * len(players)
        for name, counts in zip(players, collected, strict=True):
            pairs.append(
                (
                    str(_("Cards of %(name)s") % {"name": name}),
                    counts_text(counts) if counts else "–",
                )
            )
        tricks_won = data.get("tricks_won") or [None] * len(players)
        for name, tricks in zip(players, tricks_won, strict=True):
            pairs.append(
                (
                    str(_("Tricks of %(name)s") % {"name": name}),
                    "–" if tricks is None else str(tricks),
                )
            )
        return pairs

    # --- disputes (scoring/disputes, docs/disputes.md) -------------------------------------
    def record_prefill(self, table, row) -> dict:
        """The record/1 keys of round ``row`` as far as the sheet knows them. Hidden
        predictions stay hidden (None) until every player's is in."""
        data = row.data
        players = table.player_names
        predictions = data.get("predictions") or [None] * len(players)
        if not self.predictions_shown(table, predictions):
            predictions = [None] * len(players)
        return {
            "players": players,
            "start": data["start"],
            "numbers": dict(data["numbers"]) if data.get("numbers") else None,
            "predictions": [dict(p) if p else None for p in predictions],
            "cupboard_picks": [],
            "plays": [],
        }

    def data_from_verdict(self, table, row, record: dict, verdict: dict) -> dict:
        """The round's data for what the engine found: the colours each player collected."""
        result = verdict["result"]
        data = dict(row.data)
        data.update(
            numbers=dict(record["numbers"]),
            predictions=[dict(prediction) for prediction in record["predictions"]],
            collected=[dict(counts) for counts in result["collected"]],
            tricks_won=list(result["tricks_won"]),
        )
        return data
