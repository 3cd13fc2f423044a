"""Schafkopf records with a misplay, for the misplay tests of the scorepad and of disputes.

An engine game (bots, legal cards) is played again from its dealt hands by a seeded random
player who, once, plays a card the rules forbid (not following suit, the called Sau's duties);
a Sie whose declarer lacks an Ober or Unter and a Rufspiel on the declarer's own Sau are
``illegal_contract``. The engine's verdict names the offender and gives ``penalty_scores``.
"""

from __future__ import annotations

import random

from scoring.rules import records
from scoring.rules.draws import make_rng
from scoring.rules.schafkopf import State
from scoring.rules.schafkopf.record import read_game_keys

from .schafkopf_helpers import FOUR

PROFILE = "turnier-1-15"
CALLABLE = ("E", "G", "S")


def engine_game(contract_type: str, seed: str, names=FOUR, *, rules=None, **kwargs) -> dict:
    """An engine game of ``contract_type`` (a Sie: any deal, its contract made a Sie), with
    ``rules`` changed from turnier-1-15 where given."""
    wanted = "rufspiel" if contract_type == "sie" else contract_type
    module = records.get_game("schafkopf")
    settings = records.profile_settings(module, PROFILE, rules)
    for n in range(2000):
        record = module.simulate(make_rng(f"{seed}:{n}"), settings, **kwargs)
        if record["contract"]["type"] == wanted:
            return {**record, "players": list(names)}
    raise AssertionError(f"no {contract_type} in 2000 deals")


def replayed(record: dict, rng: random.Random, *, misplay_from: int | None) -> tuple[dict, bool]:
    """``record`` played again by random cards; from card ``misplay_from`` on (None: never),
    the first seat holding a forbidden card plays it, once. Also: whether one did."""
    module = records.get_game("schafkopf")
    settings = records.profile_settings(module, record["profile"], record["settings"])
    keys = read_game_keys(record, settings)
    state = State(
        keys["contract"],
        settings,
        leader=keys["leader"],
        hands=record["hands"],
        players=record["players"],
        stoss=keys.get("stoss"),
        retour=keys.get("retour"),
    )
    plays, misplayed = [], False
    while not state.is_over:
        legal = state.legal_plays()
        forbidden = [card for card in state.hand(state.to_play) if card not in legal]
        if misplay_from is not None and not misplayed and forbidden and len(plays) >= misplay_from:
            card, misplayed = rng.choice(forbidden), True
        else:
            card = rng.choice(legal)
        state.play(card, strict=False)
        plays.append(card)
    return {**record, "plays": plays}, misplayed


def misplayed_record(contract_type: str, seed: str, names=FOUR, **kwargs) -> dict:
    """A record of ``contract_type`` (turnier-1-15, changed by ``rules=``) with a misplay."""
    record = engine_game(contract_type, seed, names, **kwargs)
    if contract_type == "sie":
        # Shown, not played: the declarer's hand lacks Ober or Unter, so the Sie is illegal.
        record = {**record, "contract": {"type": "sie", "declarer": 0}, "plays": []}
        record.pop("stoss", None)
        record.pop("retour", None)
        return record
    rng = random.Random(seed)
    for _attempt in range(200):
        found, misplayed = replayed(record, rng, misplay_from=rng.randrange(32))
        if misplayed:
            return found
    raise AssertionError(f"no misplay found in {seed}")


def own_sau_rufspiel(seed: str, names=FOUR, **kwargs) -> dict:
    """A Rufspiel whose declarer called a Sau he holds himself (``illegal_contract``)."""
    for n in range(2000):
        record = engine_game("rufspiel", f"{seed}:{n}", names, **kwargs)
        hand = record["hands"][record["contract"]["declarer"]]
        own = [suit for suit in CALLABLE if f"{suit}A" in hand]
        if own:
            contract = {**record["contract"], "called": own[0]}
            record = {**record, "contract": contract}
            record.pop("stoss", None)
            record.pop("retour", None)
            return replayed(record, random.Random(seed), misplay_from=None)[0]
    raise AssertionError("no declarer holding a Sau")


def verdict_of(record: dict) -> dict:
    return records.verify(record).to_json("en")
