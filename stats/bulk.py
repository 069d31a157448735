"""Writing many rows at once, for the nightly job: ``insert`` and ``upsert``.

On PostgreSQL the rows go in with COPY (into the table itself, or into a temporary table
that one INSERT ... ON CONFLICT then merges), which is several times faster than
multi-row INSERTs built by ``bulk_create``: a night's million games write about two
million rows. Elsewhere (SQLite, the embedded default, with small data) both fall back to
``bulk_create``. Either way the rows are written inside the caller's transaction and a
database error comes out as Django's (an IntegrityError for a duplicate key).

Rows are tuples in the order of ``fields`` (model field names), holding Python values
(ints, floats, dates, aware datetimes): no model instances are built on the fast path.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from django.db import connection


def insert(model, fields: Sequence[str], rows: Iterable[tuple]) -> None:
    """Insert ``rows``; any row whose key exists already fails the whole call."""
    if connection.vendor != "postgresql":
        model.objects.bulk_create([model(**dict(zip(fields, row, strict=True))) for row in rows], batch_size=1000)
        return
    with connection.cursor() as cursor, connection.wrap_database_errors:
        _copy(cursor, connection.ops.quote_name(model._meta.db_table), _columns(model, fields), rows)


def upsert(model, fields: Sequence[str], rows: Iterable[tuple], *, unique: Sequence[str]) -> None:
    """Insert ``rows``, or update the other fields of the row already there with the same ``unique`` key.

    The keys must be distinct within ``rows``.
    """
    updates = [name for name in fields if name not in unique]
    if connection.vendor != "postgresql":
        model.objects.bulk_create([model(**dict(zip(fields, row, strict=True))) for row in rows],
                                  update_conflicts=True, unique_fields=unique, update_fields=updates,
                                  batch_size=1000)
        return
    table, columns = connection.ops.quote_name(model._meta.db_table), _columns(model, fields)
    staging = connection.ops.quote_name(f"{model._meta.db_table}_upsert")
    listed = ", ".join(columns)
    with connection.cursor() as cursor, connection.wrap_database_errors:
        cursor.execute(f"CREATE TEMPORARY TABLE {staging} ON COMMIT DROP AS SELECT {listed} FROM {table} WITH NO DATA")
        _copy(cursor, staging, columns, rows)
        assignments = ", ".join(f"{column} = EXCLUDED.{column}" for column in _columns(model, updates))
        cursor.execute(f"INSERT INTO {table} ({listed}) SELECT {listed} FROM {staging} "
                       f"ON CONFLICT ({', '.join(_columns(model, unique))}) DO UPDATE SET {assignments}")
        cursor.execute(f"DROP TABLE {staging}")


def _columns(model, fields: Sequence[str]) -> list[str]:
    return [connection.ops.quote_name(model._meta.get_field(name).column) for name in fields]


def _copy(cursor, table: str, columns: list[str], rows: Iterable[tuple]) -> None:
    with cursor.cursor.copy(f"COPY {table} ({', '.join(columns)}) FROM STDIN") as copy:
        for row in rows:
            copy.write_row(row)
