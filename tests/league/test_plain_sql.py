"""league.plain_sql stores and reads what the ORM stores and reads: an insert is a
``save(force_insert=True)``, an update a ``filter().update()``, a read a ``raw()``."""

from __future__ import annotations

import uuid

import pytest
from django.db import connection
from django.forms.models import model_to_dict

from league import plain_sql
from league.access import _game_sql
from league.models import Deal, Game, LiveEvent
from tests.builders import add, start_game

pytestmark = pytest.mark.django_db

SAME_EXCEPT = {"id", "number", "entry_key", "created_at", "updated_at"}


def a_deal(game: Game, by, number: int) -> Deal:
    return Deal(
        game=game,
        number=number,
        created_by=by,
        entry_key=uuid.uuid4(),
        makers=1,
        card_points=[62, 100],
        melds=[["run3"], []],
        declared=[[{"run": 3, "top": "K", "trump": True}], []],
        renege="",
        void_reason="",
        points=[82, 100],
        marks=[0, 0],
        made=True,
        running=[82, 100],
        meld_scored=[20, 0],
    )


def stored(deal: Deal) -> dict[str, object]:
    row = model_to_dict(Deal.objects.get(pk=deal.pk))
    return {k: v for k, v in row.items() if k not in SAME_EXCEPT}


def test_an_insert_stores_what_save_stores(scorer):
    game = start_game(scorer, target=100_000)
    by_orm, by_sql = a_deal(game, scorer, 1), a_deal(game, scorer, 2)
    by_orm.save(force_insert=True)
    plain_sql.insert(by_sql)
    assert by_sql.pk is not None and by_sql.pk != by_orm.pk and not by_sql._state.adding
    assert stored(by_sql) == stored(by_orm)
    back = Deal.objects.get(pk=by_sql.pk)
    assert back.entry_key == by_sql.entry_key and back.created_at == by_sql.created_at
    assert back.updated_at == by_sql.updated_at and back.created_at is not None


def test_an_insert_fills_the_defaults_and_the_time_as_save_does():
    event = LiveEvent(topics=" game:1 ")
    plain_sql.insert(event)
    assert LiveEvent.objects.get(pk=event.pk).at == event.at and event.at is not None


def test_an_update_changes_what_the_orm_s_update_changes(scorer):
    one, two = start_game(scorer), start_game(scorer)
    values = {"totals": [20, 30], "held": 5, "winner": None, "drawn": False, "version": 7}
    assert Game.objects.filter(pk=one.pk, version=one.version).update(**values) == 1
    assert plain_sql.update(Game, {"pk": two.pk, "version": two.version}, values) == 1
    orm, sql = Game.objects.get(pk=one.pk), Game.objects.get(pk=two.pk)
    for name in values:
        assert getattr(sql, name) == getattr(orm, name), name
    # A guard that misses changes nothing.
    assert plain_sql.update(Game, {"pk": two.pk, "version": 1}, {"held": 9}) == 0
    assert Game.objects.get(pk=two.pk).held == 5


def test_a_read_gives_what_raw_gives(scorer):
    game = start_game(scorer)
    add(game, scorer, makers=0, card_points=(90, 72))
    sql = _game_sql(connection.vendor)
    raw = next(iter(Game.objects.raw(sql, [game.pk])))
    read = plain_sql.read_one(Game, sql, [game.pk])
    assert read is not None and type(read) is Game and not read._state.adding
    assert model_to_dict(read) == model_to_dict(raw)
    for name in ("club_time_zone", "club_language", "event_language"):
        assert getattr(read, name) == getattr(raw, name)
    assert read.totals == game.totals and read.rules == game.rules
    assert plain_sql.read_one(Game, sql, [game.pk + 1000]) is None
