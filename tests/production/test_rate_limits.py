"""Rate limits on table links (key guessing, floods on one link) and on login, with 429 pages
in the user's language. Counters live in Redis in production (memory in tests); see
stichblock/ratelimit.py."""

import time
import uuid

import pytest
from django.contrib.auth.models import User
from django.test import Client, override_settings
from django.urls import reverse

from tests.scoring.helpers import (
    create_schatzsuche,
    post_round,
    round_fields,
    text,
    viewer_key,
)

pytestmark = pytest.mark.django_db


def guess(client, n):
    return [client.get(reverse("table", args=[f"guess-{i}"])).status_code for i in range(n)]


@override_settings(RATELIMIT_UNKNOWN_KEY="5/10 minutes")
def test_guessing_table_links_gets_a_client_refused_on_keys_that_do_not_exist(client):
    table, key = create_schatzsuche(client)
    assert guess(client, 5) == [404] * 5
    refused = client.get(reverse("table", args=["guess-7"]))
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Zu viele Anfragen" in text(refused)
    # A real link still opens (issue 29 §4.10): with 144 random bits it is never guessed.
    assert client.get(reverse("table", args=[key])).status_code == 200
    assert client.get(reverse("table_live", args=[viewer_key(table)])).status_code == 200
    assert client.get(reverse("table", args=["guess-8"])).status_code == 429
    # Other clients (other addresses) are not affected; pages without a key neither.
    assert Client(REMOTE_ADDR="198.51.100.7").get(reverse("table", args=["x"])).status_code == 404
    assert client.get(reverse("home")).status_code == 200


@override_settings(RATELIMIT_UNKNOWN_KEY="5/10 minutes")
def test_a_few_mistyped_links_are_fine(client):
    _table, key = create_schatzsuche(client)
    assert guess(client, 3) == [404] * 3
    assert client.get(reverse("table", args=[key])).status_code == 200


@override_settings(RATELIMIT_UNKNOWN_KEY="5/10 minutes")
def test_missing_pages_under_a_real_link_are_not_guessing(client):
    """A club hall shares one address: ordinary 404s under valid links (a round not entered
    yet, a dispute page of an empty round) must not lock the hall out of its scorepads."""
    _table, key = create_schatzsuche(client)
    misses = [client.get(reverse("round", args=[key, 50 + i])).status_code for i in range(12)]
    assert misses == [404] * 12
    assert client.get(reverse("dispute_round", args=[key, 7])).status_code == 404
    neighbour = Client()  # another phone at the same address, on its own table
    _other, other_key = create_schatzsuche(neighbour)
    assert neighbour.get(reverse("table", args=[other_key])).status_code == 200
    # Keys that exist nowhere still count.
    assert guess(neighbour, 5) == [404] * 5
    assert neighbour.get(reverse("table", args=["guess-9"])).status_code == 429


@override_settings(RATELIMIT_UNKNOWN_KEY="5/10 minutes")
def test_a_guesser_at_the_pub_does_not_stop_its_phones_old_or_new(client):
    """The phones share the guesser's address (a pub behind one address): those that opened
    their table before keep entering and polling, and a phone opening a real link for the
    first time gets in too (issue 29 §4.10). Only misses count, and only misses wait."""
    table, key = create_schatzsuche(client)
    assert client.get(reverse("table", args=[key])).status_code == 200
    guesser = Client()
    assert guess(guesser, 5) == [404] * 5
    assert guesser.get(reverse("table", args=["guess-8"])).status_code == 429

    assert client.get(reverse("table", args=[key])).status_code == 200
    assert client.get(reverse("table_live", args=[key])).status_code == 200
    saved = post_round(client, key, 1, round_fields([0, 1, 0], [0, 1, 0]))
    assert saved.status_code == 302
    assert "Anna" in text(client.get(reverse("round", args=[key, 1])))
    # The same phone's guesses are still refused.
    assert client.get(reverse("table", args=["guess-9"])).status_code == 429
    # A phone that never opened this table (a new viewer at the pub) gets in.
    newcomer = Client()
    assert newcomer.get(reverse("table", args=[viewer_key(table)])).status_code == 200
    # A group's link and a tournament's public standings are links too.
    from tests.groups.helpers import start_group

    group = start_group(client)
    assert Client().get(reverse("group", args=[group.viewer_key])).status_code == 200
    # A miss from the newcomer waits: the address is over the limit.
    assert newcomer.get(reverse("table", args=["guess-10"])).status_code == 429


