"""Issue 22, trial findings 4, 5, 7 and 15: the club's list of changes reads as sentences in
the reader's language, one per (subject, action), each written by the real service so that a
change of what a writer stores shows here; an unknown shape reads as a plain sentence, never raw
data; the list goes by pages. A member's and a partnership's page show the message of the
change just made, say when it retired, and lead an organiser down to its controls; the club
page leads to its retired members; pick lists name a team with its players."""

from __future__ import annotations

import datetime
import re

import pytest
from django.urls import reverse

from league.competitions import edit_services, member_services
from league.competitions import fixture_admin_services as admin
from league.competitions import services as competitions_services
from league.competitions import withdrawal as withdrawals
from league.competitions.forms import EntrantForm
from league.competitions.member_presenters import CHANGES_SHOWN, club_changes
from league.models import (
    Club,
    Competition,
    Entrant,
    EntrantKind,
    Partnership,
    Player,
    RecordChange,
)
from league.tournaments import services as tournaments_services
from league.tournaments.forms import SwapForm, WithdrawForm
from scoring import get_ruleset
from scoring.standings import MatchPoints
from tests.builders import add, fixtures_of, make_league, query_count, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def league(organiser) -> Competition:
    return make_league(organiser)  # four pairs "Pair 1".."Pair 4", three rounds


def sentences(club: Club) -> list[str]:
    return [line.sentence for line in club_changes(club)[0]]


def latest(club: Club) -> str:
    return sentences(club)[0]


def records_url(club: Club) -> str:
    return reverse("competitions:club-records", args=[club.slug])


def fixture_sides(fixture) -> str:
    return admin.fixture_name(fixture).partition(": ")[2]


def messages_text(root) -> str:
    return " ".join(e.text for e in root.iter("ul") if e.has_class("messages"))


RAW = re.compile(r"[{}\[\]]|'(preset|overrides|status)'")


# -- members, partnerships, the club ---------------------------------------------------------
def test_members_partnerships_and_the_club_read_as_sentences(league, organiser):
    club = league.club
    anna = competitions_services.player_add(club=club, name="Anna")
    member_services.player_rename(player=anna, name="Anne", by=organiser)
    assert latest(club) == "Renamed member Anna to Anne"
    member_services.player_retire(player=anna, by=organiser)
    assert latest(club) == "Retired Anne"
    member_services.player_retire(player=anna, by=organiser, retired=False)
    assert latest(club) == "Brought Anne back into the club"
    ben = competitions_services.player_add(club=club, name="Ben")
    pair = competitions_services.partnership_add(club=club, first=anna, second=ben)
    member_services.partnership_rename(partnership=pair, name="Westsiders", by=organiser)
    assert latest(club) == "Renamed partnership (no team name) to Westsiders"
    member_services.partnership_retire(partnership=pair, by=organiser)
    assert latest(club) == "Retired partnership Westsiders"
    member_services.partnership_retire(partnership=pair, by=organiser, retired=False)
    assert latest(club) == "Brought partnership Westsiders back into the club"
    member_services.partnership_remove(partnership=pair, by=organiser)
    assert latest(club) == "Removed partnership Westsiders (Anne & Ben)"
    member_services.player_remove(player=ben, by=organiser)
    assert latest(club) == "Removed member Ben"
    member_services.club_rename(club=club, name="Evansville Club", by=organiser)
    assert latest(club) == "Renamed the club Evansville Clabber Club to Evansville Club"


# -- a competition ----------------------------------------------------------------------------
def test_an_edit_names_each_field_and_value_in_words(league, organiser):
    night = league.rounds.get(number=2)
    edit_services.competition_edit(
        competition=league,
        by=organiser,
        changes={
            "name": "Winter League 2026",
            "points": MatchPoints(win=3, draw=1, loss=0),
            "tiebreaks": ["match_points", "wins"],
            "best_nights": 2,
            "language": "de",
            "dates": {night.pk: datetime.date(2026, 3, 12)},
        },
    )
    text = latest(league.club)
    assert text.startswith("Edited Winter League 2026: ")
    assert "points for a win 2 → 3" in text
    assert "points for a draw" not in text  # unchanged
    assert "name ‘Winter league’ → ‘Winter League 2026’" in text
    assert "nights counted all → 2" in text
    assert "language each reader's language → German" in text
    assert "round 2's night 15 January 2026 → 12 March 2026" in text
    assert "tie-breaks Match points, " in text and "→ Match points, " in text
    assert not RAW.search(text), text


def test_new_house_rules_read_by_their_names_and_a_rescore_counts_its_games(league, organiser):
    game = competitions_services.fixture_start_game(fixture=fixtures_of(league)[0], by=organiser)
    for _ in range(3):
        add(game, organiser, makers=0, card_points=(120, 42))
    rules = league.rules.replace(target=1000)
    try:
        edit_services.competition_edit(competition=league, by=organiser, changes={"rules": rules})
    except edit_services.RescoreNeeded as needed:
        edit_services.competition_edit(
            competition=league, by=organiser, changes={"rules": rules}, rescore_games=needed.games
        )
    text = latest(league.club)
    assert text == "Rescored 1 game of Winter league under new house rules: Target 500 → 1000"


