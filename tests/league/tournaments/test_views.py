"""The tournament pages, read and used the way people use them: the organiser creates a
tournament, enters and seeds the entrants and starts it from the director's page; each side
plays through its private entry link and the other side confirms; the bracket page shows who
won and the final placings.

Every organiser write is tried by the organiser (it works), a scorer (403) and an anonymous
visitor (sent to sign in), and nothing is saved when it is refused. Entry links need no
account: an unknown token is a 404, a confirmed match's link answers 410 to every write.
"""

from __future__ import annotations

import json
import re

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.models import (
    Competition,
    CompetitionKind,
    Deal,
    Entrant,
    EntrantKind,
    Fixture,
    FixtureSide,
    Game,
    TournamentFormat,
)
from league.stored_words import confirmed_by_words
from league.tournaments import services as tournaments_services
from scoring import get_ruleset
from tests.builders import open_fixtures, page, publish_drafts, query_count, refused, tournament
from tests.league.html import Element, parse

pytestmark = pytest.mark.django_db

TARGET = 150
#: A deal the makers win by 120 to 42 (Klaberjass: 162 card points a deal, both sides typed).
WIN = {"makers": "0", "card_points_0": "120", "card_points_1": "42"}


# -- helpers ----------------------------------------------------------------------------------


def cup(organiser, n: int, fmt: str = TournamentFormat.SINGLE, **options) -> Competition:
    """A Klaberjass tournament to 150 (or by ``rules``) of ``n`` players, P1 ... Pn, entered in
    that order."""
    return tournament(organiser, n, fmt, name=options.pop("name", "Spring cup"), **options)


def started(organiser, n: int, fmt: str = TournamentFormat.SINGLE, **options) -> Competition:
    competition = cup(organiser, n, fmt, **options)
    tournaments_services.tournament_start(competition=competition)
    competition.refresh_from_db()
    return competition


def url(name: str, *args) -> str:
    return reverse(name, args=list(args))


def sides_of(fixture: Fixture) -> dict[int, FixtureSide]:
    return {s.side: s for s in fixture.sides.select_related("entrant")}


def deal_for(winner: int) -> dict[str, str]:
    return {**WIN, "makers": str(winner)} | (
        {"card_points_0": "42", "card_points_1": "120"} if winner == 1 else {}
    )


def play_by_link(client: Client, fixture: Fixture, winner: int) -> FixtureSide:
    """The loser's link starts the game and enters deals until ``winner`` has won it; returns
    the winner's side (whose link confirms)."""
    sides = sides_of(fixture)
    loser = sides[1 - winner].entry_token
    assert client.post(url("tournaments:entry-start", loser)).status_code == 302
    game = fixture.games.get()
    while game.winner is None:
        response = client.post(url("tournaments:entry-deal", loser), deal_for(winner))
        assert response.status_code == 302, response.content.decode()[:2000]
        game.refresh_from_db()
    return sides[winner]


def win_by_link(client: Client, fixture: Fixture, winner: int) -> None:
    side = play_by_link(client, fixture, winner)
    assert client.post(url("tournaments:entry-confirm", side.entry_token)).status_code == 302


def text_of(root: Element, id_: str) -> str:
    return root.by_id(id_).text


def errors(root: Element) -> list[str]:
    return [p.text for p in root.iter("p") if p.has_class("error")]


# -- a new tournament -------------------------------------------------------------------------
def new_post(club, **changes) -> dict[str, str]:
    data = {
        "name": "Spring cup",
        "club": str(club.pk),
        "preset": "klaberjass",
        "target": "300",
        "entrant_kind": "",
        "format": TournamentFormat.SINGLE,
        "games_per_match": "1",
        "third_place": "on",
        "final_reset": "on",
    }
    data.update(changes)
    return {k: v for k, v in data.items() if v is not None}


def test_the_organiser_creates_a_tournament_and_lands_on_the_director_page(organiser_client):
    club = competitions_services.club_create(name="Thursday club")
    form = page(organiser_client, url("tournaments:new") + f"?club={club.slug}")
    chosen = [o for o in form.by_id("id_club").iter("option") if "selected" in o.attrs]
    assert [o.text for o in chosen] == ["Thursday club"]
    # The three-hand game is not offered: a tournament match has two sides.
    presets = {o.attrs["value"] for o in form.by_id("id_preset").iter("option")}
    assert "klaberjass" in presets and "klaberjass-3" not in presets

    response = organiser_client.post(url("tournaments:new"), new_post(club))
    competition = Competition.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("tournaments:director", competition.slug)
    assert competition.kind == CompetitionKind.TOURNAMENT
    assert competition.format == TournamentFormat.SINGLE
    assert competition.entrant_kind == EntrantKind.PLAYERS  # from the game, two-hand
    assert competition.rules.target == 300 and competition.third_place


def test_a_four_hand_tournament_takes_partnerships(organiser_client):
    club = competitions_services.club_create(name="Clabber club")
    organiser_client.post(
        url("tournaments:new"),
        new_post(club, preset="clabber", target="", format=TournamentFormat.DOUBLE),
    )
    competition = Competition.objects.get()
    assert competition.entrant_kind == EntrantKind.PARTNERSHIPS
    assert competition.format == TournamentFormat.DOUBLE and competition.final_reset


