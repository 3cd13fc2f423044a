"""A disputed Skat game on a 360 × 740 phone (docs/skat.md, "Streitfall"): the arbiter opens
the dispute from the game, gives the deal (the Skat, the discard), types the three hands,
taps the 30 cards, sees the verdict beside the sheet and applies it. Every page fits the
phone and passes axe's WCAG 2.2 AA check; without JavaScript a tap is a form post."""

import pytest
from django.test import Client
from django.urls import reverse
from playwright.sync_api import expect

from scoring.models import Revision
from tests.scoring.dispute_helpers import actions_of, simulated
from tests.scoring.skat_pad_helpers import create_skat, play_game

from .conftest import PHONE, check_fits

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

NAMES = ["Ben", "Cem", "Anna"]  # Anna deals game 1: Ben is Vorhand


def bot_game():
    for seed in range(200):
        record = simulated("skat", f"browser:{seed}", NAMES)
        contract = record["contract"]
        if contract["type"] in ("kreuz", "pik", "herz", "karo", "grand") and not contract.get(
            "hand"
        ):
            return record
    raise AssertionError("no suit game or Grand found")


@pytest.fixture
def entered_game():
    """Game 1 entered with its result turned round."""
    client = Client()
    table, key = create_skat(client, ("Anna", "Ben", "Cem"))
    record = bot_game()
    from scoring.rules import records

    result = records.verify(record).to_json()["result"]
    declarer = [1, 2, 0][record["contract"]["declarer"]]
    play_game(
        client, key, 1, declarer, record["contract"]["type"], mit=result["matadors"],
        bid=result["bid"], outcome="lost" if result["won"] else "won",
    )  # fmt: skip
    return table, key, record, result


def tap_card(page, number, card):
    board = page.locator("#board")
    button = board.locator(f"button[name=action][value='{card}']").first
    if not button.is_visible():
        board.locator("details.more summary").click()
    button.click()
    expect(page.locator(f"#board[data-actions='{number}']")).to_be_attached()


def test_a_skat_dispute_on_a_phone(phone, entered_game, axe):
    table, key, record, result = entered_game
    page = phone()
    problems: list[str] = []
    page.on("pageerror", lambda error: problems.append(str(error)))

    page.goto(reverse("round", args=[key, 1]))  # the game on the sheet, as the table sees it
    page.get_by_role("link", name="Streitfall eröffnen: Karte für Karte").click()
    page.get_by_label("Worum geht der Streit?").fill("Ben hat falsch gezählt")
    page.get_by_label("Schiedsrichter").fill("Vera")
    page.get_by_role("button", name="Streitfall eröffnen").click()
    # The deal's form first: the Skat and the discard are not on the sheet.
    expect(page.get_by_role("heading", name="Ausgangslage", exact=True)).to_be_visible()
    check_fits(page, "deal form")
    axe(page, "Skat deal form")
    page.get_by_label("Skat (die zwei verdeckt gegebenen Karten)").fill(" ".join(record["skat"]))
    page.get_by_label("Gedrückt (die zwei Karten, die der Alleinspieler weggelegt hat)").fill(
        " ".join(record["discard"])
    )
    page.get_by_role("button", name="Ausgangslage speichern").click()
    expect(page.get_by_role("heading", name="Streitfall: Spiel 1")).to_be_visible()
    deal = page.locator("#deal")
    expect(deal.locator("dt")).to_contain_text(["Vorhand", "Spiel", "Alleinspieler", "Gereizt"])
    expect(deal.locator("dd").first).to_have_text("Ben")

    page.get_by_role("link", name="Karten eingeben").click()
    check_fits(page, "hands")
    axe(page, "Skat hands")
    page.get_by_text("Karten stattdessen eintippen").click()
    for seat, hand in enumerate(record["hands"]):
        page.locator(f"#id_hand_{seat}").fill(" ".join(hand))
    page.get_by_role("button", name="Karten speichern").click()
    expect(page.locator("#deal")).to_contain_text("bekannt")

    plays = actions_of("skat", record)
    for number, card in enumerate(plays[:4], start=1):
        tap_card(page, number, card)
    expect(page.locator("#board .prompt")).to_contain_text("Stich 2:")
    check_fits(page, "board")
    page.reload()  # the board as it loads, without the saved-hands message
    axe(page, "Skat board")
    for number, card in enumerate(plays[4:], start=5):
        tap_card(page, number, card)
    expect(page.locator("#board .prompt")).to_have_text("Das Spiel ist vollständig.")
    expect(page.locator("#verdict")).to_contain_text("Keine Regel verletzt")
    seat = record["contract"]["declarer"]
    value = page.locator("#verdict dt:text-is('Spielwert') + dd")
    expect(value).to_have_text(str(result["value"]))
    expect(page.locator("#apply")).to_contain_text(f"→ {result['scores'][seat]:+d}")
    check_fits(page, "verdict")
    page.reload()
    axe(page, "Skat verdict")

    page.get_by_role("link", name="Stich für Stich nachspielen").click()
    expect(page.locator("#replay .where")).to_have_text("Ausgangslage")
    page.get_by_role("link", name="weiter →", exact=True).click()
    expect(page.locator("#replay .where")).to_have_text("Stich 1 von 10")
    check_fits(page, "replay")
    axe(page, "Skat replay")
    page.get_by_role("link", name="Zurück zum Spielfeld").click()

    page.get_by_label("Notiz für den Verlauf").fill("Ben hat falsch gezählt")
    page.get_by_role("button", name="Urteil in den Spielblock übernehmen").click()
    expect(page.locator(".history")).to_contain_text("Streitfall von Vera")
    check_fits(page, "game after the correction")
    current = Revision.objects.get(round__table=table, is_current=True)
    assert current.source == "dispute" and current.data["won"] == result["won"]
    assert problems == []


def test_a_skat_card_is_a_form_post_without_javascript(browser, live_server, entered_game):
    _table, key, record, _result = entered_game
    context = browser.new_context(
        viewport=PHONE, locale="de-DE", base_url=live_server.url, java_script_enabled=False
    )
    page = context.new_page()
    page.goto(reverse("dispute_round", args=[key, 1]))
    page.get_by_role("button", name="Streitfall eröffnen").click()
    page.get_by_label("Skat (die zwei verdeckt gegebenen Karten)").fill(" ".join(record["skat"]))
    page.get_by_label("Gedrückt (die zwei Karten, die der Alleinspieler weggelegt hat)").fill(
        " ".join(record["discard"])
    )
    page.get_by_role("button", name="Ausgangslage speichern").click()
    first = record["plays"][0]
    page.locator(f"#board button[value='{first}']").first.click()
    expect(page.locator("#board .on-table li")).to_have_text([f"Ben {first}"])
    page.get_by_role("button", name="Letzte Eingabe zurücknehmen").click()
    expect(page.locator("#board .on-table li")).to_have_count(0)
    context.close()
