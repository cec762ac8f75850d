"""The state protocol every game implements.

A state says whose decision it is (a seat, ``CHANCE`` or ``TERMINAL``), lists the legal actions
(or, at a chance node, the outcomes with their probabilities), and applies one. ``apply`` checks
legality first and raises without changing anything; ``apply_unchecked`` is the fast path for
search and replay of trusted records.
"""

from __future__ import annotations

import hashlib
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, is_well_formed
from .errors import IllegalActionError, MalformedActionError
from .events import Event, render_event

if TYPE_CHECKING:
    from .registry import GameSpec

CHANCE = -1
"""``current_seat`` at a chance node."""
TERMINAL = -4
"""``current_seat`` once the game is over."""


@dataclass(frozen=True)
class Outcome:
    """How a finished game ended.

    :ivar winners: the winning seats (all seats in a co-operative win, none in a loss).
    :ivar scores: one score per seat (1 win, 0 loss, 0.5 shared draw, or game points).
    :ivar reason: a message key in the game's catalogue.
    :ivar clause: the rule clause that ended the game.
    """

    winners: tuple[int, ...]
    scores: tuple[float, ...]
    reason: str
    clause: str
    args: tuple[tuple[str, Any], ...] = field(default=())

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "reason": self.reason,
            "clause": self.clause,
            "args": [list(a) for a in self.args],
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            tuple(data["winners"]),
            tuple(data["scores"]),
            data["reason"],
            data["clause"],
            tuple((k, v) for k, v in data.get("args", [])),
        )

    def render(self, spec: GameSpec, lang: str = "en") -> str:
        return render_event(Event(self.clause, self.reason, self.args), spec.messages, lang, spec.localize)


class GameState(ABC):
    """A position of one game, with everything needed to go on from it.

    Subclasses keep their data in plain containers and write ``clone`` by hand: ``deepcopy`` has
    no place on a hot path.
    """

    spec: ClassVar[GameSpec]
    log: list[Event]

    # ---- whose turn -------------------------------------------------------------------------
    @property
    @abstractmethod
    def current_seat(self) -> int:
        """The seat to decide, ``CHANCE`` or ``TERMINAL``."""

    @property
    @abstractmethod
    def n_seats(self) -> int:
        """How many seats play this game."""

    def is_chance(self) -> bool:
        return self.current_seat == CHANCE

    def is_terminal(self) -> bool:
        return self.current_seat == TERMINAL

    # ---- choices ----------------------------------------------------------------------------
    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current seat's legal actions, sorted; empty at chance and terminal nodes."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[Action, float]]:
        """At a chance node, each outcome with its probability (positive, summing to 1)."""

    def why_illegal(self, action: Action) -> tuple[str | None, str]:
        """The clause an illegal ``action`` breaks and why, for the error message.

        Games override this to name the rule; the default names none.
        """
        return None, "not a legal action now"

    def apply(self, action: Action) -> None:
        """Apply ``action`` after checking that it is legal here.

        :raises MalformedActionError: if ``action`` is not shaped like an action.
        :raises IllegalActionError: if the rules do not allow it now; the state is unchanged.
        """
        if not is_well_formed(action):
            raise MalformedActionError("not an action", action=action, state_id=self.fingerprint())
        if self.current_seat == CHANCE:
            allowed: Iterable[Action] = (a for a, _ in self.chance_outcomes())
        else:
            allowed = self.legal_actions()
        if action not in allowed:
            if self.current_seat == TERMINAL:
                clause, why = None, "the game is over"
            else:
                clause, why = self.why_illegal(action)
            raise IllegalActionError(why, action=action, clause=clause, state_id=self.fingerprint())
        self.apply_unchecked(action)

    @abstractmethod
    def apply_unchecked(self, action: Action) -> None:
        """Apply a known-legal action (search and trusted replay)."""

    def sample_chance(self, rng: Random) -> Action:
        """Pick a chance outcome by its probability, with the caller's generator."""
        outcomes = self.chance_outcomes()
        r = rng.random()
        acc = 0.0
        for action, p in outcomes:
            acc += p
            if r < acc:
                return action
        return outcomes[-1][0]

    # ---- copies, views, serialisation ---------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (applying to one never changes the other)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-ready data; ``None`` is an all-seeing observer.

        The log is not part of the view: :meth:`visible_log` gives the events a seat may see.
        """

    def visible_log(self, seat: int | None, start: int = 0) -> list[Event]:
        return [e for e in self.log[start:] if e.visible_to(seat)]

    @abstractmethod
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""

    @abstractmethod
    def to_json(self) -> dict[str, Any]:
        """The whole state (hidden information included) as JSON-ready data."""

    @classmethod
    @abstractmethod
    def from_json(cls, data: dict[str, Any]) -> GameState:
        """The state ``to_json`` wrote.

        :raises BadRecordError: if ``data`` is not such a state.
        """

    def fingerprint(self) -> str:
        """A short hash of the whole state, equal for equal states."""
        text = json.dumps(self.to_json(), sort_keys=True, ensure_ascii=False, separators=(",", ":"))
        return hashlib.sha256(text.encode()).hexdigest()[:16]

    # ---- text -------------------------------------------------------------------------------
    @abstractmethod
    def action_label(self, action: Action, lang: str = "en") -> str:
        """A short human-readable label of an action in ``lang`` (``ja`` or ``en``)."""

    def render_log(self, seat: int | None, lang: str = "en", start: int = 0) -> list[str]:
        return [render_event(e, self.spec.messages, lang, self.spec.localize) for e in self.visible_log(seat, start)]

    def metrics(self) -> dict[str, float]:
        """Game-specific figures for simulation summaries (rounds played, life left…)."""
        return {}

    # ---- the conformance harness's hooks -------------------------------------------------------
    def hidden_variants(self, seat: int, rng: Random) -> Sequence[GameState]:
        """States that differ from this one only in what ``seat`` must not see.

        Used by the conformance harness: ``view(seat)`` must be equal across them. The default
        (a game of perfect information) returns none.
        """
        return ()

    def invariant_errors(self) -> list[str]:
        """Broken invariants (a unit in two places, a negative count…); empty when all hold."""
        return []
