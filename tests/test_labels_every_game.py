"""Every verb of every game's declared spaces has a label of its own, in both languages.

A label is a template of the game's catalogue (``games/<id>/labels.py``) filled through its
``localize``; a verb without one would read as its bare items (``push north``), and a template
naming an argument its verb does not give would fail to fill. The first action of each verb is
labelled in a new game.
"""

from __future__ import annotations

import pytest

from asobi.core import all_games

CASES = [pytest.param(spec, id=spec.id) for spec in all_games()]


@pytest.mark.parametrize("spec", CASES)
def test_every_verb_has_a_label_in_both_languages(spec):
    options = spec.validate_options(dict(spec.conformance_options[0]))
    state = spec.new_game(options)
    spaces = [s for s in (spec.spaces.actions(options), spec.spaces.chance(options)) if s is not None]
    assert spaces
    for space in spaces:
        for verb in space.verbs:
            action = space.decode(space.offsets[verb.name])
            bare = " ".join(str(x) for x in action)
            ja, en = state.action_label(action, "ja"), state.action_label(action, "en")
            assert ja and en and ja != en, f"{spec.id}: {action!r} reads {ja!r} / {en!r}"
            assert ja != bare, f"{spec.id}: the verb {verb.name!r} has no label (it reads {bare!r})"
