"""The sheet's sentences about a side agree with how many people it is: one where each plays
alone (Klaberjass: "Anna scores the melds", "Bob takes the 124 held"), two in a partnership
game (Evansville Clabber: "Anna & Ben score the melds")."""

from __future__ import annotations

import scoring
from league.games.selectors import declared_winner_text, side_size
from scoring import get_ruleset

RUNS = (
    (scoring.Declared.run(4, "K", trump=True),),
    (scoring.Declared.run(4, "K"),),
)


def test_one_player_a_side_scores_the_melds():
    rules = get_ruleset("klaberjass")
    assert side_size(rules) == 1
    words = declared_winner_text(rules, RUNS, ["Anna", "Bob"], elder=0)
    assert words.startswith("Anna scores the melds: run of four to the king in trumps beats")


def test_a_partnership_scores_the_melds_in_the_plural():
    rules = get_ruleset("clabber")
    assert side_size(rules) == 2
    words = declared_winner_text(rules, RUNS, ["Anna & Ben", "Carl & Dora"], elder=0)
    assert words.startswith("Anna & Ben score the melds: run of four to the king in trumps")


def test_three_players_alone_are_one_a_side():
    assert side_size(get_ruleset("klaberjass-3")) == 1