@override_settings(RATELIMIT_UNKNOWN_KEY="20/10 minutes")
def test_only_misses_count_towards_the_guessing_limit(client):
    """A pub of phones opening many real links from one address is never blocked."""
    tables = [create_schatzsuche(Client())[1] for _ in range(8)]
    for _round in range(4):  # 32 openings of real links from one address by new browsers
        for key in tables:
            assert Client().get(reverse("table", args=[key])).status_code == 200
    assert guess(client, 19) == [404] * 19
    assert client.get(reverse("table", args=["guess-x"])).status_code == 404  # the 20th miss
    assert client.get(reverse("table", args=["guess-y"])).status_code == 429


@override_settings(RATELIMIT_TABLE_LINK="8/minute")
def test_a_flood_on_one_table_link_is_refused_in_english(client):
    table, key = create_schatzsuche(client)
    client.cookies["django_language"] = "en"
    url = reverse("table_live", args=[key])
    statuses = [client.get(url).status_code for _ in range(10)]
    assert statuses[:8] == [200] * 8
    assert statuses[8:] == [429, 429]
    refused = client.get(url)
    assert "Too many requests" in text(refused)
    # The other link of the table, and the same link from another client, still work.
    assert client.get(reverse("table_live", args=[viewer_key(table)])).status_code == 200
    assert Client(REMOTE_ADDR="198.51.100.8").get(url).status_code == 200


def test_a_table_of_phones_polling_for_an_evening_stays_far_below_the_limit(client, settings):
    """Four phones poll every 3 s: 80 requests a minute on the link, the limit is higher."""
    count = settings.RATELIMIT_TABLE_LINK.split("/")[0]
    assert int(count) >= 80 * 3


@override_settings(RATELIMIT_LOGIN_USERNAME="3/10 minutes", RATELIMIT_LOGIN_IP="100/10 minutes")
def test_login_attempts_are_limited_per_username(client):
    User.objects.create_user("orga", password="richtig-geheim-123", is_staff=True)
    url = reverse("admin:login")
    for _ in range(3):
        wrong = client.post(url, {"username": "orga", "password": "falsch"})
        assert wrong.status_code == 200
    refused = client.post(url, {"username": "ORGA", "password": "richtig-geheim-123"})
    assert refused.status_code == 429
    assert "Zu viele Anfragen" in text(refused)
    # Another username from the same client may still log in.
    User.objects.create_user("kasse", password="auch-geheim-456", is_staff=True)
    ok = client.post(url, {"username": "kasse", "password": "auch-geheim-456"})
    assert ok.status_code == 302


@override_settings(RATELIMIT_LOGIN_USERNAME="3/10 minutes", RATELIMIT_LOGIN_IP="100/10 minutes")
def test_logging_in_successfully_does_not_count_against_the_username(client):
    User.objects.create_user("alice", password="richtig-geheim-123")
    for _ in range(6):
        ok = client.post(reverse("login"), {"username": "alice", "password": "richtig-geheim-123"})
        assert ok.status_code == 302
        client.post(reverse("logout"))


