"""A competition's fixtures, results and standings: the pages and the CSV exports (the
standings PDF is in :mod:`league.printing.views`).

Everybody may read (the fixtures, the standings, their CSV and PDF). Writes are POSTs:
moving a fixture, recording a forfeit or a no-show and typing a result from a paper sheet are
for organisers (anonymous visitors are sent to sign in, other users get 403); starting a
fixture's game is for anyone signed in, who becomes its scorer. A fixture is looked up within
the competition of the URL, so another competition's fixture is a 404. Forms validate, the
services write (their :class:`~league.errors.Refused` lands next to the field it names,
with nothing saved), the selectors read.

Words: a *round* is a match night; a *standing row* is one entrant's line of the table as
plain values (:func:`league.competitions.presenters.standing_rows`), which the HTML table,
its CSV export and the PDF share.
"""

from __future__ import annotations

import hashlib
import html
import threading
from collections.abc import Callable, Sequence
from typing import Any

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.cache import cache
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.formats import localize
from django.utils.html import escape
from django.utils.safestring import SafeData, mark_safe
from django.utils.translation import get_language, pgettext, pgettext_lazy
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_tables2 import RequestConfig

from league.access import (
    AuthenticatedHttpRequest,
    competition_or_404,
    fixture_or_404,
    is_organiser,
    require_organiser,
)
from league.charts.figures import Figure, position_lines, positions_figure
from league.competitions import fixture_admin_services, selectors, services
from league.competitions.export import csv_response
from league.competitions.forms import ConcedeForm, FixtureForm, RescheduleForm, TypedResultForm
from league.competitions.presenters import best_note, entrant_heading, extra_keys, standing_rows
from league.competitions.selectors import FixtureLine, StandingLine
from league.competitions.tables import StandingsTable
from league.engine_words import engine_word
from league.errors import Refused
from league.game_words import is_boom
from league.games.forms import FirstDealerForm
from league.games.selectors import fixture_seat_players
from league.live import topics as live_topics
from league.models import Competition, CompetitionKind, Fixture, FixtureStatus
from league.ratings.uses import fixture_chances
from league.stored_words import event_notes
from league.tables_common import page_within
from league.tournaments.presenters import tournament_pdfs
from scoring.standings import TIEBREAKS
from scoring.stats import STAT_LABELS, shown_all_tricks_fields, stat_labels


def _fixture_url(competition: Competition, fixture: Fixture) -> str:
    return reverse("competitions:fixture-detail", args=[competition.slug, fixture.pk])


def _in_list(competition: Competition, fixture: Fixture) -> str:
    return reverse("competitions:fixtures", args=[competition.slug]) + f"#fixture-{fixture.pk}"


#: A long season's fixtures come this many rounds a page; up to PAGE_FROM rounds, all at once.
ROUNDS_PER_PAGE = 10


PAGE_FROM = 16


