"""Skat `record/1` files: verifying them, and writing them from bot-played deals
(docs/records.md, "Skat keys").

Seat 0 is Vorhand, 1 Mittelhand, 2 Hinterhand (at a table of 4 the record lists the three
who play, from the dealer's left). ``hands`` are the dealt hands (10 cards each), ``skat``
the two cards dealt face down, ``bidding`` what was said, ``contract`` the game,
``discard`` the two cards the declarer laid away (not in a Hand game), ``plays`` the cards.
"""

from __future__ import annotations

from collections.abc import Mapping
from random import Random
from typing import Any, Final

from ..core import (
    RECORD_ERRORS,
    RecordError,
    Verdict,
    bot_names,
    check_dealt_hands,
    new_record,
    require_int,
    require_str_list,
)
from ..i18n import N_
from .bidding import Auction
from .bots import bot_game
from .cards import DECK, HAND_SIZE, INDEX, SEATS, cards_of, mask_of
from .contracts import EINGEPASST, NULL, RAMSCH, parse_contract
from .profiles import DEFAULT_PROFILE, PROFILES
from .state import HAND_CHECKS, State
from .values import matadors_of, null_value

PLAYER_COUNTS: Final = (3,)
RECORD_KEYS: Final = ("skat", "bidding", "contract", "plays")
RECORD_OPTIONAL_KEYS: Final = ("discard", "kontra", "re")


def _read_bidding(record: Mapping[str, Any]) -> Auction:
    said = record["bidding"]
    if not isinstance(said, list):
        raise RecordError("bidding", N_('must be a list of bid values, "ja" and "passe"'))
    auction = Auction()
    for position, say in enumerate(said):
        problem = auction.problem(say)
        if problem is not None:
            raise RecordError(f"bidding[{position}]", problem, bid=auction.bid)
        auction.say(say)
    if not auction.over:
        raise RecordError("bidding", N_("the auction is not finished"))
    return auction


def _read_cards(record: Mapping[str, Any], key: str) -> list[str]:
    cards = require_str_list(record[key], key, 2)
    for card in cards:
        if card not in INDEX:
            raise RecordError(key, RECORD_ERRORS["not_a_card"], card=card)
    if cards[0] == cards[1]:
        raise RecordError(key, N_("holds {card} twice"), card=cards[0])
    return cards


