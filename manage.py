#!/usr/bin/env python
import os
import sys

if __name__ == "__main__":
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stichblock.settings")
    # manage.py is the developer's tool (production serves through wsgi/asgi with its own
    # environment, deploy/): with nothing configured it runs in development mode, as
    # `make run` does, so `manage.py verify record.json` works on a fresh checkout.
    configured = ("DJANGO_DEBUG", "DJANGO_PRODUCTION", "DJANGO_SECRET_KEY", "DATABASE_URL")
    if not any(os.environ.get(name) for name in configured):
        os.environ["DJANGO_DEBUG"] = "1"
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)
