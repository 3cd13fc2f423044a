"""Scharfe Schoten disputes: number cards and predictions as the setup; cards and the trick
winners' spice cupboard picks (``pick:R``) as the actions."""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _

from ...pads.base import choice_field, int_field
from ...pads.scharfe_schoten.colours import COLOUR_CHOICES, COLOUR_NAMES, order_text
from ...rules.scharfe_schoten import CARDS, COLOURS, HAND_SIZE, State
from ...rules.scharfe_schoten.cards import CARD_INDEX
from .base import Column, GameAdapter, Option, OptionGroup, ResultView

PICK = "pick:"


class ScharfeSchotenSetupForm(forms.Form):
    def __init__(self, *args, names: list[str], **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        for colour in COLOURS:
            self.fields[f"number_{colour}"] = int_field(
                _("Number card at %(colour)s") % {"colour": COLOUR_NAMES[colour]}, 1, 12
            )
        for seat, name in enumerate(names):
            self.fields[f"most_{seat}"] = choice_field(
                _("Most of %(name)s") % {"name": name}, COLOUR_CHOICES
            )
            self.fields[f"fewest_{seat}"] = choice_field(
                _("Fewest of %(name)s") % {"name": name}, COLOUR_CHOICES
            )

    def number_fields(self):
        return [self[f"number_{colour}"] for colour in COLOURS]

    def prediction_fields(self):
        return [
            (name, self[f"most_{seat}"], self[f"fewest_{seat}"])
            for seat, name in enumerate(self.names)
        ]

    def clean(self):
        cleaned = super().clean()
        numbers = [cleaned.get(f"number_{colour}") for colour in COLOURS]
        given = [number for number in numbers if number is not None]
        if len(set(given)) < len(given):
            self.add_error(None, _("Number cards: each colour gets a different number."))
        for seat, name in enumerate(self.names):
            most, fewest = cleaned.get(f"most_{seat}"), cleaned.get(f"fewest_{seat}")
            if most and most == fewest:
                self.add_error(
                    f"fewest_{seat}",
                    _("Prediction of %(name)s: “most” and “fewest” are two different colours.")
                    % {"name": name},
                )
        return cleaned


class ScharfeSchotenAdapter(GameAdapter):
    game = "scharfe_schoten"
    setup_keys = ("start", "numbers", "predictions")
    action_keys = ("cupboard_picks", "plays")

    def deck(self, draft):
        return list(CARDS)

    def deck_order(self):
        return list(CARDS)

    def hand_size(self, draft):
        return HAND_SIZE[len(draft["players"])]

    def tricks_in_round(self, draft):
        return HAND_SIZE[len(draft["players"])]

    def normalise_card(self, draft, text):
        code = text.strip().upper()
        return code if code in CARD_INDEX else None

    # --- setup -------------------------------------------------------------------------------
    def setup_form(self, draft, data=None):
        setup = draft["setup"]
        initial = {f"number_{c}": v for c, v in (setup.get("numbers") or {}).items()}
        for seat, prediction in enumerate(setup.get("predictions") or []):
            if prediction:
                initial[f"most_{seat}"] = prediction["most"]
                initial[f"fewest_{seat}"] = prediction["fewest"]
        return ScharfeSchotenSetupForm(data, initial=initial, names=draft["players"])

    def setup_from_form(self, draft, form):
        c = form.cleaned_data
        return {
            "start": draft["setup"]["start"],
            "numbers": {colour: c[f"number_{colour}"] for colour in COLOURS},
            "predictions": [
                {"most": c[f"most_{seat}"], "fewest": c[f"fewest_{seat}"]}
                for seat in range(len(draft["players"]))
            ],
        }

    def missing_setup(self, draft):
        setup = draft["setup"]
        missing = [] if setup.get("numbers") else [_("the number cards")]
        if not all(setup.get("predictions") or [None]):
            missing.append(_("the predictions"))
        return missing

    def setup_facts(self, draft):
        setup, names = draft["setup"], draft["players"]
        facts = [
            (_("Start player"), names[setup["start"]]),
            (_("Number cards"), order_text(setup.get("numbers"))),
        ]
        for name, prediction in zip(names, setup.get("predictions") or [], strict=False):
            if prediction:
                facts.append(
                    (
                        _("Prediction of %(name)s") % {"name": name},
                        _("most %(most)s, fewest %(fewest)s")
                        % {
                            "most": COLOUR_NAMES[prediction["most"]],
                            "fewest": COLOUR_NAMES[prediction["fewest"]],
                        },
                    )
                )
        return facts

    def fixed_facts(self, draft):
        return {"start": draft["setup"]["start"]}

    # --- actions -----------------------------------------------------------------------------
    def action_lists(self, draft):
        actions = draft["actions"]
        return {
            "cupboard_picks": [a[len(PICK) :] for a in actions if a.startswith(PICK)],
            "plays": [a for a in actions if not a.startswith(PICK)],
        }

    def actions_from_record(self, record):
        """The plays and picks interleaved as they happened: a pick follows its trick."""
        names = record["players"]
        state = State(
            None, record["numbers"], record["start"], record["predictions"], players=len(names)
        )
        picks = iter(record.get("cupboard_picks") or [])
        actions = []
        for card in record.get("plays") or []:
            if state.awaiting_pick:
                colour = next(picks)
                state.pick(colour, strict=False)
                actions.append(PICK + colour)
            state.play(card, strict=False)
            actions.append(card)
        colour = next(picks, None)
        if state.awaiting_pick and colour is not None:
            actions.append(PICK + colour)
        return actions

    def is_action(self, draft, action):
        return action in CARD_INDEX or (action.startswith(PICK) and action[len(PICK) :] in COLOURS)

    def decode(self, action):
        return action[len(PICK) :] if action.startswith(PICK) else action

    # --- the State ---------------------------------------------------------------------------
    def new_state(self, draft, settings):
        setup, names = draft["setup"], draft["players"]
        hands = draft["hands"] if self.hands_complete(draft) else None
        return State(
            hands,
            setup["numbers"],
            setup["start"],
            setup["predictions"],
            players=len(names),
            names=names,
        )

    def completed_tricks(self, state):
        return len(state.tricks) - (1 if state.awaiting_pick else 0)

    def trick_list(self, state):
        return state.trick_list()

    def prompt(self, state, names):
        seat = state.to_play
        if seat is None:
            return _("The round is complete.")
        values = {"name": names[seat], "n": len(state.tricks) + 1}
        if state.awaiting_pick:
            return _(
                "%(name)s won trick %(t)s and takes a card from the spice cupboard: which colour?"
            ) % {"name": names[seat], "t": len(state.tricks)}
        if not state.trick:
            return _("Trick %(n)s: %(name)s leads.") % values
        return _("Trick %(n)s: %(name)s plays.") % values

    def options(self, state, draft):
        if state.to_play is None:
            return []
        if state.awaiting_pick:
            legal = set(state.legal_picks())
            return [
                OptionGroup(
                    _("Colour taken from the spice cupboard"),
                    [
                        Option(PICK + c, str(COLOUR_NAMES[c]), c in legal, f"chip s-{c}")
                        for c in COLOURS
                    ],
                    wide=True,
                )
            ]
        return super().options(state, draft)

    def board_facts(self, state, draft):
        return [(_("Number cards"), order_text(draft["setup"]["numbers"]))]

    def trick_extras(self, index, trick, draft):
        picks = self.action_lists(draft)["cupboard_picks"]
        if index < len(picks) and trick.get("winner") is not None:
            return [
                _("%(name)s took %(colour)s from the spice cupboard.")
                % {"name": draft["players"][trick["winner"]], "colour": COLOUR_NAMES[picks[index]]}
            ]
        return []

    def running(self, state, draft):
        columns = [
            Column(str(COLOUR_NAMES[c]), [counts[c] for counts in state.collected], f"s-{c}")
            for c in COLOURS
        ]
        columns.append(Column(_("Tricks"), list(state.tricks_won)))
        return ResultView(columns=columns)

    def result_view(self, result, draft):
        predictions = result["predictions"]
        columns = [
            Column(str(COLOUR_NAMES[c]), [counts[c] for counts in result["collected"]], f"s-{c}")
            for c in COLOURS
        ]
        columns += [
            Column(_("Tricks"), result["tricks_won"]),
            Column(_("Most"), [str(COLOUR_NAMES[p["most"]]) for p in predictions]),
            Column(_("Fewest"), [str(COLOUR_NAMES[p["fewest"]]) for p in predictions]),
            Column(_("Score"), result["scores"], "score"),
        ]
        facts = [(_("Number cards"), order_text(draft["setup"]["numbers"]))]
        return ResultView(facts=facts, columns=columns)
