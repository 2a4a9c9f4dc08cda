"""How a game of a fixed number of deals is called, in the game's own words.

Only klaverjas's games are *booms* (the Dutch word: its set mark is ``nat``); a game of any
other ruleset with a fixed number of deals and no target (a belote *partie*, say) is a
*game of N deals*. Every page and form that names such a game asks here, so the words depend
on the ruleset alone and agree with the number of deals.
"""

from __future__ import annotations

from django.utils.translation import ngettext

from scoring import Ruleset


def is_boom(rules: Ruleset) -> bool:
    """Whether a game of ``rules`` is a boom: klaverjas's (its set mark, a fact, is nat)."""
    return rules.set_mark == "nat"


def a_game_of_deals(rules: Ruleset) -> str:
    """One game of fixed deals: "a boom of 16 deals" (klaverjas), "a game of 12 deals"."""
    deals = rules.deals or 0
    if is_boom(rules):
        text = ngettext("a boom of %(deals)d deal", "a boom of %(deals)d deals", deals)
    else:
        text = ngettext("a game of %(deals)d deal", "a game of %(deals)d deals", deals)
    return text % {"deals": deals}


def games_of_deals(rules: Ruleset) -> str:
    """Games of fixed deals: "booms of 16 deals" (klaverjas), "games of 12 deals"."""
    deals = rules.deals or 0
    if is_boom(rules):
        text = ngettext("booms of %(deals)d deal", "booms of %(deals)d deals", deals)
    else:
        text = ngettext("games of %(deals)d deal", "games of %(deals)d deals", deals)
    return text % {"deals": deals}
