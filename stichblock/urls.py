from django.contrib import admin
from django.urls import include, path

from . import pwa

urlpatterns = [
    # The service worker must live at the root for its scope to cover the whole site.
    path("sw.js", pwa.service_worker, name="service_worker"),
    path("manifest.webmanifest", pwa.manifest, name="manifest"),
    path("offline/", pwa.offline_page, name="offline_page"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("", include("scoring.urls")),
    path("", include("tournaments.urls")),
]

# While the database is away this answers 503 ("try again in a moment"), else a friendly 500.
handler500 = "stichblock.errors.server_error"
# German-first pages in the style of the others; the 403 page shows the view's reason.
handler400 = "stichblock.errors.bad_request"
handler403 = "stichblock.errors.permission_denied"
handler404 = "stichblock.errors.page_not_found"
