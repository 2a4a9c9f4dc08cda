"""Issue 22, housekeeping of members, partnerships and clubs: rename (the name as it is now,
on past sheets and PDFs too), retire (off the pick lists, kept in the records, back in one
tap), remove (only what never played, after a confirmation), each audited as a RecordChange;
the seats of a partnership named with its team. Every write is tried by the organiser (it
works), a scorer (403) and an anonymous visitor (sent to sign in), and nothing changes when it
is refused."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import member_services
from league.competitions import services as competitions_services
from league.competitions.forms import EntrantForm, PartnershipForm
from league.competitions.member_presenters import CHANGES_SHOWN
from league.errors import Refused
from league.games import services as games_services
from league.models import (
    Club,
    Competition,
    Entrant,
    EntrantKind,
    Game,
    LiveEvent,
    Partnership,
    Player,
    RecordChange,
)
from scoring import Deal, get_ruleset
from tests.builders import pdf_pages, query_count, refused
from tests.league.html import parse

pytestmark = pytest.mark.django_db


# -- a club with a played game ------------------------------------------------------------------
@pytest.fixture
def club() -> Club:
    return competitions_services.club_create(name="Evansville Clabber Club")


def _members(club: Club, *names: str) -> list[Player]:
    return [competitions_services.player_add(club=club, name=name) for name in names]


@pytest.fixture
def season(club, organiser) -> Competition:
    """A league of two partnerships, "Anna & Ben" (no team name) and "Westsiders" (Ruth and
    Carl); its one fixture has a game with a deal. Eve and Finn never played."""
    anna, ben, ruth, carl, *_ = _members(club, "Anna", "Ben", "Ruth Meyer", "Carl", "Eve", "Finn")
    ours = competitions_services.partnership_add(club=club, first=anna, second=ben)
    theirs = competitions_services.partnership_add(
        club=club, first=ruth, second=carl, name="Westsiders"
    )
    competition = competitions_services.competition_create(
        club=club,
        name="Winter league",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    for pair in (ours, theirs):
        competitions_services.entrant_add(competition=competition, partnership=pair)
    competitions_services.fixtures_generate(competition=competition)
    fixture = competition.fixtures.get()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    games_services.game_add_deal(game=game, deal=Deal(makers=0, card_points=(90, 72)), by=organiser)
    return competition


def player(name: str) -> Player:
    return Player.objects.get(name=name)


def westsiders() -> Partnership:
    return Partnership.objects.get(name="Westsiders")


def sheet_text(client: Client, game: Game) -> str:
    return parse(client.get(f"/games/{game.pk}/").content).text


def pdf_text(client: Client, game: Game) -> str:
    response = client.get(reverse("printing:game-pdf", args=[game.pk]))
    assert response.status_code == 200
    return "\n".join(pdf_pages(response.content))


def writes(club: Club) -> list[tuple[str, dict[str, str]]]:
    """Every write of this housekeeping, with a post that the organiser may send."""
    eve, pair = player("Eve"), westsiders()
    return [
        (reverse("competitions:player-rename", args=[eve.pk]), {"rename-name": "Evelyn"}),
        (reverse("competitions:player-retire", args=[eve.pk]), {}),
        (reverse("competitions:player-return", args=[eve.pk]), {}),
        (reverse("competitions:player-remove", args=[eve.pk]), {}),
        (reverse("competitions:partnership-rename", args=[pair.pk]), {"rename-name": "East"}),
        (reverse("competitions:partnership-retire", args=[pair.pk]), {}),
        (reverse("competitions:partnership-return", args=[pair.pk]), {}),
        (reverse("competitions:partnership-remove", args=[pair.pk]), {}),
        (reverse("competitions:club-records", args=[club.slug]), {"club-name": "Other"}),
        (reverse("competitions:club-remove", args=[club.slug]), {}),
    ]


# -- who may --------------------------------------------------------------------------------
@pytest.mark.parametrize("who", ["scorer", "anonymous"])
def test_scorers_and_strangers_are_refused_and_nothing_changes(season, club, who, scorer):
    client = Client()
    if who == "scorer":
        client.force_login(scorer)
    for address, data in writes(club):
        refused(client.post(address, data), login=who == "anonymous")
        refused(client.get(address), login=who == "anonymous")
    assert player("Eve").retired_at is None
    assert westsiders().retired_at is None
    assert Club.objects.get().name == "Evansville Clabber Club"
    assert not RecordChange.objects.exists()


def test_hostile_ids_are_not_found(season, organiser_client):
    for name in ("player", "partnership"):
        for action in ("rename", "retire", "return", "remove"):
            for pk in (0, 999_999, 99_999_999_999_999_999_999):
                address = f"/{name}s/{pk}/{action}/"
                assert organiser_client.post(address, {"rename-name": "X"}).status_code == 404
    assert organiser_client.get("/clubs/no-such-club/records/").status_code == 404
    assert organiser_client.post("/clubs/no-such-club/remove/").status_code == 404
    assert not RecordChange.objects.exists()


# -- renaming -------------------------------------------------------------------------------
def test_a_renamed_member_shows_as_now_on_old_sheets_and_pdfs(
    season, organiser, organiser_client, client
):
    game = Game.objects.get()
    assert "Anna & Ben" in game.side_names
    anna = player("Anna")
    response = organiser_client.post(
        reverse("competitions:player-rename", args=[anna.pk]), {"rename-name": " Anne  Marie "}
    )
    assert response.status_code == 302
    assert response["Location"] == reverse("competitions:player-detail", args=[anna.pk])
    game.refresh_from_db()
    assert "Anne Marie & Ben" in game.side_names and "Anna & Ben" not in game.side_names
    assert Entrant.objects.filter(name="Anne Marie & Ben").count() == 1
    assert "Anne Marie & Ben" in sheet_text(client, game)
    text = pdf_text(client, game)
    assert "Anne Marie & Ben" in text and "Anna & Ben" not in text
    change = RecordChange.objects.get()
    assert (change.subject, change.subject_id, change.action) == ("player", anna.pk, "rename")
    assert (change.before, change.after) == ({"name": "Anna"}, {"name": "Anne Marie"})
    assert change.by == organiser and change.club_id == anna.club_id
    history = parse(client.get(f"/players/{anna.pk}/").content).by_id("history").text
    assert "Renamed from Anna to Anne Marie" in history


def test_a_game_abandoned_from_the_match_is_renamed_too(season, organiser):
    abandoned = Game.objects.get()
    games_services.game_abandon(game=abandoned, by=organiser)
    fixture = season.fixtures.get()
    again = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    member_services.player_rename(player=player("Ben"), name="Benno", by=organiser)
    for game in (abandoned, again):
        game.refresh_from_db()
        assert "Anna & Benno" in game.side_names, game


def test_a_rename_in_a_rotation_rebuilds_the_side_as_it_was_built(club, organiser):
    """In a rotation each side is two members' entries, its name their names joined."""
    _members(club, "Kai", "Lea", "Max", "Nia")
    rotation = competitions_services.competition_create(
        club=club,
        name="Mixed pairs",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.ROTATION,
        by=organiser,
    )
    competitions_services.entrants_add_all(competition=rotation)
    competitions_services.rotation_generate(competition=rotation, rounds=1)
    fixture = rotation.fixtures.get()
    game = competitions_services.fixture_start_game(fixture=fixture, by=organiser)
    before = list(game.side_names)
    member_services.player_rename(player=player("Lea"), name="Leah", by=organiser)
    game.refresh_from_db()
    expected = [
        name.replace("Lea", "Leah") if "Lea" in name.split(" & ") else name for name in before
    ]
    assert game.side_names == expected != before
    assert Entrant.objects.get(competition=rotation, player__name="Leah").name == "Leah"


