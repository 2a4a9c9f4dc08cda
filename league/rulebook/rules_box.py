"""The rules box of a printed sheet (a game's PDF, blank sheets, a table pack): a few short
lines that tell the sheet's reader which rules scored it, in the game's own words.

The short forms are the rules pages' (:mod:`league.rulebook.text`: the game's word for belle,
what a set, a tie and a renege score), so that the paper and the rules page never disagree.
Part one's games keep the lines they always printed; a game of part two adds what sets it
apart: klaverjas's roem, pit and nat, a contract's bid and factor, capot, rounding.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from league.engine_words import engine_word
from league.rulebook.text import (
    BELLE_ON_SET_SHORT,
    CONTRACT_SCORING_SHORT,
    MADE_WHEN_SHORT,
    ROUNDING_SHORT,
    belle_word,
    describe,
    game_length_line,
    meld_word,
    renege_short,
    rule_value_text,
    says_belle,
    set_award_short,
    tie_rule_short,
)
from scoring.deal import SET_MARK
from scoring.rules import BONUS_LABELS, CAPOT_BID, LOWEST_BID, Ruleset


def rules_box_lines(rules: Ruleset) -> tuple[str, ...]:
    """A few short lines that tell a sheet's reader which rules scored it."""
    lines = [game_length_line(rules)]
    if rules.bidding:
        lines += _contract_lines(rules)
    else:
        lines.append(_set_and_tie(rules))
    if rules.made_when != "beat" and not rules.bidding and rules.contract is not None:
        # Kalabriasz: a fixed contract, not the opponents' points, decides.
        lines.append(
            _("Made when %(made)s: %(contract)s.")
            % {"made": MADE_WHEN_SHORT[rules.made_when], "contract": rules.contract}
        )
    lines.append(_melds_and_renege(rules))
    if rules.bonus_values:
        lines.append(
            _("Bonuses: %(bonuses)s.")
            % {
                "bonuses": ", ".join(
                    f"{engine_word(BONUS_LABELS[kind])} {value}"
                    for kind, value in rules.bonus_values.items()
                )
            }
        )
    if rules.all_tricks == "bonus":
        lines.append(
            _("Pit (every trick): %(value)s roem more, %(who)s.")
            % {
                "value": rules.all_tricks_value,
                "who": rule_value_text("all_tricks_defenders", rules.all_tricks_defenders),
            }
        )
    elif rules.all_tricks == "capot":
        lines.append(
            _("Capot (every trick): %(value)s card points instead of %(total)s.")
            % {"value": rules.all_tricks_value, "total": rules.deal_total}
        )
    if rules.rounding != "none":
        lines.append(
            _("Rounding: %(rounding)s, last; a contract is judged before it.")
            % {"rounding": ROUNDING_SHORT[rules.rounding]}
        )
    if rules.meld_scoring == "best" and rules.meld_values:
        # Equal best melds decide scores: the paper says how the table settles them.
        lines.append(
            _("Equal best melds: the elder hand's side scores them.")
            if rules.meld_tie == "elder"
            else _("Equal best melds: nobody scores.")
        )
    changes = describe(rules).changes
    if changes:
        lines.append(
            _("House rules: %(changes)s")
            % {
                "changes": "; ".join(
                    _("%(rule)s %(value)s (preset: %(preset)s)")
                    % {"rule": c.label, "value": c.value, "preset": c.preset_value}
                    for c in changes
                )
            }
        )
    return tuple(lines)


def _set_and_tie(rules: Ruleset) -> str:
    values = {
        "award": set_award_short(rules),
        "tie": tie_rule_short(rules),
        "mark": rules.set_mark,
        "belle": belle_word(rules),
    }
    if rules.belle_on_set == "kept":
        return (
            _("On a set: makers only their %(belle)s, opponents %(award)s. On a tie: %(tie)s.")
            % values
        )
    if rules.set_mark == SET_MARK:
        return _("On a set: makers XX, opponents %(award)s. On a tie: %(tie)s.") % values
    # The set mark of the game's own sheet ("nat"), not part one's XX.
    return _("On a set: makers %(mark)s, opponents %(award)s. On a tie: %(tie)s.") % values


def _contract_lines(rules: Ruleset) -> list[str]:
    contre, surcontre = rules.contre_factors
    belle = belle_word(rules)
    return [
        _(
            "Contract: a bid of %(lowest)s to %(bid_max)s by tens, or capot (%(capot)s); "
            "contrée ×%(contre)s, surcontrée ×%(surcontre)s. Made when %(made)s."
        )
        % {
            "lowest": LOWEST_BID,
            "bid_max": rules.bid_max,
            "capot": CAPOT_BID,
            "contre": contre,
            "surcontre": surcontre,
            "made": MADE_WHEN_SHORT[rules.made_when],
        },
        _(
            "Made: %(made)s. Failed (dedans): defenders %(failed)s; %(belle)s %(kept)s. "
            "Doubled: the winner's score × the factor, the loser only its %(belle)s."
        )
        % {
            "made": CONTRACT_SCORING_SHORT[rules.contract_scoring],
            "failed": set_award_short(rules),
            "belle": belle,
            "kept": BELLE_ON_SET_SHORT[rules.belle_on_set],
        },
    ]


def _melds_and_renege(rules: Ruleset) -> str:
    melds = ", ".join(
        f"{meld_word(rules, kind)} {value}" for kind, value in rules.meld_values.items()
    )
    values = {
        "melds": melds,
        "belle": rules.belle_value,
        "word": belle_word(rules),
        "renege": rules.renege_award,
        "award": renege_short(rules),
    }
    part_one_words = (
        says_belle(rules)
        and rules.meld_scoring == "best"
        and rules.renege_melds == "own"
        and not rules.bidding
    )
    if part_one_words:
        # Part one's lines, which every language already has.
        return (
            _("Melds: %(melds)s; belle %(belle)s. Renege: %(renege)s + own melds.")
            if melds
            else _("No melds; belle %(belle)s. Renege: %(renege)s + own melds.")
        ) % values
    if rules.meld_scoring == "each":
        return _("Roem, each side its own: %(melds)s; %(word)s %(belle)s. Renege: %(award)s.") % (
            values
        )
    if melds:
        return _("Melds: %(melds)s; %(word)s %(belle)s. Renege: %(award)s.") % values
    # A game without melds (classic belote) scores belle alone.
    return _("No melds; %(word)s %(belle)s. Renege: %(award)s.") % values
