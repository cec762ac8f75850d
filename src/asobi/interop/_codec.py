"""Integer ids for a game's actions and chance outcomes, shared by the adapters.

A game declares its spaces on its :class:`~asobi.core.GameSpec` (``action_space``,
``chance_space``, ``observation_shape``). This module reads them and turns a state's legal actions
(or chance outcomes) into ids and back. Decoding goes through the state's own listing, so an id is
accepted only when it stands for an action legal right now.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from asobi.core import AsobiError, GameSpec, GameState, IllegalActionError
from asobi.core.actions import Action


class MissingSpaceError(AsobiError):
    """The game does not (yet) declare a space or observation the adapter needs."""


class _Space:
    """One declared space (a :class:`asobi.core.spaces.ActionSpace`, or anything with ``size``,
    ``encode(action)`` and ``decode(id)``)."""

    def __init__(self, what: str, game: str, space: Any) -> None:
        self.what = what
        self.game = game
        self.size = int(space.size)
        self._encode: Callable[[Action], int] = space.encode
        self._decode: Callable[[int], Action] = space.decode

    def index(self, action: Action) -> int:
        i = self._encode(action)
        if not 0 <= i < self.size:
            raise AsobiError(
                f"{self.game}: the {self.what} space gives {action!r} the id {i}, outside 0..{self.size - 1}"
            )
        return i

    def action(self, index: int) -> Action | None:
        """The action an id stands for, or ``None`` for an id outside the space."""
        if not 0 <= index < self.size:
            return None
        return self._decode(index)


class Codec:
    """A game's declared spaces for one set of options.

    :ivar size: how many action ids there are (``action_space(options).size``).
    :ivar chance_size: how many chance outcome ids there are, 0 if the game declares none.
    :ivar observation_shape: the shape of ``observation_tensor(seat)``, or ``None``.
    :raises MissingSpaceError: if the game declares no action space.
    """

    def __init__(self, spec: GameSpec, options: Mapping[str, Any]) -> None:
        self.spec = spec
        self.options = dict(options)
        if spec.spaces.actions is None:
            raise MissingSpaceError(f"{spec.id} declares no action_space")
        self._actions = _Space("action", spec.id, spec.spaces.actions(self.options))
        self._chance = (
            _Space("chance", spec.id, spec.spaces.chance(self.options))
            if spec.spaces.chance is not None
            else None
        )
        self.size = self._actions.size
        self.chance_size = self._chance.size if self._chance is not None else 0
        self.observation_shape: tuple[int, ...] | None = (
            tuple(int(n) for n in spec.spaces.observation_shape(self.options))
            if spec.spaces.observation_shape is not None
            else None
        )

    @property
    def has_chance_space(self) -> bool:
        return self._chance is not None

    # ---- decisions ---------------------------------------------------------------------------
    def index(self, action: Action) -> int:
        return self._actions.index(action)

    def legal(self, state: GameState) -> dict[int, Action]:
        """The current seat's legal actions by id, in id order.

        :raises AsobiError: if two legal actions share an id (a bug in the game's space).
        """
        out: dict[int, Action] = {}
        for a in state.legal_actions():
            i = self._actions.index(a)
            if i in out:
                raise AsobiError(f"{self.spec.id}: {out[i]!r} and {a!r} are both legal and share the id {i}")
            out[i] = a
        return dict(sorted(out.items()))

    def decode(self, state: GameState, index: int) -> Action:
        """The action with id ``index``, checked to be legal now (by ``state.is_legal``).

        :raises IllegalActionError: if no legal action has that id now.
        """
        action = self._actions.action(int(index))
        if action is None or state.is_chance() or not state.is_legal(action):
            raise IllegalActionError(f"action id {index} is not legal now", action=("id", int(index)))
        return action

    def decode_chance(self, state: GameState, index: int) -> Action:
        """The chance outcome with id ``index``, checked to be possible now.

        :raises IllegalActionError: if it is not a chance node or the outcome is impossible.
        """
        action = self.chance_at(int(index))
        if action is None or not state.is_chance() or not state.is_legal(action):
            raise IllegalActionError(
                f"chance outcome id {index} is not possible now", action=("id", int(index))
            )
        return action

    def action_at(self, index: int) -> Action | None:
        """The action an id stands for in any state, if the space can tell."""
        return self._actions.action(index)

    # ---- chance ------------------------------------------------------------------------------
    def chance_index(self, action: Action) -> int:
        if self._chance is None:
            raise MissingSpaceError(f"{self.spec.id} declares no chance_space")
        return self._chance.index(action)

    def chance(self, state: GameState) -> dict[int, tuple[Action, float]]:
        """The chance outcomes by id, in id order, with their probabilities."""
        out: dict[int, tuple[Action, float]] = {}
        for a, p in state.chance_outcomes():
            i = self.chance_index(a)
            if i in out:
                raise AsobiError(f"{self.spec.id}: chance outcomes {out[i][0]!r} and {a!r} share the id {i}")
            out[i] = (a, p)
        return dict(sorted(out.items()))

    def chance_at(self, index: int) -> Action | None:
        return self._chance.action(index) if self._chance is not None else None


def codec_for(spec: GameSpec, options: Mapping[str, Any] | None = None) -> Codec:
    """The codec of ``spec`` for raw ``options`` (validated here).

    :raises MissingSpaceError: if the game declares no action space.
    """
    return Codec(spec, spec.validate_options(options))
