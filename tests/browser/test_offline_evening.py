"""A whole evening without Wi-Fi (issue 28, item 4; docs/scorepad.md, "The rounds ahead"): a
scorer phone enters 40 games in a row offline, reloads in the middle (the page comes from the
service worker), and sends them all once, in order, when the connection is back; the sheet's
totals are those counted here by hand from the tariff. Also at five players where a thrown-in
deal stays with its dealer (who deals, and so sits out, follows from the games typed before),
and a Schatzsuche table from its first round to its last. Screenshots: $OFFLINE_SHOTS."""

import pytest
from playwright.sync_api import expect

from scoring.models import Access, Revision, Table

from .test_offline import enter, ready_for_offline, start_table
from .test_schafkopf_stammtisch import tap

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
# Kurzanleitung (the default house rules): Rufspiel 1, Solo and Wenz 6 from each opponent.
RUF, SOLO = 1, 6
SENDING_MS = 120_000  # 40 entries, one after the other, on a busy test machine


def start_schafkopf(page, players, passed_deal=None) -> Table:
    page.goto("/new/schafkopf/")
    for seat, name in enumerate(players, start=1):
        page.get_by_role("textbox", name=f"Spieler {seat}", exact=True).fill(name)
    if passed_deal:
        choice = page.locator(f"input[name=passed_deal][value={passed_deal}]")
        opened = "c => { for (let d = c.closest('details'); d; d = d.parentElement"
        opened += ".closest('details')) d.open = true; }"
        page.evaluate(opened, choice.element_handle())
        choice.check()
    page.get_by_role("button", name="Spiel beginnen").click()
    expect(page.get_by_role("heading", name="Spiel 1")).to_be_visible()
    key = page.url.rstrip("/").rsplit("/", 1)[-1]
    return Access.objects.get(key=key).table


def plan(number: int, players: list[str], dealer: int) -> tuple[list, list[int]]:
    """Game ``number``'s taps and each seat's amount by the tariff, counted here by hand:
    a Rufspiel won or lost (1 each), a Solo won, a Wenz lost (6 from or to each opponent); at
    five players the dealer sits out with 0; every seventh game is thrown in (0)."""
    count = len(players)
    active = [seat for seat in range(count) if count == 4 or seat != dealer]
    amounts = [0] * count
    kind = number % 4
    if number % 7 == 0:
        return [("contract", "zusammengeworfen")], amounts
    declarer = active[number % 4]
    partner = active[(number + 1) % 4]
    if kind in (0, 2):  # a Rufspiel, won when kind is 0
        sign = 1 if kind == 0 else -1
        for seat in active:
            amounts[seat] = sign * RUF if seat in (declarer, partner) else -sign * RUF
        taps = [("contract", "Rufspiel"), ("called", "Eichel" if kind == 0 else "Gras"),
                ("declarer", players[declarer]), ("partner", players[partner]),
                ("outcome", "gewonnen" if kind == 0 else "verloren")]  # fmt: skip
        return taps, amounts
    sign = 1 if kind == 1 else -1  # a Solo won, a Wenz lost
    for seat in active:
        amounts[seat] = sign * 3 * SOLO if seat == declarer else -sign * SOLO
    if kind == 1:
        taps = [("contract", "Solo"), ("suit", "Eichel"), ("declarer", players[declarer])]
    else:
        taps = [("contract", "Wenz"), ("declarer", players[declarer])]
    return [*taps, ("outcome", "gewonnen" if kind == 1 else "verloren")], amounts


def save(page, number, taps):
    for group, name in taps:
        tap(page, group, name)
    page.get_by_role("button", name=f"Spiel {number} speichern").click()
    expect(page.get_by_role("button", name=f"Spiel {number + 1} speichern")).to_be_visible()


def signed(number: int) -> str:
    return f"+{number}" if number > 0 else f"−{-number}" if number < 0 else "0"


def stored_in_order(table: Table) -> list[int]:
    """The round of every stored revision, in the order the server stored them."""
    revisions = Revision.objects.filter(round__table=table).select_related("round").order_by("pk")
    assert revisions.values("submission").distinct().count() == revisions.count()
    return [revision.round.number for revision in revisions]


