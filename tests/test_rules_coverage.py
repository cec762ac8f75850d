"""Every clause of every registered game — printed or completion — is cited by at least one
scenario test, and every clause a test cites is one of the game's.

A game's scenario tests are found where its distribution keeps them: ``tests/<id>/`` beside the
``pyproject.toml`` that holds the game's package (asobi's own games: this folder's ``<id>/``), or
that distribution's whole ``tests/`` when it has no such folder (a game in a distribution of its
own)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from asobi.core import all_games
from support.scenario import cited_clauses


def clause_order(clause: str) -> list[tuple[int, int, str]]:
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in clause.replace("-", ".").split(".")]


def scenario_tests(spec) -> Path:
    """The folder of ``spec``'s scenario tests in the distribution that holds the game."""
    package = Path(inspect.getfile(spec.state_class)).resolve().parent
    root = next((p for p in package.parents if (p / "pyproject.toml").is_file()), None)
    assert root is not None, f"{spec.id}: no pyproject.toml above {package}, so no tests to read"
    for folder in (root / "tests" / spec.id, root / "tests"):
        if folder.is_dir():
            return folder
    raise AssertionError(f"{spec.id}: no scenario tests in {root / 'tests'}")


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_clause_has_a_scenario_test(spec):
    cited = cited_clauses(scenario_tests(spec))
    untested = sorted(set(spec.clauses()) - cited, key=clause_order)
    assert not untested, f"{spec.id}: clauses without a scenario test: {', '.join(untested)}"
    unknown = sorted(cited - set(spec.clauses()))
    assert not unknown, f"{spec.id}: tests cite clauses the game does not have: {', '.join(unknown)}"


def test_asobis_own_games_are_read_from_their_folders_here():
    here = Path(__file__).resolve().parent
    own = [spec for spec in all_games() if (here / spec.id).is_dir()]
    assert own and all(scenario_tests(spec) == here / spec.id for spec in own)


def test_cited_clauses_reads_rule_decorators(tmp_path):
    (tmp_path / "test_x.py").write_text('@rule("7.5", "7.6")\ndef test_a(): ...\n@rule(\'L-1\')\ndef test_b(): ...\n')
    assert cited_clauses(tmp_path) == {"7.5", "7.6", "L-1"}
