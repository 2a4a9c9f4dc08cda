"""What may change in a competition once it is under way (scoring.competition_changes)."""

from __future__ import annotations

import pytest

from scoring import Deal, get_ruleset
from scoring.competition_changes import (
    ALWAYS,
    FIELDS,
    MOST_NIGHTS,
    RANKING,
    CompetitionState,
    PlayedGame,
    RescoreEffect,
    delete_refusal,
    field_refusal,
    has_played,
    nights_limit,
    rescore_effect,
    ruleset_change,
)

NEW = CompetitionState()
DRAWN = CompetitionState(entrants=4, drawn=True)
PLAYED = CompetitionState(entrants=4, drawn=True, games=3, played_games=2, results=1)
SWISS_STARTED = CompetitionState(
    kind="tournament", format="swiss", entrants=8, drawn=True, started=True
)
CLABBER = get_ruleset("clabber")


@pytest.mark.parametrize("field", ALWAYS)
@pytest.mark.parametrize("state", [NEW, DRAWN, PLAYED, SWISS_STARTED])
def test_words_and_dates_change_at_any_time(state, field):
    assert field_refusal(state, field) is None


@pytest.mark.parametrize("field", RANKING)
def test_points_tiebreaks_and_nights_only_rerank_a_league_so_they_change_after_play(field):
    assert field_refusal(PLAYED, field) is None


@pytest.mark.parametrize("field", ("points", "tiebreaks"))
@pytest.mark.parametrize("fmt", ("swiss", "pools"))
def test_a_tournament_drawn_from_its_table_fixes_its_ranking_once_started(field, fmt):
    started = CompetitionState(kind="tournament", format=fmt, entrants=8, started=True)
    reason = field_refusal(started, field)
    assert reason is not None and "drawn from its table" in reason
    not_yet = CompetitionState(kind="tournament", format=fmt, entrants=8)
    assert field_refusal(not_yet, field) is None


@pytest.mark.parametrize("fmt", ("single", "double", "round_robin"))
def test_a_bracket_or_round_robin_reranks_its_table_after_the_start(fmt):
    started = CompetitionState(kind="tournament", format=fmt, entrants=8, started=True)
    assert field_refusal(started, "tiebreaks") is None


def test_the_match_length_is_fixed_once_the_rounds_are_drawn():
    assert field_refusal(NEW, "games_per_match") is None
    assert field_refusal(CompetitionState(entrants=5), "games_per_match") is None
    reason = field_refusal(DRAWN, "games_per_match")
    assert reason is not None and "games a match is fixed" in reason


def test_who_the_entrants_are_is_fixed_once_one_is_entered():
    assert field_refusal(NEW, "entrant_kind") is None
    assert field_refusal(CompetitionState(entrants=1), "entrant_kind") is not None


def test_a_tournaments_format_is_fixed_once_it_starts():
    assert field_refusal(CompetitionState(kind="tournament", format="single"), "format") is None
    assert field_refusal(SWISS_STARTED, "format") is not None


def test_an_unknown_field_is_refused_in_words():
    assert field_refusal(NEW, "slug") is not None
    assert "rules" in FIELDS and field_refusal(PLAYED, "rules") is None


def test_the_same_rules_change_nothing():
    assert ruleset_change(PLAYED, CLABBER, get_ruleset("clabber")).outcome == "same"


def test_new_house_rules_before_any_deal_apply_without_rescoring():
    change = ruleset_change(DRAWN, CLABBER, CLABBER.replace(target=1000))
    assert (change.outcome, change.games, change.reason) == ("apply", 0, None)
    started_empty = CompetitionState(entrants=4, drawn=True, games=2)
    assert ruleset_change(started_empty, CLABBER, CLABBER.replace(target=1000)).outcome == "apply"


def test_new_house_rules_after_play_rescore_every_played_game_counted_first():
    change = ruleset_change(PLAYED, CLABBER, CLABBER.replace(target=1000))
    assert change.outcome == "rescore"
    assert change.games == 2
    assert change.reason is None


def test_another_game_is_refused_once_a_game_has_started_naming_both():
    change = ruleset_change(PLAYED, CLABBER, get_ruleset("klaberjass-4"))
    assert change.outcome == "refused"
    assert change.reason is not None
    assert "Evansville Clabber" in change.reason and "Four-hand Klaberjass" in change.reason
    # Before any game, another game is just the competition's game.
    assert ruleset_change(DRAWN, CLABBER, get_ruleset("klaberjass-4")).outcome == "apply"


