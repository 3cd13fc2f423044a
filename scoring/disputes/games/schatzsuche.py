"""Schatzsuche disputes: trump card, bids (and round 10's golden card) as the setup."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from ...pads.base import choice_field, int_field
from ...pads.schatzsuche import RANK_CHOICES, SUIT_CHOICES, card_name
from ...rules.schatzsuche import CODES, ROUNDS, parse_card, read_round
from .base import Column, GameAdapter, ResultView


def card_choices() -> list[tuple[str, str]]:
    """The 32 cards by name, in the user's language (so made per form, not at import)."""
    return [("", "–"), *((code, card_name(code)) for code in CODES)]


class SchatzsucheSetupForm(forms.Form):
    def __init__(self, *args, names: list[str], round_number: int, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.round_number = round_number
        f = self.fields
        f["trump_card"] = choice_field(_("Turned trump card"), card_choices())
        for seat, name in enumerate(names):
            f[f"bid_{seat}"] = int_field(_("Bid of %(name)s") % {"name": name}, 0, round_number)
        if round_number == ROUNDS:
            f["golden_card"] = choice_field(_("Golden card"), card_choices())
            for seat, name in enumerate(names):
                f[f"guess_suit_{seat}"] = choice_field(
                    _("Golden card guess of %(name)s (suit)") % {"name": name}, SUIT_CHOICES
                )
                f[f"guess_rank_{seat}"] = choice_field(
                    _("Golden card guess of %(name)s (rank)") % {"name": name}, RANK_CHOICES
                )

    def bid_fields(self):
        return [self[f"bid_{seat}"] for seat in range(len(self.names))]

    def guess_fields(self):
        if self.round_number != ROUNDS:
            return []
        return [
            (name, self[f"guess_suit_{seat}"], self[f"guess_rank_{seat}"])
            for seat, name in enumerate(self.names)
        ]

    def clean(self):
        cleaned = super().clean()
        golden, trump = cleaned.get("golden_card"), cleaned.get("trump_card")
        if golden and golden == trump:
            self.add_error(
                "golden_card",
                _("Golden card: it cannot be the turned trump card %(card)s.") % {"card": trump},
            )
        return cleaned


class SchatzsucheAdapter(GameAdapter):
    game = "schatzsuche"
    setup_keys = ("dealer", "round", "trump_card", "bids", "golden")

    def deck(self, draft):
        return list(CODES)

    def deck_order(self):
        return list(CODES)

    def hand_size(self, draft):
        return draft["setup"]["round"]

    def tricks_in_round(self, draft):
        return draft["setup"]["round"]

    def out_of_hands(self, draft):
        setup = draft["setup"]
        out = {}
        if setup.get("trump_card"):
            out[setup["trump_card"]] = _("the turned trump card")
        golden = setup.get("golden") or {}
        if golden.get("card"):
            out[golden["card"]] = _("the golden card")
        return out

    def normalise_card(self, draft, text):
        try:
            return parse_card(text)  # also the German D (Dame) and B (Bube)
        except ValueError:
            return None

    # --- setup -------------------------------------------------------------------------------
    def setup_form(self, draft, data=None):
        setup = draft["setup"]
        initial = {"trump_card": setup.get("trump_card") or ""}
        for seat, bid in enumerate(setup.get("bids") or []):
            initial[f"bid_{seat}"] = bid
        golden = setup.get("golden")
        if golden:
            initial["golden_card"] = golden.get("card") or ""
            for seat, guess in enumerate(golden.get("guesses") or []):
                initial[f"guess_suit_{seat}"] = guess.get("suit") or ""
                initial[f"guess_rank_{seat}"] = guess.get("rank") or ""
        return SchatzsucheSetupForm(
            data, initial=initial, names=draft["players"], round_number=setup["round"]
        )

    def setup_from_form(self, draft, form):
        c = form.cleaned_data
        seats = range(len(draft["players"]))
        setup = {
            "dealer": draft["setup"]["dealer"],
            "round": draft["setup"]["round"],
            "trump_card": c["trump_card"],
            "bids": [c[f"bid_{seat}"] for seat in seats],
        }
        if setup["round"] == ROUNDS:
            setup["golden"] = {
                "card": c["golden_card"],
                "guesses": [
                    {"suit": c[f"guess_suit_{seat}"], "rank": c[f"guess_rank_{seat}"]}
                    for seat in seats
                ],
            }
        return setup

    def missing_setup(self, draft):
        setup = draft["setup"]
        missing = []
        if not setup.get("trump_card"):
            missing.append(_("the turned trump card"))
        if any(bid is None for bid in setup.get("bids") or [None]):
            missing.append(_("the bids"))
        if setup["round"] == ROUNDS:
            golden = setup.get("golden") or {}
            if not golden.get("card"):
                missing.append(_("the golden card"))
            guesses = golden.get("guesses") or [None]
            if not all(guess and guess.get("suit") and guess.get("rank") for guess in guesses):
                missing.append(_("the golden card guesses"))
        return missing

    def setup_facts(self, draft):
        setup, names = draft["setup"], draft["players"]
        facts = [
            (_("Round"), str(setup["round"])),
            (_("Dealer"), names[setup["dealer"]]),
            (_("Turned trump card"), card_name(setup.get("trump_card"))),
        ]
        bids = setup.get("bids") or []
        facts.append(
            (
                _("Bids"),
                ", ".join(
                    f"{name} {'–' if bid is None else bid}"
                    for name, bid in zip(names, bids, strict=False)
                ),
            )
        )
        golden = setup.get("golden")
        if golden:
            facts.append((_("Golden card"), card_name(golden.get("card"))))
        return facts

    def fixed_facts(self, draft):
        return {key: draft["setup"][key] for key in ("dealer", "round")}

    # --- the State ---------------------------------------------------------------------------
    def new_state(self, draft, settings):
        record = self.build_record(draft)
        record["plays"] = []
        state, _plays = read_round(record, settings)
        return state

    def prompt(self, state, names):
        if state.to_play is None:
            return _("The round is complete.")
        values = {"name": names[state.to_play], "n": state.trick_number}
        if not state.trick:
            return _("Trick %(n)s: %(name)s leads.") % values
        return _("Trick %(n)s: %(name)s plays.") % values

    def board_facts(self, state, draft):
        return [(_("Turned trump card"), card_name(draft["setup"]["trump_card"]))]

    def running(self, state, draft):
        return ResultView(
            columns=[
                Column(_("Bid"), list(state.bids)),
                Column(_("Tricks"), list(state.tricks_won)),
            ]
        )

    def result_view(self, result, draft):
        view = ResultView(
            facts=[(_("Turned trump card"), card_name(draft["setup"]["trump_card"]))],
            columns=[Column(_("Bid"), result["bids"]), Column(_("Tricks"), result["tricks_won"])],
        )
        if result["golden_card"]:
            view.facts.append((_("Golden card"), card_name(result["golden_card"])))
            view.columns.append(Column(_("Golden card"), result["golden_bonus"]))
        if any(result["penalties"]):
            view.columns.append(Column(_("Revokes"), result["penalties"]))
            view.notes.append(_("Each revoke costs 30 points at the end of the game (Farbkarten)."))
        view.columns.append(Column(_("Score"), result["scores"], "score"))
        return view
