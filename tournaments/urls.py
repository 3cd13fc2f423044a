from django.contrib.auth import views as auth_views
from django.urls import path

from .views import (
    accounts,
    audit,
    clubs,
    confirmation,
    entries,
    events,
    paper,
    prizes,
    rounds,
    seating,
    series,
    setup,
    stammtisch,
    standings,
)

ROUND = "tournaments/<int:pk>/rounds/<int:number>/"
TABLE = ROUND + "tables/<int:table_number>/"

urlpatterns = [
    path(
        "accounts/login/",
        auth_views.LoginView.as_view(
            template_name="tournaments/login.html",
            redirect_authenticated_user=True,
            next_page="tournament_list",
            # A callable: the template asks at each request (tests change the setting).
            extra_context={"signup_open": accounts.signup_open},
        ),
        name="login",
    ),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/signup/", accounts.signup, name="signup"),
    path("tournaments/", setup.tournament_list, name="tournament_list"),
    path("clubs/new/", clubs.club_new, name="club_new"),
    path("clubs/<int:pk>/", clubs.club_detail, name="club"),
    path(
        "clubs/<int:pk>/members/<int:member_id>/remove/", clubs.member_remove, name="member_remove"
    ),
    path("clubs/<int:pk>/members/<int:member_id>/", clubs.member_detail, name="member"),
    path("clubs/<int:pk>/changes/<int:change_id>/undo/", clubs.change_undo, name="change_undo"),
    path("clubs/<int:pk>/stammtisch/", stammtisch.group_link, name="club_group_link"),
    path("clubs/<int:pk>/organizers/", clubs.club_organizer_add, name="club_organizer_add"),
    path("tournaments/new/<str:game>/", setup.tournament_new, name="tournament_new"),
    path("tournaments/<int:pk>/", setup.tournament_detail, name="tournament"),
    path("tournaments/<int:pk>/settings/", setup.tournament_settings, name="tournament_settings"),
    path("tournaments/<int:pk>/players/", setup.tournament_players, name="tournament_players"),
    path(
        "tournaments/<int:pk>/players/<int:player_id>/withdraw/",
        setup.player_withdraw,
        name="player_withdraw",
    ),
    path(
        "tournaments/<int:pk>/players/<int:player_id>/reinstate/",
        setup.player_reinstate,
        name="player_reinstate",
    ),
    path(
        "tournaments/<int:pk>/players/<int:player_id>/",
        entries.player_edit,
        name="player_edit",
    ),
    path(
        "tournaments/<int:pk>/players/<int:player_id>/remove/",
        entries.player_remove,
        name="player_remove",
    ),
    path("tournaments/<int:pk>/organizers/", setup.organizer_add, name="organizer_add"),
    path(
        "tournaments/<int:pk>/organizers/<int:user_id>/remove/",
        setup.organizer_remove,
        name="organizer_remove",
    ),
    path("tournaments/<int:pk>/draw/", rounds.round_draw, name="round_draw"),
    path(ROUND, rounds.round_detail, name="tournament_round"),
    path(ROUND + "publish/", rounds.round_publish, name="round_publish"),
    path(ROUND + "progress/", rounds.round_progress_live, name="round_progress"),
    path(ROUND + "events/", events.round_progress_events, name="round_progress_events"),
    path(ROUND + "sheets/", rounds.round_sheets, name="round_sheets"),
    path(ROUND + "seating/", seating.round_seating, name="round_seating"),
    path(TABLE, rounds.table_detail, name="tournament_table"),
    path(TABLE + "unlock/", rounds.table_unlock, name="table_unlock"),
    path(TABLE + "lock/", rounds.table_lock, name="table_lock"),
    path(TABLE + "paper/", paper.table_paper, name="table_paper"),
    path("tournaments/<int:pk>/standings/", standings.standings_page, name="standings"),
    path("tournaments/<int:pk>/standings.csv", standings.standings_csv, name="standings_csv"),
    path("tournaments/<int:pk>/standings.xlsx", standings.standings_xlsx, name="standings_xlsx"),
    path("tournaments/<int:pk>/results/", standings.results_print, name="results"),
    path("tournaments/<int:pk>/prizes/", prizes.prize_settings, name="prizes"),
    path("tournaments/<int:pk>/payouts/", prizes.payouts_print, name="payouts"),
    path("tournaments/<int:pk>/payouts.xlsx", prizes.payouts_xlsx, name="payouts_xlsx"),
    path("clubs/<int:club_pk>/series/new/", series.series_edit, name="series_new"),
    path("clubs/<int:club_pk>/series/<int:pk>/edit/", series.series_edit, name="series_edit"),
    path("series/<int:pk>/", series.series_detail, name="series"),
    path("series/<int:pk>/print/", series.series_print, name="series_print"),
    path("series/<int:pk>/ranking.csv", series.series_csv, name="series_csv"),
    path("series/<int:pk>/ranking.xlsx", series.series_xlsx, name="series_xlsx"),
    path("series/public/<str:key>/", series.public_series, name="public_series"),
    path("series/public/<str:key>/live/", series.public_series_live, name="public_series_live"),
    path("tournaments/<int:pk>/audit/", audit.tournament_audit, name="tournament_audit"),
    path("tournaments/public/<str:key>/", standings.public_standings, name="public_standings"),
    path(
        "tournaments/public/<str:key>/live/",
        standings.public_standings_live,
        name="public_standings_live",
    ),
    path("tournaments/public/<str:key>/seating/", seating.public_seating, name="public_seating"),
    path(
        "tournaments/public/<str:key>/seating/live/",
        seating.public_seating_live,
        name="public_seating_live",
    ),
    path(
        "tournaments/public/<str:key>/events/",
        events.public_standings_events,
        name="public_standings_events",
    ),
    path("tournaments/confirm/<str:key>/", confirmation.confirm, name="tournament_confirm"),
]
