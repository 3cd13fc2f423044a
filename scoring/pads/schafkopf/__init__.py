"""The Schafkopf scorepad (rules: docs/rules/schafkopf.md): the pad, its entry and table
forms, the Spielliste, statistics and rules pages, and misplays."""

from .pad import SchafkopfPad

__all__ = ["SchafkopfPad"]
