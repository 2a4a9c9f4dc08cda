"""The write services: adding, correcting and deleting deals, with recomputation and audit."""

from __future__ import annotations

import uuid

import pytest

from league.errors import DealChanged, GameOver, Refused
from league.games import selectors, services
from league.models import Deal as DealRecord
from league.models import DealAudit, Game
from scoring import Deal, get_ruleset
from tests.builders import add, start_game

pytestmark = pytest.mark.django_db


def test_game_create_copies_the_ruleset_with_overrides(scorer):
    game = start_game(scorer, target=1000)
    game.refresh_from_db()
    assert game.ruleset_data == {"preset": "clabber", "overrides": {"target": 1000}}
    assert game.rules == get_ruleset("clabber", target=1000)
    assert game.totals == [0, 0]
    assert list(game.scorers.all()) == [scorer]


def test_game_create_refuses_missing_or_equal_names(scorer):
    with pytest.raises(Refused, match="name for each"):
        services.game_create(rules=get_ruleset("clabber"), side_names=["A", ""], by=scorer)
    with pytest.raises(Refused, match="different name"):
        services.game_create(rules=get_ruleset("clabber"), side_names=["A", "a"], by=scorer)
    assert Game.objects.count() == 0


def test_adding_deals_keeps_points_marks_and_running_totals(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=0, card_points=(70, 92))
    rows = list(clabber_game.deals.values_list("number", "points", "marks", "running", "made"))
    assert rows == [
        (1, [90, 72], ["90", "72"], [90, 72], True),
        (2, [0, 92], ["XX", "92"], [90, 164], False),
    ]
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [90, 164]
    assert clabber_game.deal_count == 2


def test_an_invalid_deal_saves_nothing(clabber_game, scorer):
    with pytest.raises(Refused, match="add up to 162"):
        add(clabber_game, scorer, makers=0, card_points=(90, 60))
    assert clabber_game.deals.count() == 0


def test_the_same_entry_key_adds_one_deal(clabber_game, scorer):
    key = uuid.uuid4()
    deal = Deal(makers=0, card_points=(90, 72))
    first, created = services.game_add_deal(game=clabber_game, deal=deal, by=scorer, entry_key=key)
    again, created_again = services.game_add_deal(
        game=clabber_game, deal=deal, by=scorer, entry_key=key
    )
    assert created and not created_again
    assert first.pk == again.pk
    assert clabber_game.deals.count() == 1


def test_the_game_closes_when_a_side_wins(scorer):
    game = start_game(scorer, target=150)
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=0, card_points=(100, 62))
    game.refresh_from_db()
    assert game.winner == 0 and game.finished
    with pytest.raises(GameOver, match="Anna & Ben won, 200 – 124"):
        add(game, scorer, makers=1, card_points=(62, 100))
    assert game.deals.count() == 2


def test_hang_holds_points_until_the_next_winner(scorer):
    game = start_game(scorer, "klaberjass-hang", names=["Ann", "Bob"])
    add(game, scorer, makers=0, card_points=(62, 62))
    game.refresh_from_db()
    assert game.held == 124 and game.totals == [0, 0]
    add(game, scorer, makers=1, card_points=(40, 70))
    game.refresh_from_db()
    assert game.held == 0 and game.totals == [40, 194]


def test_correcting_an_early_deal_recomputes_and_audits(clabber_game, scorer, organiser):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    add(clabber_game, scorer, makers=1, card_points=(60, 102))
    first = clabber_game.deals.get(number=1)
    services.game_correct_deal(
        game=clabber_game,
        number=1,
        expected_version=first.version,
        deal=Deal(makers=0, card_points=(70, 92)),
        by=organiser,
    )
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [60, 194]
    second = clabber_game.deals.get(number=2)
    assert second.running == [60, 194]
    audit = DealAudit.objects.get()
    assert audit.action == "edit" and audit.by == organiser and audit.deal_number == 1
    assert audit.before["card_points"] == [90, 72] and audit.before["points"] == [90, 72]
    assert audit.after["card_points"] == [70, 92] and audit.after["points"] == [0, 92]


