"""Scorepads per game, looked up by the table's game."""

from .schafkopf import SchafkopfPad
from .scharfe_schoten import ScharfeSchotenPad
from .schatzsuche import SchatzsuchePad
from .stichwahl import StichwahlPad

PADS = {pad.game: pad for pad in (SchatzsuchePad(), StichwahlPad())}
PADS[ScharfeSchotenPad.game] = ScharfeSchotenPad()
PADS[SchafkopfPad.game] = SchafkopfPad()


def get_pad(game: str):
    return PADS[game]
