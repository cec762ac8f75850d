"""Keeps ``rules/completion.tsv`` in step with ``docs/byston/rules-notes.md``, the notes' source.

``python -m tests.byston.notes_sync`` rewrites the TSV; ``test_map`` checks they agree.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs/byston/rules-notes.md"
TSV = ROOT / "src/asobi/games/byston/rules/completion.tsv"
_NOTE = re.compile(r"^### (B-\d+) — (.+?)\n(.*?)(?=^### |^## |\Z)", re.S | re.M)
_READING = re.compile(r"- Reading: (.*?)(?=\n- Why:)", re.S)
_LINK = re.compile(r"\[([^\]]+)\]\([^)]+\)")


def notes_tsv(doc: str) -> str:
    """The TSV for a rules-notes document: one row per ``### B-n — title`` with its reading."""
    rows = ["id\tkind\ttext"]
    for note, title, body in _NOTE.findall(doc):
        reading = _READING.search(body)
        if reading is None:
            raise ValueError(f"{note} has no '- Reading:' line")
        text = _LINK.sub(r"\1", f"{title}: {' '.join(reading.group(1).split())}")
        rows.append(f"{note}\tnote\t{text}")
    return "\n".join(rows) + "\n"


if __name__ == "__main__":
    TSV.write_text(notes_tsv(DOC.read_text(encoding="utf-8")), encoding="utf-8")
    print(f"wrote {TSV}")
