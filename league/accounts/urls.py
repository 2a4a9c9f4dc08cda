from django.contrib.auth import views as auth_views
from django.urls import path

from league.accounts import views

app_name = "accounts"
urlpatterns = [
    path("setup/", views.setup, name="setup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/", views.account_list, name="list"),
    path("accounts/new/", views.account_new, name="new"),
    path("accounts/me/", views.PasswordChange.as_view(), name="password"),
    path("accounts/<int:user_id>/active/", views.account_active, name="active"),
    path("accounts/<int:user_id>/password/", views.account_set_password, name="set-password"),
    path("accounts/lockouts/", views.lockouts, name="lockouts"),
]
