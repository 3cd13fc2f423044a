"""Verdict messages of the Schafkopf rules, in English and German (docs/schafkopf.md)."""

from ..core import add_messages

add_messages(
    {
        "follow_suit": {
            "en": "{player} played {card} although he held {held} of the led suit {suit_en}",
            "de": "{player} spielte {card}, obwohl {held} der angespielten Farbe "
            "{suit_de} auf der Hand war",
        },
        "called_ace_must_be_played": {
            "en": "{player} played {card} but had to play the called Sau {sau}: "
            "the called suit {suit_en} was led for the first time",
            "de": "{player} spielte {card}, musste aber die gerufene Sau {sau} zugeben: "
            "die Ruffarbe {suit_de} wurde zum ersten Mal angespielt",
        },
        "called_ace_discarded": {
            "en": "{player} discarded the called Sau {card} before the called suit {suit_en} "
            "was led (allowed only in the 8th trick)",
            "de": "{player} schmierte die gerufene Sau {card}, bevor die Ruffarbe {suit_de} "
            "angespielt wurde (erst im 8. Stich erlaubt)",
        },
        "called_suit_led_without_ace": {
            "en": "{player} led {card} of the called suit {suit_en} instead of the called Sau "
            "{sau}, holding only {count} cards of that suit (running away needs 4)",
            "de": "{player} spielte {card} der Ruffarbe {suit_de} statt der gerufenen Sau {sau} "
            "aus, mit nur {count} Karten dieser Farbe (Davonlaufen erst ab 4)",
        },
        "illegal_contract": {
            "en": "{player} may not play {contract_en}: {reason_en}",
            "de": "{player} darf {contract_de} nicht spielen: {reason_de}",
        },
        "stoss_not_allowed": {
            "en": "{player} may not say Stoß: {reason_en}",
            "de": "{player} darf nicht stoßen: {reason_de}",
        },
        "retour_not_allowed": {
            "en": "{player} may not say Retour: {reason_en}",
            "de": "{player} darf kein Retour geben: {reason_de}",
        },
        "game_over": {
            "en": "{card} was played after the last trick",
            "de": "{card} wurde nach dem letzten Stich gespielt",
        },
        "retour_without_stoss": {
            "en": "{player} said Retour, but nobody had said Stoß",
            "de": "{player} gab Retour, obwohl niemand gestoßen hatte",
        },
    }
)
