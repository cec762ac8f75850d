"""Every printed and completion clause of emblem is checked by at least one scenario test."""

from __future__ import annotations

from pathlib import Path

from asobi.games.emblem import SPEC
from support.scenario import cited_clauses


def test_every_clause_is_cited_by_a_scenario_test():
    clauses = set(SPEC.clauses())
    cited = cited_clauses(Path(__file__).parent)
    assert clauses - cited == set()
    assert cited - clauses == set()


def test_printed_and_completion_ids_are_kept_apart():
    ids = set(SPEC.clauses())
    printed = {i for i in ids if i[0].isdigit()}
    completion = {i for i in ids if i.startswith("C-")}
    assert printed | completion == ids
    assert len(printed) == 30 and printed == {i for i in ids if i.startswith("2.")}
