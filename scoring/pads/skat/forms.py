"""Forms of the Skat scorepad: a new table (profile, house rules, first dealer) and one game.

Every check of an entered game is the engine's ``check_entry`` (its ``EntryProblem`` worded
in the user's language, on the form field it names); every value is ``score_entry``'s. The
form only turns the taps into the engine's arguments.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from ...rules import skat as rules
from ...rules.core import RecordError
from ..base import (
    EntryForm,
    choice_field,
    choice_messages,
    engine_language,
    int_field,
    sentence,
)
from ..tables import TableForm
from .labels import GAME_NAMES, NULL, OUTCOME_NAMES, OUTCOMES

PROFILE_NAMES = {"isko": _("ISkO (tournament Skat)"), "stammtisch-skat": _("Stammtisch Skat")}
AS_PRESET = ""
YES_NO = {"yes": True, "no": False}
# House rules the creation form offers; every other setting stays the preset's.
RULE_LABELS = {
    "kontra": _("Kontra and Re (each doubles the game)"),
    "ramsch": _("Ramsch when all pass"),
    "bock_rounds": _("Bock rounds (after a lost announced Schneider or a Kontra)"),
    "passed_counts_as_game": _("A passed-out deal counts as a game of the list"),
    "games_per_list_3": _("Games per list at a table of 3"),
    "games_per_list_4": _("Games per list at a table of 4"),
}
RULE_KEYS = tuple(RULE_LABELS)
MAX_BID = rules.BID_VALUES[-1]


def chips(field: forms.Field) -> forms.Field:
    """Show a choice field as big tap targets (radio buttons styled as buttons)."""
    choices = field.choices
    field.widget = forms.RadioSelect(attrs={"class": "chip-input"})
    field.widget.choices = choices
    return field


def toggle(label: str) -> forms.BooleanField:
    return forms.BooleanField(
        label=label, required=False, widget=forms.CheckboxInput(attrs={"class": "chip-input"})
    )


def rule_field(key: str) -> forms.Field:
    label = RULE_LABELS[key]
    kind = rules.SETTING_SPECS[key][0]
    if kind == "int":
        low, high = rules.SETTING_SPECS[key][1]
        field = int_field(label, low, high, required=False)
        field.widget.attrs["placeholder"] = _("as preset")
        return field
    choices = [(AS_PRESET, _("as preset")), ("yes", _("yes")), ("no", _("no"))]
    return chips(choice_field(label, choices, required=False))


class SkatTableForm(TableForm):
    player_count = 4
    min_players = 3
    rule_field_names = RULE_KEYS

    preset = forms.ChoiceField(
        label=_("Rules"),
        choices=list(PROFILE_NAMES.items()),
        initial=rules.DEFAULT_PROFILE,
        widget=forms.RadioSelect(attrs={"class": "chip-input"}),
    )
    first_dealer = forms.TypedChoiceField(
        label=_("First dealer"),
        coerce=int,
        choices=[(seat, seat + 1) for seat in range(4)],  # named per request in __init__
        initial=0,
        widget=forms.RadioSelect(attrs={"data-seat-names": "1", "class": "chip-input"}),
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first_dealer"].choices = [
            (seat, _("Player %(n)s") % {"n": seat + 1}) for seat in range(4)
        ]
        for key in RULE_KEYS:
            self.fields[key] = rule_field(key)
        self.fields["player_3"].label = _(
            "Player 4 (optional; at a table of 4 the dealer sits out each game)"
        )

    def clean(self):
        cleaned = super().clean()
        chosen = cleaned.get("first_dealer")
        if chosen is not None:
            if (cleaned.get(f"player_{chosen}") or "").strip():
                cleaned["first_dealer_seat"] = chosen  # only the 4th seat may stay empty
            else:
                self.add_error(
                    "first_dealer",
                    _("First dealer: player %(n)s has no name; choose one of the players.")
                    % {"n": chosen + 1},
                )
        names = [(cleaned.get(f"player_{seat}") or "").strip() for seat in range(4)]
        if names[3] and not all(names[:3]):
            self.add_error(
                "player_3",
                _("Player 4: fill the seats in order (a table of 3 leaves only seat 4 empty)."),
            )
        preset = cleaned.get("preset")
        if preset in rules.PROFILES:
            self.clean_profile(cleaned, preset)
        return cleaned

    def clean_profile(self, cleaned, preset: str) -> None:
        profile = dict(rules.PROFILES[preset])
        for key in RULE_KEYS:
            value = cleaned.get(key)
            if value in (None, AS_PRESET):
                continue
            profile[key] = YES_NO.get(value, value)
            try:
                rules.check_setting(key, profile[key])
            except RecordError as error:
                self.add_error(key, f"{RULE_LABELS[key]}: {error}")
        cleaned["profile"] = profile
        same = profile == rules.PROFILES[preset]
        cleaned["profile_name"] = preset if same else f"{preset}+custom"


# The engine's field of an entry problem → the form field that shows it.
FORM_FIELD = {
    "declarer": "declarer",
    "game": "game",
    "hand": "hand",
    "schneider_announced": "schneider_announced",
    "schwarz_announced": "schwarz_announced",
    "ouvert": "ouvert",
    "matadors": "matadors",
    "augen": "augen",
    "won": "outcome",
    "schneider": "outcome",
    "schwarz": "outcome",
    "bid": "bid",
    "kontra": "kontra",
    "re": "re",
}
PASSED = "passed"
GAME_FIELDS = ("game", "hand", "schneider_announced", "schwarz_announced", "ouvert")
GAME_FIELDS += ("outcome", "augen", "bid", "kontra", "re")


class SkatEntryForm(EntryForm):
    """One game of the list: declarer (or eingepasst), game, Hand and announcements, mit/ohne,
    the declarer's Augen or won/lost, Kontra/Re where played, the bid (18 when empty)."""

    def __init__(
        self,
        *args,
        round_number: int,
        players: list[str],
        settings: dict,
        dealer: int,
        bock: bool = False,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.round_number = round_number
        self.players = players
        self.settings = settings
        self.dealer = dealer
        self.sitting_out = dealer if len(players) == 4 else None
        self.bock = bock
        self.active = [seat for seat in range(len(players)) if seat != self.sitting_out]
        f = self.fields
        passed_name = _("Ramsch (all passed)") if settings["ramsch"] else _("Eingepasst")
        f["declarer"] = chips(
            choice_field(
                pgettext_lazy("skat", "Declarer"),
                [*((str(seat), players[seat]) for seat in self.active), (PASSED, passed_name)],
                required=False,  # the "Eingepasst" button needs none; clean() asks for it
            )
        )
        f["game"] = chips(choice_field(_("Game"), list(GAME_NAMES.items()), required=False))
        f["mit"] = chips(
            choice_field(_("mit or ohne"), [("mit", _("mit")), ("ohne", _("ohne"))], required=False)
        )
        f["matadors"] = chips(
            forms.TypedChoiceField(
                label=_("Matadors"),
                choices=[(n, str(n)) for n in range(1, 12)],
                coerce=int,
                required=False,
                error_messages=choice_messages(_("Matadors")),
            )
        )
        f["hand"] = toggle(pgettext_lazy("skat", "Hand"))
        f["schneider_announced"] = toggle(_("Schneider announced"))
        f["schwarz_announced"] = toggle(_("Schwarz announced"))
        f["ouvert"] = toggle(_("Ouvert"))
        f["outcome"] = chips(
            choice_field(
                _("Result"), [("", _("by the Augen")), *OUTCOME_NAMES.items()], required=False
            )
        )
        f["augen"] = int_field(_("Augen of the declarer (Skat counted)"), 0, 120, required=False)
        f["bid"] = int_field(
            pgettext_lazy("skat", "Bid"), rules.BID_VALUES[0], MAX_BID, required=False
        )
        f["bid"].widget.attrs["placeholder"] = str(rules.BID_VALUES[0])
        if settings["kontra"]:
            f["kontra"] = toggle(_("Kontra"))
            f["re"] = toggle(_("Re"))
        if settings["ramsch"]:
            for seat in self.active:
                f[f"ramsch_{seat}"] = int_field(
                    _("Augen of %(name)s") % {"name": players[seat]}, 0, 120, required=False
                )
            seat_choices = [(str(seat), players[seat]) for seat in self.active]
            f["jungfrau"] = forms.MultipleChoiceField(
                label=_("Jungfrau (took no trick)"),
                choices=seat_choices,
                required=False,
                widget=forms.CheckboxSelectMultiple(attrs={"class": "chip-input"}),
            )
            f["durchmarsch"] = chips(
                choice_field(
                    _("Durchmarsch (took every trick)"),
                    [("", _("nobody")), *seat_choices],
                    required=False,
                )
            )
        f["passed"] = forms.BooleanField(required=False, widget=forms.HiddenInput)
        self.initial.setdefault("mit", "mit")
        self.initial.setdefault("matadors", 1)
        self.game: dict | None = None
        self.score: rules.GameScore | None = None

    # --- groups for the template ------------------------------------------------------------
    def announcement_fields(self):
        # Hand is shown on its own (common); these fold away.
        return [self[name] for name in ("schneider_announced", "schwarz_announced", "ouvert")]

    def doubling_fields(self):
        return [self[name] for name in ("kontra", "re") if name in self.fields]

    def ramsch_fields(self):
        return [self[f"ramsch_{seat}"] for seat in self.active if f"ramsch_{seat}" in self.fields]

    # --- checks -----------------------------------------------------------------------------
    def problem(self, name: str, text: str) -> None:
        # The engine's matadors rule names them itself ("matadors: mit or ohne 1 to 4").
        named = name in self.fields and name != "matadors"
        label = self.fields[name].label if named else ""
        self.add_error(
            name if name in self.fields else None,
            _("%(field)s: %(rule)s") % {"field": label, "rule": sentence(text)}
            if label
            else sentence(text),
        )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        passed = cleaned.get("passed") or cleaned.get("declarer") == PASSED
        base = {"dealer": self.dealer, "sitting_out": self.sitting_out}
        if passed:
            self.refuse_filled(GAME_FIELDS)
            passed_game = self.clean_ramsch(cleaned) if self.settings["ramsch"] else {}
            if passed_game is not None and not self.errors:
                self.game = {"passed": True, **passed_game, **base}
            return cleaned
        if not cleaned.get("declarer"):
            self.problem("declarer", str(_("please choose the declarer, or Eingepasst")))
            return cleaned
        self.refuse_filled(self.ramsch_names())
        entry = self.entry_args(cleaned)
        if entry is None or self.errors:
            return cleaned
        lang = engine_language()
        found = rules.check_entry(
            self.settings, players=len(self.players), sitting_out=self.sitting_out, **entry
        )
        for problem in found:
            self.problem(FORM_FIELD.get(problem.field, ""), problem.message(lang, self.players))
        if found:
            return cleaned
        score = rules.score_entry(
            self.settings,
            players=len(self.players),
            sitting_out=self.sitting_out,
            bock=self.bock,
            **entry,
        )
        tapped = cleaned.get("outcome")
        if (
            entry["augen"] is not None
            and tapped
            and OUTCOMES[tapped][0] != (score.won or score.overbid)
        ):
            self.problem(
                "outcome",
                str(
                    _("“%(result)s” does not fit %(augen)s Augen")
                    % {"result": OUTCOME_NAMES[tapped], "augen": entry["augen"]}
                ),
            )
            return cleaned
        self.score = score
        self.game = {
            "passed": False,
            **entry,
            "won": score.won,
            "schneider": score.schneider,
            "schwarz": score.schwarz,
            "list_points": score.list_points,
            "value": score.value,
            "overbid": score.overbid,
            **base,
        }
        if not self.settings["kontra"]:
            del self.game["kontra"], self.game["re"]
        if self.bock:
            self.game["bock"] = True
        return cleaned

    def entry_args(self, cleaned) -> dict | None:
        """check_entry's arguments from the taps (None when a field's own check failed)."""
        game = cleaned.get("game") or None
        if game is None:
            self.problem("game", str(_("please choose the game")))
            return None
        tapped = cleaned.get("outcome") or None
        won, schneider, schwarz = OUTCOMES[tapped] if tapped else (None, False, False)
        augen = cleaned.get("augen")
        if augen is not None and schwarz:
            won = None  # the Augen decide won/lost; "Schwarz" says no trick was taken
        if game == NULL:
            if augen is not None:
                self.problem("augen", str(_("a Null is won or lost; it counts no Augen")))
                return None
            if schneider:
                self.problem("outcome", str(_("a Null knows no Schneider or Schwarz")))
                return None
            matadors = None
        else:
            count = cleaned.get("matadors") or 1
            matadors = -count if cleaned.get("mit") == "ohne" else count
        return {
            "declarer": int(cleaned["declarer"]),
            "game": game,
            "hand": bool(cleaned.get("hand")),
            "schneider_announced": bool(cleaned.get("schneider_announced")),
            "schwarz_announced": bool(cleaned.get("schwarz_announced")),
            "ouvert": bool(cleaned.get("ouvert")),
            "matadors": matadors,
            "augen": augen,
            "won": won,
            "schneider": schneider,
            "schwarz": schwarz,
            "bid": cleaned.get("bid") or rules.BID_VALUES[0],
            "kontra": bool(cleaned.get("kontra")),
            "re": bool(cleaned.get("re")),
        }

    def ramsch_names(self) -> list[str]:
        names = [name for name in self.fields if name.startswith("ramsch_")]
        return names + [name for name in ("jungfrau", "durchmarsch") if name in self.fields]

    def refuse_filled(self, names) -> None:
        """A passed deal has no game, a game no Ramsch: a value typed there was a mistake."""
        for name in names:
            if name in self.fields and self.cleaned_data.get(name) not in (None, "", False, []):
                self.problem(name, str(_("not part of what was entered (game or Eingepasst)")))

    def clean_ramsch(self, cleaned) -> dict | None:
        """A Ramsch: each player's Augen (the Skat to the last trick's winner), who took no
        trick, or who took every trick; scored by the engine's ``ramsch_scores``."""
        durchmarsch = cleaned.get("durchmarsch") or None
        jungfrau = sorted(int(seat) for seat in cleaned.get("jungfrau") or [])
        augen: list[int | None] = [None] * len(self.players)
        if durchmarsch is not None:
            winner = int(durchmarsch)
            for seat in self.active:
                augen[seat] = 120 if seat == winner else 0
            tricks = [10 if seat == winner else 0 for seat in self.active]
        else:
            for seat in self.active:
                augen[seat] = cleaned.get(f"ramsch_{seat}")
                if augen[seat] is None:
                    self.problem(f"ramsch_{seat}", str(_("please enter a number")))
            if self.errors:
                return None
            total = sum(augen[seat] for seat in self.active)
            if total != 120:
                self.add_error(
                    None,
                    _("Ramsch: the Augen add up to %(sum)s, but the cards hold 120.")
                    % {"sum": total},
                )
                return None
            for seat in jungfrau:
                if augen[seat]:
                    self.problem("jungfrau", str(_("a player without a trick has no Augen")))
                    return None
            # ramsch_scores asks only whether somebody took all or no trick.
            tricks = [0 if seat in jungfrau else 1 for seat in self.active]
        played = [augen[seat] for seat in self.active]
        multiplier = 2 if self.bock else 1
        scores = [0] * len(self.players)
        for seat, score in zip(
            self.active, rules.ramsch_scores(played, tricks, multiplier), strict=True
        ):
            scores[seat] = score
        ramsch = {
            "augen": augen,
            "jungfrau": jungfrau,
            "durchmarsch": None if durchmarsch is None else int(durchmarsch),
            "scores": scores,
        }
        return {"ramsch": ramsch, **({"bock": True} if self.bock else {})}
