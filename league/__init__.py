"""Hicksheet's Django project and app: the web side of the scoring engine in ``scoring/``."""
