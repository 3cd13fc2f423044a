from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    name = "scoring"
    verbose_name = _("Scorepad")

    def ready(self):
        from .access import register_link_key
        from .disputes.panels import register_panels
        from .models import Access, Dispute

        register_panels()
        register_link_key(Access, "key")
        register_link_key(Dispute, "share_key")
