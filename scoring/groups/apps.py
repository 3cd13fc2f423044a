from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GroupsConfig(AppConfig):
    name = "scoring.groups"
    label = "groups"
    verbose_name = _("Stammtisch groups")

    def ready(self):
        from scoring.keys import register_link_key

        from .models import Group

        register_link_key(Group, "scorer_key")
        register_link_key(Group, "viewer_key")
