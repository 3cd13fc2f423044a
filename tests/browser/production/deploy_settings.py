"""Production settings with the static files' sources in a copy (STICHBLOCK_STATIC_SOURCE), so
that a test can change one and deploy a new version (test_production_deploy.py) without
touching static/."""

import os
from pathlib import Path

from stichblock.settings import *  # noqa: F403
from stichblock.settings import BASE_DIR

STATICFILES_DIRS = [Path(os.environ.get("STICHBLOCK_STATIC_SOURCE", BASE_DIR / "static"))]
