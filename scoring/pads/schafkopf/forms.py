"""Forms of the Schafkopf scorepad: starting a table (with a custom profile) and one game.

Every check of an entered game is the engine's (``check_entry``, ``check_ramsch_entry``);
the form only turns the taps into the engine's arguments and its problems into messages.
"""

from __future__ import annotations

import json
from decimal import Decimal

from django import forms
from django.utils.formats import number_format
from django.utils.translation import gettext_lazy as _

from ...rules.core import RecordError
from ...rules.schafkopf import (
    DEFAULT_PROFILE,
    PROFILES,
    SETTING_SPECS,
    check_entry,
    check_profile,
    counted_laufende,
    outcome_from_augen,
)
from ...rules.schafkopf.cards import SUITS
from ...rules.schafkopf.contracts import BETTEL_TYPES, CALLABLE_SUITS, GEIER_TYPES, WENZ_TYPES
from ...rules.schafkopf.contracts import TOUTS as TOUT_CONTRACTS
from ...rules.schafkopf.entry import check_ramsch_entry
from ...rules.schafkopf.house import house_rules
from ..base import EntryForm, choice_field, choice_messages, int_field
from ..tables import TableForm
from . import game as played_game
from . import misplay, problems
from .labels import (
    CHOICE_NAMES,
    CONTRACT_NAMES,
    HOUSE_GAMES,
    NO,
    NONE,
    OUTCOME_NAMES,
    OUTCOMES,
    PLAYED,
    PRESET_NAMES,
    RAMSCH,
    SETTING_GROUPS,
    SETTING_LABELS,
    SIE,
    SOURCE_GAMES,
    THROWN_IN,
    WITH_SUIT,
    YES,
    suit_name,
)

MEDIA_CSS = {"all": ["css/schafkopf.css"]}
MEDIA_JS = ["js/schafkopf.js"]
MISPLAY_FIELDS = ("misplay", "misplay_reached")  # only where the profile says offender_pays

# Settings the creation form offers (money per unit has its own field).
RULE_KEYS = tuple(key for key in SETTING_LABELS if key != "cents_per_unit")
MAX_MONEY = Decimal("10000")


class PresetRadioSelect(forms.RadioSelect):
    """Preset chips; each carries its settings so the page can show what "as preset" means."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in PROFILES:
            option["attrs"]["data-settings"] = json.dumps(dict(PROFILES[value]))
        return option


def as_chips(field: forms.ChoiceField, **attrs) -> forms.ChoiceField:
    """Show a choice field as chips (radio buttons); a new widget needs the choices again."""
    field.widget = forms.RadioSelect(attrs={"class": "chip-input", **attrs})
    field.widget.choices = field.choices
    return field


# A list setting's two answers besides its values: as the preset says, or none of them.
AS_PRESET, NONE_OF_THEM = "", "none"
# The values a list setting offers: the house games (the guide's are always played).
LIST_VALUES = {"contracts": HOUSE_GAMES}


def setting_field(key: str) -> forms.Field:
    """A form field for one profile setting; empty keeps the preset's value."""
    kind, allowed = SETTING_SPECS[key]
    label = SETTING_LABELS[key]
    as_preset = [("", _("as preset"))]
    if kind == "list":
        # Ticks: "as preset" (the default), "none", or the values themselves.
        values = LIST_VALUES.get(key, allowed[0])
        choices = [*as_preset, (NONE_OF_THEM, NONE)]
        choices += [(value, CHOICE_NAMES[key][value]) for value in values]
        return forms.MultipleChoiceField(
            label=label,
            choices=choices,
            required=False,
            initial=[AS_PRESET],
            error_messages=choice_messages(label),
            widget=forms.CheckboxSelectMultiple(
                attrs={"class": "chip-input", "data-setting": key, "data-list": "1"}
            ),
        )
    if kind == "int":
        low, high, _nullable = allowed
        field = int_field(label, low, high, required=False)
        field.widget.attrs["placeholder"] = _("as preset")
        field.widget.attrs["data-setting"] = key
        return field
    if kind == "bool":
        choices = [*as_preset, ("yes", YES), ("no", NO)]
    else:
        choices = [*as_preset, *((value, CHOICE_NAMES[key][value]) for value in allowed)]
    return as_chips(choice_field(label, choices, required=False), **{"data-setting": key})


