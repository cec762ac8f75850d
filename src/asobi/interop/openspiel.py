"""Every asobi game as an OpenSpiel game: ``import asobi.interop.openspiel`` registers each
registered game with ``pyspiel`` as ``asobi_<id>``.

>>> import pyspiel, asobi.interop.openspiel
>>> game = pyspiel.load_game("asobi_<id>", {"players": 3})

- Parameters are the game's options with their defaults (``pyspiel.load_game("asobi_<id>",
  {"players": 2})``); they are validated by the game's own option schema.
- Sequential, explicit stochastic chance, imperfect information, terminal rewards. Decision ids
  are the game's ``action_space`` (``num_distinct_actions`` = its size); chance outcome ids are its
  ``chance_space`` (``max_chance_outcomes`` = its size). The two id ranges are separate, as in
  OpenSpiel.
- Utility: what the game declares (``spec.info.utility``): zero- or constant-sum (a 2-player
  battle: scores 1/0, 0.5 each in a draw), identical (a co-operative game: 1 won / 0 lost for
  every seat) or general-sum in ``[0, 1]``.
- Seat counts: the least and most seats over the default options and the spec's
  ``conformance_options``; ``max_game_length`` is ``spec.info.max_steps``.
- ``observation_string(p)`` is the JSON of ``state.view(p)``; ``observation_tensor(p)`` is
  ``state.observation_tensor(p)`` (shape ``spec.spaces.observation_shape``); ``information_state_string(p)``
  is the JSON of the view and of a digest of the log lines ``p`` saw and of ``p``'s own action ids,
  in order (perfect recall, without the string growing with the game).
  A public-only observer (``private_info=NONE``) is not offered: asobi has no public view.
- Cloning (``state.clone()``, which OpenSpiel does by deep-copying the Python attributes) goes
  through the game state's own ``clone()``; serialisation goes through ``to_json``/``from_json``.
- OpenSpiel's tree-search bots (``MCTSBot``) walk the real state, hidden cards and deck order
  included: fine for studying a game, not a fair opponent (asobi's own bots decide from a
  seat's observation and ``determinize``).
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Mapping
from typing import Any

import numpy as np
import pyspiel

from asobi.core import CHANCE, TERMINAL, AsobiError, GameSpec, GameState, Utility, all_games
from asobi.core.actions import Action, action_to_json

from ._codec import Codec, MissingSpaceError

PREFIX = "asobi_"


_KINDS = {
    "zero_sum": pyspiel.GameType.Utility.ZERO_SUM,
    "constant_sum": pyspiel.GameType.Utility.CONSTANT_SUM,
    "identical": pyspiel.GameType.Utility.IDENTICAL,
    "general_sum": pyspiel.GameType.Utility.GENERAL_SUM,
}

REGISTERED: dict[str, GameSpec] = {}
"""OpenSpiel short name → the spec registered under it."""
SKIPPED: dict[str, str] = {}
"""Game id → why it could not be registered (it declares no action or chance space)."""
_UTILITIES: dict[str, Utility] = {}


def utility_of(spec: GameSpec) -> Utility:
    """The game's declared utility (``spec.info.utility``)."""
    return spec.info.utility


def short_name(spec: GameSpec) -> str:
    return PREFIX + spec.id.replace("-", "_")


def _parameters(spec: GameSpec) -> dict[str, Any]:
    return {o.name: o.default for o in spec.options if isinstance(o.default, bool | int | float | str)}


def _seat_range(spec: GameSpec) -> tuple[int, int]:
    counts = set()
    for raw in ({}, *spec.conformance_options):
        counts.add(len(spec.seat_names(spec.validate_options(raw))))
    return min(counts), max(counts)


def game_type(spec: GameSpec, utility: Utility) -> pyspiel.GameType:
    low, high = _seat_range(spec)
    return pyspiel.GameType(
        short_name=short_name(spec),
        long_name=f"asobi: {spec.title_en}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=_KINDS[utility.kind],
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=spec.spaces.observation_shape is not None,
        parameter_specification=_parameters(spec),
    )


_CODECS: dict[tuple[str, str], Codec] = {}


def _codec(spec: GameSpec, options: Mapping[str, Any]) -> Codec:
    key = (spec.id, json.dumps(dict(options), sort_keys=True))
    codec = _CODECS.get(key)
    if codec is None:
        codec = _CODECS[key] = Codec(spec, options)
    return codec


