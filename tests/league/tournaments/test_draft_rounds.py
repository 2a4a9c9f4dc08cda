"""A Swiss round as drawn is a draft: the director reviews it, may swap two entrants (a swap
that makes a rematch or an unfair bye needs the director's explicit yes, never passed over),
and publishes it; until then its entry links, the public pages and the fixtures list do not
show it. Withdrawing is for a tournament still going on.

Services first, then the director's views, each write tried by the organiser (it works), a
scorer (403) and an anonymous visitor (sent to sign in), nothing saved when refused."""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.competitions import services as competitions_services
from league.errors import NeedsConfirmation, Refused
from league.models import Competition, Entrant, FixtureSide, Round, TournamentFormat
from league.tournaments import services
from tests.builders import open_fixtures, page, play_by_links, refused, signed_in, tournament
from tests.league.html import parse

pytestmark = pytest.mark.django_db


def swiss(organiser, n: int = 4, rounds: int = 3) -> Competition:
    competition = tournament(organiser, n, TournamentFormat.SWISS, swiss_rounds=rounds)
    services.tournament_start(competition=competition)
    competition.refresh_from_db()
    return competition


def draft(competition: Competition) -> Round:
    return competition.rounds.get(draft=True)


def pairs(night: Round) -> list[tuple[str, str]]:
    """The round's pairs by name, home first, in table order."""
    found = []
    for fixture in night.fixtures.order_by("table"):
        sides = fixture.sides.order_by("side").select_related("entrant")
        found.append(tuple(s.entrant.name for s in sides))
    return found


def entrant(competition: Competition, name: str) -> Entrant:
    return competition.entrants.get(name=name)


def play_round(competition: Competition) -> None:
    """Publish the drawn round and play it: the home side wins every match."""
    for fixture in open_fixtures(competition):
        play_by_links(fixture, 0)


def second_round(organiser, n: int = 4) -> tuple[Competition, Round, dict[str, str]]:
    """A Swiss after round 1, round 2 drawn; and who each entrant met in round 1."""
    competition = swiss(organiser, n)
    first = draft(competition)
    play_round(competition)
    met = {}
    for home, away in pairs(first):
        met[home], met[away] = away, home
    return competition, draft(competition), met


def rematch_swap(night: Round, met: dict[str, str]) -> tuple[str, str]:
    """Two entrants of different tables whose swap makes a rematch of round 1."""
    (a, b), (c, d) = pairs(night)[:2]
    return (b, met[a]) if met[a] in (c, d) else (a, met[b])


# -- services ---------------------------------------------------------------------------------
def test_a_drawn_round_is_a_draft_until_published(organiser):
    competition = swiss(organiser)
    night = draft(competition)
    side = FixtureSide.objects.filter(fixture__round=night).first()
    with pytest.raises(Refused, match="not published yet"):
        services.token_start_game(side=side)
    with pytest.raises(Refused, match="not published yet"):
        competitions_services.fixture_start_game(fixture=side.fixture, by=organiser)
    services.round_publish(night=night)
    night.refresh_from_db()
    assert not night.draft
    assert services.token_start_game(side=side).fixture_id == side.fixture_id
    with pytest.raises(Refused, match="published: its pairings are fixed"):
        services.round_publish(night=night)


def test_every_later_round_is_drawn_as_a_draft_too(organiser):
    competition, night, _ = second_round(organiser)
    assert night.number == 2
    assert not competition.rounds.get(number=1).draft


def test_a_free_swap_trades_places_and_gives_new_entry_links(organiser):
    competition = swiss(organiser)
    night = draft(competition)
    (a, b), (c, d) = pairs(night)
    old_tokens = set(FixtureSide.objects.values_list("entry_token", flat=True))
    warnings = services.swiss_draft_swap(
        night=night, first=entrant(competition, b), second=entrant(competition, d)
    )
    assert warnings == []
    assert pairs(night) == [(a, d), (c, b)]
    moved = FixtureSide.objects.filter(entrant__name__in=[b, d])
    assert not {s.entry_token for s in moved} & old_tokens


