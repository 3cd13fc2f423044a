"""Two scorer phones at one table: a form nobody has typed into moves on to the next round by
itself when the other phone saves its round (scoring.views.next_form_answer, static/js/sheet.js);
what the page does not swap in stays out of the copy the phone keeps for offline use
(static/js/page-copy.js)."""

import pytest
from playwright.sync_api import expect

from scoring.models import Revision

from .conftest import start_schatzsuche
from .test_live_push import KEPT_COPY, TYPE_WHILE_FETCHING, enter_round, fetching_the_next_form

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


# What the kept copy shows: its entry form's URL and whether it has the note of a form that moved
# on (the rounds ahead in the page have forms of later rounds too).
KEPT_SHOWS = f"""() => ({KEPT_COPY})().then((text) => {{
    const copy = new DOMParser().parseFromString(text, "text/html");
    const form = copy.getElementById("entry");
    return {{form: form && form.getAttribute("action"), movedOn: !!copy.querySelector(".moved-on"),
             text: copy.body.textContent}};
}})"""


def moved_on_answer(response) -> bool:
    return response.headers.get("stichblock-entry") == "moved-on"


def test_a_next_form_refused_while_typing_stays_out_of_the_kept_copy(phone):
    """Ben types just after his page asked for the news as an untouched form: the next form the
    server sends back (Stichblock-Entry: moved-on) is neither swapped in nor written into the
    page's kept copy, which still has his round 1 form."""
    anna = phone()
    start_schatzsuche(anna)
    ben = phone()
    fetching_the_next_form(ben)
    ben.goto(anna.url)
    expect(ben.get_by_role("button", name="Runde 1 speichern")).to_be_visible()
    ben.wait_for_function(f"({KEPT_COPY})().then((text) => text.includes('/rounds/1/save/'))")
    ben.wait_for_timeout(1000)  # the page's stream is open
    ben.evaluate(TYPE_WHILE_FETCHING)
    moved_on = []
    ben.on("response", lambda r: moved_on.append(r.url) if moved_on_answer(r) else None)

    enter_round(anna, 1, [0, 1, 0], [0, 1, 0])
    warning = "Runde 1 wurde gerade auf einem anderen Handy gespeichert."
    expect(ben.get_by_text(warning)).to_be_visible()
    expect(ben.locator("#id_bid_0")).to_have_value("2")
    assert moved_on, "the server sent no next form: nothing was refused"
    # The warning that came instead is kept; the refused form never was.
    ben.wait_for_function(
        f"({KEPT_SHOWS})().then((copy) => copy.text.includes('anderen Handy gespeichert'))"
    )
    ben.wait_for_timeout(500)
    copy = ben.evaluate(KEPT_SHOWS)
    assert copy["form"].endswith("/rounds/1/save/"), copy["form"]
    assert not copy["movedOn"]


def test_a_form_with_only_the_name_typed_moves_on_and_keeps_the_name(phone, shots):
    """The name in "Eingetragen von" is the phone's, not part of a game: Ben types only his name,
    Anna saves round 1, and Ben's form moves on to round 2 by itself with his name in it; it is
    still there after a reload, online and offline, and his round 2 is saved under it."""
    anna = phone()
    start_schatzsuche(anna)
    ben = phone()
    ben.goto(anna.url)
    author = ben.get_by_label("Eingetragen von")
    expect(author).to_have_value("")
    ben.wait_for_timeout(1000)  # the page's stream is open
    author.fill("Ben")  # and the field keeps the focus
    fetched = []
    ben.on("request", lambda r: fetched.append(r.url) if "/live/" in r.url else None)

    enter_round(anna, 1, [0, 1, 0], [0, 1, 0])
    expect(ben.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    expect(ben.get_by_text("Das Formular zeigt jetzt Runde 2.")).to_be_visible()
    expect(author).to_have_value("Ben")
    # The next form came with the event (moved=1): nothing was fetched for it.
    assert fetched == []
    shots(ben, "moved-on-with-name")

    ben.reload()
    expect(ben.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    expect(author).to_have_value("Ben")
    ben.wait_for_selector("body[data-offline-ready]", state="attached")
    ben.context.set_offline(True)
    ben.reload()
    assert ben.evaluate("document.body.dataset.copy") == "cache"
    expect(ben.get_by_role("button", name="Runde 2 speichern")).to_be_visible()
    expect(author).to_have_value("Ben")
    shots(ben, "moved-on-with-name-offline-reload")

    ben.context.set_offline(False)
    ben.reload()
    enter_round(ben, 2, [1, 0, 1], [1, 0, 1])
    expect(ben.get_by_text("Runde 2 gespeichert.")).to_be_visible()
    saved = Revision.objects.get(round__number=2)
    assert saved.author == "Ben"
