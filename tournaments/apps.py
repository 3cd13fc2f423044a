from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from scoring.disputes.panels import game_link
        from scoring.hooks import register_table_authority, register_table_panel
        from scoring.keys import register_link_key

        from .access import organizes
        from .hooks import register_game_link
        from .models import Series, Tournament
        from .panels import confirmation_panel

        register_table_panel(confirmation_panel)
        # Organizers decide disputes on their tournament's tables (issue: disputes).
        register_table_authority(organizes)
        register_game_link(game_link)
        register_link_key(Tournament, "public_key")
        register_link_key(Series, "public_key")
