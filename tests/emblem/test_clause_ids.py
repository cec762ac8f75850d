"""emblem's clause inventory: the 30 printed clauses of section 2 and our own completion rules
(``C-``), kept apart by their ids. That every clause has a scenario test is checked for every
game at once (``tests/test_rules_coverage.py``)."""

from __future__ import annotations

from asobi.games.emblem.spec import SPEC


def test_printed_and_completion_ids_are_kept_apart():
    ids = set(SPEC.clauses())
    printed = {i for i in ids if i[0].isdigit()}
    completion = {i for i in ids if i.startswith("C-")}
    assert printed | completion == ids
    assert len(printed) == 30 and printed == {i for i in ids if i.startswith("2.")}
