"""The league's withdrawal rule: fewer than half played voids every result of the entrant;
otherwise its results stand and what it has still to play is conceded."""

import pytest

from scoring.withdrawal import FixtureOf, Outcome, withdrawal_plan


def fixtures(played: int, open_: int) -> list[FixtureOf]:
    return [FixtureOf(i, True) for i in range(1, played + 1)] + [
        FixtureOf(100 + i, False) for i in range(open_)
    ]


@pytest.mark.parametrize(
    ("played", "open_", "outcome"),
    [
        (0, 6, Outcome.VOIDED),
        (2, 4, Outcome.VOIDED),  # a third played
        (3, 4, Outcome.VOIDED),  # 3 of 7: fewer than half
        (3, 3, Outcome.STAND),  # exactly half: not fewer than half
        (4, 3, Outcome.STAND),
        (6, 0, Outcome.STAND),
    ],
)
def test_fewer_than_half_played_voids_else_the_results_stand(played, open_, outcome):
    plan = withdrawal_plan(fixtures(played, open_))
    assert plan.outcome is outcome
    assert (plan.played, plan.total) == (played, played + open_)


def test_voided_plan_voids_every_fixture_played_or_not():
    plan = withdrawal_plan(fixtures(1, 3))
    assert plan.voided == (1, 100, 101, 102)
    assert plan.conceded == () and plan.kept == ()
    assert plan.results_voided == 1


def test_standing_plan_keeps_the_played_and_concedes_the_rest():
    plan = withdrawal_plan(fixtures(2, 2))
    assert plan.kept == (1, 2)
    assert plan.conceded == (100, 101)
    assert plan.voided == ()
    assert plan.results_voided == 0


def test_no_fixture_at_all_is_an_empty_plan():
    plan = withdrawal_plan([])
    assert (plan.voided, plan.conceded, plan.kept, plan.total) == ((), (), (), 0)


def test_a_fixture_given_twice_is_a_callers_bug():
    with pytest.raises(ValueError):
        withdrawal_plan([FixtureOf(1, True), FixtureOf(1, False)])
