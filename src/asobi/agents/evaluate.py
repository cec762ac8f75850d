"""How a search values the positions it reaches: play on (a rollout) or estimate (a heuristic).

Every evaluator returns one value per seat (a finished game's scores, or the game's heuristic for
each seat), so a search can serve any number of seats, rivals or a co-operating team alike.
Rollouts run on the search's own sampled states with ``apply_unchecked``: no legality checks, no
text, and the state's log muted (:meth:`asobi.core.log.StateLog.mute`): the events are still made
by the rules but not kept, as nothing reads a rollout's log (no rule reads the log back while
playing; only determinization and views do, and a rollout state is never determinized or shown).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from random import Random
from typing import Any

from ..core.actions import Action
from ..core.agent import Agent
from ..core.log import StateLog
from ..core.seeding import derive_seed
from ..core.spec import GameSpec
from ..core.state import CHANCE, TERMINAL, GameState

Evaluator = Callable[[GameState, Random], list[float]]
"""Plays on from (or estimates) a state the search owns, and returns a value per seat."""
Heuristic = Callable[[GameState, int], float]
Leaf = Callable[[GameState], list[float]]
"""Values an unfinished game's state for every seat at once (a learned value)."""

ROLLOUTS = ("random", "rule", "heuristic")
"""The rollouts every game has a name for; a rollout may also name another of the game's own bots
(``spec.bots``), which then plays every seat as ``rule`` does."""


def leaf_values(state: GameState, heuristic: Heuristic | None, leaf: Leaf | None = None) -> list[float]:
    """A finished game's scores; otherwise the seats' values by ``leaf`` when given, else each
    seat's by the game's heuristic, or 0 for every seat when the game declares none (an
    unfinished game counts as lost, as in simulation summaries)."""
    outcome = state.outcome()
    if outcome is not None:
        return list(outcome.scores)
    if leaf is not None:
        return leaf(state)
    if heuristic is None:
        return [0.0] * state.n_seats
    return [heuristic(state, seat) for seat in range(state.n_seats)]


def mute_log(state: GameState) -> None:
    """Stop keeping ``state``'s events (a rollout's state, which nobody reads again); a log that is
    not a :class:`~asobi.core.log.StateLog` is left as it is."""
    log = getattr(state, "log", None)
    if isinstance(log, StateLog):
        log.mute()


def random_rollout(limit: int, mute: bool = True, heuristic: Heuristic | None = None,
                   leaf: Leaf | None = None) -> Evaluator:
    """Uniformly random decisions and chance by its probabilities, for at most ``limit`` steps
    (with ``mute``, the state's log muted first); a game not over by then is valued by ``leaf``
    if given, else by ``heuristic`` (the game's, ``spec.search.heuristic``)."""

    def evaluate(state: GameState, rng: Random) -> list[float]:
        if mute:
            mute_log(state)
        rand = rng.random
        apply = state.apply_unchecked
        for _ in range(limit):
            seat = state.current_seat
            if seat == TERMINAL:
                break
            if seat == CHANCE:
                apply(state.sample_chance(rng))
            else:
                legal = state.legal_actions()
                apply(legal[int(rand() * len(legal))])
        return leaf_values(state, heuristic, leaf)

    return evaluate


def margins(spec: GameSpec, state: GameState, options: Mapping[str, Any]) -> tuple[float, ...]:
    """Each seat's margin (``spec.study.margin``) in ``state``: the final one at the end, the one
    the game's metrics give now if it is not over (0 where the metrics do not hold it)."""
    assert spec.study.margin is not None  # its users refuse a game without one first
    outcome = state.outcome()
    found = spec.study.margin(state.metrics(), outcome.clause if outcome is not None else "", options)
    return tuple(float(m) for m in found) if found is not None else (0.0,) * state.n_seats


def play_by_bots(spec: GameSpec, state: GameState, rng: Random, bots: dict[int, Agent],
                 make: Callable[[int], Agent], limit: int) -> None:
    """Play ``state`` on for at most ``limit`` steps (decisions and chance outcomes), or to the
    end: each seat by its bot in ``bots`` (made by ``make(seat)`` the first time the seat decides),
    deciding from its own observation; chance by its probabilities, drawn from ``rng``."""
    apply = state.apply_unchecked
    for _ in range(limit):
        seat = state.current_seat
        if seat == TERMINAL:
            break
        if seat == CHANCE:
            apply(state.sample_chance(rng))
            continue
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = make(seat)
        apply(bot.act(spec.observe(state, seat)))


def rule_rollout(spec: GameSpec, options: Mapping[str, Any], seed: int, limit: int, mute: bool = True,
                 leaf: Leaf | None = None, bot: str = "rule") -> Evaluator:
    """Every seat played by the game's rule bot (or its bot named ``bot``, one of ``spec.bots``;
    each seat's deciding from its own observation of the sampled state), for at most ``limit``
    steps (with ``mute``, the state's log muted first; the rule bots read no log); a game not over
    by then is valued by ``leaf`` if given, else by the game's heuristic."""
    factory = spec.bots[bot]
    heuristic = spec.search.heuristic
    bots: dict[int, Agent] = {}

    def make(seat: int) -> Agent:
        return factory(seat, derive_seed(seed, "rollout", seat), options)

    def evaluate(state: GameState, rng: Random) -> list[float]:
        if mute:
            mute_log(state)
        play_by_bots(spec, state, rng, bots, make, limit)
        return leaf_values(state, heuristic, leaf)

    return evaluate


def rule_policy(spec: GameSpec, options: Mapping[str, Any], seed: int,
                bot: str = "rule") -> Callable[[GameState, int], Action]:
    """The game's rule bot (or its bot named ``bot``, one of ``spec.bots``) as a policy on sampled
    states: each seat's bot decides from that seat's observation of the state."""
    factory = spec.bots[bot]
    bots: dict[int, Agent] = {}

    def suggest(state: GameState, seat: int) -> Action:
        bot = bots.get(seat)
        if bot is None:
            bot = bots[seat] = factory(seat, derive_seed(seed, "prior", seat), options)
        return bot.act(spec.observe(state, seat))

    return suggest


def heuristic_value(spec: GameSpec, leaf: Leaf | None = None) -> Evaluator:
    """No rollout: ``leaf`` if given, else the game's heuristic, at the leaf."""
    heuristic = spec.search.heuristic

    def evaluate(state: GameState, rng: Random) -> list[float]:
        return leaf_values(state, heuristic, leaf)

    return evaluate
