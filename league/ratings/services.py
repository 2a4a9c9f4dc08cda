"""Writes of the ratings (derived data, :mod:`league.models.ratings`): the one place they are
rated and stored.

- :func:`ratings_refresh`: after a fixture's result changes (``fixture_recompute`` calls it once
  the change is committed). A game finished after every rated one is rated on top of the
  ratings kept (the incremental update); anything else (a correction of an old deal, a game
  abandoned, a result typed late) rates again every game from the earliest one that changed,
  from the ratings as they stood just before it, so that a correction updates what follows.
- :func:`ratings_rebuild`: every game again from nobody rated (``manage.py rebuild_ratings``).

Both rate with :func:`scoring.ratings.rebuild`, so they give the same numbers (a test checks
it). Writers are serialised (an advisory lock on PostgreSQL; SQLite lets one writer in).
"""

from __future__ import annotations

import contextlib
import datetime as dt
import json
import logging
from collections.abc import Iterable, Iterator, Sequence
from typing import Any

from django.db import (
    DEFAULT_DB_ALIAS,
    DatabaseError,
    connection,
    connections,
    models,
    transaction,
)
from django.db.models import Q

from league.models import Club, CurrentRating, RatedGame, RatingChange
from league.ratings.selectors import Rateable, rateable_games, ratings_of
from scoring.ratings import (
    Change,
    Entity,
    Pair,
    Rating,
    Ratings,
    Rebuilt,
    cycle_collector_paused,
    rebuild,
    record_of,
)
from scoring.ratings import RatedGame as GameRated  # what one game did (not the model)

logger = logging.getLogger(__name__)

#: The advisory lock's key on PostgreSQL ("hick" in ASCII).
RATINGS_LOCK = 0x6869636B

Order = tuple[dt.datetime, int]


#: PostgreSQL: the foreign keys, and the indexes that back no constraint, of ``tables``: each
#: as the table, its name and the SQL that makes it again.
_PG_KEYS_AND_INDEXES = """
SELECT conrelid::regclass::text, 'ALTER TABLE ' || conrelid::regclass::text
    || ' DROP CONSTRAINT ' || quote_ident(conname),
    'ALTER TABLE ' || conrelid::regclass::text || ' ADD CONSTRAINT ' || quote_ident(conname)
    || ' ' || pg_get_constraintdef(oid)
FROM pg_constraint WHERE contype = 'f' AND conrelid = ANY(%s::regclass[])
UNION ALL
SELECT indrelid::regclass::text, 'DROP INDEX ' || indexrelid::regclass::text,
    pg_get_indexdef(indexrelid)
FROM pg_index WHERE indrelid = ANY(%s::regclass[]) AND NOT indisunique AND NOT indisprimary
"""

#: SQLite: the indexes of ``tables`` that back no constraint (uniqueness is checked as rows
#: go in).
_SQLITE_INDEXES = """
SELECT tbl_name, 'DROP INDEX "' || name || '"', sql FROM sqlite_master
WHERE type = 'index' AND sql IS NOT NULL AND sql NOT LIKE 'CREATE UNIQUE%%'
AND tbl_name IN (%s, %s)
"""


@contextlib.contextmanager
def _tables_bare_while_rewritten() -> Iterator[None]:
    """The rated games' and rating changes' indexes (and on PostgreSQL their foreign keys)
    taken off while a rebuild deletes and writes every row of them, and made again as they
    were after: an index made whole from the rows, and a foreign key checked once for the
    whole table, instead of a few hundred thousand rows added to each index one by one and
    (PostgreSQL, whose keys are deferred) some 800,000 look-ups at commit, most of a rebuild's
    writing (``make bench``). The tables stay locked until the commit, as the rebuild
    rewrites them anyway; their unique constraints stay. A database user who may not alter
    the tables (not their owner) gets the work row by row, as before."""
    database = connections[DEFAULT_DB_ALIAS]
    tables = [model._meta.db_table for model in (RatingChange, RatedGame)]
    params: list[Any]
    if database.vendor == "postgresql":
        query, params = _PG_KEYS_AND_INDEXES, [tables, tables]
    elif database.vendor == "sqlite":
        query, params = _SQLITE_INDEXES, tables
    else:
        yield
        return
    made_again: list[str] = []
    try:
        with transaction.atomic(), database.cursor() as cursor:
            cursor.execute(query, params)
            found = cursor.fetchall()
            for _table, drop, _make in found:
                cursor.execute(drop)
            # Indexes first: a foreign key is checked faster with them.
            made_again = [make for _, drop, make in found if drop.startswith("DROP INDEX")]
            made_again += [make for _, drop, make in found if not drop.startswith("DROP INDEX")]
    except DatabaseError:
        logger.info("Indexes and keys of the ratings kept while rebuilding (no right to alter).")
        made_again = []
    yield
    with database.cursor() as cursor:
        for make in made_again:
            cursor.execute(make)


