"""How each registered game's printed clauses are cited, by the clause-citation check's own reading.

    .venv/bin/python scripts/clause_citations.py

Per game: the printed clauses, those the inventory marks as rules, how many of those the events of
the check's bot games cite, how many more the events of the scenario tests it runs cite, how many
more only refusals cite (listed), and the definitions and headings nobody need cite — the figures
docs/engine.md quotes. It reads the games as ``tests/test_rules_coverage.py`` does (its functions).
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

import test_rules_coverage as check
from asobi.core import all_games
from asobi.core.clauses import DEFINITION, HEADING, UNCITED_KINDS


def listed(clauses: set[str]) -> str:
    return f" ({', '.join(sorted(clauses, key=check.clause_order))})" if clauses else ""


def main() -> None:
    for spec in all_games():
        book = spec.clause_book()
        rules = {c for c in book.printed if book.kind(c) not in UNCITED_KINDS}
        by_bots = rules & check.event_citations(spec)
        rare = rules - by_bots
        in_scenarios, refused = check.scenario_citations(spec, rare, pytest.MonkeyPatch()) if rare else (set(), set())
        by_scenarios = rare & in_scenarios
        by_refusals = (rare - by_scenarios) & refused
        kinds = [book.kind(c) for c in book.printed]
        print(
            f"{spec.id}: {len(book.printed)} printed, {len(rules)} rules: {len(by_bots)} cited by bot games' events, "
            f"{len(by_scenarios)} more by scenario tests' events, {len(by_refusals)} more by refusals only"
            f"{listed(by_refusals)}; {len(rules - by_bots - by_scenarios - by_refusals)} "
            f"uncited; {kinds.count(DEFINITION)} {DEFINITION}s, {kinds.count(HEADING)} {HEADING}s"
        )


if __name__ == "__main__":
    main()
