"""Small template helpers for score sheets: seat names, signed numbers and the totals chart."""

from django import template
from django.utils.translation import gettext, pgettext

from ..audit import shown_reason
from ..pads import get_pad

register = template.Library()


@register.simple_tag
def table_pad(table):
    """``{% table_pad table as pad %}`` — the pad of a table's game (navigation, stylesheet),
    so that every page of a table shows the same tabs whatever its view passed."""
    return get_pad(table.game)


@register.filter
def phone(device: str, request) -> str:
    """``rev.device|phone:request`` — which phone saved something, as people say it: "this
    phone" or "another phone" (a device id means nothing to a player); "" without one."""
    if not device:
        return ""
    if request is not None and request.session.get("device") == device:
        return gettext("this phone")
    return gettext("another phone")


@register.filter
def phone_by(device: str, request) -> str:
    """The phone after "saved by" when nobody typed a name: "by this phone", "by another
    phone", "by a phone" (German needs its own case there)."""
    if not device:
        return pgettext("saved by", "a phone")
    if request is not None and request.session.get("device") == device:
        return pgettext("saved by", "this phone")
    return pgettext("saved by", "another phone")


@register.filter
def reason(text: str) -> str:
    """``rev.reason|reason`` — a stored reason as the reader's language says it."""
    return shown_reason(text or "")


CHART_WIDTH, CHART_HEIGHT = 320, 170
CHART_LEFT, CHART_RIGHT, CHART_TOP, CHART_BOTTOM = 38, 10, 10, 22


@register.filter
def at(sequence, index):
    """``players|at:seat`` — the element at an index, or empty when out of range."""
    try:
        return sequence[int(index)]
    except (IndexError, TypeError, ValueError):
        return ""


@register.filter
def signed(value):
    """+5, 0, −3 with a real minus sign, as on a paper score sheet."""
    if value is None or value == "":
        return ""
    value = int(value)
    if value > 0:
        return f"+{value}"
    return f"−{-value}" if value < 0 else "0"


@register.filter
def minus(value):
    """A total as printed: −3 with a real minus sign (like ``signed``), but no plus."""
    if value is None or value == "":
        return ""
    value = int(value)
    return f"−{-value}" if value < 0 else str(value)


@register.filter
def mul(value, factor):
    return int(value) * int(factor)


@register.filter
def names(seats, players):
    """``seats|names:players`` — the names of a list of seats, in that order."""
    return [players[seat] for seat in seats]


# Characters of a name that fit a player's column on a 360 px phone, by number of columns.
NAME_ROOM = {2: 14, 3: 10, 4: 8, 5: 6}


def short_names(players: list[str]) -> list[str]:
    """Each name as short as a phone's column needs, still telling the players apart.

    >>> short_names(["Maximilian-Alexander", "Anna-Katharina", "Bartholomäus", "Sepp"])
    ['Maximil.', 'Anna-Ka.', 'Barthol.', 'Sepp']
    >>> short_names(["Maximilian-Alexander", "Maximilian-Anton", "Bea", "Cem", "Dora-Li"])
    ['Maximilian-Al.', 'Maximilian-An.', 'Bea', 'Cem', 'Dora.']
    """
    room = NAME_ROOM.get(len(players), 6)
    shortened = [_shorten(name, room) for name in players]
    for seat, short in enumerate(shortened):
        clashes = [other for other, text in enumerate(shortened) if text == short]
        while len(clashes) > 1 and room < max(len(players[other]) for other in clashes):
            room += 1
            for other in clashes:
                shortened[other] = _shorten(players[other], room)
            clashes = [other for other, text in enumerate(shortened) if text == shortened[seat]]
    return shortened


def _shorten(name: str, room: int) -> str:
    if len(name) <= room:
        return name
    first, separator, rest = name.partition("-") if "-" in name else name.partition(" ")
    if separator and len(first) + 3 <= room:
        return f"{first}{separator}{rest[: room - len(first) - 2]}."
    return name[: room - 1].rstrip(" -") + "."


@register.inclusion_tag("scoring/_player_heads.html")
def player_heads(players):
    """The column heads of a score sheet: each player's name, shortened to fit a phone, the
    full name as its title."""
    return {"heads": list(zip(players, short_names(list(players)), strict=True))}


@register.inclusion_tag("scoring/_chart_svg.html")
def totals_chart(players, history, final=None):
    """Running totals per player over the rounds as SVG polylines (no JavaScript).

    ``history`` holds the totals per seat after each round; every line starts at 0.
    ``final`` are the totals the game ends with when they differ from the last round's
    (Schatzsuche deducts penalties at the end): the legend shows those, as the sheet does.
    """
    series = [[0, *(totals[seat] for totals in history)] for seat in range(len(players))]
    values = [value for line in series for value in line]
    low, high = min(values), max(values)
    span = (high - low) or 1
    steps = max(len(history), 1)
    inner_w = CHART_WIDTH - CHART_LEFT - CHART_RIGHT
    inner_h = CHART_HEIGHT - CHART_TOP - CHART_BOTTOM

    def x(step):
        return round(CHART_LEFT + inner_w * step / steps, 1)

    def y(value):
        return round(CHART_TOP + inner_h * (high - value) / span, 1)

    lines = [
        {
            "seat": seat,
            "name": name,
            "points": " ".join(f"{x(step)},{y(value)}" for step, value in enumerate(series[seat])),
            "last": series[seat][-1] if not final else final[seat],
            "last_x": x(len(series[seat]) - 1),
            "last_y": y(series[seat][-1]),
        }
        for seat, name in enumerate(players)
    ]
    # A tick label needs about 12 units of room: one too close to the zero line is left out.
    ticks = [
        value
        for value in sorted({high, 0, low}, reverse=True)
        if value == 0 or abs(y(value) - y(0)) >= 12
    ]
    # Label every round when they fit, otherwise every other one.
    every = 1 if steps <= 12 else 2
    return {
        "lines": lines,
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "left": CHART_LEFT,
        "right": CHART_WIDTH - CHART_RIGHT,
        "bottom": CHART_HEIGHT - CHART_BOTTOM,
        "y_ticks": [{"value": value, "y": y(value)} for value in ticks],
        "x_ticks": [{"label": step, "x": x(step)} for step in range(1, steps + 1, every)],
        "label_y": CHART_HEIGHT - 6,
    }