@override_settings(
    RATELIMIT_LOGIN_USERNAME="3/10 minutes",
    RATELIMIT_LOGIN_USERNAME_ALL="5/10 minutes",
    RATELIMIT_LOGIN_IP="100/10 minutes",
)
def test_wrong_passwords_lock_a_username_per_address_and_many_addresses_only_slow_it(clock):
    User.objects.create_user("alice", password="richtig-geheim-123")
    url = reverse("login")
    right = {"username": "alice", "password": "richtig-geheim-123"}
    wrong = {"username": "alice", "password": "falsch"}
    player = Client(REMOTE_ADDR="198.51.100.20")
    assert [player.post(url, wrong).status_code for _ in range(4)] == [200, 200, 200, 429]
    # The organizer at another address is not affected.
    assert Client(REMOTE_ADDR="198.51.100.21").post(url, right).status_code == 302
    # Wrong passwords from several addresses reach the ceiling for everybody new: a pause.
    assert Client(REMOTE_ADDR="198.51.100.22").post(url, wrong).status_code == 200
    assert Client(REMOTE_ADDR="198.51.100.23").post(url, wrong).status_code == 200
    assert int(Client(REMOTE_ADDR="198.51.100.24").post(url, right)["Retry-After"]) <= 2
    # The address the organizer signed in from before skips it.
    assert Client(REMOTE_ADDR="198.51.100.21").post(url, right).status_code == 302


@override_settings(
    RATELIMIT_LOGIN_IP="100/10 minutes",
    RATELIMIT_LOGIN_SLOWEST=60,
    # 80 logins: a fast hasher, the limits are what is tested.
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
)
def test_one_wrong_password_from_each_of_many_addresses_never_locks_the_organizer_out(clock):
    """The reported attack: 60 addresses with one failed login each (beyond the default
    RATELIMIT_LOGIN_USERNAME_ALL of 50) kept the organizer out for 10 minutes from any new
    address. Now a new address pauses a minute at most, and guessing from many addresses
    gets no faster than a password a minute."""
    User.objects.create_user("orga", password="richtig-geheim-123")
    url = reverse("login")
    right = {"username": "orga", "password": "richtig-geheim-123"}
    wrong = {"username": "orga", "password": "falsch"}
    checked = 0
    for address in range(60):
        answer = Client(REMOTE_ADDR=f"203.0.113.{address}").post(url, wrong)
        checked += answer.status_code == 200
    assert 50 <= checked < 60, "beyond the ceiling the addresses wait, their passwords unchecked"
    organizer = Client(REMOTE_ADDR="198.51.100.77")  # a new phone in a new place
    first = organizer.post(url, right)
    if first.status_code == 429:
        wait = int(first["Retry-After"])
        assert wait <= 60
        clock(wait + 1)
        first = organizer.post(url, right)
    assert first.status_code == 302
    # The attack goes on: guesses from new addresses pass one per growing pause, at most 60 s.
    pauses = []
    for address in range(60, 75):
        guesser = Client(REMOTE_ADDR=f"203.0.113.{address}")
        answer = guesser.post(url, wrong)
        if answer.status_code == 429:
            pauses.append(int(answer["Retry-After"]))
            clock(pauses[-1] + 1)
            answer = guesser.post(url, wrong)
        assert answer.status_code == 200
    assert pauses and max(pauses) <= 60 and pauses[-1] > 30
    # The organizer's own phone (signed in before) and address never wait.
    assert organizer.post(reverse("logout")).status_code == 302
    assert organizer.post(url, right).status_code == 302
    assert Client(REMOTE_ADDR="198.51.100.77").post(url, right).status_code == 302


