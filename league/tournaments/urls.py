from django.urls import path

from league.tournaments import entry_views, views

app_name = "tournaments"
urlpatterns = [
    path("tournaments/new/", views.tournament_new, name="new"),
    path("c/<slug:slug>/director/", views.director, name="director"),
    path("c/<slug:slug>/director/entrants/", views.director_entrant_add, name="entrant-add"),
    path(
        "c/<slug:slug>/director/entrants/all/",
        views.director_entrants_add_all,
        name="entrants-add-all",
    ),
    path("c/<slug:slug>/director/seeds/", views.director_seed, name="seed"),
    path("c/<slug:slug>/director/start/", views.director_start, name="start"),
    path(
        "c/<slug:slug>/director/fixtures/<int:fixture_id>/confirm/",
        views.director_confirm,
        name="confirm",
    ),
    path("c/<slug:slug>/director/withdraw/", views.director_withdraw, name="withdraw"),
    path("c/<slug:slug>/director/rounds/<int:number>/swap/", views.director_swap, name="swap"),
    path(
        "c/<slug:slug>/director/rounds/<int:number>/publish/",
        views.director_publish,
        name="publish",
    ),
    path("c/<slug:slug>/bracket/", views.bracket, name="bracket"),
    # Printed on paper as QR codes: these paths never change.
    path("m/<str:token>/", entry_views.entry_link, name="entry"),
    path("m/<str:token>/start/", entry_views.entry_start, name="entry-start"),
    path("m/<str:token>/deals/", entry_views.entry_deal, name="entry-deal"),
    path("m/<str:token>/preview/", entry_views.entry_preview, name="entry-preview"),
    path("m/<str:token>/confirm/", entry_views.entry_confirm, name="entry-confirm"),
    path("m/<str:token>/take-over/", entry_views.entry_take_over, name="entry-take-over"),
    path("m/<str:token>/undo/", entry_views.entry_undo, name="entry-undo"),
    path("m/<str:token>/dispute/", entry_views.entry_dispute, name="entry-dispute"),
]