def _lock() -> None:
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [RATINGS_LOCK])


def _at_or_after(order: Order, prefix: str = "") -> Q:
    when, key = order
    return Q(**{f"{prefix}played_at__gt": when}) | Q(
        **{f"{prefix}played_at": when, f"{prefix}order_key__gte": key}
    )


def _entity(player: int, partner: int | None) -> Entity:
    return player if partner is None else frozenset((player, partner))


def _ids(who: Entity) -> tuple[int, ...]:
    return (who,) if isinstance(who, int) else tuple(sorted(who))


def _write(games: Sequence[Rateable], rebuilt: Rebuilt) -> None:
    """Store ``rebuilt``'s history of ``games`` (in the same order, every one after every rated
    game stored): the rows as plain values, no model objects (a rebuild writes a rated game
    and six changes a game, hundreds of thousands of rows for a big league's years, and
    building a model object for each took most of its time: ``make bench``). On PostgreSQL
    each change is made straight into the line COPY reads (:func:`_copy_line`'s format):
    psycopg's ``write_row`` formatting every value was half of the writing."""
    if not games:
        return
    # The connection itself, not django.db.connection: every attribute read through that
    # proxy looks the connection up again (make bench).
    database = connections[DEFAULT_DB_ALIAS]
    copying = database.vendor == "postgresql"
    played_at = RatedGame._meta.get_field("played_at")
    _insert(
        database,
        RatedGame,
        _RATED_GAME_COLUMNS,
        [
            (
                played_at.get_db_prep_value(g.played_at, database),
                g.order_key,
                g.fixture_id,
                g.game_id,
                g.typed_index,
                json.dumps([list(side) for side in g.sides]),
                g.winner,
            )
            for g in games
        ],
    )
    # Their ids, in the games' order: the rated games at or after the first of them are
    # these (every rated game after it was taken off first).
    ids = list(
        RatedGame.objects.filter(_at_or_after(games[0].order))
        .order_by("played_at", "order_key")
        .values_list("pk", flat=True)
    )
    rows = _change_rows(ids, rebuilt.history, copying)
    if copying:
        _copy_lines(database, RatingChange, _CHANGE_COLUMNS, rows)
    else:
        _insert_values(database, RatingChange, _CHANGE_COLUMNS, [v for row in rows for v in row])


