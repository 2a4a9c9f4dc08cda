"""Reads about accounts."""

from __future__ import annotations

from django.contrib.auth import get_user_model


def install_is_empty() -> bool:
    """No account exists yet: the first visitor is offered the organiser's account."""
    return not get_user_model()._default_manager.exists()
