"""Suite-wide fixtures and the report line that says which database a run used."""

import pytest
from django.conf import settings
from hypothesis import HealthCheck
from hypothesis import settings as hypothesis_settings

# The suite runs on 2 shared cores next to PostgreSQL: a property test's verdict must not
# depend on how busy the machine is, only on the examples.
hypothesis_settings.register_profile(
    "suite", deadline=None, suppress_health_check=[HealthCheck.too_slow]
)
hypothesis_settings.load_profile("suite")

# --doctest-modules imports every module under tests/: the load test's need its own extra
# (aiohttp, `make loadtest`) and hold no tests.
collect_ignore_glob = ["production/load/*.py"]


def pytest_report_header(config):
    db = settings.DATABASES["default"]
    return f"database: {db['ENGINE'].rsplit('.', 1)[-1]} {db.get('HOST') or ''} {db['NAME']}"


@pytest.fixture(autouse=True)
def fresh_rate_limits():
    """Every test starts with empty rate-limit counters (the test client always comes from
    127.0.0.1, so counts would carry over from test to test)."""
    from stichblock.ratelimit import reset_rate_limits

    reset_rate_limits()
