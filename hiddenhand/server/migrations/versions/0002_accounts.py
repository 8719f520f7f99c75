"""Accounts, the server's signing secret, ratings per game and each account's game results."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hh_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("name", sa.String(32), nullable=False),
        sa.Column("name_key", sa.String(32), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(255), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "hh_secrets",
        sa.Column("name", sa.String(32), primary_key=True),
        sa.Column("value", sa.String(255), nullable=False),
    )
    op.create_table(
        "hh_ratings",
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
    )
    op.create_table(
        "hh_results",
        sa.Column("table_id", sa.String(32), primary_key=True),
        sa.Column("account_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("role", sa.String(32), nullable=True),
        sa.Column("result", sa.String(8), nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("mu_before", sa.Float, nullable=True),
        sa.Column("sigma_before", sa.Float, nullable=True),
        sa.Column("mu_after", sa.Float, nullable=True),
        sa.Column("sigma_after", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("ix_hh_results_account_id", "hh_results", ["account_id"])


def downgrade() -> None:
    op.drop_index("ix_hh_results_account_id", "hh_results")
    op.drop_table("hh_results")
    op.drop_table("hh_ratings")
    op.drop_table("hh_secrets")
    op.drop_table("hh_accounts")
