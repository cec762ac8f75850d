"""Any asobi game as a single-agent Gymnasium environment: one learning seat, asobi's bots at the
others. Importing this module registers every installed game as ``asobi/<id>-v0``.

>>> import gymnasium, asobi.interop.gymnasium
>>> env = gymnasium.make("asobi/<id>-v0", seat=0, opponents="hard")
>>> obs, info = env.reset(seed=1)
>>> obs, reward, terminated, truncated, info = env.step(int(info["action_mask"].nonzero()[0][0]))

(``gymnasium.make("asobi.interop.gymnasium:asobi/<id>-v0")`` imports the module itself.)

- ``seat``: the learning seat (default 0). ``opponents``: the bot of every other seat, as a seat
  is named anywhere in asobi (a level ``easy``/``normal``/``hard``/``expert``, ``bot`` for the
  normal level, ``bot:hard``, a bot of the game's such as ``rule``, a search with parameters such
  as ``ismcts:iters=50``), or a list with one name per other seat in seat order. In a co-operative
  game the other seats are the learning seat's team of bots. Other keyword arguments are the
  game's options (``players=3``).
- Observation: the seat's observation tensor (``float32``, ``spec.spaces.observation_shape``),
  a new array at every call. Actions: ``Discrete(spec.spaces.actions(options).size)``, the game's
  ids; ``info["action_mask"]`` (``int8``) marks the legal ones (all zeros once the game is over).
- Between two of the seat's decisions the bots play and chance is drawn; the reward is 0 until
  the game ends, then the seat's score (1 win, 0 loss, 0.5 draw; the team's in a co-operative
  game). Past ``spec.info.max_steps`` decisions the episode is truncated.
- An illegal id ends the episode with ``illegal_reward`` (default -1) and
  ``info["illegal_action"]``, as PettingZoo's classic games do; ``illegal="raise"`` raises
  :class:`asobi.core.IllegalActionError` instead (the state is untouched).
- ``reset(seed=s)`` seeds chance and the bots from ``s`` (each bot a generator of its own, which
  a search draws from, not the clock); the same seed and actions give the same episode when
  every search is stopped by its iterations. A level's search has a time limit too, which on a
  busy machine may stop it first: for reproducible episodes give the iterations and a time
  limit they never reach (``opponents="bot:hard:iters=50:time=1000"``). ``reset()`` without a
  seed continues from the last seed's generator, or from a secret one.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from asobi.core import (
    CHANCE,
    TERMINAL,
    AsobiError,
    BadOptionsError,
    GameSpec,
    GameState,
    IllegalActionError,
    get_game,
)
from asobi.core.agent import Agent
from asobi.core.bots import BOT_PREFIX, HUMAN, make_bot, seat_kind
from asobi.core.registry import game_ids
from asobi.core.seeding import chance_source

from ._codec import Codec, MissingSpaceError, tensor_buffer

NAMESPACE = "asobi"
VERSION = 0
OBSERVATION_BOUND = 1.0e6
"""The observation box is ``[-OBSERVATION_BOUND, OBSERVATION_BOUND]``: tensors hold counts and flags."""
ILLEGAL = ("end", "raise")


def env_id(game_id: str) -> str:
    """The Gymnasium id of a game: ``asobi/<id>-v0``."""
    return f"{NAMESPACE}/{game_id}-v{VERSION}"


class AsobiEnv(gymnasium.Env[np.ndarray, np.int64]):
    """One learning seat of one game against asobi's bots (see the module docstring)."""

    metadata = {"render_modes": ["ansi", "human"], "render_fps": 1}  # noqa: RUF012 (Gymnasium's class attribute)
    """``render_fps``: a text frame is drawn at each decision; Gymnasium asks for a rate."""

    def __init__(
        self,
        game: str | GameSpec,
        seat: int = 0,
        opponents: str | Sequence[str] = "normal",
        render_mode: str | None = None,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        **options: Any,
    ) -> None:
        self.game = get_game(game) if isinstance(game, str) else game
        spec = self.game
        self.game_options = spec.local_options(options)
        self.codec = Codec(spec, self.game_options)
        shape = self.codec.observation_shape
        if shape is None:
            raise MissingSpaceError(f"{spec.id} declares no observation shape (spec.spaces.observation_shape)")
        seats = len(spec.seat_names(self.game_options))
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < seats:
            raise BadOptionsError(spec.id, "seat", seat, f"must be a seat number from 0 to {seats - 1}")
        if illegal not in ILLEGAL:
            raise BadOptionsError(spec.id, "illegal", illegal, f"must be one of {', '.join(ILLEGAL)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise BadOptionsError(spec.id, "render_mode", render_mode, "must be ansi or human")
        self.seat = seat
        self.seat_name = spec.seat_names(self.game_options)[seat]
        self.opponents = self._opponents(opponents, seats)
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.observation_space = spaces.Box(-OBSERVATION_BOUND, OBSERVATION_BOUND, shape, np.float32)
        self.action_space = spaces.Discrete(self.codec.size)
        self._shape = shape
        self._write = spec.spaces.write_observation
        self._state: GameState | None = None
        self._bots: dict[int, Agent] = {}
        self._chance = chance_source(None)
        self._steps = 0
        self._over = True

    def _opponents(self, given: str | Sequence[str], seats: int) -> dict[int, str]:
        """The bot name of each other seat, checked (``BotNameError`` names a bad one)."""
        others = [s for s in range(seats) if s != self.seat]
        names = [given] * len(others) if isinstance(given, str) else list(given)
        if len(names) != len(others):
            raise BadOptionsError(
                self.game.id, "opponents", given, f"needs one bot name, or {len(others)} (one per other seat)"
            )
        out = {}
        for s, name in zip(others, names, strict=True):
            if not isinstance(name, str):
                raise BadOptionsError(self.game.id, "opponents", given, "a bot is named by a string")
            kind = seat_kind(self.game, name)
            if kind == HUMAN:
                raise BadOptionsError(self.game.id, "opponents", name, "every other seat is a bot here")
            out[s] = kind.removeprefix(BOT_PREFIX)
        return out

    @property
    def state_now(self) -> GameState:
        """The game state (hidden parts included: for tools, not for the learner)."""
        if self._state is None:
            raise RuntimeError("call reset() first")
        return self._state

    # ---- the episode -------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None) -> tuple[np.ndarray, dict[str, Any]]:
        super().reset(seed=seed)
        episode = int(self.np_random.integers(2**62))
        self._chance = chance_source(episode)
        self._bots = {
            s: make_bot(self.game, name, s, episode, self.game_options) for s, name in self.opponents.items()
        }
        self._state = self.game.new_state(self.game_options)
        self._steps = 0
        self._over = False
        self._play_others()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        if self._over:
            raise AsobiError("the episode is over: call reset()")
        state = self.state_now
        try:
            move = self.codec.decode(state, int(action))
        except IllegalActionError:
            if self.illegal == "raise":
                raise
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            return self._observation(), self.illegal_reward, True, False, info
        except (TypeError, ValueError, OverflowError):
            raise IllegalActionError(f"action {action!r} is not an action id", action=("id", repr(action))) from None
        state.apply_unchecked(move)
        self._steps += 1
        self._play_others()
        terminated = state.is_terminal()
        truncated = not terminated and self._steps >= self.game.info.max_steps
        self._over = terminated or truncated
        reward = 0.0
        if terminated:
            outcome = state.outcome()
            reward = float(outcome.scores[self.seat]) if outcome is not None else 0.0
        return self._observation(), reward, terminated, truncated, self._info()

    def _play_others(self) -> None:
        """Chance and the bots, until the learning seat decides or the game ends (or is cut)."""
        state = self.state_now
        spec = self.game
        limit = self.game.info.max_steps
        while True:
            seat = state.current_seat
            if seat == CHANCE:
                state.apply_unchecked(state.sample_chance(self._chance))
            elif seat == TERMINAL or seat == self.seat or self._steps >= limit:
                return
            else:
                state.apply_unchecked(self._bots[seat].act(spec.observe(state, seat)))
                self._steps += 1

    def _observation(self) -> np.ndarray:
        flat, cells = tensor_buffer(self._shape)
        if self._write is not None:
            self._write(self.state_now, self.seat, cells)
        else:
            flat[:] = self.state_now.observation_tensor(self.seat)
        return flat.reshape(self._shape)

    def _info(self) -> dict[str, Any]:
        mask = np.zeros(self.codec.size, np.int8)
        state = self.state_now
        if state.current_seat == self.seat and not self._over:
            mask[self.codec.legal_ids(state)] = 1
        return {"action_mask": mask, "seat_name": self.seat_name}

    def action_masks(self) -> np.ndarray:
        """The legal ids now as a boolean mask (the method ``sb3_contrib``'s ``MaskablePPO`` asks for)."""
        return self._info()["action_mask"].astype(bool)

    def render(self) -> str | None:
        if self.render_mode is None:
            gymnasium.logger.warn("render() called without a render_mode; pass render_mode='ansi'")
            return None
        text = self.game.present.render(self.state_now.view(self.seat), self.seat, "en")
        if self.render_mode == "human":
            print(text)
            return None
        return text


def register_envs() -> list[str]:
    """Register ``asobi/<id>-v0`` for every installed game (``asobi.core.registry``) that is not
    yet registered; the ids registered. A game is loaded only when an environment is made."""
    done = []
    for game_id in game_ids():
        name = env_id(game_id)
        if name not in gymnasium.registry:
            gymnasium.register(id=name, entry_point=f"{__name__}:AsobiEnv", kwargs={"game": game_id})
            done.append(name)
    return done


register_envs()
