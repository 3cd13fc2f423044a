"""The Schafkopf pad: an evening of games, 4 or 5 players (docs/rules/schafkopf.md).

Every amount comes from scoring.rules.schafkopf (``settle``, ``settle_ramsch``,
``penalty_settle``, ``outcome_from_augen``, ``check_entry``) on the table's frozen profile:
one of the presets or a custom profile made at table creation. A game is one round of the
framework. Profiles with ``misplay: offender_pays`` can record a misplay (misplay.py).
"""

from __future__ import annotations

from functools import partial

from django.utils.translation import gettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ...rules import schafkopf as rules
from ..base import Ahead, AheadForm, Pad, ProfileChoicePad
from . import bock_ahead, game, misplay
from . import pages as page_views
from .forms import SchafkopfEntryForm, SchafkopfTableForm
from .labels import PAPER, PLAYED, RAMSCH, RUFSPIEL, SIE, THROWN_IN, WITH_SUIT, outcome_key
from .summary import dealer_form_key, dealer_of, next_dealer, sitting_out, summarize


class SchafkopfPad(ProfileChoicePad, Pad):
    round_noun = pgettext_lazy("round noun", "game")
    game = "schafkopf"
    player_counts = (4, 5)
    entry_template = "scoring/schafkopf/_entry.html"
    info_template = "scoring/schafkopf/_info.html"
    grid_template = "scoring/schafkopf/_grid.html"
    create_form_class = SchafkopfTableForm
    stylesheet = "css/schafkopf.css"
    nav_pages = (
        ("spielliste", _("Game list")),
        ("statistik", _("Statistics")),
        ("regeln", _("Rules")),
    )

    def pages(self):
        views = {
            "spielliste": page_views.spielliste,
            "statistik": page_views.statistik,
            "regeln": page_views.regeln,
        }
        return {slug: partial(view, pad=self) for slug, view in views.items()}

    def profiles(self):
        return rules.PROFILES

    # --- the state of a table ---------------------------------------------------------------
    def summarize(self, table, revisions):
        return summarize(table, revisions)

    # --- entering a game --------------------------------------------------------------------
    def entry_form(self, table, summary, number, *, data=None, revision=None, initial=None):
        initial = self.initial_values(initial, revision)
        if revision is None and data is not None and (row := summary.row(number)) is not None:
            # A posted correction: what the sheet holds counts as unchanged (a disputed Sie
            # keeps its Laufende), unless the caller gives other initial values (a verdict).
            initial = {**self.initial_from(row.data), **initial}
        dealer = dealer_of(table, summary.rows, number)
        players = summary.players
        return SchafkopfEntryForm(
            data,
            initial=initial,
            round_number=number,
            players=players,
            settings=table.profile,
            dealer=dealer,
            sitting_out=sitting_out(len(players), dealer),
        )

    ahead_chain_field = "contract"

    def ahead(self, table, summary, number, initial):
        """A game ahead is entered with the form of its dealer (``ahead_forms``): the deal
        moves on one seat per game, so the server names it, unless a thrown-in deal stays
        with its dealer (``same_dealer``); then the phone follows the games it keeps (a
        thrown-in deal keeps the dealer, ``AheadForm.follows``)."""
        players = summary.players
        ahead = Ahead(
            number=number, form=None, heading=gettext("Game %(n)s") % {"n": number}, form_key=""
        )
        if table.profile["passed_deal"] != "same_dealer":
            dealer = (table.options.get("first_dealer", 0) + number - 1) % len(players)
            ahead.form_key = dealer_form_key(dealer)
        profile = table.profile
        bock = rules.profile_value(profile, "bock")
        if bock and rules.profile_value(profile, "bock_counts_thrown_in"):
            # The phone marks the Bock games of the games it keeps (ahead_rules): it knows
            # them, but not what the games cost.
            ahead.notes.append(
                gettext(
                    "What the game costs, Bock games and the Stock included, the server works "
                    "out once the games before it are sent; the sheet then shows its amounts."
                )
            )
        elif bock or profile["passed_deal"] == "stock":
            ahead.notes.append(
                gettext(
                    "Whether it is a Bock game and what goes into the Stock, the server works "
                    "out once the games before it are sent; the sheet then shows its amounts."
                )
            )
        return ahead

    def ahead_forms(self, table, summary, initial):
        """One form per dealer, with who deals (and sits out) and leads; ``follows``: the
        dealer of the next game after each game that may be typed (``next_dealer``)."""
        players = summary.players
        count = len(players)
        made = []
        for dealer in range(count):
            out = sitting_out(count, dealer)
            form = SchafkopfEntryForm(
                None,
                initial=initial,
                round_number=0,
                players=players,
                settings=table.profile,
                dealer=dealer,
                sitting_out=out,
            )
            # A blank mark the page fills in when the game is known to be a Bock game (the
            # live fragment's data-bock, or an entry kept on the phone that starts Bock games).
            form.bock_mark = bool(rules.profile_value(table.profile, "bock"))
            deals = players[dealer]
            if out is not None:
                deals += " " + gettext("(sits out this game)")
            facts = [
                (gettext("Dealer"), deals),
                (gettext("Vorhand"), players[(dealer + 1) % count]),
            ]
            after = {
                value: dealer_form_key(
                    next_dealer(table.profile, count, {"contract": value, "dealer": dealer})
                )
                for value in ["", *form.contracts]
            }
            follows = {value: key for value, key in after.items() if not value or key != after[""]}
            made.append(AheadForm(dealer_form_key(dealer), form, facts, follows))
        return made

    def ahead_form_key(self, table, summary):
        dealer = summary.info.get("dealer")
        return "" if dealer is None else dealer_form_key(dealer)

    def ahead_rules(self, table):
        return bock_ahead.describe(table.profile, table.player_names)

    @staticmethod
    def initial_from(data: dict) -> dict:
        """The entry form's values for correcting a saved game. A game from paper holds
        points, not the taps that made them: its correction starts from a blank form."""
        contract = data["contract"]
        if contract == PAPER:
            return {}
        initial = {"contract": contract, "klopfen": data.get("klopfen", 0)}
        if contract == RAMSCH:
            for seat, augen in enumerate(data["augen_per_seat"]):
                if augen is not None:
                    initial[f"ramsch_{seat}"] = augen
            initial["jungfrau"] = [str(seat) for seat in data["jungfrau"]]
        elif contract != THROWN_IN:
            for key in ("declarer", "partner"):
                initial[key] = "" if data.get(key) is None else str(data[key])
            for key in ("called", "suit", "augen", "stoss", "retour", "schwarz_claimed"):
                initial[key] = data.get(key)
            initial["outcome"] = data.get("result") or ""
            initial["laufende"] = data.get("laufende") or None
            if contract == SIE:
                # An empty field means all 8 in a Sie; one the hand did not allow (a disputed
                # Sie) may have fewer, even none.
                initial["laufende"] = data.get("laufende")
            if data.get("misplay") is not None:
                initial["misplay"] = str(data["misplay"])
                initial["misplay_reached"] = misplay.reached_key(data["schneider"], data["schwarz"])
        return initial

    def round_from_form(self, table, summary, form):
        """The game's amounts as the evening prices it now: Bock and the Stock come from the
        games before it, so a phone that sent it offline shows what the server stored."""
        data = form.game
        number = form.round_number
        before = [row.data for row in summary.rows if row.complete and row.number < number]
        return data, True, game.priced(table.profile, before, data, len(summary.players))

    def save_hints(self, table, number, data):
        augen = data.get("augen")
        if augen in (0, 120) and not data.get("schwarz") and data.get("misplay") is None:
            return [
                _(
                    "Game %(n)s: %(augen)s Augen, saved as not Schwarz. Was it Schwarz (no "
                    "trick at all)? Then correct the game with “lost Schwarz” or “won Schwarz”."
                )
                % {"n": number, "augen": augen}
            ]
        return []

    def describe(self, table, data):
        return game.describe(table.profile, table.player_names, data)

    # --- disputes (scoring/disputes, docs/disputes.md) ---------------------------------------
    @staticmethod
    def playing_seats(table, data: dict) -> list[int]:
        """Table seats of a game's record seats: everybody but a sitting-out dealer."""
        return [s for s in range(len(table.player_names)) if s != data.get("sitting_out")]

    def record_prefill(self, table, row) -> dict:
        """The record/1 keys of game ``row`` as far as the sheet knows them. The sheet knows
        that somebody said Stoß or Retour or knocked, not who: those are None, to be given."""
        data = row.data
        names = table.player_names
        seats = self.playing_seats(table, data)
        record = {"players": [names[seat] for seat in seats]}
        if data.get("sitting_out") is None:
            record["dealer"] = data["dealer"]
        else:  # the dealer sits out and is not in the record: it names who leads instead
            record["leader"] = seats.index((data["dealer"] + 1) % len(names))
        contract = data["contract"]
        if contract in PLAYED:
            record["contract"] = {"type": contract, "declarer": seats.index(data["declarer"])}
            if contract in WITH_SUIT:
                record["contract"]["suit"] = data.get("suit")
            if contract == RUFSPIEL:
                record["contract"]["called"] = data.get("called")
        else:  # a Ramsch; a thrown-in deal has no contract to prefill
            record["contract"] = {"type": RAMSCH} if contract == RAMSCH else None
        for key in ("stoss", "retour"):
            if data.get(key):
                record[key] = None
        if table.profile.get("allow_klopfen"):
            record["klopfen"] = None if data.get("klopfen") else []
        if table.profile.get("schwarz_must_be_claimed"):
            record["schwarz_claimed"] = bool(data.get("schwarz_claimed"))
        record["plays"] = []
        return record

    def verdict_choices(self, table, row, verdict: dict):
        """How a verdict may be applied, when there is a choice: under ``misplay:
        offender_pays`` a game with a misplay as the misplay (first: the tournament rule) or
        as played. None when the verdict can only be applied as played."""
        seats = self.playing_seats(table, row.data)
        offender = misplay.verdict_offender(table, verdict, seats)
        if offender is None:
            return None
        name = table.player_names[offender]
        return _("Apply as"), [
            (misplay.MISPLAY, _("misplay of %(name)s, who pays alone") % {"name": name}),
            (misplay.AS_PLAYED, _("as played")),
        ]

    def data_from_verdict(
        self, table, row, record: dict, verdict: dict, apply_as: str | None = None
    ) -> dict:
        """The game's data for what the engine found: Augen, outcome, Laufende as played;
        with ``apply_as="misplay"`` the offender's misplay instead of the outcome."""
        result = verdict["result"]
        data = row.data
        seats = self.playing_seats(table, data)
        game = {"dealer": data["dealer"], "sitting_out": data.get("sitting_out")}
        contract = result["contract"]
        if contract["type"] == RAMSCH:
            augen = [None] * len(table.player_names)
            for index, seat in enumerate(seats):
                augen[seat] = result["augen_per_seat"][index]
            jungfrau = sorted(seats[index] for index in result["jungfrauen"])
            klopfen = len(result["klopfen"])
            return {**game, "contract": RAMSCH, "augen_per_seat": augen, "jungfrau": jungfrau,
                    "klopfen": klopfen}  # fmt: skip
        party = [seats[index] for index in result["declaring_party"]]
        won, schneider, schwarz = result["won"], result["schneider"], result["schwarz"]
        game.update(
            contract=contract["type"],
            declarer=seats[contract["declarer"]],
            partner=party[1] if len(party) > 1 else None,
            called=contract.get("called"),
            suit=contract.get("suit"),
            augen=None if result["augen"] is None else result["augen"]["declaring"],
            result=outcome_key(won, schneider, schwarz),
            won=won,
            schneider=schneider,
            schwarz=schwarz,
            laufende=result["laufende"],
            stoss=result["stoss"] is not None,
            retour=result["retour"] is not None,
            klopfen=len(result["klopfen"]),
        )
        if table.profile.get("schwarz_must_be_claimed"):
            game["schwarz_claimed"] = bool(record.get("schwarz_claimed"))
        offender = misplay.verdict_offender(table, verdict, seats)
        if apply_as == misplay.MISPLAY and offender is not None:
            reached = misplay.verdict_reached(table, result)
            outcome = misplay.penalty_outcome(set(party), offender, reached)
            game.update(misplay=offender, augen=None, result=None, **outcome)
        return game
