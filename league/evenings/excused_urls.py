"""URLs of excused absences at a club evening (see league.evenings.excused_views)."""

from django.urls import URLPattern, path

from league.evenings import excused_views

urlpatterns: list[URLPattern] = [
    path("c/<slug:slug>/evening/excused/", excused_views.evening_excuse, name="excuse"),
    path(
        "c/<slug:slug>/evening/excused/undo/",
        excused_views.evening_unexcuse,
        name="unexcuse",
    ),
]
