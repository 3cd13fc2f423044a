"""What the dispute pages show, computed from a draft: the board, the verdict, the replay and
the comparison with the sheet. Templates get plain dicts and lists from here."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy

from ..pads import get_pad
from ..pads.base import engine_language
from ..rules.core import Verdict
from ..tables import summarize
from .drafts import Walk, verdict_of, walk
from .games import get_adapter
from .games.base import GameAdapter, SetupIncomplete
from .services import NotApplicable, candidate

# Rules a record without hands cannot check, as the verdict's note names them.
RULE_LABELS = {
    "card_not_in_hand": gettext_lazy("whether a player held the card he played"),
    "follow_suit": gettext_lazy("following suit"),
    "must_trump": gettext_lazy("the duty to trump"),
    "illegal_contract": gettext_lazy("whether the hand allowed the game"),
    "called_ace_must_be_played": gettext_lazy("the duties of the called Sau"),
    "called_ace_discarded": gettext_lazy("the duties of the called Sau"),
    "called_suit_led_without_ace": gettext_lazy("the duties of the called Sau"),
    "stichzwang": gettext_lazy("the Stichzwang of the Bettel"),
    "stoss_not_allowed": gettext_lazy("who may say Stoß"),
    "retour_not_allowed": gettext_lazy("who may say Retour"),
    "first_bonus_not_in_hand": gettext_lazy("whether a first bonus card was in the hand"),
    "cupboard_colour_empty": gettext_lazy("whether the spice cupboard still had the colour"),
}


def card(adapter: GameAdapter, code: str) -> dict:
    return {"code": code, "css": adapter.card_css(code)}


def plays_of(adapter: GameAdapter, trick: dict, names: list[str]) -> list[dict]:
    """A trick's cards with who played them (play order from its leader)."""
    count = len(names)
    return [
        {"name": names[(trick["leader"] + index) % count], **card(adapter, code)}
        for index, code in enumerate(trick["cards"])
    ]


def safe_walk(adapter: GameAdapter, draft: dict) -> Walk | None:
    try:
        return walk(adapter, draft)
    except SetupIncomplete:
        return None


# --- the board ---------------------------------------------------------------------------------
def board(adapter: GameAdapter, draft: dict, found: Walk) -> dict:
    state, names = found.state, draft["players"]
    tricks = adapter.trick_list(state)
    open_trick = tricks[-1] if tricks and tricks[-1].get("winner") is None else None
    done = [trick for trick in tricks if trick.get("winner") is not None]
    last = done[-1] if done else None
    return {
        "prompt": adapter.prompt(state, names),
        "over": adapter.is_over(state),
        "groups": adapter.options(state, draft),
        "on_table": plays_of(adapter, open_trick, names) if open_trick else [],
        "last": {
            "number": len(done),
            "plays": plays_of(adapter, last, names),
            "winner": names[last["winner"]],
        }
        if last
        else None,
        "tricks_done": len(done),
        "facts": adapter.board_facts(state, draft),
        "tricks_total": adapter.tricks_in_round(draft),
        "actions": len(draft["actions"]),
    }


# --- the verdict -------------------------------------------------------------------------------
def verdict_page(adapter: GameAdapter, draft: dict, verdict: Verdict) -> dict:
    """The verdict in the user's language: violations, tricks, result."""
    data = verdict.to_json(engine_language())
    names = draft["players"]
    violations = [
        {**violation, "name": names[violation["seat"]] if violation["seat"] is not None else ""}
        for violation in data["violations"]
    ]
    tricks = []
    for index, trick in enumerate(data["tricks"]):
        number = index + 1
        tricks.append(
            {
                "number": number,
                "leader": names[trick["leader"]],
                "plays": plays_of(adapter, trick, names),
                "winner": names[trick["winner"]] if trick["winner"] is not None else None,
                "extras": adapter.trick_extras(index, trick, draft),
                "faults": [v for v in violations if v["trick"] == number],
            }
        )
    for index, following in enumerate(data["tricks"][1:]):
        note = adapter.leader_note(data["tricks"][index], following, names)
        if note:
            tricks[index]["extras"].append(note)
    deciding = adapter.deciding_trick(data["result"], draft) if data["result"] else None
    if deciding:
        number, line = deciding
        tricks[number - 1]["deciding"] = line
    skipped = list(dict.fromkeys(str(RULE_LABELS.get(r, r)) for r in data["checks_skipped"]))
    return {
        "json": data,
        "valid": data["valid"],
        "complete": data["complete"],
        "to_play": names[data["to_play"]] if data["to_play"] is not None else None,
        "violations": violations,
        "tricks": tricks,
        "skipped": skipped,
        "result": adapter.result_view(data["result"], draft) if data["result"] else None,
        "names": names,
        "deciding": deciding[0] if deciding else None,
    }


