"""The totals chart under every sheet: labels that can be read, totals that match the sheet."""

from scoring.templatetags.scorepad import totals_chart


def test_a_tick_label_too_close_to_zero_is_left_out_instead_of_overlapping():
    chart = totals_chart(["Anna", "Ben"], [[120, -5], [240, -5]])
    assert [tick["value"] for tick in chart["y_ticks"]] == [240, 0]


def test_ticks_far_enough_apart_all_show():
    chart = totals_chart(["Anna", "Ben"], [[60, -60]])
    assert [tick["value"] for tick in chart["y_ticks"]] == [60, 0, -60]


def test_the_legend_shows_the_final_totals_when_the_game_ends_with_deductions():
    chart = totals_chart(["Anna", "Ben"], [[120, 101]], final=[60, 71])
    assert [line["last"] for line in chart["lines"]] == [60, 71]
