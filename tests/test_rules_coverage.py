"""Every clause of every registered game — printed or completion — is cited by at least one
scenario test, and every clause a test cites is one of the game's; and every printed clause that
no event of a fixed set of games cites is marked, in the game's inventory, as one that need not
be (a definition or a heading) or that is not yet (``unseen``).

A game's scenario tests are found where its distribution keeps them: ``tests/<id>/`` beside the
``pyproject.toml`` that holds the game's package (asobi's own games: this folder's ``<id>/``), or
that distribution's whole ``tests/`` when it has no such folder (a game in a distribution of its
own)."""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

from asobi.core import all_games
from asobi.core.clauses import DEFINITION, HEADING, UNCITED_KINDS, UNSEEN
from asobi.core.match import Match
from support.scenario import cited_clauses

CITATION_SEEDS = 3
"""Seeds per bot and option set of the fixed games whose events the clause-citation check reads."""


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


def event_citations(spec) -> set[str]:
    """Every clause cited by an event (its first clause or a further one) in the fixed games:
    each bot of the game in every seat, seeds ``0 … CITATION_SEEDS - 1``, every option set the
    conformance harness plays."""
    cited: set[str] = set()
    for options in spec.conformance_options:
        valid = spec.validate_options(options)
        seats = len(spec.seat_names(valid))
        for bot in spec.bot_names():
            for seed in range(CITATION_SEEDS):
                match = Match(spec, valid, [f"bot:{bot}"] * seats, seed=seed, journal=False, checked=False)
                match.play()
                cited.update(c for e in match.state.log for c in e.clauses)
    return cited


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_printed_clause_an_event_never_cites_is_marked(spec):
    book = spec.clause_book()
    cited = event_citations(spec)
    unmarked = [c for c in book.printed if c not in cited and book.kind(c) not in UNCITED_KINDS]
    assert not unmarked, (
        f"{spec.id}: no event of the fixed games cites these printed clauses, and the inventory does not mark "
        f"them {DEFINITION}, {HEADING} or {UNSEEN}: {', '.join(unmarked)}"
    )
    wrong = [c for c in book.printed if c in cited and book.kind(c) in UNCITED_KINDS]
    assert not wrong, (
        f"{spec.id}: events cite these printed clauses, so they are rules: mark them rule in the inventory: "
        + ", ".join(f"{c} ({book.kind(c)})" for c in wrong)
    )
