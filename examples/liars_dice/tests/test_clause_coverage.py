"""Every clause of the rulebook is checked by a scenario test, and the rulebook reads in both
languages through asobi's clause readers."""

from __future__ import annotations

from pathlib import Path

from asobi.core.clause_texts import clause_text
from asobi.core.testing import cited_clauses

from asobi_liars_dice.rules import clause_table
from asobi_liars_dice.spec import spec

TESTS = Path(__file__).parent


def test_every_clause_has_a_scenario_test_and_no_test_cites_another():
    clauses = set(spec().clauses())
    cited = cited_clauses(TESTS)
    assert sorted(clauses - cited) == []
    assert sorted(cited - clauses) == []


def test_each_clause_reads_in_japanese_and_in_english():
    for cid, (ja, en) in clause_table().items():
        assert clause_text(spec(), cid, "ja") == ja
        assert clause_text(spec(), cid, "en") == en
        assert "/" not in ja, f"{cid}: a slash in the Japanese text would split the clause early"
