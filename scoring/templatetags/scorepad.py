"""Small template helpers for score sheets: seat names, signed numbers and the totals chart."""

from django import template

register = template.Library()

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 160, 24


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
def mul(value, factor):
    return int(value) * int(factor)


@register.filter
def names(seats, players):
    """``seats|names:players`` — the names of a list of seats, in that order."""
    return [players[seat] for seat in seats]


@register.inclusion_tag("scoring/_chart_svg.html")
def totals_chart(players, history):
    """Running totals per player over the rounds as SVG polylines (no JavaScript)."""
    series = [[0, *(totals[seat] for totals in history)] for seat in range(len(players))]
    values = [v for line in series for v in line] or [0]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    steps = max(len(history), 1)
    inner_w = CHART_WIDTH - 2 * CHART_PAD
    inner_h = CHART_HEIGHT - 2 * CHART_PAD

    def x(i):
        return round(CHART_PAD + inner_w * i / steps, 1)

    def y(v):
        return round(CHART_PAD + inner_h * (high - v) / span, 1)

    lines = [
        {
            "seat": seat,
            "name": name,
            "points": " ".join(f"{x(i)},{y(v)}" for i, v in enumerate(series[seat])),
            "last": series[seat][-1],
            "last_x": x(len(series[seat]) - 1),
            "last_y": y(series[seat][-1]),
        }
        for seat, name in enumerate(players)
    ]
    return {
        "lines": lines,
        "width": CHART_WIDTH,
        "height": CHART_HEIGHT,
        "zero_y": y(0),
        "left": CHART_PAD,
        "right": CHART_WIDTH - CHART_PAD,
        "high": high,
        "low": low,
        "top_y": y(high),
        "bottom_y": y(low),
        "rounds": len(history),
    }
