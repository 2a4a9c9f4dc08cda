"""URLs of the club evenings (see league.evenings.urls)."""

from django.urls import URLPattern

urlpatterns: list[URLPattern] = []
