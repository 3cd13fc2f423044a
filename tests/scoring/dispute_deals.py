"""Deals for dispute tests, as `record/1` dicts (the players are the tables' names)."""

# A Rufspiel of Ben on the Gras-Sau (Dora holds it), Anna deals. In trick 2 Dora discards
# G10 on Eichel although she holds E10: one revoke (follow_suit). Played out as recorded,
# Ben and Dora take 61 or more Augen; found by swapping two of Dora's cards in an engine
# (bot) game, so everything else is legal.
REVOKE = {
    "format": "record/1",
    "game": "schafkopf",
    "profile": "kurzanleitung",
    "settings": {},
    "players": ["Anna", "Ben", "Cem", "Dora"],
    "dealer": 0,
    "hands": [
        ["EA", "E9", "GO", "G7", "HA", "HK", "H9", "SO"],
        ["EO", "GK", "H10", "HU", "SA", "S10", "SK", "SU"],
        ["EK", "EU", "E8", "E7", "GU", "HO", "H8", "H7"],
        ["E10", "GA", "G10", "G9", "G8", "S9", "S8", "S7"],
    ],
    # Eight tricks of four cards, in the order they hit the table.
    "plays": (
        "HU HO G8 SO / E7 G10 EA H10 / SA E8 S8 HA / GO EO GU S7 / "
        "SK EU S9 HK / H7 G9 H9 SU / GK H8 GA G7 / EK E10 E9 S10"
    )
    .replace("/", "")
    .split(),
    "contract": {"type": "rufspiel", "declarer": 1, "called": "G"},
}
REVOKE_MESSAGE_DE = "Dora spielte G10, obwohl E10 der angespielten Farbe Eichel auf der Hand war"
REVOKE_MESSAGE_EN = "Dora played G10 although he held E10 of the led suit Eichel"
