"""`manage.py demo`: the club night, season and tournament it writes, and a crawl of every page
(and file) a visitor can reach from the home page, signed out, as a scorer and as the secretary.
These tests only read the demo: it is built once for the module (tests/league/conftest.py);
its refusal to overwrite a database is in test_demo_reset.py."""

from __future__ import annotations

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client

from league.access import can_score
from league.competitions import selectors as competitions_selectors
from league.evenings import selectors as evenings_selectors
from league.models import Club, Competition, Deal, DealAudit, Game, TournamentFormat
from league.stored_words import confirmed_by_words
from league.tournaments import selectors as tournaments_selectors
from tests.builders import pdf_pages, qr_codes
from tests.crawl import crawl
from tests.league.html import parse

pytestmark = [pytest.mark.django_db, pytest.mark.xdist_group("demo-for-the-module")]

PASSWORD = "hicksheet-demo"


def test_the_demo_fills_an_empty_database_with_a_club_night(demo_for_the_module):
    out = demo_for_the_module
    assert PASSWORD in out and "secretary" in out and "Thursday club night" in out

    games = Game.objects.all()
    for preset in ("clabber", "klaberjass", "klaberjass-hang"):
        assert any(g.preset == preset and g.finished for g in games), preset
        assert any(g.preset == preset and not g.finished for g in games), preset
    for game in games:
        target = game.rules.target
        if game.rules.fixed_deals:
            # A boom or a partie ends after its deals; tonight's club evening has one half way.
            if game.finished:
                assert game.deal_count == game.rules.deals
            else:
                assert 0 < game.deal_count < (game.rules.deals or 0)
        elif game.finished:
            assert target is not None and game.totals[game.winner] >= target
        else:
            assert target is not None and max(game.totals) < target and game.deal_count > 0
    night = [g for g in games if g.fixture_id is None]
    assert all(g.title.startswith("Thursday club night") for g in night)


def test_the_demo_has_a_season_in_progress(demo_for_the_module):
    league = Competition.objects.get(name="Winter league 2026")
    assert league.fixtures.filter(finished=True).count() == 3 * 3 + 2
    assert league.fixtures.filter(status="forfeit").exists()
    assert league.fixtures.filter(typed_scores__isnull=False, status="played").exists()
    assert Game.objects.filter(fixture__competition=league, winner__isnull=True).count() == 1
    table = competitions_selectors.competition_standings(league)
    assert sum(line.row.played for line in table) == 2 * 11
    cup = Competition.objects.get(name="Individual cup")
    assert cup.rotation_repeats["partners"] == 0  # nine players, four rounds: all new partners
    assert cup.fixtures.filter(finished=True).count() == 2

    deals = Deal.objects.select_related("game")
    assert any("XX" in d.marks for d in deals)
    assert any(d.renege not in ("", "both") and max(d.points) >= 162 for d in deals)
    assert any(d.void and d.void_reason for d in deals)
    assert any("four_jacks" in sum(d.melds, []) for d in deals if d.game.preset == "clabber")
    assert any(d.belle is not None for d in deals)
    # A tie that hung: nobody scored, the points held for the next winner.
    assert any(
        d.game.preset == "klaberjass-hang" and d.made is False and d.held and not any(d.points)
        for d in deals
    )
    for d in deals:
        if d.card_points is None:
            continue
        assert not {1, 161} & set(d.card_points)
        if d.game.preset == "clabber":
            assert sum(d.card_points) == 162
        else:
            assert sum(d.card_points) <= 162

    audit = DealAudit.objects.select_related("by")
    assert {a.action for a in audit} == {"edit", "delete"}
    assert any(a.action == "edit" and a.by.username == "secretary" for a in audit)
    assert User.objects.get(username="secretary").profile.role == "organiser"
    assert Client().login(username="table1", password=PASSWORD)


