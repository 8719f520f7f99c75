"""Alembic's entry point: migrations run on the connection `hiddenhand.server.migrate` opened."""

from __future__ import annotations

from alembic import context

connection = context.config.attributes["connection"]
context.configure(connection=connection)
with context.begin_transaction():
    context.run_migrations()
