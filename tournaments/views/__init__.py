"""The tournament pages, one module per area (setup, rounds, standings, confirmation)."""
