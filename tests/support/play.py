"""Whole games for tests: random playouts of a state or a match, and bot games through the one
match loop (:class:`~asobi.core.match.Match`).

A random playout picks, at a chance node, an outcome by its odds (or, with ``uniform_chance``,
any outcome alike, to reach rare ones often) and, at a decision, one of the legal actions with
equal chance, always with the caller's generator: the same seed plays the same game.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from random import Random
from typing import Any

from asobi.core import CHANCE, Action, GameRecord, GameSpec, GameState, get_game
from asobi.core.match import Match
from asobi.core.seeding import chance_source


def random_action(state: GameState, rng: Random, uniform_chance: bool = False) -> Action:
    """The next action of a random playout of ``state`` (which is not over)."""
    if state.current_seat == CHANCE:
        if uniform_chance:
            return rng.choice(state.chance_outcomes())[0]
        return state.sample_chance(rng)
    return rng.choice(state.legal_actions())


def random_playout(
    state: GameState,
    rng: Random,
    steps: int | None = None,
    *,
    unchecked: bool = False,
    uniform_chance: bool = False,
) -> Iterator[int]:
    """Play ``state`` on in place with random actions until it ends, or after ``steps`` actions.

    Yields at every position the number of actions applied so far — first 0, before any, and last
    at the end — so the caller checks ``state`` there; it may stop early by breaking out.
    ``unchecked`` applies through ``apply_unchecked`` (the rollouts' fast path)."""
    apply = state.apply_unchecked if unchecked else state.apply
    played = 0
    while True:
        yield played
        if state.is_terminal() or played == steps:
            return
        apply(random_action(state, rng, uniform_chance))
        played += 1


def played(
    state: GameState, rng: Random, steps: int | None = None, *, unchecked: bool = False, uniform_chance: bool = False
) -> GameState:
    """``state`` after a whole random playout (or ``steps`` actions of one)."""
    for _ in random_playout(state, rng, steps, unchecked=unchecked, uniform_chance=uniform_chance):
        pass
    return state


def people_match(game: str, options: Mapping[str, Any], seed: int) -> Match:
    """A match of ``game`` with a person in every seat, chance drawn from ``seed``."""
    spec = get_game(game)
    valid = spec.validate_options(options)
    return Match(spec, valid, ["human"] * len(spec.seat_names(valid)), seed=seed)


def random_match(match: Match, rng: Random, steps: int | None = None) -> Iterator[int]:
    """Play ``match`` on until it ends, or after ``steps`` steps: chance through the match's own
    source (``match.step()``), each person's decision a random legal action submitted for them.
    Yields like :func:`random_playout`: the number of steps taken, at every position."""
    taken = 0
    while True:
        yield taken
        if match.is_over() or taken == steps:
            return
        if match.current_seat == CHANCE:
            match.step()
        else:
            match.submit(match.current_seat, rng.choice(match.state.legal_actions()))
        taken += 1


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
