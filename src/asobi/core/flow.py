"""The flow kernel: a game as an agenda of small tasks and one pending decision at a time.

A rules module never calls another rules module to go on with the game: it *schedules* the next
task by name (``s.push(("enemy_turn",))``) or *asks* a seat (``s.ask("main", seat)``), and the
kernel runs tasks until one asks a seat, needs a chance outcome, or ends the game. So a phase is
data (the tasks it schedules), sub-decisions stack naturally (a task that asks, then the tasks
after it), and rules modules need not import each other.

A game declares its tasks and decisions on a :class:`Flow`::

    FLOW = Flow()

    @FLOW.task("round")
    def task_round(s): ...

    @FLOW.decision("main", clause="4.2")
    def legal_main(s): ...          # the sorted legal actions of a pending "main" decision

    @legal_main.apply
    def apply_main(s, action, pending): ...

and its state class derives from :class:`FlowState` and declares (with
:class:`~asobi.core.fields.Fields`) the slots ``agenda`` (a list of task tuples, run from the end),
``pending`` (``(kind, seat, *data)`` or ``None``), ``chance`` (the game's description of the chance
node, or ``None``), ``ended`` (or ``None``) and ``legal_cache``. Chance nodes stay the game's:
it implements ``chance_outcomes`` and ``apply_chance``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar

from .actions import Action
from .state import CHANCE, TERMINAL, GameState

Task = tuple[Any, ...]
Pending = tuple[Any, ...]


class Decision:
    """One kind of pending decision: its legal actions, how one applies, the clause it belongs to,
    and optionally a check of one action that does not list them all."""

    __slots__ = ("apply_fn", "check", "clause", "kind", "legal")

    def __init__(self, kind: str, legal: Callable[[Any], Any], clause: str) -> None:
        self.kind = kind
        self.legal = legal
        self.clause = clause
        self.apply_fn: Callable[[Any, Action, Pending], None] | None = None
        self.check: Callable[[Any, Action], bool] | None = None

    def apply(self, fn: Callable[[Any, Action, Pending], None]) -> Callable[[Any, Action, Pending], None]:
        """Decorator: how an action of this decision applies (``fn(state, action, pending)``)."""
        self.apply_fn = fn
        return fn

    def is_legal(self, fn: Callable[[Any, Action], bool]) -> Callable[[Any, Action], bool]:
        """Decorator: whether one action is legal, without listing them all."""
        self.check = fn
        return fn


class Flow:
    """The tasks and decisions of one game."""

    def __init__(self) -> None:
        self.tasks: dict[str, Callable[..., None]] = {}
        self.decisions: dict[str, Decision] = {}

    def task(self, name: str) -> Callable[[Callable[..., None]], Callable[..., None]]:
        """Decorator: the function that runs task ``name`` (``fn(state, *task[1:])``)."""

        def register(fn: Callable[..., None]) -> Callable[..., None]:
            if name in self.tasks:
                raise ValueError(f"task {name!r} is declared twice")
            self.tasks[name] = fn
            return fn

        return register

    def decision(self, kind: str, clause: str) -> Callable[[Callable[[Any], Any]], Decision]:
        """Decorator on the function listing a decision's legal actions; returns the
        :class:`Decision`, whose ``apply`` (and optional ``is_legal``) decorate the rest."""

        def register(fn: Callable[[Any], Any]) -> Decision:
            if kind in self.decisions:
                raise ValueError(f"decision {kind!r} is declared twice")
            d = self.decisions[kind] = Decision(kind, fn, clause)
            return d

        return register

    @classmethod
    def from_tables(
        cls,
        tasks: dict[str, Callable[..., None]],
        decisions: dict[str, tuple[Callable[[Any], Any], Callable[[Any, Action, Pending], None], str]],
    ) -> Flow:
        """A flow from a game's tables: task name → function, decision kind → (legal, apply, clause)."""
        flow = cls()
        for name, fn in tasks.items():
            flow.task(name)(fn)
        for kind, (legal, apply, clause) in decisions.items():
            flow.decision(kind, clause)(legal).apply(apply)
        return flow

    def check(self) -> None:
        """Every decision has its ``apply``."""
        missing = [k for k, d in self.decisions.items() if d.apply_fn is None]
        if missing:
            raise ValueError(f"decisions without apply: {missing}")


class FlowState(GameState):
    """A state run by the flow kernel (see the module's description)."""

    flow: ClassVar[Flow]
    agenda: list[Task]
    pending: Pending | None
    chance: Any
    ended: Any
    legal_cache: tuple[Action, ...] | None

    # ---- what the rules call -------------------------------------------------------------------
    def push(self, *tasks: Task) -> None:
        """Schedule tasks to run next, the first given first."""
        self.agenda.extend(reversed(tasks))

    def ask(self, kind: str, seat: int, *data: Any) -> None:
        """Stop and wait for ``seat`` to make a ``kind`` decision."""
        self.pending = (kind, seat, *data)
        self.legal_cache = None

    def stopped(self) -> bool:
        """Whether the game ended inside a task (games override to check their end conditions)."""
        return self.ended is not None

    def run(self) -> None:
        """Run tasks until a decision, a chance node or the end of the game."""
        tasks = self.flow.tasks
        while self.pending is None and self.chance is None and not self.stopped():
            if not self.agenda:
                raise AssertionError(f"{type(self).__name__}: the agenda ran out before the game ended")
            task = self.agenda.pop()
            tasks[task[0]](self, *task[1:])

    # ---- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> int:
        if self.ended is not None:
            return TERMINAL
        if self.chance is not None:
            return CHANCE
        pending = self.pending
        assert pending is not None, "no decision, no chance and not over: the agenda did not run"
        seat: int = pending[1]
        return seat

    def legal_actions(self) -> tuple[Action, ...]:
        pending = self.pending
        if pending is None or self.ended is not None:
            return ()
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = tuple(self.flow.decisions[pending[0]].legal(self))
        return legal

    def is_legal(self, action: Action) -> bool:
        pending = self.pending
        if self.ended is not None:
            return False
        if pending is None:
            return any(a == action for a, _ in self.chance_outcomes())
        check = self.flow.decisions[pending[0]].check
        if check is not None and self.legal_cache is None:
            return check(self, action)
        return action in self.legal_actions()

    def why_illegal(self, action: Action) -> tuple[str | None, str]:
        pending = self.pending
        if pending is None:
            return None, "a chance outcome is awaited: only one of its outcomes may be applied"
        return self.flow.decisions[pending[0]].clause, f"not a legal choice now ({pending[0]})"

    def apply_unchecked(self, action: Action) -> None:
        self.legal_cache = None
        if self.pending is None:
            self.apply_chance(action)
        else:
            pending = self.pending
            self.pending = None
            apply = self.flow.decisions[pending[0]].apply_fn
            assert apply is not None
            apply(self, action, pending)
        self.run()

    def apply_chance(self, action: Action) -> None:
        """Apply a chance outcome (games with chance nodes implement this)."""
        raise NotImplementedError
