"""Any asobi game as a PettingZoo AEC environment, and as a parallel one.

>>> from asobi.interop.pettingzoo import env, parallel_env
>>> e = env("<game id>", players=3)
>>> e.reset(seed=1)
>>> obs, reward, terminated, truncated, info = e.last()   # obs: {"observation", "action_mask"}

- Agents are ``player_0 … player_{n-1}`` for the game's seats in order (``info["seat_name"]``
  gives the game's name for the seat).
- The action space is ``Discrete(spec.spaces.actions(options).size)``; the ids are the game's
  declared ones. ``action_mask`` (``int8``) marks the legal ids of the agent to decide and is all
  zeros for the others. An id that is not legal raises :class:`asobi.core.IllegalActionError` and
  changes nothing. ``action_space(agent).sample()`` without a mask draws among the agent's legal
  ids when it has any (a :class:`LegalDiscrete`).
- The observation is the seat's ``observation_tensor`` as ``float32`` of shape
  ``spec.spaces.observation_shape(options)``: only what that seat may know. It is written in place
  by the game's writer (``spec.spaces.write_observation``) into an array the environment keeps
  for each agent, as is the mask: the arrays ``observe``/``last`` return are rewritten when the
  game moves on (copy them to keep them).
- Chance (draws, shuffles, dice) is resolved inside the environment from a ``random.Random``
  seeded by ``reset(seed=…)``; the same seed and the same actions give the same game.
- Rewards are 0 until the game ends, then each seat's ``outcome().scores`` (1 win, 0 loss,
  0.5 draw; in a co-operative game every seat gets the team's score). Should a game run past
  ``spec.info.max_steps`` decisions, every agent is truncated.
- ``turns="game"`` (the default) selects the agent whose seat decides, as the game goes (a seat
  may decide several times running). ``turns="cycle"`` selects every live agent in seat order, a
  cycle after another: in a cycle the seat deciding when it began decides once, at its place, and
  the others step with any action (ignored; their mask is all zeros). ``max_cycles=N`` (which
  implies ``turns="cycle"``) truncates every agent after ``N`` cycles. ``parallel_env`` is the
  cycling environment with one parallel step per cycle (PettingZoo's ``max_cycles_test`` passes).
- Game options are fixed when the environment is made, as a local user gives them (a deck file is
  read: ``GameSpec.local_options``); ``reset(options=…)`` ignores its argument.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, MutableSequence
from typing import Any, cast

import gymnasium
import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import conversions, wrappers

from asobi.core import TERMINAL, BadOptionsError, GameSpec, GameState, get_game
from asobi.core.seeding import chance_source

from ._codec import Codec, MissingSpaceError, tensor_buffer

OBSERVATION_BOUND = 1.0e6
"""The observation box is ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]``: tensors hold counts and
flags, and PettingZoo warns about infinite bounds."""

TURNS = ("game", "cycle")


class LegalDiscrete(spaces.Discrete):
    """``Discrete(n)`` whose ``sample()`` without a mask or probabilities draws among the ids its
    agent may play now (``legal()``, a mask), when it has any: a random agent that samples the
    space plays legal moves. With a mask it samples as ``Discrete`` does."""

    def __init__(self, n: int, legal: Callable[[], np.ndarray | None], seed: int | None = None) -> None:
        super().__init__(n, seed=seed)
        self._legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            legal = self._legal()
            if legal is not None and legal.any():
                mask = legal
        return super().sample(mask=mask, probability=probability)


def _legal_of(env: AsobiAECEnv, agent: str) -> Callable[[], np.ndarray | None]:
    """The mask of ``agent`` now, through a weak reference (a space is copied with its function,
    not with the environment)."""
    ref = weakref.ref(env)

    def legal() -> np.ndarray | None:
        found = ref()
        if found is None or found._state is None or agent not in found.agents:
            return None
        return found.observe(agent)["action_mask"]

    return legal


class AsobiAECEnv(AECEnv):
    """The environment of one game with fixed options (see the module docstring)."""

    RENDER_MODES = ("ansi", "human")

    def __init__(
        self,
        game: str | GameSpec,
        render_mode: str | None = None,
        *,
        turns: str | None = None,
        max_cycles: int | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = get_game(game) if isinstance(game, str) else game
        game_id = self.game.id
        if turns is None:
            turns = "cycle" if max_cycles is not None else "game"
        if turns not in TURNS:
            raise BadOptionsError(game_id, "turns", turns, f"must be one of {', '.join(TURNS)}")
        if max_cycles is not None:
            if isinstance(max_cycles, bool) or not isinstance(max_cycles, int) or max_cycles < 1:
                raise BadOptionsError(game_id, "max_cycles", max_cycles, "must be a whole number of cycles from 1")
            if turns != "cycle":
                raise BadOptionsError(game_id, "max_cycles", max_cycles, "counts cycles: it goes with turns='cycle'")
        self.turns = turns
        self.max_cycles = max_cycles
        self.game_options = self.game.local_options(options)
        self.codec = Codec(self.game, self.game_options)
        shape = self.codec.observation_shape
        if shape is None:
            raise MissingSpaceError(f"{game_id} declares no observation shape (spec.spaces.observation_shape)")
        self.metadata = {
            "render_modes": list(self.RENDER_MODES),
            "name": f"asobi_{game_id}_v0",
            "is_parallelizable": turns == "cycle",
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
        self.action_spaces = {a: LegalDiscrete(self.codec.size, _legal_of(self, a)) for a in self.possible_agents}
        self._shape = shape
        self._write = self.game.spaces.write_observation
        # Per seat: the observation array (flat, the memoryview the writer fills, shaped), the mask
        # and the ids set in it, and the version of the game they were written for.
        self._tensors: list[tuple[np.ndarray, MutableSequence[float], np.ndarray]] = []
        for _ in self.possible_agents:
            flat, cells = tensor_buffer(shape)
            self._tensors.append((flat, cells, flat.reshape(shape)))
        self._masks = [np.zeros(self.codec.size, np.int8) for _ in self.possible_agents]
        self._mask_cells = [memoryview(cast(Any, m)) for m in self._masks]  # cheaper than the array for a few cells
        self._mask_ids: list[list[int]] = [[] for _ in self.possible_agents]
        self._written = [-1] * len(self.possible_agents)
        self._version = 0
        self._rng = chance_source(None)  # secret until reset() is given a seed
        self._state: GameState | None = None
        self._steps = 0
        self._cycles = 0
        self._decided = False  # turns="cycle": whether this cycle's decision is made
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
        self._cycles = 0
        self._decided = False
        self._version += 1
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {
            a: {"seat_name": self.seat_names[i]} for i, a in enumerate(self.agents)
        }
        self.agent_selection = self.agents[0]
        self._advance(None)
        self._accumulate_rewards()

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        state = self.state_now
        seat = self.agent_name_mapping[agent]
        if self.turns == "game" or (seat == state.current_seat and not self._decided):
            if action is None:
                raise ValueError(f"{agent} must decide: step(None) is for an agent whose game is over")
            move = self.codec.decode(state, int(action))
            state.apply_unchecked(move)
            self._steps += 1
            self._decided = True
            self._version += 1
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self._advance(seat)
        self._accumulate_rewards()

    def _advance(self, stepped: int | None) -> None:
        """Resolve chance, then select the agent to step next (``stepped``: the seat that just
        stepped, ``None`` at the start) or end the game."""
        state = self.state_now
        while state.is_chance():
            state.apply_unchecked(state.sample_chance(self._rng))
        if state.current_seat == TERMINAL:
            outcome = state.outcome()
            scores = outcome.scores if outcome is not None else (0.0,) * len(self.agents)
            for a in self.agents:
                self.rewards[a] = float(scores[self.agent_name_mapping[a]])
                self.terminations[a] = True
            return
        if self._steps >= self.game.info.max_steps:
            self._truncate()
            return
        if self.turns == "game":
            self.agent_selection = self.possible_agents[state.current_seat]
            return
        if stepped is None:
            return  # the first cycle starts with the first agent
        if stepped + 1 < len(self.possible_agents):
            self.agent_selection = self.possible_agents[stepped + 1]
            return
        self._cycles += 1
        self._decided = False
        self._version += 1
        if self.max_cycles is not None and self._cycles >= self.max_cycles:
            self._truncate()
            return
        self.agent_selection = self.possible_agents[0]

    def _truncate(self) -> None:
        for a in self.agents:
            self.truncations[a] = True

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        flat, cells, shaped = self._tensors[seat]
        mask = self._masks[seat]
        if self._written[seat] != self._version:
            state = self.state_now
            if self._write is not None:
                flat.fill(0.0)
                self._write(state, seat, cells)
            else:
                flat[:] = state.observation_tensor(seat)
            bits = self._mask_cells[seat]
            for k in self._mask_ids[seat]:
                bits[k] = 0
            deciding = state.current_seat == seat and not (
                self.terminations.get(agent, True) or self.truncations.get(agent, True)
            )
            if deciding and not (self.turns == "cycle" and self._decided):
                ids = self.codec.legal_ids(state)
                for k in ids:
                    bits[k] = 1
                self._mask_ids[seat] = ids
            else:
                self._mask_ids[seat] = []
            self._written[seat] = self._version
        return {"observation": shaped, "action_mask": mask}

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
    """The environment without PettingZoo's order-enforcing wrapper (``turns`` and
    ``max_cycles`` as for :func:`env`)."""
    return AsobiAECEnv(game, render_mode=render_mode, **options)


def env(game: str | GameSpec, render_mode: str | None = None, **options: Any) -> AECEnv:
    """A PettingZoo AEC environment of ``game`` (a registered id, or a spec) with the given options
    (and ``turns``, ``max_cycles``: see the module docstring).

    :raises UnknownGameError: if no game has that id.
    :raises BadOptionsError: if the options are refused.
    :raises MissingSpaceError: if the game declares no action space or observation shape.
    """
    return wrappers.OrderEnforcingWrapper(raw_env(game, render_mode=render_mode, **options))


def parallel_env(game: str | GameSpec, render_mode: str | None = None, **options: Any) -> ParallelEnv:
    """A PettingZoo parallel environment of ``game``: every live agent gives an action each step,
    one step a cycle (``turns="cycle"``): the agent whose mask is not empty decides, the others'
    actions are ignored. ``max_cycles`` truncates after that many steps."""
    options.setdefault("turns", "cycle")
    return conversions.aec_to_parallel(raw_env(game, render_mode=render_mode, **options))
