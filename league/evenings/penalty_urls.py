"""URLs of individual reneges at a club evening (see league.evenings.penalty_views)."""

from django.urls import URLPattern, path

from league.evenings import penalty_views

urlpatterns: list[URLPattern] = [
    path("c/<slug:slug>/evening/penalty/", penalty_views.evening_penalty, name="penalty"),
    path(
        "c/<slug:slug>/evening/penalty/undo/",
        penalty_views.evening_penalty_undo,
        name="penalty-undo",
    ),
]