# --- the sheet against the verdict ------------------------------------------------------------
def comparison(table, dispute) -> dict:
    """What the table entered for the round next to what applying the verdict would store,
    with the difference in points per player. Where the pad offers several ways to apply
    the verdict, the first is compared and ``choices`` list every way with its scores."""
    pad = get_pad(table.game)
    row = summarize(table).row(dispute.round_number)
    names = table.player_names
    try:
        found = candidate(table, dispute)
    except NotApplicable as refusal:
        return {"problems": refusal.messages, "base": row.revision.number if row else 0}
    entered = dict(pad.describe(table, row.data))
    pairs = [
        {"label": label, "before": entered.get(label, "–"), "after": value}
        for label, value in pad.describe(table, found.data)
    ]
    for pair in pairs:
        pair["changed"] = pair["before"] != pair["after"]
    scores = []
    for seat, name in enumerate(names):
        before = row.scores[seat] if row.scores else None
        after = found.scores[seat]
        scores.append(
            {
                "name": name,
                "before": before,
                "after": after,
                "difference": None if before is None else after - before,
            }
        )
    choices = [choice_view(table, dispute, row, found, key, label) for key, label in found.choices]
    changed = any(pair["changed"] for pair in pairs) or row.scores != found.scores
    return {
        "problems": [],
        "pairs": pairs,
        "scores": scores,
        "changed": changed or any(choice["changed"] for choice in choices),
        "choices": choices,
        "choice_label": found.label,
        "base": row.revision.number,
        "revision": row.revision,
    }


def choice_view(table, dispute, row, found, key: str, label: str) -> dict:
    """One way to apply the verdict: its scores, or why the sheet would not take it."""
    try:
        other = found if key == found.apply_as else candidate(table, dispute, key)
    except NotApplicable as refusal:
        return {"key": key, "label": label, "scores": None, "problems": refusal.messages}
    changed = other.data != row.data
    return {"key": key, "label": label, "scores": other.scores, "changed": changed}


# --- the replay ----------------------------------------------------------------------------------
def replay(adapter: GameAdapter, draft: dict, found: Walk, verdict: dict, step: int) -> dict:
    """Step ``step`` of the replay (``verdict`` from ``verdict_page``): 0 is the deal, k the
    state after trick k: its cards, who won, what went wrong in it, the running totals."""
    names = draft["players"]
    total = len(found.steps)
    step = max(0, min(step, total))
    page: dict[str, Any] = {
        "step": step,
        "total": total,
        "previous": step - 1 if step > 0 else None,
        "next": step + 1 if step < total else None,
        "steps": range(total + 1),
        # The trick that decided the game, to jump to from any other step.
        "deciding": verdict["deciding"] if verdict["deciding"] != step else None,
    }
    if step == 0:
        page["facts"] = adapter.setup_facts(draft)
        page["faults"] = [v for v in verdict["violations"] if v["trick"] is None]
        hands = draft["hands"] if adapter.hands_complete(draft) else None
    else:
        page["trick"] = verdict["tricks"][step - 1]
        page["running"] = found.steps[step - 1]
        hands = found.hands_after[step - 1]
    if hands is not None and any(hands):
        page["hands"] = [
            {"name": name, "cards": [card(adapter, code) for code in hand]}
            for name, hand in zip(names, hands, strict=True)
        ]
    return page


def live_context(scope, dispute) -> dict:
    """Everything a tap can change: the board, the verdict, the comparison."""
    adapter = get_adapter(scope.table.game)
    draft = dispute.draft
    missing = adapter.missing_setup(draft)
    context: dict[str, Any] = {
        "draft": draft,
        "names": draft["players"],
        "missing": missing,
        "facts": adapter.setup_facts(draft),
        "hands_known": adapter.hands_complete(draft),
        "editable": scope.can_edit and not dispute.is_applied,
        "may_apply": scope.may_apply,
    }
    if missing:
        return context
    found = walk(adapter, draft)
    context["board"] = board(adapter, draft, found)
    verdict = verdict_of(adapter, draft)
    context["verdict"] = verdict_page(adapter, draft, verdict)
    if verdict.complete and not dispute.is_applied:
        context["comparison"] = comparison(scope.table, dispute)
    return context
