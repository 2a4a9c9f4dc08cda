"""Tournaments through the services: brackets that advance on confirmed results, Swiss rounds,
pools then a knockout, entry links, confirmation and withdrawals."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.errors import Refused
from league.games import services as games_services
from league.models import EntrantKind, FixtureSide, TournamentFormat
from league.tournaments import selectors
from league.tournaments import services as tournaments_services
from scoring import Deal, get_ruleset
from tests.builders import open_fixtures, play_by_links, tournament

pytestmark = pytest.mark.django_db


def test_single_elimination_advances_to_one_champion(organiser):
    cup = tournament(organiser, 6, TournamentFormat.SINGLE, third_place=True)
    tournaments_services.tournament_start(competition=cup)
    first = open_fixtures(cup)
    assert len(first) == 2  # 6 entrants: seeds 1 and 2 have byes
    while fixtures := open_fixtures(cup):
        for fixture in fixtures:
            play_by_links(fixture, 0)
    state = selectors.bracket_state(cup)
    assert state.finished and state.champion is not None
    assert len(state.placings) == 6
    assert cup.fixtures.filter(bracket_match="3P").exists()
    # Each bracket round is one round of the day, however the results came in.
    rounds = {f.bracket_match: f.round.number for f in cup.fixtures.select_related("round")}
    assert {m: n for m, n in rounds.items() if m.startswith("W1")} == {"W1-1": 1, "W1-2": 1}
    assert {n for m, n in rounds.items() if m.startswith("W2")} == {2}


def test_the_side_that_entered_cannot_confirm_and_tokens_expire(organiser):
    cup = tournament(organiser, 2, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.get()
    sides = {s.side: s for s in fixture.sides.all()}
    game = tournaments_services.token_start_game(side=sides[0])
    while game.winner is None:
        tournaments_services.token_add_deal(
            side=sides[0], game=game, deal=Deal(makers=0, card_points=(120, 10))
        )
        game.refresh_from_db()
    fixture.refresh_from_db()
    assert fixture.entered_by == 0
    with pytest.raises(Refused, match="cannot confirm"):
        tournaments_services.fixture_confirm(fixture=fixture, side=0)
    tournaments_services.fixture_confirm(fixture=fixture, side=1)
    with pytest.raises(Refused, match="already confirmed"):
        tournaments_services.fixture_confirm(fixture=fixture, side=1)
    with pytest.raises(Refused, match="expired"):
        tournaments_services.token_add_deal(
            side=sides[0], game=game, deal=Deal(makers=0, card_points=(120, 10))
        )
    assert selectors.bracket_state(cup).champion == sides[0].entrant_id


def test_a_link_cannot_write_to_another_match(organiser):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    one, two = open_fixtures(cup)
    game = tournaments_services.token_start_game(side=two.sides.first())
    with pytest.raises(Refused, match="another match"):
        tournaments_services.token_add_deal(
            side=one.sides.first(), game=game, deal=Deal(makers=0, card_points=(120, 10))
        )
    assert game.deals.count() == 0
    assert selectors.token_side("not-a-token") is None


def test_double_elimination_needs_two_losses(organiser):
    cup = tournament(organiser, 4, TournamentFormat.DOUBLE, final_reset=True)
    tournaments_services.tournament_start(competition=cup)
    rounds = 0
    while fixtures := open_fixtures(cup):
        rounds += 1
        for fixture in fixtures:
            # The away side (the lower seed, or the losers' bracket) always wins.
            play_by_links(fixture, 1)
        assert rounds < 20
    state = selectors.bracket_state(cup)
    assert state.finished and state.champion is not None
    losses = {e: 0 for e in cup.entrants.values_list("pk", flat=True)}
    for entrant in FixtureSide.objects.filter(fixture__competition=cup, result="loss").values_list(
        "entrant_id", flat=True
    ):
        losses[entrant] += 1
    assert sorted(losses.values()) == [1, 2, 2, 2]  # the champion lost once (then the reset)


def test_swiss_pairs_rounds_without_rematches_and_fair_byes(organiser):
    swiss = tournament(organiser, 5, TournamentFormat.SWISS, swiss_rounds=4)
    tournaments_services.tournament_start(competition=swiss)
    for _ in range(4):
        fixtures = open_fixtures(swiss)
        assert len(fixtures) == 2
        for fixture in fixtures:
            play_by_links(fixture, 0)
    assert swiss.rounds.count() == 4 and not open_fixtures(swiss)
    pairs = [frozenset(f.sides.values_list("entrant_id", flat=True)) for f in swiss.fixtures.all()]
    assert len(pairs) == len(set(pairs))
    byes = [e.pk for r in swiss.rounds.all() for e in r.sitting_out.all()]
    assert len(byes) == len(set(byes)) == 4


def test_pools_then_a_knockout_of_the_top_two(organiser):
    cup = tournament(organiser, 8, TournamentFormat.POOLS, pool_count=2, pool_top_k=2)
    tournaments_services.tournament_start(competition=cup)
    assert set(cup.entrants.values_list("pool", flat=True)) == {0, 1}
    for fixture in open_fixtures(cup):
        play_by_links(fixture, 0)
    knockout = list(cup.fixtures.exclude(bracket_match=""))
    assert len(knockout) == 2  # the semi-finals, cross-seeded
    for fixture in knockout:
        pools = set(fixture.sides.values_list("entrant__pool", flat=True))
        assert pools == {0, 1}
    while fixtures := open_fixtures(cup):
        for fixture in fixtures:
            play_by_links(fixture, 0)
    assert selectors.bracket_state(cup).champion is not None


def test_a_withdrawal_mid_bracket_gives_a_walkover(organiser):
    cup = tournament(organiser, 4, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    first, second = open_fixtures(cup)
    play_by_links(first, 0)
    quitter = second.sides.get(side=1).entrant
    tournaments_services.entrant_withdraw(entrant=quitter, by=organiser)
    second.refresh_from_db()
    assert second.status == "forfeit" and second.winner == 0 and second.confirmed_at
    final = open_fixtures(cup)
    assert len(final) == 1
    play_by_links(final[0], 1)
    assert selectors.bracket_state(cup).finished


def test_seeding_from_a_league_table_and_bad_manual_seeds(organiser):
    cup = tournament(organiser, 3, TournamentFormat.SINGLE)
    ids = list(cup.entrants.values_list("pk", flat=True))
    with pytest.raises(Refused, match="different seed"):
        tournaments_services.tournament_seed(
            competition=cup, method="manual", seeds={ids[0]: 1, ids[1]: 1}
        )
    order = tournaments_services.tournament_seed(
        competition=cup, method="manual", seeds={ids[0]: 3, ids[1]: 1, ids[2]: 2}
    )
    assert [e.pk for e in order] == [ids[1], ids[2], ids[0]]


def test_a_best_of_three_ends_when_a_side_has_won_two(organiser):
    cup = tournament(organiser, 2, TournamentFormat.SINGLE, games_per_match=3, best_of=True)
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.get()
    sides = {s.side: s for s in fixture.sides.all()}
    for played in (1, 2):
        game = tournaments_services.token_start_game(side=sides[1])
        while game.winner is None:
            tournaments_services.token_add_deal(
                side=sides[1], game=game, deal=Deal(makers=0, card_points=(120, 10))
            )
            game.refresh_from_db()
        fixture.refresh_from_db()
        assert fixture.finished == (played == 2)
    assert fixture.winner == 0 and fixture.sides.get(side=0).games_won == 2


@pytest.mark.parametrize(
    ("preset", "options", "field"),
    [
        ("klaberjass-3", {}, "preset"),
        ("klaberjass", {"games_per_match": 2}, "games_per_match"),
        ("klaberjass", {"games_per_match": 2, "best_of": True}, "games_per_match"),
    ],
)
def test_a_tournament_that_could_not_produce_a_winner_is_refused(organiser, preset, options, field):
    club = competitions_services.club_create(name="Refusals")
    with pytest.raises(Refused) as caught:
        tournaments_services.tournament_create(
            club=club,
            name="X",
            rules=get_ruleset(preset),
            entrant_kind=EntrantKind.PLAYERS,
            format=TournamentFormat.SINGLE,
            by=organiser,
            **options,
        )
    assert caught.value.field == field


def test_a_withdrawal_during_a_best_of_three_concedes_the_match(organiser):
    cup = tournament(organiser, 2, TournamentFormat.SINGLE, games_per_match=3, best_of=True)
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.get()
    sides = {s.side: s for s in fixture.sides.all()}
    game = tournaments_services.token_start_game(side=sides[1])
    while game.winner is None:
        tournaments_services.token_add_deal(
            side=sides[1], game=game, deal=Deal(makers=1, card_points=(10, 120))
        )
        game.refresh_from_db()
    tournaments_services.entrant_withdraw(entrant=sides[1].entrant, by=organiser)
    fixture.refresh_from_db()
    assert fixture.finished and fixture.winner == 0 and fixture.confirmed_at
    assert fixture.games.count() == 1  # the game played stays on the record
    assert selectors.bracket_state(cup).champion == sides[0].entrant_id


def test_a_confirmed_match_cannot_be_changed_through_its_games(organiser):
    from league.errors import Refused

    cup = tournament(organiser, 2, TournamentFormat.SINGLE)
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.get()
    play_by_links(fixture, 0)
    game = fixture.games.get()
    last = game.deals.order_by("-number").first()
    with pytest.raises(Refused, match="confirmed"):
        games_services.game_delete_deal(
            game=game, number=last.number, expected_version=last.version, by=organiser
        )
    with pytest.raises(Refused, match="confirmed"):
        games_services.game_correct_deal(
            game=game,
            number=1,
            expected_version=1,
            by=organiser,
            deal=Deal(makers=1, card_points=(10, 120)),
        )
    assert game.deals.count() == last.number