@pytest.mark.parametrize(
    "changes, field, words",
    [
        ({"format": TournamentFormat.SWISS, "swiss_rounds": "16"}, "swiss_rounds", "15"),
        ({"format": TournamentFormat.POOLS}, "pool_count", "1 to 16 pools"),
        (
            {"format": TournamentFormat.POOLS, "pool_count": "2"},
            "pool_top_k",
            "From 1 to 8 entrants qualify",
        ),
        ({"games_per_match": "3", "best_of": None}, None, None),
        ({"games_per_match": "2"}, "games_per_match", "odd number of games"),
        (
            {
                "format": TournamentFormat.SWISS,
                "swiss_rounds": "3",
                "games_per_match": "2",
                "best_of": "on",
            },
            "games_per_match",
            "best-of match is an odd number",
        ),
        ({"entrant_kind": EntrantKind.PARTNERSHIPS}, "entrant_kind", "played alone"),
        ({"name": "  "}, "name", "This field is required"),
    ],
)
def test_a_refused_tournament_says_why_next_to_the_field(organiser_client, changes, field, words):
    club = competitions_services.club_create(name="Thursday club")
    response = organiser_client.post(url("tournaments:new"), new_post(club, **changes))
    if field is None:  # the control case: three games, not best-of, is fine
        assert response.status_code == 302
        return
    assert response.status_code == 400
    assert words in parse(response.content).by_id(f"{field}-error").text
    assert not Competition.objects.exists()


def field_box(root: Element, field_id: str) -> Element:
    """The field's box: its label, input, help and errors."""
    return next(
        div
        for div in root.iter("div")
        if div.has_class("field") and any(e.attrs.get("id") == field_id for e in div.iter())
    )


def selected(root: Element, select_id: str) -> list[str]:
    return [o.attrs["value"] for o in root.by_id(select_id).iter("option") if "selected" in o.attrs]


def test_a_new_tournament_starts_at_the_club_s_usual_game(organiser, organiser_client):
    # Thursday club's last competition was Evansville Clabber; Abbey club has none; the
    # three-hand game of Cedar club cannot be a tournament's, so it is not offered.
    thursday = competitions_services.club_create(name="Thursday club")
    abbey = competitions_services.club_create(name="Abbey club")
    cedar = competitions_services.club_create(name="Cedar club")
    tournament(organiser, 2, name="Old cup", rules=get_ruleset("klaberjass"))
    for club, preset in [(thursday, "klaberjass"), (thursday, "clabber"), (cedar, "klaberjass-3")]:
        competitions_services.competition_create(
            club=club,
            name=f"{club} {preset}",
            rules=get_ruleset(preset),
            entrant_kind=EntrantKind.PARTNERSHIPS
            if get_ruleset(preset).partnerships
            else EntrantKind.PLAYERS,
            by=organiser,
        )
    form = page(organiser_client, url("tournaments:new") + f"?club={thursday.slug}")
    assert selected(form, "id_preset") == ["clabber"]
    assert "usual game" in field_box(form, "id_preset").text
    # Without ?club= the first club of the menu is the one chosen: Abbey club, no usual game.
    form = page(organiser_client, url("tournaments:new"))
    assert selected(form, "id_club") == [str(abbey.pk)]
    assert selected(form, "id_preset") == []  # the menu's first: the form's own default
    form = page(organiser_client, url("tournaments:new") + f"?club={cedar.slug}")
    assert selected(form, "id_preset") == []
    # The page's script is given every club's usual game that a tournament may be played by.
    usual = json.loads(form.by_id("id_preset").attrs["data-usual-games"])
    assert usual[str(thursday.pk)] == "clabber" and str(cedar.pk) not in usual


def test_a_swiss_with_blank_rounds_plays_the_rounds_its_entrants_need(organiser, organiser_client):
    club = competitions_services.club_create(name="Thursday club")
    form = page(organiser_client, url("tournaments:new"))
    hint = field_box(form, "id_swiss_rounds").text
    assert "Blank: as many as the entrants need" in hint
    assert "8 entrants play 3 rounds, 16 play 4, 32 play 5." in hint
    response = organiser_client.post(
        url("tournaments:new"),
        new_post(club, format=TournamentFormat.SWISS, swiss_rounds="", third_place=None),
    )
    assert response.status_code == 302
    competition = Competition.objects.get()
    assert competition.swiss_rounds is None
    for i in range(1, 10):
        player = competitions_services.player_add(club=club, name=f"P{i}")
        competitions_services.entrant_add(competition=competition, player=player)
    director = page(organiser_client, url("tournaments:director", competition.slug))
    meta = next(p for p in director.iter("p") if p.has_class("meta")).text
    assert "Swiss, 4 rounds for 9 entrants (worked out from the entrants when it starts)" in meta
    assert organiser_client.post(url("tournaments:start", competition.slug)).status_code == 302
    competition.refresh_from_db()
    assert competition.started and competition.swiss_rounds == 4
    director = page(organiser_client, url("tournaments:director", competition.slug))
    assert "Swiss, 4 rounds;" in next(p for p in director.iter("p") if p.has_class("meta")).text


