"""The auction (docs/rules/skat.md, "Bidding"), for the verifier and the bots alike.

Seats are 0 Vorhand, 1 Mittelhand, 2 Hinterhand. Mittelhand bids to Vorhand, who holds
(``"ja"``) or passes; the survivor then hears Hinterhand's bids. Nobody having bid, Vorhand
may declare at 18 or pass (all passed: eingepasst). A record's ``bidding`` lists what was
said in order (a bid value, ``"ja"``, ``"passe"``); who said it follows from the auction.
"""

from __future__ import annotations

from typing import Final

from ..i18n import N_, Text
from .values import BID_VALUES, LOWEST_BID

VORHAND: Final = 0
MITTELHAND: Final = 1
HINTERHAND: Final = 2
JA: Final = "ja"
PASSE: Final = "passe"


class Auction:
    """An auction in progress. ``speaker`` says next (None once over); ``asks`` is what he
    may say: ``"bid"`` (a value above ``bid``, or passe), ``"answer"`` (ja or passe) or
    ``"open"`` (Vorhand, nobody having bid: 18 or passe). Over: ``declarer`` (None: all
    passed) at ``bid``."""

    __slots__ = ("asks", "bid", "bidder", "declarer", "listener", "phase", "speaker")

    def __init__(self) -> None:
        self.phase = 1
        self.bidder, self.listener = MITTELHAND, VORHAND
        self.speaker: int | None = MITTELHAND
        self.asks = "bid"
        self.bid = 0
        self.declarer: int | None = None

    @property
    def over(self) -> bool:
        return self.speaker is None

    def problem(self, say: object) -> Text | None:
        """Why ``say`` cannot be said now (a text with the param ``bid``), or None."""
        if self.speaker is None:
            return N_("the auction is over")
        if say == PASSE:
            return None
        if self.asks == "answer":
            return None if say == JA else N_('must be "ja" or "passe"')
        if isinstance(say, bool) or not isinstance(say, int):
            return N_('must be a bid value or "passe"')
        if self.asks == "open":
            return (
                None if say == LOWEST_BID else N_("nobody bid: Vorhand may declare at 18 or pass")
            )
        if say not in BID_VALUES:
            return N_("is not a game value")
        if say <= self.bid:
            return N_("must be above the bid {bid}")
        return None

    def say(self, say: int | str) -> None:
        """Take what the speaker says (checked with ``problem`` before)."""
        if self.asks == "open":
            if say == PASSE:
                self.declarer = None
            else:
                self.declarer, self.bid = VORHAND, LOWEST_BID
            self.speaker = None
            return
        if say == PASSE:
            survivor = self.listener if self.speaker == self.bidder else self.bidder
            self._next_phase(survivor)
        elif self.asks == "bid":
            assert isinstance(say, int)
            self.bid = say
            self.asks, self.speaker = "answer", self.listener
        else:
            self.asks, self.speaker = "bid", self.bidder

    def _next_phase(self, survivor: int) -> None:
        if self.phase == 1:
            self.phase = 2
            self.bidder, self.listener = HINTERHAND, survivor
            self.asks, self.speaker = "bid", HINTERHAND
        elif self.bid:
            self.declarer, self.speaker = survivor, None
        else:  # nobody bid: the survivor is Vorhand
            self.asks, self.speaker = "open", survivor

    def next_bid(self) -> int:
        """The lowest value the bidder may say now (0 when none is left)."""
        for value in BID_VALUES:
            if value > self.bid:
                return value
        return 0
