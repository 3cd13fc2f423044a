"""A disputed Schafkopf game on a 360 px phone: the arbiter types the dealt hands, taps the 32
cards (Dora's revoke is greyed out but recorded), sees the violation named, replays two
tricks forward and back, and applies the verdict to the sheet. Without JavaScript every tap
is a form post that redirects to the same board."""

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Revision
from tests.scoring.dispute_deals import REVOKE, REVOKE_MESSAGE_DE
from tests.scoring.dispute_helpers import open_dispute, paste, simulated
from tests.scoring.schafkopf_helpers import create_schafkopf, game, play

from .conftest import PHONE

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def entered_game():
    """A table on which game 1 was entered as lost (Ben's Rufspiel with Dora, 50 Augen)."""
    client = Client()
    table, key = create_schafkopf(client)
    play(client, key, 1, game("rufspiel", 1, 3, called="G", augen=50))
    return table, key


def fits_the_phone(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{page.url} is {width}px wide"


def tap_card(page, number, card):
    board = page.locator("#board")
    button = board.locator(f"button[name=action][value='{card}']").first
    if not button.is_visible():
        board.locator("details.more summary").click()
    button.click()
    expect(page.locator(f"#board[data-actions='{number}']")).to_be_attached()


def page_problems(page) -> list[str]:
    """What the page reports as going wrong (console errors, uncaught exceptions), as it
    happens: a list the test checks is empty at the end."""
    problems: list[str] = []
    page.on("console", lambda m: problems.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda error: problems.append(str(error)))
    return problems


def test_disputed_game_with_a_revoke_on_a_phone(phone, entered_game):
    table, key = entered_game
    page = phone()
    problems = page_problems(page)

    page.goto(reverse("round", args=[key, 1]))
    page.get_by_role("link", name="Streitfall eröffnen: Karte für Karte").click()
    page.get_by_label("Worum geht der Streit?").fill("Dora hatte Eichel!")
    page.get_by_label("Schiedsrichter").fill("Vera")
    page.get_by_role("button", name="Streitfall eröffnen").click()
    expect(page.get_by_role("heading", name="Streitfall: Spiel 1")).to_be_visible()
    expect(page.locator("#deal")).to_contain_text("Rufspiel mit der Gras-Sau")
    fits_the_phone(page)

    page.get_by_role("link", name="Karten eingeben").click()
    page.get_by_text("Karten stattdessen eintippen").click()
    for seat, hand in enumerate(REVOKE["hands"]):
        page.locator(f"#id_hand_{seat}").fill(" ".join(hand))
    page.get_by_role("button", name="Karten speichern").click()
    expect(page.locator("#deal")).to_contain_text("bekannt")

    for number, card in enumerate(REVOKE["plays"][:5], start=1):
        tap_card(page, number, card)
    # Trick 2, Dora to play on Eichel: she holds E10, so her G10 is greyed out.
    expect(page.locator("#board .prompt")).to_have_text("Stich 2: Dora gibt zu.")
    revoke = page.locator("#board button[value='G10']")
    expect(revoke).to_have_class("tap card g-schafkopf s-G illegal")
    expect(page.locator("#board button[value='E10']")).not_to_have_class("illegal")
    fits_the_phone(page)
    tap_card(page, 6, "G10")
    expect(page.locator("#verdict .violations")).to_contain_text(REVOKE_MESSAGE_DE)
    # A wrong tap is taken back.
    tap_card(page, 7, "E9")
    page.get_by_role("button", name="Letzte Eingabe zurücknehmen").click()
    expect(page.locator("#board[data-actions='6']")).to_be_attached()
    for number, card in enumerate(REVOKE["plays"][6:], start=7):
        tap_card(page, number, card)
    expect(page.locator("#board .prompt")).to_have_text("Das Spiel ist vollständig.")
    expect(page.locator("#verdict")).to_contain_text("1 Regel verletzt")
    expect(page.locator("#apply")).to_contain_text("Augen Spieler: 50 → 65")
    fits_the_phone(page)

    page.get_by_role("link", name="Stich für Stich nachspielen").click()
    expect(page.locator("#replay .where")).to_have_text("Ausgangslage")
    page.get_by_role("link", name="weiter →", exact=True).click()
    expect(page.locator("#replay .where")).to_have_text("Stich 1 von 8")
    page.get_by_role("link", name="weiter →", exact=True).click()
    expect(page.locator("#replay .where")).to_have_text("Stich 2 von 8")
    expect(page.locator("#replay")).to_contain_text(REVOKE_MESSAGE_DE)
    expect(page.locator("#replay")).to_contain_text("Ben + Dora 31 : 8 Gegner")
    fits_the_phone(page)
    page.get_by_role("link", name="← zurück", exact=True).click()
    expect(page.locator("#replay .where")).to_have_text("Stich 1 von 8")
    assert page.url.endswith("?step=1")

    page.get_by_role("link", name="Zurück zum Spielfeld").click()
    page.get_by_label("Notiz für den Verlauf").fill("Dora hat nicht bedient")
    page.get_by_role("button", name="Urteil in den Spielblock übernehmen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    expect(page.locator(".history")).to_contain_text("Streitfall von Vera")
    expect(page.locator(".history")).to_contain_text("Streitfall: Dora hat nicht bedient")
    fits_the_phone(page)
    current = Revision.objects.get(round__table=table, is_current=True)
    assert (current.source, current.scores) == ("dispute", [-1, 1, -1, 1])
    assert problems == []


def test_taps_work_without_javascript(browser, live_server, entered_game):
    _table, key = entered_game
    context = browser.new_context(
        viewport=PHONE, locale="de-DE", base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(reverse("dispute_round", args=[key, 1]))
    page.get_by_role("button", name="Streitfall eröffnen").click()
    page.locator("#board button[value='HU']").click()
    expect(page.locator("#board .prompt")).to_have_text("Stich 1: Cem gibt zu.")
    page.locator("#board button[value='HO']").click()
    expect(page.locator("#board .on-table li")).to_have_text(["Ben HU", "Cem HO"])
    page.get_by_role("button", name="Letzte Eingabe zurücknehmen").click()
    expect(page.locator("#board .on-table li")).to_have_text(["Ben HU"])
    context.close()


def open_dispute_on(page, key) -> None:
    page.goto(reverse("dispute_round", args=[key, 1]))
    page.get_by_role("button", name="Streitfall eröffnen").click()
    expect(page.get_by_role("heading", name="Streitfall: Spiel 1")).to_be_visible()


def undo_tap(page, left):
    page.get_by_role("button", name="Letzte Eingabe zurücknehmen").click()
    expect(page.locator(f"#board[data-actions='{left}']")).to_be_attached()


def keep_the_entry(page, reason):
    page.get_by_label("Warum der Eintrag bleibt").fill(reason)
    page.get_by_role("button", name="Der Eintrag bleibt").click()


def test_the_entry_stands_the_first_time_after_taps_and_undos(phone, entered_game, shots):
    """Issue 22: taps and undos on the board must not make the page's own decision stale."""
    _table, key = entered_game
    page = phone()
    open_dispute_on(page, key)
    for number, card in enumerate(REVOKE["plays"][:4], start=1):
        tap_card(page, number, card)
    undo_tap(page, 3)
    undo_tap(page, 2)
    tap_card(page, 3, "G8")
    keep_the_entry(page, "Die Karten wurden richtig gezählt")
    expect(page.get_by_text("Entschieden: Der Eintrag im Block bleibt.")).to_be_visible()
    expect(page.locator("main")).to_contain_text("Grund: Die Karten wurden richtig gezählt")
    expect(page.get_by_text("auf einem anderen Handy")).to_have_count(0)
    fits_the_phone(page)
    shots(page, "dispute-kept")


def test_a_real_conflict_keeps_the_typed_reason(phone, entered_game, shots):
    _table, key = entered_game
    arbiter = phone()
    open_dispute_on(arbiter, key)
    tap_card(arbiter, 1, "HU")
    other = phone()
    other.goto(arbiter.url)
    tap_card(other, 2, "HO")

    keep_the_entry(arbiter, "Die Karten wurden richtig gezählt")
    refusal = arbiter.get_by_role("alert").filter(has_text="Noch nicht entschieden")
    expect(refusal).to_contain_text("auf einem anderen Handy geändert")
    expect(arbiter.get_by_label("Warum der Eintrag bleibt")).to_have_value(
        "Die Karten wurden richtig gezählt"
    )
    # The page now shows what the other phone tapped.
    expect(arbiter.locator("#board .on-table li")).to_have_text(["Ben HU", "Cem HO"])
    fits_the_phone(arbiter)
    shots(arbiter, "dispute-keep-conflict")
    arbiter.get_by_role("button", name="Der Eintrag bleibt").click()
    expect(arbiter.get_by_text("Entschieden: Der Eintrag im Block bleibt.")).to_be_visible()


def test_typed_hands_save_the_first_time_after_tapping_cards(phone, entered_game):
    """The same trap on the hands page: taps in the picker must not make the typed hands
    below it stale."""
    _table, key = entered_game
    page = phone()
    open_dispute_on(page, key)
    page.get_by_role("link", name="Karten eingeben").click()
    page.locator("#picker button[value='EA']").click()
    expect(page.locator("#picker .seat.current")).to_contain_text("1/8")
    page.get_by_text("Karten stattdessen eintippen").click()
    for seat, hand in enumerate(REVOKE["hands"]):
        page.locator(f"#id_hand_{seat}").fill(" ".join(hand))
    page.get_by_role("button", name="Karten speichern").click()
    expect(page.get_by_text("Die Karten sind gespeichert.")).to_be_visible()
    expect(page.locator("#deal")).to_contain_text("bekannt")


def test_the_dispute_page_offers_the_analysis_on_a_phone(phone, shots):
    client = Client()
    table, key = create_schafkopf(client)
    record = simulated("schafkopf", "analysis:1", table.player_names, players=4, round_number=1)
    contract = record["contract"]
    declarer = contract["declarer"]
    entered = game(contract["type"], declarer, suit=contract.get("suit"))
    if contract["type"] == "rufspiel":
        entered = game("rufspiel", declarer, (declarer + 2) % 4, called=contract["called"])
    play(client, key, 1, {**entered, "outcome": "won"})
    dispute = open_dispute(client, key, 1)
    assert paste(client, key, dispute, record).status_code == 302

    page = phone()
    page.goto(reverse("dispute", args=[key, dispute.pk]))
    box = page.locator("#analysis")
    expect(box).to_contain_text("Analyse: War das Spiel zu gewinnen?")
    expect(box.get_by_role("button", name="Analysieren")).to_be_visible()
    fits_the_phone(page)
    box.scroll_into_view_if_needed()
    shots(page, "dispute-analysis")
    box.get_by_role("button", name="Analysieren").click()
    expect(page.get_by_role("heading", name="Streitfall: Spiel 1")).to_be_visible()
    expect(page.locator("#analysis")).to_contain_text("Die Analyse wartet auf den Rechner")
