"""One dispute adapter per game (see base.py), looked up by the table's game."""

from .base import GameAdapter
from .schafkopf import SchafkopfAdapter
from .scharfe_schoten import ScharfeSchotenAdapter
from .schatzsuche import SchatzsucheAdapter
from .skat import SkatAdapter
from .stichwahl import StichwahlAdapter

ADAPTERS: dict[str, GameAdapter] = {
    adapter.game: adapter
    for adapter in (
        SchafkopfAdapter(),
        SchatzsucheAdapter(),
        ScharfeSchotenAdapter(),
        StichwahlAdapter(),
        SkatAdapter(),
    )
}


def get_adapter(game: str) -> GameAdapter:
    return ADAPTERS[game]
