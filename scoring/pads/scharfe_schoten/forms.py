"""The forms of a Scharfe Schoten table: starting it and entering a round.

The entry checks are the engine's (``check_predictions``, ``check_colour_counts``,
``check_tricks_won``) with their English and German messages; only what the engine cannot
know (a field left empty, a number card entered twice) is worded here.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext_lazy as _

from ...rules import scharfe_schoten as rules
from ..base import EntryForm, choice_field, engine_language, int_field, sentence
from ..tables import TableForm
from .colours import COLOUR_CHOICES, COLOUR_NAMES, COLOURS, colour_items

MAX_PLAYERS = max(rules.PLAYER_COUNTS)
CARDS_PER_COLOUR = len(rules.CARDS) // len(COLOURS)


class ScharfeSchotenTableForm(TableForm):
    player_count = MAX_PLAYERS
    min_players = min(rules.PLAYER_COUNTS)
    option_rule_names = ("hidden_predictions",)
    first_start = forms.TypedChoiceField(
        label=_("First start player"),
        coerce=int,
        choices=[],  # per request in __init__: the labels are in the reader's language
        initial=0,
        widget=forms.RadioSelect(attrs={"data-seat-names": "1"}),
    )
    hidden_predictions = forms.BooleanField(
        label=_(
            "Hidden predictions: every player enters his own on his phone; they are shown "
            "when all are in"
        ),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first_start"].choices = [
            (seat, _("Player %(n)s") % {"n": seat + 1}) for seat in range(MAX_PLAYERS)
        ]

    def clean(self):
        cleaned = super().clean()
        chosen = cleaned.get("first_start")
        if chosen is None:
            return cleaned
        named = [
            seat
            for seat in range(self.player_count)
            if (cleaned.get(f"player_{seat}") or self.data.get(f"player_{seat}", "")).strip()
        ]
        if chosen not in named:
            self.add_error(
                "first_start",
                _("First start player: player %(n)s has no name; choose one of the players.")
                % {"n": chosen + 1},
            )
        else:
            # Empty seats close up, so the start seat is counted among the named ones.
            cleaned["first_start_seat"] = named.index(chosen)
        return cleaned


class ScharfeSchotenEntryForm(EntryForm):
    """Number cards, predictions, collected cards per colour and tricks won of one round.

    Everything is optional on its own, so a round can be saved in steps (numbers and
    predictions first, the cards after play); the round is complete with every prediction
    and the collected cards. With hidden predictions still coming in, the form has no
    prediction fields at all: the predictions stay on the server.
    """

    def __init__(
        self,
        *args,
        round_number: int,
        players: list[str],
        predictions_hidden: bool = False,
        predictions_in: list[bool] | None = None,
        is_new: bool = True,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.round_number = round_number
        self.players = players
        self.predictions_hidden = predictions_hidden
        self.predictions_in = predictions_in or [False] * len(players)
        self.is_new = is_new
        self.tricks = rules.tricks_per_round(len(players))
        self.error_colours: set[str] = set()
        for colour in COLOURS:
            label = _("Number card at %(colour)s") % {"colour": COLOUR_NAMES[colour]}
            field = int_field(label, 1, 12, required=False)
            field.widget.attrs.update(
                {"data-number-colour": colour, "data-colour-name": str(COLOUR_NAMES[colour])}
            )
            self.fields[f"number_{colour}"] = field
        if not predictions_hidden:
            for seat, name in enumerate(players):
                self.fields[f"most_{seat}"] = choice_field(
                    _("Most colour of %(name)s") % {"name": name}, COLOUR_CHOICES, required=False
                )
                self.fields[f"fewest_{seat}"] = choice_field(
                    _("Fewest colour of %(name)s") % {"name": name},
                    COLOUR_CHOICES,
                    required=False,
                )
        for seat, name in enumerate(players):
            for colour in COLOURS:
                label = _("%(colour)s cards of %(name)s") % {
                    "colour": COLOUR_NAMES[colour],
                    "name": name,
                }
                field = int_field(label, 0, CARDS_PER_COLOUR, required=False)
                field.widget.attrs.update(placeholder="0", **{"data-colour": colour})
                self.fields[f"count_{seat}_{colour}"] = field
        for seat, name in enumerate(players):
            self.fields[f"tricks_{seat}"] = int_field(
                _("Tricks of %(name)s") % {"name": name}, 0, self.tricks, required=False
            )

    # --- for the template --------------------------------------------------------------------
    def colours(self):
        return colour_items()

    def number_fields(self):
        return [(item, self[f"number_{item['code']}"]) for item in colour_items()]

    def prediction_rows(self):
        if self.predictions_hidden:
            return []
        return [
            (name, self[f"most_{seat}"], self[f"fewest_{seat}"])
            for seat, name in enumerate(self.players)
        ]

    def count_rows(self):
        """Per player the four count inputs, each with whether its colour column is wrong."""
        return [
            (
                name,
                [
                    (self[f"count_{seat}_{colour}"], colour in self.error_colours)
                    for colour in COLOURS
                ],
            )
            for seat, name in enumerate(self.players)
        ]

    def trick_fields(self):
        return [(name, self[f"tricks_{seat}"]) for seat, name in enumerate(self.players)]

    def tricks_have_errors(self) -> bool:
        """Whether the folded-away tricks hold an error and must open."""
        return getattr(self, "tricks_problem", False) or any(
            f"tricks_{seat}" in self.errors for seat in range(len(self.players))
        )

    def predictions_in_count(self) -> int:
        return sum(self.predictions_in)

    # --- checks --------------------------------------------------------------------------------
    def clean(self):
        cleaned = super().clean()
        lang = engine_language()
        self.numbers = self._clean_numbers(cleaned)
        predictions_entered = self._clean_predictions(cleaned, lang)
        counts_entered = self._clean_collected(cleaned, lang)
        tricks_entered = self._clean_tricks(cleaned, lang)
        entered = (
            self.numbers is not None
            or any(f"number_{colour}" in self.errors for colour in COLOURS)
            or predictions_entered
            or counts_entered
            or tricks_entered
        )
        if self.is_new and not entered:
            self.add_error(
                None,
                _(
                    "Round %(n)s: nothing entered yet; enter the number cards, the predictions "
                    "or the collected cards."
                )
                % {"n": self.round_number},
            )
        return cleaned

    def _label(self, name: str) -> str:
        return str(self.fields[name].label)

    def _clean_numbers(self, cleaned) -> dict[str, int] | None:
        names = [f"number_{colour}" for colour in COLOURS]
        if any(name in self.errors for name in names):
            return None
        values = {colour: cleaned.get(f"number_{colour}") for colour in COLOURS}
        if all(value is None for value in values.values()):
            return None
        problems = False
        seen: dict[int, str] = {}
        for colour, value in values.items():
            name = f"number_{colour}"
            if value is None:
                self.add_error(
                    name,
                    _("%(field)s: enter the number cards of all four colours, or none.")
                    % {"field": self._label(name)},
                )
                problems = True
            elif value in seen:
                self.add_error(
                    name,
                    _(
                        "%(field)s: %(value)s already lies at %(other)s; every colour gets a "
                        "different number card."
                    )
                    % {
                        "field": self._label(name),
                        "value": value,
                        "other": COLOUR_NAMES[seen[value]],
                    },
                )
                problems = True
            else:
                seen[value] = colour
        return None if problems else values

    def _clean_predictions(self, cleaned, lang) -> bool:
        """Sets ``self.predictions`` (a list per seat, or None when none are entered) and
        tells whether anything was entered."""
        self.predictions = None
        if self.predictions_hidden:
            return False
        seats = range(len(self.players))
        chosen = [(cleaned.get(f"most_{seat}"), cleaned.get(f"fewest_{seat}")) for seat in seats]
        errored = any(
            f"{kind}_{seat}" in self.errors for seat in seats for kind in ("most", "fewest")
        )
        entered = errored or any(most or fewest for most, fewest in chosen)
        if not entered:
            return False
        complete = [bool(most and fewest) for most, fewest in chosen]
        for seat, (most, fewest) in enumerate(chosen):
            if (most or fewest) and not complete[seat]:
                name = f"fewest_{seat}" if most else f"most_{seat}"
                self.add_error(
                    name,
                    _("%(field)s: please choose; a prediction is a most and a fewest colour.")
                    % {"field": self._label(name)},
                )
            elif not (most or fewest) and f"most_{seat}" not in self.errors:
                self.add_error(
                    f"most_{seat}",
                    _("%(field)s: enter the predictions of all players, or of none yet.")
                    % {"field": self._label(f"most_{seat}")},
                )
            elif complete[seat]:
                prediction = {"most": most, "fewest": fewest}
                # The engine names the player by the position in the list it is given.
                for problem in rules.check_predictions([prediction]):
                    self.add_error(
                        f"fewest_{seat}", sentence(problem.message(lang, [self.players[seat]]))
                    )
        fields = [f"{kind}_{seat}" for seat in seats for kind in ("most", "fewest")]
        if not any(name in self.errors for name in fields):
            self.predictions = [{"most": most, "fewest": fewest} for most, fewest in chosen]
        return True

    def _clean_collected(self, cleaned, lang) -> bool:
        """Sets ``self.collected`` (per seat the cards per colour, or None); empty inputs
        count as 0 once any count is entered, so nobody types a column of zeros."""
        self.collected = self.entered_counts = None
        names = [
            f"count_{seat}_{colour}" for seat in range(len(self.players)) for colour in COLOURS
        ]
        errored = any(name in self.errors for name in names)
        entered = errored or any(cleaned.get(name) is not None for name in names)
        if not entered or errored:
            return entered
        self.entered_counts = collected = [
            {colour: cleaned.get(f"count_{seat}_{colour}") or 0 for colour in COLOURS}
            for seat in range(len(self.players))
        ]
        problems = rules.check_colour_counts(collected)
        for problem in problems:
            self.error_colours.add(problem.params["colour"])
            self.add_error(None, sentence(problem.message(lang, self.players)))
        prediction_errors = any(name.startswith(("most_", "fewest_")) for name in self.errors)
        if self.predictions_hidden and not all(self.predictions_in):
            self.add_error(
                None,
                _(
                    "Collected cards: they can be saved once all predictions are in "
                    "(%(count)s of %(total)s so far)."
                )
                % {"count": self.predictions_in_count(), "total": len(self.players)},
            )
        elif not self.predictions_hidden and self.predictions is None and not prediction_errors:
            self.add_error(
                None,
                _(
                    "Collected cards: enter every player's prediction as well; the points "
                    "depend on them."
                ),
            )
        elif not problems:
            self.collected = collected
        return True

    def _clean_tricks(self, cleaned, lang) -> bool:
        self.tricks_won = None
        self.tricks_problem = False
        names = [f"tricks_{seat}" for seat in range(len(self.players))]
        if any(name in self.errors for name in names):
            return True
        if all(cleaned.get(name) is None for name in names):
            return False
        tricks_won = [cleaned.get(name) or 0 for name in names]
        if self.entered_counts is None:
            if not any(name.startswith("count_") for name in self.errors):
                self.tricks_problem = True
                self.add_error(None, _("Tricks won: enter them together with the collected cards."))
            return True
        for problem in rules.check_tricks_won(tricks_won, self.entered_counts):
            self.tricks_problem = True
            name = f"tricks_{problem.seat}" if problem.seat is not None else None
            self.add_error(name, sentence(problem.message(lang, self.players)))
        if not self.tricks_problem:
            self.tricks_won = tricks_won
        return True
