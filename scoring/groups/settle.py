"""Who pays whom at the end of an evening or a season, in the fewest transfers.

Balances that sum to zero can always be settled with one transfer fewer than there are
people with a balance; every group of people whose balances already sum to zero among
themselves saves one more. So the fewest transfers come from splitting the balances into as
many zero-sum groups as possible (``zero_sum_order``, exact by dynamic programming over
subsets) and settling each group in a chain. Beyond ``EXACT_UP_TO`` people with a balance
(a season of a big group) the subsets are too many: exact pairs (one owes what another is
owed) are taken first, then the greedy chain, which is never more than one transfer per
person.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from dataclasses import dataclass

EXACT_UP_TO = 12


@dataclass(frozen=True)
class Transfer:
    payer: Hashable
    payee: Hashable
    amount: int


def fewest_transfers(balances: Mapping[Hashable, int]) -> list[Transfer]:
    """Transfers that bring every balance to zero (positive: is owed, negative: owes), as few
    as possible for up to ``EXACT_UP_TO`` non-zero balances. Raises ValueError when the
    balances do not sum to zero."""
    if sum(balances.values()):
        raise ValueError("balances must sum to zero")
    open_ = [(who, amount) for who, amount in balances.items() if amount]
    groups = zero_sum_groups(open_) if len(open_) <= EXACT_UP_TO else pairs_first(open_)
    transfers: list[Transfer] = []
    for group in groups:
        transfers += chain(group)
    return transfers


def zero_sum_groups(open_: list[tuple[Hashable, int]]) -> list[list[tuple[Hashable, int]]]:
    """The balances split into the most groups that each sum to zero.

    ``best[mask]`` is the most zero-sum groups the people of ``mask`` can be cut into when
    they are taken in some order and a group closes whenever the running sum is zero; the
    order is read back from the full set."""
    count = len(open_)
    full = (1 << count) - 1
    sums = [0] * (full + 1)
    best = [0] * (full + 1)
    for mask in range(1, full + 1):
        low = (mask & -mask).bit_length() - 1
        sums[mask] = sums[mask & (mask - 1)] + open_[low][1]
        most = 0
        rest = mask
        while rest:
            bit = rest & -rest
            most = max(most, best[mask ^ bit])
            rest ^= bit
        best[mask] = most + (sums[mask] == 0)
    order: list[int] = []
    mask = full
    while mask:
        closes = sums[mask] == 0
        rest = mask
        while rest:
            bit = rest & -rest
            if best[mask ^ bit] + closes == best[mask]:
                order.append(bit.bit_length() - 1)
                mask ^= bit
                break
            rest ^= bit
    order.reverse()
    groups: list[list[tuple[Hashable, int]]] = [[]]
    running = 0
    for index in order:
        groups[-1].append(open_[index])
        running += open_[index][1]
        if running == 0:
            groups.append([])
    return [group for group in groups if group]


def pairs_first(open_: list[tuple[Hashable, int]]) -> list[list[tuple[Hashable, int]]]:
    """Exact pairs (+a and −a) as groups of their own, the rest as one group."""
    waiting: dict[int, list[tuple[Hashable, int]]] = {}
    groups: list[list[tuple[Hashable, int]]] = []
    rest: list[tuple[Hashable, int]] = []
    for entry in open_:
        match = waiting.get(-entry[1])
        if match:
            groups.append([match.pop(), entry])
        else:
            waiting.setdefault(entry[1], []).append(entry)
    for entries in waiting.values():
        rest += entries
    return [*groups, rest] if rest else groups


def chain(group: list[tuple[Hashable, int]]) -> list[Transfer]:
    """A zero-sum group settled in at most one transfer fewer than its people: the biggest
    debtor pays the biggest creditor, each transfer settling at least one of them."""
    debtors = sorted(((-amount, who) for who, amount in group if amount < 0), key=_first)
    creditors = sorted(((amount, who) for who, amount in group if amount > 0), key=_first)
    transfers = []
    while debtors and creditors:
        owes, payer = debtors[-1]
        owed, payee = creditors[-1]
        amount = min(owes, owed)
        transfers.append(Transfer(payer, payee, amount))
        debtors[-1] = (owes - amount, payer)
        creditors[-1] = (owed - amount, payee)
        if debtors[-1][0] == 0:
            debtors.pop()
        if creditors[-1][0] == 0:
            creditors.pop()
    return transfers


def _first(pair):
    return pair[0]