def test_a_swap_making_a_rematch_waits_for_the_directors_yes(organiser):
    competition, night, met = second_round(organiser)
    before = pairs(night)
    first, second = rematch_swap(night, met)
    with pytest.raises(NeedsConfirmation) as refusal:
        services.swiss_draft_swap(
            night=night, first=entrant(competition, first), second=entrant(competition, second)
        )
    assert refusal.value.field == "confirm"
    assert any("have already played each other" in w for w in refusal.value.warnings)
    assert pairs(night) == before  # nothing saved
    made = services.swiss_draft_swap(
        night=night,
        first=entrant(competition, first),
        second=entrant(competition, second),
        confirm=True,
    )
    assert made == refusal.value.warnings
    assert pairs(night) != before


def test_a_swap_giving_a_second_bye_warns(organiser):
    competition, night, _ = second_round(organiser, n=5)
    had_bye = competition.rounds.get(number=1).sitting_out.get()
    sitting = night.sitting_out.get()
    assert had_bye != sitting
    with pytest.raises(NeedsConfirmation) as refusal:
        services.swiss_draft_swap(night=night, first=had_bye, second=sitting)
    assert refusal.value.warnings == [
        f"{had_bye} has already sat out a round, and others in this round have sat out fewer."
    ]
    services.swiss_draft_swap(night=night, first=had_bye, second=sitting, confirm=True)
    assert night.sitting_out.get() == had_bye
    assert FixtureSide.objects.filter(fixture__round=night, entrant=sitting).exists()


def test_swaps_that_cannot_be_made(organiser):
    competition = swiss(organiser)
    night = draft(competition)
    (a, b), _ = pairs(night)
    one, other = entrant(competition, a), entrant(competition, b)
    with pytest.raises(Refused, match="already play each other at table"):
        services.swiss_draft_swap(night=night, first=one, second=other)
    with pytest.raises(Refused, match="two different entrants"):
        services.swiss_draft_swap(night=night, first=one, second=one)
    services.round_publish(night=night)
    with pytest.raises(Refused, match="published"):
        services.swiss_draft_swap(night=night, first=one, second=other)


def test_withdrawing_during_a_draft_draws_it_again_without_them(organiser):
    competition, night, _ = second_round(organiser, n=5)
    leaving = FixtureSide.objects.filter(fixture__round=night).first().entrant
    services.entrant_withdraw(entrant=leaving, by=organiser)
    again = draft(competition)
    assert again.number == 2
    names = {name for pair in pairs(again) for name in pair}
    assert leaving.name not in names and len(names) == 4
    assert again.sitting_out.count() == 0


def test_nobody_withdraws_from_a_finished_tournament(organiser):
    competition = swiss(organiser, rounds=1)
    play_round(competition)
    with pytest.raises(Refused, match="finished"):
        services.entrant_withdraw(entrant=competition.entrants.first(), by=organiser)
    assert not competition.entrants.filter(withdrawn=True).exists()


# -- views ------------------------------------------------------------------------------------
def url(name: str, *args) -> str:
    return reverse(name, args=list(args))


def test_the_director_sees_the_draft_and_nobody_else_does(organiser):
    competition = swiss(organiser)
    night = draft(competition)
    root = page(signed_in(organiser), url("tournaments:director", competition.slug))
    section = root.by_id("round-1")
    assert "draft" in section.text and "not published" in section.text
    assert not [a for a in section.iter("a") if a.has_class("entry-url")]
    assert root.by_id("swap") and root.by_id("publish")
    # The public pages and the links wait.
    anonymous = Client()
    bracket = page(anonymous, url("tournaments:bracket", competition.slug))
    assert "round-1" not in {e.attrs.get("id") for e in bracket.iter()}
    fixtures = page(anonymous, url("competitions:fixtures", competition.slug))
    assert "No fixtures are drawn yet." in fixtures.text
    side = FixtureSide.objects.filter(fixture__round=night).first()
    assert anonymous.get(url("tournaments:entry", side.entry_token)).status_code == 404
    detail = url("competitions:fixture-detail", competition.slug, side.fixture_id)
    assert signed_in(organiser).get(detail).status_code == 404

    response = signed_in(organiser).post(url("tournaments:publish", competition.slug, 1))
    assert response.status_code == 302 and response["Location"].endswith("#round-1")
    assert anonymous.get(url("tournaments:entry", side.entry_token)).status_code == 200
    assert "round-1" in {
        e.attrs.get("id")
        for e in page(anonymous, url("tournaments:bracket", competition.slug)).iter()
    }
    # Published: the round is fixed, and shows its links.
    root = page(signed_in(organiser), url("tournaments:director", competition.slug))
    assert [a for a in root.by_id("round-1").iter("a") if a.has_class("entry-url")]
    assert (
        signed_in(organiser).post(url("tournaments:publish", competition.slug, 1)).status_code
        == 404
    )


