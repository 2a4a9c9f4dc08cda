from django.urls import path

from league.printing import views

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