def test_forty_schafkopf_games_offline_with_a_reload_in_the_middle(phone, shots):
    page = phone()
    table = start_schafkopf(page, FOUR)
    ready_for_offline(page)
    # The page itself stays light: the four dealers' forms, not a form per game ahead; the
    # games ahead are small facts, the whole window (the page fetches none at load).
    inline = page.locator("#rounds-ahead").evaluate("t => t.innerHTML")
    assert inline.count("<form") == 4 and inline.count("data-round=") == 56
    first = table.options["first_dealer"]
    totals = [0] * 4
    taps, amounts = plan(1, FOUR, first)
    save(page, 1, taps)  # online
    totals = [t + a for t, a in zip(totals, amounts, strict=True)]

    page.context.set_offline(True)
    for number in range(2, 42):
        dealer = (first + number - 1) % 4
        if number in (3, 41):  # the facts of a game ahead: who deals, from the rotation
            expect(page.locator("#ahead-slot .facts")).to_contain_text(f"Geber{FOUR[dealer]}")
        taps, amounts = plan(number, FOUR, dealer)
        save(page, number, taps)
        totals = [t + a for t, a in zip(totals, amounts, strict=True)]
        if number == 21:
            page.reload()
            assert page.evaluate("document.body.dataset.copy") == "cache"
            expect(page.locator("#outbox .outbox-item")).to_have_count(20)
            expect(page.get_by_role("button", name="Spiel 22 speichern")).to_be_visible()
            shots(page, "evening-1-reloaded-after-21")
    expect(page.locator("#net")).to_contain_text("40 Einträge warten aufs Senden")
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shots(page, "evening-2-forty-waiting")
    assert stored_in_order(table) == [1]

    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_be_hidden(timeout=SENDING_MS)
    expect(page.get_by_role("heading", name="Spiel 42")).to_be_visible(timeout=SENDING_MS)
    assert stored_in_order(table) == list(range(1, 42))
    expect(page.locator("tr", has=page.locator("th", has_text="Σ")).locator("td.sum")).to_have_text(
        [signed(total) for total in totals]
    )
    assert sum(totals) == 0
    shots(page, "evening-3-sent")


def test_five_players_where_a_thrown_in_deal_stays_enter_forty_games_offline(phone, shots):
    page = phone()
    table = start_schafkopf(page, FIVE, passed_deal="same_dealer")
    assert table.profile["passed_deal"] == "same_dealer"
    ready_for_offline(page)
    dealer = table.options["first_dealer"]
    totals = [0] * 5
    page.context.set_offline(True)
    for number in range(1, 41):
        if number > 1:  # a game ahead: who deals follows from the games typed before
            facts = page.locator("#ahead-slot .facts")
            expect(facts).to_contain_text(f"Geber{FIVE[dealer]} (setzt dieses Spiel aus)")
            # The dealer sits out: not offered as declarer.
            declarers = page.locator("#entry input[name=declarer]")
            expect(declarers).to_have_count(5)  # "keiner" and the four who play
            expect(declarers.and_(page.locator(f"[value='{dealer}']"))).to_have_count(0)
        taps, amounts = plan(number, FIVE, dealer)
        save(page, number, taps)
        totals = [t + a for t, a in zip(totals, amounts, strict=True)]
        if number == 14:  # right after a thrown-in deal: the same dealer again
            shots(page, "evening-4-five-after-thrown-in")
        if number % 7:  # a thrown-in deal stays with its dealer
            dealer = (dealer + 1) % 5
        if number == 20:
            page.reload()
            assert page.evaluate("document.body.dataset.copy") == "cache"
    assert page.evaluate("document.documentElement.scrollWidth") <= 360

    page.context.set_offline(False)
    expect(page.locator("#outbox")).to_be_hidden(timeout=SENDING_MS)
    expect(page.get_by_role("heading", name="Spiel 41")).to_be_visible(timeout=SENDING_MS)
    assert stored_in_order(table) == list(range(1, 41))
    # The server worked out the same dealers.
    expect(page.locator("#round-info")).to_contain_text(f"Geber {FIVE[dealer]}")
    expect(page.locator("tr", has=page.locator("th", has_text="Σ")).locator("td.sum")).to_have_text(
        [signed(total) for total in totals]
    )
    shots(page, "evening-5-five-sent")


def test_a_schatzsuche_game_from_its_first_round_to_its_last_offline(phone):
    page = phone()
    table = start_table(page)
    ready_for_offline(page)
    page.context.set_offline(True)
    for number in range(1, 11):
        if number == 10:  # the golden card: the announcements, and the card revealed
            for seat in range(3):
                page.locator(f"#id_guess_suit_{seat}").select_option("H")
                page.locator(f"#id_guess_rank_{seat}").select_option("A")
            page.locator("#id_golden_suit").select_option("S")
            page.locator("#id_golden_rank").select_option("7")
        enter(page, number, [0, 0, 0], [number, 0, 0])
        if number < 10:
            expect(page.get_by_role("button", name=f"Runde {number + 1} speichern")).to_be_visible()
    expect(page.locator("#outbox .outbox-item")).to_have_count(10)
    page.context.set_offline(False)
    expect(page.locator("#round-10")).to_be_visible(timeout=SENDING_MS)
    expect(page.locator("#outbox")).to_be_hidden()
    assert stored_in_order(table) == list(range(1, 11))