def _change_rows(ids: Iterable[int], history: Iterable[GameRated], copying: bool) -> Iterator[Any]:
    """Every change of ``history`` (the rated games whose ids are ``ids``, in the same order)
    as a row of :data:`_CHANGE_COLUMNS`: the values ready for the database (JSON as its
    text), or with ``copying`` the line COPY reads (:func:`_copy_line`'s format), made
    straight from the numbers: psycopg's ``write_row`` formatting every value was half of a
    rebuild's writing on PostgreSQL (make bench).

    Writing a float as text (the shortest text that reads back as the same float) is most of
    the work, and a rating is written several times: after its game, before the entity's next
    one, and in its opponents' rows. Each rating's two numbers are written once and kept by
    the rating's ``id()`` (every rating of ``history`` is alive until this ends, so no two
    share one)."""
    texts: dict[int, tuple[str, str]] = {}
    # Each entity as it starts an opponent's JSON, and (as two values, or as COPY's text)
    # its player and partner, worked out once per entity rather than once per change (the
    # same few hundred entities play every game of a rebuild: make bench).
    ids_of: dict[Entity, Any] = {}
    in_json: dict[Entity, str] = {}
    for pk, rated in zip(ids, history, strict=True):
        # The members of a side share one tuple of opponents: written as JSON once.
        met_json: dict[int, str] = {}
        for change in (*rated.players, *rated.pairs):
            who = change.who
            first_second = ids_of.get(who)
            if first_second is None:
                first_second = (who, None) if isinstance(who, int) else _pair_ids(who)
                if copying:
                    first_second = "\t".join(_copy_value(i) for i in first_second)
                ids_of[who] = first_second
            opponents = change.opponents
            met = met_json.get(id(opponents))
            if met is None:
                parts = []
                for other, rating in opponents:
                    start = in_json.get(other)
                    if start is None:
                        start = in_json[other] = f"[{list(_ids(other))}, "
                    text = texts.get(id(rating))
                    if text is None:
                        text = texts[id(rating)] = (repr(rating.mu), repr(rating.sigma))
                    parts.append(f"{start}{text[0]}, {text[1]}]")
                met = f"[{', '.join(parts)}]"
                if "n" in met:  # nan or inf: JSON's own words for them
                    met = opponents_json(opponents)
                met_json[id(opponents)] = met
            before, after = change.before, change.after
            if copying:
                # Numbers as Python writes them (a float: the shortest text that reads back
                # as the same float, as psycopg sends it; PostgreSQL reads nan and inf
                # too); the JSON has no character COPY would need escaped (numbers,
                # brackets, commas and spaces only).
                old = texts.get(id(before))
                if old is None:
                    old = texts[id(before)] = (repr(before.mu), repr(before.sigma))
                new = texts.get(id(after))
                if new is None:
                    new = texts[id(after)] = (repr(after.mu), repr(after.sigma))
                yield (
                    f"{pk}\t{first_second}\t{change.side}\t{old[0]}\t{old[1]}\t"
                    f"{new[0]}\t{new[1]}\t{change.expected!r}\t{change.actual!r}\t{met}\n"
                )
            else:
                yield (
                    pk,
                    *first_second,
                    change.side,
                    before.mu,
                    before.sigma,
                    after.mu,
                    after.sigma,
                    change.expected,
                    change.actual,
                    met,
                )


def _pair_ids(pair: Pair) -> tuple[int, int]:
    first, second = sorted(pair)
    return first, second


def opponents_json(opponents: Iterable[tuple[Entity, Rating]]) -> str:
    """A change's opponents as the JSON its ``opponents`` column keeps, ``[ids, mu, sigma]``
    each: the text ``json.dumps`` writes (floats as Python writes them, the shortest text that
    reads back as the same float), put together by hand, several times quicker for the
    hundreds of thousands of changes of a rebuild (``make bench``; :func:`_change_rows`
    writes the same, keeping what it wrote)."""
    parts = []
    for who, rating in opponents:
        if isinstance(who, int):
            parts.append(f"[[{who}], {rating.mu!r}, {rating.sigma!r}]")
        else:
            first, second = sorted(who)
            parts.append(f"[[{first}, {second}], {rating.mu!r}, {rating.sigma!r}]")
    text = f"[{', '.join(parts)}]"
    if "n" in text:  # nan or inf: JSON's own words for them
        return json.dumps([[list(_ids(o)), r.mu, r.sigma] for o, r in opponents])
    return text


#: The columns :func:`_write` writes of a rated game, in its tuples' order.
_RATED_GAME_COLUMNS = (
    "played_at",
    "order_key",
    "fixture_id",
    "game_id",
    "typed_index",
    "sides",
    "winner",
)

#: The columns :func:`_write` writes of a rating change, in its tuples' order.
_CHANGE_COLUMNS = (
    "rated_id",
    "player_id",
    "partner_id",
    "side",
    "mu_before",
    "sigma_before",
    "mu_after",
    "sigma_after",
    "expected",
    "actual",
    "opponents",
)

#: COPY's text format: these characters of a value are written as these escapes.
_COPY_ESCAPES = str.maketrans({"\\": "\\\\", "\t": "\\t", "\n": "\\n", "\r": "\\r"})


def _copy_value(value: Any) -> str:
    """``value`` (ready for the database: a number, text, a datetime, None) as COPY's text
    format reads it: None as ``\\N``, text escaped, anything else as ``str`` writes it
    (a float: the shortest text that reads back as the same float; an aware datetime:
    ISO 8601 with its offset)."""
    if value is None:
        return "\\N"
    if isinstance(value, str):
        return value.translate(_COPY_ESCAPES)
    return str(value)


