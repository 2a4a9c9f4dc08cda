"""URLs of the club evenings (see league.evenings.urls): the evening page and its writes."""

from django.urls import URLPattern, path

from league.evenings import night_views

urlpatterns: list[URLPattern] = [
    path("c/<slug:slug>/evening/", night_views.evening_page, name="evening"),
    path("c/<slug:slug>/evening/check-in/", night_views.check_in, name="check-in"),
    path("c/<slug:slug>/evening/guest/", night_views.check_in_guest, name="check-in-guest"),
    path("c/<slug:slug>/evening/pair/", night_views.check_in_pair, name="check-in-pair"),
    path(
        "c/<slug:slug>/evening/guest-pair/",
        night_views.check_in_guest_pair,
        name="check-in-guest-pair",
    ),
    path(
        "c/<slug:slug>/evening/entrants/<int:entrant_id>/undo/",
        night_views.check_out,
        name="check-out",
    ),
    path(
        "c/<slug:slug>/evening/entrants/<int:entrant_id>/leave/",
        night_views.leave,
        name="leave",
    ),
    path(
        "c/<slug:slug>/evening/entrants/<int:entrant_id>/back/",
        night_views.come_back,
        name="come-back",
    ),
    path("c/<slug:slug>/evening/draw/", night_views.draw, name="draw"),
    path("c/<slug:slug>/evening/redraw/", night_views.redraw, name="redraw"),
    path(
        "c/<slug:slug>/evening/tables/<int:fixture_id>/result/",
        night_views.paper_result,
        name="paper-result",
    ),
]
