"""The rules pages: every preset side by side, and the rules of one ruleset (a preset, or a
game's or competition's with its house-rule overrides marked)."""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _

from league.engine_words import engine_word
from league.rulebook.tables import PresetTable
from league.rulebook.text import (
    MELD_TIE_SHORT,
    SOURCES_INTRO,
    describe,
    rule_value_text,
    set_award_short,
    source_lines,
    tie_rule_short,
)
from scoring.rules import PRESETS, Ruleset


def rules_index(request: HttpRequest) -> HttpResponse:
    return render(
        request,
        "rulebook/rules_index.html",
        {"table": PresetTable(preset_rows()), "sources": source_lines(), "intro": SOURCES_INTRO},
    )


def rules_detail(request: HttpRequest, preset: str) -> HttpResponse:
    rules = PRESETS.get(preset)
    if rules is None:
        raise Http404(f"No preset called {preset!r}.")
    return render_rules(request, rules)


def render_rules(
    request: HttpRequest, rules: Ruleset, extra: dict[str, Any] | None = None
) -> HttpResponse:
    """The rules page of any ruleset, a preset or one with overrides (which it lists)."""
    return render(
        request, "rulebook/rules_detail.html", {"sheet": describe(rules), **(extra or {})}
    )


def preset_rows() -> list[dict[str, Any]]:
    return [
        {
            "preset": key,
            "name": rules.name,
            # A preset's description is the engine's, marked for translation there.
            "description": engine_word(rules.description) if rules.description else "",
            "url": reverse("rules:detail", args=[key]),
            "players": rules.players,
            "deck": _("%(cards)s cards, %(each)s each")
            % {"cards": rules.deck_size, "each": rules.cards_each},
            # The game's own short words, as its printed rules box says them.
            "set_award": set_award_short(rules),
            "tie_rule": tie_rule_short(rules),
            "meld_tie": str(MELD_TIE_SHORT[rules.meld_tie]),
            # A game of fixed deals has no target: its length stands in the column.
            "target": rules.target
            if rules.target is not None
            else rule_value_text("deals", rules.deals),
        }
        for key, rules in PRESETS.items()
    ]
