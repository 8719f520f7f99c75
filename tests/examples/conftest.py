"""The Love Letter example, importable from its source folder for tests that play it in this
process (its own tests install it, as a person would)."""

from __future__ import annotations

import sys
from pathlib import Path

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "loveletter"
if str(EXAMPLE) not in sys.path:
    sys.path.insert(0, str(EXAMPLE))
