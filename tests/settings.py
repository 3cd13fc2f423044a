"""The project's settings for the test suite, with a signing key of its own: tests run with
DEBUG off, and the settings refuse the published development key then."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-key-never-used-outside-the-test-suite")

from stichblock.settings import *  # noqa: F403

# The browser tests' live server shares one in-memory SQLite connection between its request
# threads (Django does that for in-memory databases). Two threads running the same query at
# once (a phone's fragment fetch right after another phone's save, both checking their link)
# then meet in sqlite3's per-connection statement cache and one of them fails with "bad
# parameter or other API misuse". Without the cache each query prepares its own statement.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":  # noqa: F405
    DATABASES["default"]["OPTIONS"] = {  # noqa: F405
        **DATABASES["default"].get("OPTIONS", {}),  # noqa: F405
        "cached_statements": 0,
    }
