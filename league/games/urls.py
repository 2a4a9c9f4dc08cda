from django.urls import path

from league.games import views

app_name = "games"
urlpatterns = [
    path("games/", views.game_list, name="list"),
    path("games/new/", views.game_new, name="new"),
    path("games/<int:game_id>/", views.game_detail, name="detail"),
    path("games/<int:game_id>/rules/", views.game_rules, name="rules"),
    path("games/<int:game_id>/deals/", views.deal_add, name="deal-add"),
    path("games/<int:game_id>/deals/undo/", views.deal_undo, name="deal-undo"),
    path("games/<int:game_id>/abandon/", views.game_abandon, name="abandon"),
    path("games/<int:game_id>/settings/", views.game_settings, name="settings"),
    path("games/<int:game_id>/deals/preview/", views.deal_preview, name="deal-preview"),
    path("games/<int:game_id>/deals/<int:number>/", views.deal_edit, name="deal-edit"),
    path("games/<int:game_id>/deals/<int:number>/delete/", views.deal_delete, name="deal-delete"),
]
