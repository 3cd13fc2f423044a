"""The chaos test of issue 28: two scorer phones at one Schafkopf table in a pub with bad Wi-Fi,
in the production configuration (gunicorn + uvicorn + PostgreSQL behind Caddy, Chromium at
360×740). A seeded random schedule of games typed and saved, double taps, the Wi-Fi lost and
back, requests and answers lost (chaos.py: about 30 % of requests, 1–3 s on the rest), reloads,
a tab closed and opened again, "Jetzt senden", and the decisions on conflicts ("Im Formular
öffnen", then "Als Spiel N speichern", "Spiel N ersetzen" with a reason, or "Meine Eingabe
verwerfen").

Each game is told apart by what the person types into "Eingetragen von": A01, A02, … on phone A,
B01, … on phone B (stored as Revision.author), with its own contract, declarer and Augen. After
every step the invariant of docs/scorepad.md ("The outbox") is checked against the database
and both phones: every game typed and saved is stored once, or waits in its phone's outbox with
its values, or is shown with its values in a form; never stored twice. At the end the Wi-Fi
is good, every decision is made, the outboxes empty, and every game not deliberately discarded
is stored exactly once, and both phones show the database's sheet.

Seeds: CHAOS_SEED=n replays one; CHAOS_SEEDS=n runs n new ones (`make chaos`); else the CI
seeds below. A failure names its seed and prints the steps that led to it.
"""

import contextlib
import os
import random
import re
import time
from collections import Counter
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import expect

from scoring.models import Revision

from ..conftest import PHONE, WAIT_MS
from ..test_offline import ready_for_offline
from ..test_schafkopf_phone import start_table, tap
from ..test_two_phones_one_game import table_of
from .chaos import ChaosProxy

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("production"),
]

CI_SEEDS = [28, 2028]
GAMES = int(os.environ.get("CHAOS_GAMES", 20))  # typed in all, both phones together
SETTLE_SECONDS = 240  # the end: good Wi-Fi until every outbox is empty


def chaos_seeds() -> list[int]:
    if os.environ.get("CHAOS_SEED"):
        return [int(os.environ["CHAOS_SEED"])]
    if os.environ.get("CHAOS_SEEDS"):
        first = random.SystemRandom().randrange(10_000, 100_000)
        return [first + n for n in range(int(os.environ["CHAOS_SEEDS"]))]
    return CI_SEEDS


MARKER = re.compile(r"^[AB]\d\d$")
DECLARERS = ["Anna", "Ben", "Cem", "Dora"]
SUITS = ["Eichel", "Gras", "Herz", "Schellen"]
READY = re.compile(r"^Spiel \d+ speichern$")
SAVE_AS_NEXT = re.compile(r"^Als Spiel \d+ speichern$")
REPLACE = re.compile(r"^Spiel \d+ ersetzen$")

# What a phone shows: the entry forms with a name typed (its game's marker and Augen), whether
# the form is one to decide on (a conflict or a mistake), and whether it waits for an answer.
FORMS_JS = """() => [...document.querySelectorAll('form')]
  .filter(f => f.elements.author && f.elements.author.value && f.offsetParent !== null)
  .map(f => ({
    author: f.elements.author.value,
    augen: f.elements.augen ? f.elements.augen.value : '',
    submission: f.elements.submission ? f.elements.submission.value : '',
  }))"""

OUTBOX_JS = """async () => {
  // Opening a database that is not there would make an empty one, without the app's stores.
  const known = indexedDB.databases ? await indexedDB.databases() : [{name: 'stichblock'}];
  if (!known.some(d => d.name === 'stichblock')) return [];
  return await new Promise((resolve, reject) => {
    const open = indexedDB.open('stichblock');
    open.onerror = () => reject(open.error);
    open.onsuccess = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains('outbox')) { db.close(); resolve([]); return; }
      const all = db.transaction('outbox', 'readonly').objectStore('outbox').getAll();
      all.onerror = () => { db.close(); reject(all.error); };
      all.onsuccess = () => {
        db.close();
        resolve(all.result.map(e => ({
          submission: e.submission, status: e.status, round: e.round, author: e.author,
          augen: (e.fields.find(p => p[0] === 'augen') || [null, ''])[1],
        })));
      };
    };
  });
}"""

