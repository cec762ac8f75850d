"""Playing a game to its end with agents in the seats and a seeded chance player."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from random import Random
from typing import Any

from .actions import Action
from .agent import Agent, RandomAgent, derive_seed
from .errors import AsobiError
from .record import GameRecord
from .registry import GameSpec
from .state import CHANCE, GameState


def chance_rng(seed: int | str) -> Random:
    """The generator that picks chance outcomes for a game played from ``seed``."""
    return Random(derive_seed(seed, "chance"))


def make_bot(spec: GameSpec, name: str, seat: int, seed: int | str, options: Mapping[str, Any]) -> Agent:
    """A bot of kind ``name`` for ``seat``, seeded from the game's seed and the seat.

    :raises AsobiError: if the game has no such bot.
    """
    agent_seed = derive_seed(seed, "seat", seat)
    if name == "random":
        return RandomAgent(agent_seed)
    try:
        factory = spec.bots[name]
    except KeyError:
        raise AsobiError(f"{spec.id}: no bot {name!r}; the bots are: {', '.join(spec.bot_names())}") from None
    return factory(seat, agent_seed, options)


def next_action(state: GameState, agents: Sequence[Agent], rng: Random) -> Action:
    """The action the chance player or the seat's agent takes in ``state``."""
    seat = state.current_seat
    if seat == CHANCE:
        return state.sample_chance(rng)
    agent = agents[seat]
    legal = state.legal_actions()
    return agent.act(state.view(seat) if agent.uses_view else None, legal)


def play_out(
    state: GameState,
    agents: Sequence[Agent],
    rng: Random,
    *,
    max_steps: int | None = None,
    on_action: Callable[[GameState, Action], None] | None = None,
    checked: bool = True,
) -> list[Action]:
    """Play ``state`` to its end (or ``max_steps``) and return the actions taken.

    ``on_action(state, action)`` is called before each action is applied.
    """
    limit = max_steps if max_steps is not None else state.spec.max_steps
    taken: list[Action] = []
    while not state.is_terminal() and len(taken) < limit:
        action = next_action(state, agents, rng)
        if on_action is not None:
            on_action(state, action)
        if checked:
            state.apply(action)
        else:
            state.apply_unchecked(action)
        taken.append(action)
    return taken


def play_recorded(
    spec: GameSpec, raw_options: Mapping[str, Any] | None, bots: Sequence[str], seed: int
) -> tuple[GameRecord, GameState]:
    """Play a whole game between named bots from ``seed``; the record and the final state."""
    options = spec.validate_options(raw_options)
    state = spec.new_state(options)
    agents = [make_bot(spec, name, seat, seed, options) for seat, name in enumerate(bots)]
    actions = play_out(state, agents, chance_rng(seed))
    outcome = state.outcome()
    record = GameRecord(
        spec.id,
        spec.rules_version,
        options,
        [f"bot:{b}" for b in bots],
        seed,
        actions,
        outcome.to_json() if outcome else None,
        state.fingerprint(),
    )
    return record, state
