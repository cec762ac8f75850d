"""Whole bot games through the one match loop (:class:`~asobi.core.match.Match`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from random import Random
from typing import Any

from asobi.core import GameRecord, GameSpec, GameState
from asobi.core.match import Match, chance_source


def chance_rng(seed: int) -> Random:
    """The generator that picks chance outcomes for a game played from ``seed``."""
    return chance_source(seed)


def play_recorded(
    spec: GameSpec, raw_options: Mapping[str, Any] | None, bots: Sequence[str], seed: int
) -> tuple[GameRecord, GameState]:
    """Play a whole game between named bots from ``seed``; the record and the final state."""
    options = spec.validate_options(raw_options)
    match = Match(spec, options, [f"bot:{b}" for b in bots], seed=seed, journal=False)
    match.play()
    return match.record(), match.state

