"""Schafkopf disputes: the contract and announcements as the setup, cards as the actions.

At a 5-player table the dealer sits out: the record lists the four others in seat order
and names the ``leader`` instead of the dealer (records.md).
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from ...pads.base import choice_field
from ...pads.schafkopf.labels import (
    CONTRACT_NAMES,
    OUTCOME_NAMES,
    PLAYED,
    RAMSCH,
    RUFSPIEL,
    contract_label,
    outcome_key,
    suit_name,
)
from ...rules.schafkopf import DECK
from ...rules.schafkopf import State as SchafkopfState
from ...rules.schafkopf.cards import SUITS
from ...rules.schafkopf.contracts import CALLABLE_SUITS, WITH_SUIT
from ...rules.schafkopf.record import read_game_keys
from .base import Column, GameAdapter, ResultView, seat_choices

TRICKS = 8
# Keys whose value None means "the sheet has it, but not who": the arbiter must say.
WHO_KEYS = {
    "stoss": gettext_lazy("who said Stoß"),
    "retour": gettext_lazy("who said Retour"),
    "klopfen": gettext_lazy("who knocked"),
}


class SchafkopfSetupForm(forms.Form):
    def __init__(self, *args, names: list[str], settings: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        contracts = list(PLAYED) + ([RAMSCH] if settings.get("passed_deal") == "ramsch" else [])
        seats = seat_choices(names, empty="–")
        nobody = seat_choices(names, empty=_("nobody"))
        f = self.fields
        f["contract"] = choice_field(_("Game"), [(c, CONTRACT_NAMES[c]) for c in contracts])
        f["declarer"] = choice_field(_("Declarer"), seats, required=False)
        f["called"] = choice_field(
            _("Called Sau"),
            [("", "–"), *((s, suit_name(s)) for s in CALLABLE_SUITS)],
            required=False,
        )
        f["suit"] = choice_field(
            _("Solo suit"), [("", "–"), *((s, suit_name(s)) for s in SUITS)], required=False
        )
        if settings.get("allow_stoss"):
            f["stoss"] = choice_field(_("Stoß said by"), nobody, required=False)
        if settings.get("allow_retour"):
            f["retour"] = choice_field(_("Retour said by"), nobody, required=False)
        if settings.get("allow_klopfen"):
            f["klopfen"] = forms.MultipleChoiceField(
                label=_("Knocked"),
                choices=seat_choices(names),
                required=False,
                widget=forms.CheckboxSelectMultiple,
            )
        if settings.get("schwarz_must_be_claimed"):
            f["schwarz_claimed"] = forms.BooleanField(label=_("Schwarz claimed"), required=False)

    def clean(self):
        cleaned = super().clean()
        contract = cleaned.get("contract")
        if contract in PLAYED and not cleaned.get("declarer"):
            self.add_error("declarer", _("Declarer: choose who played the game."))
        if contract == RUFSPIEL and not cleaned.get("called"):
            self.add_error(
                "called", _("Called Sau: a Rufspiel calls the Eichel, Gras or Schellen-Sau.")
            )
        if contract in WITH_SUIT and not cleaned.get("suit"):
            self.add_error("suit", _("Solo suit: choose the trump suit of the Solo."))
        if cleaned.get("retour") and not cleaned.get("stoss"):
            self.add_error("retour", _("Retour: only after somebody said Stoß."))
        return cleaned


class SchafkopfAdapter(GameAdapter):
    game = "schafkopf"
    setup_keys = ("dealer", "leader", "contract", "stoss", "retour", "klopfen", "schwarz_claimed")

    def deck(self, draft):
        return list(DECK)

    def deck_order(self):
        return list(DECK)

    def hand_size(self, draft):
        return TRICKS

    def tricks_in_round(self, draft):
        return 0 if (draft["setup"].get("contract") or {}).get("type") == "sie" else TRICKS

    # --- setup -----------------------------------------------------------------------------
    def setup_form(self, draft, data=None):
        setup = draft["setup"]
        contract = setup.get("contract") or {}
        initial = {
            "contract": contract.get("type", ""),
            "declarer": "" if contract.get("declarer") is None else str(contract["declarer"]),
            "called": contract.get("called", ""),
            "suit": contract.get("suit", ""),
            "stoss": "" if setup.get("stoss") is None else str(setup["stoss"]),
            "retour": "" if setup.get("retour") is None else str(setup["retour"]),
            "klopfen": [str(seat) for seat in setup.get("klopfen") or []],
            "schwarz_claimed": bool(setup.get("schwarz_claimed")),
        }
        return SchafkopfSetupForm(
            data, initial=initial, names=draft["players"], settings=self.resolved(draft)
        )

    def setup_from_form(self, draft, form):
        c = form.cleaned_data
        kind = c["contract"]
        contract = {"type": kind}
        if kind != RAMSCH:
            contract["declarer"] = int(c["declarer"])
        if kind in WITH_SUIT:
            contract["suit"] = c["suit"]
        if kind == RUFSPIEL:
            contract["called"] = c["called"]
        setup = {key: draft["setup"][key] for key in ("dealer", "leader") if key in draft["setup"]}
        setup["contract"] = contract
        for key in ("stoss", "retour"):
            if c.get(key):
                setup[key] = int(c[key])
        if c.get("klopfen"):
            setup["klopfen"] = sorted(int(seat) for seat in c["klopfen"])
        elif "klopfen" in form.fields:
            setup["klopfen"] = []
        if "schwarz_claimed" in form.fields:
            setup["schwarz_claimed"] = bool(c.get("schwarz_claimed"))
        return setup

    def missing_setup(self, draft):
        setup = draft["setup"]
        missing = [] if setup.get("contract") else [_("the game played")]
        missing += [
            str(label) for key, label in WHO_KEYS.items() if key in setup and setup[key] is None
        ]
        return missing

    def setup_facts(self, draft):
        setup, names = draft["setup"], draft["players"]
        facts = []
        if "dealer" in setup:
            facts.append((_("Dealer"), names[setup["dealer"]]))
        else:
            facts.append((_("Leads first"), names[setup["leader"]]))
        contract = setup.get("contract")
        if contract:
            facts.append((_("Game"), contract_label(self.label_data(contract))))
            if contract.get("declarer") is not None:
                facts.append((_("Declarer"), names[contract["declarer"]]))
        for key, label in (("stoss", _("Stoß")), ("retour", _("Retour"))):
            if setup.get(key) is not None:
                facts.append((label, names[setup[key]]))
        if setup.get("klopfen"):
            facts.append((_("Knocked"), ", ".join(names[seat] for seat in setup["klopfen"])))
        return facts

    @staticmethod
    def label_data(contract: dict) -> dict:
        return {
            "contract": contract["type"],
            "called": contract.get("called"),
            "suit": contract.get("suit"),
        }

    def fixed_facts(self, draft):
        return {key: draft["setup"][key] for key in ("dealer", "leader") if key in draft["setup"]}

    # --- the State -------------------------------------------------------------------------
    def new_state(self, draft, settings):
        record = self.build_record(draft)
        keys = read_game_keys(record, settings)
        return SchafkopfState(
            keys["contract"],
            settings,
            leader=keys["leader"],
            hands=record.get("hands"),
            players=draft["players"],
            stoss=keys.get("stoss"),
            retour=keys.get("retour"),
            klopfen=keys.get("klopfen", ()),
            schwarz_claimed=keys.get("schwarz_claimed", False),
        )

    def prompt(self, state, names):
        if state.to_play is None:
            return _("The game is complete.")
        values = {"name": names[state.to_play], "n": state.trick_number}
        if not state.current:
            return _("Trick %(n)s: %(name)s leads.") % values
        return _("Trick %(n)s: %(name)s plays.") % values

    def running(self, state, draft):
        names = draft["players"]
        facts = []
        party = state.declaring_party
        if party and state.partner_known:
            augen = state.augen_per_seat()
            declaring = sum(augen[seat] for seat in party)
            facts.append(
                (
                    _("Augen"),
                    _("%(party)s %(declaring)s : %(opponents)s others")
                    % {
                        "party": " + ".join(names[seat] for seat in party),
                        "declaring": declaring,
                        "opponents": sum(augen) - declaring,
                    },
                )
            )
        return ResultView(
            facts=facts,
            columns=[
                Column(_("Augen"), state.augen_per_seat()),
                Column(_("Tricks"), state.tricks_per_seat()),
            ],
        )

    def result_view(self, result, draft):
        names = draft["players"]
        contract = result["contract"]
        view = ResultView()
        view.facts.append((_("Game"), contract_label(self.label_data(contract))))
        if contract["type"] == RAMSCH:
            view.facts.append((_("Lost"), ", ".join(names[s] for s in result["losers"]) or "–"))
            if result["jungfrauen"]:
                view.facts.append(
                    (_("Jungfrau"), ", ".join(names[s] for s in result["jungfrauen"]))
                )
        else:
            party = ", ".join(names[seat] for seat in result["declaring_party"])
            view.facts.append((_("Declaring party"), party))
            if result["augen"] is not None:
                augen = result["augen"]
                view.facts.append((_("Augen"), f"{augen['declaring']} : {augen['opponents']}"))
            key = outcome_key(result["won"], result["schneider"], result["schwarz"])
            view.facts.append((_("Result"), str(OUTCOME_NAMES[key])))
            if result["laufende"]:
                view.facts.append((_("Laufende"), str(result["laufende"])))
            for key, label in (("stoss", _("Stoß")), ("retour", _("Retour"))):
                if result.get(key) is not None:
                    view.facts.append((label, names[result[key]]))
        if result["multiplier"] > 1:
            view.facts.append((_("Multiplier"), f"×{result['multiplier']}"))
        view.columns = [
            Column(_("Augen"), result["augen_per_seat"]),
            Column(_("Tricks"), result["tricks_per_seat"]),
            Column(_("Score"), result["scores"], "score"),
        ]
        if result.get("offender") is not None:
            view.columns.append(Column(_("Offender pays"), result["penalty_scores"], "score"))
            offender = {"name": names[result["offender"]]}
            if contract["type"] == RAMSCH:
                # The sheet's Ramsch has no misplay (scoring/pads/schafkopf/misplay.py).
                note = _(
                    "This profile scores a misplay as lost by the offender (%(name)s), but "
                    "the scorepad records no misplay in a Ramsch: applying stores the game "
                    "as played."
                )
            else:
                note = _(
                    "This profile scores a misplay as lost by the offender (%(name)s), who "
                    "pays alone. When applying, choose the misplay (the tournament rule, "
                    "preselected) or the game as played."
                )
            view.notes.append(note % offender)
        return view