def test_archive_restore_and_delete_read_as_sentences(league, organiser):
    edit_services.competition_archive(competition=league, by=organiser)
    assert latest(league.club) == "Archived Winter league"
    edit_services.competition_restore(competition=league, by=organiser)
    assert latest(league.club) == "Brought Winter league back from the archive"
    other = competitions_services.competition_create(
        club=league.club,
        name="Test cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    edit_services.competition_delete(competition=other, by=organiser)
    assert latest(league.club) == "Deleted Test cup"


# -- entrants and fixtures ------------------------------------------------------------------
def test_a_withdrawal_and_a_return_name_the_league_and_what_stands(league, organiser):
    pair = league.entrants.get(name="Pair 1")
    mine = list(league.fixtures.filter(sides__entrant=pair).order_by("round__number"))
    for fixture in mine[:2]:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    said = sentences(league.club)
    assert said[0] == "Withdrew Pair 1 from Winter league: 2 results stand, 1 fixture conceded"
    conceded = [s for s in said if s.startswith("Conceded the fixture")]
    assert conceded and "(Winter league, round 3)" in conceded[0]
    withdrawals.entrant_return_to_league(entrant=pair, by=organiser)
    said = sentences(league.club)
    assert said[0] == "Brought Pair 1 back into Winter league: 1 fixture as it was"
    assert any(s.startswith("Put the conceded fixture") for s in said)
    assert not any("Back in the club" in s for s in said)


def test_a_withdrawal_that_voids_says_how_many(league, organiser):
    pair = league.entrants.get(name="Pair 2")
    withdrawals.entrant_withdraw_from_league(entrant=pair, by=organiser)
    assert latest(league.club) == "Withdrew Pair 2 from Winter league: 3 fixtures voided"


def test_a_tournament_withdrawal_names_the_tournament(organiser):
    cup = tournament(organiser, 4, name="Spring open")
    entrant = cup.entrants.get(name="P1")
    tournaments_services.entrant_withdraw(entrant=entrant, by=organiser)
    assert re.fullmatch(r"Withdrew P1 from Spring open: \d+ match(es)? conceded", latest(cup.club))


def test_fixture_changes_name_the_competition_and_the_round(league, organiser):
    fixture = fixtures_of(league)[-1]
    number = fixture.round.number
    admin.fixture_move(fixture=fixture, date=datetime.date(2026, 3, 12), table="3", by=organiser)
    said = sentences(league.club)
    where = f"(Winter league, round {number})"
    assert said[1].startswith("Moved the fixture ") and said[1].endswith(
        f"{where} to 12 March 2026"
    )
    assert said[0].endswith(f"{where} to table 3")
    assert "Fixture " not in said[0]
    admin.fixture_move(fixture=fixture, date=None, table="", by=organiser)
    assert (
        latest(league.club)
        == f"Moved the fixture {fixture_sides(fixture)} {where} back to its round's night"
    )
    admin.fixture_void(fixture=fixture, by=organiser)
    assert latest(league.club).startswith("Voided the fixture ")
    assert latest(league.club).endswith(where)
    admin.fixture_restore(fixture=fixture, by=organiser)
    assert latest(league.club).startswith("Put the voided fixture ")


@pytest.mark.parametrize(
    ("subject", "action", "before", "after"),
    [
        ("competition", "edit", {"mystery": [1, 2]}, {"mystery": {"a": 1}}),
        ("competition", "rescore", {"rules": {"preset": "nope"}}, {"rules": [], "games": 9}),
        ("entrant", "withdraw", {"withdrawn": False}, {"outcome": "odd"}),
        ("fixture", "void", {}, {}),
        ("player", "rename", {"name": ["x"]}, {"name": {"y": 1}}),
        ("hovercraft", "launch", {"eels": [1]}, {"eels": [2]}),
        ("competition", "edit", ["not", "a", "dict"], "nor this"),
    ],
)
def test_an_unknown_shape_reads_as_a_plain_sentence(
    league, organiser, subject, action, before, after
):
    RecordChange.objects.create(
        club=league.club,
        subject=subject,
        subject_id=league.pk,
        subject_name="Winter league",
        action=action,
        before=before,
        after=after,
        by=organiser,
    )
    text = latest(league.club)
    assert "Winter league" in text
    assert not RAW.search(text), text


# -- the page ---------------------------------------------------------------------------------
def test_the_list_goes_by_pages_in_flat_queries(league, organiser, organiser_client):
    club = league.club
    anna = competitions_services.player_add(club=club, name="Anna")
    member_services.player_retire(player=anna, by=organiser)
    admin.fixture_move(fixture=fixtures_of(league)[0], date=None, table="7", by=organiser)
    withdrawals.entrant_withdraw_from_league(
        entrant=league.entrants.get(name="Pair 4"), by=organiser
    )
    address = records_url(club)
    few = query_count(organiser_client, address)
    for n in range(CHANGES_SHOWN + 5):
        member_services.player_retire(player=anna, by=organiser, retired=n % 2 == 1)
    # The newest page names an entrant and a fixture too, as the first did: like for like.
    admin.fixture_move(fixture=fixtures_of(league)[1], date=None, table="8", by=organiser)
    withdrawals.entrant_return_to_league(entrant=league.entrants.get(name="Pair 4"), by=organiser)
    total = RecordChange.objects.filter(club=club).count()
    assert query_count(organiser_client, address) == few
    assert query_count(organiser_client, address + "?page=2") == few
    root = parse(organiser_client.get(address).content)
    assert len(list(root.by_id("changes").iter("li"))) == CHANGES_SHOWN
    assert f"Page 1 of 2 ({total} changes)" in root.by_id("changes-pages").text
    second = parse(organiser_client.get(address + "?page=2").content).by_id("changes")
    assert len(list(second.iter("li"))) == total - CHANGES_SHOWN
    assert "Withdrew Pair 4 from Winter league" in second.text
    for wild in ("abc", "-5", "99999", "9" * 40):
        assert organiser_client.get(address, {"page": wild}).status_code == 200
    assert "latest" not in root.by_id("changes").text
    assert 'class="record-changes"' in organiser_client.get(address).content.decode()


def test_the_list_is_for_organisers(league, client, scorer_client):
    address = records_url(league.club)
    assert scorer_client.get(address).status_code == 403
    assert client.get(address).status_code == 302


# -- a member's and a partnership's page ------------------------------------------------------
def test_a_member_page_shows_the_message_says_retired_and_leads_to_the_controls(
    league, organiser_client, scorer_client
):
    player = Player.objects.get(name="Player 1a")
    page = reverse("competitions:player-detail", args=[player.pk])
    response = organiser_client.post(
        reverse("competitions:player-retire", args=[player.pk]), follow=True
    )
    root = parse(response.content)
    assert "has retired" in messages_text(root)
    note = root.by_id("retired-note").text
    assert note.startswith("Retired on ")
    html = response.content.decode()
    assert html.index('id="retired-note"') < html.index('id="housekeeping"')
    assert html.index('href="#housekeeping"') < html.index('id="partnerships"')
    assert 'href="#housekeeping"' not in scorer_client.get(page).content.decode()
    assert "Retired on " in scorer_client.get(page).content.decode()
    # Shown once, then gone: the next page opened does not repeat it.
    assert "has retired" not in organiser_client.get(page).content.decode()


def test_a_partnership_page_shows_the_message_and_says_retired(league, organiser_client):
    pair = Partnership.objects.get(name="Pair 1")
    response = organiser_client.post(
        reverse("competitions:partnership-retire", args=[pair.pk]), follow=True
    )
    root = parse(response.content)
    assert "has retired" in messages_text(root)
    assert root.by_id("retired-note").text.startswith("Retired on ")
    root.by_id("to-housekeeping")
    response = organiser_client.post(
        reverse("competitions:partnership-return", args=[pair.pk]), follow=True
    )
    assert "is back in the club" in response.content.decode()
    assert 'id="retired-note"' not in response.content.decode()


def test_the_club_page_leads_to_its_retired_members_from_the_members_list(league, organiser):
    from django.test import Client

    club = league.club
    address = reverse("competitions:club-detail", args=[club.slug])
    assert 'id="to-retired"' not in Client().get(address).content.decode()
    member_services.player_retire(player=Player.objects.get(name="Player 1a"), by=organiser)
    html = Client().get(address).content.decode()
    link = html.index('id="to-retired"')
    assert html.index('id="members"') < link < html.index('id="partnerships"')
    assert 'href="#retired"' in html[link : link + 200]


# -- pick lists -----------------------------------------------------------------------------
def test_pick_lists_name_a_team_with_its_players(league, organiser):
    club = league.club
    ruth = competitions_services.player_add(club=club, name="Ruth Meyer")
    carl = competitions_services.player_add(club=club, name="Carl")
    eve = competitions_services.player_add(club=club, name="Eve")
    finn = competitions_services.player_add(club=club, name="Finn")
    competitions_services.partnership_add(club=club, first=ruth, second=carl, name="Westsiders")
    competitions_services.partnership_add(club=club, first=eve, second=finn)
    labels = [
        label for _value, label in EntrantForm(competition=league).fields["partnership"].choices
    ]
    assert "Westsiders (Ruth Meyer & Carl)" in labels
    assert "Eve & Finn" in labels  # no team name: its players are its name
    withdraw = [
        str(label) for _v, label in WithdrawForm(competition=league).fields["entrant"].choices
    ]
    assert "Pair 1 (Player 1a & Player 1b)" in withdraw
    night = league.rounds.get(number=1)
    entrants = list(
        Entrant.objects.filter(competition=league).select_related(
            "partnership__first", "partnership__second"
        )
    )
    swap = SwapForm(night=night, entrants=entrants)
    assert "Pair 2 (Player 2a & Player 2b)" in [label for _v, label in swap.fields["first"].choices]


def test_a_players_tournament_pick_list_names_players_alone(organiser):
    cup = tournament(organiser, 4)
    labels = [str(label) for _v, label in WithdrawForm(competition=cup).fields["entrant"].choices]
    assert "P1" in labels