def list_choice(key: str, ticked: list[str], preset: list[str]) -> list[str] | None:
    """A list setting from its ticks: the values ticked, else [] for "none", else None (as
    the preset says). ``contracts`` keeps the preset's games of the guide."""
    values = [value for value in ticked if value not in (AS_PRESET, NONE_OF_THEM)]
    if not values and NONE_OF_THEM not in ticked:
        return None
    if key == "contracts":
        return [kind for kind in preset if kind in SOURCE_GAMES] + values
    return values


class SchafkopfTableForm(TableForm):
    player_count = 5
    min_players = 4
    rule_field_names = RULE_KEYS

    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"),
        coerce=int,
        choices=[(seat, seat + 1) for seat in range(5)],  # named per request in __init__
        initial=0,
        widget=forms.RadioSelect(attrs={"data-seat-names": "1", "class": "chip-input"}),
    )
    preset = forms.ChoiceField(
        label=_("Tariff"),
        choices=list(PRESET_NAMES.items()),
        initial=DEFAULT_PROFILE,
        widget=PresetRadioSelect(attrs={"class": "chip-input"}),
    )
    money = forms.DecimalField(
        label=_("Money per unit in €"),  # with an example in the user's format per request
        required=False,
        min_value=Decimal("0"),
        max_value=MAX_MONEY,
        decimal_places=2,
        localize=True,
        widget=forms.TextInput(attrs={"inputmode": "decimal", "autocomplete": "off"}),
        error_messages={
            "max_decimal_places": _("Money per unit: at most two decimals (whole cents)."),
            "max_digits": _("Money per unit: at most 10000 €."),
            "max_value": _("Money per unit: at most 10000 €."),
            "min_value": _("Money per unit: cannot be negative."),
        },
    )

    class Media:
        css = MEDIA_CSS
        js = MEDIA_JS

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Texts with values filled in are made per request, in the user's language.
        first_dealer = self.fields["first_dealer"]
        first_dealer.choices = [(seat, _("Player %(n)s") % {"n": seat + 1}) for seat in range(5)]
        example = number_format(Decimal("0.10"), decimal_pos=2, use_l10n=True)
        money = self.fields["money"]
        money.label = _("Money per unit in € (optional, e.g. %(example)s)") % {"example": example}
        money.error_messages["invalid"] = _(
            "Money per unit: a sum in euros such as %(example)s."
        ) % {"example": example}
        for key in RULE_KEYS:
            self.fields[key] = setting_field(key)

    def rule_groups(self):
        """The house-rule fields as a table talks about them: (legend, fields)."""
        return [
            (legend, [self[key] for key in keys if key in self.fields])
            for legend, keys in SETTING_GROUPS
        ]

    def clean(self):
        cleaned = super().clean()
        self.clean_first_dealer_seat(cleaned)
        preset = cleaned.get("preset")
        if preset in PROFILES:
            self.clean_profile(cleaned, preset)
        return cleaned

    def clean_first_dealer_seat(self, cleaned) -> None:
        """The first dealer must be one of the players (the fifth seat may stay empty)."""
        chosen = cleaned.get("first_dealer")
        if chosen is None:
            return
        if not (cleaned.get(f"player_{chosen}") or "").strip():
            self.add_error(
                "first_dealer",
                _("First dealer: player %(n)s has no name; choose one of the players.")
                % {"n": chosen + 1},
            )
            return
        # Only the last seat may stay empty, so the chosen seat keeps its number.
        cleaned["first_dealer_seat"] = chosen

    def clean_profile(self, cleaned, preset: str) -> None:
        profile = dict(PROFILES[preset])
        for key in RULE_KEYS:
            value = cleaned.get(key)
            if SETTING_SPECS[key][0] == "list":
                chosen = list_choice(key, value or [], profile[key])
                if chosen is not None:
                    profile[key] = chosen
                continue
            if value is None or value == "":
                continue
            profile[key] = value == "yes" if SETTING_SPECS[key][0] == "bool" else value
        profile["cents_per_unit"] = self.cents_per_unit(profile["unit"], cleaned.get("money"))
        low, cap = profile["laufende_from"], profile["laufende_cap"]
        if profile["laufende_price"] and cap < low:
            self.add_error(
                "laufende_cap",
                _(
                    "Laufende: at most %(cap)s is below the threshold of %(low)s, so "
                    "Laufende could never be paid."
                )
                % {"cap": cap, "low": low},
            )
        try:
            check_profile(profile)
        except RecordError as error:
            key = error.key.removeprefix("settings.")
            self.add_error(
                key if key in self.fields else None,
                _("%(field)s: not allowed (%(detail)s).")
                % {"field": SETTING_LABELS.get(key, key), "detail": error},
            )
            return
        cleaned["profile"] = profile
        same = all(profile[key] == PROFILES[preset][key] for key in RULE_KEYS)
        cleaned["profile_name"] = preset if same else f"{preset}+custom"

    def cents_per_unit(self, unit: str, money: Decimal | None) -> int | None:
        if unit == "point":
            if money:
                self.add_error(
                    "money", _("Money per unit: tournament points are not played for money.")
                )
            return None
        if unit == "cent":
            if money and money != Decimal("0.01"):
                self.add_error(
                    "money",
                    _("Money per unit: the tariff is in cents, so one unit is 0,01 €."),
                )
            return 1
        return int(money * 100) if money else None