def _copy_line(row: Sequence[Any]) -> str:
    """One row (values ready for the database) as a line of COPY's text format."""
    return "\t".join([_copy_value(v) for v in row]) + "\n"


def _copy_lines(
    database: Any, model: type[models.Model], columns: Sequence[str], lines: Iterable[str]
) -> None:
    """PostgreSQL: COPY ``lines`` (each a row of ``columns`` in COPY's text format, ending
    in a newline) into ``model``'s table, sent a few thousand at a time as they come, so
    that the server reads them while the next are made."""
    quote = database.ops.quote_name
    names = ", ".join(quote(c) for c in columns)
    with (
        database.cursor() as cursor,
        cursor.cursor.copy(f"COPY {quote(model._meta.db_table)} ({names}) FROM STDIN") as copy,
    ):
        batch: list[str] = []
        for line in lines:
            batch.append(line)
            if len(batch) == 2000:
                copy.write("".join(batch))
                batch.clear()
        copy.write("".join(batch))


#: SQLite: rows a multi-row INSERT adds at once (11 columns: 550 parameters, below the 999
#: of the oldest SQLite). One statement of many rows is about twice as quick as executemany.
_ROWS_A_STATEMENT = 50


def _insert_values(
    database: Any, model: type[models.Model], columns: Sequence[str], values: list[Any]
) -> None:
    """SQLite (or any database but PostgreSQL): insert rows given as one flat list of values
    (``columns`` after ``columns``: ready for the database, JSON as its text), many rows a
    statement. On SQLite through its own cursor with its own ``?`` marks: Django's cursor
    rewrites every statement's ``%s`` marks, a fifth of the inserting (make bench)."""
    quote = database.ops.quote_name
    width = len(columns)
    head = f"INSERT INTO {quote(model._meta.db_table)} ({', '.join(quote(c) for c in columns)}) "
    with database.cursor() as cursor:
        mark = "%s"
        execute = cursor.execute
        if database.vendor == "sqlite":
            mark, execute = "?", cursor.cursor.connection.execute
        one = f"({', '.join([mark] * width)})"
        step = width * _ROWS_A_STATEMENT
        full = len(values) - len(values) % step
        with database.wrap_database_errors:
            if full:
                sql = head + "VALUES " + ", ".join([one] * _ROWS_A_STATEMENT)
                for start in range(0, full, step):
                    execute(sql, values[start : start + step])
            if full < len(values):
                rest = (len(values) - full) // width
                execute(head + "VALUES " + ", ".join([one] * rest), values[full:])


def _insert(
    database: Any,
    model: type[models.Model],
    columns: Sequence[str],
    rows: list[tuple[Any, ...]],
) -> None:
    """Insert ``rows`` (tuples of ``columns``' values, ready for the database; JSON as its
    text) into ``model``'s table: COPY on PostgreSQL, several times quicker than inserts,
    else many rows a statement."""
    if database.vendor == "postgresql":
        _copy_lines(database, model, columns, map(_copy_line, rows))
    else:
        _insert_values(database, model, columns, [v for row in rows for v in row])


def change_from_row(row: dict[str, Any]) -> Change:
    """A stored change (``values()`` of :class:`RatingChange`) as :mod:`scoring.ratings` has it."""
    return Change(
        game=row["rated_id"],
        who=_entity(row["player_id"], row["partner_id"]),
        side=row["side"],
        before=Rating(row["mu_before"], row["sigma_before"]),
        after=Rating(row["mu_after"], row["sigma_after"]),
        opponents=tuple(
            (ids[0] if len(ids) == 1 else frozenset(ids), Rating(mu, sigma))
            for ids, mu, sigma in row["opponents"]
        ),
        expected=row["expected"],
        actual=row["actual"],
    )


_CHANGE_FIELDS = (*_CHANGE_COLUMNS, "rated__played_at")


def _write_current(
    changes: dict[Entity, list[Change]], last_played: dict[Entity, dt.datetime]
) -> None:
    """The current rating of each entity of ``changes`` (every change of its, in order; when
    it last played in ``last_played``)."""
    rows = []
    for who, mine in changes.items():
        record = record_of(who, mine)
        ids = _ids(who)
        rows.append(
            CurrentRating(
                player_id=ids[0],
                partner_id=ids[1] if len(ids) > 1 else None,
                mu=record.rating.mu,
                sigma=record.rating.sigma,
                conservative=record.rating.conservative,
                games=record.games,
                opponents=record.opponents,
                trend=record.trend,
                last_played_at=last_played[who],
            )
        )
    CurrentRating.objects.bulk_create(rows, batch_size=2000)


