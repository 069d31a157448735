"""What the benches that need their own PostgreSQL database share."""


def ensure_database(database_url: str) -> None:
    """Create the database the URL names if it is missing (the server must be running)."""
    import psycopg
    from psycopg import conninfo, sql

    params = conninfo.conninfo_to_dict(database_url)
    name = params.get("dbname")
    if not name:
        raise SystemExit(f"database URL names no database: {database_url}")
    admin = conninfo.make_conninfo(database_url, dbname="postgres")
    with psycopg.connect(admin, autocommit=True, connect_timeout=5) as connection:
        exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone()
        if not exists:
            connection.execute(sql.SQL("CREATE DATABASE {}").format(sql.Identifier(name)))
            print(f"created database {name}")
