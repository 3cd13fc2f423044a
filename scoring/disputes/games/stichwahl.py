"""Stichwahl disputes: trump and marker as the setup; the engine's event actions as taps.

Actions are the State's own (docs/stichwahl.md, "Actions"), written short for buttons:
``first_bonus:N2``, ``bonus:P3:O`` (trump change), ``bonus:B7`` (flip), ``play:N2``,
``premium:N2`` and ``leader:2``. The record keeps the first bonus cards in ``first_bonus``
and everything else in ``events``.
"""

from __future__ import annotations

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from ...pads.base import choice_field, engine_language
from ...rules.stichwahl import FAMILIES, FAMILY_NAMES, FIVES, State, default_deck
from ...rules.stichwahl.scores import HAND_SIZE, TRICKS
from ...rules.stichwahl.state import FIRST_BONUS, LEADER, PREMIUM, TURN
from ...rules.stichwahl.tricks import HIGH, LOW
from .base import Column, GameAdapter, Option, OptionGroup, ResultView


def family_name(family: str) -> str:
    return FAMILY_NAMES[engine_language()][family]


def marker_name(marker: int) -> str:
    return _("9: highest wins") if marker == HIGH else _("1: lowest wins")


def encode(action: dict) -> str:
    if "first_bonus" in action:
        return f"first_bonus:{action['first_bonus']}"
    if "bonus" in action:
        family = action.get("family")
        return f"bonus:{action['bonus']}" + (f":{family}" if family else "")
    kind = next(iter(action))
    return f"{kind}:{action[kind]}"


def decode(text: str) -> dict:
    kind, _sep, rest = text.partition(":")
    if kind == "leader":
        return {"leader": int(rest)}
    if kind == "bonus":
        card, _sep, family = rest.partition(":")
        return {"bonus": card, "family": family} if family else {"bonus": card}
    return {kind: rest}


class StichwahlSetupForm(forms.Form):
    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["trump_family"] = choice_field(
            _("Trump at the start of the hand"),
            [("", "–"), *((f, family_name(f)) for f in FAMILIES)],
        )
        self.fields["marker"] = choice_field(
            _("Trump marker at the start of the hand"),
            [("", "–"), (str(HIGH), marker_name(HIGH)), (str(LOW), marker_name(LOW))],
        )


