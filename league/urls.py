from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import path

from league import (
    competition_views,
    fixture_views,
    game_views,
    tournament_pdf_views,
    tournament_views,
    views,
)

urlpatterns = [
    path("", views.home, name="home"),
    path("rules/", views.rules_index, name="rules-index"),
    path("rules/<str:preset>/", views.rules_detail, name="rules-detail"),
    path("setup/", game_views.setup, name="setup"),
    path("accounts/login/", auth_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("accounts/new/", game_views.account_new, name="account-new"),
    path("games/", game_views.game_list, name="game-list"),
    path("games/new/", game_views.game_new, name="game-new"),
    path("games/<int:game_id>/", game_views.game_detail, name="game-detail"),
    path("games/<int:game_id>/rules/", game_views.game_rules, name="game-rules"),
    path("games/<int:game_id>/sheet.pdf", game_views.game_pdf, name="game-pdf"),
    path("games/<int:game_id>/deals/", game_views.deal_add, name="deal-add"),
    path("games/<int:game_id>/deals/preview/", game_views.deal_preview, name="deal-preview"),
    path("games/<int:game_id>/deals/<int:number>/", game_views.deal_edit, name="deal-edit"),
    path(
        "games/<int:game_id>/deals/<int:number>/delete/",
        game_views.deal_delete,
        name="deal-delete",
    ),
    path("sheets/blank/", game_views.blank_sheets, name="blank-sheets"),
    *competition_views.urlpatterns,
    *fixture_views.urlpatterns,
    *tournament_views.urlpatterns,
    *tournament_pdf_views.urlpatterns,
    path("admin/", admin.site.urls),
]