def fixtures(request: HttpRequest, slug: str) -> HttpResponse:
    """Every round with its date, its fixtures (table, sides, status, score, note, games) and
    who sits out; a long season ten rounds a page, opening on the page of the first round
    still to finish."""
    competition = competition_or_404(slug)
    count = selectors.round_count(competition)
    pages: list[range] = []
    page = None
    if count >= PAGE_FROM:
        pages = [
            range(first, min(first + ROUNDS_PER_PAGE, count + 1))
            for first in range(1, count + 1, ROUNDS_PER_PAGE)
        ]
        wanted = request.GET.get("page")
        if wanted is None:
            current = selectors.first_open_round(competition) or count
            page = pages[(current - 1) // ROUNDS_PER_PAGE]
        else:
            page = pages[page_within(wanted, len(pages)) - 1]
    context = {
        "competition": competition,
        "rounds": selectors.competition_rounds(competition, page),
        "pages": [(n, p, p == page) for n, p in enumerate(pages, start=1)],
        "can_manage": is_organiser(request.user),
        "pdfs": tournament_pdfs(competition),
        "live_topics": live_topics.event_page(competition),
    }
    return render(request, "competitions/fixtures.html", context)


def _form_args(competition: Competition, line: FixtureLine) -> dict[str, Any]:
    # A boom has no target: a whole game is worth half its card points (a forfeit's score).
    rules = competition.rules
    return {
        "side_names": line.sides,
        "target": rules.game_points,
        "deals": rules.deals,
        "boom": is_boom(rules),
    }


def _fixture_page(
    request: HttpRequest,
    competition: Competition,
    fixture: Fixture,
    bound: FixtureForm | None = None,
    status: int = 200,
) -> HttpResponse:
    line = selectors.fixture_line(fixture)
    manage = is_organiser(request.user)
    forms: dict[str, FixtureForm] = {}
    if manage and fixture.status != FixtureStatus.VOID:  # a void fixture: restore it first
        args = _form_args(competition, line)
        if not fixture.finished:
            forms["move"] = RescheduleForm(
                initial={"date": fixture.date, "table": fixture.table}, **args
            )
        if not line.has_deals:
            forms["typed"] = TypedResultForm(games=competition.games_per_match, **args)
            forms["concede"] = ConcedeForm(**args)
    if manage and bound is not None:
        forms[bound.prefix] = bound
    context = {
        "competition": competition,
        "line": line,
        "fixture": fixture,
        "night": fixture.round,
        "can_manage": manage,
        "forms": forms,
        "events": event_notes(selectors.match_events(fixture), line.sides),
        "live_topics": live_topics.match_page(fixture),
        "chances": fixture_chances(fixture, line),
    }
    return render(request, "competitions/fixtures_fixture.html", context, status=status)


def fixture_detail(request: HttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    """One fixture: its games and result; for organisers, the forms that change it."""
    competition = competition_or_404(slug)
    return _fixture_page(request, competition, fixture_or_404(competition, fixture_id))


def _for_organiser(
    request: HttpRequest, slug: str, fixture_id: int
) -> tuple[Competition, Fixture, FixtureLine]:
    competition = competition_or_404(slug)
    fixture = fixture_or_404(competition, fixture_id)
    require_organiser(request)
    return competition, fixture, selectors.fixture_line(fixture)


def _write(
    request: HttpRequest,
    competition: Competition,
    fixture: Fixture,
    form: FixtureForm,
    write: Callable[[dict[str, Any]], None],
    done: str,
) -> HttpResponse:
    """Validate ``form``, call ``write(cleaned_data)``; on success say ``done`` and go back to
    the fixture in the list, else show the fixture page with the form's errors (400)."""
    if form.is_valid():
        try:
            write(form.cleaned_data)
        except Refused as error:
            form.refused(error)
        else:
            messages.success(request, done)
            return redirect(_in_list(competition, fixture))
    fixture = fixture_or_404(competition, fixture.pk)  # as it is now, not as it was sent
    return _fixture_page(request, competition, fixture, bound=form, status=400)


@login_required
@require_POST
def fixture_move(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition, fixture, line = _for_organiser(request, slug, fixture_id)
    form = RescheduleForm(request.POST, **_form_args(competition, line))

    def write(data: dict[str, Any]) -> None:
        # Audited, and the table of its game in play follows (fixture_admin_services).
        fixture_admin_services.fixture_move(
            fixture=fixture, date=data["date"], table=data["table"], by=request.user
        )

    done = _("%(match)s: moved.") % {"match": _title(line)}
    return _write(request, competition, fixture, form, write, done)


@login_required
@require_POST
def fixture_concede(request: HttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition, fixture, line = _for_organiser(request, slug, fixture_id)
    form = ConcedeForm(request.POST, **_form_args(competition, line))

    def write(data: dict[str, Any]) -> None:
        services.fixture_concede(
            fixture=fixture,
            side=data["side"],
            score=data["score"],
            no_show=data["kind"] == "no_show",
        )

    done = _("%(match)s: result saved.") % {"match": _title(line)}
    return _write(request, competition, fixture, form, write, done)


@login_required
@require_POST
def fixture_result(request: HttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    competition, fixture, line = _for_organiser(request, slug, fixture_id)
    form = TypedResultForm(
        request.POST, games=competition.games_per_match, **_form_args(competition, line)
    )

    def write(data: dict[str, Any]) -> None:
        services.fixture_type_result(fixture=fixture, scores=data["scores"])

    done = _("%(match)s: result saved.") % {"match": _title(line)}
    return _write(request, competition, fixture, form, write, done)


@login_required
def fixture_start(request: AuthenticatedHttpRequest, slug: str, fixture_id: int) -> HttpResponse:
    """Start the fixture's next game and go to its sheet; the starter scores it. A GET asks
    first (who plays, which game), so that a stray tap on a list starts nothing; its button
    POSTs."""
    competition = competition_or_404(slug)
    fixture = fixture_or_404(competition, fixture_id)
    if competition.kind == "tournament":
        # A tournament's players enter their own deals through their sides' entry links, and
        # the other side confirms: only the director may score a match directly.
        require_organiser(request)
    line = selectors.fixture_line(fixture)
    form = FirstDealerForm(
        request.POST if request.method == "POST" else None,
        rules=competition.rules,
        side_names=line.sides,
        players=fixture_seat_players(fixture.pk) if competition.rules.partnerships else None,
    )
    if request.method != "POST" or not form.is_valid():
        if line.running_game is not None:
            return redirect("games:detail", line.running_game.pk)
        context = {"competition": competition, "fixture": fixture, "line": line, "form": form}
        status = 400 if form.is_bound else 200
        return render(request, "competitions/fixture_start.html", context, status=status)
    try:
        game = services.fixture_start_game(
            fixture=fixture, by=request.user, first_dealer=form.cleaned_data["first_dealer"]
        )
    except Refused as error:
        running = selectors.fixture_line(fixture_or_404(competition, fixture_id)).running_game
        if running is not None:
            # Most often a second tap on the button: the game it started is the one wanted.
            messages.info(request, _("%(refusal)s Here it is.") % {"refusal": error.message})
            return redirect("games:detail", running.pk)
        messages.error(request, error.message)
        return redirect(_fixture_url(competition, fixture))
    return redirect("games:detail", game.pk)


def _title(line: FixtureLine) -> str:
    return pgettext("a match: one side versus the other", "%(home)s v %(away)s") % {
        "home": line.sides[0],
        "away": line.sides[1],
    }


def _cell_text(value: object) -> str:
    """What ``{{ value }}`` prints, without the template (as fast as a str()): a whole number
    as its digits (no thousands separator is set), text escaped, anything else as Django
    formats it for the page, escaped."""
    if type(value) is int and not settings.USE_THOUSAND_SEPARATOR:
        return str(value)
    if type(value) is str:
        # What escape() makes of a plain str, without its lazy-text wrapper: a big league's
        # table has a thousand text cells (make bench).
        return html.escape(value)
    if isinstance(value, SafeData):
        return str(value)
    return escape(str(localize(value)))


#: The standings table's rows (with their cells' HTML) last made for each of the competitions
#: shown lately, with what they were made from: the lines (equal lines are the same rows), the
#: chain and best nights (the columns) and the language (the words and numbers of the cells).
#: Every open page of a league asks again after each result; making a big league's cells
#: again was a third of its page (make bench). Kept in this process only.
_ROWS_KEPT: dict[int, tuple[tuple[Any, ...], list[dict[str, Any]]]] = {}
_ROWS_KEPT_LOCK = threading.Lock()


def standings_table(
    competition: Competition, lines: Sequence[StandingLine], request: HttpRequest | None = None
) -> StandingsTable:
    extra = [
        (
            f"key_{key}",
            engine_word(TIEBREAKS[key].label),
            engine_word(TIEBREAKS[key].description),
            TIEBREAKS[key].higher_is_better,
        )
        for key in extra_keys(competition.tiebreaks)
    ]
    if competition.best_nights:
        extra.append(
            (
                "nights",
                pgettext("standings column: nights counted", "Nights"),
                _("Nights counted (the best ones)"),
                True,
            )
        )
    # The game's own figures: pits or capots where it counts them, in its words (a klaverjas
    # set is a nat, its melds roem); none for a game where they can only read 0.
    rules = competition.rules
    labels = stat_labels(rules)
    shown = shown_all_tricks_fields(rules)
    extra.extend(
        (name, engine_word(labels[name].heading), engine_word(labels[name].description), True)
        for name in shown
    )
    counts = selectors.kept_all_tricks_counts(competition, lines) if shown else None
    made_from: tuple[Any, ...] = (
        tuple(lines),
        tuple(competition.tiebreaks),
        competition.best_nights,
        get_language(),
        tuple(shown),
        repr(sorted(counts.items())) if counts else None,
    )
    kept = _ROWS_KEPT.get(competition.pk)
    fresh = kept is None or kept[0] != made_from
    rows = (
        standing_rows(lines, competition.tiebreaks, counts)
        if kept is None or fresh
        else list(kept[1])
    )
    table = StandingsTable(rows, extra_columns=StandingsTable.tiebreak_columns(extra))
    table.columns["entrant"].column.verbose_name = entrant_heading(competition)
    for column, name in (("hicks", "sets_suffered"), ("meld_points", "meld_points")):
        if labels[name] is not STAT_LABELS[name]:
            words = table.columns[column].column
            words.verbose_name = engine_word(labels[name].heading)
            words.attrs = {**words.attrs, "th": {"title": engine_word(labels[name].description)}}
    if fresh:
        # Each row's cells in column order, as HTML made once here: the page's template
        # (standings_table.html) prints a row's cells whole. A template loop over every cell
        # of a 200-entrant table cost more than all the rest of the page.
        names = [column.name for column in table.columns]
        for row in rows:
            row["cells"] = mark_safe(  # noqa: S308 - every text is escaped by _cell_text
                "".join(
                    f'<td><a href="{escape(row["url"])}">{_cell_text(row[name])}</a></td>'
                    if name == "entrant"
                    else f"<td>{_cell_text(row[name])}</td>"
                    for name in names
                )
            )
        with _ROWS_KEPT_LOCK:
            _ROWS_KEPT.pop(competition.pk, None)
            # A list of its own: sorting by a column sorts the table's.
            _ROWS_KEPT[competition.pk] = (made_from, list(rows))
            while len(_ROWS_KEPT) > selectors.TABLES_KEPT_MOST:
                del _ROWS_KEPT[next(iter(_ROWS_KEPT))]
    if request is not None:
        RequestConfig(request, paginate=False).configure(table)
    return table


def standings(request: HttpRequest, slug: str) -> HttpResponse:
    """The table, sortable by any column (the ranking until one is chosen);
    ``?_export=csv`` gives it as CSV, in the order shown."""
    competition = competition_or_404(slug)
    lines = selectors.competition_standings(competition)
    export = request.GET.get("_export")
    if export is not None:
        if export != "csv":
            raise Http404("The standings export as csv.")
        table = standings_table(competition, lines, request)
        names = [column.name for column in table.columns]
        return csv_response(
            f"{competition.slug}-standings.csv",
            [str(column.header) for column in table.columns],
            # In the order shown; a figure whose text is not a number goes as its number.
            ([row.record.get(f"{n}_number", row.record[n]) for n in names] for row in table.rows),
        )
    return render_standings_page(request, competition, lines)


def positions_chart(competition: Competition, lines: Sequence[StandingLine]) -> Figure | None:
    """The standings' position chart, drawn once for a table (its figures and names) and a
    language, then kept: drawing it (the SVG, its table of every night) cost a big season's
    page more than the rest of it (``make bench``)."""
    names = hashlib.sha256(repr([(line.entrant_id, line.name) for line in lines]).encode())
    key = f"{selectors.results_key(competition, lines)}:{get_language()}:{names.hexdigest()}"
    kept = cache.get(key)
    if kept is None:
        positions = selectors.competition_positions(competition, lines)
        kept = False  # nothing to draw, kept as such
        if positions is not None:
            table = [(line.entrant_id, line.name) for line in lines]
            by_round = competition.kind == CompetitionKind.TOURNAMENT
            drawn = positions_figure(
                position_lines(table, positions.ranks, positions.nights, by_round=by_round)
            )
            kept = drawn if drawn is not None else False
        cache.set(key, kept, selectors.POSITIONS_KEPT)
    return kept or None


def positions_chart_html(competition: Competition, lines: Sequence[StandingLine]) -> str:
    """:func:`positions_chart` as the page shows it (``includes/chart.html``), kept the same
    way: its table has a row for every night, and rendering it again on every request cost a
    big season's page a third of its time (``make bench``)."""
    names = hashlib.sha256(repr([(line.entrant_id, line.name) for line in lines]).encode())
    key = f"{selectors.results_key(competition, lines)}:{get_language()}:{names.hexdigest()}:html"
    kept: str | None = cache.get(key)
    if kept is None:
        chart = positions_chart(competition, lines)
        kept = "" if chart is None else render_to_string("includes/chart.html", {"chart": chart})
        cache.set(key, kept, selectors.POSITIONS_KEPT)
    return mark_safe(kept)  # noqa: S308 - rendered by the template, which escapes


def render_standings_page(
    request: HttpRequest, competition: Competition, lines: Sequence[StandingLine]
) -> HttpResponse:
    """The standings page from the lines the selector read (apart, for the benchmark)."""
    labels = stat_labels(competition.rules)
    # The klaverjas words of the figures that have them (Nat, Roem), for the key.
    game_words = {
        name: (engine_word(labels[name].heading), engine_word(labels[name].description))
        for name in ("sets_suffered", "meld_points")
        if labels[name] is not STAT_LABELS[name]
    }
    context = {
        "chart_html": positions_chart_html(competition, lines),
        "competition": competition,
        "table": standings_table(competition, lines, request),
        "chain": [
            (label, engine_word(TIEBREAKS[key].description))
            for key, label in selectors.tiebreak_labels(competition.tiebreaks)
        ],
        "extras": [
            *(
                (engine_word(TIEBREAKS[key].label), engine_word(TIEBREAKS[key].description))
                for key in extra_keys(competition.tiebreaks)
            ),
            *(
                (engine_word(labels[name].heading), engine_word(labels[name].description))
                for name in shown_all_tricks_fields(competition.rules)
            ),
        ],
        "game_words": game_words,
        "best_note": best_note(competition),
        "played": any(line.row.played for line in lines),
        "live_topics": live_topics.results_page(competition),
    }
    return render(request, "competitions/standings.html", context)


RESULT_FIELDS = (
    "round",
    "date",
    "table",
    "home",
    "away",
    "status",
    "score",
    "winner",
    "home_points",
    "away_points",
    "games",
    "note",
)


#: The results file's header: each column's name in the reader's language.
RESULT_HEADINGS = {
    "round": pgettext_lazy("results file column", "round"),
    "date": pgettext_lazy("results file column", "date"),
    "table": pgettext_lazy("results file column", "table"),
    "home": pgettext_lazy("results file column", "home"),
    "away": pgettext_lazy("results file column", "away"),
    "status": pgettext_lazy("results file column", "status"),
    "score": pgettext_lazy("results file column", "score"),
    "winner": pgettext_lazy("results file column", "winner"),
    "home_points": pgettext_lazy("results file column", "home_points"),
    "away_points": pgettext_lazy("results file column", "away_points"),
    "games": pgettext_lazy("results file column", "games"),
    "note": pgettext_lazy("results file column", "note"),
}
assert set(RESULT_HEADINGS) == set(RESULT_FIELDS)


def results_csv(request: HttpRequest, slug: str) -> HttpResponse:
    """Every fixture, one row each: round, date, table, sides, status, score and games."""
    competition = competition_or_404(slug)
    rows = selectors.competition_fixture_rows(competition)
    return csv_response(
        f"{competition.slug}-results.csv",
        [str(RESULT_HEADINGS[name]) for name in RESULT_FIELDS],
        ([row[name] for name in RESULT_FIELDS] for row in rows),
    )
