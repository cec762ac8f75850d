"""Integer ids for a game's actions and chance outcomes, shared by the adapters.

A game declares its spaces on its :class:`~asobi.core.GameSpec` (``spec.spaces.actions``,
``spec.spaces.chance``, ``spec.spaces.observation_shape``). This module reads them and turns a
state's legal actions (or chance outcomes) into ids and back. Decoding goes through the state's own
listing, so an id is accepted only when it stands for an action legal right now.

Adapters ask for the ids at every step, so each space remembers the id of every action it has
encoded (at most the space's size, in practice the few thousand actions games reach): a listing
costs one dictionary look-up per action. A state lists its actions sorted and distinct, and the
conformance harness checks that their ids increase (``asobi.core.spaces.check_space``), so the
ids come out sorted without sorting them.
"""

from __future__ import annotations

import math
from bisect import bisect_left
from collections.abc import Callable, Mapping, MutableSequence, Sequence
from typing import Any, cast

import numpy as np

from asobi.core import AsobiError, GameSpec, GameState, IllegalActionError
from asobi.core.actions import Action


class MissingSpaceError(AsobiError):
    """The game does not (yet) declare a space or observation the adapter needs."""


class _Space:
    """One declared space (a :class:`asobi.core.spaces.ActionSpace`, or anything with ``size``,
    ``encode(action)`` and ``decode(id)``), with the ids it has given so far."""

    def __init__(self, what: str, game: str, space: Any) -> None:
        self.what = what
        self.game = game
        self.size = int(space.size)
        self._encode: Callable[[Action], int] = space.encode
        self._decode: Callable[[int], Action] = space.decode
        self.known: dict[Action, int] = {}

    def index(self, action: Action) -> int:
        i = self.known.get(action)
        if i is None:
            i = self._encode(action)
            if not 0 <= i < self.size:
                raise AsobiError(
                    f"{self.game}: the {self.what} space gives {action!r} the id {i}, outside 0..{self.size - 1}"
                )
            self.known[action] = i
        return i

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The ids of ``actions``, in their order."""
        known = self.known
        try:
            return list(map(known.__getitem__, actions))
        except KeyError:
            return [self.index(a) for a in actions]

    def action(self, index: int) -> Action | None:
        """The action an id stands for, or ``None`` for an id outside the space."""
        if not 0 <= index < self.size:
            return None
        return self._decode(index)


class Codec:
    """A game's declared spaces for one set of options.

    :ivar size: how many action ids there are (``spec.spaces.actions(options).size``).
    :ivar chance_size: how many chance outcome ids there are, 0 if the game declares none.
    :ivar observation_shape: the shape of ``observation_tensor(seat)``, or ``None``.
    :ivar information_state_shape: the shape of the information-state tensor, or ``None``.
    :raises MissingSpaceError: if the game declares no action space.
    """

    def __init__(self, spec: GameSpec, options: Mapping[str, Any]) -> None:
        self.spec = spec
        self.options = dict(options)
        spaces = spec.spaces
        if spaces.actions is None:
            raise MissingSpaceError(f"{spec.id} declares no action space (spec.spaces.actions)")
        self._actions = _Space("action", spec.id, spaces.actions(self.options))
        self._chance = _Space("chance", spec.id, spaces.chance(self.options)) if spaces.chance is not None else None
        self.size = self._actions.size
        self.chance_size = self._chance.size if self._chance is not None else 0
        self.known_action_id: Callable[[Action], int] = self._actions.known.__getitem__
        """The id of an action the space has encoded before (``KeyError`` otherwise): the fast
        path of :meth:`ids` for adapters that list at every step."""
        self.known_chance_ids: dict[Action, int] = self._chance.known if self._chance is not None else {}
        """The ids of the chance outcomes the space has encoded before (the fast path of
        :meth:`chance_ids`)."""
        self.chance_pairs: dict[int, tuple[Sequence[Any], list[tuple[int, float]]]] = {}
        """For the OpenSpiel adapter: the ``(id, probability)`` pairs of the last few chance
        outcome tuples the game gave, by the tuple's ``id`` (each entry keeps its tuple alive,
        so the ``id`` is not another object's meanwhile)."""
        self.observation_shape: tuple[int, ...] | None = (
            tuple(int(n) for n in spaces.observation_shape(self.options))
            if spaces.observation_shape is not None
            else None
        )
        self.information_state_shape: tuple[int, ...] | None = (
            tuple(int(n) for n in spaces.information_state_shape(self.options))
            if spaces.information_state_shape is not None and spaces.write_information_state is not None
            else None
        )

    @property
    def has_chance_space(self) -> bool:
        return self._chance is not None

    # ---- decisions ---------------------------------------------------------------------------
    def index(self, action: Action) -> int:
        return self._actions.index(action)

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The ids of a state's legal actions, in their (increasing) order."""
        return self._actions.ids(actions)

    def legal_ids(self, state: GameState) -> list[int]:
        """The current seat's legal actions' ids, increasing (empty at chance and the end)."""
        return self._actions.ids(state.legal_actions())

    def legal(self, state: GameState) -> dict[int, Action]:
        """The current seat's legal actions by id, in id order."""
        legal = state.legal_actions()
        return dict(zip(self._actions.ids(legal), legal, strict=True))

    def decode(self, state: GameState, index: int, ids: Sequence[int] | None = None) -> Action:
        """The legal action with id ``index`` now: found in the state's listing (``ids``, its ids,
        if the caller has them), so only an action legal now is ever returned.

        :raises IllegalActionError: if no legal action has that id now.
        """
        legal = state.legal_actions()
        if ids is None:
            ids = self._actions.ids(legal)
        k = bisect_left(ids, index)
        if k == len(ids) or ids[k] != index:
            raise IllegalActionError(f"action id {index} is not legal now", action=("id", int(index)))
        return legal[k]

    def decode_chance(self, state: GameState, index: int, ids: Sequence[int] | None = None) -> Action:
        """The chance outcome with id ``index``, found among the state's outcomes now (``ids``,
        their ids, if the caller has them).

        :raises IllegalActionError: if it is not a chance node or the outcome is impossible.
        """
        outcomes = state.chance_outcomes() if state.is_chance() else ()
        if ids is None:
            ids = self.chance_ids(outcomes)
        k = bisect_left(ids, index)
        if k == len(ids) or ids[k] != index:
            raise IllegalActionError(f"chance outcome id {index} is not possible now", action=("id", int(index)))
        return outcomes[k][0]

    def action_at(self, index: int) -> Action | None:
        """The action an id stands for in any state, if the space can tell."""
        return self._actions.action(index)

    # ---- chance ------------------------------------------------------------------------------
    def chance_index(self, action: Action) -> int:
        if self._chance is None:
            raise MissingSpaceError(f"{self.spec.id} declares no chance space (spec.spaces.chance)")
        return self._chance.index(action)

    def chance_ids(self, outcomes: Sequence[tuple[Action, float]]) -> list[int]:
        """The ids of a state's chance outcomes (``state.chance_outcomes()``), increasing."""
        if self._chance is None:
            raise MissingSpaceError(f"{self.spec.id} declares no chance space (spec.spaces.chance)")
        return self._chance.ids([a for a, _ in outcomes])

    def chance(self, state: GameState) -> list[tuple[int, float]]:
        """The chance outcomes' ids with their probabilities, in id order."""
        outcomes = state.chance_outcomes()
        return list(zip(self.chance_ids(outcomes), [p for _, p in outcomes], strict=True))

    def chance_at(self, index: int) -> Action | None:
        return self._chance.action(index) if self._chance is not None else None


def tensor_buffer(shape: Sequence[int]) -> tuple[np.ndarray, MutableSequence[float]]:
    """A flat ``float32`` array of zeros of ``shape``'s size and the memoryview a game's tensor
    writer fills it through (setting a cell of a memoryview costs less than one of an array)."""
    array = np.zeros(math.prod(shape), np.float32)
    return array, cast(MutableSequence[float], memoryview(cast(Any, array)))


def codec_for(spec: GameSpec, options: Mapping[str, Any] | None = None) -> Codec:
    """The codec of ``spec`` for raw ``options`` (validated here).

    :raises MissingSpaceError: if the game declares no action space.
    """
    return Codec(spec, spec.validate_options(options))
