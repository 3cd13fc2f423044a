"""Issue 28 §1 and §2: a conflict decided while other entries of the phone still wait. Phone B,
offline, types games 1–3; phone A, online, saves games 1 and 2; back online, B's game 1 is a
conflict. "Im Formular öffnen" used to show a blank "Spiel 4" below the words "your entry is
still in the form" while the entry had left the outbox: gone. And a decision posted as a page
left the address at .../rounds/1/save/, so a reload stored the game a second time.

Now the entry stays on the phone ("deciding") until the server has its token stored or the
person discards it, the form is swapped in place (the address stays the table's), and the token
travels with every way on, so no copy of it is ever stored twice."""

import re

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from .test_offline import ready_for_offline
from .test_schafkopf_phone import start_table, tap
from .test_two_phones_one_game import rufspiel, table_of

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

# B's three games, each told apart by its declarer and contract.
B_GAMES = [("Wenz", "Dora", "80"), ("Solo", "Ben", "75"), ("Wenz", "Cem", "90")]


def offline_game(page, number, contract, declarer, augen):
    tap(page, "contract", contract)
    if contract == "Solo":
        tap(page, "suit", "Gras")
    tap(page, "declarer", declarer)
    page.get_by_label(re.compile("oder ihre Augen")).fill(augen)
    page.get_by_role("button", name=f"Spiel {number} speichern").click()
    expect(page.locator("#outbox")).to_contain_text(f"Spiel {number} · von Ben")


def stored_by(table, author):
    """(game, contract, declarer) of every revision ``author`` saved, current or not."""
    revisions = Revision.objects.filter(round__table=table, author=author).select_related("round")
    return sorted((r.round.number, r.data["contract"], r.data.get("declarer")) for r in revisions)


def decide_as_next(page, game, next_game):
    """Open the conflict of ``game`` in the form and save it as ``next_game``."""
    item = page.locator("#outbox .outbox-item", has_text=f"Spiel {game} wurde inzwischen")
    expect(item).to_be_visible()
    item.get_by_role("button", name="Im Formular öffnen").click()
    expect(page.locator(".conflict")).to_contain_text(f"Spiel {game}")
    page.get_by_role("button", name=f"Als Spiel {next_game} speichern").click()


def test_a_conflict_opened_while_other_entries_wait_keeps_every_game(phone, shots):
    anna = phone()
    start_table(anna)
    table = table_of(anna)
    ben = phone()
    ben.goto(anna.url)
    ready_for_offline(ben)
    ben.get_by_label("Eingetragen von").fill("Ben")
    ben.context.set_offline(True)
    for number, (contract, declarer, augen) in enumerate(B_GAMES, start=1):
        offline_game(ben, number, contract, declarer, augen)
    rufspiel(anna, 1)
    rufspiel(anna, 2)

    ben.context.set_offline(False)
    conflict = ben.locator("#outbox .outbox-item", has_text="Spiel 1 wurde inzwischen")
    expect(conflict).to_be_visible()
    conflict.get_by_role("button", name="Im Formular öffnen").click()
    form = ben.locator("#entry")
    expect(ben.locator(".conflict")).to_contain_text("Spiel 1")
    expect(form.get_by_role("button", name="Als Spiel 3 speichern")).to_be_visible()
    # Dora's Wenz as Ben typed it, and it stays there while the list is drawn again.
    expect(form.locator("input[name=contract][value=wenz]")).to_be_checked()
    expect(form.get_by_label(re.compile("oder ihre Augen"))).to_have_value("80")
    ben.evaluate("Stichblock.list.refresh()")
    ben.wait_for_timeout(1500)
    expect(form.get_by_role("button", name="Als Spiel 3 speichern")).to_be_visible()
    expect(ben.locator("#outbox .outbox-item").first).to_contain_text("steht unten im Formular")
    expect(ben.locator("#outbox .outbox-item")).to_have_count(3)
    shots(ben, "decisions-1-open-in-form")

    # A reload before deciding loses nothing: the conflict is listed again.
    ben.reload()
    decide_as_next(ben, 1, 3)
    decide_as_next(ben, 2, 4)
    decide_as_next(ben, 3, 5)  # game 3 is Ben's own game 1 now
    expect(ben.locator("#outbox .outbox-item")).to_have_count(0)
    expect(ben.locator("#entry").get_by_role("button", name="Spiel 6 speichern")).to_be_visible()
    shots(ben, "decisions-2-all-stored")
    assert stored_by(table, "Ben") == [(3, "wenz", 3), (4, "solo", 1), (5, "wenz", 2)]
    assert table.rounds.count() == 5

    # The address is the table's: a reload posts nothing, stores nothing twice.
    assert "/save/" not in ben.url
    ben.reload()
    expect(ben.locator("#entry").get_by_role("button", name="Spiel 6 speichern")).to_be_visible()
    assert stored_by(table, "Ben") == [(3, "wenz", 3), (4, "solo", 1), (5, "wenz", 2)]


def test_discarding_a_conflict_in_its_form_is_the_only_way_it_leaves(phone):
    anna = phone()
    start_table(anna)
    table = table_of(anna)
    ben = phone()
    ben.goto(anna.url)
    ready_for_offline(ben)
    ben.get_by_label("Eingetragen von").fill("Ben")
    ben.context.set_offline(True)
    offline_game(ben, 1, *B_GAMES[0])
    rufspiel(anna, 1)
    ben.context.set_offline(False)
    item = ben.locator("#outbox .outbox-item", has_text="Spiel 1 wurde inzwischen")
    item.get_by_role("button", name="Im Formular öffnen").click()
    expect(ben.locator(".conflict")).to_be_visible()
    ben.once("dialog", lambda dialog: dialog.accept())
    ben.get_by_role("link", name="Meine Eingabe verwerfen").click()
    expect(ben.locator("#entry").get_by_role("button", name="Spiel 2 speichern")).to_be_visible()
    expect(ben.locator("#outbox .outbox-item")).to_have_count(0)
    ben.reload()
    expect(ben.locator("#outbox .outbox-item")).to_have_count(0)
    assert stored_by(table, "Ben") == []
