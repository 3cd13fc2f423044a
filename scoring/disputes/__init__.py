"""Disputed rounds: an arbiter enters a round card by card, gets the engine's verdict, replays
it trick by trick and applies its result to the round as a new revision (docs/disputes.md).
"""
