"""Every clause of every registered game — printed or completion — is cited by at least one
scenario test, and every clause a test cites is one of the game's; and every printed clause that
acts is cited by an event or a refusal of a fixed set of games, so that the clauses nobody cites
are those the game's inventory marks as describing rather than acting (a ``definition`` or a
``heading``).

The fixed set is (1) bot games: each bot of the game in every seat, seeds ``0 …
CITATION_SEEDS - 1``, every option set the conformance harness plays; and (2) for the printed
clauses those games leave uncited (rare positions: a late collapse, a special character, a limit
only a refusal enforces), the game's own scenario tests that name one of them (``@rule``): each is
run, and every state of the game it makes (built, cloned or read from JSON) is read — the events
of its log, and the clause of every refusal it gave (``why_illegal``, which an illegal action's
error names). A refusal counts as citing its clause: a limit ("no building on a mountain", 12.5)
changes nothing and decides no choice of its own, it only takes actions away, and the refusal is
where the engine says which clause did (the issue's "every refusal cites the most specific
clause"), unless it is the clause the game falls back on for any action it does not know at that
decision (a refusal that names no limit). Only scenario tests that take no arguments are run.

A game's scenario tests are found where its distribution keeps them: ``tests/<id>/`` beside the
``pyproject.toml`` that holds the game's package (asobi's own games: this folder's ``<id>/``), or
that distribution's whole ``tests/`` when it has no such folder (a game in a distribution of its
own)."""

from __future__ import annotations

import importlib
import inspect
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from asobi.core import all_games
from asobi.core.clauses import DEFINITION, HEADING, UNCITED_KINDS
from asobi.core.match import Match
from support.scenario import cited_clauses

NO_SUCH_ACTION = ("no such action",)
"""An action no game knows: the clause of its refusal is the one a game falls back on at the
decision (the decision's own clause), which names no limit, so a refusal citing it cites nothing."""

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


def _module_name(path: Path) -> str:
    """The dotted name ``path`` imports by from the nearest entry of ``sys.path`` above it (the
    tests' own folder before the repository's, so a module pytest imported is not imported again)."""
    names = []
    for entry in map(Path, sys.path):
        try:
            names.append(path.resolve().relative_to(entry.resolve()).with_suffix("").parts)
        except (ValueError, OSError):
            continue
    if not names:
        raise AssertionError(f"{path}: on no entry of sys.path, so its tests cannot be imported")
    return ".".join(min(names, key=len))


def rule_tests(folder: Path, clauses: set[str]) -> Iterator[tuple[str, Callable[[], Any]]]:
    """The scenario tests under ``folder`` that name one of ``clauses`` and take no arguments."""
    for path in sorted(folder.rglob("test_*.py")):
        if not cited_clauses(path) & clauses:
            continue  # (read first: importing every test module costs more than running these tests)
        module = importlib.import_module(_module_name(path))
        for name, fn in sorted(vars(module).items()):
            if not (name.startswith("test_") and inspect.isfunction(fn)):
                continue
            named = {c for m in getattr(fn, "pytestmark", ()) if m.name == "rule" for c in m.args}
            if named & clauses and not inspect.signature(fn).parameters:
                yield f"{path.name}::{name}", fn


def scenario_citations(spec, clauses: set[str], monkeypatch: pytest.MonkeyPatch) -> tuple[set[str], set[str]]:
    """The clauses cited by the events of the states that the game's scenario tests naming one of
    ``clauses`` make, and those cited by the refusals they meet (see the module's description)."""
    cls = spec.state_class
    made: list[Any] = []
    refused: set[str] = set()
    init, clone, from_json, why_illegal = cls.__init__, cls.clone, cls.from_json.__func__, cls.why_illegal

    def tracked_init(self, *args, **kwargs):
        init(self, *args, **kwargs)
        made.append(self)

    def tracked_clone(self):
        made.append(out := clone(self))
        return out

    def tracked_from_json(klass, data):
        made.append(out := from_json(klass, data))
        return out

    def tracked_why_illegal(self, action):
        clause, why = why_illegal(self, action)
        if clause is not None and clause != why_illegal(self, NO_SUCH_ACTION)[0]:
            refused.add(clause)
        return clause, why

    monkeypatch.setattr(cls, "__init__", tracked_init)
    monkeypatch.setattr(cls, "clone", tracked_clone)
    monkeypatch.setattr(cls, "from_json", classmethod(tracked_from_json))
    monkeypatch.setattr(cls, "why_illegal", tracked_why_illegal)
    cited: set[str] = set()
    try:
        for _name, test in rule_tests(scenario_tests(spec), clauses):
            test()
            cited.update(c for s in made for e in s.log for c in e.clauses)
            made.clear()
    finally:
        monkeypatch.undo()
    return cited, refused


@pytest.mark.parametrize("spec", all_games(), ids=lambda s: s.id)
def test_every_printed_clause_an_event_never_cites_is_marked(spec, monkeypatch):
    book = spec.clause_book()
    cited = event_citations(spec)
    refused: set[str] = set()
    rare = {c for c in book.printed if c not in cited and book.kind(c) not in UNCITED_KINDS}
    if rare:
        in_scenarios, refused = scenario_citations(spec, rare, monkeypatch)
        cited |= in_scenarios
    unmarked = [c for c in book.printed if c not in cited | refused and book.kind(c) not in UNCITED_KINDS]
    assert not unmarked, (
        f"{spec.id}: neither the events nor the refusals of the fixed games cite these printed clauses, and the "
        f"inventory does not mark them {DEFINITION} or {HEADING}: {', '.join(unmarked)}"
    )
    wrong = [c for c in book.printed if c in cited and book.kind(c) in UNCITED_KINDS]
    assert not wrong, (
        f"{spec.id}: events cite these printed clauses, so they are rules: mark them rule in the inventory: "
        + ", ".join(f"{c} ({book.kind(c)})" for c in wrong)
    )
