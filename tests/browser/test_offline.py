"""The table survives bad Wi-Fi (docs/scorepad.md, "Offline"): a scorer phone that loses its
connection keeps its entries, opens the table's page from its service worker, goes on with the
next rounds, and sends everything once, in order, when the connection is back; a conflict or a
refusal found on the way is shown with the server's answer and nothing typed is lost.

Screenshots of the offline states (360 px) are written to $OFFLINE_SHOTS (default: the test's
tmp_path)."""

import contextlib
import re

import pytest
from django.db import OperationalError
from playwright.sync_api import TimeoutError as PlaywrightTimeoutError
from playwright.sync_api import expect

from scoring.models import Access, Revision, Round, Table
from scoring.services import Author, lock_table

from .conftest import start_schatzsuche

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYERS = ["Anna", "Ben", "Cem"]


def start_table(page) -> Table:
    start_schatzsuche(page, PLAYERS)
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table


def enter(page, number, bids, tricks, author="Anna"):
    for seat, (bid, won) in enumerate(zip(bids, tricks, strict=True)):
        page.locator(f"#id_bid_{seat}").fill(str(bid))
        page.locator(f"#id_tricks_{seat}").fill(str(won))
    page.get_by_label("Eingetragen von").fill(author)
    page.get_by_role("button", name=f"Runde {number} speichern").click()


def ready_for_offline(page):
    """The service worker keeps this page, and on the sheet the forms of the rounds ahead (in
    the page itself) are read."""
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=30_000)


def confirmation(page, text):
    """A message of the phone's own (not the server's) at the top of the page."""
    return page.locator("#offline-flash li", has_text=re.compile(f"^{text}$"))


def viewer_url(table: Table, live_server) -> str:
    key = table.accesses.get(role=Access.Role.VIEWER).key
    return f"{live_server.url}/t/{key}/"


def revisions(table: Table) -> list[tuple[int, int, list]]:
    """(round, revision, bids) of every stored revision, in the order they were stored."""
    return [
        (r.round.number, r.number, r.data["bids"])
        for r in Revision.objects.filter(round__table=table).select_related("round").order_by("pk")
    ]


def test_rounds_entered_offline_are_kept_across_a_reload_and_sent_once_in_order(
    phone, live_server, shots
):
    scorer = phone()
    table = start_table(scorer)
    expect(scorer.locator("#net")).to_have_text("online")
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    viewer = phone()
    viewer.goto(viewer_url(table, live_server))
    expect(viewer.locator("#round-1")).to_be_visible()
    ready_for_offline(scorer)

    scorer.context.set_offline(True)
    enter(scorer, 2, [1, 0, 1], [1, 0, 1])
    # Kept on the phone, listed as not sent, and the table goes on with round 3.
    kept = "Auf diesem Handy gespeichert: Runde 2 wird gesendet, sobald es eine Verbindung gibt."
    expect(scorer.get_by_text(kept)).to_be_visible()
    expect(scorer.locator("#net")).to_contain_text("Offline – letzter bekannter Stand von")
    expect(scorer.locator("#net")).to_contain_text("1 Eintrag wartet aufs Senden")
    outbox = scorer.locator("#outbox")
    expect(outbox).to_contain_text("Noch nicht gesendet")
    expect(outbox.locator(".outbox-item")).to_have_count(1)
    expect(outbox).to_contain_text("Runde 2 · von Anna")
    expect(outbox).to_contain_text("wartet aufs Senden")
    expect(outbox.locator("dt", has_text="Ansage von Ben")).to_be_visible()
    expect(scorer.get_by_role("button", name="Runde 3 speichern")).to_be_visible()
    expect(scorer.locator("#entry legend").first).to_have_text("Ansagen (0 bis 3)")
    # Who deals round 3 follows from the scores of round 2: only the server knows them yet.
    expect(scorer.get_by_text("hängt vom Punktestand nach Runde 2 ab")).to_be_visible()
    expect(scorer.locator("#round-info")).to_be_hidden()
    assert scorer.evaluate("document.documentElement.scrollWidth") <= 360
    shots(scorer, "offline-1-kept")

    # Reloading without a connection: the service worker's copy, with the kept entry.
    scorer.reload()
    assert scorer.evaluate("document.body.dataset.copy") == "cache"
    expect(scorer.locator("#net")).to_contain_text(
        re.compile(r"Offline – letzter bekannter Stand von \d\d:\d\d")
    )
    expect(scorer.locator("#outbox")).to_contain_text("Runde 2 · von Anna")
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_have_count(0)  # not news any more
    expect(scorer.locator("#round-1")).to_be_visible()
    shots(scorer, "offline-2-reloaded")
    enter(scorer, 3, [1, 1, 1], [1, 1, 1])
    expect(scorer.locator("#net")).to_contain_text("2 Einträge warten aufs Senden")
    expect(scorer.locator("#outbox .outbox-item")).to_have_count(2)
    expect(scorer.get_by_role("button", name="Runde 4 speichern")).to_be_visible()
    assert revisions(table) == [(1, 1, [0, 1, 0])]
    shots(scorer, "offline-3-two-waiting")

    scorer.context.set_offline(False)
    # Sent in one go: said in one line.
    expect(
        confirmation(scorer, re.escape("2 Einträge gesendet (Runde 2 bis Runde 3)"))
    ).to_be_visible()
    expect(scorer.locator("#net")).to_have_text("online")
    expect(scorer.locator("#outbox")).to_be_hidden()
    # The server's own page again: round 4 with the dealer it worked out.
    expect(scorer.get_by_role("heading", name=re.compile("Runde 4 von 10"))).to_be_visible()
    expect(scorer.locator("#round-info")).to_contain_text("Geber")
    shots(scorer, "offline-4-sent")
    assert revisions(table) == [(1, 1, [0, 1, 0]), (2, 1, [1, 0, 1]), (3, 1, [1, 1, 1])]
    assert Revision.objects.filter(round__table=table).values("submission").distinct().count() == 3
    # The viewer's phone, polling all along, shows both.
    expect(viewer.locator("#round-2")).to_be_visible()
    expect(viewer.locator("#round-3")).to_be_visible()
    expect(viewer.get_by_role("heading", name=re.compile("Runde 4 von 10"))).to_be_visible()


