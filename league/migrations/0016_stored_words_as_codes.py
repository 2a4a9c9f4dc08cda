"""Text stored in English (or in the language of whoever was writing) becomes codes, shown in
each reader's language (league.stored_words): who confirmed a result, who did something to a
match, through whom a deal was undone or rescored, how many deals an abandoned game had. And a
deal keeps who dealt it when a deal before it is deleted (``Deal.dealer``).

What cannot be read (a side's name that no longer matches, a sentence in an unknown shape) is
kept as written, and shown as it was."""

import re
from typing import Any

from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor
from django.db.migrations.state import StateApps

DIRECTOR = "director "
WITHDRAWAL = " (withdrawal)"
ENTRY_LINK = "entry link of "


def _fixture_sides(FixtureSide: Any, fixture_id: int) -> dict[int, str]:
    """The fixture's sides' names in side order, as the services wrote them."""
    names: dict[int, list[str]] = {}
    for side, name in (
        FixtureSide.objects.filter(fixture_id=fixture_id)
        .order_by("side", "id")
        .values_list("side", "entrant__name")
    ):
        names.setdefault(side, []).append(name)
    return {side: " & ".join(parts) for side, parts in names.items()}


def _side_of(name: str, sides: dict[int, str]) -> int | None:
    return next((side for side, words in sides.items() if words == name), None)


def to_codes(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    Fixture = apps.get_model("league", "Fixture")
    FixtureSide = apps.get_model("league", "FixtureSide")
    MatchEvent = apps.get_model("league", "MatchEvent")
    DealAudit = apps.get_model("league", "DealAudit")

    for fixture in Fixture.objects.exclude(confirmed_by="").iterator():
        said = fixture.confirmed_by
        if said.startswith(DIRECTOR) and said.endswith(WITHDRAWAL):
            fixture.confirmed_by = "withdrawal"
            fixture.confirmed_by_name = said[len(DIRECTOR) : -len(WITHDRAWAL)]
        elif said.startswith(DIRECTOR):
            fixture.confirmed_by = "director"
            fixture.confirmed_by_name = said[len(DIRECTOR) :]
        else:
            sides = {s: n[:40] for s, n in _fixture_sides(FixtureSide, fixture.pk).items()}
            side = _side_of(said, sides)
            if side is None:
                continue
            fixture.confirmed_by = "side"
            fixture.confirmed_side = side
        fixture.save(update_fields=["confirmed_by", "confirmed_by_name", "confirmed_side"])

    for event in MatchEvent.objects.iterator():
        fields = []
        if event.side is not None and event.who:
            event.who = ""
            fields.append("who")
        if event.kind == "settled" and event.who.startswith(DIRECTOR):
            event.who = event.who[len(DIRECTOR) :]
            fields.append("who")
        if event.kind == "abandon":
            counted = re.fullmatch(r"(\d+)\D*", event.words)
            if counted and counted.group(1) != event.words:
                event.words = counted.group(1)
                fields.append("words")
        if fields:
            event.save(update_fields=fields)

    for audit in DealAudit.objects.exclude(via="").select_related("by", "game").iterator():
        via = audit.via
        if via.startswith(ENTRY_LINK):
            name = via[len(ENTRY_LINK) :]
            names = list(audit.game.side_names)
            side = names.index(name) if name in names else None
            if side is None and audit.game.fixture_id is not None:
                side = _side_of(name, _fixture_sides(FixtureSide, audit.game.fixture_id))
            if side is None:
                continue
            audit.via, audit.via_side = "entry_link", side
        elif via.startswith(f"{audit.by.username} (") and via.endswith(")"):
            # "olga (a new first dealer)", in whichever language it was written.
            audit.via = "first_dealer"
        else:
            continue
        audit.save(update_fields=["via", "via_side"])


def to_words(apps: StateApps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    """Back to the English sentences (what the code before 0016 wrote and showed)."""
    Fixture = apps.get_model("league", "Fixture")
    FixtureSide = apps.get_model("league", "FixtureSide")
    MatchEvent = apps.get_model("league", "MatchEvent")
    DealAudit = apps.get_model("league", "DealAudit")

    for fixture in Fixture.objects.exclude(confirmed_by="").iterator():
        code, name = fixture.confirmed_by, fixture.confirmed_by_name
        if code == "withdrawal":
            fixture.confirmed_by = f"{DIRECTOR}{name}{WITHDRAWAL}"[:40]
        elif code == "director":
            fixture.confirmed_by = f"{DIRECTOR}{name}"[:40]
        elif code == "side":
            sides = _fixture_sides(FixtureSide, fixture.pk)
            fixture.confirmed_by = sides.get(fixture.confirmed_side, "")[:40]
        else:
            continue
        fixture.save(update_fields=["confirmed_by"])

    for event in MatchEvent.objects.select_related("fixture").iterator():
        if event.side is not None and not event.who:
            event.who = _fixture_sides(FixtureSide, event.fixture_id).get(event.side, "")[:120]
        elif event.kind == "settled" and event.who:
            event.who = f"{DIRECTOR}{event.who}"[:120]
        if event.kind == "abandon" and event.words.isdigit():
            count = int(event.words)
            event.words = f"{count} deal entered" if count == 1 else f"{count} deals entered"
        event.save(update_fields=["who", "words"])

    for audit in DealAudit.objects.exclude(via="").select_related("by", "game").iterator():
        if audit.via == "entry_link":
            names = list(audit.game.side_names)
            side = audit.via_side
            name = names[side] if side is not None and 0 <= side < len(names) else ""
            audit.via = f"{ENTRY_LINK}{name}"[:80]
        elif audit.via == "first_dealer":
            audit.via = f"{audit.by.username} (a new first dealer)"[:80]
        else:
            continue
        audit.save(update_fields=["via"])


class Migration(migrations.Migration):
    dependencies = [
        ("league", "0015_housekeeping"),
    ]

    operations = [
        migrations.AddField(
            model_name="deal",
            name="dealer",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="dealaudit",
            name="via_side",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AddField(
            model_name="fixture",
            name="confirmed_by_name",
            field=models.CharField(blank=True, max_length=150),
        ),
        migrations.AddField(
            model_name="fixture",
            name="confirmed_side",
            field=models.PositiveSmallIntegerField(blank=True, null=True),
        ),
        migrations.AlterField(
            model_name="matchevent",
            name="who",
            field=models.CharField(blank=True, max_length=120),
        ),
        migrations.RunPython(to_codes, to_words, elidable=False),
    ]
