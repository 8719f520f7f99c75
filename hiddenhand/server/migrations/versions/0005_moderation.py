"""Moderation: roles, bans and mutes on accounts; mutes and blocks between accounts; reports
of players; the operators' audit log."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.add_column(
        "hh_accounts", sa.Column("role", sa.String(16), nullable=False, server_default="player")
    )
    op.add_column("hh_accounts", sa.Column("banned", sa.Float, nullable=True))
    op.add_column("hh_accounts", sa.Column("muted", sa.Float, nullable=True))
    op.create_table(
        "hh_relations",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), primary_key=True),
        sa.Column(
            "other_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), primary_key=True, index=True
        ),
        sa.Column("kind", sa.String(8), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "hh_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created", sa.Float, nullable=False, index=True),
        sa.Column("reporter_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), nullable=False),
        sa.Column(
            "reported_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), nullable=True, index=True
        ),
        sa.Column("reported_guest", sa.String(64), nullable=True),
        sa.Column("reported_name", sa.String(64), nullable=False),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("chat", sa.Text, nullable=False),
        sa.Column("view", sa.Text, nullable=False),
    )
    op.create_table(
        "hh_audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False, index=True),
        sa.Column("operator", sa.String(64), nullable=False),
        sa.Column("act", sa.String(32), nullable=False),
        sa.Column("target", sa.String(64), nullable=False),
        sa.Column("detail", sa.Text, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hh_audit")
    op.drop_table("hh_reports")
    op.drop_table("hh_relations")
    with op.batch_alter_table("hh_accounts") as batch:
        batch.drop_column("muted")
        batch.drop_column("banned")
        batch.drop_column("role")
