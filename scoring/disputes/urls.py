"""Dispute URLs: each page under a table link (``t/<key>/``) and, for a table authority such
as a tournament's organizer, under ``organizer/tables/<id>/`` (names with ``_org``); the
read-only link of one dispute is ``d/<key>/``."""

from django.urls import path

from ..access import ORGANIZER_SUFFIX
from . import analysis_views, views

PAGES = [
    ("rounds/<int:number>/disputes/", views.round_disputes, "dispute_round"),
    ("disputes/<int:dispute_id>/", views.dispute_page, "dispute"),
    ("disputes/<int:dispute_id>/setup/", views.setup, "dispute_setup"),
    ("disputes/<int:dispute_id>/hands/", views.hands, "dispute_hands"),
    ("disputes/<int:dispute_id>/act/", views.act, "dispute_act"),
    ("disputes/<int:dispute_id>/paste/", views.paste, "dispute_paste"),
    ("disputes/<int:dispute_id>/replay/", views.replay, "dispute_replay"),
    ("disputes/<int:dispute_id>/apply/", views.apply, "dispute_apply"),
    ("disputes/<int:dispute_id>/keep/", views.keep, "dispute_keep"),
    ("disputes/<int:dispute_id>/record.json", views.record_json, "dispute_record"),
    ("disputes/<int:dispute_id>/verdict.json", views.verdict_json, "dispute_verdict"),
    ("disputes/<int:dispute_id>/analysis/", analysis_views.analysis_start, "dispute_analysis"),
    (
        "disputes/<int:dispute_id>/analysis/box/",
        analysis_views.analysis_box,
        "dispute_analysis_box",
    ),
]

urlpatterns = [
    *(path(f"t/<str:key>/{route}", view, name=name) for route, view, name in PAGES),
    *(
        path(f"organizer/tables/<int:table_id>/{route}", view, name=name + ORGANIZER_SUFFIX)
        for route, view, name in PAGES
    ),
    path("d/<str:key>/", views.shared, name="dispute_shared"),
    path("d/<str:key>/record.json", views.shared_record, name="dispute_shared_record"),
    path("d/<str:key>/verdict.json", views.shared_verdict, name="dispute_shared_verdict"),
]
