"""Helpers for rule scenario tests.

``@rule("7.5")`` marks a test as checking a clause; :func:`cited_clauses` finds every clause a
test directory cites, so a test can list the clauses of a game that no scenario checks;
:class:`FixedRandom` picks a chance outcome exactly.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from random import Random
from typing import Any, TypeVar

F = TypeVar("F", bound=Callable[..., Any])

_RULE_CALL = re.compile(r"""@rule\(([^)]*)\)""")
_STRING = re.compile(r"""["']([^"']+)["']""")


def rule(*clause_ids: str) -> Callable[[F], F]:
    """Mark a scenario test with the rule clauses it checks."""
    import pytest

    def mark(fn: F) -> F:
        return pytest.mark.rule(*clause_ids)(fn)

    return mark


def cited_clauses(*paths: Path) -> set[str]:
    """Every clause id named by an ``@rule(...)`` decorator in the Python files under ``paths``."""
    found: set[str] = set()
    for root in paths:
        files = [root] if root.is_file() else sorted(root.rglob("*.py"))
        for f in files:
            for call in _RULE_CALL.finditer(f.read_text(encoding="utf-8")):
                found.update(_STRING.findall(call.group(1)))
    return found


class FixedRandom(Random):
    """A generator whose ``random()`` returns a given number (to pick a chance outcome exactly)."""

    def __init__(self, r: float) -> None:
        super().__init__(0)
        self.r = r

    def random(self) -> float:
        return self.r