# The sheet's entry form as the phone shows it: its buttons (none while it waits for an answer
# or is hidden), whether it is a form to decide on (a conflict's ways on, or the server's
# mistakes inside the form: not a stale conflict note above a form shown from the rounds
# ahead), and the game typed into it.
STATE_JS = """() => {
  const form = document.getElementById('entry');
  const shown = !!(form && !form.hidden && form.offsetParent !== null);
  const buttons = shown && form.dataset.sent !== '1'
    ? [...form.querySelectorAll('button[type=submit]')].map(b => b.textContent.trim()) : [];
  const ways = shown && !!form.querySelector('.conflict-ways');
  const errors = shown && !!form.querySelector('.form-errors');
  return {
    deciding: ways || errors, buttons, busy: !!(form && form.dataset.sent === '1'),
    author: shown && form.elements.author ? form.elements.author.value : '',
    augen: shown && form.elements.augen ? form.elements.augen.value : '',
  };
}"""


@dataclass
class Game:
    marker: str
    contract: str  # "Wenz" or "Solo"
    declarer: str
    suit: str
    augen: int
    state: str = "typed"  # "maybe" (the tap may not have reached the page), "saved", "discarded"

    def matches(self, augen) -> bool:
        return str(augen) == str(self.augen)


@dataclass
class Phone:
    name: str
    proxy: ChaosProxy
    context: object
    page: object = None
    offline: bool = False
    typed: int = 0
    dialogs: list = field(default_factory=list)


class Failure(AssertionError):
    pass


