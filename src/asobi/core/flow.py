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
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action
from .state import CHANCE, TERMINAL, GameState

Task = tuple[Any, ...]
Pending = tuple[Any, ...]


class Decision:
    """One kind of pending decision: its legal actions, how one applies, the clause it belongs to,
    and optionally a check of one action that does not list them all.

    The listing, the application and the check live in the flow's flat tables (``flow.listings``,
    ``flow.applies``, ``flow.checks``, by kind), which the states read on every step; these
    attributes read and write those tables, so the tables are the one place they are kept (a test
    that replaces ``decision.legal`` changes what every state lists)."""

    __slots__ = ("clause", "flow", "kind")

    def __init__(self, flow: Flow, kind: str, legal: Callable[[Any], Any], clause: str) -> None:
        self.flow = flow
        self.kind = kind
        self.clause = clause
        flow.listings[kind] = legal

    @property
    def legal(self) -> Callable[[Any], Any]:
        return self.flow.listings[self.kind]

    @legal.setter
    def legal(self, fn: Callable[[Any], Any]) -> None:
        self.flow.listings[self.kind] = fn

    @property
    def apply_fn(self) -> Callable[[Any, Action, Pending], None] | None:
        return self.flow.applies.get(self.kind)

    @apply_fn.setter
    def apply_fn(self, fn: Callable[[Any, Action, Pending], None]) -> None:
        self.flow.applies[self.kind] = fn

    @property
    def check(self) -> Callable[[Any, Action], bool] | None:
        return self.flow.checks.get(self.kind)

    @check.setter
    def check(self, fn: Callable[[Any, Action], bool] | None) -> None:
        if fn is None:
            self.flow.checks.pop(self.kind, None)
        else:
            self.flow.checks[self.kind] = fn

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
        self.listings: dict[str, Callable[[Any], Any]] = {}
        """Each decision kind's listing of legal actions (kept through :class:`Decision`)."""
        self.applies: dict[str, Callable[[Any, Action, Pending], None]] = {}
        """Each decision kind's application of an action."""
        self.checks: dict[str, Callable[[Any, Action], bool]] = {}
        """The kinds with a check of one action that does not list them all."""

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
            d = self.decisions[kind] = Decision(self, kind, fn, clause)
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
        missing = [k for k in self.decisions if k not in self.applies]
        if missing:
            raise ValueError(f"decisions without apply: {missing}")


class FlowState(GameState):
    """A state run by the flow kernel (see the module's description).

    A subclass that sets ``flow`` gets ``run``, ``legal_actions``, ``is_legal`` and
    ``apply_unchecked`` (those it does not write itself) made for that flow by
    :func:`_protocol`: they reach the flow's tables through the function's closure, because on
    Python 3.11 a class attribute read through the instance (``self.flow``) is not specialised and
    costs as much as the rest of a cached ``legal_actions``.
    """

    flow: ClassVar[Flow]
    agenda: list[Task]
    pending: Pending | None
    chance: Any
    ended: Any
    legal_cache: tuple[Action, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        flow = cls.__dict__.get("flow")
        if isinstance(flow, Flow):
            for name, method in _protocol(flow).items():
                if name not in cls.__dict__:  # a game's own version stays
                    method.__qualname__ = f"{cls.__name__}.{name}"
                    setattr(cls, name, method)

    if TYPE_CHECKING:  # made per subclass by _protocol

        def run(self) -> None:
            """Run tasks until a decision, a chance node or the end of the game."""

        def legal_actions(self) -> tuple[Action, ...]: ...

        def apply_unchecked(self, action: Action) -> None: ...

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

    def why_illegal(self, action: Action) -> tuple[str | None, str]:
        pending = self.pending
        if pending is None:
            return None, "a chance outcome is awaited: only one of its outcomes may be applied"
        return self.flow.decisions[pending[0]].clause, f"not a legal choice now ({pending[0]})"

    def apply_chance(self, action: Action) -> None:
        """Apply a chance outcome (games with chance nodes implement this)."""
        raise NotImplementedError


def _protocol(flow: Flow) -> dict[str, Callable[..., Any]]:
    """The kernel's protocol methods for states run by ``flow``, its tables held by closure."""
    tasks, listings, applies, checks = flow.tasks, flow.listings, flow.applies, flow.checks

    def run(self: Any) -> None:
        """Run tasks until a decision, a chance node or the end of the game."""
        while self.pending is None and self.chance is None and not self.stopped():
            if not self.agenda:
                raise AssertionError(f"{type(self).__name__}: the agenda ran out before the game ended")
            task = self.agenda.pop()
            tasks[task[0]](self, *task[1:])

    def legal_actions(self: Any) -> tuple[Action, ...]:
        pending = self.pending
        if pending is None or self.ended is not None:
            return ()
        legal = self.legal_cache
        if legal is None:
            legal = self.legal_cache = tuple(listings[pending[0]](self))
        return legal

    def is_legal(self: Any, action: Action) -> bool:
        pending = self.pending
        if self.ended is not None:
            return False
        if pending is None:
            return any(a == action for a, _ in self.chance_outcomes())
        if self.legal_cache is None:
            check = checks.get(pending[0])
            if check is not None:
                return check(self, action)
        return action in self.legal_actions()

    def apply_unchecked(self: Any, action: Action) -> None:
        self.legal_cache = None
        pending = self.pending
        if pending is None:
            self.apply_chance(action)
        else:
            self.pending = None
            applies[pending[0]](self, action, pending)
        self.run()

    return {
        "run": run,
        "legal_actions": legal_actions,
        "is_legal": is_legal,
        "apply_unchecked": apply_unchecked,
    }
