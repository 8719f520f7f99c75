"""docs/rl.md's tensor layouts are the encoders' own: the test fails when they drift."""

from pathlib import Path

import pytest

from hiddenhand.rl.layout_tables import BEGIN, END, main, rewritten, tables

DOC = Path(__file__).resolve().parents[2] / "docs" / "rl.md"


def test_the_documented_layouts_are_the_codes():
    text = DOC.read_text()
    assert rewritten(text) == text, "run: python -m hiddenhand.rl.layout_tables docs/rl.md"


def test_a_drifted_document_is_reported(tmp_path):
    doc = tmp_path / "rl.md"
    doc.write_text(DOC.read_text().replace("| `role` | 2 |", "| `role` | 3 |"))
    assert main([str(doc), "--check"]) == 1
    assert main([str(doc)]) == 0
    assert main([str(doc), "--check"]) == 0
    assert doc.read_text() == DOC.read_text()


def test_every_segment_is_described():
    text = tables()
    assert "| `role` | 2 | 0 | Killer, Inspector |" in text
    assert "| `decider` |" not in text, "the documented segments are the observation's"
    with pytest.raises(ValueError):
        rewritten(f"no markers, only {BEGIN[:10]} and {END[:10]}")
