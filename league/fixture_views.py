"""Placeholder: filled in by the league pages."""

urlpatterns: list = []
