"""Every clause of the rulebook is checked by a scenario test, and each reads in Japanese and in
English through asobi's clause book."""

from __future__ import annotations

import re
from pathlib import Path

from asobi_liars_dice.spec import SPEC

TESTS = Path(__file__).parent


def cited_clauses(folder: Path) -> set[str]:
    """Every clause id named by an ``@rule(...)`` decorator in the test files of ``folder``."""
    found: set[str] = set()
    for path in sorted(folder.glob("*.py")):
        for call in re.finditer(r"@rule\(([^)]*)\)", path.read_text(encoding="utf-8")):
            found.update(re.findall(r"""["']([^"']+)["']""", call.group(1)))
    return found


def test_every_clause_has_a_scenario_test_and_no_test_cites_another():
    clauses = set(SPEC.clauses())
    cited = cited_clauses(TESTS)
    assert sorted(clauses - cited) == []
    assert sorted(cited - clauses) == []


def test_each_clause_reads_in_japanese_and_in_english():
    book = SPEC.clause_book()
    assert book.printed == {} and book.notice("en") is None  # all our own text: nothing printed
    assert list(book.all)[:3] == ["1.1", "1.2", "2.1"] and len(book.all) == 19
    for cid in book.all:
        ja, en = book.text(cid, "ja"), book.text(cid, "en")
        assert ja and en and ja != en
        assert not any("\u3040" <= ch <= "\u30ff" for ch in en), f"{cid}: kana in the English half"
        assert any("\u3040" <= ch <= "\u30ff" for ch in ja), f"{cid}: no kana in the Japanese half"
