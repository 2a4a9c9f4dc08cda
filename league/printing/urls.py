from django.urls import path

from league.printing import evening_views, views

app_name = "printing"
urlpatterns = [
    path("games/<int:game_id>/sheet.pdf", views.game_pdf, name="game-pdf"),
    path("sheets/blank/", views.blank_sheets, name="blank-sheets"),
    path("c/<slug:slug>/standings.pdf", views.standings_pdf, name="standings-pdf"),
    path(
        "c/<slug:slug>/rounds/<int:number>/tables.pdf",
        views.round_tables_pdf,
        name="round-tables-pdf",
    ),
    path("c/<slug:slug>/bracket.pdf", views.bracket_pdf, name="bracket-pdf"),
    path("c/<slug:slug>/ranking.pdf", views.ranking_pdf, name="ranking-pdf"),
]

# A club evening's papers and its season's standings (league.printing.evening_views).
urlpatterns += [
    path(
        "c/<slug:slug>/evening/rounds/<int:number>/seats.pdf",
        evening_views.evening_seats_pdf,
        name="evening-seats",
    ),
    path(
        "c/<slug:slug>/evening/rounds/<int:number>/booms.pdf",
        evening_views.evening_booms_pdf,
        name="evening-booms",
    ),
    path(
        "c/<slug:slug>/evening/results.pdf",
        evening_views.evening_results_pdf,
        name="evening-results",
    ),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/standings.pdf",
        evening_views.season_pdf,
        name="season-pdf",
    ),
]
