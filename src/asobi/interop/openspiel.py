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
  in order (perfect recall, without the string growing with the game). ``information_state_tensor(p)``
  is the game's information-state tensor (``spec.spaces.information_state_shape``, written by
  ``spec.spaces.write_information_state``) where the game declares one: equal for states a seat
  cannot tell apart (the conformance harness checks it on hidden variants and determinizations).
  A public-only observer (``private_info=NONE``) is not offered: asobi has no public view.
- ``resample_from_infostate(p, sampler)`` is the game's ``state.determinize(p, rng)``, with ``rng``
  seeded from one draw of ``sampler``: a state with ``p``'s information state string, so
  OpenSpiel's ISMCTS written in Python (``open_spiel.python.algorithms.ismcts.ISMCTSBot``) plays
  every game (``bot.set_resampler(lambda s, p: s.resample_from_infostate(p, rng.uniform))`` makes
  its samples repeat with a seeded ``rng``).
- Cloning (``state.clone()``, which OpenSpiel does by deep-copying the Python attributes) goes
  through the game state's own ``clone()``; serialisation goes through ``to_json``/``from_json``.
- OpenSpiel's ``MCTSBot`` walks the real state, hidden cards included: fine for studying a game,
  not a fair opponent; its ``ISMCTSBot`` searches states resampled from the seat's information
  state, as asobi's own ``ismcts`` does.