@override_settings(
    RATELIMIT_LOGIN_USERNAME="3/10 minutes",
    RATELIMIT_LOGIN_USERNAME_ALL="5/10 minutes",
    RATELIMIT_LOGIN_IP="100/10 minutes",
)
def test_a_browser_that_logged_in_before_cannot_be_locked_out_by_others(client):
    """Organizer names show in the audit trail; a player at the same hall (same address)
    typing wrong passwords for them must not keep the organizer's own phone out."""
    User.objects.create_user("alice", password="richtig-geheim-123")
    url = reverse("login")
    right = {"username": "alice", "password": "richtig-geheim-123"}
    wrong = {"username": "alice", "password": "falsch"}
    assert client.post(url, right).status_code == 302
    client.post(reverse("logout"))
    player = Client()  # the same address as the organizer's phone
    assert [player.post(url, wrong).status_code for _ in range(4)] == [200, 200, 200, 429]
    assert Client(REMOTE_ADDR="198.51.100.30").post(url, wrong).status_code == 200
    assert Client(REMOTE_ADDR="198.51.100.31").post(url, wrong).status_code == 200
    assert Client(REMOTE_ADDR="198.51.100.32").post(url, right).status_code == 429
    assert client.post(url, right).status_code == 302
    client.post(reverse("logout"))
    # Its own wrong passwords are still limited, on a counter of its own.
    assert [client.post(url, wrong).status_code for _ in range(4)] == [200, 200, 200, 429]
    # A forged or foreign trust cookie is ignored.
    player.cookies["stichblock_login"] = client.cookies["stichblock_login"].value + "x"
    assert player.post(url, right).status_code == 429


@pytest.fixture
def clock(monkeypatch):
    """Moves the clock of the counter store (and of the 429 page's Retry-After) forward."""
    real = time.time
    offset = [0.0]
    monkeypatch.setattr(time, "time", lambda: real() + offset[0])

    def advance(seconds):
        offset[0] += seconds

    return advance


def refused_for(response) -> int:
    """The wait a refused client is told: Retry-After, and the same in the page's words."""
    assert response.status_code == 429
    wait = int(response["Retry-After"])
    assert f"Bitte versuch es in {(wait + 59) // 60} Minuten noch einmal." in text(response)
    return wait


@override_settings(
    RATELIMIT_LOGIN_USERNAME="3/10 minutes",
    RATELIMIT_LOGIN_IP="100/10 minutes",
    # The test moves the clock to 5 s before the end of a wait: a slow password hash on a busy
    # machine must not use up those 5 s (Retry-After is rounded up, so a second less).
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
)
def test_a_guesser_waits_longer_after_every_lockout_while_the_organizer_logs_in(clock):
    """Wrong passwords lock the username for the guesser's address only: 10 minutes after 3,
    then twice as long after every further one. The organizer elsewhere is never locked."""
    User.objects.create_user("orga", password="richtig-geheim-123")
    url = reverse("login")
    right = {"username": "orga", "password": "richtig-geheim-123"}
    wrong = {"username": "orga", "password": "falsch"}
    guesser = Client(REMOTE_ADDR="203.0.113.66")
    assert [guesser.post(url, wrong).status_code for _ in range(3)] == [200, 200, 200]
    waits = []
    for _lockout in range(3):
        wait = refused_for(guesser.post(url, right))  # even the right password waits
        waits.append(wait)
        organizer = Client(REMOTE_ADDR="198.51.100.40")
        assert organizer.post(url, right).status_code == 302
        clock(wait - 5)
        assert guesser.post(url, wrong).status_code == 429
        clock(6)
        assert guesser.post(url, wrong).status_code == 200  # checked again, wrong again
    assert [round(wait / 60) for wait in waits] == [10, 20, 40]
    assert round(refused_for(guesser.post(url, wrong)) / 60) == 80
    assert Client(REMOTE_ADDR="198.51.100.41").post(url, right).status_code == 302


@override_settings(RATELIMIT_LOGIN_USERNAME="100/10 minutes", RATELIMIT_LOGIN_IP="4/10 minutes")
def test_login_attempts_are_limited_per_client_address(client):
    url = reverse("admin:login")
    statuses = [
        client.post(url, {"username": f"user{i}", "password": "x"}).status_code for i in range(5)
    ]
    assert statuses == [200, 200, 200, 200, 429]
    assert (
        Client(REMOTE_ADDR="198.51.100.9")
        .post(url, {"username": "user9", "password": "x"})
        .status_code
        == 200
    )


