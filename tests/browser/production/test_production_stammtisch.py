"""A Stammtisch's evening started while the phone is offline, in production (gunicorn,
collected static files, PostgreSQL, Caddy): the table's page made on the phone from the
prototype the server rendered and rolled back, its games kept, then the start and the games
sent in order: the same steps as tests/browser/test_stammtisch.py. And one evening started
on two phones, the offline one arriving second (tests/browser/test_stammtisch_twins.py)."""

import pytest

from ..test_stammtisch import test_an_evening_started_offline_becomes_a_table_with_its_links
from ..test_stammtisch_twins import test_an_evening_started_on_two_phones_one_offline

pytestmark = [
    pytest.mark.browser,
    pytest.mark.production_browser,
    pytest.mark.django_db(transaction=True),
    pytest.mark.usefixtures("production"),
]

__all__ = [
    "test_an_evening_started_offline_becomes_a_table_with_its_links",
    "test_an_evening_started_on_two_phones_one_offline",
]
