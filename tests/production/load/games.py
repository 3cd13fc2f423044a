"""Valid form input per game for the simulated phones: a new table and a complete round.

One filler per game with a pad; add a game's filler here when its pad lands (the load test
picks it with --game).
"""

from __future__ import annotations

import random

SUITS = "CSHD"
RANKS = ["A", "10", "K", "Q", "J", "9", "8", "7"]


def current_values(fields: dict[str, str]) -> dict[str, str]:
    """The round's values as the form shows them (a correction must change something)."""
    return {
        k: v
        for k, v in fields.items()
        if k not in ("csrfmiddlewaretoken", "base", "submission", "author", "reason")
    }


def split(total: int, parts: int, rng: random.Random) -> list[int]:
    """``total`` tricks dealt out to ``parts`` players at random."""
    counts = [0] * parts
    for _ in range(total):
        counts[rng.randrange(parts)] += 1
    return counts


class Schatzsuche:
    rounds = 10

    @staticmethod
    def creation(players: int) -> dict:
        return {
            **{f"player_{seat}": f"Spieler {seat + 1}" for seat in range(3)},
            "first_dealer": 0,
            "dealer_tie": "fewest",
            "dealer_by": "total",
            "golden_both": "160",
            "farbkarten": "on",
        }

    @staticmethod
    def round(number: int, rng: random.Random) -> dict:
        values = {}
        tricks = split(number, 3, rng)
        for seat in range(3):
            values[f"bid_{seat}"] = str(rng.randint(0, number))
            values[f"tricks_{seat}"] = str(tricks[seat])
            values[f"penalty_{seat}"] = str(rng.choice([0, 0, 0, 0, 1]))
        values["trump"] = rng.choice(["", *SUITS])
        if number == Schatzsuche.rounds:
            for seat in range(3):
                values[f"guess_suit_{seat}"] = rng.choice(SUITS)
                values[f"guess_rank_{seat}"] = rng.choice(RANKS)
            values["golden_suit"] = rng.choice(SUITS)
            values["golden_rank"] = rng.choice(RANKS)
        return values

    @staticmethod
    def same(values: dict, before: dict) -> bool:
        """Whether the numbers (what the server compares) are those already saved."""
        keys = [k for k in values if k.startswith(("bid_", "tricks_", "penalty_"))]
        return all(str(before.get(k, "")) == values[k] for k in keys)

    @staticmethod
    def matches(data: dict, values: dict) -> bool:
        """Whether a stored round holds the numbers a phone sent."""
        for field, key in (("bid", "bids"), ("tricks", "tricks"), ("penalty", "penalties")):
            sent = [int(values[f"{field}_{seat}"]) for seat in range(3)]
            if sent != data.get(key):
                return False
        return True


FILLERS = {"schatzsuche": Schatzsuche}
