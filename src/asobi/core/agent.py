"""The agent interface: an agent sees an observation of its seat, never the state.

An :class:`Observation` carries what the seat may know — its view, its legal actions and their
labels — and a way to sample full states consistent with it (:meth:`Observation.determinize`),
which is all a search agent needs. It holds the true state only to answer those questions; the
conformance harness checks that a bot decides the same on states its seat cannot tell apart.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from random import Random
from typing import TYPE_CHECKING, Any

from .actions import Action
from .state import GameState

if TYPE_CHECKING:
    from .hooks import SearchHooks, StopHooks


class Observation:
    """What one seat may know when it must decide (a game's spec makes one: ``spec.observe``).

    :ivar seat: the deciding seat.
    :ivar legal: its legal actions, sorted.
    :ivar search: the game's search hooks (its heuristic), for :meth:`value`.
    :ivar stops: the game's stop windows, if it has any (a search passes at once where there is
        nothing to play).
    """

    __slots__ = ("_state", "_view", "legal", "search", "seat", "stops")

    def __init__(self, state: GameState, seat: int, legal: tuple[Action, ...] | None = None,
                 search: SearchHooks | None = None, stops: StopHooks | None = None) -> None:
        # (all five may be passed by position: a batch makes one a step, and keywords cost a third)
        self._state = state
        self.seat = seat
        self.legal = legal if legal is not None else state.legal_actions()
        self._view: dict[str, Any] | None = None
        self.search = search
        self.stops = stops

    @property
    def view(self) -> dict[str, Any]:
        """The seat's view (built on first use: agents that do not look pay nothing)."""
        if self._view is None:
            self._view = self._state.view(self.seat)
        return self._view

    def determinize(self, rng: Random) -> GameState:
        """A full state consistent with what the seat has seen, hidden parts sampled from ``rng``."""
        return self._state.determinize(self.seat, rng)

    def position(self) -> GameState:
        """The state itself, to be read and never changed, where the game hides nothing: its state
        keeps the default :meth:`~asobi.core.state.GameState.determinize` (a plain copy), so this
        is what :meth:`determinize` gives, without the copy — for an agent that only reads the
        position (a rule bot), not one that plays moves on it (a search).

        :raises TypeError: if the game hides something (its state has its own ``determinize``).
        """
        state = self._state
        if type(state).determinize is not GameState.determinize:
            raise TypeError(f"{type(state).__name__} hides information: use determinize, not position")
        return state

    def label(self, action: Action, lang: str = "en") -> str:
        return self._state.action_label(action, lang)

    def value(self, state: GameState) -> float:
        """The game's quick estimate of how well this seat stands in ``state`` (a determinization
        or a state reached from one), in [0, 1]; a finished game's score.

        :raises NotImplementedError: if the game declares no heuristic.
        """
        outcome = state.outcome()
        if outcome is not None:
            return float(outcome.scores[self.seat])
        heuristic = self.search.heuristic if self.search is not None else None
        if heuristic is None:
            raise NotImplementedError(f"{type(state).__name__}: the game declares no heuristic")
        return heuristic(state, self.seat)


class Agent(ABC):
    """Chooses an action for one seat from its observation."""

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """One of ``obs.legal``."""


class RandomAgent(Agent):
    """Picks uniformly among the legal actions, from its own seeded generator."""

    def __init__(self, seed: int) -> None:
        self.rng = Random(seed)

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        return legal[self.rng.randrange(len(legal))]

