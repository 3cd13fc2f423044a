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
    RAMSCH,
    RUFSPIEL,
    contract_label,
    outcome_key,
    suit_name,
)
from ...rules.core import RecordError
from ...rules.schafkopf import DECK
from ...rules.schafkopf import State as SchafkopfState
from ...rules.schafkopf.cards import LONG_DECK, SUITS
from ...rules.schafkopf.contracts import (
    ALL_TYPES,
    BETTEL_TYPES,
    CALLABLE_SUITS,
    SIE,
    SUITED,
    WITH_SUIT,
    parse_contract,
)
from ...rules.schafkopf.house import HouseRules, house_rules
from ...rules.schafkopf.record import SEATS, read_game_keys
from .base import Column, GameAdapter, ResultView, seat_choices

# Keys whose value None means "the sheet has it, but not who": the arbiter must say.
WHO_KEYS = {
    "stoss": gettext_lazy("who said Stoß"),
    "retour": gettext_lazy("who said Retour"),
    "klopfen": gettext_lazy("who knocked"),
}


def offered_contracts(house: HouseRules) -> list[str]:
    """The games this table's profile plays, in the engine's order, a Ramsch last."""
    played = [kind for kind in ALL_TYPES if kind in house.offered and kind != RAMSCH]
    return played + ([RAMSCH] if RAMSCH in house.offered else [])


class SchafkopfSetupForm(forms.Form):
    def __init__(self, *args, names: list[str], settings: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        contracts = offered_contracts(house_rules(settings))
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
        # Solo, Farbwenz and Farbgeier each name a trump suit; a table without the house
        # games keeps the Solo's word for it.
        suited = any(kind in SUITED for kind in contracts if kind not in WITH_SUIT)
        f["suit"] = choice_field(
            _("Trump suit") if suited else _("Solo suit"),
            [("", "–"), *((s, suit_name(s)) for s in SUITS)],
            required=False,
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
        if contract and contract != RAMSCH and not cleaned.get("declarer"):
            self.add_error("declarer", _("Declarer: choose who played the game."))
        if contract == RUFSPIEL and not cleaned.get("called"):
            self.add_error(
                "called", _("Called Sau: a Rufspiel calls the Eichel, Gras or Schellen-Sau.")
            )
        if contract in WITH_SUIT and not cleaned.get("suit"):
            self.add_error("suit", _("Solo suit: choose the trump suit of the Solo."))
        elif contract in SUITED and not cleaned.get("suit"):
            self.add_error(
                "suit",
                _("Trump suit: a %(game)s is played in a suit; choose it.")
                % {"game": CONTRACT_NAMES[contract]},
            )
        if cleaned.get("retour") and not cleaned.get("stoss"):
            self.add_error("retour", _("Retour: only after somebody said Stoß."))
        return cleaned


class SchafkopfAdapter(GameAdapter):
    game = "schafkopf"
    setup_keys = ("dealer", "leader", "contract", "stoss", "retour", "klopfen", "schwarz_claimed")

    def house(self, draft) -> HouseRules:
        """The table's house rules: the deck dealt and the games offered."""
        return house_rules(self.resolved(draft))

    def deck(self, draft):
        return list(self.house(draft).deck.cards)

    def deck_order(self):
        return list(DECK)

    def not_a_card(self, draft, code):
        card = code.strip().upper()
        if card in LONG_DECK.index and card not in self.house(draft).deck.index:
            return _("%(card)s is not a card of the short deck (no 8s and 7s).") % {"card": card}
        return None

    def hand_size(self, draft):
        return self.house(draft).deck.tricks

    def tricks_in_round(self, draft):
        if (draft["setup"].get("contract") or {}).get("type") == SIE:
            return 0
        return self.hand_size(draft)

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
        if kind in SUITED:
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
        if not missing:
            missing = self.contract_gaps(draft)
        missing += [
            str(label) for key, label in WHO_KEYS.items() if key in setup and setup[key] is None
        ]
        return missing

    def contract_gaps(self, draft) -> list[str]:
        """What the engine still needs to know of the prefilled game: the sheet may lack
        a game's trump suit, or name a game this profile does not play (its rules were
        changed since), which only the deal's form can put right."""
        try:
            parse_contract(draft["setup"]["contract"], SEATS, self.house(draft).offered)
        except RecordError as error:
            if error.key == "contract.suit":
                return [_("the trump suit")]
            if error.key == "contract.called":
                return [_("the called Sau")]
            return [_("the game played")]
        return []

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
        if state.contract.is_bettel:
            # A Bettel counts tricks, not Augen: the declarer must take none.
            return ResultView(
                facts=self.bettel_facts(state, names),
                columns=[Column(_("Tricks"), state.tricks_per_seat())],
            )
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

    def bettel_facts(self, state, names) -> list[tuple[str, str]]:
        """Where a Bettel stands: the declarer has taken no trick yet, or which trick lost
        it (the record may go on; what follows changes nothing)."""
        declarer = {"name": names[state.contract.declarer]}
        if state.decided_in is None:
            return [(_("Bettel"), _("%(name)s has taken no trick yet.") % declarer)]
        lost = _(
            "lost in trick %(n)s, the first trick of %(name)s; cards after it are still "
            "checked but change nothing."
        )
        return [(_("Bettel"), lost % {**declarer, "n": state.decided_in})]

    def board_facts(self, state, draft):
        return self.bettel_facts(state, draft["players"]) if state.contract.is_bettel else []

    def sheet_data(self, data):
        # The pad's data_from_verdict passes on the Augen the verdict counts, but the sheet
        # keeps none for a Bettel (won or lost by tricks alone) and its form refuses them.
        if data.get("contract") in BETTEL_TYPES and data.get("augen") is not None:
            return {**data, "augen": None}
        return data

    def deciding_trick(self, result, draft):
        if result.get("decided_in") is None:
            return None
        name = draft["players"][result["contract"]["declarer"]]
        lost = _("Here the declarer lost the Bettel: the first trick of %(name)s.")
        return result["decided_in"], lost % {"name": name}

    def result_view(self, result, draft):
        names = draft["players"]
        contract = result["contract"]
        view = ResultView()
        view.facts.append((_("Game"), contract_label(self.label_data(contract))))
        bettel = contract["type"] in BETTEL_TYPES  # decided by tricks: no Augen, no Laufende
        if bettel:
            view.facts.append((_("Declarer"), names[contract["declarer"]]))
            key = outcome_key(result["won"], False, False)
            view.facts.append((_("Result"), str(OUTCOME_NAMES[key])))
            if result["decided_in"] is not None:
                view.facts.append((_("Decided in"), _("trick %(n)s") % {"n": result["decided_in"]}))
        elif contract["type"] == RAMSCH:
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
        augen = [] if bettel else [Column(_("Augen"), result["augen_per_seat"])]
        view.columns = [
            *augen,
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
