from django.contrib import admin
from django.urls import include, path

urlpatterns = [
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
