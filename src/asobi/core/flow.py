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

and its state class derives from :class:`FlowState`, sets ``flow = FLOW`` and declares (with
:class:`~asobi.core.fields.Fields`) the slots ``agenda`` (a list of task tuples, run from the end),
``pending`` (``(kind, seat, *data)`` or ``None``), ``chance`` (the game's description of the chance
node, or ``None``), ``ended`` (or ``None``; a game that ends empties ``agenda`` too) and
``legal_cache``. Chance nodes stay the game's:
it implements ``chance_outcomes`` and ``apply_chance``.

The game writes no loop. For each state class the kernel generates ``apply_unchecked``,
``legal_actions``, ``is_legal``, ``run_agenda`` (behind :meth:`FlowState.run`), ``ask`` and
``ask_if_choice`` as plain Python code (:func:`protocol_source`, the way :mod:`asobi.core.fields` generates ``clone``), holding only
what the class uses, so the one loop costs what a loop written by hand into the game would:

- ``apply_unchecked`` applies the action and runs the loop in the same function (a search calls it
  every step, and a Python call costs a few hundred instructions); a task of one to three items is
  called without slicing it;
- the game's end check, if it overrides :meth:`FlowState.stopped`, runs after the action and after
  every task, before a decision or chance node stops the loop, guarded by a cheap test the class
  may give (:attr:`FlowState.stop_test`);
- a class that keeps ``current_seat`` in a slot (declared with its fields, for searches that read
  it every step) has it set when the loop stops; otherwise it is a property;
- a class with ``is_legal_chance(action)`` checks a chance outcome without listing the outcomes,
  and a decision with a check (``Decision.is_legal``) checks an action without listing them all.
- ``ask`` takes up to four items of data as parameters of their own (a call of a function with
  ``*args`` is not specialised, and costs about twice as much), and ``ask_if_choice`` asks only
  where the decision has a choice, listing it once for the decision (a rule that passes over a
  country with nothing to choose, where it would ask, list and take the question back).