@pytest.mark.parametrize("fmt", ("single", "double", "swiss", "pools"))
def test_a_tournament_whose_draw_goes_on_from_results_keeps_its_rules_once_played(fmt):
    played = CompetitionState(kind="tournament", format=fmt, started=True, games=1, played_games=1)
    change = ruleset_change(played, CLABBER, CLABBER.replace(target=300))
    assert change.outcome == "refused"
    assert change.reason is not None and "draw goes on" in change.reason


def test_a_round_robin_tournament_rescores_like_a_league():
    played = CompetitionState(
        kind="tournament", format="round_robin", started=True, games=4, played_games=4
    )
    assert ruleset_change(played, CLABBER, CLABBER.replace(target=300)).games == 4


def test_deleting_is_for_a_competition_without_history():
    assert not has_played(DRAWN)
    assert delete_refusal(DRAWN) is None
    assert delete_refusal(CompetitionState(games=2)) is None  # started, no deal entered
    assert has_played(CompetitionState(results=1))  # a paper sheet's totals, a forfeit
    reason = delete_refusal(PLAYED)
    assert reason is not None and "archive it instead" in reason


# -- what a rescore does to the played games --------------------------------------------------
def won_at_500(deals: int = 5) -> PlayedGame:
    """Side 0 makes trump and takes 120 of 162 each deal: 600-210, won at 500 after deal 5."""
    return PlayedGame(
        name="Winter league, round 1",
        deals=tuple(Deal(makers=0, card_points=(120, 42)) for _ in range(deals)),
        winner=0 if deals >= 5 else None,
        totals=(120 * deals, 42 * deals),
    )


def test_a_higher_target_that_reopens_finished_games_is_refused_with_the_count():
    effect = rescore_effect(CLABBER.replace(target=1000), [won_at_500(), won_at_500()])
    assert (effect.games, effect.reopened, effect.cut_short) == (2, 2, 0)
    assert effect.refusal == "2 finished games would be open again under these rules."
    one = rescore_effect(CLABBER.replace(target=1000), [won_at_500(), won_at_500(3)])
    assert one.refusal == "1 finished game would be open again under these rules."


def test_a_lower_target_that_ends_a_game_before_its_last_deal_is_refused_with_the_count():
    effect = rescore_effect(CLABBER.replace(target=300), [won_at_500(), won_at_500(4)])
    assert (effect.reopened, effect.cut_short) == (0, 2)
    assert effect.refusal is not None
    assert "2 games would have ended before their last deals" in effect.refusal
    one = rescore_effect(CLABBER.replace(target=400), [won_at_500(3), won_at_500()])
    assert one.refusal == "1 game would have ended before its last deal under these rules."


def test_a_target_every_game_still_reaches_at_its_last_deal_is_allowed_and_changes_nothing():
    effect = rescore_effect(CLABBER.replace(target=600), [won_at_500(), won_at_500(2)])
    assert effect.refusal is None
    assert (effect.games, effect.totals, effect.winners) == (2, 0, 0)


def test_an_in_play_game_the_new_target_finishes_at_its_last_deal_is_allowed():
    effect = rescore_effect(CLABBER.replace(target=480), [won_at_500(4)])
    assert effect.refusal is None
    assert effect.winners == 1  # it has a winner now


def test_no_played_game_no_effect():
    assert rescore_effect(CLABBER.replace(target=1000), []) == RescoreEffect()


def test_nights_counted_are_at_most_the_rounds_drawn_or_a_season_before():
    assert nights_limit(5) == 5
    assert nights_limit(0) == MOST_NIGHTS


def test_rules_that_cannot_score_a_played_deal_are_refused_naming_the_game_and_the_deal():
    melded = PlayedGame(
        name="Winter league, round 2",
        deals=(Deal(makers=0, card_points=(120, 42), melds=(("run5",), ())),),
        winner=None,
        totals=(220, 42),
    )
    no_run5 = CLABBER.replace(meld_values={**CLABBER.meld_values, "run5": None})
    effect = rescore_effect(no_run5, [won_at_500(), melded])
    assert (effect.reopened, effect.cut_short) == (0, 0)
    assert effect.refusal is not None
    assert effect.refusal.startswith("Winter league, round 2 cannot be scored by these rules:")
    assert "Deal 1" in effect.refusal
