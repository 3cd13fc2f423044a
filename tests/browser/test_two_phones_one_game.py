"""Two scorer phones on one Schafkopf table (issue 22 §1): a phone never replaces another
phone's game by saving twice. A form knows the game and the state it was made for; a save for
a game entered elsewhere since is a conflict every time, and the answer keeps what was typed
and offers the two honest ways on: "Als Spiel N+1 speichern" and "Spiel N ersetzen" (with a
reason). A form with only a name typed moves on by itself, and its heading and its button
always name the same game."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Access, Revision

from .test_offline import ready_for_offline
from .test_schafkopf_phone import start_table, tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def rufspiel(page, number):
    """Anna calls the Eichel-Sau, Cem had it; 70 Augen."""
    tap(page, "contract", "Rufspiel")
    tap(page, "called", "Eichel")
    tap(page, "declarer", "Anna")
    tap(page, "partner", "Cem")
    page.get_by_label(re.compile("oder ihre Augen")).fill("70")
    page.get_by_role("button", name=f"Spiel {number} speichern").click()
    expect(page.get_by_role("heading", name=f"Spiel {number + 1}")).to_be_visible()


def wenz(page):
    """Dora's Wenz with 80 Augen, typed but not saved."""
    tap(page, "contract", "Wenz")
    tap(page, "declarer", "Dora")
    page.get_by_label(re.compile("oder ihre Augen")).fill("80")


def games(table) -> dict[int, tuple[str, str, str]]:
    """game → (contract, author, source) of every current revision."""
    current = Revision.objects.filter(round__table=table, is_current=True).select_related("round")
    return {r.round.number: (r.data["contract"], r.author, r.source) for r in current}


def table_of(page):
    return Access.objects.get(key=page.url.split("/t/")[1].split("/")[0]).table


def heading_and_button_agree(page) -> int:
    """The game the sheet's heading names, checked against the form's save button."""
    heading = page.locator("#round-info h2.round-head").inner_text()
    number = int(re.search(r"Spiel (\d+)", heading).group(1))
    expect(
        page.locator("#entry").get_by_role("button", name=f"Spiel {number} speichern")
    ).to_be_visible()
    return number


def two_phones(phone):
    first = phone()
    start_table(first)
    rufspiel(first, 1)
    second = phone()
    second.goto(first.url)
    expect(second.get_by_role("heading", name="Spiel 2")).to_be_visible()
    second.wait_for_timeout(1000)  # its event stream is open
    return first, second


def test_a_form_with_only_a_name_moves_on_and_keeps_the_name(phone, shots):
    first, second = two_phones(phone)
    second.get_by_label("Eingetragen von").fill("Ben")
    rufspiel(first, 2)
    # The second phone's form moves on by itself: heading and button name game 3.
    expect(second.get_by_role("button", name="Spiel 3 speichern")).to_be_visible()
    expect(second.locator(".moved-on")).to_contain_text("Spiel 2 wurde gerade auf einem anderen")
    assert heading_and_button_agree(second) == 3
    expect(second.get_by_label("Eingetragen von")).to_have_value("Ben")
    shots(second, "two-phones-1-moved-on-with-name")
    second.reload()
    expect(second.get_by_label("Eingetragen von")).to_have_value("Ben")


