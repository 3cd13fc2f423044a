"""The engine's entry checks (scoring.rules.schafkopf.entry) as messages naming field and rule.

``check_entry`` / ``check_ramsch_entry`` return (field, rule) pairs; this maps every rule to a
translated sentence and every engine field to the form field that shows it.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

# Engine field -> form field (None: a message for the whole form).
FORM_FIELD = {
    "contract": "contract",
    "tout": "contract",
    "declarer": "declarer",
    "partner": "partner",
    "called": "called",
    "suit": "suit",
    "augen": "augen",
    "won": "outcome",
    "schneider": "outcome",
    "schwarz": "outcome",
    "laufende": "laufende",
    "stoss": "stoss",
    "retour": "retour",
    "klopfen": "klopfen",
    "augen_per_seat": None,  # the form puts it on the seat's own field where it can
    "jungfrau_seats": "jungfrau",
    "outcome": "outcome",
    "misplay": "misplay",
    "misplay_reached": "misplay_reached",
}

MESSAGES = {
    "unknown_contract": _("Game: please choose the game that was played."),
    "tout_not_allowed": _(
        "Tout: only a Solo, Wenz, Geier, Farbwenz or Farbgeier can be played Tout."
    ),
    "declarer_missing": _("Declarer: please choose who played."),
    "seat_invalid": _("%(field)s: must be one of the four players of this game."),
    "partner_not_allowed": _(
        "Partner: only in a Rufspiel (Solo, Wenz, Tout and Sie are played alone)."
    ),
    "partner_missing": _("Partner: in a Rufspiel, choose who had the called Sau."),
    "partner_is_declarer": _(
        "Partner: in a Rufspiel the partner must be a player other than the declarer "
        "(nobody may call a Sau he holds himself)."
    ),
    "called_not_allowed": _("Called Sau: only a Rufspiel calls a Sau."),
    "called_invalid": _(
        "Called Sau: Eichel, Gras or Schellen (the Herz-Sau is a trump and cannot be called)."
    ),
    "called_missing": _("Called Sau: in a Rufspiel, choose which Sau was called."),
    "suit_not_allowed": _(
        "Solo suit: only a Solo, Farbwenz or Farbgeier (and their Touts) has a suit."
    ),
    "suit_invalid": _("Solo suit: Eichel, Gras, Herz or Schellen."),
    "suit_missing": _("Solo suit: in a Solo, choose the trump suit."),
    "suit_missing_house": _("Solo suit: in a %(game)s, choose its trump suit."),
    "augen_out_of_range": _("%(field)s: from 0 to 120 (all cards together have 120 Augen)."),
    "augen_impossible": _(
        "%(field)s: %(augen)s is impossible – the cheapest card that counts, the Unter, has "
        "2 Augen, so no party ends with 1 or 119."
    ),
    "outcome_missing": _(
        "Result: enter the Augen of the declaring party or tap the result (won, lost…)."
    ),
    "won_inconsistent": _(
        "Result: does not match %(augen)s Augen – the declaring party wins with 61 or more."
    ),
    "won_inconsistent_tout": _(
        "Result: a Tout is won only with all %(tricks)s tricks, so with all 120 Augen; "
        "entered: %(augen)s."
    ),
    "won_inconsistent_sie": _("Result: a Sie is always won."),
    "tout_needs_result": _(
        "Result: a Tout is decided by the tricks, and 120 Augen do not show whether the other "
        "side took a trick; tap won or lost."
    ),
    "schneider_inconsistent": _(
        "Schneider: does not match %(augen)s Augen – Schneider means 91 or more for the "
        "winners, 30 or less for the losers."
    ),
    "schwarz_inconsistent": _(
        "Schwarz: requires 120 Augen for the declaring party when won, or 0 when lost (one "
        "party took every trick); entered: %(augen)s."
    ),
    "laufende_out_of_range": _("Laufende: from 0 to %(most)s in this game."),
    "laufende_below_threshold": _(
        "Laufende: they count only from %(threshold)s on in this game; enter 0 for fewer."
    ),
    "laufende_over_cap": _("Laufende: at most %(cap)s count at this table."),
    "laufende_sie": _(
        "Laufende: a Sie holds all four Ober and all four Unter, so it counts %(count)s "
        "Laufende at this table; leave the field empty."
    ),
    "augen_in_bettel": _(
        "Augen: a %(game)s is not counted in Augen – the declarer wins by taking no trick; "
        "leave them empty and tap won or lost."
    ),
    "schneider_in_bettel": _(
        "Result: a %(game)s knows no Schneider or Schwarz; tap won (no trick taken) or lost."
    ),
    "laufende_in_bettel": _("Laufende: a %(game)s has no trumps, so no Laufende; enter 0."),
    "stoss_not_allowed": _("Stoß: not played at this table."),
    "retour_without_stoss": _("Retour: only after a Stoß."),
    "retour_not_allowed": _("Retour: not played at this table."),
    "klopfen_out_of_range": _("Klopfen: from 0 to 4 (each player knocks at most once)."),
    "klopfen_not_allowed": _("Klopfen: not played at this table."),
    "ramsch_not_allowed": _("Game: this table plays no Ramsch."),
    "augen_sum": _("Augen: together they must be 120 in a Ramsch; entered: %(sum)s."),
    "jungfrau_with_augen": _(
        "Jungfrau: %(name)s has Augen – a Jungfrau took no trick, so she has 0 Augen."
    ),
    "not_in_thrown_in": _("%(field)s: leave it empty when the cards were thrown in."),
    "not_in_ramsch": _("%(field)s: leave it empty in a Ramsch."),
    "not_in_game": _("%(field)s: only in a Ramsch; leave it empty in %(game)s."),
    # Misplays (misplay: offender_pays; scoring/pads/schafkopf/misplay.py).
    "misplay_not_played": _(
        "Misplay: this table scores every game as played (its rules have no misplay "
        "penalty), so a game cannot be entered as a misplay."
    ),
    "misplay_not_in_ramsch": _(
        "%(field)s: a Ramsch cannot be scored as a misplay – everybody plays for himself, "
        "there is no party to lose it; leave it empty."
    ),
    "misplay_not_in_thrown_in": _(
        "%(field)s: the cards were thrown in and nothing was played, so nobody misplayed; "
        "leave it empty."
    ),
    "outcome_with_misplay": _(
        "Result: leave it empty with a misplay – the offender's party loses the game; tap "
        "what the other party had already reached instead."
    ),
    "augen_with_misplay": _(
        "Augen: leave them empty with a misplay – the misplay ends the game, the Augen do not "
        "decide it; tap what the other party had already reached instead."
    ),
    "reached_without_misplay": _(
        "Already reached by the other party: only with a misplay; choose who misplayed or tap "
        "“nothing”."
    ),
    "reached_not_counted": _(
        "Already reached by the other party: Schneider and Schwarz add nothing to a %(game)s "
        "at this table; tap “nothing”."
    ),
}


def message(rule: str, **values) -> str:
    """The translated sentence of an entry rule; unknown rules still name the rule."""
    text = MESSAGES.get(rule)
    if text is None:
        return str(_("%(field)s: not accepted (%(rule)s).") % {"rule": rule, **values})
    return str(text) % values if values else str(text)