class AsobiGame(pyspiel.Game):
    """One asobi game with fixed options, as a ``pyspiel.Game``."""

    def __init__(self, spec: GameSpec, utility: Utility, params: Mapping[str, Any] | None = None) -> None:
        given = dict(params or {})
        known = {o.name for o in spec.options}
        self.spec = spec
        self.options = spec.validate_options({k: v for k, v in given.items() if k in known})
        self.codec = _codec(spec, self.options)
        if not self.codec.has_chance_space:
            raise MissingSpaceError(f"{spec.id} declares no chance_space")
        self.utility = utility
        info = pyspiel.GameInfo(
            num_distinct_actions=self.codec.size,
            max_chance_outcomes=self.codec.chance_size,
            num_players=len(spec.seat_names(self.options)),
            min_utility=utility.minimum,
            max_utility=utility.maximum,
            utility_sum=utility.total,
            max_game_length=spec.info.max_steps,
        )
        params = _parameters(spec)
        params.update((k, v) for k, v in self.options.items() if k in params)
        super().__init__(game_type(spec, utility), info, params)

    def new_initial_state(self, *args: Any) -> AsobiState:
        if args:
            raise AsobiError("asobi games start only from their options (no initial state string)")
        return AsobiState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Mapping[str, Any] | None = None
    ) -> AsobiObserver:
        return AsobiObserver(self, iig_obs_type)


class _GameOf(AsobiGame):
    """The class registered for one spec (a subclass per game, made by :func:`register_game`)."""

    SPEC: GameSpec
    UTILITY: Utility

    def __init__(self, params: Mapping[str, Any] | None = None) -> None:
        super().__init__(self.SPEC, self.UTILITY, params)


class _Core:
    """The asobi state inside an OpenSpiel state: the only Python attribute OpenSpiel copies.

    Its deep copy is the game state's ``clone()``; it pickles through ``to_json``. The initial
    state is made on first use, so that OpenSpiel's clone (a new initial state whose attributes
    are then replaced) does not build a game it throws away.

    ``moves`` keeps ``(log length before the move, player, id)`` for every decision, and
    ``seen`` each seat's running digest of what it has seen, so that an information state string
    costs only what happened since the last one asked.
    """

    __slots__ = ("_state", "codec", "moves", "seen")

    def __init__(
        self,
        codec: Codec,
        state: GameState | None = None,
        moves: list[tuple[int, int, int]] | None = None,
        seen: dict[int, tuple[int, int, bytes]] | None = None,
    ) -> None:
        self.codec = codec
        self._state = state
        self.moves: list[tuple[int, int, int]] = moves if moves is not None else []
        self.seen: dict[int, tuple[int, int, bytes]] = seen if seen is not None else {}

    @property
    def state(self) -> GameState:
        if self._state is None:
            self._state = self.codec.spec.new_state(self.codec.options)
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Core:
        return _Core(self.codec, self.state.clone(), self.moves[:], dict(self.seen))

    def __copy__(self) -> _Core:
        return self.__deepcopy__({})

    def __reduce__(self) -> tuple[Any, ...]:
        spec = self.codec.spec
        return (_core_from_json, (short_name(spec), self.codec.options, self.state.to_json(), self.moves))

    def digest(self, seat: int) -> str:
        """A digest of the log lines ``seat`` has seen and of its own decisions, in order (a hash
        chain, item by item, so it does not depend on when it was asked before)."""
        log = self.state.log
        pos, done, h = self.seen.get(seat, (0, 0, b""))
        blake = hashlib.blake2b
        for before, player, action in self.moves[done:]:
            for e in log[pos:before]:
                if e.visible_to(seat):
                    h = blake(h + repr(tuple(e)).encode(), digest_size=16).digest()
            pos = max(pos, before)
            if player == seat:
                h = blake(h + b"#%d" % action, digest_size=16).digest()
        for e in log[pos:]:
            if e.visible_to(seat):
                h = blake(h + repr(tuple(e)).encode(), digest_size=16).digest()
        self.seen[seat] = (len(log), len(self.moves), h)
        return h.hex()


def _core_from_json(name: str, options: dict[str, Any], data: dict[str, Any], moves: list[Any]) -> _Core:
    spec = REGISTERED[name]
    return _Core(_codec(spec, options), spec.state_class.from_json(data), [tuple(m) for m in moves])


def _json(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, sort_keys=True, separators=(",", ":"))


def _action_text(action: Action) -> str:
    return _json(action_to_json(action))


