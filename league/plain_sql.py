"""Reads and writes on the hot path of a club night with their SQL written once (make bench:
saving a deal).

The ORM builds, clones and compiles a query for every ``save()``, ``update()`` and ``raw()``:
for the few queries of saving a deal that was most of their cost. Here the SQL of each is
written once per model, columns and database, every value is prepared for the database as the
ORM prepares it (``Field.pre_save`` on an insert, ``Field.get_db_prep_save``), and every value
read is converted as the ORM converts it (the fields' and the database's converters), so what
is stored and read is what the ORM stores and reads.

Left out: the ``pre_save`` and ``post_save`` signals of ``Model.save()`` (no model written
here has a receiver; a model that gets one must be saved with ``save()``), and expressions
(``F()``) in an update: values only.
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from typing import Any, TypeVar

from django.db import connections
from django.db.models import Field, Model

M = TypeVar("M", bound=Model)


def insert(record: Model, *, using: str = "default") -> None:
    """Insert ``record`` as ``record.save(force_insert=True)`` does: its automatic fields
    filled (``auto_now_add``, ``auto_now``), its key set from the database."""
    model = type(record)
    connection = connections[using]
    meta = model._meta
    sql, fields, returns = _insert_sql(model, connection.vendor, using)
    values = [f.get_db_prep_save(f.pre_save(record, True), connection) for f in fields]
    with connection.cursor() as cursor:
        cursor.execute(sql, values)
        if returns:
            key = cursor.fetchone()[0]
        else:
            key = connection.ops.last_insert_id(cursor, meta.db_table, str(meta.pk.column))
    record.pk = key
    record._state.adding = False
    record._state.db = using


@functools.cache
def _insert_sql(
    model: type[Model], vendor: str, using: str
) -> tuple[str, list[Field[Any, Any]], bool]:
    """The INSERT of ``model``'s row (every concrete column but its automatic key), the fields
    in the order of its parameters, and whether it returns the new key."""
    connection = connections[using]
    meta = model._meta
    fields = [
        f
        for f in meta.local_concrete_fields
        if f is not meta.auto_field and not getattr(f, "generated", False)
    ]
    if any(hasattr(f, "get_placeholder") for f in fields):
        raise TypeError(f"{model.__name__} has a field with a placeholder of its own: use save()")
    quote = connection.ops.quote_name
    sql = (
        f"INSERT INTO {quote(meta.db_table)} ({', '.join(quote(str(f.column)) for f in fields)}) "
        f"VALUES ({', '.join(['%s'] * len(fields))})"
    )
    returns = bool(connection.features.can_return_columns_from_insert)
    if returns:
        # What the ORM's insert ends with on these databases ("RETURNING <table>.<key>").
        returning, _params = connection.ops.return_insert_columns([meta.pk])  # type: ignore[attr-defined]
        sql = f"{sql} {returning}"
    return sql, fields, returns


def update(
    model: type[Model],
    where: Mapping[str, Any],
    values: Mapping[str, Any],
    *,
    using: str = "default",
) -> int:
    """``model.objects.filter(**where).update(**values)`` for ``where`` of equalities (none of
    them with None; ``pk`` for the key) and ``values`` of plain values: the number of rows
    changed."""
    connection = connections[using]
    sql, set_fields, where_fields = _update_sql(
        model, connection.vendor, using, tuple(values), tuple(where)
    )
    params = [
        f.get_db_prep_save(v, connection) for f, v in zip(set_fields, values.values(), strict=True)
    ]
    params += [
        f.get_db_prep_value(v, connection)
        for f, v in zip(where_fields, where.values(), strict=True)
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)


@functools.cache
def _update_sql(
    model: type[Model], vendor: str, using: str, columns: tuple[str, ...], keys: tuple[str, ...]
) -> tuple[str, list[Field[Any, Any]], list[Field[Any, Any]]]:
    """The UPDATE of ``columns`` of ``model``'s rows with the values ``keys`` name, and the
    fields of its parameters in their order."""
    connection = connections[using]
    meta = model._meta
    quote = connection.ops.quote_name
    set_fields = [_column(model, name) for name in columns]
    where_fields = [_column(model, name) for name in keys]
    assignments = ", ".join(f"{quote(str(f.column))} = %s" for f in set_fields)
    conditions = " AND ".join(f"{quote(str(f.column))} = %s" for f in where_fields)
    return (
        f"UPDATE {quote(meta.db_table)} SET {assignments} WHERE {conditions}",
        set_fields,
        where_fields,
    )


def _column(model: type[Model], name: str) -> Field[Any, Any]:
    """``model``'s field ``name`` (``pk``: its key), if it is a column written as a value."""
    meta = model._meta
    field = meta.pk if name == "pk" else meta.get_field(name)
    if not isinstance(field, Field) or not field.concrete or hasattr(field, "get_placeholder"):
        raise TypeError(f"{model.__name__}.{name}: use the ORM's update()")
    return field


def read_one(
    model: type[M], sql: str, params: Sequence[Any], *, using: str = "default"
) -> M | None:
    """The first row of ``sql`` as a ``model`` instance, or None: what
    ``next(iter(model.objects.raw(sql, params)), None)`` gives (its columns that are not the
    model's become attributes), without building the raw query's plan for every read."""
    connection = connections[using]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        row = cursor.fetchone()
        if row is None:
            return None
        names, positions, extras, converters = _read_plan(
            model, using, sql, tuple(column[0] for column in cursor.description)
        )
    values = list(row)
    for position, functions, expression in converters:
        value = values[position]
        for function in functions:
            value = function(value, expression, connection)
        values[position] = value
    record = model.from_db(using, names, [values[p] for p in positions])
    for name, position in extras:
        setattr(record, name, values[position])
    return record


@functools.cache
def _read_plan(
    model: type[Model], using: str, sql: str, columns: tuple[str, ...]
) -> tuple[list[str], list[int], list[tuple[str, int]], list[tuple[int, list[Any], Any]]]:
    """How a row of ``sql`` becomes a ``model``, as the raw query works it out: the model's
    fields (names and positions), the other columns (names, positions), and the converters of
    each column that has any (position, converters, the column as an expression)."""
    connection = connections[using]
    to_name = connection.introspection.identifier_converter
    columns = tuple(to_name(c) for c in columns)
    by_column = {to_name(str(f.column)): f for f in model._meta.concrete_fields}
    if to_name(str(model._meta.pk.column)) not in columns:
        raise ValueError(f"The query of {model.__name__} must read its key.")
    fields = [f for f in model._meta.concrete_fields if to_name(str(f.column)) in columns]
    names = [f.attname for f in fields]
    positions = [columns.index(to_name(str(f.column))) for f in fields]
    extras = [(c, i) for i, c in enumerate(columns) if c not in by_column]
    converters = []
    for i, column in enumerate(columns):
        field = by_column.get(column)
        if field is None:
            continue
        expression = field.get_col(model._meta.db_table)
        functions = [
            *connection.ops.get_db_converters(expression),
            *expression.get_db_converters(connection),
        ]
        if functions:
            converters.append((i, functions, expression))
    return names, positions, extras, converters
