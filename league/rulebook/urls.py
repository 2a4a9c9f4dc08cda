from django.urls import path

from league.rulebook import views

app_name = "rules"
urlpatterns = [
    path("rules/", views.rules_index, name="index"),
    path("rules/<str:preset>/", views.rules_detail, name="detail"),
]
