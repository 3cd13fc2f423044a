"""The office's form for a table's paper game list: one row per game, what was played and
each player's points as written (paper.py checks them; docs/tournaments.md)."""

from __future__ import annotations

import uuid

from django import forms
from django.utils.translation import gettext as _

from ..base import choice_field, int_field
from .labels import CONTRACT_NAMES, NONE, THROWN_IN
from .paper import fits_tariff, paper_game, played_choices
from .summary import next_dealer, sitting_out

MOST_POINTS = 100_000  # far beyond any game's amount; bounds what a number field accepts


class PaperListForm(forms.Form):
    """Games ``first`` to ``last`` of a table; ``dealer``: who deals game ``first``;
    ``room``: how many counted games the table may still take from ``first`` on.
    ``counts(data)``: whether a game counts toward that number. After ``is_valid()``,
    ``games`` holds (number, data, points) of the filled rows in order."""

    token = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, data=None, *, players, profile, first, last, dealer, room, counts, **kw):
        super().__init__(data, initial={"token": uuid.uuid4()}, **kw)
        self.players, self.profile = players, profile
        self.first, self.last, self.dealer, self.room, self.counts = (
            first,
            last,
            dealer,
            room,
            counts,
        )
        self.games: list[tuple[int, dict, list[int]]] = []
        kinds = played_choices(profile)
        choices = [("", NONE), *((kind, CONTRACT_NAMES[kind]) for kind in kinds)]
        for number in self.numbers:
            game = _("Game %(n)s") % {"n": number}
            label = _("%(game)s: what was played") % {"game": game}
            self.fields[f"g{number}_played"] = choice_field(label, choices, required=False)
            for seat, name in enumerate(players):
                label = _("%(game)s: points of %(name)s") % {"game": game, "name": name}
                field = int_field(label, -MOST_POINTS, MOST_POINTS, required=False)
                field.widget.attrs.update(size=5, **{"aria-label": label})
                if seat == sitting_out(len(players), self.dealer_by_rotation(number)):
                    field.widget.attrs["placeholder"] = "0"  # the dealer sits out
                self.fields[f"g{number}_p{seat}"] = field

    @property
    def numbers(self) -> range:
        return range(self.first, self.last + 1)

    def dealer_by_rotation(self, number: int) -> int:
        """Who deals game ``number`` if every deal moves on (``clean`` follows the games as
        typed: a thrown-in deal may stay with its dealer)."""
        return (self.dealer + number - self.first) % len(self.players)

    def rows(self):
        """Per game: its number, its "played" field, its seats' fields and who deals it (the
        template's)."""
        for number in self.numbers:
            seats = [self[f"g{number}_p{seat}"] for seat in range(len(self.players))]
            dealer = self.players[self.dealer_by_rotation(number)]
            yield number, self[f"g{number}_played"], seats, dealer

    def clean(self):
        cleaned = super().clean()
        filled = [number for number in self.numbers if self.is_filled(number)]
        if not filled and not self.errors:
            raise forms.ValidationError(_("No game typed: fill in at least one row."))
        dealer, counted = self.dealer, 0
        for number in self.numbers:
            if number not in filled:
                continue
            if number > self.first and number - 1 not in filled:
                self.add_error(
                    f"g{number}_played",
                    _(
                        "Game %(n)s: game %(before)s is missing before it; games are entered "
                        "in order."
                    )
                    % {"n": number, "before": number - 1},
                )
                break
            game = self.clean_row(cleaned, number, dealer)
            if game is None:
                break
            data, points = game
            counted += self.counts(data)
            if counted > self.room:
                self.add_error(
                    f"g{number}_played",
                    _("Game %(n)s: the table has no more games to play in this round.")
                    % {"n": number},
                )
                break
            self.games.append((number, data, points))
            dealer = next_dealer(self.profile, len(self.players), data)
        return cleaned

    def is_filled(self, number: int) -> bool:
        keys = [f"g{number}_played", *(f"g{number}_p{s}" for s in range(len(self.players)))]
        return any(str(self.data.get(key, "")).strip() for key in keys)

    def clean_row(self, cleaned, number, dealer):
        """The game's data and points, or None after adding the row's errors."""
        names = self.players
        out = sitting_out(len(names), dealer)
        played = cleaned.get(f"g{number}_played")
        if played is None or any(f"g{number}_p{s}" in self.errors for s in range(len(names))):
            return None  # the field's own message says what is wrong
        points = [cleaned.get(f"g{number}_p{seat}") for seat in range(len(names))]
        game = _("Game %(n)s") % {"n": number}
        for seat, value in enumerate(points):
            key = f"g{number}_p{seat}"
            if seat == out and value:
                message = _("%(game)s: %(name)s deals and sits out; his points are 0.")
                self.add_error(key, message % {"game": game, "name": names[seat]})
                return None
            if seat != out and value is None:
                message = _("%(game)s: the points of %(name)s are missing.")
                self.add_error(key, message % {"game": game, "name": names[seat]})
                return None
        points = [value or 0 for value in points]
        if total := sum(points):
            message = _("%(game)s: the points add up to %(sum)+d, not 0.")
            self.add_error(f"g{number}_p0", message % {"game": game, "sum": total})
            return None
        if played == THROWN_IN and any(points):
            message = _("%(game)s: in a thrown-in deal nobody scores; the points are all 0.")
            self.add_error(f"g{number}_played", message % {"game": game})
            return None
        if played and not fits_tariff(self.profile, played, points, out):
            message = _(
                "%(game)s: these points are not what a %(played)s pays under the table's rules."
            )
            played_name = CONTRACT_NAMES[played]
            self.add_error(f"g{number}_played", message % {"game": game, "played": played_name})
            return None
        return paper_game(played, points, dealer, out), points
