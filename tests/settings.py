"""The project's settings for the test suite, with a signing key of its own: tests run with
DEBUG off, and the settings refuse the published development key then."""

import os

os.environ.setdefault("DJANGO_SECRET_KEY", "tests-only-key-never-used-outside-the-test-suite")

from stichblock.settings import *  # noqa: F403