def _entity_filter(entities: Iterable[Entity]) -> Q:
    players = [e for e in entities if isinstance(e, int)]
    query = Q(player_id__in=players, partner=None)
    for pair in entities:
        if not isinstance(pair, int):
            first, second = sorted(pair)
            query |= Q(player_id=first, partner_id=second)
    return query


def _refresh_current(entities: set[Entity]) -> None:
    """Write the current ratings of ``entities`` again from their stored changes."""
    if not entities:
        return
    CurrentRating.objects.filter(_entity_filter(entities)).delete()
    changes: dict[Entity, list[Change]] = {}
    last_played: dict[Entity, dt.datetime] = {}
    rows = (
        RatingChange.objects.filter(_entity_filter(entities))
        .order_by("rated__played_at", "rated__order_key")
        .values(*_CHANGE_FIELDS)
    )
    for row in rows:
        change = change_from_row(row)
        changes.setdefault(change.who, []).append(change)
        last_played[change.who] = row["rated__played_at"]
    _write_current(changes, last_played)


def _entities(games: Iterable[Rateable]) -> tuple[set[int], set[Pair]]:
    players: set[int] = set()
    pairs: set[Pair] = set()
    for game in games:
        players.update(p for side in game.sides for p in side)
        if all(len(side) == 2 for side in game.sides):
            pairs.update(frozenset(side) for side in game.sides)
    return players, pairs


def _rate(games: list[Rateable], start: Ratings) -> set[Entity]:
    """Rate ``games`` (in order, all after every stored one) from ``start`` and store them;
    the entities they rated."""
    with cycle_collector_paused():
        # Freed when this returns, before the collector runs again (see _rate_everything).
        return _rate_and_write(games, start)


def _rate_and_write(games: list[Rateable], start: Ratings) -> set[Entity]:
    rebuilt = rebuild((g.finished() for g in games), start)
    _write(games, rebuilt)
    return {c.who for rated in rebuilt.history for c in (*rated.players, *rated.pairs)}


def _rewind(point: Order) -> set[Entity]:
    """Take off every rated game at or after ``point``; the entities whose ratings that changed,
    with the rating each had just before ``point``."""
    befores: dict[Entity, Rating] = {}
    gone = (
        RatingChange.objects.filter(_at_or_after(point, "rated__"))
        .order_by("-rated__played_at", "-rated__order_key")
        .values_list("player_id", "partner_id", "mu_before", "sigma_before")
    )
    for player, partner, mu, sigma in gone:
        befores[_entity(player, partner)] = Rating(mu, sigma)  # the earliest wins: read last
    RatingChange.objects.filter(_at_or_after(point, "rated__")).delete()
    RatedGame.objects.filter(_at_or_after(point)).delete()
    for who, rating in befores.items():
        ids = _ids(who)
        CurrentRating.objects.filter(
            player_id=ids[0], partner_id=ids[1] if len(ids) > 1 else None
        ).update(mu=rating.mu, sigma=rating.sigma)
    return set(befores)


def _start(games: list[Rateable]) -> Ratings:
    players, pairs = _entities(games)
    return ratings_of(players, pairs)


def _last() -> Order | None:
    last = RatedGame.objects.order_by("-played_at", "-order_key").values_list(
        "played_at", "order_key"
    )[:1]
    return next(iter(last), None)


def _stored(fixtures: list[int]) -> set[tuple[Any, ...]]:
    rows = RatedGame.objects.filter(fixture_id__in=fixtures).values_list(
        "played_at", "order_key", "fixture_id", "game_id", "typed_index", "sides", "winner"
    )
    return {(*row[:5], tuple(tuple(s) for s in row[5]), row[6]) for row in rows}


def _as_row(game: Rateable) -> tuple[Any, ...]:
    return (
        game.played_at,
        game.order_key,
        game.fixture_id,
        game.game_id,
        game.typed_index,
        game.sides,
        game.winner,
    )


