"""URLs of setting club evenings and seasons up (see league.evenings.urls)."""

from django.urls import URLPattern, path

from league.evenings import setup_views

urlpatterns: list[URLPattern] = [
    path("clubs/<slug:slug>/evenings/", setup_views.club_evenings, name="club-list"),
    path("clubs/<slug:slug>/evenings/new/", setup_views.evening_new, name="new"),
    path("c/<slug:slug>/evening/edit/", setup_views.evening_edit, name="edit"),
    path("clubs/<slug:slug>/seasons/new/", setup_views.season_new, name="season-new"),
    path("clubs/<slug:slug>/seasons/<int:season_id>/", setup_views.season_detail, name="season"),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/edit/",
        setup_views.season_edit,
        name="season-edit",
    ),
    path(
        "clubs/<slug:slug>/seasons/<int:season_id>/delete/",
        setup_views.season_delete,
        name="season-delete",
    ),
]