The generated source of a class is its ``kernel_source``.
"""

from __future__ import annotations

from collections.abc import Callable
from types import MemberDescriptorType
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action
from .state import CHANCE, TERMINAL, GameState

Task = tuple[Any, ...]
Pending = tuple[Any, ...]

_NO: Any = object()
"""The default of each of :meth:`FlowState.ask`'s items of data: not given."""


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

    A subclass that sets ``flow`` gets ``apply_unchecked``, ``legal_actions``, ``is_legal`` and
    ``run_agenda`` (the loop behind :meth:`run`) generated for it by :func:`protocol_source`, and
    may not write them itself: the kernel is the one loop that runs every game.
    """

    kernel_source: ClassVar[str]
    """The source the kernel generated for the class (to read the loop it runs)."""

    flow: ClassVar[Flow]
    stop_test: ClassVar[str | None] = None
    """A cheap Python expression over ``self``, true whenever :meth:`stopped` may end the game
    (say ``"self.life <= 0"`` for a game lost when a life runs out; no other names are in scope),
    written into the loop, which calls ``stopped`` only when it holds: a call after every task
    costs more than the test. ``None``: ``stopped`` is called after every task."""
    keeps_seat: ClassVar[bool] = False
    """Whether the class keeps ``current_seat`` in a slot (found by the kernel)."""
    agenda: list[Task]
    pending: Pending | None
    chance: Any
    ended: Any
    legal_cache: tuple[Action, ...] | None

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        flow = cls.__dict__.get("flow")
        if not isinstance(flow, Flow):
            return
        own = [name for name in GENERATED if name in cls.__dict__]
        if own:
            raise TypeError(
                f"{cls.__name__} defines {', '.join(own)}: the flow kernel makes "
                f"{', '.join(GENERATED)} from the flow's tasks and decisions"
            )
        cls.keeps_seat = isinstance(getattr(cls, "current_seat", None), MemberDescriptorType)
        for name, method in _protocol(cls, flow).items():
            method.__qualname__ = f"{cls.__name__}.{name}"
            setattr(cls, name, method)

    if TYPE_CHECKING:  # made per subclass by _protocol

        def legal_actions(self) -> tuple[Action, ...]: ...

        def apply_unchecked(self, action: Action) -> None: ...

        def run_agenda(self) -> None:
            """Run tasks until a decision, a chance node or the end of the game."""

    # ---- what the rules call -------------------------------------------------------------------
    def push(self, *tasks: Task) -> None:
        """Schedule tasks to run next, the first given first."""
        if len(tasks) == 1:
            self.agenda.append(tasks[0])  # (no reversed iterator for the usual single task)
        else:
            self.agenda.extend(reversed(tasks))

    if TYPE_CHECKING:  # made per subclass by _protocol (each takes up to four items of data)

        def ask(self, kind: str, seat: int, *data: Any) -> None:
            """Stop and wait for ``seat`` to make a ``kind`` decision about ``data``."""

        def ask_if_choice(self, kind: str, seat: int, *data: Any) -> bool:
            """Ask as :meth:`ask` does if the decision has two legal actions or more (listed
            now and kept for it); else ask nothing and answer ``False``."""

    def stopped(self) -> bool:
        """Whether the game ends now, having ended it (``ended`` set, no decision or chance node
        left): the game's end check between tasks. A game with one overrides this; the kernel
        calls it while ``ended`` is ``None``, after every action and task."""
        return self.ended is not None

    # ---- for a state made, read or changed by hand ----------------------------------------------
    def run(self) -> None:
        """Run tasks until a decision, a chance node or the end of the game, for a new state or one
        set up by hand (``apply_unchecked`` runs them after every action). A game that derives data
        from its fields brings it up to date first, then calls ``super().run()``."""
        self.run_agenda()

    def sync_seat(self) -> None:
        """Set ``current_seat`` as the loop does when it stops, for a state that keeps it in a slot
        and whose ``pending``, ``chance`` or ``ended`` was set by hand (else nothing to do)."""
        if self.keeps_seat:
            pending = self.pending
            seat = pending[1] if pending is not None else TERMINAL if self.ended is not None else CHANCE
            setattr(self, "current_seat", seat)  # noqa: B010 (the class's slot hides the property)

    def after_load(self) -> None:
        """Note the seat of a state read from JSON (``core.fields`` calls this; a game that checks
        more overrides it and calls :meth:`sync_seat`)."""
        self.sync_seat()

    # ---- the protocol ---------------------------------------------------------------------------
    @property
    def current_seat(self) -> int:
        return _seat(self)

    def why_illegal(self, action: Action) -> tuple[str | None, str]:
        pending = self.pending
        if pending is None:
            return None, "a chance outcome is awaited: only one of its outcomes may be applied"
        return self.flow.decisions[pending[0]].clause, f"not a legal choice now ({pending[0]})"

    def apply_chance(self, action: Action) -> None:
        """Apply a chance outcome (games with chance nodes implement this)."""
        raise NotImplementedError


def _seat(s: FlowState) -> int:
    """The seat to decide, ``CHANCE`` or ``TERMINAL``."""
    if s.ended is not None:
        return TERMINAL
    if s.chance is not None:
        return CHANCE
    pending = s.pending
    assert pending is not None, "no decision, no chance and not over: the agenda did not run"
    seat: int = pending[1]
    return seat


GENERATED = ("apply_unchecked", "run_agenda", "legal_actions", "is_legal", "ask", "ask_if_choice")
"""The methods the kernel makes for each state class."""


def protocol_source(stop: str | None, stop_test: str | None, keeps_seat: bool, chance_check: bool) -> str:
    """The source of :data:`GENERATED` for one state class.

    ``stop``: the call of the game's end check (``None``: only ``ended`` ends the loop), guarded by
    ``stop_test``; ``keeps_seat``: set ``current_seat`` when the loop stops; ``chance_check``: the
    class checks a chance outcome without listing them (``is_legal_chance``).

    One loop, written once here: ``apply_unchecked`` applies the action (a decision's through the
    flow's ``applies``, a chance outcome through the state's ``apply_chance``) and runs the loop in
    the same function. The loop runs tasks until a decision, a chance node or the end, testing for
    them where it also leaves (one read of ``pending`` a step); the end check runs after the action
    and after every task, before a decision or chance node stops the loop. When the loop stops, the
    cached legal actions are ``()`` unless a decision is pending (a task may have listed them and
    gone on), so ``legal_actions`` reads the cache first. A game ends by setting ``ended`` and
    emptying ``agenda`` (all in one place, as ``stopped`` does): the loop reads ``ended`` only when
    the agenda has run out (a ``try`` around the pop, free in Python 3.11, in place of a test
    before every task), and an agenda that runs out before the game ends raises ``IndexError``
    (a game's bug)."""

    def stop_at(seat: str, reset_legal: bool) -> list[str]:
        """Leave the loop: note the seat (a class keeping it in a slot), and an empty list of legal
        actions unless a decision is pending."""
        lines = [f"self.current_seat = {seat}"] if keeps_seat else []
        lines += ["self.legal_cache = ()"] if reset_legal else []
        return ["        " + line for line in [*lines, "return"]]

    loop = ["while True:"]
    if stop is not None:
        test = f"({stop_test}) and " if stop_test else ""
        loop += [f"    if {test}self.ended is None and {stop}:", *stop_at("TERMINAL", True)]
    loop += [
        "    pending = self.pending",
        "    if pending is not None:",
        *stop_at("pending[1]", False),
        "    if self.chance is not None:",
        *stop_at("CHANCE", True),
        "    try:",
        "        task = self.agenda.pop()",
        "    except IndexError:",
        "        if self.ended is None:",
        "            raise",
        *stop_at("TERMINAL", True),
        "    n = len(task)",
        "    if n == 1:",
        "        tasks[task[0]](self)",
        "    elif n == 2:",
        "        tasks[task[0]](self, task[1])",
        "    elif n == 3:",
        "        tasks[task[0]](self, task[1], task[2])",
        "    else:",
        "        tasks[task[0]](self, *task[1:])",
    ]
    body = "\n".join("    " + line for line in loop)
    # The pending decision of ``ask`` built from its own parameters, not ``*data``: Python
    # specialises a call of a function without ``*args``, and the tuple is built once, not through
    # a list (about half the cost of ``*data`` a call).
    ask_body = """\
    if a is NO:
        self.pending = (kind, seat)
    elif b is NO:
        self.pending = (kind, seat, a)
    elif c is NO:
        self.pending = (kind, seat, a, b)
    elif d is NO:
        self.pending = (kind, seat, a, b, c)
    else:
        self.pending = (kind, seat, a, b, c, d)"""
    chance = (
        "return self.chance is not None and self.is_legal_chance(action)"
        if chance_check
        else "return any(a == action for a, _ in self.chance_outcomes())"
    )
    return f'''
def ask(self, kind, seat, a=NO, b=NO, c=NO, d=NO):
    """Stop and wait for ``seat`` to make a ``kind`` decision about up to four items of data (the
    pending decision is ``(kind, seat, *data)``)."""
{ask_body}
    self.legal_cache = None


def ask_if_choice(self, kind, seat, a=NO, b=NO, c=NO, d=NO):
    """Ask as ``ask`` does if the decision has two legal actions or more (listed now, and kept for
    the decision), and answer ``True``; else ask nothing and answer ``False``. For a decision whose
    listing every seat may know (who is asked must not tell another seat what it may not know)."""
{ask_body}
    legal = self.legal_cache = tuple(listings[kind](self))
    if len(legal) > 1:
        return True
    self.pending = None
    self.legal_cache = None
    return False


def apply_unchecked(self, action):
    """Apply a known-legal action or chance outcome, then run tasks until a decision, a chance
    node or the end of the game."""
    self.legal_cache = None
    pending = self.pending
    if pending is None:
        self.apply_chance(action)
    else:
        self.pending = None
        applies[pending[0]](self, action, pending)
{body}


def run_agenda(self):
    """Run tasks until a decision, a chance node or the end of the game."""
{body}


def legal_actions(self):
    """The pending decision's legal actions, sorted, as a tuple (cached; shared by a clone)."""
    legal = self.legal_cache
    if legal is None:
        pending = self.pending
        if pending is None:
            return ()
        legal = self.legal_cache = tuple(listings[pending[0]](self))
    return legal


def is_legal(self, action):
    """Whether ``action`` may be applied now (a decision's check or ``is_legal_chance`` answers
    without listing the actions)."""
    if self.ended is not None:
        return False
    pending = self.pending
    if pending is None:
        {chance}
    if self.legal_cache is None:
        check = checks.get(pending[0])
        if check is not None:
            return check(self, action)
    return action in self.legal_actions()
'''


def _protocol(cls: type[FlowState], flow: Flow) -> dict[str, Callable[..., Any]]:
    """The kernel's methods for ``cls``, run by ``flow``: compiled with globals of their own that
    hold the flow's tables (on Python 3.11 a global read is specialised; a class attribute read
    through the instance, ``self.flow``, is not, and a closure's cells are copied at every call)."""
    overrides_stop = cls.stopped is not FlowState.stopped
    source = protocol_source(
        "self.stopped()" if overrides_stop else None,
        cls.stop_test if overrides_stop else None,
        cls.keeps_seat,
        callable(getattr(cls, "is_legal_chance", None)),
    )
    cls.kernel_source = source
    namespace: dict[str, Any] = {
        "tasks": flow.tasks,
        "listings": flow.listings,
        "applies": flow.applies,
        "checks": flow.checks,
        "TERMINAL": TERMINAL,
        "CHANCE": CHANCE,
        "NO": _NO,
        "__name__": __name__,
    }
    exec(compile(source, f"<flow kernel of {cls.__qualname__}>", "exec"), namespace)
    return {name: namespace[name] for name in GENERATED}
