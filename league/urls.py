from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from league import views

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_index, name="rules-index"),
    path("rules/<str:preset>/", views.rules_detail, name="rules-detail"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
]