@transaction.atomic
def ratings_refresh(fixtures: Iterable[int]) -> int:
    """Bring the ratings up to date with the finished games of ``fixtures`` (ids); how many
    games were rated (again)."""
    ids = sorted(set(fixtures))
    if not ids:
        return 0
    _lock()
    now = rateable_games(fixtures=ids)
    stored = _stored(ids)
    fresh = {_as_row(g) for g in now}
    if fresh == stored:
        return 0
    changed = sorted((row[0], row[1]) for row in fresh ^ stored)
    point: Order = changed[0]
    last = _last()
    if not (stored - fresh) and (last is None or last < point):
        added = [g for g in now if _as_row(g) not in stored]
        entities = _rate(added, _start(added))
        _refresh_current(entities)
        return len(added)
    touched = _rewind(point)
    games = rateable_games(since=point)
    # The entities taken off read their rating from just before the point (_rewind).
    touched |= _rate(games, _start(games))
    _refresh_current(touched)
    return len(games)


def _empty_ratings() -> None:
    """Every rated game, change and current rating gone, for a rebuild. PostgreSQL truncates
    the rated games and their changes together (nothing else refers to them), in a moment
    where a delete of a big league's few hundred thousand rows takes a good part of a
    second (make bench); the tables are locked until the commit anyway, as a rebuild
    rewrites them. The current ratings, a few hundred rows the rating pages read, are
    deleted, so that those pages keep answering from the ratings before the rebuild until
    it commits. A database user without the right to truncate gets plain deletes."""
    quote = connection.ops.quote_name
    rated, changes, current = (
        quote(model._meta.db_table) for model in (RatedGame, RatingChange, CurrentRating)
    )
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {current}")
        if connection.vendor == "postgresql":
            try:
                with transaction.atomic():
                    cursor.execute(f"TRUNCATE {changes}, {rated}")
                return
            except DatabaseError:
                logger.info("Ratings deleted, not truncated (no right to truncate).")
        # Plain deletes, where the ORM would first read every rated game to find the
        # changes that cascade from it.
        cursor.execute(f"DELETE FROM {changes}")
        cursor.execute(f"DELETE FROM {rated}")


@transaction.atomic
def ratings_rebuild() -> int:
    """Rate every finished game again from nobody rated; how many games were rated."""
    _lock()
    with _tables_bare_while_rewritten(), cycle_collector_paused():
        return _rate_everything()


def _rate_everything() -> int:
    """:func:`ratings_rebuild`'s work on emptied tables; how many games were rated. A function
    of its own, so that the millions of objects of a rebuild (a change for every player and
    pair of every game) are freed when it returns, while the cycle collector is still paused:
    alive when it ran again, the collector walked them all once more, a tenth of a rebuild
    (make bench)."""
    _empty_ratings()
    games = rateable_games()
    rebuilt = rebuild(g.finished() for g in games)
    _write(games, rebuilt)
    # Every entity's changes in order, and when it last played: the games are in order, so
    # the last game written for an entity is its last.
    changes: dict[Entity, list[Change]] = {}
    last_played: dict[Entity, dt.datetime] = {}
    for game, rated in zip(games, rebuilt.history, strict=True):
        played_at = game.played_at
        for change in (*rated.players, *rated.pairs):
            who = change.who
            mine = changes.get(who)
            if mine is None:
                changes[who] = [change]
            else:
                mine.append(change)
            last_played[who] = played_at
    _write_current(changes, last_played)
    return len(games)


def refresh_after_commit(fixtures: Iterable[int]) -> None:
    """Refresh the ratings of ``fixtures`` once the caller's transaction is committed (a
    result is saved whatever happens to its ratings, which the rebuild can always redo)."""
    ids = list(fixtures)

    def refresh() -> None:
        try:
            ratings_refresh(ids)
        except Exception:  # derived data: never lose the result for it
            logger.exception("Ratings not refreshed for fixtures %s: run rebuild_ratings.", ids)

    transaction.on_commit(refresh)


def club_set_list_settings(*, club: Club, min_games: int, min_opponents: int) -> Club:
    """Set who the club's rating list shows (the form checked the numbers)."""
    club.rating_min_games = min_games
    club.rating_min_opponents = min_opponents
    club.full_clean()
    club.save(update_fields=["rating_min_games", "rating_min_opponents"])
    return club
