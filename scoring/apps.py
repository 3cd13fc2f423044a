from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scorepad")

    def ready(self):
        from .disputes.panels import register_panels

        register_panels()
