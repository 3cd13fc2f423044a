"""Scorepads per game, looked up by the table's game."""

from .schatzsuche import SchatzsuchePad

PADS = {pad.game: pad for pad in (SchatzsuchePad(),)}


def get_pad(game: str):
    return PADS[game]