def test_a_correction_from_a_stale_form_is_refused_and_nothing_is_lost(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    version = clabber_game.deals.get().version
    services.game_correct_deal(
        game=clabber_game,
        number=1,
        expected_version=version,
        deal=Deal(makers=0, card_points=(100, 62)),
        by=scorer,
    )
    with pytest.raises(DealChanged) as caught:
        services.game_correct_deal(
            game=clabber_game,
            number=1,
            expected_version=version,
            deal=Deal(makers=0, card_points=(80, 82)),
            by=scorer,
        )
    assert caught.value.current.card_points == [100, 62]
    assert clabber_game.deals.get().card_points == [100, 62]
    assert DealAudit.objects.count() == 1


def test_a_correction_that_ends_the_game_before_its_last_deal_is_refused(scorer):
    game = start_game(scorer, target=250)
    add(game, scorer, makers=0, card_points=(100, 62))
    add(game, scorer, makers=0, card_points=(100, 62))
    first = game.deals.get(number=1)
    with pytest.raises(Refused, match="game is over"):
        services.game_correct_deal(
            game=game,
            number=1,
            expected_version=first.version,
            by=scorer,
            deal=Deal(makers=0, card_points=(100, 62), melds=(("four_jacks",), ())),
        )
    assert game.deals.get(number=1).points == [100, 62]
    assert DealAudit.objects.count() == 0


def test_deleting_a_deal_moves_the_later_ones_up(clabber_game, scorer):
    for points in [(90, 72), (70, 92), (100, 62)]:
        add(clabber_game, scorer, makers=0, card_points=points)
    first = clabber_game.deals.get(number=1)
    services.game_delete_deal(
        game=clabber_game, number=1, expected_version=first.version, by=scorer
    )
    rows = list(clabber_game.deals.values_list("number", "card_points", "running"))
    assert rows == [(1, [70, 92], [0, 92]), (2, [100, 62], [100, 154])]
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [100, 154] and clabber_game.deal_count == 2
    assert DealAudit.objects.get().action == "delete"


def test_a_deleted_deal_cannot_be_corrected(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(90, 72))
    record = clabber_game.deals.get()
    services.game_delete_deal(
        game=clabber_game, number=1, expected_version=record.version, by=scorer
    )
    with pytest.raises(DealChanged, match="deleted"):
        services.game_correct_deal(
            game=clabber_game,
            number=1,
            by=scorer,
            expected_version=record.version,
            deal=Deal(makers=0, card_points=(80, 82)),
        )
    assert DealRecord.objects.count() == 0


def test_void_deals_and_reneges_are_stored_with_no_made_value(clabber_game, scorer):
    services.game_add_deal(
        game=clabber_game, deal=Deal(void=True), by=scorer, void_reason="misdeal"
    )
    add(clabber_game, scorer, makers=0, renege=0, melds=((), ("run3",)), belle=1)
    void, renege = clabber_game.deals.all()
    assert (void.made, void.void_reason, void.points) == (None, "misdeal", [0, 0])
    assert (renege.made, renege.renege, renege.points) == (None, "0", [0, 202])
    assert renege.to_engine().renege == 0


def test_adding_deals_one_by_one_agrees_with_a_full_recompute(scorer):
    game = start_game(scorer, "klaberjass-hang", names=["Ann", "Bob"])
    for deal in [
        Deal(makers=0, card_points=(62, 62)),
        Deal(void=True),
        Deal(makers=1, card_points=(40, 70), melds=((), ("run3",)), belle=1),
        Deal(makers=0, renege=0, melds=((), ("run4",))),
        Deal(makers=0, card_points=(30, 90)),
    ]:
        services.game_add_deal(game=game, deal=deal, by=scorer)
    game.refresh_from_db()
    stored = (list(game.totals), game.held, game.winner, game.side_stats)
    deals = list(game.deals.all())
    assert services.game_recompute(game, deals) == []  # no deal's engine columns differ
    assert (game.totals, game.held, game.winner, game.side_stats) == stored


def test_the_sheet_notes_who_takes_held_points(scorer):

    game = start_game(scorer, "klaberjass-hang", names=["Ann", "Bob"])
    add(game, scorer, makers=0, card_points=(62, 62))
    add(game, scorer, makers=1, card_points=(40, 70))
    game.refresh_from_db()
    tie, paid = selectors.deal_rows(game, list(game.deals.all()))
    assert tie.note == "tie: 124 held" and paid.note == "Bob takes the 124 held"


def test_a_deal_added_from_a_game_read_before_a_correction_is_scored_afresh(clabber_game, scorer):
    add(clabber_game, scorer, makers=0, card_points=(100, 62))
    stale = Game.objects.get(pk=clabber_game.pk)  # a scorer's page, loaded before the fix
    first = clabber_game.deals.get()
    services.game_correct_deal(
        game=clabber_game,
        number=1,
        expected_version=first.version,
        deal=Deal(makers=0, card_points=(62, 100)),
        by=scorer,
    )
    services.game_add_deal(game=stale, deal=Deal(makers=0, card_points=(100, 62)), by=scorer)
    clabber_game.refresh_from_db()
    assert clabber_game.totals == [100, 162]
    assert clabber_game.deals.get(number=2).running == [100, 162]
