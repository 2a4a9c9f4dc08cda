"""Names stored before league.names cleaned them: each is cleaned the same way now (NFKC, no
invisible or direction-control characters, single spaces). Where two names of one scope (the
clubs; a club's members or teams; a game's sides) become the same, the later gets " (2)",
" (3)", ... so that nothing is merged and every unique constraint holds. A name with nothing
visible left keeps what it had. Slugs are left alone: addresses never change.
"""

from typing import Any

from django.db import migrations
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

from league.names import clean_name, name_key


def _cleaned(names: list[str]) -> list[str]:
    """``names`` of one scope, in their order, cleaned and kept distinct from each other (by
    their key). A name that was already clean keeps it; a look-alike of it is the one renamed.
    """
    taken = {name_key(name) for name in names if clean_name(name) == name}
    result: list[str] = []
    for name in names:
        if clean_name(name) == name:
            result.append(name)
            continue
        clean = clean_name(name) or name
        candidate, n = clean, 2
        while name_key(candidate) in taken:
            candidate, n = f"{clean} ({n})", n + 1
        taken.add(name_key(candidate))
        result.append(candidate)
    return result


def _clean_scope(rows: list[Any]) -> None:
    for row, name in zip(rows, _cleaned([row.name for row in rows]), strict=True):
        if name != row.name:
            row.name = name
            row.save(update_fields=["name"])


def clean_stored_names(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Club = apps.get_model("league", "Club")
    Player = apps.get_model("league", "Player")
    Partnership = apps.get_model("league", "Partnership")
    Competition = apps.get_model("league", "Competition")
    Entrant = apps.get_model("league", "Entrant")
    Game = apps.get_model("league", "Game")

    _clean_scope(list(Club.objects.order_by("pk")))
    for club in Club.objects.all():
        _clean_scope(list(Player.objects.filter(club=club).order_by("pk")))
        # An empty team name means "the two players' names": never made unique.
        _clean_scope(list(Partnership.objects.filter(club=club).exclude(name="").order_by("pk")))
    for model in (Competition, Entrant):
        for row in model.objects.all():
            clean = clean_name(row.name) or row.name
            if clean != row.name:
                row.name = clean
                row.save(update_fields=["name"])
    for game in Game.objects.all():
        sides = _cleaned(game.side_names)
        title = clean_name(game.title)
        if sides != game.side_names or title != game.title:
            game.side_names, game.title = sides, title
            game.save(update_fields=["side_names", "title"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0005_first_run_installation"),
    ]

    operations = [
        migrations.RunPython(clean_stored_names, migrations.RunPython.noop),
    ]
