import os

from django.core.wsgi import get_wsgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "stichblock.settings")
application = get_wsgi_application()

from stichblock.warm import load_templates, load_urls  # noqa: E402

load_urls()
load_templates()