def test_a_renamed_team_shows_on_the_sheet_and_the_dealer_column(season, organiser_client, client):
    game = Game.objects.get()
    pair = westsiders()
    response = organiser_client.post(
        reverse("competitions:partnership-rename", args=[pair.pk]), {"rename-name": "Eastsiders"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert "Eastsiders" in game.side_names
    text = pdf_text(client, game)
    assert "Eastsiders" in text and "Westsiders" not in text
    assert RecordChange.objects.get().before == {"name": "Westsiders"}
    # Blank: the partnership is called by its players again, everywhere.
    organiser_client.post(
        reverse("competitions:partnership-rename", args=[pair.pk]), {"rename-name": ""}
    )
    game.refresh_from_db()
    assert "Ruth Meyer & Carl" in game.side_names
    assert Entrant.objects.filter(partnership=pair).get().name == "Ruth Meyer & Carl"


def test_the_dealer_column_names_a_team_player_with_the_team(season, client, organiser_client):
    game = Game.objects.get()
    root = parse(client.get(f"/games/{game.pk}/").content)
    dealer = next(c for c in root.by_id("deal-1").iter("td") if c.has_class("dealer")).text
    # Seat 0 is the home side's first player; seat 1 the away side's first player.
    home = game.side_names[0]
    expected = "Anna" if home == "Anna & Ben" else "Ruth Meyer (Westsiders)"
    assert dealer == expected
    settings = parse(organiser_client.get(f"/games/{game.pk}/").content)
    seats = [o.text for o in settings.by_id("id_first_dealer").iter("option")]
    assert "Ruth Meyer (Westsiders)" in seats and "Carl (Westsiders)" in seats
    assert not any("(1st)" in seat or "(2nd)" in seat for seat in seats)
    text = pdf_text(client, game)
    assert "Westsiders (1st)" not in text and "Westsiders (2nd)" not in text
    assert "Ruth Meyer (Westsiders)" in text or "Carl (Westsiders)" in text


@pytest.mark.parametrize(
    ("typed", "message"),
    [
        ("  BEN ", "Evansville Clabber Club already has a member called Ben."),
        ("", "This field is required."),
        ("\u200b\u202e ", "This field is required."),
        ("x" * 81, "Ensure this value has at most 80 characters (it has 81)."),
    ],
)
def test_a_bad_name_is_shown_next_to_the_field_and_nothing_is_saved(
    season, organiser_client, typed, message
):
    eve = player("Eve")
    response = organiser_client.post(
        reverse("competitions:player-rename", args=[eve.pk]), {"rename-name": typed}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("rename-name-error").text
    assert error == message
    assert player("Eve").name == "Eve"
    assert not RecordChange.objects.exists()


def test_a_name_too_long_once_cleaned_is_refused_not_a_crash(club, organiser):
    eve = _members(club, "Eve")[0]
    with pytest.raises(Refused) as error:
        member_services.player_rename(player=eve, name="\ufdfa" * 5, by=organiser)
    assert error.value.field == "name"
    assert player("Eve").name == "Eve"


def test_a_duplicate_team_name_is_refused_next_to_the_field(season, organiser_client, club):
    ours = Partnership.objects.get(name="")
    response = organiser_client.post(
        reverse("competitions:partnership-rename", args=[ours.pk]), {"rename-name": "westsiders"}
    )
    assert response.status_code == 400
    error = parse(response.content).by_id("rename-name-error").text
    assert error == "Evansville Clabber Club already has a team called Westsiders."
    assert Partnership.objects.get(pk=ours.pk).name == ""


def test_a_club_keeps_its_address_when_renamed(season, club, organiser_client):
    address = reverse("competitions:club-records", args=[club.slug])
    response = organiser_client.post(address, {"club-name": "Evansville Card Club"}, follow=True)
    assert "The club is now called Evansville Card Club." in response.content.decode()
    renamed = Club.objects.get()
    assert (renamed.name, renamed.slug) == ("Evansville Card Club", club.slug)
    competitions_services.club_create(name="Other Club")
    response = organiser_client.post(address, {"club-name": "other club"})
    assert response.status_code == 400
    error = parse(response.content).by_id("club-name-error").text
    assert error == "There is already a club called Other Club."
    assert Club.objects.get(slug=club.slug).name == "Evansville Card Club"


# -- retiring -------------------------------------------------------------------------------
def test_a_retired_member_is_off_every_pick_list_but_kept_in_the_records(
    season, club, organiser, organiser_client, client
):
    for name in ("Eve", "Anna"):
        response = organiser_client.post(
            reverse("competitions:player-retire", args=[player(name).pk])
        )
        assert response.status_code == 302
    eve, anna = player("Eve"), player("Anna")
    assert eve.retired_at is not None
    assert list(RecordChange.objects.values_list("action", flat=True)) == ["retire", "retire"]
    # Off the new partnership's choices...
    form = PartnershipForm(club=club)
    assert eve not in form.fields["first"].queryset
    # ...and off a new competition's entrants, one by one or all at once.
    solo = competitions_services.competition_create(
        club=club,
        name="Singles",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    assert eve not in EntrantForm(competition=solo).fields["player"].queryset
    done = competitions_services.entrants_add_all(competition=solo)
    added = {entrant.name for entrant in done.added}
    assert "Eve" not in added and "Anna" not in added and "Finn" in added
    with pytest.raises(Refused):
        competitions_services.entrant_add(competition=solo, player=eve)
    pairs = competitions_services.competition_create(
        club=club,
        name="Pairs",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    offered = EntrantForm(competition=pairs).fields["partnership"].queryset
    assert westsiders() in offered and Partnership.objects.get(name="") not in offered
    # Kept: the player's page, the standings, the club page's folded list.
    record = parse(client.get(f"/players/{anna.pk}/").content)
    assert "Retired on " in record.by_id("history").text
    assert record.by_id("retired-note").text.startswith("Retired on ")
    standings = client.get(reverse("competitions:standings", args=[season.slug]))
    assert "Anna &amp; Ben" in standings.content.decode()
    root = parse(organiser_client.get(f"/clubs/{club.slug}/").content)
    assert "Eve" not in root.by_id("members").text
    retired = root.by_id("retired")
    assert "Eve" in retired.text and "Anna" in retired.text
    assert next(retired.iter("summary")).text == "Retired members and partnerships (2)"
    buttons = [b.text for b in retired.iter("button")]
    assert buttons.count("Bring back into the club") == 2
    # Back in one tap, from the club page.
    response = organiser_client.post(
        reverse("competitions:player-return", args=[eve.pk]), {"back": "club"}
    )
    assert response.status_code == 302
    assert response["Location"] == f"/clubs/{club.slug}/#retired"
    assert player("Eve").retired_at is None
    assert RecordChange.objects.first().action == "return"


def test_a_retired_partnership_is_off_the_entrant_list(season, club, organiser, organiser_client):
    pair = westsiders()
    organiser_client.post(reverse("competitions:partnership-retire", args=[pair.pk]))
    assert westsiders().retired_at is not None
    pairs = competitions_services.competition_create(
        club=club,
        name="Pairs",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    assert pair not in EntrantForm(competition=pairs).fields["partnership"].queryset
    done = competitions_services.entrants_add_all(competition=pairs)
    assert [entrant.name for entrant in done.added] == ["Anna & Ben"]
    page = parse(organiser_client.get(f"/partnerships/{pair.pk}/").content)
    assert page.by_id("return").text == "Bring back into the club"


# -- removing -------------------------------------------------------------------------------
def test_a_member_who_never_played_is_removed_after_a_confirmation(season, club, organiser_client):
    eve, finn = player("Eve"), player("Finn")
    pair = competitions_services.partnership_add(club=club, first=eve, second=finn)
    address = reverse("competitions:player-remove", args=[eve.pk])
    confirm = parse(organiser_client.get(address).content)
    assert confirm.by_id("remove-confirm").text == "Remove Eve"
    assert "Eve & Finn" in confirm.by_id("removed-with").text
    assert Player.objects.filter(pk=eve.pk).exists()  # a GET removes nothing
    response = organiser_client.post(address)
    assert response.status_code == 302
    assert not Player.objects.filter(pk=eve.pk).exists()
    assert not Partnership.objects.filter(pk=pair.pk).exists()
    actions = set(RecordChange.objects.values_list("subject", "action", "subject_name"))
    assert actions == {("player", "remove", "Eve"), ("partnership", "remove", "Eve & Finn")}


def test_a_member_with_games_cannot_be_removed_and_is_offered_retire(season, organiser_client):
    anna = player("Anna")
    address = reverse("competitions:player-remove", args=[anna.pk])
    root = parse(organiser_client.get(address).content)
    assert "Winter league" in root.by_id("remove-blockers").text
    assert root.by_id("retire-instead").text == "Retire"
    response = organiser_client.post(address)
    assert response.status_code == 400
    error = parse(response.content).by_id("remove-error").text
    assert error == "Anna is entered in Winter league, so cannot be removed."
    assert Player.objects.filter(pk=anna.pk).exists()
    pair = westsiders()
    response = organiser_client.post(reverse("competitions:partnership-remove", args=[pair.pk]))
    assert response.status_code == 400
    assert Partnership.objects.filter(pk=pair.pk).exists()
    assert not RecordChange.objects.exists()


def test_a_club_with_competitions_cannot_be_removed_one_without_can(season, club, organiser_client):
    address = reverse("competitions:club-remove", args=[club.slug])
    assert (
        "Winter league"
        in parse(organiser_client.get(address).content).by_id("remove-blockers").text
    )
    response = organiser_client.post(address)
    assert response.status_code == 400
    assert parse(response.content).by_id("remove-error").text == (
        "Evansville Clabber Club has competitions (Winter league), so cannot be removed."
    )
    assert Club.objects.filter(pk=club.pk).exists()
    empty = competitions_services.club_create(name="Test club")
    _members(empty, "Zoe", "Yann")
    competitions_services.partnership_add(
        club=empty, first=player("Zoe"), second=player("Yann"), name="Z"
    )
    response = organiser_client.post(reverse("competitions:club-remove", args=[empty.slug]))
    assert response["Location"] == reverse("competitions:club-list")
    assert not Club.objects.filter(pk=empty.pk).exists()
    assert not Player.objects.filter(name="Zoe").exists()
    change = RecordChange.objects.get()
    assert (change.subject, change.action, change.club_id) == ("club", "remove", None)


# -- the club's list of changes -------------------------------------------------------------
def test_the_club_lists_its_changes_newest_first_in_bounded_queries(
    season, club, organiser, organiser_client
):
    eve = player("Eve")
    member_services.player_rename(player=eve, name="Evelyn", by=organiser)
    member_services.player_retire(player=eve, by=organiser)
    address = reverse("competitions:club-records", args=[club.slug])
    items = [
        li.text for li in parse(organiser_client.get(address).content).by_id("changes").iter("li")
    ]
    assert items[0].startswith("Retired Evelyn")
    assert items[1].startswith("Renamed member Eve to Evelyn")
    assert "by olga" in items[1] or f"by {organiser.username}" in items[1]
    few = query_count(organiser_client, address)
    for n in range(CHANGES_SHOWN + 5):
        member_services.player_retire(player=eve, by=organiser, retired=n % 2 == 1)
    assert query_count(organiser_client, address) == few
    text = parse(organiser_client.get(address).content).by_id("changes").text
    assert f"Page 1 of 2 ({CHANGES_SHOWN + 7} changes)" in text


# -- the live pages follow ------------------------------------------------------------------
def test_a_rename_tells_the_live_pages_of_the_game_the_match_and_the_club(season, club, organiser):
    game = Game.objects.get()
    LiveEvent.objects.all().delete()
    member_services.partnership_rename(partnership=westsiders(), name="Eastsiders", by=organiser)
    (event,) = LiveEvent.objects.all()
    topics = set(event.topics.split())
    assert {f"game:{game.pk}", f"fixture:{game.fixture_id}", f"club:{club.pk}"} <= topics
    assert f"competition:{season.pk}" in topics
    LiveEvent.objects.all().delete()
    member_services.player_retire(player=player("Eve"), by=organiser)
    assert set(LiveEvent.objects.get().topics.split()) == {f"club:{club.pk}"}
    # A refused change tells nobody.
    LiveEvent.objects.all().delete()
    with pytest.raises(Refused):
        member_services.player_rename(player=player("Eve"), name="Ben", by=organiser)
    assert not LiveEvent.objects.exists()


def test_a_partnership_that_never_played_is_removed_and_a_get_removes_nothing(
    season, club, organiser_client, client
):
    pair = competitions_services.partnership_add(
        club=club, first=player("Eve"), second=player("Finn"), name="Late pair"
    )
    address = reverse("competitions:partnership-remove", args=[pair.pk])
    assert parse(organiser_client.get(address).content).by_id("remove-confirm").text == (
        "Remove Late pair"
    )
    retire = reverse("competitions:partnership-retire", args=[pair.pk])
    assert organiser_client.get(retire).status_code == 405  # a write is a post
    assert organiser_client.post(retire).status_code == 302
    assert Partnership.objects.get(pk=pair.pk).retired_at is not None
    response = organiser_client.post(address)
    assert response["Location"] == f"/clubs/{club.slug}/#partnerships"
    assert not Partnership.objects.filter(pk=pair.pk).exists()
    assert Player.objects.filter(name="Eve").exists()
    # The club page leads the organiser, and only the organiser, to the club's own record.
    records = reverse("competitions:club-records", args=[club.slug])
    assert (
        parse(organiser_client.get(f"/clubs/{club.slug}/").content)
        .by_id("club-records")
        .attrs["href"]
        == records
    )
    assert records not in client.get(f"/clubs/{club.slug}/").content.decode()


def test_a_pair_of_two_long_names_is_entered_by_a_name_that_fits(club, organiser):
    # "A & B" of two 80-letter members is 163 letters, past the entrant's 120: a database that
    # checks lengths (PostgreSQL) refused the insert, a 500 to the organiser.
    first, second = _members(club, "A" * 80, "B" * 80)
    pair = competitions_services.partnership_add(club=club, first=first, second=second)
    competition = competitions_services.competition_create(
        club=club,
        name="Long names cup",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    entrant = competitions_services.entrant_add(competition=competition, partnership=pair)
    entrant.refresh_from_db()
    limit = Entrant._meta.get_field("name").max_length
    assert entrant.name == f"{'A' * 80} & {'B' * 80}"[:limit] and len(entrant.name) == limit
