from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from scoring.hooks import register_table_panel

        from .views.confirmation import confirmation_panel

        register_table_panel(confirmation_panel)
