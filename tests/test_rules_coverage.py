"""Every clause of every game — printed or completion — is cited by at least one scenario test."""

from __future__ import annotations

from pathlib import Path

import pytest

from asobi.core import all_games
from support.scenario import cited_clauses

TESTS = Path(__file__).parent


def clause_order(clause: str) -> list[tuple[int, int, str]]:
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in clause.replace("-", ".").split(".")]


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_clause_has_a_scenario_test(spec):
    cited = cited_clauses(TESTS / spec.id)
    untested = sorted(set(spec.clauses()) - cited, key=clause_order)
    assert not untested, f"{spec.id}: clauses without a scenario test: {', '.join(untested)}"
    unknown = sorted(cited - set(spec.clauses()))
    assert not unknown, f"{spec.id}: tests cite clauses the game does not have: {', '.join(unknown)}"
