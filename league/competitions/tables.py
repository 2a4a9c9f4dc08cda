"""django-tables2 tables: declarative columns over rows that are computed before they get here."""

from __future__ import annotations

from typing import Any

import django_tables2 as tables
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy


class StandingsNumberColumn(tables.Column):
    """A figure of the standings; ``title`` spells out the short heading. A figure whose text
    is not itself a number ("62%", "+40") sorts by ``<name>_value`` of the row.

    The first tap on a heading sorts best first: the most first for a figure where more is
    better (Pts, W, For, Diff...), the fewest first where fewer is (``more_is_better=False``:
    L, Agst, Hicks, Ren). A second tap turns it round.
    """

    def __init__(
        self, verbose_name: Any, title: Any, *, more_is_better: bool = True, **kwargs: Any
    ) -> None:
        super().__init__(
            verbose_name=verbose_name,
            attrs={"th": {"title": title}},
            initial_sort_descending=more_is_better,
            **kwargs,
        )


#: A row of the standings' body as :meth:`StandingsTable.body_html` writes it: the cells, and
#: the line breaks the template had around each row.
ROW = "\n    <tr>{}</tr>\n  "
ROW_TIED = '\n    <tr class="tied">{}</tr>\n  '


class StandingsTable(tables.Table):
    """The league table, one row per entrant, in ranking order unless sorted by a column.

    Rows are plain dicts built by ``league.fixture_views.standing_rows``; the tie-break keys of
    the chain that are no column here come as extra columns (``tiebreak_columns``). The page
    shows each row's ready ``cells`` (standings_table.html); the columns give the headings,
    the sorting and the CSV export.
    """

    rank = tables.Column(
        verbose_name="#",
        order_by=("rank_value", "position"),
        attrs={"th": {"title": _("Rank; = for a tie")}},
    )
    entrant = tables.Column(
        verbose_name=_("Entrant"), linkify=lambda record: record["url"], order_by=("sort_name",)
    )
    played = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "P"), _("Played")
    )
    won = StandingsNumberColumn(pgettext_lazy("standings column heading (short)", "W"), _("Won"))
    drawn = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "D"), _("Drawn")
    )
    lost = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "L"), _("Lost"), more_is_better=False
    )
    match_points = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Pts"), _("Match points")
    )
    points_for = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "For"), _("Game points for")
    )
    points_against = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Agst"),
        _("Game points against"),
        more_is_better=False,
    )
    difference = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Diff"),
        _("Game points for minus against"),
        order_by=("difference_value",),
    )
    deals = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Deals"), _("Deals played")
    )
    deals_as_makers = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Trump"),
        _("Deals as makers (made trump)"),
    )
    made = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Made %"),
        _("Share of deals as makers made"),
        order_by=("made_value",),
    )
    hicks = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Hicks"),
        _("Hicks: deals as makers that were set"),
        more_is_better=False,
    )
    sets_forced = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Sets"),
        _("Sets forced: opponents' deals as makers set"),
    )
    meld_points = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Meld"), _("Meld points")
    )
    belles = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Belles"), _("Belles scored")
    )
    reneges = StandingsNumberColumn(
        pgettext_lazy("standings column heading (short)", "Ren"), _("Reneges"), more_is_better=False
    )

    class Meta:
        attrs = {"class": "table standings", "id": "standings"}
        empty_text = _("No entrants yet.")
        # Renders the rows' ready cells (``cells``: text and link, in column order).
        template_name = "competitions/standings_table.html"

    def body_html(self) -> SafeString:
        """The rows of the table's body, each row's ready ``cells`` in a ``<tr>`` (``tied``: a
        shared rank), in the order shown, with the template's own line breaks around each:
        one join here rather than a template loop over a big league's rows (make bench)."""
        return mark_safe(  # noqa: S308 - the cells are escaped where they are made
            "".join(
                ROW_TIED.format(record["cells"]) if record["tied"] else ROW.format(record["cells"])
                for record in self.data
            )
        )

    @staticmethod
    def tiebreak_columns(
        extra: list[tuple[str, str, str, bool]],
    ) -> list[tuple[str, tables.Column]]:
        """Columns for ``(name, heading, description, more_is_better)``: a tie-break key's
        value (or another figure), sorted best first on the first tap."""
        return [
            (
                name,
                StandingsNumberColumn(
                    heading,
                    description,
                    more_is_better=more_is_better,
                    order_by=(f"{name}_value",),
                ),
            )
            for name, heading, description, more_is_better in extra
        ]