def test_a_tournament_s_tiebreaks_are_chosen_from_menus_or_left_to_the_format(
    organiser_client,
):
    club = competitions_services.club_create(name="Thursday club")
    form = page(organiser_client, url("tournaments:new"))
    menus = [next(li.iter("label")).text for li in form.by_id("tiebreak-chain").iter("li")]
    assert menus[:3] == ["1st tie-break", "2nd tie-break", "3rd tie-break"]
    assert "Buchholz, then Median Buchholz" in form.by_id("tiebreak-chain").text
    # Chosen: in the order of the menus.
    chosen = {"tiebreaks_0": "match_points", "tiebreaks_1": "", "tiebreaks_2": "fewest_hicks"}
    response = organiser_client.post(url("tournaments:new"), new_post(club, **chosen))
    assert response.status_code == 302
    assert Competition.objects.get().tiebreaks == ["match_points", "fewest_hicks"]
    # Every menu blank: the format's usual order.
    blank = {f"tiebreaks_{i}": "" for i in range(6)}
    swiss = new_post(club, name="Swiss cup", format=TournamentFormat.SWISS, **blank)
    assert organiser_client.post(url("tournaments:new"), swiss).status_code == 302
    assert Competition.objects.get(name="Swiss cup").tiebreaks[:2] == ["match_points", "buchholz"]
    # Twice the same: refused in words, next to the menus.
    twice = {"tiebreaks_0": "buchholz", "tiebreaks_1": "buchholz"}
    response = organiser_client.post(url("tournaments:new"), new_post(club, name="X", **twice))
    assert response.status_code == 400
    message = parse(response.content).by_id("tiebreaks-error").text
    assert message == "Buchholz is chosen twice: choose each tie-break once."
    assert not Competition.objects.filter(name="X").exists()


def test_only_an_organiser_creates_a_tournament(scorer_client):
    club = competitions_services.club_create(name="Thursday club")
    refused(scorer_client.get(url("tournaments:new")), login=False)
    refused(scorer_client.post(url("tournaments:new"), new_post(club)), login=False)
    refused(Client().post(url("tournaments:new"), new_post(club)), login=True)
    assert not Competition.objects.exists()


