"""Public pages: the home page and the rules of each preset."""

from __future__ import annotations

from typing import Any

from django.contrib.auth import get_user_model
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse

from league import selectors
from league.rules_text import SET_AWARD_SHORT, TIE_RULE_SHORT, describe
from league.tables import PresetTable
from scoring.rules import PRESETS, Ruleset


def home(request: HttpRequest) -> HttpResponse:
    context = {
        "presets": preset_rows(),
        # An empty install offers its first visitor the organiser's account.
        "needs_setup": not get_user_model().objects.exists(),
        "recent_games": selectors.game_list()[:6],
    }
    return render(request, "league/home.html", context)


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(request, "league/rules_index.html", {"table": PresetTable(preset_rows())})


def rules_detail(request: HttpRequest, preset: str) -> HttpResponse:
    rules = PRESETS.get(preset)
    if rules is None:
        raise Http404(f"No preset called {preset!r}.")
    return render_rules(request, rules)


def render_rules(
    request: HttpRequest, rules: Ruleset, extra: dict[str, Any] | None = None
) -> HttpResponse:
    """The rules page of any ruleset, a preset or one with overrides (which it lists)."""
    return render(request, "league/rules_detail.html", {"sheet": describe(rules), **(extra or {})})


def preset_rows() -> list[dict[str, Any]]:
    return [
        {
            "preset": key,
            "name": rules.name,
            "description": rules.description,
            "url": reverse("rules-detail", args=[key]),
            "players": rules.players,
            "deck": f"{rules.deck_size} cards, {rules.cards_each} each",
            "set_award": SET_AWARD_SHORT[rules.set_award],
            "tie_rule": TIE_RULE_SHORT[rules.tie_rule],
            "target": rules.target,
        }
        for key, rules in PRESETS.items()
    ]
