from django.urls import path

from league.competitions import (
    edit_views,
    export_views,
    fixture_admin_views,
    fixture_views,
    member_views,
    views,
)

app_name = "competitions"
urlpatterns = [
    path("clubs/", views.club_list, name="club-list"),
    path("clubs/<slug:slug>/", views.club_detail, name="club-detail"),
    path("clubs/<slug:slug>/export.json", export_views.club_export, name="club-export"),
    path("clubs/<slug:slug>/settings/", views.club_settings, name="club-settings"),
    path("clubs/<slug:slug>/players/", views.player_add, name="player-add"),
    path("clubs/<slug:slug>/players/many/", views.players_add, name="players-add"),
    path("clubs/<slug:slug>/partnerships/", views.partnership_add, name="partnership-add"),
    path("competitions/new/", views.competition_new, name="new"),
    path("c/<slug:slug>/", views.competition_detail, name="detail"),
    path("c/<slug:slug>/rules/", views.competition_rules, name="rules"),
    path("c/<slug:slug>/language/", views.competition_language, name="language"),
    path("c/<slug:slug>/entrants/", views.entrant_add, name="entrant-add"),
    path("c/<slug:slug>/entrants/all/", views.entrants_add_all, name="entrants-add-all"),
    path("c/<slug:slug>/draw/", views.competition_draw, name="draw"),
    path("players/<int:player_id>/", views.player_detail, name="player-detail"),
    path("partnerships/<int:partnership_id>/", views.partnership_detail, name="partnership-detail"),
    path("c/<slug:slug>/fixtures/", fixture_views.fixtures, name="fixtures"),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/",
        fixture_views.fixture_detail,
        name="fixture-detail",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/move/",
        fixture_views.fixture_move,
        name="fixture-move",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/concede/",
        fixture_views.fixture_concede,
        name="fixture-concede",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/result/",
        fixture_views.fixture_result,
        name="fixture-result",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/start/",
        fixture_views.fixture_start,
        name="fixture-start",
    ),
    path("c/<slug:slug>/standings/", fixture_views.standings, name="standings"),
    path("c/<slug:slug>/results.csv", fixture_views.results_csv, name="results-csv"),
    # An organiser's housekeeping of fixtures and entrants (fixture_admin_views).
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/tables/",
        fixture_admin_views.fixture_tables,
        name="fixture-tables",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/void/",
        fixture_admin_views.fixture_void,
        name="fixture-void",
    ),
    path(
        "c/<slug:slug>/fixtures/<int:fixture_id>/restore/",
        fixture_admin_views.fixture_restore,
        name="fixture-restore",
    ),
    path("c/<slug:slug>/withdrawals/", fixture_admin_views.withdrawals_page, name="withdrawals"),
    path(
        "c/<slug:slug>/entrants/<int:entrant_id>/withdraw/",
        fixture_admin_views.entrant_withdraw,
        name="entrant-withdraw",
    ),
    path(
        "c/<slug:slug>/entrants/<int:entrant_id>/return/",
        fixture_admin_views.entrant_return,
        name="entrant-return",
    ),
]

# Editing, deleting, archiving a competition (league.competitions.edit_views).
urlpatterns += [
    path("c/<slug:slug>/edit/", edit_views.competition_edit, name="edit"),
    path("c/<slug:slug>/delete/", edit_views.competition_delete, name="delete"),
    path("c/<slug:slug>/archive/", edit_views.competition_archive, name="archive"),
    path("c/<slug:slug>/restore/", edit_views.competition_restore, name="restore"),
]

# Housekeeping of the club's records (league.competitions.member_views).
urlpatterns += [
    path("players/<int:player_id>/rename/", member_views.player_rename, name="player-rename"),
    path("players/<int:player_id>/retire/", member_views.player_retire, name="player-retire"),
    path("players/<int:player_id>/return/", member_views.player_return, name="player-return"),
    path("players/<int:player_id>/remove/", member_views.player_remove, name="player-remove"),
    path(
        "partnerships/<int:partnership_id>/rename/",
        member_views.partnership_rename,
        name="partnership-rename",
    ),
    path(
        "partnerships/<int:partnership_id>/retire/",
        member_views.partnership_retire,
        name="partnership-retire",
    ),
    path(
        "partnerships/<int:partnership_id>/return/",
        member_views.partnership_return,
        name="partnership-return",
    ),
    path(
        "partnerships/<int:partnership_id>/remove/",
        member_views.partnership_remove,
        name="partnership-remove",
    ),
    path("clubs/<slug:slug>/records/", member_views.club_records, name="club-records"),
    path("clubs/<slug:slug>/remove/", member_views.club_remove, name="club-remove"),
]