@override_settings(CLIENT_IP_HEADER="HTTP_X_REAL_IP", RATELIMIT_UNKNOWN_KEY="2/10 minutes")
def test_behind_the_proxy_clients_are_told_apart_by_the_proxy_header():
    pub = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_REAL_IP="203.0.113.5")
    neighbour = Client(REMOTE_ADDR="10.0.0.2", HTTP_X_REAL_IP="203.0.113.6")
    assert guess(pub, 2) == [404] * 2
    assert pub.get(reverse("table", args=["x"])).status_code == 429
    assert neighbour.get(reverse("table", args=["x"])).status_code == 404
    # A garbled header falls back to the peer's address instead of failing.
    garbled = Client(REMOTE_ADDR="10.0.0.3", HTTP_X_REAL_IP="not-an-address")
    assert garbled.get(reverse("table", args=["x"])).status_code == 404


def redis_is_up() -> bool:
    import redis

    try:
        return redis.Redis.from_url("redis://127.0.0.1:6379/0", socket_timeout=0.5).ping()
    except redis.RedisError:
        return False


@pytest.mark.skipif(not redis_is_up(), reason="no Redis on 127.0.0.1:6379")
@override_settings(
    RATELIMIT_LOGIN_IP="100/10 minutes",
    RATELIMIT_LOGIN_SLOWEST=2,
    PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"],
    RATELIMIT_STORAGE_URI="redis://127.0.0.1:6379/0",
    RATELIMIT_KEY_PREFIX=f"test-{uuid.uuid4().hex}",
)
def test_in_redis_many_addresses_only_slow_the_organizer_down():
    """As production keeps the counters (Redis expires the pause by its own clock)."""
    from stichblock.ratelimit import _limiter

    _limiter.cache_clear()
    User.objects.create_user("orga", password="richtig-geheim-123")
    url = reverse("login")
    for address in range(60):
        Client(REMOTE_ADDR=f"203.0.113.{address}").post(url, {"username": "orga", "password": "x"})
    organizer = Client(REMOTE_ADDR="198.51.100.77")
    answer = organizer.post(url, {"username": "orga", "password": "richtig-geheim-123"})
    if answer.status_code == 429:
        assert int(answer["Retry-After"]) <= 2
        time.sleep(int(answer["Retry-After"]) + 0.5)
        answer = organizer.post(url, {"username": "orga", "password": "richtig-geheim-123"})
    assert answer.status_code == 302
    _limiter.cache_clear()


def test_counters_are_shared_through_redis(client):
    """Two app servers share one Redis: the count goes on where the other left off."""
    from stichblock.ratelimit import _limiter

    shared = {
        "RATELIMIT_STORAGE_URI": "redis://127.0.0.1:6379/0",
        "RATELIMIT_KEY_PREFIX": f"test-{uuid.uuid4().hex}",
        "RATELIMIT_UNKNOWN_KEY": "4/10 minutes",
    }
    with override_settings(**shared):
        assert guess(client, 3) == [404] * 3
        _limiter.cache_clear()  # a fresh client and connection, as another server would have
        assert guess(client, 1) == [404]
        assert client.get(reverse("table", args=["x"])).status_code == 429
        _limiter.cache_clear()


def test_a_counter_store_outage_skips_the_limits_instead_of_refusing_everybody(client):
    _table, key = create_schatzsuche(client)
    with override_settings(RATELIMIT_STORAGE_URI="redis://127.0.0.1:1/0"):
        assert client.get(reverse("table", args=[key])).status_code == 200
        assert client.get(reverse("table", args=["nope"])).status_code == 404


@override_settings(RATELIMIT_SIGNUP_IP="2/hour")
def test_organizer_sign_ups_are_limited_per_client_address(client):
    from django.urls import NoReverseMatch

    try:
        url = reverse("signup")
    except NoReverseMatch:
        pytest.skip("no sign-up page")
    statuses = [
        client.post(url, {"username": f"new{i}", "password1": "x", "password2": "y"}).status_code
        for i in range(3)
    ]
    assert statuses[2] == 429 and 429 not in statuses[:2]
