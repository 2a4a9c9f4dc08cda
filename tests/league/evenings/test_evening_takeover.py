"""The director takes over a table from paper (trial findings A and B).

A. A table whose phone gives up mid-boom: the director's page links the game's sheet and
offers "Result from paper instead", which takes the paper's totals only once the director
ticks "Replace the N deals entered on the phone"; its game is then abandoned by the director
(kept for the record) and the totals typed, after the same checks as any paper result.
B. A table started on a phone and then typed from paper: the director may correct it from
paper as any typed table, and its entry page shows no deal form (a deal would answer 410).
"""

from __future__ import annotations

import pytest
from django.test import Client
from django.urls import reverse

from league.errors import Refused
from league.evenings import services
from league.models import Club, Competition, Fixture, FixtureSide, Game, MatchEvent
from league.tournaments import services as tournaments_services
from scoring import Deal
from tests.builders import page, refused
from tests.league.evenings.test_night_views import checked_in, make_evening, url
from tests.league.html import parse

pytestmark = pytest.mark.django_db


@pytest.fixture
def club() -> Club:
    return Club.objects.create(name="KC De Pitslag", slug="pitslag")


@pytest.fixture
def evening(club, organiser) -> Competition:
    competition = make_evening(club, organiser)
    checked_in(competition, ["Anna", "Ben", "Cor", "Dirk"])
    services.evening_draw_round(competition=competition, seed=1)
    return competition


def _fixture(evening) -> Fixture:
    return Fixture.objects.get(competition=evening)


def _side(fixture: Fixture) -> FixtureSide:
    return FixtureSide.objects.filter(fixture=fixture, side=0).order_by("id").first()


def _play(fixture: Fixture, deals: int) -> Game:
    side = _side(fixture)
    game = tournaments_services.token_start_game(side=side)
    for _ in range(deals):
        tournaments_services.token_add_deal(
            side=side, game=game, deal=Deal(makers=0, card_points=(100, 62))
        )
    return game


def _paper(fixture: Fixture, first: str, second: str, **more: str) -> dict[str, str]:
    prefix = f"table-{fixture.pk}"
    data = {f"{prefix}-side0": first, f"{prefix}-side1": second}
    data.update({f"{prefix}-{name}": value for name, value in more.items()})
    return data


def _paper_summary(table) -> str:
    """The words that open the table's paper form ("" when it has none)."""
    for details in table.iter("details"):
        if "paper-result" in details.attrs.get("class", ""):
            return next(details.iter("summary")).text
    return ""


# -- A: the phone gives up mid-boom -------------------------------------------------------------


def test_a_table_playing_on_its_phone_links_its_sheet_and_offers_the_paper_instead(
    evening, organiser_client
):
    fixture = _fixture(evening)
    game = _play(fixture, 3)
    table = page(organiser_client, url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert "Playing" in table.text
    links = [a.attrs.get("href") for a in table.iter("a")]
    assert reverse("games:detail", args=[game.pk]) in links
    summary = _paper_summary(table)
    assert "Result from paper instead" in summary
    box = next(e for e in table.iter("input") if e.attrs.get("type") == "checkbox")
    assert box.attrs.get("name") == f"table-{fixture.pk}-replace_phone"
    assert "required" in box.attrs
    assert "Replace the 3 deals entered on the phone" in table.text


def test_without_the_tick_the_refusal_says_what_to_tick_and_nothing_changes(
    evening, organiser_client
):
    fixture = _fixture(evening)
    game = _play(fixture, 3)
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk), _paper(fixture, "1500", "1172")
    )
    assert response.status_code == 400
    answer = parse(response.content)
    said = answer.by_id(f"table-{fixture.pk}-error").text
    assert "tick" in said and "Replace the 3 deals entered on the phone" in said
    # The checkbox is at fault: it has the cursor and says why.
    box = answer.by_id(f"id_table-{fixture.pk}-replace_phone")
    assert box.attrs.get("aria-invalid") == "true" and "autofocus" in box.attrs
    fixture.refresh_from_db()
    game.refresh_from_db()
    assert fixture.typed_scores is None and not game.abandoned and game.fixture_id == fixture.pk


