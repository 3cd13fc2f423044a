"""The Skat pad: a list of 3 or 4 players (docs/skat.md), one game per round of the framework.

A game's ``scores`` are its Seeger-Fabian points (``game_points``), so the sheet's running
totals are the Seeger-Fabian totals; the list points, won and lost games stay in ``data``.
"""

from __future__ import annotations

import uuid
from functools import partial

from django.http import HttpResponseNotAllowed
from django.shortcuts import render
from django.utils.translation import gettext, pgettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _
from django.views.decorators.http import require_safe

from ...rules import skat as rules
from ..base import Ahead, AheadForm, Pad, ProfileChoicePad
from .forms import PROFILE_NAMES, RULE_KEYS, RULE_LABELS, SkatEntryForm, SkatTableForm
from .labels import GAME_NAMES, OUTCOME_NAMES, SEAT_NAMES, outcome_key
from .printing import liste_page
from .stats import statistik_page
from .summary import dealer_form_key, dealer_of, list_game, seats_of, sitting_out, summarize


def bock_facts(data: dict) -> rules.BockFacts:
    """What of a saved game starts Bock rounds (docs/rules/skat.md, "House rules")."""
    if data.get("passed"):
        return rules.BockFacts()
    announced = data.get("schneider_announced") or data.get("schwarz_announced")
    return rules.BockFacts(
        lost_schneider_announced=bool(announced and not data["won"]),
        kontra=bool(data.get("kontra")),
    )


