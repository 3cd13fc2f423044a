from django.urls import include, path

from . import events, views

urlpatterns = [
    path("", views.home, name="home"),
    path("new/<str:game>/", views.table_new, name="table_new"),
    path("t/<str:key>/", views.table_page, name="table"),
    path("t/<str:key>/live/", views.table_live, name="table_live"),
    path("t/<str:key>/ahead/", views.table_ahead, name="table_ahead"),
    path("t/<str:key>/events/", events.table_events, name="table_events"),
    path("t/<str:key>/share/", views.share, name="share"),
    path("t/<str:key>/audit/", views.audit, name="audit"),
    path("t/<str:key>/sheet.csv", views.sheet_csv, name="sheet_csv"),
    path("t/<str:key>/sheet.xlsx", views.sheet_xlsx, name="sheet_xlsx"),
    path("t/<str:key>/qr.svg", views.qr_code, name="qr_code"),
    path("t/<str:key>/rounds/<int:number>/", views.round_page, name="round"),
    path("t/<str:key>/rounds/<int:number>/save/", views.round_save, name="round_save"),
    path("t/<str:key>/rounds/<int:number>/void/", views.round_void, name="round_void"),
    path("t/<str:key>/p/<slug:page>/", views.pad_page, name="pad_page"),
    path("", include("scoring.disputes.urls")),
    path("", include("scoring.groups.urls")),
]
