from django.apps import AppConfig
from django.core import checks


class StichblockConfig(AppConfig):
    """The project package as an app, so that its deployment checks are registered."""

    name = "stichblock"
    verbose_name = "Stichblock"

    def ready(self):
        from .middleware import check_shared_cache

        checks.register(check_shared_cache, checks.Tags.caches, deploy=True)
