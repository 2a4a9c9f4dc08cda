"""The standings at a desktop's width (1280 px): every column of the table is seen whole, none
cut off at the edge of the page or of the table's box, sorted by a column or not."""

from __future__ import annotations

import pytest

from league.competitions import services as competitions_services
from league.models import Role
from tests.builders import fixtures_of, make_league, make_user

pytestmark = [pytest.mark.django_db(transaction=True), pytest.mark.layout]

# Every heading's box against the table's box (and the window): the headings cut off, and
# whether the box or the page is wider than what is seen.
MEASURE = """() => {
    const table = document.getElementById('standings');
    const box = table.parentElement;
    const edge = box.getBoundingClientRect();
    const right = Math.min(edge.right, window.innerWidth);
    const headings = [...table.querySelectorAll('thead th')];
    return {
        columns: headings.length,
        cut: headings.filter(th => {
            const r = th.getBoundingClientRect();
            return r.right > right + 0.5 || r.left < edge.left - 0.5;
        }).map(th => th.textContent.trim()),
        box: [box.scrollWidth, box.clientWidth],
        page: document.documentElement.scrollWidth,
    };
}"""


def test_at_1280_px_no_standings_column_is_cut_off(browser, live_server):
    organiser = make_user("secretary", Role.ORGANISER)
    # The chain's keys without a column of their own come as extra columns, and counting the
    # best nights adds one more: the widest table a league's usual chain makes.
    league = make_league(
        organiser,
        teams=6,
        tiebreaks=[
            "match_points",
            "buchholz",
            "median_buchholz",
            "sonneborn_berger",
            "head_to_head",
            "wins",
            "games_won",
        ],  # fmt: skip
        best_nights=4,
    )
    for fixture in fixtures_of(league)[:6]:
        competitions_services.fixture_type_result(fixture=fixture, scores=[(1012, 987)])
    for entrant in league.entrants.all():  # long names, as clubs write them
        entrant.name = f"{entrant.name}: Margaret Featherstonehaugh & Bartholomew Underwood"
        entrant.save()

    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 800})
    page = context.new_page()
    seen = {}
    for sort in ("", "?sort=-key_median_buchholz", "?sort=-made"):
        page.goto(f"/c/{league.slug}/standings/{sort}")
        seen[sort] = page.evaluate(MEASURE)
    context.close()
    for sort, measured in seen.items():
        assert measured["columns"] == 18 + 6, sort
        assert measured["cut"] == [], sort
        assert measured["box"][0] <= measured["box"][1], sort
        assert measured["page"] <= 1280, sort
