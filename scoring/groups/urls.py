from django.urls import path

from . import views

urlpatterns = [
    path("g/new/", views.group_games, name="group_games"),
    path("g/new/<str:game>/", views.group_new, name="group_new"),
    path("g/<str:key>/", views.group_page, name="group"),
    path("g/<str:key>/share/", views.group_share, name="group_share"),
    path("g/<str:key>/qr.svg", views.group_qr, name="group_qr"),
    path("g/<str:key>/roster/", views.roster, name="group_roster"),
    path("g/<str:key>/roster/<int:player_id>/name/", views.player_rename, name="player_rename"),
    path("g/<str:key>/roster/<int:player_id>/on/", views.player_roster, name="player_roster"),
    path("g/<str:key>/season-start/", views.season_start, name="season_start"),
    path("g/<str:key>/money/", views.skat_money, name="skat_money"),
    path("g/<str:key>/evening/", views.evening_new, name="evening_new"),
    path(
        "g/<str:key>/evening/offline/<int:players>/",
        views.evening_offline,
        name="evening_offline",
    ),
    path("g/<str:key>/e/<int:evening_id>/", views.evening_settle, name="evening_settle"),
    path(
        "g/<str:key>/e/<int:evening_id>/abrechnung.xlsx",
        views.evening_settle_xlsx,
        name="evening_settle_xlsx",
    ),
    path("g/<str:key>/e/<int:evening_id>/twin/", views.evening_twin, name="evening_twin"),
    path("g/<str:key>/paid/", views.payment, name="group_payment"),
    path("g/<str:key>/season/", views.season_page, name="season_all"),
    path("g/<str:key>/season/<int:year>/", views.season_page, name="season"),
    path("g/<str:key>/season/p/<int:player_id>/", views.season_player, name="season_player_all"),
    path(
        "g/<str:key>/season/<int:year>/p/<int:player_id>/",
        views.season_player,
        name="season_player",
    ),
    path("g/<str:key>/season/<int:year>/abrechnung/", views.season_settle, name="season_settle"),
    path("g/<str:key>/season/<int:year>.xlsx", views.season_xlsx, name="season_xlsx"),
]
