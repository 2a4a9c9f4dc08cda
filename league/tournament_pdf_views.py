"""Placeholder: filled in by the tournament pages."""

urlpatterns: list = []
