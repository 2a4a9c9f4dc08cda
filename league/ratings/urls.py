from django.urls import path

from league.ratings import views

app_name = "ratings"
urlpatterns = [
    path("ratings/", views.rating_list, name="list"),
    path("clubs/<slug:slug>/ratings/", views.club_rating_list, name="club-list"),
    path(
        "clubs/<slug:slug>/ratings/settings/",
        views.club_list_settings,
        name="club-list-settings",
    ),
    path("players/<int:player_id>/ratings/", views.player_history, name="player-history"),
]