# -- the director's page: before the start ----------------------------------------------------
def test_the_director_page_is_the_organisers(organiser, organiser_client, scorer_client):
    competition = cup(organiser, 3)
    address = url("tournaments:director", competition.slug)
    root = page(organiser_client, address)
    assert "Start the tournament" in root.by_id("start").text
    rows = [tr.text for tr in root.by_id("seeding").iter("tr")][1:]
    # Each entrant with its seeding rating under its name (none rated yet), then its seed.
    assert rows == ["P1 newcomer", "P2 newcomer", "P3 newcomer"]
    refused(scorer_client.get(address), login=False)
    refused(Client().get(address), login=True)
    # A league season has no director's page.
    league = competitions_services.competition_create(
        club=competition.club,
        name="League",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    assert organiser_client.get(url("tournaments:director", league.slug)).status_code == 404
    assert organiser_client.get(url("tournaments:director", "nothing-here")).status_code == 404


def _writes(competition: Competition, organiser):
    """Each organiser write of the director's page: (name, url, data, did it happen?)."""
    entrants = list(competition.entrants.order_by("id"))
    extra = competitions_services.player_add(club=competition.club, name="Newcomer")
    return [
        (
            "entrant",
            url("tournaments:entrant-add", competition.slug),
            {"entrant-player": str(extra.pk)},
            lambda: competition.entrants.filter(player=extra).exists(),
        ),
        (
            "seed",
            url("tournaments:seed", competition.slug),
            {"seed-method": "manual"}
            | {f"seed-seed_{e.pk}": str(len(entrants) - i) for i, e in enumerate(entrants)},
            lambda: competition.entrants.get(pk=entrants[0].pk).seed == len(entrants),
        ),
        (
            "start",
            url("tournaments:start", competition.slug),
            {},
            lambda: Competition.objects.get(pk=competition.pk).started,
        ),
        (
            "withdraw",
            url("tournaments:withdraw", competition.slug),
            {"withdraw-entrant": str(entrants[-1].pk)},
            lambda: Entrant.objects.get(pk=entrants[-1].pk).withdrawn,
        ),
    ]


@pytest.mark.parametrize("write", ["entrant", "seed", "start", "withdraw"])
def test_each_director_write_works_for_the_organiser_only(
    organiser, organiser_client, scorer_client, write
):
    competition = cup(organiser, 4)
    name, address, data, happened = next(
        w for w in _writes(competition, organiser) if w[0] == write
    )
    refused(scorer_client.post(address, data), login=False)
    refused(Client().post(address, data), login=True)
    assert not happened()
    response = organiser_client.post(address, data)
    assert response.status_code == 302, response.content.decode()[:3000]
    assert response["Location"].startswith(url("tournaments:director", competition.slug))
    assert happened()


def test_confirm_as_director_works_for_the_organiser_only(
    organiser, organiser_client, scorer_client
):
    competition = started(organiser, 2)
    fixture = competition.fixtures.get()
    play_by_link(Client(), fixture, winner=0)
    address = url("tournaments:confirm", competition.slug, fixture.pk)
    refused(scorer_client.post(address), login=False)
    refused(Client().post(address), login=True)
    fixture.refresh_from_db()
    assert fixture.confirmed_at is None
    assert organiser_client.post(address).status_code == 302
    fixture.refresh_from_db()
    assert fixture.confirmed_at is not None
    assert (fixture.confirmed_by, fixture.confirmed_by_name) == ("director", "olga")
    assert confirmed_by_words(fixture, ["P1", "P2"]) == "director olga"
    root = page(Client(), url("tournaments:bracket", competition.slug))
    assert text_of(root, "champion") == "Champion: P1"


def test_a_fixture_of_another_tournament_is_not_found(organiser, organiser_client):
    one, other = started(organiser, 2), started(organiser, 2)
    fixture = other.fixtures.get()
    address = url("tournaments:confirm", one.slug, fixture.pk)
    assert organiser_client.post(address).status_code == 404


def test_bad_manual_seeds_are_refused_and_nothing_is_saved(organiser, organiser_client):
    competition = cup(organiser, 3)
    a, b, c = competition.entrants.order_by("id")
    data = {
        "seed-method": "manual",
        f"seed-seed_{a.pk}": "1",
        f"seed-seed_{b.pk}": "1",
        f"seed-seed_{c.pk}": "2",
    }
    response = organiser_client.post(url("tournaments:seed", competition.slug), data)
    assert response.status_code == 400
    assert "different seed from 1 to 3" in text_of(parse(response.content), "seed-errors")
    assert not competition.entrants.filter(seed__isnull=False).exists()
    # A missing seed is told at its own field.
    del data[f"seed-seed_{c.pk}"]
    response = organiser_client.post(url("tournaments:seed", competition.slug), data)
    assert "Give a seed" in text_of(parse(response.content), f"seed-seed_{c.pk}-error")


def test_seeds_at_random_and_from_another_competitions_table(organiser, organiser_client):
    competition = cup(organiser, 4)
    address = url("tournaments:seed", competition.slug)
    assert organiser_client.post(address, {"seed-method": "random"}).status_code == 302
    assert sorted(competition.entrants.values_list("seed", flat=True)) == [1, 2, 3, 4]
    # From a table: a league of the same club, P4 on top.
    league = competitions_services.competition_create(
        club=competition.club,
        name="League",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    players = {p.name: p for p in competition.club.players.all()}
    for name in ("P4", "P3"):
        competitions_services.entrant_add(competition=league, player=players[name])
    competitions_services.fixtures_generate(competition=league)
    fixture = league.fixtures.get()
    competitions_services.fixture_type_result(
        fixture=fixture,
        scores=[(600, 100) if sides_of(fixture)[0].entrant.name == "P4" else (100, 600)],
    )
    response = organiser_client.post(address, {"seed-method": "standings"})
    assert "Choose the competition" in text_of(
        parse(response.content), "seed-from_competition-error"
    )
    data = {"seed-method": "standings", "seed-from_competition": str(league.pk)}
    assert organiser_client.post(address, data).status_code == 302
    seeds = dict(competition.entrants.values_list("name", "seed"))
    assert seeds["P4"] == 1 and seeds["P3"] == 2


def test_a_tournament_of_one_cannot_start(organiser, organiser_client):
    competition = cup(organiser, 1)
    response = organiser_client.post(url("tournaments:start", competition.slug))
    assert response.status_code == 400
    assert "at least two entrants" in text_of(parse(response.content), "start-error")
    competition.refresh_from_db()
    assert not competition.started


def test_a_third_place_match_with_three_entrants_is_refused_not_a_crash(
    organiser, organiser_client
):
    competition = cup(organiser, 3, third_place=True)
    response = organiser_client.post(url("tournaments:start", competition.slug))
    assert response.status_code == 400
    assert "third-place match needs at least 4" in text_of(parse(response.content), "start-error")
    assert not competition.fixtures.exists()


# -- the director's page: running the tournament ----------------------------------------------
def test_the_director_sees_each_table_with_its_status_and_full_entry_links(
    organiser, organiser_client
):
    competition = started(organiser, 4)
    first, second = open_fixtures(competition)
    root = page(organiser_client, url("tournaments:director", competition.slug))
    table = root.by_id(f"table-{first.pk}")
    links = [a.attrs["href"] for a in table.iter("a") if a.has_class("entry-url")]
    tokens = [sides_of(first)[i].entry_token for i in (0, 1)]
    assert links == [f"http://testserver/m/{token}/" for token in tokens]
    assert "Not started" in table.text and "P1" in table.text and "P4" in table.text

    # In play: the running totals.
    client = Client()
    client.post(url("tournaments:entry-start", tokens[1]))
    client.post(url("tournaments:entry-deal", tokens[1]), WIN)
    root = page(organiser_client, url("tournaments:director", competition.slug))
    assert "In play: 120 – 42" in root.by_id(f"table-{first.pk}").text

    # Finished: waiting for the side that did not enter; the director may confirm instead.
    client.post(url("tournaments:entry-deal", tokens[1]), WIN)
    root = page(organiser_client, url("tournaments:director", competition.slug))
    table = root.by_id(f"table-{first.pk}")
    assert "Finished: waiting for P1 to confirm" in table.text
    assert "Confirm as director" in table.text
    assert "Confirm as director" not in root.by_id(f"table-{second.pk}").text

    # Confirmed, a withdrawal gives the final to P1 by walkover, and the tournament is over.
    organiser_client.post(url("tournaments:confirm", competition.slug, first.pk))
    quitter = sides_of(second)[0].entrant
    organiser_client.post(
        url("tournaments:withdraw", competition.slug), {"withdraw-entrant": str(quitter.pk)}
    )
    final = open_fixtures(competition)
    assert len(final) == 1 and final[0].bracket_match == "W2-1"
    win_by_link(Client(), final[0], winner=0)
    root = page(organiser_client, url("tournaments:director", competition.slug))
    assert "Every result is confirmed" in root.by_id("tables").text
    rows = {tr.attrs["id"]: tr.text for tr in root.by_id("entrants").iter("tr") if "id" in tr.attrs}
    assert "Withdrawn" in rows[f"entrant-{quitter.pk}"]


def test_a_new_bracket_match_is_not_given_a_table_still_at_play(organiser, organiser_client):
    competition = started(organiser, 8)
    client = Client()
    first = open_fixtures(competition)
    assert [f.table for f in first] == ["1", "2", "3", "4"]
    # Tables 1 and 2 finish: W2-1 sits at table 1 while tables 3 and 4 play on.
    for fixture in first[:2]:
        win_by_link(client, fixture, winner=0)
    # Table 1's next pair has not started when tables 3 and 4 finish: W2-2 goes to table 2.
    for fixture in first[2:]:
        win_by_link(client, fixture, winner=0)
    tables = dict(
        competition.fixtures.filter(round__number__gt=1).values_list("bracket_match", "table")
    )
    assert tables == {"W2-1": "1", "W2-2": "2"}
    root = page(organiser_client, url("tournaments:director", competition.slug))
    assert "Table 1" in root.by_id("tables").text and "Table 2" in root.by_id("tables").text


def test_the_director_cannot_confirm_a_match_still_in_play(organiser, organiser_client):
    competition = started(organiser, 2)
    fixture = competition.fixtures.get()
    response = organiser_client.post(url("tournaments:confirm", competition.slug, fixture.pk))
    assert response.status_code == 400
    assert "not finished" in " ".join(errors(parse(response.content)))
    fixture.refresh_from_db()
    assert fixture.confirmed_at is None


# -- entry links ------------------------------------------------------------------------------
def test_an_unknown_token_is_not_found(db):
    client = Client()
    for name in (
        "tournaments:entry",
        "tournaments:entry-start",
        "tournaments:entry-deal",
        "tournaments:entry-preview",
        "tournaments:entry-confirm",
    ):
        method = client.get if name == "tournaments:entry" else client.post
        assert method(url(name, "no-such-token")).status_code == 404, name
    assert client.get("/m/" + "x" * 80 + "/").status_code == 404


def test_a_side_plays_its_match_through_its_link_and_the_other_side_confirms(organiser):
    competition = started(organiser, 4)
    fixture = open_fixtures(competition)[0]
    sides = sides_of(fixture)
    loser, winner = sides[1].entry_token, sides[0].entry_token
    client = Client()  # nobody signed in

    root = page(client, url("tournaments:entry", loser))
    assert "P1 v P4" in next(root.iter("h1")).text
    assert "Round 1" in root.text and "table 1" in root.text and "match W1-1" in root.text
    assert (
        f'href="{url("competitions:rules", competition.slug)}"'
        in client.get(url("tournaments:entry", loser)).content.decode()
    )
    assert "Start the game" in root.by_id("start").text

    assert client.post(url("tournaments:entry-start", loser)).status_code == 302
    game = fixture.games.get()
    root = page(client, url("tournaments:entry", loser))
    assert (
        root.by_id("deal-form").attrs["action"]
        == url("tournaments:entry-deal", loser) + f"?game={game.pk}#entry"
    )
    assert root.by_id("deal-form").attrs["data-preview-url"] == url(
        "tournaments:entry-preview", loser
    )

    # The preview scores the deal without saving it.
    preview = client.post(url("tournaments:entry-preview", loser), WIN).json()
    assert preview["valid"] and [s["mark"] for s in preview["sides"]] == ["120", "42"]
    assert game.deals.count() == 0

    # A deal that cannot happen: the engine's message next to the card points, nothing saved.
    response = client.post(url("tournaments:entry-deal", loser), {**WIN, "card_points_1": "50"})
    assert response.status_code == 400
    assert "162" in text_of(parse(response.content), "error-card_points")
    assert game.deals.count() == 0

    assert client.post(url("tournaments:entry-deal", loser), WIN).status_code == 302
    root = page(client, url("tournaments:entry", loser))
    assert [td.text for td in root.by_id("deal-1").iter("td")][:4] == ["120", "120", "42", "42"]
    client.post(url("tournaments:entry-deal", loser), WIN)
    fixture.refresh_from_db()
    assert fixture.finished and fixture.entered_by == 1 and fixture.confirmed_at is None

    # The side that entered cannot confirm: it is told so, and nothing changes.
    root = page(client, url("tournaments:entry", loser))
    assert "Waiting for P1 to confirm" in text_of(root, "waiting")
    response = client.post(url("tournaments:entry-confirm", loser))
    assert response.status_code == 409
    assert "cannot confirm" in text_of(parse(response.content), "entry-error")
    fixture.refresh_from_db()
    assert fixture.confirmed_at is None
    assert competition.fixtures.count() == 2

    # The other side confirms; once both semi-finals are, the final appears.
    root = page(client, url("tournaments:entry", winner))
    assert "Confirm the result" in text_of(root, "confirm")
    assert client.post(url("tournaments:entry-confirm", winner)).status_code == 302
    fixture.refresh_from_db()
    assert fixture.confirmed_at is not None
    assert (fixture.confirmed_by, fixture.confirmed_side) == ("side", 0)
    win_by_link(client, open_fixtures(competition)[0], winner=1)
    final = competition.fixtures.get(bracket_match="W2-1")
    assert {s.entrant.name for s in final.sides.all()} == {"P1", "P3"}

    # The winner's old link shows the confirmed result and leads to the next match.
    root = page(client, url("tournaments:entry", winner))
    assert "P1 won" in text_of(root, "result") and "confirmed" in text_of(root, "result")
    assert root.by_id("next-match").attrs["href"] == url(
        "tournaments:entry", final.sides.get(entrant__name="P1").entry_token
    )
    assert (
        root.iter("form")
        and "deal-form" not in client.get(url("tournaments:entry", winner)).content.decode()
    )


def test_a_confirmed_matchs_links_have_expired_for_every_write(organiser):
    competition = started(organiser, 2)
    fixture = competition.fixtures.get()
    client = Client()
    win_by_link(client, fixture, winner=0)
    deals = Deal.objects.count()
    for token in (s.entry_token for s in fixture.sides.all()):
        for name in (
            "tournaments:entry-start",
            "tournaments:entry-deal",
            "tournaments:entry-confirm",
        ):
            response = client.post(url(name, token), WIN)
            assert response.status_code == 410, name
            assert "This link has expired" in response.content.decode()
            assert "P1 won" in text_of(parse(response.content), "result")
        # A preview is a question, not a write: answered (the game is over), not refused.
        preview = client.post(url("tournaments:entry-preview", token), WIN)
        assert preview.status_code == 200 and preview.json()["over"] is True
        assert "This link has expired" in preview.json()["errors"]["game"]
        # Reading it still works: the confirmed result, read-only.
        root = page(client, url("tournaments:entry", token))
        assert "no longer takes entries" in text_of(root, "result")
    assert Deal.objects.count() == deals and Game.objects.count() == 1


def test_a_second_result_for_a_finished_match_is_refused(organiser):
    competition = started(organiser, 4)
    fixture = open_fixtures(competition)[0]
    client = Client()
    play_by_link(client, fixture, winner=0)
    game = fixture.games.get()
    deals = game.deals.count()
    for side in fixture.sides.all():
        response = client.post(url("tournaments:entry-start", side.entry_token))
        assert response.status_code == 409
        assert "already has its result" in text_of(parse(response.content), "entry-error")
        response = client.post(url("tournaments:entry-deal", side.entry_token), WIN)
        assert response.status_code == 409
        assert "nothing was saved" in text_of(parse(response.content), "entry-error")
    assert fixture.games.count() == 1 and game.deals.count() == deals


def test_a_link_writes_only_to_its_own_matchs_running_game(organiser):
    competition = started(organiser, 4)
    one, two = open_fixtures(competition)
    client = Client()
    mine, theirs = sides_of(one)[0].entry_token, sides_of(two)[0].entry_token
    client.post(url("tournaments:entry-start", theirs))
    their_game = two.games.get()
    # No game of this link's match is running: nothing is saved anywhere.
    response = client.post(url("tournaments:entry-deal", mine) + f"?game={their_game.pk}", WIN)
    assert response.status_code == 409
    # With its own game running, naming another game is refused too.
    client.post(url("tournaments:entry-start", mine))
    response = client.post(url("tournaments:entry-deal", mine) + f"?game={their_game.pk}", WIN)
    assert response.status_code == 409
    assert Deal.objects.count() == 0
    assert client.post(url("tournaments:entry-deal", mine), WIN).status_code == 302
    assert one.games.get().deals.count() == 1 and their_game.deals.count() == 0


def test_a_links_preview_scores_a_named_deal_with_the_points_held_before_it(organiser):
    # klaberjass-hang: deal 1 made 100 / 62, deal 2 a tie holding 162. The entry page previews
    # the next deal, which takes the 162; a preview naming deal 1 (as the game's correction page
    # does) scores it as a correction saves it, with nothing held.
    hang = get_ruleset("klaberjass-hang").replace(target=TARGET)
    fixture = started(organiser, 2, rules=hang).fixtures.get()
    token = sides_of(fixture)[1].entry_token
    client = Client()
    client.post(url("tournaments:entry-start", token))
    deal_1 = {"makers": "0", "card_points_0": "100", "card_points_1": "62"}
    tie = {**deal_1, "card_points_0": "81", "card_points_1": "81"}
    for deal in (deal_1, tie):
        assert client.post(url("tournaments:entry-deal", token), deal).status_code == 302
    game = fixture.games.get()
    assert game.held == 162
    preview_url = (
        page(client, url("tournaments:entry", token)).by_id("deal-form").attrs["data-preview-url"]
    )
    assert preview_url == url("tournaments:entry-preview", token)
    as_deal_1 = client.post(f"{preview_url}?deal=1", deal_1).json()
    assert [s["points"] for s in as_deal_1["sides"]] == [100, 62]
    assert game.deals.get(number=1).points == [100, 62]
    missing = client.post(f"{preview_url}?deal=3", deal_1).json()
    assert not missing["valid"] and "no deal 3" in missing["errors"]["game"]
    as_next = client.post(preview_url, deal_1).json()
    assert [s["points"] for s in as_next["sides"]] == [262, 62]
    assert client.post(url("tournaments:entry-deal", token), deal_1).status_code == 302
    assert game.deals.get(number=3).points == [262, 62]


def test_a_deal_sent_twice_is_saved_once_even_when_it_ended_the_game(organiser):
    competition = started(organiser, 2)
    fixture = competition.fixtures.get()
    token = sides_of(fixture)[1].entry_token
    client = Client()
    client.post(url("tournaments:entry-start", token))
    client.post(url("tournaments:entry-deal", token), WIN)
    key = parse(client.get(url("tournaments:entry", token)).content).by_id("deal-form")
    entry_key = next(i for i in key.iter("input") if i.attrs.get("name") == "entry_key")
    data = {**WIN, "entry_key": entry_key.attrs["value"]}
    assert client.post(url("tournaments:entry-deal", token), data).status_code == 302
    response = client.post(url("tournaments:entry-deal", token), data, follow=True)
    assert "already saved" in response.content.decode()
    assert Deal.objects.count() == 2


def test_two_games_a_match_start_one_after_the_other(organiser):
    competition = started(organiser, 2, games_per_match=3, best_of=True)
    fixture = competition.fixtures.get()
    token = sides_of(fixture)[1].entry_token
    client = Client()
    for number in (1, 2):
        client.post(url("tournaments:entry-start", token))
        while (game := fixture.games.order_by("-id").first()).winner is None:
            client.post(url("tournaments:entry-deal", token), WIN)
        fixture.refresh_from_db()
        root = page(client, url("tournaments:entry", token))
        if number == 1:
            assert not fixture.finished and "Start game 2" in text_of(root, "start")
    assert fixture.finished and fixture.games.count() == 2 and game.winner == 0
    root = page(client, url("tournaments:entry", token))
    assert root.by_id("sheet-1") and root.by_id("sheet-2") and root.by_id("game-2-deal-1")


# -- the bracket page -------------------------------------------------------------------------
def boxes(root: Element) -> dict[str, Element]:
    return {li.attrs["id"][6:]: li for li in root.iter("li") if li.has_class("match")}


def side_texts(box: Element) -> list[str]:
    return [li.text for li in box.iter("li") if li.has_class("side")]


def test_the_bracket_shows_seeds_byes_winners_and_placings(organiser):
    competition = started(organiser, 6, third_place=True)
    client = Client()
    root = page(client, url("tournaments:bracket", competition.slug))
    found = boxes(root)
    assert set(found) == {"W1-1", "W1-2", "W2-1", "W2-2", "W3-1", "3P"}
    assert side_texts(found["W1-1"]) == ["4 P4", "5 P5"]
    # Seed 1 has a bye: it waits in round 2 for the winner of W1-1.
    assert side_texts(found["W2-1"]) == ["1 P1", "Winner of W1-1"]
    assert "Loser of" in found["3P"].text
    titles = [h.text for h in root.iter("h4")]
    assert titles == ["Quarter-finals", "Semi-finals", "Final"]

    while fixtures := open_fixtures(competition):
        for fixture in fixtures:
            win_by_link(client, fixture, winner=0)
    root = page(client, url("tournaments:bracket", competition.slug))
    found = boxes(root)
    won = [li.text for li in found["W3-1"].iter("li") if li.has_class("won")]
    assert won == ["1 P1 240"]
    assert text_of(root, "champion") == "Champion: P1"
    placings = [li.text for li in root.by_id("placings").iter("li")]
    assert placings[:2] == ["1 P1", "2 P2"] and len(placings) == 6
    assert any(a.attrs.get("href", "").startswith("/games/") for a in found["W3-1"].iter("a"))


def test_a_double_elimination_draws_winners_losers_and_finals(organiser):
    competition = started(organiser, 4, TournamentFormat.DOUBLE)
    root = page(Client(), url("tournaments:bracket", competition.slug))
    parts = [h.text for h in root.by_id("bracket").iter("h3")]
    assert parts == ["Winners' bracket", "Losers' bracket", "Finals"]
    found = boxes(root)
    assert side_texts(found["L1-1"]) == ["Loser of W1-1", "Loser of W1-2"]
    assert "Reset, if needed" in [h.text for h in root.iter("h4")]


def test_a_swiss_shows_its_pairings_and_the_standings_link(organiser):
    competition = started(organiser, 5, TournamentFormat.SWISS, swiss_rounds=3)
    client = Client()
    for fixture in open_fixtures(competition):
        win_by_link(client, fixture, winner=0)
    # Round 2 is drawn: the public sees it once the director publishes it.
    root = page(client, url("tournaments:bracket", competition.slug))
    assert [h.text for h in root.by_id("rounds").iter("h3")] == ["Round 1"]
    publish_drafts(competition)
    root = page(client, url("tournaments:bracket", competition.slug))
    assert "bracket" not in {e.attrs.get("id") for e in root.iter("section")}
    assert [h.text for h in root.by_id("rounds").iter("h3")] == ["Round 2", "Round 1"]
    assert "Sitting out:" in root.by_id("round-1").text
    hrefs = {a.attrs.get("href") for a in root.iter("a")}
    assert url("competitions:standings", competition.slug) in hrefs


def test_pools_show_their_tables_and_the_knockout_to_come(organiser):
    competition = started(organiser, 8, TournamentFormat.POOLS, pool_count=2, pool_top_k=2)
    client = Client()
    root = page(client, url("tournaments:bracket", competition.slug))
    assert [c.text for c in root.iter("caption")] == ["Pool 1", "Pool 2"]
    found = boxes(root)
    assert side_texts(found["W1-1"]) == ["1 Pool 1, 1st", "4 Pool 2, 2nd"]
    for fixture in open_fixtures(competition):
        win_by_link(client, fixture, winner=0)
    root = page(client, url("tournaments:bracket", competition.slug))
    first = root.by_id("pool-1")
    assert len([tr for tr in first.iter("tr") if tr.has_class("qualifies")]) == 2
    assert all("Pool" not in t for t in side_texts(boxes(root)["W1-1"]))


def test_before_the_start_the_bracket_page_lists_the_entrants(organiser):
    competition = cup(organiser, 3)
    root = page(Client(), url("tournaments:bracket", competition.slug))
    assert "The draw is made when the director starts" in text_of(root, "entrants")
    league = competitions_services.competition_create(
        club=competition.club,
        name="League",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        by=organiser,
    )
    assert Client().get(url("tournaments:bracket", league.slug)).status_code == 404


def test_the_bracket_page_links_the_rooms_screen_instead_of_a_projector_view(organiser):
    competition = started(organiser, 4)
    html = Client().get(url("tournaments:bracket", competition.slug)).content.decode()
    assert f'href="/c/{competition.slug}/screen/"' in html
    assert "projector" not in html


def test_the_bracket_page_reads_in_the_same_queries_for_4_or_16_entrants(organiser):
    client = Client()
    counts = []
    for n in (4, 16):
        competition = started(organiser, n)
        # Some of round 1 played and confirmed, one in play.
        fixtures = open_fixtures(competition)
        for fixture in fixtures[:2]:
            win_by_link(client, fixture, winner=0)
        token = sides_of(fixtures[-1])[1].entry_token
        client.post(url("tournaments:entry-start", token))
        client.post(url("tournaments:entry-deal", token), WIN)
        counts.append(query_count(client, url("tournaments:bracket", competition.slug)))
    assert counts[0] == counts[1], counts
    assert counts[0] <= 12


def test_the_director_page_reads_in_the_same_queries_for_4_or_16_entrants(
    organiser, organiser_client
):
    counts = []
    for n in (4, 16):
        competition = started(organiser, n)
        fixture = open_fixtures(competition)[0]
        play_by_link(Client(), fixture, winner=0)
        counts.append(query_count(organiser_client, url("tournaments:director", competition.slug)))
    assert counts[0] == counts[1], counts


def test_the_competition_and_club_pages_lead_to_the_tournament_pages(organiser, organiser_client):
    competition = cup(organiser, 2)
    html = organiser_client.get(url("competitions:detail", competition.slug)).content.decode()
    assert url("tournaments:bracket", competition.slug) in html
    assert url("tournaments:director", competition.slug) in html
    html = organiser_client.get(
        url("competitions:club-detail", competition.club.slug)
    ).content.decode()
    assert url("tournaments:new") + f"?club={competition.club.slug}" in html
    assert re.search(r"New tournament", html)


def test_a_scorer_cannot_start_a_tournament_match_outside_the_entry_links(scorer_client, organiser):
    from league.models import EntrantKind, TournamentFormat
    from scoring import get_ruleset

    club = competitions_services.club_create(name="Link club")
    cup = tournaments_services.tournament_create(
        club=club,
        name="Cup",
        rules=get_ruleset("klaberjass"),
        entrant_kind=EntrantKind.PLAYERS,
        format=TournamentFormat.SINGLE,
        by=organiser,
    )
    for name in ("A", "B"):
        competitions_services.entrant_add(
            competition=cup, player=competitions_services.player_add(club=club, name=name)
        )
    tournaments_services.tournament_start(competition=cup)
    fixture = cup.fixtures.get()
    url = f"/c/{cup.slug}/fixtures/{fixture.pk}/start/"
    assert scorer_client.post(url).status_code == 403
    assert fixture.games.count() == 0
    page = scorer_client.get(f"/c/{cup.slug}/fixtures/")
    assert url.encode() not in page.content
