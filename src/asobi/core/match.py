"""The one match loop: seats, the chance source, a public state id, per-seat updates and undo.

Terminal play, simulation, benchmarks, the conformance harness and golden games all drive a game
through a :class:`Match`; games never import it. A match owns the state and the record of its
actions. Bots and chance act inside :meth:`Match.play`; a person (at the terminal or, later, a
remote client) submits with :meth:`Match.submit`, which binds the action to the seat.

Chance comes from a secret source (:class:`random.SystemRandom`) unless the match is given a seed
(reproducible bot games and tests); a live game keeps no seed at all, so none can be shown.

Every applied action and every undo increases :attr:`Match.state_id`, which a client compares to
know it is in sync. :meth:`Match.updates` gives one seat everything it may see since a state id:
the other seats' actions in their redacted form, and the log events visible to it.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .agent import Agent
from .bots import HUMAN, make_bot
from .errors import ActionError, AsobiError, BadRecordError, IllegalActionError
from .events import Event
from .record import GameRecord
from .seeding import chance_source
from .spec import GameSpec
from .state import CHANCE, TERMINAL, GameState


class UndoError(AsobiError):
    """Nothing the seat may take back."""


class ReplayError(BadRecordError):
    """A recorded action the rules refuse.

    :ivar index: the action's index in the record.
    :ivar action: the action.
    :ivar clause: the rule clause that refuses it, when the rules name one.
    :ivar refused: the rules refused it as illegal or malformed (else applying it failed).
    """

    def __init__(self, where: str, index: int, action: Action, reason: str, clause: str | None = None, *,
                 refused: bool = False) -> None:
        super().__init__(f"{where}, action {index}", reason)
        self.index = index
        self.action = action
        self.clause = clause
        self.reason = reason
        self.refused = refused


@dataclass(frozen=True)
class Update:
    """One thing a seat sees happen: an action (redacted for it) and the events it caused, or an
    undo.

    :ivar state_id: the match's state id after it.
    :ivar actor: the seat that acted, ``CHANCE``, or for an undo the seat that took back.
    :ivar action: the action as this seat may see it (``None`` for an undo).
    :ivar label: the action's label in the language asked for.
    :ivar events: the log events this seat may see that it caused.
    :ivar undone: for an undo, how many actions were taken back.
    """

    state_id: int
    actor: int
    action: Action | None
    label: str
    events: tuple[Event, ...]
    undone: int = 0


LANGS = ("en", "ja")


@dataclass
class _Entry:
    """One applied action (or undo) in the journal, with what each seat saw of it."""

    state_id: int
    actor: int
    action: Action | None
    seen: tuple[tuple[Action, dict[str, str]], ...] = ()
    """Per seat, then for the all-seeing observer last: the action as seen and its labels by language."""
    log_start: int = 0
    log_end: int = 0
    undone: int = 0
    withdrawn: bool = False
    """An action later taken back: no longer part of the game (its events are gone)."""


class MatchListener:
    """Told of every change to a match (saving games, servers pushing updates)."""

    def on_action(self, match: Match, index: int, actor: int, action: Action) -> None:
        """``action`` was applied as the match's action number ``index``."""

    def on_undo(self, match: Match, seat: int, count: int) -> None:
        """``seat`` took back its last ``count`` actions."""

    def on_finish(self, match: Match) -> None:
        """The game is over."""


