"""The words for a game of fixed deals in a template (:mod:`league.game_words`):
``{% load game_words %}`` then ``{{ rules|a_game_of_deals }}`` ("a boom of 16 deals", "a
game of 12 deals") or ``{{ rules|games_of_deals }}`` ("booms of 16 deals", "games of 12
deals")."""

from __future__ import annotations

from django import template

from league import game_words
from scoring import Ruleset

register = template.Library()


@register.filter
def a_game_of_deals(rules: Ruleset) -> str:
    return game_words.a_game_of_deals(rules)


@register.filter
def games_of_deals(rules: Ruleset) -> str:
    return game_words.games_of_deals(rules)