def verify_record(record: Mapping[str, Any], settings: Mapping[str, Any]) -> Verdict:
    """Judge a Skat record whose common keys ``records.read`` has checked."""
    auction = _read_bidding(record)
    contract, matadors = parse_contract(record["contract"], SEATS)
    skat = _read_cards(record, "skat")
    if auction.declarer is None:
        expected = RAMSCH if settings["ramsch"] else EINGEPASST
        if contract.type != expected:
            raise RecordError(
                "contract.type", N_("all passed: the deal is {expected}"), expected=expected
            )
    else:
        if not contract.has_declarer:
            raise RecordError("contract.type", N_("somebody won the auction: a game is declared"))
        if contract.declarer != auction.declarer:
            raise RecordError(
                "contract.declarer", N_("seat {seat} won the auction"), seat=auction.declarer
            )
        if contract.type == NULL and null_value(contract.hand, contract.ouvert) < auction.bid:
            raise RecordError(
                "contract.type", N_("a Null of {value} may not be announced after a bid of {bid}"),
                value=null_value(contract.hand, contract.ouvert), bid=auction.bid,
            )  # fmt: skip
    hands = record.get("hands")
    if hands is not None:
        check_dealt_hands(hands, DECK, HAND_SIZE)
        dealt = {card for hand in hands for card in hand}
        for card in skat:
            if card in dealt:
                raise RecordError("skat", N_("{card} is also in a hand"), card=card)
    declarer = contract.declarer
    takes_skat = contract.has_declarer and not contract.hand
    if takes_skat != ("discard" in record):
        if takes_skat:
            raise RecordError("discard", RECORD_ERRORS["required"])
        raise RecordError("discard", N_("only a declarer who took the Skat discards"))
    laid_away = skat
    playing = [list(hand) for hand in hands] if hands is not None else None
    if takes_skat:
        assert declarer is not None
        laid_away = _read_cards(record, "discard")
        if playing is not None:
            twelve = playing[declarer] + skat
            for card in laid_away:
                if card not in twelve:
                    raise RecordError(
                        "discard",
                        N_("{card} is neither in the declarer's hand nor in the Skat"),
                        card=card,
                    )
            playing[declarer] = [c for c in twelve if c not in laid_away]
    if contract.has_declarer and contract.type != NULL:
        assert declarer is not None
        if hands is not None:
            held = matadors_of(mask_of(list(hands[declarer]) + skat), contract.type)
            if matadors is not None and matadors != held:
                raise RecordError(
                    "contract.matadors", N_("the hands and the Skat give {held}"), held=held
                )
            matadors = held
        elif matadors is None:
            raise RecordError("contract.matadors", N_("is required without hands"))
    kontra = re = None
    for key in ("kontra", "re"):
        if key in record:
            if not settings["kontra"] or not contract.has_declarer:
                raise RecordError(key, N_("no Kontra/Re here (setting kontra, a declared game)"))
            seat = require_int(record[key], key, 0, SEATS - 1)
            if key == "kontra":
                if seat == declarer:
                    raise RecordError(key, N_("only an opponent says Kontra"))
                kontra = seat
            else:
                if seat != declarer or "kontra" not in record:
                    raise RecordError(key, N_("only the declarer says Re, after a Kontra"))
                re = seat
    plays = record["plays"]
    if not isinstance(plays, list) or not all(isinstance(card, str) for card in plays):
        raise RecordError("plays", RECORD_ERRORS["card_codes"])
    if len(plays) > 30 or (contract.type == EINGEPASST and plays):
        raise RecordError(
            "plays",
            N_("a deal has at most {count} cards to play"),
            count=0 if contract.type == EINGEPASST else 30,
        )
    state = State(
        contract, settings, hands=playing, laid_away=laid_away, players=record["players"],
        bid=auction.bid, matadors=matadors, kontra=kontra, re=re,
    )  # fmt: skip
    for card in plays:
        state.play(card, strict=False)
    return Verdict(
        players=list(record["players"]),
        complete=state.is_over,
        to_play=state.to_play,
        tricks=state.tricks,
        result=state.result(),
        violations=list(state.violations),
        checks_skipped=[] if hands is not None else list(HAND_CHECKS),
    )


def simulate(
    rng: Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> dict[str, Any]:
    """One seeded deal played by random legal bots, as a `record/1` dict (seat 0 Vorhand;
    ``players=4``: the dealer sits out and is not in the record)."""
    players = players or SEATS
    if players not in (3, 4):
        raise ValueError("Skat is played at a table of 3 or 4")
    game = bot_game(rng, settings, False)
    record = new_record("skat", bot_names(SEATS), settings, PROFILES, DEFAULT_PROFILE)
    record["hands"] = [cards_of(hand) for hand in game.hands]
    record["skat"] = cards_of(game.skat)
    record["bidding"] = game.bidding  # the bot game's own fresh list: no copy
    record["contract"] = game.contract.to_json()
    if game.discard:
        record["discard"] = cards_of(game.discard)
    if game.kontra is not None:
        record["kontra"] = game.kontra
    if game.re is not None:
        record["re"] = game.re
    record["plays"] = [DECK[card] for card in game.plays]
    return record


def playout(
    rng: Random,
    settings: Mapping[str, Any],
    *,
    players: int | None = None,
    round_number: int | None = None,
) -> list[int]:
    """The list points of one seeded bot-played deal (``simulate`` without the record)."""
    result = bot_game(rng, settings).result
    assert result is not None
    scores: list[int] = result["scores"]
    return scores
