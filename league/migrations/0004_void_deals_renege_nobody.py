"""Repair deals stored before the engine refused them (issue 9, item 8).

A void deal with one reneging side (``makers=0&renege=0&void_reason=misdeal``) was saved, and
its renege counted against that side in the game's and the fixture's statistics and so in the
fewest-reneges tie-break. The rules (RULES.md, "Void deal") say a void deal scores nothing:
the renege is cleared and the counts it added are taken back. A deal both sides reneged with
card points kept them unscored; they are cleared so that the deal reads as it scored.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from django.db import migrations


def repair_void_deal_reneges(apps: Any, schema_editor: Any) -> None:
    """Clear the renege of void deals that name one side, and take each such renege back out
    of the stored statistics of its game and, when the game is a fixture's, of the fixture's
    sides; clear card points stored on deals both sides reneged."""
    Deal = apps.get_model("league", "Deal")
    Game = apps.get_model("league", "Game")
    FixtureSide = apps.get_model("league", "FixtureSide")
    Deal.objects.filter(renege="both", card_points__isnull=False).update(card_points=None)
    bad = Deal.objects.filter(void=True).exclude(renege__in=["", "both"])
    counts = Counter((game_id, int(side)) for game_id, side in bad.values_list("game", "renege"))
    if not counts:
        return
    bad.update(renege="")
    # A void deal adds nothing but ``deals`` and ``reneges`` to a side's statistics (see
    # scoring.game.deal_stats), so taking the renege back is exactly what a recompute gives.
    fixtures = set()
    for game in Game.objects.filter(pk__in={game_id for game_id, _ in counts}):
        for side, stats in enumerate(game.side_stats or []):
            stats["reneges"] = max(0, stats.get("reneges", 0) - counts[(game.pk, side)])
        game.save(update_fields=["side_stats"])
        if game.fixture_id is not None:
            fixtures.add(game.fixture_id)
    # A fixture's statistics are its games' summed (league.competitions.results), unless its
    # result was typed from paper or conceded: then the games are not counted at all.
    Fixture = apps.get_model("league", "Fixture")
    for fixture in Fixture.objects.filter(pk__in=fixtures, conceded_by=None):
        if fixture.typed_scores:
            continue
        games = list(Game.objects.filter(fixture=fixture).values_list("side_stats", flat=True))
        for row in FixtureSide.objects.filter(fixture=fixture):
            row.reneges = sum(
                stats[row.side].get("reneges", 0)
                for stats in games
                if stats and row.side < len(stats)
            )
            row.save(update_fields=["reneges"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0003_tournaments"),
    ]

    operations = [
        migrations.RunPython(repair_void_deal_reneges, migrations.RunPython.noop),
    ]