def test_the_demo_has_a_tournament_in_progress(demo_for_the_module):
    out = demo_for_the_module
    cup = Competition.objects.get(name="Saturday Clabber Open")
    assert f"/c/{cup.slug}/" in out and f"/c/{cup.slug}/rounds/1/tables.pdf" in out
    assert cup.kind == "tournament" and cup.format == TournamentFormat.SINGLE and cup.third_place
    assert cup.entrants.count() == 8 and cup.entrants.filter(partnership__isnull=False).count() == 8
    assert sorted(cup.entrants.values_list("seed", flat=True)) == list(range(1, 9))
    first = list(cup.fixtures.filter(round__number=1))
    assert len(first) == 4
    for fixture in first:
        # Entered through the home side's link, confirmed through the away side's.
        away = fixture.sides.get(side=1).entrant.name
        assert fixture.finished and fixture.entered_by == 0
        assert confirmed_by_words(fixture, [fixture.sides.get(side=0).entrant.name, away]) == away
        assert fixture.games.get().deal_count > 0
    semi = cup.fixtures.get(bracket_match="W2-1")
    game = semi.games.get()
    assert game.winner is None and game.deal_count > 0 and semi.confirmed_at is None
    assert f"/m/{semi.sides.get(side=0).entry_token}/" in out
    waiting = cup.fixtures.get(bracket_match="W2-2")
    assert not waiting.games.exists()
    state = tournaments_selectors.bracket_state(cup)
    assert len(state.decided) == 4 and set(state.ready) == {"W2-1", "W2-2"}
    assert state.champion is None

    # Its printed documents.
    bracket = pdf_pages(Client().get(f"/c/{cup.slug}/bracket.pdf").content)[0]
    for fixture in first:
        winner = fixture.sides.get(side=fixture.winner).entrant.name
        assert winner in bracket
    assert "In play at table" in bracket and "Champion: still to be decided" in bracket
    ranking = pdf_pages(Client().get(f"/c/{cup.slug}/ranking.pdf").content)[0]
    assert "Not finished yet" in ranking
    assert Client().get(f"/c/{cup.slug}/rounds/2/tables.pdf").status_code == 302
    secretary = Client()
    assert secretary.login(username="secretary", password=PASSWORD)
    pack = secretary.get(f"/c/{cup.slug}/rounds/1/tables.pdf").content
    # A copy of each table's sheet for each side, each with that side's link only.
    assert [len(codes) for codes in qr_codes(pack)] == [1] * 8


@pytest.mark.crawl
@pytest.mark.parametrize("who", ["anonymous", "table1", "secretary"])
def test_every_page_reachable_from_home_answers(demo_for_the_module, who: str):
    client = Client()
    if who != "anonymous":
        assert client.login(username=who, password=PASSWORD)
    offered: set[str] = set()
    visited = crawl(client, offered)

    # Every kind of page was fetched (a few of each, tests/crawl.py): every game is offered,
    # and each game page fetched offers the game's rules and sheets.
    games = list(Game.objects.all())
    assert all(f"/games/{game.pk}/" in offered for game in games)
    game_pages = [g for g in games if f"/games/{g.pk}/" in visited]
    assert game_pages
    for game in game_pages:
        assert f"/games/{game.pk}/rules/" in offered
        assert f"/games/{game.pk}/sheet.pdf" in offered
        assert f"/games/{game.pk}/sheet.pdf?size=Letter" in offered
    sheets = [url for url in visited if url.split("?")[0].endswith("/sheet.pdf")]
    assert sheets and all(visited[url] == "application/pdf" for url in sheets)
    assert "/rules/clabber/" in visited and "/sheets/blank/" in visited
    corrections = {u for u in offered if "/deals/" in u}
    # The deals of the game pages fetched, and the correction links each may have.
    deals = [d for d in Deal.objects.select_related("game") if d.game in game_pages]
    assert deals
    if who == "secretary":
        # Every deal's correction page, and from each one fetched its delete page (a GET only
        # asks to confirm).
        for deal in deals:
            assert f"/games/{deal.game_id}/deals/{deal.number}/" in corrections
        fetched = [u for u in visited if re.fullmatch(r"/games/\d+/deals/\d+/", u)]
        assert fetched and all(f"{u}delete/" in corrections for u in fetched)
        assert "/games/new/" in visited
        # The secretary sees who corrected what.
        for row in DealAudit.objects.select_related("by"):
            text = parse(client.get(f"/games/{row.game_id}/").content).by_id("audit").text
            assert row.by.username in text and row.get_action_display() in text
    elif who == "table1":
        # A scorer is offered the correction of every deal of the games they score, no other.
        scorer = User.objects.get(username=who)
        theirs = {
            f"/games/{d.game_id}/deals/{d.number}/{action}"
            for d in Deal.objects.select_related("game")
            if can_score(scorer, d.game)
            for action in ("", "delete/")
        }
        assert theirs and corrections <= theirs
        assert {
            f"/games/{d.game_id}/deals/{d.number}/{action}"
            for d in deals
            if can_score(scorer, d.game)
            for action in ("", "delete/")
        } <= corrections
    else:
        assert not corrections
        assert "/accounts/login/" in visited
    # Nothing was written by reading.
    assert DealAudit.objects.count() == 2


def test_the_demo_has_a_game_scored_with_declared_melds_and_dealers(demo_for_the_module):
    game = Game.objects.get(meld_entry="declared", preset="clabber")
    assert game.first_dealer == 2 and game.deals.exclude(declared=[]).count() == 3
    client = Client()
    text = client.get(f"/games/{game.pk}/").content.decode()
    assert "run of four to the king in trumps beats run of four to the king" in text
    # Gina dealt first, then Hal, then Eve: Frank deals next.
    assert "Deals next: <strong>Frank</strong>" in text


