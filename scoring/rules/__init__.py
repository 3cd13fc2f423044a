"""The rules engine: a plain Python package (no Django), one module per game.

Each game module offers a cloneable ``State`` (``legal_plays()``, ``play()``, ``is_over``,
``result()``, ``copy()``), deterministic seeded deals, the pure score formulas the scorepad
uses, and the hooks that ``records`` needs to verify and simulate `record/1` files.
"""

from importlib import import_module

GAMES = ("schafkopf", "schatzsuche", "scharfe_schoten", "stichwahl")


def get_game(name):
    """The module of a game by its record name; KeyError for an unknown name."""
    if name not in GAMES:
        raise KeyError(name)
    return import_module(f"{__name__}.{name}")
