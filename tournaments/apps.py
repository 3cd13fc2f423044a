from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentsConfig(AppConfig):
    name = "tournaments"
    verbose_name = _("Tournaments")

    def ready(self):
        from scoring.disputes.panels import game_link
        from scoring.hooks import (
            register_roster_hook,
            register_table_authority,
            register_table_panel,
        )
        from scoring.keys import register_link_key

        from .access import organizes
        from .hooks import register_game_link
        from .models import Series, Tournament
        from .panels import confirmation_panel
        from .stammtisch import roster_changed

        register_table_panel(confirmation_panel)
        # Organizers decide disputes on their tournament's tables (issue: disputes).
        register_table_authority(organizes)
        register_game_link(game_link)
        register_link_key(Tournament, "public_key")
        register_link_key(Series, "public_key")
        # A club's Stammtisch keeps its roster and the club's members one (issue 29).
        register_roster_hook(roster_changed)
