"""Skat disputes: the bidding, the game, the Skat and the discard as the setup; cards as taps.

A record lists the three who play, Vorhand first (docs/records.md, "Skat keys"): at a table
of 4 the dealer sits out and is left out. The sheet's game (the data contract in
docs/skat.md, "Streitfall") prefills the game, the declarer, the announcements, the bid and
the Spitzen; the arbiter adds the Skat (or enters all three hands: the two cards left are
the Skat), the discard and, where it matters, the bidding as it was said.
"""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from ...pads.base import engine_language
from ...rules import records
from ...rules.core import RecordError
from ...rules.skat import DECK, State, matadors_of
from ...rules.skat.cards import mask_of
from ...rules.skat.contracts import (
    DECLARED,
    EINGEPASST,
    GRAND,
    NULL,
    RAMSCH,
    parse_contract,
)
from .base import Column, GameAdapter, ResultView
from .skat_setup import (
    FLAG_LABELS,
    FLAGS,
    LOWEST_BID,
    SkatSetupForm,
    auction_of,
    bidding_for,
    game_name,
    suit_name,
)

HAND_SIZE = 10
TRICKS = 10


class SkatAdapter(GameAdapter):
    game = "skat"
    setup_keys = ("skat", "bidding", "contract", "discard", "kontra", "re")

    # --- cards -------------------------------------------------------------------------------
    def deck(self, draft):
        return list(DECK)

    def deck_order(self):
        return list(DECK)

    def hand_size(self, draft):
        return HAND_SIZE

    def tricks_in_round(self, draft):
        return TRICKS

    def out_of_hands(self, draft):
        return {card: str(_("in the Skat")) for card in draft["setup"].get("skat") or []}

    # --- the sheet ---------------------------------------------------------------------------
    def record_prefill(self, table, row) -> dict:
        """The pad's record keys of game ``row``, with what the sheet implies besides: a
        bidding in which the declarer won at the sheet's bid (the arbiter may type the one
        said), and Re, which only the declarer says."""
        prefill = super().record_prefill(table, row)
        contract = prefill.get("contract") or {}
        declarer = contract.get("declarer")
        if prefill.get("bidding") is None:
            bid = row.data.get("bid") or LOWEST_BID
            prefill["bidding"] = bidding_for(declarer, bid)
        if contract.get("type") in DECLARED and not contract.get("hand"):
            prefill.setdefault("discard", None)
        if "re" in prefill and prefill["re"] is None:
            prefill["re"] = declarer
        return prefill

    # --- setup -------------------------------------------------------------------------------
    def setup_form(self, draft, data=None):
        setup = draft["setup"]
        contract = setup.get("contract") or {}
        said = setup.get("bidding") or []
        auction, _problem = auction_of(said)
        derived = auction is not None and said == bidding_for(auction.declarer, auction.bid)
        initial = {
            "game": contract.get("type", ""),
            "declarer": "" if contract.get("declarer") is None else str(contract["declarer"]),
            **{key: bool(contract.get(key)) for key in FLAGS},
            "bid": auction.bid if auction and auction.bid else LOWEST_BID,
            "bidding": "" if derived else " ".join(str(say) for say in said),
            "skat": " ".join(setup.get("skat") or []),
            "discard": " ".join(setup.get("discard") or []),
            "matadors": contract.get("matadors"),
            "kontra": "" if setup.get("kontra") is None else str(setup["kontra"]),
            "re": setup.get("re") is not None,
        }
        return SkatSetupForm(
            data, initial=initial, names=draft["players"], settings=self.resolved(draft)
        )

    def setup_from_form(self, draft, form):
        c = form.cleaned_data
        kind = c["game"]
        contract: dict[str, Any] = {"type": kind}
        setup: dict[str, Any] = {"skat": c.get("skat")}
        if kind in DECLARED:
            contract["declarer"] = int(c["declarer"])
            contract.update({key: True for key in FLAGS if c.get(key)})
            if kind != NULL and c.get("matadors"):
                contract["matadors"] = c["matadors"]
        setup["bidding"] = c["said"]
        setup["contract"] = contract
        if kind in DECLARED and not contract.get("hand"):
            setup["discard"] = c.get("discard")
        if c.get("kontra"):
            setup["kontra"] = int(c["kontra"])
            if c.get("re"):
                setup["re"] = contract["declarer"]
        return setup

    def missing_setup(self, draft):
        setup = draft["setup"]
        contract = setup.get("contract") or {}
        missing = []
        if not contract.get("type") or not setup.get("bidding"):
            missing.append(_("the game played"))
        if not setup.get("skat") and not self.hands_complete(draft):
            missing.append(_("the Skat (or all three hands)"))
        declared = contract.get("type") in DECLARED
        if declared and not contract.get("hand") and not setup.get("discard"):
            missing.append(_("the discard"))
        if "kontra" in setup and setup["kontra"] is None:
            missing.append(_("who said Kontra"))
        valued = declared and contract.get("type") != NULL
        if valued and "matadors" not in contract and not self.hands_complete(draft):
            missing.append(_("the Spitzen (or all three hands)"))
        if missing:
            return missing
        return self.record_problems(draft)

    def record_problems(self, draft) -> list[str]:
        """What the engine refuses in the deal as given (a discard card nobody could lay
        away, Spitzen the hands do not give, …): named so the deal's form can put it right."""
        record = self.build_record({**draft, "actions": []})
        try:
            records.verify(record)
        except RecordError as error:
            return [
                _("a deal the rules allow (%(key)s: %(detail)s)")
                % {"key": error.key, "detail": error.text(engine_language())}
            ]
        return []

    def build_record(self, draft, *, with_hands=True):
        record = super().build_record(draft, with_hands=with_hands)
        hands_known = "hands" in record
        if not record.get("skat") and self.hands_complete(draft):
            dealt = {card for hand in draft["hands"] for card in hand}
            record["skat"] = [card for card in DECK if card not in dealt]
        if hands_known and "matadors" in (record.get("contract") or {}):
            # The hands and the Skat give the Spitzen; the sheet's may be what is disputed.
            record["contract"] = {k: v for k, v in record["contract"].items() if k != "matadors"}
        for key in ("discard", "kontra", "re"):
            if record.get(key) is None:
                record.pop(key, None)
        ordered = {key: record[key] for key in record if key != "plays"}
        ordered["plays"] = record["plays"]
        return ordered

    def setup_facts(self, draft):
        setup, names = draft["setup"], draft["players"]
        facts = [(_("Vorhand"), names[0])]
        declarer_label, bid_label = pgettext("skat", "Declarer"), pgettext("skat", "Bid")
        contract = setup.get("contract") or {}
        if contract.get("type"):
            facts.append((_("Game"), self.contract_label(contract)))
        if contract.get("declarer") is not None:
            facts.append((declarer_label, names[contract["declarer"]]))
        auction, _problem = auction_of(setup.get("bidding") or [])
        if auction is not None and auction.bid:
            facts.append((bid_label, str(auction.bid)))
        if setup.get("skat"):
            facts.append((_("Skat"), " ".join(setup["skat"])))
        if setup.get("discard"):
            facts.append((pgettext("skat", "Discard"), " ".join(setup["discard"])))
        if setup.get("kontra") is not None:
            facts.append((_("Kontra"), names[setup["kontra"]]))
        return facts

    @staticmethod
    def contract_label(contract: dict) -> str:
        words = [game_name(contract["type"])]
        words += [str(FLAG_LABELS[key]) for key in FLAGS if contract.get(key)]
        return " ".join(words[:1]) + "".join(f", {word}" for word in words[1:])

    # --- the State -----------------------------------------------------------------------------
    def new_state(self, draft, settings):
        record = self.build_record(draft)
        contract, matadors = parse_contract(record["contract"])
        auction, _problem = auction_of(record["bidding"])
        hands = record.get("hands")
        laid_away = list(record["skat"])
        playing = [list(hand) for hand in hands] if hands is not None else None
        if "discard" in record:
            laid_away = list(record["discard"])
            if playing is not None:
                twelve = playing[contract.declarer] + list(record["skat"])
                playing[contract.declarer] = [c for c in twelve if c not in laid_away]
        if hands is not None and contract.type in DECLARED and contract.type != NULL:
            matadors = matadors_of(
                mask_of(list(hands[contract.declarer]) + list(record["skat"])), contract.type
            )
        return State(
            contract,
            settings,
            hands=playing,
            laid_away=laid_away,
            players=draft["players"],
            bid=auction.bid if auction else LOWEST_BID,
            matadors=matadors,
            kontra=record.get("kontra"),
            re=record.get("re"),
        )

    def prompt(self, state, names):
        if state.to_play is None:
            return _("The game is complete.")
        values = {"name": names[state.to_play], "n": len(state.finished) + 1}
        if not state.current:
            return _("Trick %(n)s: %(name)s leads.") % values
        return _("Trick %(n)s: %(name)s plays.") % values

    def board_facts(self, state, draft):
        contract = state.contract
        if contract.type not in DECLARED:
            return [(_("Game"), game_name(contract.type))]
        trump = (
            _("no trump")
            if contract.type == NULL
            else _("Buben only")
            if contract.type == GRAND
            else _("Buben and %(suit)s") % {"suit": suit_name(contract.trump_suit)}
        )
        return [(_("Game"), self.contract_label(contract.to_json())), (_("Trump"), trump)]

    def running(self, state, draft):
        names = draft["players"]
        core = state.core
        contract = state.contract
        facts = []
        if contract.declarer is not None and contract.type != NULL:
            own = core.augen[contract.declarer] + state.laid_away_augen()
            facts.append(
                (
                    _("Augen"),
                    _("%(name)s %(own)s (with the Skat) : %(others)s others")
                    % {
                        "name": names[contract.declarer],
                        "own": own,
                        "others": sum(core.augen) - core.augen[contract.declarer],
                    },
                )
            )
        return ResultView(
            facts=facts,
            columns=[Column(_("Augen"), list(core.augen)), Column(_("Tricks"), list(core.won))],
        )

    def deciding_trick(self, result, draft):
        """A lost Null ends with its declarer's first trick: the last one recorded."""
        contract = result.get("contract") or {}
        if contract.get("type") != NULL or result["won"]:
            return None
        name = draft["players"][contract["declarer"]]
        lost = _("Here the declarer lost the Null: the first trick of %(name)s.")
        return sum(result["tricks_per_seat"]), lost % {"name": name}

    def result_view(self, result, draft):
        names = draft["players"]
        contract = result.get("contract")
        view = ResultView()
        if contract is None or contract["type"] not in DECLARED:
            if result.get("augen_per_seat"):  # a Ramsch
                view.facts.append((_("Game"), game_name(RAMSCH)))
                view.columns = [
                    Column(_("Augen"), result["augen_per_seat"]),
                    Column(_("Tricks"), result["tricks_per_seat"]),
                    Column(_("Score"), result["scores"], "score"),
                ]
            else:
                view.facts.append((_("Game"), game_name(EINGEPASST)))
                view.columns = [Column(_("Score"), result["scores"], "score")]
            return view
        declarer = contract["declarer"]
        view.facts.append((_("Game"), self.contract_label(contract)))
        view.facts.append((pgettext("skat", "Declarer"), names[declarer]))
        view.facts.append((pgettext("skat", "Bid"), str(result["bid"])))
        if contract["type"] != NULL:
            augen = result["augen"]
            view.facts.append((_("Augen"), f"{augen['declarer']} : {augen['opponents']}"))
            matadors = result["matadors"]
            word = _("mit %(n)s") if matadors > 0 else _("ohne %(n)s")
            view.facts.append((_("Spitzen"), word % {"n": abs(matadors)}))
        view.facts.append((_("Result"), self.outcome(result)))
        view.facts.append((_("Game value"), str(result["value"])))
        if result["overbid"]:
            view.notes.append(_("Overbid: the game was worth less than the bid, so it is lost."))
        if result.get("misplay") is not None:
            view.notes.append(
                _(
                    "A misplay of %(name)s before the game was decided decides it: won or lost "
                    "as the rules say, whatever the Augen."
                )
                % {"name": names[result["misplay"]]}
            )
        view.columns = [
            Column(_("Augen"), result["augen_per_seat"]),
            Column(_("Tricks"), result["tricks_per_seat"]),
            # Short titles: four columns beside the names fit a 360 px phone.
            Column(pgettext("skat column", "List"), result["scores"], "score"),
            Column(pgettext("skat column", "Seeger"), result["seeger_fabian"], "score"),
        ]
        return view

    @staticmethod
    def outcome(result: dict) -> str:
        word = pgettext("skat result", "won") if result["won"] else pgettext("skat result", "lost")
        if result["schwarz"]:
            return _("%(outcome)s, Schwarz") % {"outcome": word}
        if result["schneider"]:
            return _("%(outcome)s, Schneider") % {"outcome": word}
        return word
