"""Scorepads per game, looked up by the table's game."""

from .base import Pad
from .schafkopf import SchafkopfPad
from .scharfe_schoten import ScharfeSchotenPad
from .schatzsuche import SchatzsuchePad
from .skat import SkatPad
from .stichwahl import StichwahlPad

PADS: dict[str, Pad] = {
    pad.game: pad
    for pad in (
        SchatzsuchePad(),
        StichwahlPad(),
        ScharfeSchotenPad(),
        SchafkopfPad(),
        SkatPad(),
    )
}


def get_pad(game: str) -> Pad:
    return PADS[game]
