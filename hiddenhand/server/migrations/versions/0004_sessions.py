"""Sessions kept in the store, one row per sign-in, so that signing out ends one at once."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "hh_sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey("hh_accounts.id"), nullable=False, index=True
        ),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
        sa.Column("expires", sa.Float, nullable=False),
        sa.Column("agent", sa.String(200), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
    )


def downgrade() -> None:
    op.drop_table("hh_sessions")
