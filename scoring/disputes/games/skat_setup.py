"""The deal's form of a Skat dispute: the game, the declarer and his announcements, the bid
or the bidding as said, the Skat, the discard, the Spitzen and Kontra/Re; and the bidding a
sheet implies when it keeps only the final bid (scoring/disputes/games/skat.py)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from ...pads.base import choice_field, engine_language
from ...rules.skat import BID_VALUES, DECK
from ...rules.skat.bidding import JA, PASSE, Auction
from ...rules.skat.cards import SUIT_NAMES
from ...rules.skat.contracts import (
    CONTRACT_RULES,
    DECLARED,
    EINGEPASST,
    GRAND,
    NULL,
    RAMSCH,
    SUIT_GAMES,
    TYPE_NAMES,
    contract_problem,
)
from ..forms import cards_field
from .base import seat_choices

LOWEST_BID = 18
FLAGS = ("hand", "schneider", "schwarz", "ouvert")
FLAG_LABELS = {
    "hand": gettext_lazy("Hand"),
    "schneider": gettext_lazy("Schneider announced"),
    "schwarz": gettext_lazy("Schwarz announced"),
    "ouvert": gettext_lazy("Ouvert"),
}


def game_name(kind: str) -> str:
    return TYPE_NAMES[kind].format(engine_language())


def suit_name(letter: str) -> str:
    return SUIT_NAMES[letter].format(engine_language())


def bidding_for(declarer: int | None, bid: int) -> list[Any]:
    """A bidding that makes ``declarer`` (record seat) win at ``bid`` (all pass: None), for a
    sheet that keeps only the final bid (Mittelhand bids to Vorhand, then Hinterhand)."""
    if declarer is None:
        return [PASSE, PASSE, PASSE]
    if declarer == 0:
        return [PASSE, PASSE, LOWEST_BID] if bid == LOWEST_BID else [bid, JA, PASSE, PASSE]
    if declarer == 1:
        return [bid, PASSE, PASSE]
    return [PASSE, bid, PASSE]


def auction_of(said: list[Any]) -> tuple[Auction | None, str | None]:
    """The auction of what was said, or why it cannot be (with the position)."""
    auction = Auction()
    for position, say in enumerate(said):
        problem = auction.problem(say)
        if problem is not None:
            text = problem.format(engine_language(), bid=auction.bid)
            return None, _("word %(n)s (%(say)s): %(problem)s") % {
                "n": position + 1,
                "say": say,
                "problem": text,
            }
        auction.say(say)
    if not auction.over:
        return None, _("the auction is not finished")
    return auction, None


def parse_said(text: str) -> list[Any]:
    said: list[Any] = []
    for word in text.replace(",", " ").split():
        lower = word.lower()
        if lower.isdecimal():
            said.append(int(lower))
        elif lower in ("ja", "yes", "j"):
            said.append(JA)
        elif lower in ("passe", "pass", "p", "weg"):
            said.append(PASSE)
        else:
            said.append(word)
    return said


def card_list(text: str) -> list[str]:
    by_upper = {card.upper(): card for card in DECK}
    return [by_upper.get(word.upper(), word) for word in text.replace(",", " ").split()]


class SkatSetupForm(forms.Form):
    def __init__(self, *args, names: list[str], settings: dict, **kwargs):
        super().__init__(*args, **kwargs)
        self.names = names
        self.settings = settings
        without = RAMSCH if settings.get("ramsch") else EINGEPASST
        games = [(kind, game_name(kind)) for kind in (*DECLARED, without)]
        f = self.fields
        f["game"] = choice_field(_("Game"), games)
        f["declarer"] = choice_field(
            pgettext("skat", "Declarer"), seat_choices(names, empty="–"), required=False
        )
        for key in FLAGS:
            f[key] = forms.BooleanField(label=FLAG_LABELS[key], required=False)
        f["bid"] = forms.TypedChoiceField(
            label=_("Bid (the highest value said)"),
            choices=[(str(value), str(value)) for value in BID_VALUES],
            coerce=int,
            initial=LOWEST_BID,
            required=False,
        )
        f["bidding"] = forms.CharField(
            label=_("Bidding as said (optional)"),
            help_text=_(
                "In order, e.g. “18 ja 20 passe passe”: Mittelhand bids to Vorhand, then "
                "Hinterhand to the one left. Empty: the declarer won at the bid."
            ),
            max_length=300,
            required=False,
        )
        f["skat"] = cards_field(
            _("Skat (the two cards dealt face down)"),
            _("e.g. “C10 S9”. Empty: the two cards left once all hands are entered."),
        )
        f["discard"] = cards_field(
            _("Discard (the two cards the declarer laid away)"), _("Not in a Hand game.")
        )
        f["matadors"] = forms.IntegerField(
            label=_("Spitzen (mit: +n, ohne: −n)"),
            help_text=_("Only needed while the hands are not entered: they decide it."),
            min_value=-11,
            max_value=11,
            required=False,
            error_messages={
                "invalid": _("Spitzen: a whole number, e.g. 2 for “mit 2”, -3 for “ohne 3”."),
                "min_value": _("Spitzen: at most ohne 11 (-11)."),
                "max_value": _("Spitzen: at most mit 11."),
            },
        )
        if settings.get("kontra"):
            nobody = seat_choices(names, empty=_("nobody"))
            f["kontra"] = choice_field(_("Kontra said by"), nobody, required=False)
            f["re"] = forms.BooleanField(label=_("Re (the declarer)"), required=False)

    def clean(self):
        cleaned = super().clean()
        kind = cleaned.get("game")
        if not kind:
            return cleaned
        declared = kind in DECLARED
        declarer = cleaned.get("declarer")
        if declared and not declarer:
            self.add_error("declarer", _("Declarer: choose who played the game alone."))
        flags = {key: bool(cleaned.get(key)) for key in FLAGS}
        if declared:
            problem = contract_problem(kind, **flags)
            if problem is not None:
                field, rule = problem
                text = CONTRACT_RULES[rule].format(engine_language())
                self.add_error(
                    field, _("%(field)s: %(rule)s.") % {"field": FLAG_LABELS[field], "rule": text}
                )
        elif any(flags.values()):
            self.add_error("hand", _("Hand: a deal without declarer announces nothing."))
        cleaned["said"] = self.clean_said(kind, declarer)
        for key, label in (("skat", _("Skat")), ("discard", pgettext("skat", "Discard"))):
            cleaned[key] = self.two_cards(key, label)
        if cleaned.get("discard") and (not declared or flags["hand"]):
            self.add_error(
                "discard", _("Discard: only a declarer who took the Skat lays two cards away.")
            )
        matadors = cleaned.get("matadors")
        if matadors is not None and declared:
            top = 11 if kind in SUIT_GAMES else 4 if kind == GRAND else 0
            if kind == NULL:
                self.add_error("matadors", _("Spitzen: a Null has none; leave it empty."))
            elif matadors == 0 or abs(matadors) > top:
                self.add_error(
                    "matadors",
                    _("Spitzen: mit or ohne 1 to %(top)s in this game.") % {"top": top},
                )
        if cleaned.get("kontra") and (not declared or cleaned["kontra"] == declarer):
            self.add_error("kontra", _("Kontra: only an opponent of the declarer says it."))
        if cleaned.get("re") and not cleaned.get("kontra"):
            self.add_error("re", _("Re: only after an opponent said Kontra."))
        return cleaned

    def clean_said(self, kind: str, declarer: str | None) -> list[Any] | None:
        text = (self.cleaned_data.get("bidding") or "").strip()
        declared = kind in DECLARED
        seat = int(declarer) if declared and declarer else None
        if not text:
            bid = self.cleaned_data.get("bid") or LOWEST_BID
            if declared and seat is None:
                return None
            return bidding_for(seat, bid)
        said = parse_said(text)
        auction, problem = auction_of(said)
        if problem:
            self.add_error("bidding", _("Bidding: %(problem)s.") % {"problem": problem})
            return None
        assert auction is not None
        if not declared and auction.declarer is not None:
            self.add_error(
                "bidding",
                _("Bidding: %(name)s won the auction, so a game was declared.")
                % {"name": self.names[auction.declarer]},
            )
        elif declared and auction.declarer is None:
            self.add_error("bidding", _("Bidding: everybody passed, so nobody declared a game."))
        elif declared and seat is not None and auction.declarer != seat:
            self.add_error(
                "bidding",
                _("Bidding: %(name)s won the auction, not the declarer chosen.")
                % {"name": self.names[auction.declarer]},
            )
        return said

    def two_cards(self, key: str, label: str) -> list[str] | None:
        text = (self.cleaned_data.get(key) or "").strip()
        if not text:
            return None
        cards = card_list(text)
        wrong = [card for card in cards if card not in DECK]
        if wrong:
            self.add_error(
                key,
                _("%(field)s: %(card)s is no Skat card (e.g. CJ, S10, HQ, D7).")
                % {"field": label, "card": wrong[0]},
            )
        elif len(cards) != 2 or cards[0] == cards[1]:
            self.add_error(key, _("%(field)s: two different cards.") % {"field": label})
        else:
            return cards
        return None
