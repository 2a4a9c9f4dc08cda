from django.urls import path

from league.live import views

app_name = "live"
urlpatterns = [
    path("live/", views.events, name="events"),
]
