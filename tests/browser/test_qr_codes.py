"""Joining a table by scanning: the QR codes on "Teilen" really render in the browser (an
<img> whose SVG the browser refuses shows only its alt text) and a camera reads the link."""

import pytest
from playwright.sync_api import expect

from .conftest import decode_qr
from .test_schafkopf_phone import start_table

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_share_page_codes_render_and_read_as_the_links(phone):
    page = phone()
    start_table(page)
    page.get_by_role("link", name="Teilen").first.click()
    cards = page.locator(".share-card")
    expect(cards).to_have_count(2)
    read = []
    for card in cards.all():
        image = card.locator("img.qr")
        expect(image).to_be_visible()
        image.scroll_into_view_if_needed()
        page.wait_for_function("img => img.complete", arg=image.element_handle())
        assert image.evaluate("img => img.naturalWidth") > 0, "the QR image does not render"
        link = card.locator(".url").inner_text()
        assert decode_qr(image) == link
        read.append(link)
    # The scorer's code is the link of the table this phone just opened.
    assert page.url.split("/share/")[0] + "/" == read[0]