class Chaos:
    def __init__(self, seed, browser, production):
        self.seed = seed
        self.random = random.Random(seed)
        self.browser = browser
        self.production = production
        self.log: list[tuple[float, str]] = []
        self.games: dict[str, Game] = {}
        self.phones: list[Phone] = []
        self.started = time.monotonic()
        self.table = None
        self.path = ""

    # --- the phones ------------------------------------------------------------------------
    def open_phone(self, name: str) -> Phone:
        proxy = ChaosProxy(name, self.production.url, self.seed)
        context = self.browser.new_context(
            viewport=PHONE, locale="de-DE", base_url=proxy.url, is_mobile=True, has_touch=True
        )
        context.set_default_timeout(WAIT_MS)
        phone = Phone(name, proxy, context)
        self.new_page(phone)
        self.phones.append(phone)
        return phone

    def new_page(self, phone: Phone):
        phone.page = phone.context.new_page()
        # "Verwerfen" asks first (window.confirm): the person says yes.
        phone.page.on("dialog", lambda dialog: dialog.accept())

    def close(self):
        for phone in self.phones:
            with contextlib.suppress(PlaywrightError):
                phone.context.close()
            phone.proxy.stop()

    def note(self, text: str):
        self.log.append((time.monotonic(), text))

    def story(self) -> str:
        """The steps, and between them the requests each phone made and what became of
        them (the network's part, indented)."""
        lines = [(when, text) for when, text in self.log]
        for phone in self.phones:
            lines += [(when, f"      {phone.name} {what}") for when, what in phone.proxy.requests]
        lines.sort(key=lambda line: line[0])
        return "\n".join(f"{when - self.started:6.1f}s  {text}" for when, text in lines[-400:])

    def snapshot(self) -> dict:
        """What each phone shows: its list of kept entries, and a screenshot to look at."""
        shown = {}
        for phone in self.phones:
            path = self.production.logs / f"chaos-{self.seed}-{phone.name}.png"
            try:
                phone.page.screenshot(path=path, full_page=True)
                shown[phone.name] = (phone.page.locator("#outbox").inner_text(timeout=2000), path)
            except PlaywrightError as error:
                shown[phone.name] = first_line(error)
        return shown

    def fail(self, text: str):
        raise Failure(
            f"chaos seed {self.seed}: {text}\nreplay: CHAOS_SEED={self.seed} make chaos\n"
            f"steps:\n{self.story()}"
        )

    def on_sheet(self, phone: Phone) -> bool:
        return phone.page.url.startswith(f"{phone.proxy.url}{self.path}") and "/rounds/" not in (
            phone.page.url
        )

    def back_to_sheet(self, phone: Phone):
        """A page that is not the table's sheet (an error page, /offline/): the person opens
        the table again."""
        if self.on_sheet(phone):
            return
        self.note(f"{phone.name}: back to the sheet from {phone.page.url}")
        try:
            phone.page.goto(self.path, wait_until="domcontentloaded", timeout=15_000)
        except PlaywrightError as error:
            self.note(f"{phone.name}:   not opened: {first_line(error)}")

    def state(self, phone: Phone) -> dict:
        try:
            return phone.page.evaluate(STATE_JS)
        except PlaywrightError:
            return {"deciding": False, "buttons": [], "busy": False, "author": "", "augen": ""}

    # --- what the phones and the server hold ----------------------------------------------
    def read_phone(self, phone: Phone):
        """(forms shown, outbox entries) of ``phone``; the outbox read after the forms, so a
        game moving from the form into the outbox is seen in one or the other."""
        for _attempt in range(20):
            page = phone.page
            try:
                forms = page.evaluate(FORMS_JS) if self.on_sheet(phone) else []
                if page.url.startswith(phone.proxy.url):
                    return forms, page.evaluate(OUTBOX_JS)
                workers = phone.context.service_workers
                if workers:
                    return forms, workers[0].evaluate(OUTBOX_JS)
            except PlaywrightError:
                pass
            page.wait_for_timeout(250)
        self.fail(f"phone {phone.name}'s outbox cannot be read (page {phone.page.url})")

    def stored(self) -> list[tuple]:
        return list(
            Revision.objects.filter(round__table=self.table, author__regex=r"^[AB][0-9][0-9]$")
            .order_by("round__number", "number")
            .values_list("author", "round__number", "is_current", "data")
        )

    def check(self, final: bool = False):
        """The invariant after a step (docs/scorepad.md, "The outbox")."""
        held = {}  # marker → where a phone holds it
        for phone in self.phones:
            forms, outbox = self.read_phone(phone)
            for form in forms:
                game = self.games.get(form["author"])
                if game and game.matches(form["augen"]):
                    held.setdefault(game.marker, []).append(f"{phone.name} form")
            copies = Counter()
            for entry in outbox:
                game = self.games.get(entry["author"])
                if game and game.matches(entry["augen"]):
                    held.setdefault(game.marker, []).append(f"{phone.name} {entry['status']}")
                    copies[game.marker] += 1
            twins = [marker for marker, count in copies.items() if count > 1]
            if twins:
                self.fail(f"phone {phone.name} keeps {twins} more than once: {outbox}")
        rows = self.stored()  # after the phones: a game leaves a phone only once stored
        times = Counter(author for author, *_ in rows)
        twice = {marker: count for marker, count in times.items() if count > 1}
        if twice:
            self.fail(f"stored more than once: {twice}; revisions {rows}")
        for author, number, _current, data in rows:
            game = self.games.get(author)
            if game is None:
                self.fail(f"stored a game nobody typed: {author} {data}")
            if game.state == "maybe":
                game.state = "saved"
            typed = (game.contract.lower(), DECLARERS.index(game.declarer), game.augen)
            got = (data.get("contract"), data.get("declarer"), data.get("augen"))
            if typed != got:
                self.fail(f"{author} stored as game {number} with {got}, typed {typed}")
        for marker, game in self.games.items():
            if marker in times or game.state == "discarded":
                continue
            if marker in held:
                if game.state == "maybe":
                    game.state = "saved"
                continue
            if game.state == "saved":
                self.fail(f"{marker} was saved and is gone: not stored, in no outbox, no form")
        if final:
            return times, held
        return None

    # --- the person's steps ------------------------------------------------------------------
    def new_game(self, phone: Phone) -> Game:
        phone.typed += 1
        contract = self.random.choice(["Wenz", "Solo"])
        game = Game(
            marker=f"{phone.name}{phone.typed:02d}",
            contract=contract,
            declarer=self.random.choice(DECLARERS),
            suit=self.random.choice(SUITS) if contract == "Solo" else "",
            # Any Augen but 1 and 119: no card counts 1 (the rules refuse them).
            augen=self.random.choice([n for n in range(121) if n not in (1, 119)]),
        )
        return game

    def save_game(self, phone: Phone, double: bool = False):
        page = phone.page
        state = self.state(phone)
        if state["busy"]:  # the answer to the last save is on its way: the person waits a bit
            with contextlib.suppress(PlaywrightError):
                page.wait_for_function(
                    "() => { const f = document.getElementById('entry');"
                    " return !f || f.dataset.sent !== '1'; }",
                    timeout=4000,
                )
            state = self.state(phone)
        ready = [text for text in state["buttons"] if READY.match(text)]
        if state["deciding"] or not ready:
            # No form to type the next game into (a form to decide on, an answer awaited, no
            # form ahead left while a conflict holds the queue): the person sees to that first.
            self.note(f"{phone.name}: no blank form to type into ({state})")
            if not self.decide(phone):
                self.send_now(phone)
            return
        game = self.new_game(phone)
        form = page.locator("#entry")
        try:
            token = form.locator("input[name=submission]").input_value(timeout=3000)
            form.get_by_label("Eingetragen von").fill(game.marker, timeout=5000)
            tap(page, "contract", game.contract)
            if game.suit:
                tap(page, "suit", game.suit)
            tap(page, "declarer", game.declarer)
            form.get_by_label(re.compile("oder ihre Augen")).fill(str(game.augen), timeout=5000)
            button = form.get_by_role("button", name=READY)
            label = button.inner_text(timeout=5000)
            swapped = form.locator("input[name=submission]").input_value(timeout=3000) != token
            if swapped and form.locator(".conflict-ways").count():
                # A form to decide took the blank one's place while the person typed.
                self.note(f"{phone.name}: typing {game.marker}: a form to decide came in between")
                return
        except PlaywrightError as error:
            self.note(f"{phone.name}: typing {game.marker} interrupted: {first_line(error)}")
            return
        self.games[game.marker] = game
        game.state = "maybe"
        what = f"{game.contract} {game.suit} {game.declarer} {game.augen}".replace("  ", " ")
        try:
            if double:
                button.dblclick(timeout=5000)
            else:
                button.click(timeout=5000)
            game.state = "saved"
            self.note(
                f"{phone.name}: {'double tap' if double else 'tap'} '{label}': {game.marker} {what}"
            )
        except PlaywrightError as error:
            self.note(f"{phone.name}: tap for {game.marker} failed: {first_line(error)}")

    def decide(self, phone: Phone, end: bool = False) -> bool:
        """A decision on what the phone shows to decide on; False when there is none."""
        page = phone.page
        state = self.state(phone)
        try:
            game = self.games.get(state["author"])
            if state["deciding"] and game and game.matches(state["augen"]):
                marker = game.marker
                form = page.locator("#entry")
                nexts = [b for b in state["buttons"] if SAVE_AS_NEXT.match(b)]
                replaces = [b for b in state["buttons"] if REPLACE.match(b)]
                plain = [b for b in state["buttons"] if READY.match(b)]
                roll = self.random.random()
                if not end and roll < 0.15:
                    self.discard_in_form(phone, marker)
                    return True
                if replaces and (not nexts or (not end and roll < 0.35)):
                    form.get_by_label("Grund der Korrektur").fill(f"Chaos {marker}")
                    form.get_by_role("button", name=REPLACE).click(timeout=5000)
                    self.note(f"{phone.name}: {marker}: '{replaces[0]}' with a reason")
                    return True
                if nexts:
                    form.get_by_role("button", name=SAVE_AS_NEXT).click(timeout=5000)
                    self.note(f"{phone.name}: {marker}: '{nexts[0]}'")
                    return True
                if plain:
                    form.get_by_role("button", name=READY).click(timeout=5000)
                    self.note(f"{phone.name}: {marker}: '{plain[0]}' again ({state})")
                    return True
                self.note(f"{phone.name}: {marker}: a form to decide without a way ({state})")
            item = page.locator("#outbox .outbox-item").filter(
                has=page.get_by_role("button", name="Im Formular öffnen")
            )
            if item.count():
                first = item.first
                what = first.locator(".outbox-title").inner_text(timeout=3000)
                if not end and self.random.random() < 0.1:
                    marker = what.rsplit("von ", 1)[-1].strip()
                    self.mark_discarded(marker)
                    first.get_by_role("button", name="Verwerfen").click(timeout=5000)
                    self.note(f"{phone.name}: 'Verwerfen' in the list: {what}")
                else:
                    first.get_by_role("button", name="Im Formular öffnen").click(timeout=5000)
                    self.note(f"{phone.name}: 'Im Formular öffnen': {what}")
                    # The person waits for the form (1–3 s away), rather than type the next
                    # game into the form it will replace.
                    with contextlib.suppress(PlaywrightError):
                        page.locator("#entry .conflict-ways, #entry .form-errors").first.wait_for(
                            timeout=5000
                        )
                return True
        except PlaywrightError as error:
            self.note(f"{phone.name}: decision interrupted: {first_line(error)}")
            return True
        return False

    def mark_discarded(self, marker: str):
        game = self.games.get(marker)
        if game:
            game.state = "discarded"

    def discard_in_form(self, phone: Phone, marker: str):
        self.mark_discarded(marker)
        phone.page.locator("#entry").get_by_role("link", name="Meine Eingabe verwerfen").click(
            timeout=5000
        )
        self.note(f"{phone.name}: {marker}: 'Meine Eingabe verwerfen'")

    def send_now(self, phone: Phone) -> bool:
        button = phone.page.get_by_role("button", name="Jetzt senden")
        try:
            if button.count() and button.first.is_visible():
                button.first.click(timeout=3000)
                self.note(f"{phone.name}: 'Jetzt senden'")
                return True
        except PlaywrightError as error:
            self.note(f"{phone.name}: 'Jetzt senden' interrupted: {first_line(error)}")
        return False

    def reload(self, phone: Phone):
        self.note(f"{phone.name}: reload")
        try:
            phone.page.reload(wait_until="domcontentloaded", timeout=15_000)
        except PlaywrightError as error:
            self.note(f"{phone.name}:   reload: {first_line(error)}")

    def reopen(self, phone: Phone):
        self.note(f"{phone.name}: tab closed and opened again")
        phone.page.close()
        self.new_page(phone)
        try:
            phone.page.goto(self.path, wait_until="domcontentloaded", timeout=15_000)
        except PlaywrightError as error:
            self.note(f"{phone.name}:   opening: {first_line(error)}")

    def toggle_offline(self, phone: Phone):
        phone.offline = not phone.offline
        phone.context.set_offline(phone.offline)
        self.note(f"{phone.name}: {'offline' if phone.offline else 'online again'}")

    def weather(self, phone: Phone):
        phone.proxy.bad = self.random.random() < 0.75
        self.note(f"{phone.name}: Wi-Fi {'bad' if phone.proxy.bad else 'good'}")

    # --- the run --------------------------------------------------------------------------
    def set_up(self):
        a = self.open_phone("A")
        start_table(a.page)
        self.table = table_of(a.page)
        self.path = "/" + a.page.url.split("/", 3)[3]
        b = self.open_phone("B")
        b.page.goto(self.path)
        expect(b.page.get_by_role("heading", name="Spiel 1")).to_be_visible()
        for phone in self.phones:
            ready_for_offline(phone.page)
            phone.proxy.bad = True
        self.note(f"table {self.path}; both phones ready, Wi-Fi bad")

    def step(self):
        phone = self.random.choice(self.phones)
        self.back_to_sheet(phone)
        typed = sum(p.typed for p in self.phones)
        steps = [
            ("save", 6 if typed < GAMES else 0),
            ("double", 1.5 if typed < GAMES else 0),
            ("decide", 3),
            ("offline", 0.8),
            ("weather", 0.6),
            ("reload", 1),
            ("reopen", 0.4),
            ("send", 0.8),
            ("wait", 1),
        ]
        kind = self.random.choices([k for k, _ in steps], [w for _, w in steps])[0]
        if kind in ("save", "double"):
            self.save_game(phone, double=kind == "double")
        elif kind == "decide":
            if not self.decide(phone):
                self.note(f"{phone.name}: nothing to decide")
        elif kind == "offline":
            self.toggle_offline(phone)
        elif kind == "weather":
            self.weather(phone)
        elif kind == "reload":
            self.reload(phone)
        elif kind == "reopen":
            self.reopen(phone)
        elif kind == "send" and not self.send_now(phone):
            self.note(f"{phone.name}: no 'Jetzt senden'")
        phone.page.wait_for_timeout(self.random.uniform(200, 2000))
        self.check()

    def settle(self):
        """Good Wi-Fi, both phones online; every decision made (a way on that keeps the
        game), until both outboxes are empty."""
        self.note("the end: Wi-Fi good, both phones online")
        for phone in self.phones:
            phone.proxy.bad = False
            if phone.offline:
                self.toggle_offline(phone)
        deadline = time.monotonic() + SETTLE_SECONDS
        while True:
            for phone in self.phones:
                self.back_to_sheet(phone)
                self.decide(phone, end=True) or self.send_now(phone)
            self.phones[0].page.wait_for_timeout(2000)
            self.check()
            waiting = {p.name: self.read_phone(p)[1] for p in self.phones}
            shown = {
                p.name: [f for f in self.read_phone(p)[0] if f["author"] in self.games]
                for p in self.phones
            }
            shown = {
                name: [f for f in forms if self.games[f["author"]].matches(f["augen"])]
                for name, forms in shown.items()
            }
            if not any(waiting.values()) and not any(shown.values()):
                return
            if time.monotonic() > deadline:
                self.fail(
                    f"still waiting after {SETTLE_SECONDS} s: {waiting}, forms {shown}; "
                    f"the phones show: {self.snapshot()}"
                )

    def finish(self):
        times, _held = self.check(final=True)
        for marker, game in self.games.items():
            if game.state == "saved" and times.get(marker) != 1:
                self.fail(f"{marker} stored {times.get(marker, 0)} times, not once")
        rounds = sorted({number for _a, number, current, _d in self.stored() if current})
        sheets = []
        for phone in self.phones:
            phone.page.goto(self.path)
            shown = phone.page.locator("table.sk-sheet tr[id^=round-]")
            expect(shown).to_have_count(
                Revision.objects.filter(round__table=self.table, is_current=True).count()
            )
            sheets.append(phone.page.locator("table.sk-sheet").inner_text())
        if sheets[0] != sheets[1]:
            self.fail(f"the phones show different sheets:\n{sheets[0]}\n---\n{sheets[1]}")
        lost_packets = {p.name: p.proxy.counts for p in self.phones}
        discarded = sorted(m for m, g in self.games.items() if g.state == "discarded")
        self.note(
            f"done: {len(self.games)} games typed, {len(discarded)} discarded {discarded}, "
            f"rounds with a marked game {len(rounds)}, requests {lost_packets}"
        )


def first_line(error) -> str:
    return str(error).strip().splitlines()[0][:160]


@pytest.mark.parametrize("seed", chaos_seeds())
def test_two_phones_in_a_pub_with_bad_wifi_lose_and_duplicate_nothing(seed, browser, production):
    chaos = Chaos(seed, browser, production)
    try:
        chaos.set_up()
        steps = 0
        while (sum(p.typed for p in chaos.phones) < GAMES or steps < GAMES * 2) and (
            steps < GAMES * 5
        ):
            steps += 1
            chaos.step()
        chaos.settle()
        chaos.finish()
        print(f"chaos seed {seed}:\n{chaos.story()}")
    except Failure:
        raise
    except Exception as error:
        chaos.fail(f"{type(error).__name__}: {error}")
    finally:
        chaos.close()