def test_with_the_tick_the_game_is_abandoned_by_the_director_and_the_paper_counts(
    evening, organiser, organiser_client
):
    fixture = _fixture(evening)
    game = _play(fixture, 3)
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk),
        _paper(fixture, "1500", "1172", replace_phone="on"),
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    game.refresh_from_db()
    assert fixture.typed_scores == [[1500, 1172]] and fixture.finished
    # Kept for the record, off its table, by the director.
    assert game.abandoned and game.abandoned_by == organiser and game.fixture_id is None
    assert game.deals.count() == 3
    assert MatchEvent.objects.filter(
        fixture=fixture, game=game, kind=MatchEvent.Kind.ABANDON
    ).exists()
    table = page(organiser_client, url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert "Result in: 1500 – 1172" in table.text
    assert "Correct the result from paper" in _paper_summary(table)


def test_the_takeover_checks_the_totals_as_any_paper_result(evening, organiser):
    fixture = _fixture(evening)
    game = _play(fixture, 3)
    with pytest.raises(Refused):
        services.evening_paper_result(
            fixture=fixture, scores=(1500, 1171), by=organiser, replace_phone=True
        )
    game.refresh_from_db()
    assert not game.abandoned and game.fixture_id == fixture.pk


def test_only_an_organiser_takes_a_table_over(evening, scorer_client, outsider_client):
    fixture = _fixture(evening)
    game = _play(fixture, 3)
    data = _paper(fixture, "1500", "1172", replace_phone="on")
    address = url("paper-result", evening, fixture.pk)
    refused(scorer_client.post(address, data), login=False)
    refused(outsider_client.post(address, data), login=False)
    refused(Client().post(address, data), login=True)
    game.refresh_from_db()
    assert not game.abandoned
    assert _fixture(evening).typed_scores is None
    # Their page shows neither the sheet's takeover form nor the checkbox.
    table = page(scorer_client, url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert not list(table.iter("form"))


# -- B: started on a phone, then typed from paper ------------------------------------------------


def test_a_table_typed_after_its_phone_started_is_corrected_from_paper(evening, organiser_client):
    fixture = _fixture(evening)
    _play(fixture, 0)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    table = page(organiser_client, url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert "Result in: 1500 – 1172" in table.text
    assert "Correct the result from paper" in _paper_summary(table)
    response = organiser_client.post(
        url("paper-result", evening, fixture.pk), _paper(fixture, "1172", "1500")
    )
    assert response.status_code == 302
    fixture.refresh_from_db()
    assert fixture.typed_scores == [[1172, 1500]]


def test_its_entry_page_shows_no_deal_form_once_the_result_is_in(evening):
    fixture = _fixture(evening)
    _play(fixture, 0)
    services.evening_paper_result(fixture=fixture, scores=(1500, 1172))
    entry = page(Client(), reverse("tournaments:entry", args=[_side(fixture).entry_token]))
    ids = {e.attrs.get("id") for e in entry.iter()}
    assert "deal-form" not in ids and "entry-heading" not in ids
    assert "Save deal" not in entry.text
    assert entry.by_id("entry-forms").attrs.get("data-live-state") == "none"


def test_a_table_finished_on_its_phone_links_its_sheet_for_corrections_and_offers_no_paper(
    evening, organiser_client
):
    # Trial 30: a form that could never succeed (the phone's deals are the table's result).
    fixture = _fixture(evening)
    game = _play(fixture, 16)
    game.refresh_from_db()
    fixture.refresh_from_db()
    assert game.finished and fixture.finished
    table = page(organiser_client, url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert _paper_summary(table) == ""
    assert "correct a deal on the game's sheet" in table.text
    assert reverse("games:detail", args=[game.pk]) in [a.attrs.get("href") for a in table.iter("a")]
    # A visitor sees neither.
    visitor = page(Client(), url("evening", evening)).by_id(f"table-{fixture.pk}")
    assert "correct a deal" not in visitor.text
