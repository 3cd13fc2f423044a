from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scorepad")

    def ready(self):
        from .disputes.panels import register_panels
        from .hooks import register_round_panel, register_save_hook
        from .keys import register_link_key
        from .models import Access, Dispute
        from .pads.schafkopf.repriced import round_panel
        from .pads.skat.bock import reprice_bock_games

        register_panels()
        register_round_panel(round_panel)
        register_save_hook(reprice_bock_games)
        register_link_key(Access, "key")
        register_link_key(Dispute, "share_key")
