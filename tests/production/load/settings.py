"""Production settings plus one bare view (the floor the load test compares against)."""

import os

from stichblock.settings import *  # noqa: F403

ROOT_URLCONF = "tests.production.load.urls"

# Experiments (docs/production.md): LOAD_DB_HEALTH_CHECKS=0 skips Django's per-request check.
if os.environ.get("LOAD_DB_HEALTH_CHECKS") == "0":
    DATABASES["default"]["CONN_HEALTH_CHECKS"] = False  # noqa: F405

# --meter (tests/production/load/meter.py): the CPU of each kind of request.
if os.environ.get("LOAD_CPU_METER"):
    MIDDLEWARE = ["tests.production.load.meter.CpuMeterMiddleware", *MIDDLEWARE]  # noqa: F405
