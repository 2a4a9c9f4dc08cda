"""The standings table's body, joined in Python (StandingsTable.body_html), is byte for byte what
the template's loop over the rows printed: with ties, sorted by a column, and empty."""

from __future__ import annotations

import pytest
from django.template import Context, Template
from django.test import RequestFactory
from django.utils import translation

from league.competitions import fixture_views, selectors
from league.competitions import services as competitions_services
from league.competitions.fixture_views import standings_table
from league.models import EntrantKind
from scoring import get_ruleset
from tests.builders import make_league

pytestmark = pytest.mark.django_db

#: The body as standings_table.html printed it before the rows came joined.
LOOP = Template(
    """  {% for row in table.paginated_rows %}{% with record=row.record %}
    <tr{% if record.tied %} class="tied"{% endif %}>{{ record.cells }}</tr>
  {% endwith %}{% empty %}
    <tr><td colspan="{{ table.columns|length }}">{{ table.empty_text }}</td></tr>
  {% endfor %}"""
)


def body(html: str) -> str:
    return html[html.index("<tbody>") + len("<tbody>\n") : html.index("\n  </tbody>")]


@pytest.mark.parametrize("query", ["", "?sort=-points_for", "?sort=entrant"])
def test_the_joined_rows_are_the_template_loops(organiser, query):
    league = make_league(organiser, teams=5)
    # One result: two entrants ahead, the three others tied behind them.
    fixture = league.fixtures.order_by("pk").first()
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    request = RequestFactory().get(f"/c/{league.slug}/standings/{query}")
    table = standings_table(league, selectors.competition_standings(league), request)
    shown = body(table.as_html(request))
    assert shown == LOOP.render(Context({"table": table}))
    assert shown.count('<tr class="tied">') == 3 and shown.count("<tr>") == 2


def test_an_empty_table_says_so_as_the_template_did(organiser):
    league = competitions_services.competition_create(
        club=competitions_services.club_create(name="Empty club"),
        name="Nobody yet",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    request = RequestFactory().get(f"/c/{league.slug}/standings/")
    table = standings_table(league, selectors.competition_standings(league), request)
    shown = body(table.as_html(request))
    assert shown == LOOP.render(Context({"table": table}))
    assert "No entrants yet.</td></tr>" in shown


def test_the_standings_page_of_a_competition_without_entrants_answers(client, organiser):
    # Ranking nobody raised IndexError: the page answered 500.
    league = competitions_services.competition_create(
        club=competitions_services.club_create(name="Empty club"),
        name="Nobody yet",
        rules=get_ruleset("clabber"),
        entrant_kind=EntrantKind.PARTNERSHIPS,
        by=organiser,
    )
    response = client.get(f"/c/{league.slug}/standings/")
    assert response.status_code == 200
    assert b"No entrants yet." in response.content


def test_rows_kept_between_requests_keep_the_ranking_and_follow_the_language(organiser):
    league = make_league(organiser, teams=4)
    fixture = league.fixtures.order_by("pk").first()
    competitions_services.fixture_type_result(fixture=fixture, scores=[(512, 430)])
    path = f"/c/{league.slug}/standings/"

    def shown(query: str = "", language: str = "en") -> str:
        request = RequestFactory().get(path + query)
        with translation.override(language):
            table = standings_table(league, selectors.competition_standings(league), request)
            return body(table.as_html(request))

    ranked = shown()
    by_name = shown("?sort=-entrant")
    assert by_name != ranked and sorted(by_name.split("\n")) == sorted(ranked.split("\n"))
    # Sorting one request's table by a column leaves the kept rows in the ranking's order.
    assert shown() == ranked
    # Rows kept in one language are not shown in another: as made afresh in that language.
    german = shown(language="de")
    fixture_views._ROWS_KEPT.clear()
    assert shown(language="de") == german
    assert shown() == ranked
    # A new result: new rows.
    second = league.fixtures.order_by("pk")[1]
    competitions_services.fixture_type_result(fixture=second, scores=[(300, 512)])
    assert shown() != ranked
