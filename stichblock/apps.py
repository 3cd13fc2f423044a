from django.apps import AppConfig
from django.core import checks
from django.core.cache import caches
from django.core.signals import setting_changed


class StichblockConfig(AppConfig):
    """The project package as an app: its deployment checks, and the login signals the rate
    limits need (failed logins count and lock out, successful ones mark the browser as trusted
    and forget its failures)."""

    name = "stichblock"
    verbose_name = "Stichblock"

    def ready(self):
        from django.contrib.auth.signals import user_logged_in, user_login_failed

        from .ratelimit import check_shared_cache, count_failed_login, note_login

        checks.register(check_shared_cache, checks.Tags.caches, deploy=True)
        setting_changed.connect(forget_local_renderings, dispatch_uid="stichblock-local-cache")
        user_login_failed.connect(count_failed_login, dispatch_uid="stichblock-login-failed")
        user_logged_in.connect(note_login, dispatch_uid="stichblock-logged-in")


# Settings the renderings kept per process (CACHES["local"], templates/base.html) depend on.
LOCAL_RENDERING_SETTINGS = {"STORAGES", "STATIC_URL", "STATIC_ROOT", "LANGUAGES", "LOCALE_PATHS"}


def forget_local_renderings(setting, **kwargs):
    """Tests change settings a running server never changes (its static files' storage)."""
    if setting in LOCAL_RENDERING_SETTINGS:
        caches["local"].clear()