"""

from __future__ import annotations

import hashlib
import json
from bisect import bisect_left
from collections.abc import Mapping, Sequence
from operator import itemgetter
from random import Random
from typing import Any, NamedTuple

import numpy as np
import orjson
import pyspiel

from asobi.core import (
    CHANCE,
    TERMINAL,
    AsobiError,
    GameSpec,
    GameState,
    IllegalActionError,
    Utility,
    all_games,
)
from asobi.core.actions import Action, action_to_json
from asobi.core.log import StateLog
from asobi.core.spec import TensorWriter

from ._codec import Codec, MissingSpaceError, tensor_buffer

PREFIX = "asobi_"

if (int(pyspiel.PlayerId.CHANCE), int(pyspiel.PlayerId.TERMINAL)) != (CHANCE, TERMINAL):
    raise ImportError("OpenSpiel's chance and terminal player ids are not asobi's")


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
        provides_information_state_tensor=(
            spec.spaces.information_state_shape is not None and spec.spaces.write_information_state is not None
        ),
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


Step = tuple[Any, int, int, int]
"""One applied action in a state's history: ``(the step before or None, player, id, log length
before it)``. Steps are shared: a clone's history is its original's up to the clone."""


class PlayerAction(NamedTuple):
    """One entry of :meth:`AsobiState.full_history` (``pyspiel.PlayerAction`` has no constructor
    in Python; this has the same two fields)."""

    player: int
    action: int


class _Core:
    """The asobi state inside an OpenSpiel state: the only Python attribute OpenSpiel copies.

    Its deep copy is the game state's ``clone()``; it pickles through ``to_json``.

    ``last`` is the history, a chain of :data:`Step` (a clone shares it: O(1)). ``seen`` keeps each seat's running digest of what it has seen with the step it covers,
    so that an information state string costs only what happened since the last one asked.
    ``ids`` holds the ids of the state's legal actions (at a chance node, the outcomes'
    ``(id, probability)`` pairs) and ``legal`` the state's own listing, for the state as it is
    now (see :meth:`listing`), and ``texts`` its strings with the step they are for:
    OpenSpiel asks for them several times between two moves.
    """

    __slots__ = ("codec", "ids", "known_id", "last", "legal", "seat", "seen", "slot_log", "state", "texts")

    def __init__(self, codec: Codec, state: GameState, slot_log: bool | None = None) -> None:
        self.codec = codec
        self.known_id = codec.known_action_id
        self.state = state
        self.slot_log: bool = isinstance(state.log, StateLog) if slot_log is None else slot_log
        """Whether the state keeps its log in the slots ``log_sealed`` and ``log_tail`` (read
        for the log's length at each decision, without a call)."""
        self.seat: int = state.current_seat
        """The state's ``current_seat``, read once a step (the state changes only through
        :meth:`apply`)."""
        self.last: Step | None = None
        self.seen: dict[int, tuple[int, Step | None, bytes]] = {}
        self.ids: list[Any] | None = None
        self.legal: Sequence[Any] = ()
        self.texts: tuple[Step | None, dict[tuple[bool, int], str]] = (None, {})

    def __deepcopy__(self, memo: dict[int, Any] | None) -> _Core:
        twin = _Core(self.codec, self.state.clone(), self.slot_log)
        twin.last = self.last
        twin.seen = dict(self.seen)
        twin.ids = self.ids
        twin.legal = self.legal
        return twin

    def __copy__(self) -> _Core:
        return self.__deepcopy__(None)

    def __reduce__(self) -> tuple[Any, ...]:
        spec = self.codec.spec
        return (_core_from_json, (short_name(spec), self.codec.options, self.state.to_json(), self.steps()))

    def steps(self) -> list[tuple[int, int, int]]:
        """The history, oldest first: ``(player, id, log length before it)`` per action."""
        out = []
        node = self.last
        while node is not None:
            out.append((node[1], node[2], node[3]))
            node = node[0]
        out.reverse()
        return out

    def listing(self) -> list[Any]:
        """The ids of what is legal now, made once a state and kept in ``ids`` (with the state's
        own listing in ``legal``): at a decision, the ids of the legal actions (increasing); at a
        chance node, the ``(id, probability)`` pairs of the outcomes (ids increasing); at the end,
        nothing."""
        ids = self.ids
        if ids is None:
            seat = self.seat
            if seat >= 0:
                legal = self.legal = self.state.legal_actions()
                try:
                    ids = list(map(self.known_id, legal))
                except KeyError:
                    ids = self.codec.ids(legal)
            elif seat == CHANCE:
                outcomes = self.legal = self.state.chance_outcomes()
                ids = self.chance_pairs(outcomes)
            else:
                ids, self.legal = [], ()
            self.ids = ids
        return ids

    def chance_pairs(self, outcomes: Sequence[tuple[Any, float]]) -> list[tuple[int, float]]:
        """The ``(id, probability)`` pairs of a chance node's outcomes, remembered for the
        outcome tuple itself while it is one of the last few a game gave (a game that keeps a
        distribution's outcomes, as dice, or a deck unchanged since its last draw, gives the same
        tuple again, in this state, its clones and the states a search reaches)."""
        kept = self.codec.chance_pairs
        pairs = kept.get(id(outcomes))
        if pairs is not None and pairs[0] is outcomes:
            return pairs[1]
        known = self.codec.known_chance_ids
        try:
            made = [(known[a], p) for a, p in outcomes]
        except KeyError:
            made = list(zip(self.codec.chance_ids(outcomes), map(_second, outcomes), strict=True))
        if type(outcomes) is tuple:  # (a list could change while remembered)
            if len(kept) >= _PAIRS_KEPT:
                kept.clear()
            kept[id(outcomes)] = (outcomes, made)
        return made

    def apply(self, index: int) -> None:
        """Apply the action (or chance outcome) with id ``index``, which must be legal now, and
        add it to the history.

        :raises IllegalActionError: if it is not (the state is untouched).
        """
        found = self.ids
        if found is None:
            found = self.listing()
        state: Any = self.state  # (Any: ``log_sealed`` and ``log_tail`` where ``slot_log``)
        seat = self.seat
        if seat >= 0:
            # A few ids: a scan in C costs less than a bisection's call and its checks.
            try:
                k = found.index(index)
            except ValueError:
                raise IllegalActionError(f"action id {index} is not legal now", action=("id", int(index))) from None
            if self.slot_log:  # the log's length, as ``log_length()`` counts it, read here
                sealed = state.log_sealed
                before = len(state.log_tail) if sealed is None else sealed.end + len(state.log_tail)
            else:
                before = state.log_length()
            self.last = (self.last, seat, index, before)
            state.apply_unchecked(self.legal[k])
        else:
            k = bisect_left(found, (index,))  # (index,) sorts just before (index, probability)
            if k == len(found) or found[k][0] != index:
                what = "chance outcome" if seat == CHANCE else "action"  # (nothing is, at the end)
                raise IllegalActionError(f"{what} id {index} is not legal now", action=("id", int(index)))
            self.last = (self.last, seat, index, 0)
            state.apply_unchecked(self.legal[k][0])
        self.ids = None
        self.seat = state.current_seat

    def current_player(self) -> int:
        return self.seat  # CHANCE and TERMINAL are OpenSpiel's ids (checked above)

    def is_terminal(self) -> bool:
        return self.seat == TERMINAL

    def is_chance_node(self) -> bool:
        return self.seat == CHANCE

    def legal_ids(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (default: the player to move), as OpenSpiel's
        ``State::LegalActions``: the chance outcomes' ids at a chance node, nothing at the end or
        for a player not to move."""
        if player is not None:
            return self._legal_ids_of(player)
        ids = self.ids
        if ids is None:
            if self.seat >= 0:  # the decision's listing, made here as :meth:`listing` does (one call less)
                legal = self.legal = self.state.legal_actions()
                try:
                    ids = self.ids = list(map(self.known_id, legal))
                except KeyError:
                    ids = self.ids = self.codec.ids(legal)
                return ids[:]
            ids = self.listing()
        return ids[:] if self.seat >= 0 else list(map(_first, ids))

    def _legal_ids_of(self, player: int) -> list[int]:
        seat = self.seat
        if seat == TERMINAL or (player != seat and seat != CHANCE):
            if player < 0:
                raise AsobiError(f"legal actions of pseudo-player {player}")
            return []
        return self.legal_ids()

    def chance_ids(self) -> list[tuple[int, float]]:
        """The chance outcomes' ids with their probabilities (nothing at a decision)."""
        if self.seat != CHANCE:
            return []
        ids = self.ids
        if ids is None:
            outcomes = self.legal = self.state.chance_outcomes()
            ids = self.ids = self.chance_pairs(outcomes)
        return ids[:]

    def text(self, seat: int, perfect_recall: bool) -> str:
        """The seat's observation string (the JSON of its view) or information state string (with
        the digest of what it has seen), made once for the state as it is now."""
        at, texts = self.texts
        if at is not self.last:
            texts = {}
            self.texts = (self.last, texts)
        key = (perfect_recall, seat)
        found = texts.get(key)
        if found is None:
            view = self.state.view(seat)
            found = _json({"view": view, "seen": self.digest(seat)}) if perfect_recall else _json(view)
            texts[key] = found
        return found

    def digest(self, seat: int) -> str:
        """A digest of the log lines ``seat`` has seen and of its own decisions, in order (a hash
        chain, item by item, so it does not depend on when it was asked before)."""
        log = self.state.log
        pos, covered, h = self.seen.get(seat, (0, None, b""))
        decisions = []
        node = self.last
        while node is not covered and node is not None:
            if node[1] >= 0:
                decisions.append(node)
            node = node[0]
        decisions.reverse()
        blake = hashlib.blake2b
        for _, player, action, before in decisions:
            for e in log[pos:before]:
                if e.visible_to(seat):
                    h = blake(h + repr(tuple(e)).encode(), digest_size=16).digest()
            pos = max(pos, before)
            if player == seat:
                h = blake(h + b"#%d" % action, digest_size=16).digest()
        for e in log[pos:]:
            if e.visible_to(seat):
                h = blake(h + repr(tuple(e)).encode(), digest_size=16).digest()
        self.seen[seat] = (len(log), self.last, h)
        return h.hex()

    def resampled(self, seat: int, rng: Random) -> _Core:
        """A core holding ``state.determinize(seat, rng)``: a state the seat cannot tell from this
        one, with what it has not seen sampled, and the seat's digest of what it has seen. It has
        no history: the moves that would have led to the sample are not sampled."""
        self.digest(seat)  # brings the seat's digest up to date
        length, _, h = self.seen[seat]
        sample = _Core(self.codec, self.state.determinize(seat, rng))
        sample.seen[seat] = (length, None, h)
        return sample


def _core_from_json(name: str, options: dict[str, Any], data: dict[str, Any], steps: list[Any]) -> _Core:
    spec = REGISTERED[name]
    core = _Core(_codec(spec, options), spec.state_class.from_json(data))
    for player, action, before in steps:
        core.last = (core.last, int(player), int(action), int(before))
    return core


_apply = _Core.apply
""":meth:`_Core.apply` as a function of the core."""


_first = itemgetter(0)
_second = itemgetter(1)

_PAIRS_KEPT = 16
"""How many chance outcome tuples a codec remembers the pairs of (``Codec.chance_pairs``)."""

_JSON_OPTIONS = orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS


def _json(data: Any) -> str:
    """Compact JSON with sorted keys (orjson: the standard library's took longer than the view)."""
    return orjson.dumps(data, option=_JSON_OPTIONS).decode()


def _action_text(action: Action) -> str:
    return _json(action_to_json(action))


def _seed_from(sampler: Any) -> int:
    """A generator seed from OpenSpiel's probability sampler (a callable giving a float in [0, 1))."""
    return int(float(sampler()) * 2**53)


class AsobiState(pyspiel.State):
    """An OpenSpiel state wrapping an asobi game state (``self.core``).

    The calls a search makes at every step (``current_player``, ``is_terminal``,
    ``is_chance_node``, ``legal_actions``, ``chance_outcomes``, ``apply_action``, ``clone``, the
    information state string) are answered in Python, without the round trip through OpenSpiel's
    C++ ``State`` and back that a Python game's methods otherwise take; OpenSpiel's C++ code
    reaches the same answers through ``_legal_actions``, ``chance_outcomes``, ``_apply_action``
    and the observers. The history is kept here too (``history``, ``full_history``,
    ``history_str``, ``move_number``, ``is_initial_state``), whichever side applied the actions;
    C++ code reading a state's ``History()`` sees only the actions C++ applied.
    """

    _core: _Core

    def __init__(self, game: AsobiGame, core: _Core | None = None) -> None:
        super().__init__(game)
        core = core if core is not None else _Core(game.codec, game.spec.new_state(game.options))
        # The calls a search makes at every step, as the core's own methods set on the instance:
        # found before the class's (which say the same) without the look-up of ``self._core``.
        self.__dict__.update(
            _core=core,
            current_player=core.current_player,
            is_terminal=core.is_terminal,
            is_chance_node=core.is_chance_node,
            legal_actions=core.legal_ids,
            chance_outcomes=core.chance_ids,
            apply_action=core.apply,
        )

    @property
    def core(self) -> GameState:
        """The asobi game state (hidden parts included), to read: it changes only through
        ``apply_action`` (which keeps its legal ids and seat beside it)."""
        return self._core.state

    @property
    def codec(self) -> Codec:
        return self._core.codec

    def __deepcopy__(self, memo: dict[int, Any]) -> AsobiState:
        return self.clone()

    def clone(self) -> AsobiState:
        return type(self)(self.get_game(), self._core.__deepcopy__(None))

    # The class's answers to what __init__ sets on each instance (the core's methods), for C++
    # code and for a caller that reads them from the class.
    def current_player(self) -> int:
        return self._core.current_player()

    def is_terminal(self) -> bool:
        return self._core.is_terminal()

    def is_chance_node(self) -> bool:
        return self._core.is_chance_node()

    def is_player_node(self) -> bool:
        return self._core.seat >= 0

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of ``player`` (default: the player to move), as OpenSpiel's
        ``State::LegalActions``: the chance outcomes' ids at a chance node, nothing at the end or
        for a player not to move."""
        return self._core.legal_ids(player)

    def _legal_actions(self, player: int) -> list[int]:
        return self._core.legal_ids()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._core.chance_ids()

    def apply_action(self, action: int) -> None:
        """Apply the action (or chance outcome) with this id.

        :raises IllegalActionError: if it is not legal now (the state is untouched).
        """
        _apply(self._core, action)

    def _apply_action(self, action: int) -> None:
        _apply(self._core, action)

    def history(self) -> list[int]:
        return [action for _, action, _ in self._core.steps()]

    def full_history(self) -> list[PlayerAction]:
        return [PlayerAction(player, action) for player, action, _ in self._core.steps()]

    def history_str(self) -> str:
        return ", ".join(str(a) for a in self.history())

    def move_number(self) -> int:
        return len(self._core.steps())

    def is_initial_state(self) -> bool:
        return self._core.last is None

    def _action_to_string(self, player: int, action: int) -> str:
        found = (
            self.codec.chance_at(action)
            if player == int(pyspiel.PlayerId.CHANCE)
            else self.codec.action_at(action)
        )
        return _action_text(found) if found is not None else f"#{action}"

    def _seat(self, player: int | None) -> int:
        seat = self._core.seat if player is None else int(player)
        if not 0 <= seat < self.num_players():
            raise AsobiError(f"player {seat} is not a seat")
        return seat

    def information_state_string(self, player: int | None = None) -> str:
        """The JSON of the seat's view and of the digest of what it has seen (perfect recall)."""
        return self._core.text(self._seat(player), True)

    def observation_string(self, player: int | None = None) -> str:
        """The JSON of the seat's view."""
        return self._core.text(self._seat(player), False)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> AsobiState:
        """A state ``player_id`` cannot tell from this one, what it has not seen sampled by the
        game's ``determinize`` from a generator seeded by ``probability_sampler``: the same
        information state string for that player. It has no history (the moves that would have
        led to the sample are not sampled). OpenSpiel's ISMCTS written in Python calls it (its
        C++ ``pyspiel.ISMCTSBot`` crashed the interpreter on a game written in Python)."""
        seat = self._seat(player_id)
        return type(self)(self.get_game(), self._core.resampled(seat, Random(_seed_from(probability_sampler))))

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
    """OpenSpiel's observer protocol over a seat's view, its observation tensor and its
    information-state tensor (``perfect_recall``, where the game declares one), each tensor
    written in place by the game's writer."""

    def __init__(self, game: AsobiGame, iig_obs_type: pyspiel.IIGObservationType | None) -> None:
        obs = iig_obs_type or pyspiel.IIGObservationType(perfect_recall=False)
        if obs.private_info == pyspiel.PrivateInfoType.NONE or not obs.public_info:
            raise AsobiError(
                "asobi offers observations of one seat only (no public-only or private-only view)"
            )
        self.all_seats = obs.private_info == pyspiel.PrivateInfoType.ALL_PLAYERS
        self.perfect_recall = bool(obs.perfect_recall)
        spaces = game.spec.spaces
        codec = game.codec
        self.tensor: np.ndarray | None = None
        self.dict: dict[str, np.ndarray] = {}
        self._write: TensorWriter | None = None
        self._fallback = False
        if self.all_seats:
            return
        if self.perfect_recall:
            shape, name, self._write = codec.information_state_shape, "info_state", spaces.write_information_state
        else:
            shape, name, self._write = codec.observation_shape, "observation", spaces.write_observation
            self._fallback = self._write is None
        if shape is not None and (self._write is not None or self._fallback):
            self.tensor, self._cells = tensor_buffer(shape)
            self.dict = {name: self.tensor.reshape(shape)}

    def set_from(self, state: AsobiState, player: int) -> None:
        tensor = self.tensor
        if tensor is None:
            return
        if self._write is not None:
            tensor.fill(0.0)
            self._write(state.core, player, self._cells)
        else:
            tensor[:] = state.core.observation_tensor(player)

    def string_from(self, state: AsobiState, player: int) -> str:
        if self.all_seats:
            view = state.core.view(None)
            return _json({"view": view, "seen": state._core.digest(player)}) if self.perfect_recall else _json(view)
        return state._core.text(player, self.perfect_recall)


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
