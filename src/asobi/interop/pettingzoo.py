"""Any asobi game as a PettingZoo AEC environment.

>>> from asobi.interop.pettingzoo import env
>>> e = env("<game id>", players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()   # obs: {"observation", "action_mask"}

- Agents are ``player_0 … player_{n-1}`` for the game's seats in order (``info["seat_name"]``
  gives the game's name for the seat).
- The action space is ``Discrete(spec.spaces.actions(options).size)``; the ids are the game's
  declared ones. ``action_mask`` (``int8``) marks the legal ids of the agent to act and is all
  zeros for the others. An id that is not legal raises :class:`asobi.core.IllegalActionError`.
- The observation is ``state.observation_tensor(seat)`` as ``float32`` of shape
  ``spec.spaces.observation_shape(options)``: only what that seat may know.
- Chance (draws, shuffles, dice) is resolved inside the environment from a ``random.Random``
  seeded by ``reset(seed=…)``; the same seed and the same actions give the same game.
- Rewards are 0 until the game ends, then each seat's ``outcome().scores`` (1 win, 0 loss,
  0.5 draw; in a co-operative game every seat gets the team's score). Should a game run past
  ``spec.info.max_steps`` decisions, every agent is truncated.
- Game options are fixed when the environment is made, as a local user gives them (a deck file is
  read: ``GameSpec.local_options``); ``reset(options=…)`` ignores its argument.
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from asobi.core import TERMINAL, GameSpec, GameState, get_game
from asobi.core.seeding import chance_source

from ._codec import Codec, MissingSpaceError

OBSERVATION_BOUND = 1.0e6
"""The observation box is ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]``: tensors hold counts and
flags, and PettingZoo warns about infinite bounds."""


class AsobiAECEnv(AECEnv):
    """The environment of one game with fixed options (see the module docstring)."""

    RENDER_MODES = ("ansi", "human")

    def __init__(self, game: str | GameSpec, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        game_id = self.game.id
        self.game_options = self.game.local_options(options)
        self.codec = Codec(self.game, self.game_options)
        shape = self.codec.observation_shape
        if shape is None:
            raise MissingSpaceError(f"{game_id} declares no observation_shape")
        self.metadata = {
            "render_modes": list(self.RENDER_MODES),
            "name": f"asobi_{game_id}_v0",
            "is_parallelizable": False,
        }
        if render_mode is not None and render_mode not in self.RENDER_MODES:
            raise ValueError(f"render_mode must be one of {', '.join(self.RENDER_MODES)}")
        self.render_mode = render_mode
        self.seat_names = tuple(self.game.seat_names(self.game_options))
        self.possible_agents = [f"player_{i}" for i in range(len(self.seat_names))]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32),
                    "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._shape = shape
        self._rng = chance_source(None)  # secret until reset() is given a seed
        self._state: GameState | None = None
        self._steps = 0
        self.agents: list[str] = []

    # ---- spaces ------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.action_spaces[agent]

    @property
    def state_now(self) -> GameState:
        """The game state (hidden parts included: for tools, not for agents)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # ---- the AEC loop ------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._rng = chance_source(seed)
            self.np_random, _ = gymnasium.utils.seeding.np_random(seed)
        self._state = self.game.new_state(self.game_options)
        self._steps = 0
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {
            a: {"seat_name": self.seat_names[i]} for i, a in enumerate(self.agents)
        }
        self.agent_selection = self.agents[0]
        self._advance()
        self._accumulate_rewards()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_now
        move = self.codec.decode(state, int(action))
        state.apply_unchecked(move)
        self._steps += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance()
        self._accumulate_rewards()

    def _advance(self) -> None:
        """Resolve chance, then select the seat to decide or end the game."""
        state = self.state_now
        while state.is_chance():
            state.apply_unchecked(state.sample_chance(self._rng))
        seat = state.current_seat
        if seat == TERMINAL:
            outcome = state.outcome()
            scores = outcome.scores if outcome is not None else (0.0,) * len(self.agents)
            for a in self.agents:
                self.rewards[a] = float(scores[self.agent_name_mapping[a]])
                self.terminations[a] = True
            return
        if self._steps >= self.game.info.max_steps:
            for a in self.agents:
                self.truncations[a] = True
            return
        self.agent_selection = self.possible_agents[seat]

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        state = self.state_now
        obs = np.asarray(state.observation_tensor(seat), dtype=np.float32).reshape(self._shape)
        mask = np.zeros(self.codec.size, np.int8)
        if state.current_seat == seat and not (
            self.terminations.get(agent, True) or self.truncations.get(agent, True)
        ):
            mask[list(self.codec.legal(state))] = 1
        return {"observation": obs, "action_mask": mask}

    # ---- text --------------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        state = self.state_now
        seat = state.current_seat if state.current_seat >= 0 else None
        text = self.game.present.render(state.view(seat), seat, "en")
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def raw_env(game: str | GameSpec, render_mode: str | None = None, **options: Any) -> AsobiAECEnv:
    """The environment without PettingZoo's order-enforcing wrapper."""
    return AsobiAECEnv(game, render_mode=render_mode, **options)


def env(game: str | GameSpec, render_mode: str | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (a registered id, or a spec) with the given options.

    :raises UnknownGameError: if no game has that id.
    :raises BadOptionsError: if the options are refused.
    :raises MissingSpaceError: if the game declares no action space or observation shape.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))