class Match:
    """A game being played: the state, who sits where, chance, the record and its history.

    :param options: the game's options; those left out take their defaults, and an unknown one or
        a value the schema refuses raises :class:`~asobi.core.errors.BadOptionsError`.
    :param seats: per seat ``human`` (decided by :meth:`submit`) or ``bot:NAME``.
    :param seed: ``None`` for live play (chance from a secret source), else a reproducible game.
    :param actions: actions already played (a resumed game); each is replayed with its check.
    :param journal: keep per-seat updates (play with people); off for simulation.
    :param checked: check the legality of bots' and chance's actions too.
    :param agents: the agent of each seat, made elsewhere (``None`` for a person); by default each
        bot seat's from its name (:func:`~asobi.core.bots.make_bot`).
    """

    def __init__(
        self,
        spec: GameSpec,
        options: Mapping[str, Any],
        seats: Sequence[str],
        *,
        seed: int | None = None,
        actions: Sequence[Action] = (),
        journal: bool = True,
        checked: bool = True,
        agents: Sequence[Agent | None] | None = None,
        where: str = "match",
    ) -> None:
        self.spec = spec
        self.options = spec.validate_options(options)
        self.seats = list(seats)
        self.seed = seed
        self.state: GameState = spec.new_state(self.options)
        if len(self.seats) != self.state.n_seats:
            raise AsobiError(f"{spec.id}: {len(self.seats)} seats given, but this game has {self.state.n_seats}")
        self.opening = self.state.log_length()
        """How many events the game logged before its first action (the setup)."""
        self.actions: list[Action] = []
        self.state_id = 0
        self.checked = checked
        self.listeners: list[MatchListener] = []
        self._journal: list[_Entry] | None = [] if journal else None
        self._undo: list[tuple[int, GameState, int]] = []
        """Snapshots before each of one seat's decisions since information was last revealed."""
        self._last_log_start = 0
        self.where = where
        for action in actions:
            self.replay_step(action)
        self._undo.clear()
        self.chance = chance_source(seed, len(self.actions))
        if agents is not None:
            self.agents = list(agents)
        else:
            self.agents = [
                None if kind == HUMAN else make_bot(spec, kind.removeprefix("bot:"), seat, seed, self.options)
                for seat, kind in enumerate(self.seats)
            ]

    # ---- whose turn ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> int:
        return self.state.current_seat

    def is_over(self) -> bool:
        return self.state.current_seat == TERMINAL

    def waiting_for(self) -> int | None:
        """The human seat that must decide now, or ``None`` (a bot, chance, or the end)."""
        seat = self.state.current_seat
        return seat if seat >= 0 and self.agents[seat] is None else None

    def bot_to_decide(self) -> int | None:
        """The bot seat that must decide now, or ``None`` (a person, chance, or the end)."""
        seat = self.state.current_seat
        return seat if seat >= 0 and self.agents[seat] is not None else None

    # ---- playing ------------------------------------------------------------------------------
    def decide(self) -> Action | None:
        """What chance or the bot to decide does now (drawing on their generators), or ``None``
        if a person must decide or the game is over. :meth:`advance` applies it."""
        state = self.state
        seat = state.current_seat
        if seat == CHANCE:
            return state.sample_chance(self.chance)
        if seat == TERMINAL:
            return None
        agent = self.agents[seat]
        if agent is None:
            return None
        return agent.act(self.spec.observe(state, seat))

    def advance(self, action: Action) -> None:
        """Apply what :meth:`decide` chose (checked if the match checks bots and chance)."""
        self._apply(self.state.current_seat, action, check=self.checked)

    def step(self) -> bool:
        """Let chance or the bot to decide act once; ``False`` if a person must decide or the
        game is over."""
        action = self.decide()
        if action is None:
            return False
        self.advance(action)
        return True

    def play(self, max_steps: int | None = None, on_step: Callable[[Match], None] | None = None) -> int | None:
        """Run chance and bots until a person must decide (their seat is returned) or the game
        ends (``None``), or ``max_steps`` actions have been taken."""
        limit = max_steps if max_steps is not None else self.spec.info.max_steps
        if on_step is None and self._journal is None and not self.checked and not self.listeners:
            self._play_quietly(limit)
            return self.waiting_for()
        taken = 0
        while taken < limit and self.step():
            taken += 1
            if on_step is not None:
                on_step(self)
        return self.waiting_for()

    def _play_quietly(self, limit: int) -> None:
        """:meth:`play` where nobody looks between steps (no journal, no listener, no check, no
        ``on_step``: a batch's game): :meth:`step` written out in one loop, the same steps
        without four calls a step."""
        state = self.state
        agents = self.agents
        observe = self.spec.observe
        chance = self.chance
        actions = self.actions
        log_length = state.log_length
        taken = 0
        log_start = self._last_log_start
        while taken < limit:
            seat = state.current_seat
            if seat == CHANCE:
                action = state.sample_chance(chance)
            else:
                agent = agents[seat] if seat >= 0 else None
                if agent is None:
                    break  # a person decides, or the game is over
                action = agent.act(observe(state, seat))
            log_start = log_length()
            state.apply_unchecked(action)
            actions.append(action)
            taken += 1
        if taken:
            self._last_log_start = log_start
            self.state_id += taken
            self._undo.clear()  # information was revealed: chance or a bot acted

    def play_chance(self, on_step: Callable[[Match], None] | None = None) -> int:
        """Apply chance's outcomes while chance is to act (the draws and rolls that follow at once;
        nobody thinks), each as :meth:`advance` applies it; returns how many.

        :meth:`play` for a caller that must not wait while a bot thinks (the server's event loop):
        it applies chance with this, lets the bot to decide (:meth:`bot_to_decide`) run
        :meth:`decide` in a worker thread, and applies that with :meth:`advance`.
        """
        taken = 0
        while self.state.current_seat == CHANCE:
            self.advance(self.state.sample_chance(self.chance))
            taken += 1
            if on_step is not None:
                on_step(self)
        return taken

    def replay_step(self, action: Action) -> None:
        """Apply the record's next action, whoever is to take it, with every rules check: how a
        saved game is resumed and how every replay goes on (:mod:`.replay`).

        :raises ReplayError: naming the action the rules refuse (nothing changes).
        """
        try:
            self._apply(self.state.current_seat, action, check=True)
        except ActionError as e:
            raise ReplayError(self.where, len(self.actions), action, str(e), e.clause, refused=True) from None
        except AsobiError as e:
            raise ReplayError(self.where, len(self.actions), action, str(e)) from None

    def submit(self, seat: int, action: Action) -> None:
        """Apply a person's action for ``seat`` (checked; bound to the seat).

        :raises NotYourTurnError: if ``seat`` is not the one to decide.
        :raises IllegalActionError: if the rules refuse it; nothing changes.
        """
        state = self.state
        if seat != state.current_seat:
            state.apply(action, seat=seat)  # raises: not this seat's turn, or the game is over
        if not 0 <= seat < len(self.agents) or self.agents[seat] is not None:
            raise IllegalActionError("this seat is played by a bot", action=action)
        before = state.clone()
        played = len(self.actions)
        self._apply(seat, action, check=True, seat_bound=True)
        if self._undo and self._undo[-1][0] != seat:
            self._undo.clear()  # another seat decided since: that revealed information
        self._undo.append((seat, before, played))

    def _apply(self, seat: int, action: Action, *, check: bool, seat_bound: bool = False) -> None:
        state = self.state
        journal = self._journal
        if check:  # before anything reads the action: its labels are made for legal actions only
            state.check(action, seat=seat if seat_bound else None)
        self._last_log_start = log_start = state.log_length()
        if journal is not None:
            seen = _seen(state, action)
        state.apply_unchecked(action)
        if not seat_bound and self._undo:
            self._undo.clear()  # information was revealed: chance or a bot acted
        self.actions.append(action)
        self.state_id += 1
        if journal is not None:
            journal.append(_Entry(self.state_id, seat, action, seen, log_start, state.log_length()))
        for listener in self.listeners:
            listener.on_action(self, len(self.actions) - 1, seat, action)
        if state.current_seat == TERMINAL:
            for listener in self.listeners:
                listener.on_finish(self)

    def last_events(self) -> list[Event]:
        """The events the last applied action caused (for listeners that save them)."""
        return self.state.events_since(self._last_log_start)

    # ---- undo ---------------------------------------------------------------------------------
    def can_undo(self, seat: int) -> int:
        """How many of its own actions ``seat`` may take back now."""
        if not self._undo or self._undo[-1][0] != seat or self.agents[seat] is not None:
            return 0
        return sum(1 for s, _, _ in self._undo if s == seat)

    def undo(self, seat: int) -> None:
        """Take back ``seat``'s last decision, back at most to where information was last
        revealed (a card or die, another seat's decision). Bots never undo.

        :raises UndoError: if there is nothing the seat may take back.
        """
        if not self.can_undo(seat):
            raise UndoError("nothing to take back: undo reaches back only over your own decisions "
                            "since the last card, die or other seat's decision")
        _, before, count = self._undo.pop()
        undone = len(self.actions) - count
        del self.actions[count:]
        self.state = before
        self.state_id += 1
        if self._journal is not None:
            left = undone
            for entry in reversed(self._journal):
                if left == 0:
                    break
                if entry.action is not None and not entry.withdrawn:
                    entry.withdrawn = True
                    left -= 1
            self._journal.append(_Entry(self.state_id, seat, None, (), 0, 0, undone))
        for listener in self.listeners:
            listener.on_undo(self, seat, undone)

    # ---- what a seat receives -------------------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return self.state.view(seat)

    def updates(self, seat: int | None, since: int = 0, lang: str = "en") -> list[Update]:
        """What ``seat`` sees happen after state id ``since``: other seats' actions redacted,
        its own as made, and the events visible to it (``None``: an all-seeing observer).

        After an undo, the events of the undone actions are gone from the state: a client that
        sees an undo fetches the view anew.
        """
        journal = self._journal
        if journal is None:
            raise AsobiError("this match keeps no journal")
        # The journal is in state-id order: start where ``since`` ends instead of scanning it whole,
        # so a message costs what happened since, not the length of the game.
        start = bisect_right(journal, since, key=_state_id)
        entries = [e for e in journal[start:] if not e.withdrawn]
        first = min((e.log_start for e in entries if e.action is not None), default=None)
        if first is None:  # nothing but undos (or nothing): no events to read
            return [Update(e.state_id, e.actor, None, "", (), e.undone) for e in entries]
        log = self.state.events_since(first)  # read once: every entry's events are a slice of it
        viewer = len(self.seats) if seat is None else seat
        out = []
        for entry in entries:
            if entry.action is None:
                out.append(Update(entry.state_id, entry.actor, None, "", (), entry.undone))
                continue
            action, labels = entry.seen[viewer]
            events = tuple(e for e in log[entry.log_start - first : entry.log_end - first] if e.visible_to(seat))
            out.append(Update(entry.state_id, entry.actor, action, labels.get(lang, ""), events))
        return out

    def opening_events(self, seat: int | None) -> list[Event]:
        """The events the game logged before its first action that ``seat`` may see (the setup)."""
        return [e for e in self.state.events_since(0)[: self.opening] if e.visible_to(seat)]

    # ---- the record -----------------------------------------------------------------------------
    def record(self) -> GameRecord:
        """The game so far as a record (with the outcome and final fingerprint once it is over)."""
        outcome = self.state.outcome()
        record = GameRecord.new(self.spec, dict(self.options), list(self.seats), self.seed)
        record.actions = list(self.actions)
        if outcome is not None:
            record.outcome = outcome.to_json()
            record.fingerprint = self.state.fingerprint()
        return record


def _state_id(entry: _Entry) -> int:
    return entry.state_id


def _seen(state: GameState, action: Action) -> tuple[tuple[Action, dict[str, str]], ...]:
    """What each seat (then the all-seeing observer) sees of ``action``, about to be applied,
    with its labels in every language (made now: a label may describe the board before it)."""
    out: list[tuple[Action, dict[str, str]]] = []
    made: dict[Action, dict[str, str]] = {}
    for viewer in [*range(state.n_seats), None]:
        shown = state.redact(action, viewer) if viewer is not None else action
        labels = made.get(shown)
        if labels is None:
            labels = made[shown] = {lang: state.action_label(shown, lang) for lang in LANGS}
        out.append((shown, labels))
    return tuple(out)
