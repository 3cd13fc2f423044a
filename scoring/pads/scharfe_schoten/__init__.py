"""The Scharfe Schoten scorepad: number cards, predictions (optionally hidden until all are
in), the cards collected per colour and tricks won; scores and checks from
scoring.rules.scharfe_schoten (docs/rules/scharfe-schoten.md)."""

from .pad import ScharfeSchotenPad

__all__ = ["ScharfeSchotenPad"]
