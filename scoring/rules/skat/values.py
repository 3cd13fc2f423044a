"""The value of a Skat game, once, for the verifier and the scorepad (docs/rules/skat.md,
"Result of a suit game or Grand"): bid values, matadors, level, value, overbid, the Augen's
boundaries and the list points.

``score_game`` is the one formula: a paper list's facts in, a ``GameScore`` out.
``outcome_from_augen`` turns the declarer's Augen (the Skat counted) into won, Schneider and
Schwarz. The scorepad checks an entry with ``entry.check_entry`` and scores it with
``entry.score_entry``; both end here.
"""

from __future__ import annotations

from typing import Final

from .cards import BIT, JACKS, RANKS, count_of
from .contracts import BASE, GRAND, NULL, NULL_VALUES, SUIT_GAMES, TRUMP_SUIT

WIN_AUGEN: Final = 61  # the declarer wins with 61 or more
SCHNEIDER_AUGEN: Final = 30  # a side with 30 or fewer is Schneider
SCHNEIDER_ANNOUNCED_AUGEN: Final = 90  # with Schneider announced the declarer needs 90
MAX_MATADORS: Final = {**dict.fromkeys(SUIT_GAMES, 11), GRAND: 4}
# The most levels besides matadors: game, Hand, Schneider, announced, Schwarz, announced, Ouvert.
MAX_EXTRA_LEVELS: Final = 7


def _bid_values() -> tuple[int, ...]:
    values = set(NULL_VALUES.values())
    for game, base in BASE.items():
        for level in range(2, MAX_MATADORS[game] + MAX_EXTRA_LEVELS + 1):
            values.add(base * level)
    return tuple(sorted(values))


# Every value some game can have: what may be bid (18, 20, 22, 23, 24, 27, 30, ...).
BID_VALUES: Final = _bid_values()
LOWEST_BID: Final = BID_VALUES[0]


def trump_order(game: str) -> tuple[str, ...]:
    """The trumps of a suit game or Grand, high to low: the four Buben, then (suit game) the
    trump suit's A 10 K Q 9 8 7."""
    if game == GRAND:
        return JACKS
    suit = TRUMP_SUIT[game]
    return JACKS + tuple(suit + rank for rank in RANKS if rank != "J")


# The trumps of each suit game and Grand high to low, as bits, and all of them as a mask.
TRUMP_BITS: Final = {
    game: tuple([BIT[card] for card in trump_order(game)]) for game in (*SUIT_GAMES, GRAND)
}
TRUMP_MASK: Final = {game: sum(bits) for game, bits in TRUMP_BITS.items()}


def trumps_in(cards: int, game: str) -> int:
    """How many trumps of a suit game or Grand the cards (a mask) hold."""
    return count_of(cards & TRUMP_MASK[game])


def matadors_of(cards: int, game: str) -> int:
    """Matadors of the declarer's twelve cards (his hand and the Skat, as a mask): the
    unbroken run of top trumps from ``CJ`` down that he holds (``mit``, positive) or lacks
    (``ohne``, negative). Suit game 1..11, Grand 1..4.

    >>> from .cards import mask_of
    >>> matadors_of(mask_of(["CJ", "SJ", "DJ"]), "grand"), matadors_of(mask_of(["HJ"]), "herz")
    (2, -2)
    """
    bits = TRUMP_BITS[game]
    holds = cards & bits[0] != 0
    run = 0
    for bit in bits:
        if (cards & bit != 0) != holds:
            break
        run += 1
    return run if holds else -run


def level_of(
    matadors: int,
    *,
    hand: bool = False,
    schneider: bool = False,
    schwarz: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
) -> int:
    """Matadors + 1 for the game + 1 each for Hand, Schneider, Schneider announced, Schwarz,
    Schwarz announced, Ouvert. An announcement counts what it includes; Schwarz reached is
    Schneider reached too; no level counts twice."""
    swa = schwarz_announced or ouvert
    sa = schneider_announced or swa
    sw = schwarz or swa
    sn = schneider or sa or sw
    return abs(matadors) + 1 + int(hand) + int(sn) + int(sa) + int(sw) + int(swa) + int(ouvert)


class Outcome:
    """Won or lost, and Schneider and Schwarz reached by either side."""

    __slots__ = ("schneider", "schwarz", "won")

    def __init__(self, won: bool, schneider: bool, schwarz: bool) -> None:
        self.won, self.schneider, self.schwarz = won, schneider, schwarz