def test_only_the_director_swaps_and_publishes(organiser, scorer):
    competition = swiss(organiser)
    night = draft(competition)
    (a, b), (c, d) = pairs(night)
    data = {"swap-first": entrant(competition, b).pk, "swap-second": entrant(competition, d).pk}
    swap = url("tournaments:swap", competition.slug, 1)
    publish = url("tournaments:publish", competition.slug, 1)
    refused(Client().post(swap, data), login=True)
    refused(signed_in(scorer).post(swap, data), login=False)
    refused(Client().post(publish), login=True)
    refused(signed_in(scorer).post(publish), login=False)
    night.refresh_from_db()
    assert night.draft and pairs(night) == [(a, b), (c, d)]

    response = signed_in(organiser).post(swap, data)
    assert response.status_code == 302
    assert pairs(night) == [(a, d), (c, b)]


def test_a_rematch_swap_shows_the_warning_and_needs_the_box_ticked(organiser):
    competition, night, met = second_round(organiser)
    before = pairs(night)
    first, second = rematch_swap(night, met)
    data = {
        "swap-first": entrant(competition, first).pk,
        "swap-second": entrant(competition, second).pk,
    }
    client = signed_in(organiser)
    swap = url("tournaments:swap", competition.slug, 2)
    response = client.post(swap, data)
    assert response.status_code == 400
    warning = parse(response.content).by_id("swap-warning")
    assert "have already played each other" in warning.text
    assert "Swap them anyway" in warning.text and "Tick this" in warning.text
    assert pairs(night) == before

    response = client.post(swap, {**data, "swap-confirm": "on"})
    assert response.status_code == 302
    assert pairs(night) != before
    root = page(client, url("tournaments:director", competition.slug))
    assert "have already played each other" in root.text  # said again, in the message


def test_a_bad_swap_is_shown_next_to_the_field(organiser):
    competition = swiss(organiser)
    night = draft(competition)
    (a, b), _ = pairs(night)
    data = {"swap-first": entrant(competition, a).pk, "swap-second": entrant(competition, b).pk}
    response = signed_in(organiser).post(url("tournaments:swap", competition.slug, 1), data)
    assert response.status_code == 400
    assert "already play each other" in parse(response.content).by_id("swap-second-error").text
    other = swiss(organiser)
    outsider = {"swap-first": other.entrants.first().pk, "swap-second": entrant(competition, a).pk}
    response = signed_in(organiser).post(url("tournaments:swap", competition.slug, 1), outsider)
    assert response.status_code == 400 and "swap-first-error" in response.content.decode()


def test_withdraw_is_gone_once_the_tournament_is_finished(organiser):
    competition = swiss(organiser, rounds=1)
    director = url("tournaments:director", competition.slug)
    client = signed_in(organiser)
    assert page(client, director).by_id("withdraw")
    play_round(competition)
    root = page(client, director)
    assert "withdraw" not in {e.attrs.get("id") for e in root.iter()}
    data = {"withdraw-entrant": competition.entrants.first().pk}
    response = client.post(url("tournaments:withdraw", competition.slug), data)
    assert response.status_code == 400
    assert (
        "The tournament is finished" in parse(response.content).by_id("withdraw-entrant-error").text
    )
    assert not competition.entrants.filter(withdrawn=True).exists()


def test_the_next_match_link_waits_for_the_round_to_be_published(organiser):
    competition = swiss(organiser)
    first = draft(competition)
    play_round(competition)
    winner = FixtureSide.objects.filter(fixture__round=first, side=0).first()
    client = Client()
    root = page(client, url("tournaments:entry", winner.entry_token))
    assert "next-match" not in {e.attrs.get("id") for e in root.iter()}
    services.round_publish(night=draft(competition))
    root = page(client, url("tournaments:entry", winner.entry_token))
    href = root.by_id("next-match").attrs["href"]
    assert client.get(href).status_code == 200