def test_a_second_save_of_a_game_entered_elsewhere_never_replaces_it(phone, shots):
    """The steps of the issue: phone 2 has a Wenz typed for game 2 when phone 1 saves game 2."""
    first, second = two_phones(phone)
    table = table_of(first)
    second.get_by_label("Eingetragen von").fill("Ben")
    wenz(second)
    rufspiel(first, 2)
    # Phone 2 keeps what it typed; its heading still names the game of its form.
    expect(second.locator("#round-info")).to_contain_text(
        "Spiel 2 wurde gerade auf einem anderen Handy gespeichert."
    )
    assert heading_and_button_agree(second) == 2
    second.get_by_role("button", name="Spiel 2 speichern").click()
    conflict = second.locator(".conflict")
    expect(conflict).to_contain_text("Nicht gespeichert: Spiel 2 wurde inzwischen")
    expect(second.locator("#group-declarer").get_by_role("radio", name="Dora")).to_be_checked()
    expect(second.get_by_label(re.compile("oder ihre Augen"))).to_have_value("80")
    shots(second, "two-phones-2-conflict")
    # No plain "save" any more: replacing asks for a reason, and game 2 stays phone 1's.
    expect(second.get_by_role("button", name="Spiel 2 speichern")).to_have_count(0)
    second.get_by_role("button", name="Spiel 2 ersetzen").click()
    expect(second.get_by_text(re.compile("Bitte einen Grund angeben"))).to_be_visible()
    expect(second.get_by_label(re.compile("oder ihre Augen"))).to_have_value("80")
    assert games(table)[2][0] == "rufspiel"
    # It was the next game: saved as game 3, game 2 untouched.
    second.get_by_role("button", name="Als Spiel 3 speichern").click()
    expect(second.get_by_role("heading", name="Spiel 4")).to_be_visible()
    assert heading_and_button_agree(second) == 4
    assert games(table) == {
        1: ("rufspiel", "", "entry"),
        2: ("rufspiel", "", "entry"),
        3: ("wenz", "Ben", "entry"),
    }
    expect(first.locator("#round-3")).to_be_visible()


def test_replacing_a_game_after_a_conflict_is_a_correction_with_its_reason(phone):
    first, second = two_phones(phone)
    table = table_of(first)
    wenz(second)
    rufspiel(first, 2)
    expect(second.locator("#round-info")).to_contain_text("wurde gerade auf einem anderen")
    second.get_by_role("button", name="Spiel 2 speichern").click()
    expect(second.locator(".conflict")).to_be_visible()
    second.get_by_label("Grund der Korrektur").fill("Es war ein Wenz")
    second.get_by_role("button", name="Spiel 2 ersetzen").click()
    expect(second.get_by_text("Spiel 2 gespeichert.")).to_be_visible()
    expect(second.locator(".conflict")).to_have_count(0)
    history = list(Revision.objects.filter(round__table=table, round__number=2).order_by("number"))
    assert [(r.data["contract"], r.source, r.reason) for r in history] == [
        ("rufspiel", "entry", ""),
        ("wenz", "correction", "Es war ein Wenz"),
    ]


def test_a_phone_back_online_meets_the_game_entered_meanwhile(phone, shots):
    """Phone 2 enters game 2 offline while phone 1 saves game 2 online: back online, the kept
    entry shows the conflict; opened in the form, it is saved as game 3, game 2 untouched."""
    first, second = two_phones(phone)
    table = table_of(first)
    ready_for_offline(second)
    second.context.set_offline(True)
    second.get_by_label("Eingetragen von").fill("Ben")
    wenz(second)
    second.get_by_role("button", name="Spiel 2 speichern").click()
    expect(second.locator("#outbox")).to_contain_text("Spiel 2 · von Ben")
    # Offline, the next form's heading and button name the same game.
    expect(second.locator("#entry").get_by_role("button", name="Spiel 3 speichern")).to_be_visible()
    rufspiel(first, 2)
    second.context.set_offline(False)
    item = second.locator("#outbox .outbox-item")
    expect(item).to_contain_text("Nicht gesendet: Spiel 2 wurde inzwischen")
    assert games(table)[2][0] == "rufspiel"
    second.get_by_role("button", name="Im Formular öffnen").click()
    expect(second.locator(".conflict")).to_contain_text("Spiel 2")
    shots(second, "two-phones-3-back-online-conflict")
    second.get_by_role("button", name="Als Spiel 3 speichern").click()
    expect(second.get_by_role("heading", name="Spiel 4")).to_be_visible()
    assert games(table) == {
        1: ("rufspiel", "", "entry"),
        2: ("rufspiel", "", "entry"),
        3: ("wenz", "Ben", "entry"),
    }