def outcome_from_augen(
    augen: int,
    *,
    schwarz: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
) -> Outcome:
    """The outcome of a suit game or Grand from the declarer's Augen (the Skat counted).

    ``schwarz``: a side took no trick (the declarer's side if he has 60 or fewer Augen, else
    the opponents'). With Schwarz announced the declarer needs every trick, with Schneider
    announced 90 Augen, else 61.
    """
    all_tricks = schwarz and augen >= WIN_AUGEN
    if schwarz_announced:
        won = all_tricks
    elif schneider_announced:
        won = augen >= SCHNEIDER_ANNOUNCED_AUGEN
    else:
        won = augen >= WIN_AUGEN
    schneider = augen >= 120 - SCHNEIDER_AUGEN or augen <= SCHNEIDER_AUGEN or schwarz
    return Outcome(won, schneider, schwarz)


class GameScore:
    """A game as the list writes it. ``value`` is the game value (the overbid one if
    ``overbid``) times ``multiplier`` (Kontra ×2, Re ×4, Bock ×2); ``list_points`` is
    +value when won, −2 × value when lost. ``level`` and ``matadors`` are None for a Null;
    ``base_value`` is base × level (a Null: its fixed value), before overbid and doubling.
    (A plain class: compiled code runs a dataclass's methods interpreted.)"""

    __slots__ = (
        "base_value",
        "game",
        "level",
        "list_points",
        "matadors",
        "multiplier",
        "overbid",
        "schneider",
        "schwarz",
        "value",
        "won",
    )

    def __init__(
        self,
        game: str,
        won: bool,
        value: int,
        list_points: int,
        level: int | None,
        matadors: int | None,
        base_value: int,
        overbid: bool,
        schneider: bool,
        schwarz: bool,
        multiplier: int,
    ) -> None:
        self.game, self.won, self.value, self.list_points = game, won, value, list_points
        self.level, self.matadors, self.base_value = level, matadors, base_value
        self.overbid, self.schneider, self.schwarz = overbid, schneider, schwarz
        self.multiplier = multiplier

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={getattr(self, name)!r}" for name in sorted(self.__slots__))
        return f"GameScore({fields})"


def null_value(hand: bool, ouvert: bool) -> int:
    """Null 23, Null Hand 35, Null ouvert 46, Null ouvert Hand 59."""
    return NULL_VALUES[(hand, ouvert)]


def overbid_value(game: str, bid: int) -> int:
    """An overbid game's value: the smallest multiple of its base at or above the bid."""
    base = BASE[game]
    return -(-bid // base) * base


def score_game(
    game: str,
    *,
    won: bool,
    bid: int = LOWEST_BID,
    matadors: int | None = None,
    hand: bool = False,
    schneider: bool = False,
    schwarz: bool = False,
    schneider_announced: bool = False,
    schwarz_announced: bool = False,
    ouvert: bool = False,
    multiplier: int = 1,
) -> GameScore:
    """The value and list points of a declared game (the arguments trusted: the scorepad's
    ``check_entry`` and the record's reading check them first).

    A suit game or Grand is valued base × level; worth less than the bid it is lost and
    valued at the smallest multiple of its base at or above the bid. A Null has its fixed
    value (a Null below the bid is refused before, ``ValueError`` here).

    >>> s = score_game("grand", won=False, matadors=4, hand=True, schneider_announced=True)
    >>> s.level, s.value, s.list_points
    (8, 192, -384)
    """
    if game == NULL:
        value = null_value(hand, ouvert)
        if value < bid:
            raise ValueError(f"a Null of {value} may not be announced after a bid of {bid}")
        points = value * multiplier
        return GameScore(
            NULL, won, points, points if won else -2 * points, None, None, value, False,
            False, False, multiplier,
        )  # fmt: skip
    if matadors is None:
        raise ValueError("a suit game or Grand needs its matadors")
    level = level_of(
        matadors,
        hand=hand,
        schneider=schneider,
        schwarz=schwarz,
        schneider_announced=schneider_announced,
        schwarz_announced=schwarz_announced,
        ouvert=ouvert,
    )
    base_value = BASE[game] * level
    overbid = base_value < bid
    value = overbid_value(game, bid) if overbid else base_value
    won = won and not overbid
    points = value * multiplier
    return GameScore(
        game, won, points, points if won else -2 * points, level, matadors, base_value,
        overbid, schneider or schwarz, schwarz, multiplier,
    )  # fmt: skip


def doubling(kontra: bool = False, re: bool = False, bock: bool = False) -> int:
    """Kontra ×2, Re ×4 (a Re only after a Kontra), a Bock game ×2 on top."""
    factor = 4 if kontra and re else 2 if kontra else 1
    return factor * (2 if bock else 1)