class SkatPad(ProfileChoicePad, Pad):
    round_noun = pgettext_lazy("round noun", "game")
    game = "skat"
    player_counts = rules.PLAYER_COUNTS
    entry_template = "scoring/skat/_entry.html"
    info_template = "scoring/skat/_info.html"
    grid_template = "scoring/skat/_grid.html"
    create_form_class = SkatTableForm
    stylesheet = "css/skat.css"
    nav_pages = (("statistik", _("Statistics")), ("liste", _("Print list")), ("regeln", _("Rules")))

    def pages(self):
        return {
            "regeln": self.rules_page,
            "vorschau": self.preview_page,
            "statistik": partial(statistik_page, pad=self),  # stats.py (skat-club)
            "liste": partial(liste_page, pad=self),  # printing.py (skat-club)
        }

    def profiles(self):
        return rules.PROFILES

    # --- the state of a table ---------------------------------------------------------------
    def summarize(self, table, revisions):
        summary = summarize(table, revisions)
        if not table.profile.get("bock_rounds"):
            return summary
        if summary.next_round is not None:
            summary.info["bock"] = self.is_bock(table, summary, summary.next_round)
        # A game keeps the Bock it was saved with; a later correction of a game before it
        # may start or end a Bock round there. Such a game is marked, to be corrected again.
        complete = [row for row in summary.rows if row.complete]
        facts = [bock_facts(row.data) for row in complete]
        marks = rules.bock_games(facts, len(summary.players))
        for row, mark in zip(complete, marks, strict=True):
            row.bock_stale = bool(row.data.get("bock")) != mark
        if summary.next_round is not None:
            # The Bock games already due: games that start nothing follow the list so far.
            count = len(summary.players)
            plain = [rules.BockFacts()] * (count * (len(facts) + 1))
            due = rules.bock_games([*facts, *plain], count)[len(facts) :]
            summary.info["bock_ahead"] = sum(due)
            # For a phone entering games ahead offline (the live fragment's data-bock).
            summary.bock_games = {
                summary.next_round + offset: 2 for offset, bock in enumerate(due) if bock
            }
        return summary

    @staticmethod
    def is_bock(table, summary, number: int) -> bool:
        """Whether game ``number`` is a Bock game, from the games before it (``bock_games``)."""
        if not table.profile.get("bock_rounds"):
            return False
        before = [row.data for row in summary.rows if row.complete and row.number < number]
        facts = [bock_facts(data) for data in before] + [rules.BockFacts()]
        return rules.bock_games(facts, len(summary.players))[-1]

    # --- entering a game --------------------------------------------------------------------
    def entry_form(self, table, summary, number, *, data=None, revision=None, initial=None):
        initial = self.initial_values(initial, revision)
        row = summary.row(number)
        dealer = row.data["dealer"] if row is not None else dealer_of(table, number)
        return SkatEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=summary.players,
            settings=table.profile,
            dealer=dealer,
            bock=self.is_bock(table, summary, number),
        )

    def ahead(self, table, summary, number, initial):
        """A game ahead is entered with its dealer's form: the deal moves on every game. None
        after the list's last game (where every deal counts, the list's length is known)."""
        settings = table.profile
        per_list = settings.get(f"games_per_list_{len(summary.players)}")
        if settings.get("passed_counts_as_game") and per_list and number > per_list:
            return None
        ahead = Ahead(
            number=number,
            form=None,
            heading=gettext("Game %(n)s") % {"n": number},
            form_key=dealer_form_key(dealer_of(table, number)),
        )
        if table.profile.get("bock_rounds"):
            ahead.notes.append(
                gettext(
                    "Whether it is a Bock game the server works out once the games before it "
                    "are sent; the list then shows its points."
                )
            )
        return ahead

    def ahead_forms(self, table, summary, initial):
        """One form per dealer, with who deals (and sits out) and who is Vorhand."""
        players = summary.players
        count = len(players)
        made = []
        for dealer in range(count):
            form = SkatEntryForm(
                None,
                initial=initial,
                round_number=0,
                players=players,
                settings=table.profile,
                dealer=dealer,
            )
            # A blank mark the page fills in when the live fragment names the game a Bock game.
            form.bock_mark = bool(table.profile.get("bock_rounds"))
            deals = players[dealer]
            if sitting_out(count, dealer) is not None:
                deals += " " + gettext("(sits out this game)")
            facts = [(gettext("Dealer"), deals)]
            for label, seat in zip(SEAT_NAMES, seats_of(count, dealer), strict=True):
                facts.append((str(label), players[seat]))
            made.append(AheadForm(dealer_form_key(dealer), form, facts))
        return made

    def ahead_form_key(self, table, summary):
        dealer = summary.info.get("dealer")
        return "" if dealer is None else dealer_form_key(dealer)

    @staticmethod
    def initial_from(data: dict) -> dict:
        """The entry form's values for correcting a saved game."""
        if data.get("passed"):
            ramsch = data.get("ramsch")
            initial = {"declarer": "passed"}
            if ramsch:
                for seat, augen in enumerate(ramsch["augen"]):
                    if augen is not None and ramsch.get("durchmarsch") is None:
                        initial[f"ramsch_{seat}"] = augen
                initial["jungfrau"] = [str(seat) for seat in ramsch["jungfrau"]]
                durchmarsch = ramsch.get("durchmarsch")
                initial["durchmarsch"] = "" if durchmarsch is None else str(durchmarsch)
            return initial
        matadors = data.get("matadors")
        initial = {
            "declarer": str(data["declarer"]),
            "game": data["game"],
            "mit": "ohne" if matadors and matadors < 0 else "mit",
            "matadors": abs(matadors) if matadors else 1,
            "augen": data.get("augen"),
            "bid": data.get("bid") if data.get("bid") != rules.BID_VALUES[0] else None,
        }
        for key in ("hand", "schneider_announced", "schwarz_announced", "ouvert", "kontra", "re"):
            initial[key] = bool(data.get(key))
        if data.get("augen") is None:
            initial["outcome"] = outcome_key(data["won"], data["schneider"], data["schwarz"])
        elif data.get("schwarz"):
            initial["outcome"] = outcome_key(data["won"], True, True)
        return initial

    def round_from_form(self, table, summary, form):
        data = form.game
        scores = rules.game_points(list_game(data), len(summary.players))
        return data, True, scores

    def save_hints(self, table, number, data):
        rows = self.table_summary(table).rows if table.profile.get("bock_rounds") else []
        stale = [row.number for row in rows if row.bock_stale and row.number != number]
        if stale:
            return [
                _(
                    "This changes the Bock rounds: games %(games)s were saved with a different "
                    "Bock. Open each and save it again (the form knows its Bock now)."
                )
                % {"games": ", ".join(str(n) for n in stale)}
            ]
        if data.get("passed") or data.get("augen") not in (0, 120) or data.get("schwarz"):
            return []
        return [
            _(
                "Game %(n)s: %(augen)s Augen, saved as not Schwarz. Was it Schwarz (no trick at "
                "all)? Then correct the game with the result “won Schwarz” or “lost Schwarz”."
            )
            % {"n": number, "augen": data["augen"]}
        ]

    def describe(self, table, data):
        players = table.player_names
        pairs = [(gettext("Dealer"), players[data["dealer"]])] if "dealer" in data else []
        if data.get("passed"):
            ramsch = data.get("ramsch")
            if not ramsch:
                return [*pairs, (gettext("Game"), gettext("Eingepasst"))]
            pairs.append((gettext("Game"), gettext("Ramsch")))
            for seat, name in enumerate(players):
                if ramsch["augen"][seat] is not None:
                    label = gettext("Augen of %(name)s") % {"name": name}
                    pairs.append((label, str(ramsch["augen"][seat])))
            for seat, name in enumerate(players):
                label = gettext("Points of %(name)s") % {"name": name}
                pairs.append((label, str(ramsch["scores"][seat])))
            return pairs
        yes, no = gettext("yes"), gettext("no")
        matadors = data.get("matadors")
        pairs += [
            (pgettext("skat", "Declarer"), players[data["declarer"]]),
            (gettext("Game"), str(GAME_NAMES[data["game"]])),
        ]
        if matadors:
            word = gettext("mit") if matadors > 0 else gettext("ohne")
            pairs.append((gettext("Matadors"), f"{word} {abs(matadors)}"))
        for key, label in (
            ("hand", pgettext_lazy("skat", "Hand")),
            ("schneider_announced", _("Schneider announced")),
            ("schwarz_announced", _("Schwarz announced")),
            ("ouvert", _("Ouvert")),
            ("kontra", _("Kontra")),
            ("re", _("Re")),
        ):
            if key in data:
                pairs.append((str(label), yes if data[key] else no))
        if data.get("augen") is not None:
            pairs.append((gettext("Augen"), str(data["augen"])))
        result = outcome_key(data["won"], data.get("schneider", False), data.get("schwarz", False))
        pairs += [
            (gettext("Result"), str(OUTCOME_NAMES[result])),
            (pgettext("skat", "Bid"), str(data.get("bid", rules.BID_VALUES[0]))),
            (gettext("List points"), f"{data['list_points']:+d}"),
        ]
        return pairs

    # --- disputes (scoring/disputes, docs/disputes.md) ---------------------------------------
    @staticmethod
    def playing_seats(table, data: dict) -> list[int]:
        """Table seats of a game's record seats: Vorhand, Mittelhand, Hinterhand."""
        return seats_of(len(table.player_names), data["dealer"])

    def record_prefill(self, table, row) -> dict:
        """The record keys of game ``row`` as far as the list knows them (docs/records.md,
        "Skat keys"). The cards, the bidding and who said Kontra or Re are not on the list:
        None, for the arbiter to give."""
        data = row.data
        names = table.player_names
        seats = self.playing_seats(table, data)
        record = {"players": [names[seat] for seat in seats], "skat": None, "bidding": None}
        if data.get("passed"):
            record["contract"] = {"type": "ramsch" if data.get("ramsch") else "eingepasst"}
        else:
            contract = {"type": data["game"], "declarer": seats.index(data["declarer"])}
            for key, flag in (("hand", "hand"), ("schneider_announced", "schneider"),
                              ("schwarz_announced", "schwarz"), ("ouvert", "ouvert")):  # fmt: skip
                if data.get(key):
                    contract[flag] = True
            if data.get("matadors") is not None:
                contract["matadors"] = data["matadors"]
            record["contract"] = contract
            for key in ("kontra", "re"):
                if data.get(key):
                    record[key] = None
        record["plays"] = []
        return record

    def data_from_verdict(self, table, row, record: dict, verdict: dict) -> dict:
        """The game's data for what the engine found, as the list writes it."""
        result = verdict["result"]
        data = row.data
        count = len(table.player_names)
        seats = self.playing_seats(table, data)
        base = {"dealer": data["dealer"], "sitting_out": sitting_out(count, data["dealer"])}
        kind = result["contract"]["type"]
        if kind == "eingepasst":
            return {"passed": True, **base}
        if kind == "ramsch":
            augen: list[int | None] = [None] * count
            for index, seat in enumerate(seats):
                augen[seat] = result["augen_per_seat"][index]
            winner = None
            if result.get("durchmarsch"):
                winner = seats[result["tricks_per_seat"].index(10)]
            ramsch = {
                "augen": augen,
                "jungfrau": sorted(seats[index] for index in result["jungfrauen"]),
                "durchmarsch": winner,
                "scores": [0] * count,  # the entry form scores it again
            }
            return {"passed": True, "ramsch": ramsch, **base}
        contract = result["contract"]
        misplayed = result.get("misplay") is not None
        game = {
            "passed": False,
            "declarer": seats[contract["declarer"]],
            "game": kind,
            "hand": bool(contract.get("hand")),
            "schneider_announced": bool(contract.get("schneider")),
            "schwarz_announced": bool(contract.get("schwarz")),
            "ouvert": bool(contract.get("ouvert")),
            "matadors": result.get("matadors"),
            # A misplay decides the game, not the Augen: the list then has won/lost only.
            "augen": None if kind == "null" or misplayed else result["augen"]["declarer"],
            "won": result["won"] or result["overbid"],
            "schneider": result["schneider"],
            "schwarz": result["schwarz"],
            "bid": result["bid"],
            "kontra": result.get("kontra") is not None,
            "re": result.get("re") is not None,
            "list_points": result["scores"][contract["declarer"]],
            **base,
        }
        if not table.profile.get("kontra"):
            del game["kontra"], game["re"]
        return game

    # --- its own pages ----------------------------------------------------------------------
    def rules_page(self, request, access):
        return rules_view(request, access, self)

    def preview_page(self, request, access):
        """What the form's taps make, while tapping (htmx; without it the form posts)."""
        if request.method not in ("GET", "HEAD"):
            return HttpResponseNotAllowed(["GET", "HEAD"])
        table = access.table
        summary = self.table_summary(table)
        try:
            number = int(request.GET.get("n", ""))
        except ValueError:
            number = 0
        number = number if number > 0 else (summary.next_round or 1)
        values = request.GET.copy()
        values["base"], values["submission"] = "0", str(uuid.uuid4())
        form = self.entry_form(table, summary, number, data=values)
        form.is_valid()  # sets form.score, or the errors the preview lists
        response = render(request, "scoring/skat/_preview.html", {"form": form, "pad": self})
        response["Cache-Control"] = "no-store"
        return response


@require_safe
def rules_view(request, access, pad):
    """The table's frozen Skat settings, each as the creation form asked it."""
    profile = access.table.profile
    name = access.table.profile_name
    preset = name.removesuffix("+custom")
    label = str(PROFILE_NAMES.get(preset, preset))
    if name.endswith("+custom"):
        label = gettext("%(preset)s with own house rules") % {"preset": label}
    yes, no = gettext("yes"), gettext("no")
    settings = []
    for key in RULE_KEYS:
        value = profile.get(key)
        shown = (yes if value else no) if isinstance(value, bool) else str(value)
        settings.append((str(RULE_LABELS[key]), shown))
    context = {
        "access": access,
        "table": access.table,
        "pad": pad,
        "settings": settings,
        "profile_label": label,
    }
    return render(request, "scoring/rules.html", context)