class AsobiState(pyspiel.State):
    """An OpenSpiel state wrapping an asobi game state (``self.core.state``)."""

    def __init__(self, game: AsobiGame) -> None:
        super().__init__(game)
        self._core = _Core(game.codec)

    @property
    def core(self) -> GameState:
        """The asobi game state (hidden parts included)."""
        return self._core.state

    @property
    def codec(self) -> Codec:
        return self._core.codec

    def __deepcopy__(self, memo: dict[int, Any]) -> AsobiState:
        return self.clone()

    def current_player(self) -> int:
        seat = self.core.current_seat
        if seat == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        if seat == TERMINAL:
            return int(pyspiel.PlayerId.TERMINAL)
        return seat

    def is_terminal(self) -> bool:
        return self.core.current_seat == TERMINAL

    def _legal_actions(self, player: int) -> list[int]:
        return list(self.codec.legal(self.core))

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(i, p) for i, (_, p) in self.codec.chance(self.core).items()]

    def _apply_action(self, action: int) -> None:
        state = self.core
        if state.current_seat == CHANCE:
            state.apply_unchecked(self.codec.decode_chance(state, action))
        else:
            move = self.codec.decode(state, action)
            self._core.moves.append((len(state.log), state.current_seat, int(action)))
            state.apply_unchecked(move)

    def _action_to_string(self, player: int, action: int) -> str:
        found = (
            self.codec.chance_at(action)
            if player == int(pyspiel.PlayerId.CHANCE)
            else self.codec.action_at(action)
        )
        return _action_text(found) if found is not None else f"#{action}"

    def returns(self) -> list[float]:
        outcome = self.core.outcome()
        if outcome is None:
            return [0.0] * self.num_players()
        return [float(s) for s in outcome.scores]

    def rewards(self) -> list[float]:
        return self.returns()

    def __str__(self) -> str:
        return f"{self.codec.spec.id} {self.core.fingerprint()}"


class AsobiObserver:
    """OpenSpiel's observer protocol over a seat's view and observation tensor."""

    def __init__(self, game: AsobiGame, iig_obs_type: pyspiel.IIGObservationType | None) -> None:
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs.private_info == pyspiel.PrivateInfoType.NONE or not obs.public_info:
            raise AsobiError(
                "asobi offers observations of one seat only (no public-only or private-only view)"
            )
        self.all_seats = obs.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.perfect_recall = bool(obs.perfect_recall)
        shape = game.codec.observation_shape
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        if not self.perfect_recall and not self.all_seats and shape is not None:
            self.tensor = np.zeros(math.prod(shape), np.float32)
            self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: AsobiState, player: int) -> None:
        if self.tensor is not None:
            self.tensor[:] = state.core.observation_tensor(player)

    def string_from(self, state: AsobiState, player: int) -> str:
        core = state.core
        seat: int | None = None if self.all_seats else player
        if not self.perfect_recall:
            return _json(core.view(seat))
        return _json({"view": core.view(seat), "seen": state._core.digest(player)})


def register_game(spec: GameSpec, utility: Utility | None = None) -> str:
    """Register ``spec`` with pyspiel (once) and return its short name.

    :raises MissingSpaceError: if the game declares no action or chance space.
    """
    name = short_name(spec)
    if name in REGISTERED:
        return name
    if spec.spaces.actions is None or spec.spaces.chance is None:
        raise MissingSpaceError(
            f"{spec.id} declares no {'action' if spec.spaces.actions is None else 'chance'}_space"
        )
    utility = utility or utility_of(spec)
    gtype = game_type(spec, utility)
    REGISTERED[name] = spec
    _UTILITIES[name] = utility

    # pyspiel keeps the creator for the life of the process. A class (as OpenSpiel's own Python
    # games register) survives interpreter shutdown; a closure would be freed without the GIL.
    creator = type(f"AsobiGame_{spec.id.replace('-', '_')}", (_GameOf,), {"SPEC": spec, "UTILITY": utility})
    pyspiel.register_game(gtype, creator)
    return name


def register_all() -> dict[str, str]:
    """Register every registered asobi game that declares its spaces; game id → short name.
    Games that cannot be registered are listed in :data:`SKIPPED` with the reason. Calling it
    again registers the games registered with asobi since (those already known are left)."""
    names = {}
    known = set(pyspiel.registered_names())
    for spec in all_games():
        if short_name(spec) in known:
            names[spec.id] = short_name(spec)
            continue
        try:
            names[spec.id] = register_game(spec)
        except MissingSpaceError as e:
            SKIPPED[spec.id] = str(e)
    return names


register_all()