def test_a_conflict_found_on_sending_shows_both_entries_and_loses_nothing(
    phone, live_server, shots
):
    anna = phone()
    table = start_table(anna)
    ready_for_offline(anna)
    ben = phone()
    ben.goto(anna.url)
    anna.context.set_offline(True)
    enter(anna, 1, [1, 0, 0], [1, 0, 0], author="Anna")
    expect(anna.locator("#outbox")).to_contain_text("Runde 1 · von Anna")
    # Meanwhile Ben, online, saves round 1 differently.
    enter(ben, 1, [0, 1, 0], [0, 1, 0], author="Ben")
    expect(ben.get_by_text("Runde 1 gespeichert.")).to_be_visible()

    anna.context.set_offline(False)
    item = anna.locator("#outbox .outbox-item")
    expect(item).to_contain_text(
        "Nicht gesendet: Runde 1 wurde inzwischen auf einem anderen Handy gespeichert."
    )
    expect(item).to_contain_text(re.compile(r"Dort gespeichert von Ben um \d\d:\d\d:"))
    theirs, yours = item.locator(".outbox-version").all()
    expect(theirs.locator("dt", has_text="Ansage von Ben").locator("+ dd")).to_have_text("1")
    expect(yours).to_contain_text("Deine Eingabe:")
    expect(yours.locator("dt", has_text="Ansage von Anna").locator("+ dd")).to_have_text("1")
    expect(anna.locator("#net")).to_contain_text("1 Eintrag braucht eine Entscheidung")
    assert revisions(table) == [(1, 1, [0, 1, 0])]
    shots(anna, "offline-5-conflict")
    # It stays until dealt with, also after a reload.
    anna.reload()
    expect(anna.locator("#outbox")).to_contain_text("Nicht gesendet: Runde 1 wurde inzwischen")

    # The normal conflict form, with what Anna typed and Ben's entry above it.
    anna.get_by_role("button", name="Im Formular öffnen").click()
    expect(anna.locator(".conflict")).to_contain_text("Nicht gespeichert")
    expect(anna.locator(".conflict")).to_contain_text("Ben")
    expect(anna.locator("#id_bid_0")).to_have_value("1")
    expect(anna.locator("#id_bid_1")).to_have_value("0")
    # The entry stays on the phone until it is stored or discarded (issue 28).
    expect(anna.locator("#outbox .outbox-item")).to_contain_text("steht unten im Formular")
    anna.get_by_label("Grund der Korrektur").fill("Ben hat sich verzählt")
    anna.get_by_role("button", name="Runde 1 ersetzen").click()
    expect(anna.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    expect(anna.locator("#outbox .outbox-item")).to_have_count(0)
    # Anna's entry replaced Ben's knowingly; both stay in the history.
    assert revisions(table) == [(1, 1, [0, 1, 0]), (1, 2, [1, 0, 0])]


def test_an_entry_the_server_refuses_shows_the_reason_until_it_is_discarded(phone, shots):
    scorer = phone()
    table = start_table(scorer)
    ready_for_offline(scorer)
    scorer.context.set_offline(True)
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(scorer.locator("#outbox")).to_contain_text("Runde 1 · von Anna")
    lock_table(table, Author(name="Turnierleitung"))  # the result was confirmed meanwhile

    scorer.context.set_offline(False)
    item = scorer.locator("#outbox .outbox-item")
    expect(item).to_contain_text(
        "Nicht angenommen: Das Ergebnis dieses Tisches ist bestätigt und gesperrt"
    )
    expect(item.locator("dt", has_text="Stiche von Ben").locator("+ dd")).to_have_text("1")
    expect(scorer.locator(".locked")).to_be_visible()  # the server's page after the answer
    expect(scorer.locator("#net")).to_contain_text("1 Eintrag braucht eine Entscheidung")
    shots(scorer, "offline-6-refused")
    scorer.reload()
    expect(item).to_contain_text("Nicht angenommen")

    scorer.once("dialog", lambda dialog: dialog.accept())
    item.get_by_role("button", name="Verwerfen").click()
    expect(scorer.locator("#outbox")).to_be_hidden()
    expect(scorer.locator("#net")).to_have_text("online")
    scorer.reload()
    expect(scorer.locator("#outbox")).to_be_hidden()
    assert not Round.objects.filter(table=table).exists()


def database_away(*args, **kwargs):
    raise OperationalError("the database is restarting")


def test_a_save_the_server_cannot_take_is_kept_on_the_sheet(phone, monkeypatch):
    """Online, but the save fails (here: the database is away, 503): instead of an error page
    the sheet keeps the entry, goes on with the next round, and sends it when the server is
    back."""
    scorer = phone()
    table = start_table(scorer)
    ready_for_offline(scorer)

    monkeypatch.setattr("scoring.saving.save_round", database_away)
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(scorer.locator("#outbox")).to_contain_text("Runde 1 · von Anna")
    expect(scorer.locator("#outbox")).to_contain_text("wartet aufs Senden")
    expect(scorer.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    monkeypatch.undo()
    # The phone also sends by itself at its next contact with the server (a poll), and then
    # reloads the sheet: the button may be gone before it is pressed. Either way, sent once.
    with contextlib.suppress(PlaywrightTimeoutError):  # what follows checks it arrived once
        scorer.get_by_role("button", name="Jetzt senden").click(timeout=3000)
    expect(confirmation(scorer, "Runde 1 gesendet")).to_be_visible()
    expect(scorer.locator("#outbox")).to_be_hidden()
    assert revisions(table) == [(1, 1, [0, 1, 0])]


def test_a_kept_entry_can_be_completed_before_it_is_sent(phone):
    """Schatzsuche's bids first, tricks after the round: offline, the kept bids are edited and
    the tricks added; one entry (one token) is sent."""
    scorer = phone()
    table = start_table(scorer)
    ready_for_offline(scorer)
    scorer.context.set_offline(True)
    for seat, bid in enumerate([0, 1, 0]):
        scorer.locator(f"#id_bid_{seat}").fill(str(bid))
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    item = scorer.locator("#outbox .outbox-item")
    expect(item).to_contain_text("Runde 1")
    expect(item.locator("dt", has_text="Stiche von Anna")).to_have_count(0)

    item.get_by_role("button", name="Bearbeiten").click()
    expect(item).to_contain_text("wird im Formular unten bearbeitet")
    expect(scorer.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    expect(scorer.locator("#id_bid_1")).to_have_value("1")
    for seat, won in enumerate([0, 1, 0]):
        scorer.locator(f"#id_tricks_{seat}").fill(str(won))
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    expect(item).to_have_count(1)
    expect(item.locator("dt", has_text="Stiche von Ben").locator("+ dd")).to_have_text("1")

    scorer.context.set_offline(False)
    expect(confirmation(scorer, "Runde 1 gesendet")).to_be_visible()
    stored = Revision.objects.get(round__table=table)
    assert stored.complete and stored.data["tricks"] == [0, 1, 0]


def test_a_correction_the_server_cannot_take_is_kept_by_the_service_worker(phone, monkeypatch):
    """A round's page posts its form as a page does; when that post fails, the service worker
    keeps the correction and shows the sheet, which lists it and sends it later."""
    scorer = phone()
    table = start_table(scorer)
    enter(scorer, 1, [0, 1, 0], [0, 1, 0])
    expect(scorer.get_by_text("Runde 1 gespeichert.")).to_be_visible()
    scorer.goto(scorer.url.split("#")[0] + "rounds/1/")
    ready_for_offline(scorer)

    monkeypatch.setattr("scoring.saving.save_round", database_away)
    scorer.get_by_text("Runde 1 korrigieren").click()
    scorer.locator("#id_bid_0").fill("1")
    scorer.locator("#id_tricks_0").fill("1")
    scorer.locator("#id_tricks_1").fill("0")
    scorer.get_by_label("Grund der Korrektur").fill("Stiche vertauscht")
    scorer.get_by_role("button", name="Runde 1 speichern").click()
    expect(scorer.locator("#outbox")).to_contain_text("Runde 1 · von Anna")
    assert scorer.url.endswith("#outbox")
    monkeypatch.undo()
    with contextlib.suppress(PlaywrightTimeoutError):  # it may have been sent by itself
        scorer.get_by_role("button", name="Jetzt senden").click(timeout=3000)
    expect(confirmation(scorer, "Runde 1 gesendet")).to_be_visible()
    assert revisions(table) == [(1, 1, [0, 1, 0]), (1, 2, [1, 1, 0])]


def test_a_table_page_can_enter_the_next_games_offline_a_second_after_it_loads(
    phone, live_server, shots
):
    """Issue 22 §5: the scorer's page brings the rounds ahead inline, and the service worker
    keeps the page when it installs. A phone that opens the scorer link for the first time and
    loses the network a second later enters two games, reloads without a connection, and sends
    both once when it is back."""
    maker = phone()
    table = start_table(maker)
    scorer = phone()  # a phone that never opened this site
    scorer.goto(maker.url.split("#")[0])
    scorer.wait_for_timeout(1000)
    scorer.context.set_offline(True)
    # Kept by the service worker, and the rounds ahead read: no fetch after the page needed.
    assert scorer.evaluate("document.body.dataset.offlineReady") == "1"

    enter(scorer, 1, [0, 1, 0], [0, 1, 0], author="Cem")
    expect(scorer.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    enter(scorer, 2, [1, 0, 1], [1, 0, 1], author="Cem")
    expect(scorer.get_by_role("button", name="Runde 3 speichern")).to_be_visible()
    expect(scorer.locator("#outbox .outbox-item")).to_have_count(2)
    shots(scorer, "offline-7-first-second")

    scorer.reload()
    assert scorer.evaluate("document.body.dataset.copy") == "cache"
    expect(scorer.locator("#outbox .outbox-item")).to_have_count(2)
    expect(scorer.get_by_role("button", name="Runde 3 speichern")).to_be_visible()
    expect(scorer.get_by_label("Eingetragen von")).to_have_value("Cem")
    shots(scorer, "offline-8-first-second-reloaded")
    assert revisions(table) == []

    scorer.context.set_offline(False)
    expect(
        confirmation(scorer, re.escape("2 Einträge gesendet (Runde 1 bis Runde 2)"))
    ).to_be_visible()
    expect(scorer.get_by_role("heading", name=re.compile("Runde 3 von 10"))).to_be_visible()
    assert revisions(table) == [(1, 1, [0, 1, 0]), (2, 1, [1, 0, 1])]
    assert [r.author for r in Revision.objects.filter(round__table=table)] == ["Cem", "Cem"]
