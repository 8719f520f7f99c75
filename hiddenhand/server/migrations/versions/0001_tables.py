"""Tables, their actions and their chat: the schema stores had before migrations.

Stores created before Alembic already hold these tables; only missing ones are created.
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    existing = set(sa.inspect(op.get_bind()).get_table_names())
    if "hh_tables" not in existing:
        op.create_table(
            "hh_tables",
            sa.Column("id", sa.String(32), primary_key=True),
            sa.Column("game", sa.String(64), nullable=False),
            sa.Column("status", sa.String(16), nullable=False),
            sa.Column("created", sa.Float, nullable=False),
            sa.Column("meta", sa.Text, nullable=False),
        )
        op.create_index("ix_hh_tables_status", "hh_tables", ["status"])
    if "hh_actions" not in existing:
        op.create_table(
            "hh_actions",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("seat", sa.Integer, nullable=False),
            sa.Column("action", sa.Integer, nullable=False),
            sa.Column("mark", sa.String(16), nullable=True),
        )
    if "hh_chat" not in existing:
        op.create_table(
            "hh_chat",
            sa.Column("table_id", sa.String(32), primary_key=True),
            sa.Column("idx", sa.Integer, primary_key=True, autoincrement=False),
            sa.Column("body", sa.Text, nullable=False),
        )


def downgrade() -> None:
    op.drop_table("hh_chat")
    op.drop_table("hh_actions")
    op.drop_table("hh_tables")
