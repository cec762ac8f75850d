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
from collections.abc import Sequence
from dataclasses import dataclass, field
from random import Random
from typing import TYPE_CHECKING, Any

from .actions import Action, is_well_formed
from .errors import IllegalActionError, MalformedActionError, NotYourTurnError
from .events import Event
from .log import LogReads

if TYPE_CHECKING:
    from .events import EventTexts

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

    def render(self, texts: EventTexts, lang: str = "en") -> str:
        """How the game ended, as text in ``lang`` (``texts``: the game's spec)."""
        return texts.event_text(Event(self.clause, self.reason, self.args), lang)


class GameState(ABC):
    """A position of one game, with everything needed to go on from it.

    Subclasses keep their data in plain containers and write ``clone`` by hand: ``deepcopy`` has
    no place on a hot path.
    """

    log: Sequence[Event]

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
    def legal_actions(self) -> tuple[Action, ...]:
        """The current seat's legal actions, sorted, as an immutable tuple; empty at chance and
        terminal nodes."""

    @abstractmethod
    def chance_outcomes(self) -> tuple[tuple[Action, float], ...]:
        """At a chance node, each outcome with its probability (positive, summing to 1)."""

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` may be applied now (a decision, or a chance outcome at a chance node).

        Games may answer without listing every action; the answer must agree with the listing.
        """
        if self.current_seat == CHANCE:
            return any(a == action for a, _ in self.chance_outcomes())
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> tuple[str | None, str]:
        """The clause an illegal ``action`` breaks and why, for the error message.

        It may use only what the seat to decide may know. Games override this to name the rule;
        the default names none.
        """
        return None, "not a legal action now"

    def apply(self, action: Action, seat: int | None = None) -> None:
        """Apply ``action`` after checking that it is legal here (:meth:`check`).

        :raises NotYourTurnError: if ``seat`` is given and is not the current seat.
        :raises MalformedActionError: if ``action`` is not shaped like an action.
        :raises IllegalActionError: if the rules do not allow it now; the state is unchanged.
        """
        self.check(action, seat)
        self.apply_unchecked(action)

    def check(self, action: Action, seat: int | None = None) -> None:
        """Raise unless ``action`` may be applied now; the one place every submission is checked,
        before anything else reads it (its label, a forecast, the log).

        ``seat`` binds the submission to a seat: a seat that is not the one to decide gets
        :class:`NotYourTurnError`, whose text depends on nothing hidden. Without ``seat`` the
        caller is trusted to speak for whoever decides (replays, the match's bots and chance).
        The shape is checked first (any value JSON can carry, bounded in depth and size), then
        legality, so the rules only ever see well-formed actions.

        :raises NotYourTurnError: if ``seat`` is given and is not the current seat.
        :raises MalformedActionError: if ``action`` is not shaped like an action.
        :raises IllegalActionError: if the rules do not allow it now.
        """
        current = self.current_seat
        if seat is not None and seat != current:
            if current == TERMINAL:
                raise IllegalActionError("the game is over", action=action)
            raise NotYourTurnError("it is not this seat's turn to decide", action=action)
        if not is_well_formed(action):
            raise MalformedActionError("not an action", action=action)
        if not self.is_legal(action):
            if current == TERMINAL:
                clause, why = None, "the game is over"
            else:
                clause, why = self.why_illegal(action)
            raise IllegalActionError(why, action=action, clause=clause)

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

    def redact(self, action: Action, seat: int | None) -> Action:
        """What ``seat`` may see of ``action``, about to be applied to this state.

        The action itself when nothing in it is hidden from ``seat`` (``None`` sees everything);
        otherwise the same verb with each hidden item replaced by :data:`asobi.core.actions.HIDDEN`. The default
        suits a game of perfect information.
        """
        return action

    # ---- copies, views, serialisation ---------------------------------------------------------
    @abstractmethod
    def clone(self) -> GameState:
        """An independent copy (applying to one never changes the other)."""

    @abstractmethod
    def view(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` may know, as JSON-ready data; ``None`` is an all-seeing observer.

        The log is not part of the view: :meth:`visible_log` gives the events a seat may see.
        """

    def log_length(self) -> int:
        """How many events the log holds (games that keep the log in chunks answer without
        building it)."""
        return len(self.log)

    def events_since(self, start: int) -> list[Event]:
        """The events from index ``start`` on, oldest first."""
        log = self.log
        if isinstance(log, LogReads):
            return log.since(start)
        return list(log[start:])

    def visible_log(self, seat: int | None, start: int = 0) -> list[Event]:
        return [e for e in self.events_since(start) if e.visible_to(seat)]

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

    def metrics(self) -> dict[str, float]:
        """Game-specific figures for simulation summaries (rounds played, life left…)."""
        return {}

    # ---- hidden information --------------------------------------------------------------------
    def determinize(self, seat: int, rng: Random) -> GameState:
        """A full state consistent with everything ``seat`` has seen, what it may not see resampled.

        It must depend only on what ``seat`` knows and on ``rng``: two states ``seat`` cannot tell
        apart give the same result for the same generator state. The default suits a game of
        perfect information.
        """
        return self.clone()

    def hidden_variants(self, seat: int, rng: Random) -> Sequence[GameState]:
        """States that differ from this one only in what ``seat`` must not see.

        Used by the conformance harness, which follows each along the game's next actions and
        requires ``seat`` to receive the same things in both. The default (a game of perfect
        information) returns none.
        """
        return ()

    def observation_tensor(self, seat: int) -> list[float]:
        """What ``seat`` may know as a flat list of numbers, of the length
        ``spec.spaces.observation_shape(options)`` gives (for learning agents and adapters)."""
        raise NotImplementedError(f"{type(self).__name__} has no observation tensor")

    # ---- the conformance harness's hooks -------------------------------------------------------
    def invariant_errors(self) -> list[str]:
        """Broken invariants (a unit in two places, a negative count…); empty when all hold."""
        return []
