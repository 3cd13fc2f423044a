"""Production settings plus one bare view (the floor the load test compares against)."""

from stichblock.settings import *  # noqa: F403

ROOT_URLCONF = "tests.production.load.urls"
