"""A new table joined by scanning, in production: the QR codes on "Teilen" read as links to the
site the phones opened (behind the proxy, built from what Caddy passes on), and the scorer's
code opens the table on a second phone, which enters the first game."""

import pytest
from playwright.sync_api import expect

from scoring.models import Access, Round

from ..conftest import decode_qr
from ..test_schafkopf_phone import start_table, tap

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
]


def test_the_scorer_code_opens_the_new_table_on_a_second_phone(phone, production, shots):
    anna = phone()
    start_table(anna)
    sheet = anna.url
    key = sheet.rstrip("/").rsplit("/", 1)[-1]
    anna.get_by_role("link", name="Teilen").first.click()
    cards = anna.locator(".share-card")
    expect(cards).to_have_count(2)
    read = []
    for card in cards.all():
        image = card.locator("img.qr")
        image.scroll_into_view_if_needed()
        anna.wait_for_function(
            "img => img.complete && img.naturalWidth > 0", arg=image.element_handle()
        )
        read.append(decode_qr(image))
        assert read[-1] == card.locator(".url").inner_text()
    shots(anna, "production-qr-share")
    scorer_code, viewer_code = read
    assert scorer_code == f"{production.url}/t/{key}/"
    table = Access.objects.get(key=key).table
    assert viewer_code == f"{production.url}/t/{table.accesses.get(role='viewer').key}/"

    ben = phone()
    ben.goto(scorer_code)
    expect(ben.get_by_role("heading", name="Spiel 1")).to_be_visible()
    expect(ben.locator("#group-declarer")).to_contain_text("Dora")
    tap(ben, "contract", "Rufspiel")
    tap(ben, "called", "Eichel")
    tap(ben, "declarer", "Anna")
    tap(ben, "partner", "Cem")
    ben.get_by_label("oder ihre Augen").fill("70")
    ben.get_by_role("button", name="Spiel 1 speichern").click()
    expect(ben.get_by_role("heading", name="Spiel 2")).to_be_visible()
    shots(ben, "production-qr-second-phone")
    assert list(Round.objects.filter(table=table).values_list("number", flat=True)) == [1]
    anna.goto(sheet)
    expect(anna.locator("#round-1")).to_contain_text("+1")