class OutcomeChips(forms.RadioSelect):
    """The result chips; Schneider and Schwarz are hidden in a Bettel, which knows neither."""

    def create_option(self, name, value, label, selected, index, subindex=None, attrs=None):
        option = super().create_option(name, value, label, selected, index, subindex, attrs)
        if value in OUTCOMES and OUTCOMES[value][1]:
            option["attrs"]["data-hide"] = " ".join(BETTEL_TYPES)
        return option


class SchafkopfEntryForm(EntryForm):
    """One game: contract, players, result, doublings — or a Ramsch, or a thrown-in deal."""

    class Media:
        js = MEDIA_JS

    def __init__(
        self,
        *args,
        round_number: int,
        players: list[str],
        settings: dict,
        dealer: int,
        sitting_out: int | None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.round_number = round_number
        self.players = players
        self.settings = settings
        self.dealer = dealer
        self.sitting_out = sitting_out
        self.active = [seat for seat in range(len(players)) if seat != sitting_out]
        seat_choices = [(str(seat), players[seat]) for seat in self.active]
        passed = settings["passed_deal"]
        offered = house_rules(settings).offered
        contracts = [kind for kind in PLAYED if kind in offered]
        if passed in ("next_dealer", "same_dealer", "stock"):
            contracts.append(THROWN_IN)
        elif passed == "ramsch":
            contracts.append(RAMSCH)
        f = self.fields
        f["contract"] = choice_field(
            _("Game"), [(c, CONTRACT_NAMES[c]) for c in contracts], required=True
        )
        # Optional chip groups start at "none": without JavaScript every group is shown, and
        # a chip tapped by mistake can be taken back (the page's script hides these).
        none = [("", NONE)]
        f["called"] = choice_field(
            _("Called Sau"), [*none, *((s, suit_name(s)) for s in CALLABLE_SUITS)], required=False
        )
        f["suit"] = choice_field(
            _("Solo suit"), [*none, *((s, suit_name(s)) for s in SUITS)], required=False
        )
        f["declarer"] = choice_field(_("Declarer"), [*none, *seat_choices], required=False)
        f["partner"] = choice_field(
            _("Partner (had the called Sau)"), [*none, *seat_choices], required=False
        )
        f["outcome"] = choice_field(_("Result"), [*none, *OUTCOME_NAMES.items()], required=False)
        self.contracts = contracts
        f["augen"] = int_field(_("Augen"), 0, 120, required=False)
        if misplay.offered(settings):
            f["misplay"] = choice_field(_("Misplay by"), [*none, *seat_choices], required=False)
            # A seat that is not offered is a sitting-out dealer or no seat of this table.
            f["misplay"].error_messages["invalid_choice"] = problems.message(
                "seat_invalid", field=f["misplay"].label
            )
            f["misplay_reached"] = choice_field(
                _("Already reached by the other party"),
                list(misplay.REACHED_NAMES.items()),
                required=False,
            )
        if settings["schwarz_must_be_claimed"]:
            f["schwarz_claimed"] = forms.BooleanField(label=_("Schwarz claimed"), required=False)
        if settings["laufende_price"]:
            f["laufende"] = int_field(_("Laufende"), 0, 14, required=False)
        if settings["allow_stoss"]:
            f["stoss"] = forms.BooleanField(label=_("Stoß (×2)"), required=False)
        if settings["allow_retour"]:
            f["retour"] = forms.BooleanField(label=_("Retour (×4)"), required=False)
        if settings["allow_klopfen"]:
            f["klopfen"] = forms.TypedChoiceField(
                label=_("Klopfen (each ×2)"),
                choices=[(n, str(n)) for n in range(5)],
                coerce=int,
                required=False,
                initial=0,
            )
        if passed == "ramsch":
            for seat in self.active:
                f[f"ramsch_{seat}"] = int_field(
                    _("Augen of %(name)s") % {"name": players[seat]}, 0, 120, required=False
                )
            f["jungfrau"] = forms.MultipleChoiceField(
                label=_("Jungfrau (took no trick)"),
                choices=seat_choices,
                required=False,
                widget=forms.CheckboxSelectMultiple(attrs={"class": "chip-input"}),
            )
        chips = ("contract", "called", "suit", "declarer", "partner", "outcome", "klopfen")
        for name in (*chips, *MISPLAY_FIELDS):
            if name in f:
                as_chips(f[name])
        f["outcome"].widget = OutcomeChips(attrs=f["outcome"].widget.attrs)
        f["outcome"].widget.choices = f["outcome"].choices
        for name in ("stoss", "retour", "schwarz_claimed"):
            if name in f:
                f[name].widget.attrs["class"] = "chip-input"
        self.game: dict | None = None

    # --- groups for the template ------------------------------------------------------------
    def ramsch_fields(self):
        return [
            (self.players[seat], self[f"ramsch_{seat}"])
            for seat in self.active
            if f"ramsch_{seat}" in self.fields
        ]

    def shown_for(self) -> dict[str, str]:
        """Which offered games show each part of the form (for the page's script)."""
        played = [kind for kind in self.contracts if kind in PLAYED]
        tapped = [kind for kind in played if kind != SIE]
        return {
            "suit": " ".join(kind for kind in played if kind in WITH_SUIT),
            "played": " ".join(played),
            "result": " ".join(tapped),
            "counted": " ".join(kind for kind in tapped if kind not in BETTEL_TYPES),
            "no_laufende": " ".join([SIE, *BETTEL_TYPES]),
            "klopfen": " ".join([*played, RAMSCH]),
        }

    def doubling_fields(self):
        return [self[name] for name in ("stoss", "retour") if name in self.fields]

    def schneider_contracts(self) -> str:
        """The contracts in which Schneider/Schwarz count (for the page's script)."""
        played = [c for c in self.contracts if c in PLAYED]
        return " ".join(c for c in played if misplay.schneider_counts(self.settings, c))

    # --- checks -----------------------------------------------------------------------------
    def clean(self):
        cleaned = super().clean()
        contract = cleaned.get("contract")
        if not misplay.offered(self.settings) and any(self.data.get(n) for n in MISPLAY_FIELDS):
            # The fields are not offered; a post naming them must not pass unnoticed.
            self.add_error(None, problems.message("misplay_not_played"))
        if not contract or self.errors:
            return cleaned
        if contract == THROWN_IN:
            self.refuse_filled(self.game_field_names() + self.ramsch_field_names(), contract)
            game = {"contract": THROWN_IN}
        elif contract == RAMSCH:
            self.refuse_filled(self.game_field_names(), contract)
            game = self.clean_ramsch(cleaned)
        else:
            self.refuse_filled(self.ramsch_field_names(), contract)
            game = self.clean_game(cleaned, contract)
        if game is not None and not self.errors:
            self.game = {"dealer": self.dealer, "sitting_out": self.sitting_out, **game}
        return cleaned

    def game_field_names(self) -> list[str]:
        names = ["called", "suit", "declarer", "partner", "outcome", "augen", "laufende"]
        names += ["stoss", "retour", "schwarz_claimed", *MISPLAY_FIELDS]
        return [name for name in names if name in self.fields]

    def ramsch_field_names(self) -> list[str]:
        return [name for name in self.fields if name.startswith("ramsch_") or name == "jungfrau"]

    def refuse_filled(self, names: list[str], contract: str) -> None:
        rule = {THROWN_IN: "not_in_thrown_in", RAMSCH: "not_in_ramsch"}.get(contract, "not_in_game")
        for name in names:
            if self.cleaned_data.get(name) not in (None, "", False, []):
                # A Ramsch or a thrown-in deal has no misplay to score: say so, not just "empty".
                refused = f"misplay_{rule}" if name in MISPLAY_FIELDS else rule
                self.add_error(
                    name,
                    problems.message(
                        refused, field=self.fields[name].label, game=CONTRACT_NAMES[contract]
                    ),
                )

    def seat(self, name: str) -> int | None:
        value = self.cleaned_data.get(name)
        return int(value) if value not in (None, "") else None

    def clean_game(self, cleaned, contract: str) -> dict | None:
        settings = self.settings
        tapped = cleaned.get("outcome") or None
        won, schneider, schwarz = OUTCOMES[tapped] if tapped else (None, False, False)
        if contract == SIE and won is None:
            won = True  # a Sie is shown and won without play
        augen = cleaned.get("augen")
        laufende = cleaned.get("laufende")
        if laufende is None:
            # A Sie holds every Ober and Unter: 8 Laufende, as far as the profile counts them.
            laufende = counted_laufende(settings, SIE, 8) if contract == SIE else 0
        entry = {
            "contract": contract,
            "declarer": self.seat("declarer"),
            "partner": self.seat("partner"),
            "called": cleaned.get("called") or None,
            "suit": cleaned.get("suit") or None,
            "augen": augen,
            "result": tapped,
            "laufende": laufende,
            "stoss": bool(cleaned.get("stoss")),
            "retour": bool(cleaned.get("retour")),
            "klopfen": cleaned.get("klopfen") or 0,
        }
        offender = self.seat("misplay")
        reached = cleaned.get("misplay_reached") or ""
        outcome = {"augen": augen, "won": won, "schneider": schneider, "schwarz": schwarz}
        if offender is not None:
            # The misplay decides the game, not the Augen: the engine checks everything else.
            outcome = {"augen": None, "won": True, "schneider": False, "schwarz": False}
        found = check_entry(
            settings,
            contract=contract,
            declarer=entry["declarer"],
            partner=entry["partner"],
            suit=entry["suit"],
            called=entry["called"],
            laufende=laufende,
            stoss=entry["stoss"],
            retour=entry["retour"],
            klopfen=entry["klopfen"],
            players=len(self.players),
            sitting_out=self.sitting_out,
            # What the sheet records beyond settling (called Sau, Solo suit, a Tout's result,
            # a Sie's Laufende, which a disputed Sie on the sheet keeps).
            sheet=True,
            laufende_on_sheet=self.initial.get("laufende"),
            **outcome,
        )
        if offender is not None and offender == entry["declarer"]:
            # A declarer who called a Sau he held himself has no partner: he plays alone and
            # pays alone (the classic misplay of a Rufspiel).
            found = [p for p in found if (p.field, p.rule) != ("partner", "partner_missing")]
        rules = self.misplay_problems(entry, offender, reached)
        for problem in found:
            rule = problem.rule
            if rule == "suit_missing" and contract not in ("solo", "solo_tout"):
                rule = "suit_missing_house"  # a Farbwenz or Farbgeier: not called a Solo
            self.add_problem(problem.field, rule, contract=contract, augen=augen, **problem.params)
        for field, rule in rules:
            self.add_problem(field, rule, contract=contract, augen=augen)
        if found or rules:
            return None
        if offender is None:
            entry.update(self.outcome(contract, won, schneider, schwarz, augen))
        else:
            party = played_game.party(entry)
            entry.update(misplay=offender, **misplay.penalty_outcome(party, offender, reached))
        if "schwarz_claimed" in self.fields:
            entry["schwarz_claimed"] = bool(cleaned.get("schwarz_claimed"))
        return entry

    def misplay_problems(self, entry: dict, offender: int | None, reached: str) -> list:
        """(field, rule) pairs of the misplay fields against the rest of the game."""
        if offender is None:
            return [("misplay_reached", "reached_without_misplay")] if reached else []
        rules = []
        if entry["result"]:
            rules.append(("outcome", "outcome_with_misplay"))
        if entry["augen"] is not None:
            rules.append(("augen", "augen_with_misplay"))
        if reached and not misplay.schneider_counts(
            self.settings, entry["contract"], entry["suit"]
        ):
            rules.append(("misplay_reached", "reached_not_counted"))
        return rules

    @staticmethod
    def outcome(contract, won, schneider, schwarz, augen) -> dict:
        """Won/Schneider/Schwarz: as tapped, else from the Augen by the engine's rule."""
        if won is None and contract in TOUT_CONTRACTS:
            # Fewer than 120 Augen: the other side took a trick, so the Tout is lost.
            won, schneider, schwarz = False, False, False
        elif won is None:
            result = outcome_from_augen(augen, None, contract)
            won, schneider, schwarz = result.won, result.schneider, result.schwarz
        return {"won": won, "schneider": schneider, "schwarz": schwarz}

    def add_problem(self, field: str, rule: str, *, contract: str, augen, **params) -> None:
        """The message of an engine problem (or of a misplay field), on its form field;
        ``params`` are the problem's own (``count`` of ``laufende_sie``)."""
        form_field = problems.FORM_FIELD.get(field)
        if rule == "won_inconsistent" and contract == SIE:
            rule = "won_inconsistent_sie"
        elif rule == "won_inconsistent" and contract in TOUT_CONTRACTS:
            rule = "won_inconsistent_tout"
        settings = self.settings
        wenz_like = contract in WENZ_TYPES or contract in GEIER_TYPES
        values = {
            "game": CONTRACT_NAMES.get(contract, contract),
            "field": self.fields[form_field].label if form_field in self.fields else field,
            "augen": augen,
            "threshold": settings["laufende_from_wenz" if wenz_like else "laufende_from"],
            "cap": settings["laufende_cap"],
            "tricks": house_rules(settings).deck.tricks,
            **params,
        }
        self.add_error(
            form_field if form_field in self.fields else None, problems.message(rule, **values)
        )

    def clean_ramsch(self, cleaned) -> dict | None:
        augen_per_seat: list[int | None] = [None] * len(self.players)
        missing = False
        for seat in self.active:
            augen_per_seat[seat] = cleaned.get(f"ramsch_{seat}")
            if augen_per_seat[seat] is None:
                missing = True
                self.add_error(
                    f"ramsch_{seat}",
                    _("%(field)s: please enter a number.")
                    % {"field": self.fields[f"ramsch_{seat}"].label},
                )
        if missing:
            return None
        jungfrau = sorted(int(seat) for seat in cleaned.get("jungfrau") or [])
        klopfen = cleaned.get("klopfen") or 0
        found = check_ramsch_entry(self.settings, augen_per_seat, jungfrau, klopfen)
        # The engine reports a rule once per offending seat; the form finds the seats itself.
        for field, rule in dict.fromkeys((p.field, p.rule) for p in found):
            self.add_ramsch_problem(field, rule, augen_per_seat, jungfrau)
        if found:
            return None
        return {
            "contract": RAMSCH,
            "augen_per_seat": augen_per_seat,
            "jungfrau": jungfrau,
            "klopfen": klopfen,
        }

    def add_ramsch_problem(self, field, rule, augen_per_seat, jungfrau) -> None:
        if rule == "augen_sum":
            playing = [a for a in augen_per_seat if a is not None]
            self.add_error(None, problems.message(rule, sum=sum(playing)))
        elif field == "augen_per_seat":
            for seat in self.active:
                augen = augen_per_seat[seat]
                if augen in (1, 119) or not 0 <= augen <= 120:
                    name = f"ramsch_{seat}"
                    self.add_error(
                        name, problems.message(rule, field=self.fields[name].label, augen=augen)
                    )
        elif rule == "jungfrau_with_augen":
            for seat in jungfrau:
                if augen_per_seat[seat]:
                    self.add_error("jungfrau", problems.message(rule, name=self.players[seat]))
        else:
            self.add_problem(field, rule, contract=RAMSCH, augen=None)
