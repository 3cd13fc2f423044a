from django.apps import AppConfig
from django.core import checks


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
        user_login_failed.connect(count_failed_login, dispatch_uid="stichblock-login-failed")
        user_logged_in.connect(note_login, dispatch_uid="stichblock-logged-in")
