from django.urls import path

from league.screen import views

app_name = "screen"
urlpatterns = [
    path("join/", views.join, name="join"),
    path("c/<slug:slug>/screen/", views.competition_screen, name="competition"),
    path("clubs/<slug:slug>/screen/", views.club_screen, name="club"),
    path("c/<slug:slug>/rounds/<int:number>/clock/", views.round_clock, name="clock"),
]
