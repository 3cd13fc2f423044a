"""The Skat scorepad: a DSkV-style list (docs/skat.md), scored by Seeger-Fabian.

Every value and every point comes from scoring.rules.skat (``check_entry``, ``score_entry``,
``game_points``, ``score_list``, ``ramsch_scores``); the pad turns taps into their arguments.
The data of a game is the contract in docs/skat.md ("The data of a game").
"""

from .pad import SkatPad

__all__ = ["SkatPad"]
