"""Suite-wide fixtures and the report line that says which database a run used."""

import pytest
from django.conf import settings


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or ''} {db['NAME']}"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Every test starts with empty rate-limit counters (they live in the shared cache; the
    test client always comes from 127.0.0.1)."""
    from django.core.cache import cache

    cache.clear()
