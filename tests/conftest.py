"""Suite-wide fixtures and the report line that says which database a run used."""

import pytest
from django.conf import settings


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or ''} {db['NAME']}"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Every test starts with empty rate-limit counters (the test client always comes from
    127.0.0.1, so counts would carry over from test to test)."""
    from stichblock.middleware import reset_rate_limits

    reset_rate_limits()