def test_the_demo_has_a_klaverjas_league_with_a_drawn_boom_and_french_games(demo_for_the_module):
    league = Competition.objects.get(name="Klaverjascompetitie 2026")
    assert league.rules.preset == "klaverjas" and league.entrants.count() == 4
    played = Game.objects.filter(fixture__competition=league).order_by("id")
    won, drawn = played
    assert won.winner is not None and won.deal_count == 16
    assert drawn.drawn and drawn.winner is None and drawn.totals[0] == drawn.totals[1]
    marks = [mark for deal in drawn.deals.all() for mark in deal.marks]
    assert "nat" in marks and drawn.deals.filter(all_tricks__isnull=False).count() == 2
    assert league.fixtures.filter(finished=True).count() == 2
    assert league.rounds.count() == 3 and league.fixtures.filter(games__isnull=True).exists()

    coinche = Game.objects.get(preset="coinche")
    assert not coinche.finished and 0 < max(coinche.totals) < 2000
    deals = list(coinche.deals.order_by("number"))
    assert {d.bid for d in deals} >= {"capot", "100"} and any(d.contre for d in deals)
    assert any("XX" in d.marks for d in deals)
    belote = Game.objects.get(preset="belote", fixture__isnull=True)
    assert belote.finished and belote.totals[belote.winner] >= 501

    client = Client()
    for game in (won, drawn, coinche, belote):
        assert client.get(f"/games/{game.pk}/").status_code == 200, game
    assert client.get(f"/c/{league.slug}/").status_code == 200


def test_the_demo_has_a_season_of_club_evenings_and_a_belote_concours(demo_for_the_module):
    out = demo_for_the_module
    club = Club.objects.get(name="KJC De Hoge Boom")
    first, second, tonight = evenings_selectors.evenings_of_club(club.pk).order_by("held_on")
    for evening in (first, second, tonight):
        assert f"/c/{evening.slug}/evening/" in out and f"/c/{evening.slug}/screen/" in out

    # The first drive, played to the end: a late arrival, a leaver, a sit-out a round, most
    # tables entered deal by deal (with roem), one or two typed from paper; prizes and a booby.
    played = evenings_selectors.evening(first)
    assert played.finished and 13 <= len(played.entrants) <= 17
    assert all(len(r.sitting_out) == 1 for r in played.rounds)
    late = first.entrants.get(joined_round=2)
    assert first.entrants.filter(left_after_round=1).count() == 1
    rows = {row.entrant.pk: row for row in played.ranking}
    assert rows[late.pk].cells[0].how == "absent" and rows[late.pk].cells[0].points == 1450
    sat_out = [c for row in played.ranking for c in row.cells if c.how == "sat_out"]
    assert len(sat_out) == 3 and {c.points for c in sat_out} == {1600}
    fixtures = list(first.fixtures.all())
    typed = [f for f in fixtures if f.typed_scores]
    games = Game.objects.filter(fixture__competition=first)
    assert 1 <= len(typed) <= 2 and games.count() == len(fixtures) - len(typed)
    assert all(g.finished and g.deal_count == 16 for g in games)
    assert any(row.roem for row in played.ranking)
    assert played.ranking[0].prize == 1 and played.ranking[0].prize_words == "Meat parcel"
    assert [r.booby for r in played.ranking].count(True) == 1 and played.ranking[-1].booby

    # Tonight: round 2 drawn, a table done, one playing with a boom half entered, one waiting.
    live = evenings_selectors.evening(tonight)
    assert not live.finished and live.drawn == 2
    current = live.current
    assert current is not None and current.still_playing
    assert any(t.playing for t in current.tables) and any(t.finished for t in current.tables)
    half = Game.objects.get(fixture__competition=tonight, winner__isnull=True, drawn=False)
    assert 0 < half.deal_count < 16
    assert half.fixture is not None
    phone = half.fixture.sides.filter(side=0).order_by("id")[0]
    assert f"/m/{phone.entry_token}/" in out

    # The season: the best two of three evenings, at least two played.
    season = first.season
    assert season is not None and second.season == season and tonight.season == season
    view = evenings_selectors.season_view(season)
    assert [e.pk for e in view.evenings] == [first.pk, second.pk, tonight.pk]
    ranked = [line for line in view.lines if line.row.ranked]
    assert ranked and all(line.row.played >= 2 for line in ranked)
    # Only finished evenings count: tonight's is in play, and its guest not in the season yet.
    assert view.counted_evenings == (first, second) and view.in_play == (tonight,)
    assert "Riemer Hoogland" not in {line.name for line in view.lines}
    for line in ranked:
        assert len(line.row.counted) == 2 and line.row.score == sum(line.row.counted)
    assert [line.row.score for line in ranked] == sorted(
        (line.row.score for line in ranked), reverse=True
    )

    # The belote concours: teams, four parties of 12 deals, the odd team au pot, a prize each.
    concours = Competition.objects.get(name="Concours de belote")
    result = evenings_selectors.evening(concours)
    assert result.finished and len(result.rounds) == 4 and len(result.entrants) % 2 == 1
    assert all(len(r.sitting_out) == 1 for r in result.rounds)
    assert len({e.pk for r in result.rounds for e in r.sitting_out}) == 4  # never twice
    assert all(row.prize for row in result.ranking) and not any(r.booby for r in result.ranking)
    parties = Game.objects.filter(fixture__competition=concours)
    assert parties and all(g.finished and g.deal_count == 12 for g in parties)
    assert concours.rules.target is None
