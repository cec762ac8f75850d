"""A state declared with :mod:`asobi.core.fields` keeps everything in its declared fields.

``clone``, ``to_json`` and the fingerprint are generated from the declaration, so a value kept
anywhere else would be lost by a clone or a save without a word. Python gives a slotted class an
instance ``__dict__`` when a base class has none, so setting an undeclared attribute does not
raise: it is checked here, along a random game of every registered game whose state is declared,
on the state, its clone and its JSON copy; and each slot is declared once."""

from __future__ import annotations

from random import Random

import pytest

from asobi.core import all_games
from asobi.core.fields import DeclaredState
from support.play import random_playout

CASES = [
    pytest.param(spec, options, id=f"{spec.id}-{i}")
    for spec in all_games()
    if issubclass(spec.state_class, DeclaredState)
    for i, options in enumerate(spec.conformance_options)
]


@pytest.mark.parametrize(("spec", "options"), CASES)
def test_a_state_keeps_nothing_outside_its_declared_fields(spec, options):
    slots = spec.state_class.__slots__
    assert len(set(slots)) == len(slots), sorted(k for k in set(slots) if slots.count(k) > 1)
    s = spec.new_game(options)
    looked = 0
    for step in random_playout(s, Random(1)):
        if step % 11 == 0 or s.is_terminal():
            for copy in (s, s.clone(), spec.state_class.from_json(s.to_json())):
                assert getattr(copy, "__dict__", {}) == {}, (step, copy.__dict__)
            looked += 1
    assert s.is_terminal() and looked > 5
