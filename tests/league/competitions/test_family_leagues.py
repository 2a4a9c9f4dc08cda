"""Leagues of the family's other games (RULES.md part two): a klaverjas league plays booms of
16 deals, and a boom that ends level is a drawn game, so a drawn match: the standings count it
as a draw, the statistics read the game's own words (roem, nat, pit), the ratings rate it as
a draw, and no page takes it for a game still in play."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from league.competitions import selectors
from league.competitions import services as competitions_services
from league.competitions.forms import totals_help
from league.errors import Refused
from league.games import services as games_services
from league.models import (
    Competition,
    EntrantKind,
    Fixture,
    FixtureStatus,
    Game,
    RatedGame,
    RatingChange,
)
from league.screen import selectors as screen_selectors
from league.tournaments import selectors as tournaments_selectors
from league.tournaments import services as tournaments_services
from league.tournaments.presenters.words import ruleset_name
from scoring import Deal, get_ruleset
from tests.builders import FIRST_NIGHT, fixtures_of, make_league, names, query_count
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def klaverjas_league(organiser: User, teams: int = 4, preset: str = "klaverjas") -> Competition:
    """A klaverjas league (or another ``preset``'s) of ``teams`` partnerships ("Pair 1" ...),
    its round robin drawn."""
    club = competitions_services.club_create(name=f"Club De Boom {preset}")
    league = competitions_services.competition_create(
        club=club,
        name=f"Wintercompetitie {preset}",
        rules=get_ruleset(preset),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    for i in range(1, teams + 1):
        first = competitions_services.player_add(club=club, name=f"Speler {i}a")
        second = competitions_services.player_add(club=club, name=f"Speler {i}b")
        pair = competitions_services.partnership_add(
            club=club, first=first, second=second, name=f"Pair {i}"
        )
        competitions_services.entrant_add(competition=league, partnership=pair)
    competitions_services.fixtures_generate(competition=league, first_date=FIRST_NIGHT)
    return league


def drawn_boom(fixture: Fixture, by: User) -> Game:
    """16 deals where the makers take half the card points each time: a nat each, taken in
    turn, so each side ends on 8 x 162 = 1296: a drawn game."""
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for number in range(16):
        deal = Deal(makers=number % 2, card_points=(81, 81))
        games_services.game_add_deal(game=game, deal=deal, by=by)
    game.refresh_from_db()
    return game


def won_boom(fixture: Fixture, by: User) -> Game:
    """16 deals the home side makes, the last with every trick (a pit) and 40 roem."""
    game = competitions_services.fixture_start_game(fixture=fixture, by=by)
    for _ in range(15):
        deal = Deal(makers=0, card_points=(100, 62), meld_points=(20, 0))
        games_services.game_add_deal(game=game, deal=deal, by=by)
    pit = Deal(makers=0, card_points=(162, 0), meld_points=(40, 0), all_tricks=0)
    games_services.game_add_deal(game=game, deal=pit, by=by)
    game.refresh_from_db()
    return game


def url(name: str, competition: Competition, fixture: Fixture | None = None) -> str:
    args = [competition.slug] + ([fixture.pk] if fixture is not None else [])
    return reverse(name, args=args)


def standings(client: Client, competition: Competition) -> tuple[list[str], dict[str, dict]]:
    """The standings table's headings and each entrant's row by name, heading: cell."""
    response = client.get(url("competitions:standings", competition))
    assert response.status_code == 200
    table = parse(response.content).by_id("standings")
    head = [th.text for th in next(table.iter("thead")).iter("th")]
    body = next(table.iter("tbody"))
    rows = [[td.text for td in tr.iter("td")] for tr in body.iter("tr")]
    return head, {row[1]: dict(zip(head, row, strict=True)) for row in rows}


@pytest.fixture
def played(organiser, scorer) -> tuple[Competition, Fixture, Fixture]:
    league = klaverjas_league(organiser)
    drawn_fixture, won_fixture = fixtures_of(league)[:2]
    drawn_boom(drawn_fixture, scorer)
    won_boom(won_fixture, scorer)
    return league, drawn_fixture, won_fixture


def test_a_boom_that_ends_level_is_a_drawn_match_and_the_other_a_win(played):
    league, drawn_fixture, won_fixture = played
    game = drawn_fixture.games.get()
    assert (game.finished, game.drawn, game.winner, game.totals) == (True, True, None, [1296, 1296])
    assert game.status_text == "Drawn, 1296 each"
    drawn_fixture.refresh_from_db()
    assert drawn_fixture.finished and drawn_fixture.winner is None
    assert drawn_fixture.status == FixtureStatus.PLAYED
    assert {s.result for s in drawn_fixture.sides.all()} == {"draw"}

    head, rows = standings(Client(), league)
    home, away = names(drawn_fixture)
    for name in (home, away):
        assert (rows[name]["P"], rows[name]["D"], rows[name]["Pts"]) == ("1", "1", "1")
    winner, loser = names(won_fixture)
    assert (rows[winner]["W"], rows[winner]["Pts"], rows[loser]["L"]) == ("1", "2", "1")


def test_the_statistics_read_roem_nat_and_pits_in_a_klaverjas_league(played):
    league, drawn_fixture, won_fixture = played
    head, rows = standings(Client(), league)
    assert {"Nat", "Roem", "Pits"} <= set(head)
    assert not {"Hicks", "Meld", "Capots"} & set(head)
    home, away = names(drawn_fixture)
    # Eight nats each in the drawn boom: the makers' half of the cards is no more than half.
    assert rows[home]["Nat"] == rows[away]["Nat"] == "8"
    winner, loser = names(won_fixture)
    # 15 x 20 roem and 40 with the pit; the pit's 100 is no roem.
    assert (rows[winner]["Roem"], rows[winner]["Pits"], rows[loser]["Pits"]) == ("340", "1", "0")
    # The key under the table says what they are.
    page = Client().get(url("competitions:standings", league)).content.decode()
    assert "Nat: deals as makers that were set" in page
    assert "Pits: deals where the side took every trick" in page
    # The spreadsheet of the table has them too.
    csv = Client().get(url("competitions:standings", league) + "?_export=csv").content.decode()
    assert csv.splitlines()[0].endswith("Pits")


def test_a_clabber_league_shows_no_pits_and_keeps_its_words(organiser):
    league = make_league(organiser)
    head, _ = standings(Client(), league)
    assert {"Hicks", "Meld"} <= set(head)
    assert not {"Nat", "Roem", "Pits", "Capots"} & set(head)


@pytest.mark.parametrize("preset", ["belote", "coinche"])
def test_a_belote_or_coinche_league_shows_capots_and_its_own_words(organiser, preset):
    head, _ = standings(Client(), klaverjas_league(organiser, preset=preset))
    assert {"Capots", "Hicks", "Meld"} <= set(head)
    assert not {"Pits", "Nat", "Roem"} & set(head)


def test_the_klaverjas_standings_read_the_pits_in_one_query_more(played, organiser):
    league, _, _ = played
    clabber = make_league(organiser, name="Clabber league", club_name="Other club")
    assert query_count(Client(), url("competitions:standings", league)) == (
        query_count(Client(), url("competitions:standings", clabber)) + 1
    )


def test_a_game_stored_before_pits_were_counted_reads_none(played):
    league, _, won_fixture = played
    game = won_fixture.games.get()
    game.side_stats = [
        {k: v for k, v in side.items() if k not in ("pits", "capots")} for side in game.side_stats
    ]
    game.save(update_fields=["side_stats"])
    winner, _ = names(won_fixture)
    _, rows = standings(Client(), league)
    assert rows[winner]["Pits"] == "0"


def test_a_drawn_game_leaves_no_game_in_play_anywhere(played, organiser):
    league, drawn_fixture, _ = played
    game = drawn_fixture.games.get()
    assert not Game.objects.in_play().filter(pk=game.pk).exists()
    assert Game.objects.finished().filter(pk=game.pk).exists()
    line = selectors.fixture_line(selectors.fixtures_for_lines().get(pk=drawn_fixture.pk))
    assert line.running_game is None and not line.can_start_game
    assert "in play" not in line.score and line.result == "A draw, 1296 – 1296"
    assert tournaments_selectors.running_game(drawn_fixture.pk) is None
    assert tournaments_selectors.games_in_progress(league.fixtures.all()) == []
    # The room's screen finds no game in play tonight (no night is dated today).
    assert league not in screen_selectors.club_events(league.club)
    fixtures_page = Client().get(url("competitions:fixtures", league)).content.decode()
    assert "in play" not in fixtures_page.lower()
    # Another game cannot start: the match is over.
    with pytest.raises(Refused):
        competitions_services.fixture_start_game(fixture=drawn_fixture, by=organiser)


def test_a_paper_result_of_a_level_boom_is_a_draw(organiser, organiser_client):
    league = klaverjas_league(organiser)
    fixture = fixtures_of(league)[0]
    page = organiser_client.get(url("competitions:fixture-detail", league, fixture))
    assert page.status_code == 200
    text = page.content.decode()
    assert "A game is a boom of 16 deals: equal totals are a draw." in text
    response = organiser_client.post(
        url("competitions:fixture-result", league, fixture), {"typed-scores": "1296-1296"}
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.finished and fixture.winner is None and fixture.typed_scores == [[1296, 1296]]
    assert {s.result for s in fixture.sides.all()} == {"draw"}
    home = fixture.sides.get(side=0)
    assert (home.points_for, home.points_against) == (1296, 1296)


def test_the_league_page_names_a_boom_not_a_game_to_none(organiser):
    league = klaverjas_league(organiser)
    page = Client().get(reverse("competitions:detail", args=[league.slug])).content.decode()
    assert "booms of 16 deals: equal totals are a draw" in page
    assert "One game, a boom of 16 deals" in page
    assert "to None" not in page


def test_a_drawn_boom_rates_as_a_draw(organiser, scorer, django_capture_on_commit_callbacks):
    league = klaverjas_league(organiser)
    fixture = fixtures_of(league)[0]
    with django_capture_on_commit_callbacks(execute=True):
        game = drawn_boom(fixture, scorer)
    rated = RatedGame.objects.get(game=game)
    assert rated.winner == 2  # no side's index: nobody won
    changes = list(RatingChange.objects.filter(rated=rated))
    assert len(changes) == 6  # four players and two pairs
    assert {c.actual for c in changes} == {0.5}
    # Newcomers level before and level after: a draw moves nobody's mu, and narrows sigma.
    assert all(c.mu_after == pytest.approx(c.mu_before) for c in changes)
    assert all(c.sigma_after < c.sigma_before for c in changes)


def test_a_level_boom_typed_from_paper_rates_as_a_draw(
    organiser, django_capture_on_commit_callbacks
):
    league = klaverjas_league(organiser)
    fixture = fixtures_of(league)[0]
    with django_capture_on_commit_callbacks(execute=True):
        competitions_services.fixture_type_result(fixture=fixture, scores=[(1296, 1296)])
    rated = RatedGame.objects.get(fixture=fixture)
    assert rated.winner == 2 and rated.typed_index == 0
    assert {c.actual for c in RatingChange.objects.filter(rated=rated)} == {0.5}


def test_the_start_question_names_a_boom(organiser, organiser_client):
    league = klaverjas_league(organiser)
    fixture = fixtures_of(league)[0]
    page = parse(organiser_client.get(url("competitions:fixture-start", league, fixture)).content)
    assert page.by_id("start-who").text.endswith("Klaverjas (Dutch), a boom of 16 deals.")


def record(client: Client, address: str) -> tuple[list[str], list[list[str]]]:
    table = parse(client.get(address).content).by_id("records")
    head = [th.text for th in next(table.iter("thead")).iter("th")]
    body = next(table.iter("tbody"))
    return head, [[td.text for td in tr.iter("td")] for tr in body.iter("tr")]


def test_a_klaverjas_player_s_record_has_the_pits_a_clabber_player_s_none(played, organiser):
    league, _, won_fixture = played
    winner = won_fixture.sides.get(side=0).entrant
    head, rows = record(
        Client(), reverse("competitions:partnership-detail", args=[winner.partnership_id])
    )
    assert head[-2:] == ["Pits", "Form"]
    assert rows[0][-2] == "1"
    player = winner.partnership.first
    head, rows = record(Client(), reverse("competitions:player-detail", args=[player.pk]))
    assert "Pits" in head and rows[0][head.index("Pits") - 1] == "1"  # the first is a <th>
    clabber = make_league(organiser, name="Clabber league", club_name="Other club")
    pair = clabber.entrants.first().partnership
    head, _ = record(Client(), reverse("competitions:partnership-detail", args=[pair.pk]))
    assert not {"Pits", "Capots"} & set(head)


def tournament_post(club, format: str) -> dict[str, str]:
    return {
        "name": "Bokaal",
        "club": str(club.pk),
        "preset": "klaverjas",
        "target": "",
        "entrant_kind": "",
        "format": format,
        "games_per_match": "1",
    }


def test_a_klaverjas_knockout_is_refused_beside_its_format_and_a_swiss_taken(organiser_client):
    """A boom may end level and a knockout cannot go on from a draw: the director is told to
    choose a round robin or a Swiss; nothing is saved."""
    club = competitions_services.club_create(name="Klaverjasclub")
    response = organiser_client.post(reverse("tournaments:new"), tournament_post(club, "single"))
    assert response.status_code == 400
    errors = [
        p.text
        for p in parse(response.content).iter("p")
        if p.has_class("error") and p.attrs.get("id") == "format-error"
    ]
    assert errors == [
        "A game of Klaverjas (Dutch) is a fixed number of deals and may end level, and a "
        "knockout match needs a winner: choose a round robin or a Swiss."
    ]
    assert not Competition.objects.exists()
    response = organiser_client.post(reverse("tournaments:new"), tournament_post(club, "swiss"))
    assert response.status_code == 302
    assert Competition.objects.get().rules.deals == 16


def test_a_klaverjas_round_robin_tournament_takes_a_drawn_boom(organiser, organiser_client):
    """Entered through the sides' links: the level boom is a drawn match, confirmed like any
    other, a draw in the table; the pages name booms, and the entry page a draw, not a game
    in play."""
    club = competitions_services.club_create(name="Klaverjasclub Toernooi")
    cup = tournaments_services.tournament_create(
        club=club,
        name="Bokaal",
        rules=get_ruleset("klaverjas"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        format="round_robin",
        by=organiser,
    )
    for i in range(1, 5):
        first = competitions_services.player_add(club=club, name=f"Speler {i}a")
        second = competitions_services.player_add(club=club, name=f"Speler {i}b")
        pair = competitions_services.partnership_add(
            club=club, first=first, second=second, name=f"Pair {i}"
        )
        competitions_services.entrant_add(competition=cup, partnership=pair)
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.order_by("id").first()
    sides = {s.side: s for s in fixture.sides.all()}
    game = tournaments_services.token_start_game(side=sides[0])
    for number in range(16):
        deal = Deal(makers=number % 2, card_points=(81, 81))
        tournaments_services.token_add_deal(side=sides[0], game=game, deal=deal)
    fixture.refresh_from_db()
    assert fixture.finished and fixture.winner is None
    entry = Client().get(reverse("tournaments:entry", args=[sides[1].entry_token]))
    text = parse(entry.content).text
    assert "A draw, 1296 – 1296" in text and "booms of 16 deals" in text
    assert tournaments_selectors.running_game(fixture.pk) is None
    tournaments_services.fixture_confirm(fixture=fixture, side=1)
    fixture.refresh_from_db()
    assert fixture.confirmed_at is not None
    assert {s.result for s in fixture.sides.all()} == {"draw"}
    director = organiser_client.get(reverse("tournaments:director", args=[cup.slug]))
    assert "Klaverjas (Dutch), booms of 16 deals" in parse(director.content).text
    assert ruleset_name(cup) == "Klaverjas (Dutch), booms of 16 deals"
    _, rows = standings(Client(), cup)
    for name in names(fixture):
        assert rows[name]["D"] == "1"


def test_the_pits_are_kept_until_a_result_changes(played, scorer, organiser):
    league, _, _ = played
    clabber = url("competitions:standings", make_league(organiser, club_name="Other club"))
    address = url("competitions:standings", league)
    for page in (clabber, address):
        query_count(Client(), page)
    # Read again, the klaverjas table reads no more than a clabber one: the pits are kept.
    assert query_count(Client(), address) == query_count(Client(), clabber)
    # A boom won with another pit changes the table, so the pits are read again.
    other = fixtures_of(league)[2]
    won_boom(other, scorer)
    _, rows = standings(Client(), league)
    assert sorted(row["Pits"] for row in rows.values()) == ["0", "0", "1", "1"]


def test_only_klaverjas_games_are_booms_a_belote_partie_is_games_of_12_deals(organiser):
    club = competitions_services.club_create(name="Club Partie")
    partie = competitions_services.competition_create(
        club=club,
        name="Concours",
        rules=get_ruleset("belote", deals=12, target=None),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    page = Client().get(reverse("competitions:detail", args=[partie.slug])).content.decode()
    assert "games of 12 deals: equal totals are a draw" in page
    assert "One game, a game of 12 deals" in page
    assert "boom" not in page
    assert ruleset_name(partie) == "Belote (French, classic), games of 12 deals"
    assert "A game has 12 deals: equal totals are a draw." in totals_help(
        "Pair 1", "Pair 2", 1, 972, 12
    )
    boom = klaverjas_league(organiser)
    page = Client().get(reverse("competitions:detail", args=[boom.slug])).content.decode()
    assert "booms of 16 deals: equal totals are a draw" in page
    assert ruleset_name(boom) == "Klaverjas (Dutch), booms of 16 deals"
    assert "A game is a boom of 16 deals" in totals_help("Pair 1", "Pair 2", 1, 1296, 16, boom=True)
