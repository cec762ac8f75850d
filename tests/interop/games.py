"""The registered games and option sets the adapter tests play, and why one is skipped."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pytest

from asobi.core import GameSpec, all_games


def cases() -> list[Any]:
    """``pytest.param(spec, options)`` for every registered game and conformance option set."""
    out = []
    for spec in all_games():
        for options in spec.conformance_options:
            tag = ",".join(f"{k}={v}" for k, v in sorted(options.items())) or "defaults"
            out.append(pytest.param(spec, dict(options), id=f"{spec.id}[{tag}]"))
    return out


def missing(spec: GameSpec, options: Mapping[str, Any], *, chance: bool, tensor: bool) -> str | None:
    """Why the adapters cannot run ``spec`` yet (a declared space or the tensor is missing)."""
    lacks = []
    if spec.spaces.actions is None:
        lacks.append("spec.spaces.actions")
    if chance and spec.spaces.chance is None:
        lacks.append("spec.spaces.chance")
    if tensor:
        if spec.spaces.observation_shape is None:
            lacks.append("spec.spaces.observation_shape")
        try:
            spec.new_game(options).observation_tensor(0)
        except NotImplementedError:
            lacks.append("state.observation_tensor")
    if not lacks:
        return None
    return f"{spec.id} does not declare {', '.join(lacks)} yet (issue 7 §8 needs them)"