class StichwahlAdapter(GameAdapter):
    game = "stichwahl"
    setup_keys = ("deck", "trump", "start")
    action_keys = ("first_bonus", "events")

    def deck(self, draft):
        return list(default_deck().codes(len(draft["players"])))

    def deck_order(self):
        return list(default_deck().codes(4))

    def hand_size(self, draft):
        return HAND_SIZE

    def tricks_in_round(self, draft):
        return TRICKS

    def suit(self, card):
        return "5" if card in FIVES else card[:1]

    # --- setup -------------------------------------------------------------------------------
    def setup_form(self, draft, data=None):
        trump = draft["setup"].get("trump") or {}
        initial = {
            "trump_family": trump.get("family") or "",
            "marker": str(trump["marker"]) if trump.get("marker") else "",
        }
        return StichwahlSetupForm(data, initial=initial)

    def setup_from_form(self, draft, form):
        c = form.cleaned_data
        setup = dict(draft["setup"])
        setup["trump"] = {"family": c["trump_family"], "marker": int(c["marker"])}
        return setup

    def missing_setup(self, draft):
        trump = draft["setup"].get("trump") or {}
        return [] if trump.get("family") and trump.get("marker") else [_("the trump")]

    def setup_facts(self, draft):
        setup, names = draft["setup"], draft["players"]
        trump = setup.get("trump") or {}
        facts = [(_("Leads first"), names[setup["start"]])]
        if trump.get("family"):
            facts.append(
                (_("Trump"), f"{family_name(trump['family'])}, {marker_name(trump['marker'])}")
            )
        facts.append((_("Deck"), setup["deck"]))
        return facts

    def fixed_facts(self, draft):
        return {"start": draft["setup"]["start"]}

    # --- actions -----------------------------------------------------------------------------
    def action_lists(self, draft):
        first, events = [], []
        for text in draft["actions"]:
            action = decode(text)
            if "first_bonus" in action:
                first.append(action["first_bonus"])
            else:
                events.append(action)
        return {"first_bonus": first, "events": events}

    def actions_from_record(self, record):
        first = [f"first_bonus:{card}" for card in record.get("first_bonus") or []]
        return first + [encode(event) for event in record.get("events") or []]

    def decode(self, action):
        return decode(action)

    def is_action(self, draft, action):
        try:
            parsed = decode(action)
        except ValueError:
            return False
        if "leader" in parsed:
            return 0 <= parsed["leader"] < len(draft["players"])
        card = next(value for key, value in parsed.items() if key != "family")
        family = parsed.get("family")
        return card in self.deck(draft) and (family is None or family in FAMILIES)

    # --- the State ---------------------------------------------------------------------------
    def new_state(self, draft, settings):
        setup, names = draft["setup"], draft["players"]
        hands = draft["hands"] if self.hands_complete(draft) else None
        trump = setup["trump"]
        return State(
            default_deck(),
            trump["family"],
            trump["marker"],
            setup["start"],
            hands,
            players=len(names),
            names=names,
        )

    def played_cards(self, state):
        return set(state.played)

    def completed_tricks(self, state):
        return len(state.tricks) - (1 if state.phase == PREMIUM else 0)

    def trick_list(self, state):
        return state.trick_list()

    def prompt(self, state, names):
        seat = state.to_play
        if seat is None:
            return _("The hand is complete.")
        values = {"name": names[seat], "n": len(state.tricks) + 1, "t": len(state.tricks)}
        if state.phase == FIRST_BONUS:
            return _("%(name)s lays out a first bonus card.") % values
        if state.phase == PREMIUM:
            return _("%(name)s won trick %(t)s and chooses the premium card.") % values
        if state.phase == LEADER:
            return (
                _("%(name)s played a 5 that was not chosen and names who leads trick %(n)s.")
                % values
            )
        if not state.trick:
            return _("Trick %(n)s: %(name)s leads (bonus cards first, if any).") % values
        return _("Trick %(n)s: %(name)s plays (bonus cards first, if any).") % values

    def options(self, state, draft):
        seat, names = state.to_play, draft["players"]
        if seat is None:
            return []
        if state.phase == LEADER:
            return [
                OptionGroup(
                    _("Leads the next trick"),
                    [Option(f"leader:{s}", name, True, "chip") for s, name in enumerate(names)],
                    wide=True,
                )
            ]
        legal = {encode(action) for action in state.legal_plays()}
        if state.phase == PREMIUM:
            trick = state.tricks[-1]
            return [
                OptionGroup(
                    _("Premium card"),
                    [
                        self.card_option(card, f"premium:{card}" in legal, f"premium:{card}")
                        for card in trick["cards"]
                    ],
                )
            ]
        kind = "first_bonus" if state.phase == FIRST_BONUS else "play"
        played = self.played_cards(state) | set(state.in_pile) | set(state.used_bonus)
        played |= {card for cards in state.bonus for card in cards}
        hand = self.hand_of(state, seat)
        groups = []
        if state.phase == TURN:
            bonus = [
                Option(encode(a), self.bonus_label(a), True, self.card_css(a["bonus"]))
                for a in state.bonus_actions()
            ]
            if bonus:
                groups.append(OptionGroup(_("Use a bonus card first"), bonus, wide=True))
        cards = hand if hand is not None else [c for c in self.deck(draft) if c not in played]
        title = _("First bonus card") if kind == "first_bonus" else _("Card played")
        if hand is not None:
            title = _("Hand of %(name)s") % {"name": names[seat]}
        groups.append(
            OptionGroup(
                title,
                [
                    self.card_option(c, f"{kind}:{c}" in legal or hand is None, f"{kind}:{c}")
                    for c in cards
                ],
            )
        )
        if hand is not None:
            others = [c for c in self.deck(draft) if c not in played and c not in hand]
            groups.append(
                OptionGroup(
                    _("A card this player did not hold"),
                    [self.card_option(c, False, f"{kind}:{c}") for c in others],
                    folded=True,
                )
            )
        return groups

    @staticmethod
    def bonus_label(action: dict) -> str:
        if action.get("family"):
            return f"{action['bonus']} → {family_name(action['family'])}"
        return _("%(card)s: flip the marker") % {"card": action["bonus"]}

    def trick_extras(self, index, trick, draft):
        names = draft["players"]
        lines = []
        for use in trick.get("bonuses") or []:
            lines.append(
                _("%(name)s used the bonus card %(what)s.")
                % {"name": names[use["seat"]], "what": self.bonus_label(use)}
            )
        if trick.get("premium"):
            points = trick["points"]
            lines.append(
                ngettext(
                    "%(name)s chose %(card)s as premium card: %(points)s card to the point pile.",
                    "%(name)s chose %(card)s as premium card: %(points)s cards to the point pile.",
                    points,
                )
                % {"name": names[trick["winner"]], "card": trick["premium"], "points": points}
            )
        return lines

    def leader_note(self, trick: dict, following: dict, names: list[str]) -> str | None:
        """Who named the next leader, when a 5 that was not chosen let its player decide."""
        if trick.get("winner") is None or following["leader"] == trick["winner"]:
            return None
        return _("%(name)s leads the next trick, named by the player of a 5.") % {
            "name": names[following["leader"]]
        }

    def board_facts(self, state, draft):
        names = draft["players"]
        facts = [(_("Trump now"), f"{family_name(state.trump)}, {marker_name(state.marker)}")]
        for name, cards in zip(names, state.bonus, strict=True):
            facts.append(
                (
                    _("Bonus cards of %(name)s") % {"name": name},
                    ", ".join(self.sorted_cards(cards)) or "–",
                )
            )
        return facts

    def running(self, state, draft):
        facts = [(_("Trump"), f"{family_name(state.trump)}, {marker_name(state.marker)}")]
        return ResultView(
            facts=facts,
            columns=[
                Column(_("Point pile"), list(state.piles)),
                Column(
                    _("Bonus cards"), [", ".join(self.sorted_cards(b)) or "–" for b in state.bonus]
                ),
            ],
        )

    def result_view(self, result, draft):
        view = ResultView(
            facts=[(_("Deck"), result["deck"])],
            columns=[
                Column(_("Point pile"), result["point_piles"]),
                Column(_("Unused bonus cards"), result["unused_bonus"]),
                Column(_("Score"), result["scores"], "score"),
            ],
        )
        if not result["deck_verified"]:
            view.notes.append(
                _(
                    "The deck's pearls and bonuses are not verified against the printed "
                    "cards: the points follow the app's assumed deck."
                )
            )
        return view
