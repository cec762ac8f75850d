"""Declared action spaces: every action a game can ever offer, each with a fixed integer id.

External clients (a learning agent, a remote player) need a fixed numbering of actions: a game
declares its verbs with typed parameters drawn from its content (cards, squares, codes…), and the
space numbers every combination. Ids follow the order of the actions themselves (plain tuple
order: the verb's name first, then the parameters from the first), so the sorted legal actions of
a state have increasing ids::

    space = ActionSpace(
        [Verb("end"), Verb("move", IntRange(0, 24), IntRange(0, 24)), Verb("draw", Choice(["a", "b"]))],
        max_legal=30,
    )
    space.encode(("move", 3, 4))  # -> 1 + 2 + 3 * 25 + 4: "draw" < "end" < "move"
    space.decode(82)              # -> ("move", 3, 4)

Within a verb the id is mixed-radix: the first parameter is the most significant digit and each
parameter's digit is the rank of the value among that parameter's values, which are kept sorted.
A declared space may be larger than what is ever legal (``("move", 3, 3)`` has an id too); what it
promises is that every action a state lists is in it, and that no state lists more than
:attr:`ActionSpace.max_legal` actions at once. :func:`check_space` checks both, for the harness.

A redacted action (an item replaced by :data:`~asobi.core.actions.HIDDEN`) is what a seat may see
of another's move, never something to submit: it is in no space.
"""

from __future__ import annotations

import operator
from bisect import bisect_right
from collections.abc import Callable, Iterable, Sequence
from itertools import combinations, pairwise
from typing import TYPE_CHECKING, Any

from .actions import HIDDEN, Action
from .errors import MalformedActionError

if TYPE_CHECKING:
    from .state import GameState

__all__ = [
    "ActionSpace",
    "Choice",
    "Combos",
    "IntRange",
    "Param",
    "Verb",
    "check_space",
    "combos",
]


def _shape(value: Any) -> Any:
    """The exact type structure of a value (``bool`` is not ``int``; tuples by their items)."""
    if value.__class__ is tuple:
        return tuple(_shape(x) for x in value)
    return value.__class__


class Param:
    """One parameter of a verb: a finite set of values kept sorted, each with its rank.

    Values are ints, strings or tuples of those, all of one type (so that they sort); the
    :data:`~asobi.core.actions.HIDDEN` marker is never one of them.
    """

    __slots__ = ("index", "kind", "values")

    def __init__(self, values: Iterable[Any]) -> None:
        given = list(values)
        if not given:
            raise ValueError("a parameter needs at least one value")
        kind = given[0].__class__
        if kind not in (int, str, tuple):
            raise ValueError(f"parameter values are ints, strings or tuples, not {kind.__name__}")
        for v in given:
            if v.__class__ is not kind:
                raise ValueError(f"parameter values of mixed types: {given[0]!r} and {v!r}")
            if v == HIDDEN:
                raise ValueError(f"the hidden marker {HIDDEN!r} is never in an action space")
            if kind is tuple and not _plain(v):
                raise ValueError(f"tuple values hold only ints, strings and tuples: {v!r}")
        ordered = tuple(sorted(set(given)))
        self.values: tuple[Any, ...] = ordered
        """The values, sorted: a value's digit in an id is its position here."""
        self.index: dict[Any, int] = {v: i for i, v in enumerate(ordered)}
        """Value → its position in :attr:`values`."""
        self.kind: type = kind

    def __len__(self) -> int:
        return len(self.values)

    def __contains__(self, value: Any) -> bool:
        i = self.index.get(value) if value.__class__ is self.kind else None
        return i is not None and (self.kind is not tuple or _shape(value) == _shape(self.values[i]))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Param) and self.values == other.values

    def __hash__(self) -> int:
        return hash(self.values)

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description (for clients)."""
        return {"type": "choice", "values": [list(v) if isinstance(v, tuple) else v for v in self.values]}

    def __repr__(self) -> str:
        shown = ", ".join(repr(v) for v in self.values[:6])
        more = ", …" if len(self.values) > 6 else ""
        return f"Choice([{shown}{more}])"


def _plain(value: Any) -> bool:
    if value.__class__ is tuple:
        return all(_plain(x) for x in value)
    return value.__class__ in (int, str) and value != HIDDEN


class IntRange(Param):
    """The ints ``lo..hi``, both included."""

    __slots__ = ("hi", "lo")

    def __init__(self, lo: int, hi: int) -> None:
        if hi < lo:
            raise ValueError(f"an empty range {lo}..{hi}")
        super().__init__(range(lo, hi + 1))
        self.lo = lo
        self.hi = hi

    def describe(self) -> dict[str, Any]:
        return {"type": "int_range", "lo": self.lo, "hi": self.hi}

    def __repr__(self) -> str:
        return f"IntRange({self.lo}, {self.hi})"


class Choice(Param):
    """A finite choice of ints, strings or tuples (given in any order; kept sorted)."""

    __slots__ = ()


def combos(items: Iterable[Any], max_size: int, min_size: int = 1) -> list[tuple[Any, ...]]:
    """Every combination of ``min_size`` to ``max_size`` distinct items, each a sorted tuple (as
    ``itertools.combinations`` of the sorted items gives them), e.g. subsets of squares."""
    ordered = sorted(set(items))
    return [c for k in range(min_size, max_size + 1) for c in combinations(ordered, k)]


class Combos(Choice):
    """The combinations (sorted tuples) of ``min_size`` to ``max_size`` distinct ``items``."""

    __slots__ = ("items", "max_size", "min_size")

    def __init__(self, items: Iterable[Any], max_size: int, min_size: int = 1) -> None:
        ordered = tuple(sorted(set(items)))
        super().__init__(combos(ordered, max_size, min_size))
        self.items = ordered
        self.max_size = max_size
        self.min_size = min_size

    def describe(self) -> dict[str, Any]:
        return {
            "type": "combos",
            "items": list(self.items),
            "min_size": self.min_size,
            "max_size": self.max_size,
        }

    def __repr__(self) -> str:
        return f"Combos({list(self.items)!r}, {self.max_size}, {self.min_size})"


class Verb:
    """A verb and its typed parameters: the actions ``(name, p1, p2, …)``."""

    __slots__ = ("name", "params", "size")

    def __init__(self, name: str, *params: Param) -> None:
        if not isinstance(name, str) or not name or name == HIDDEN:
            raise ValueError(f"a verb is a non-empty string, not {name!r}")
        self.name = name
        self.params: tuple[Param, ...] = params
        size = 1
        for p in params:
            size *= len(p)
        self.size = size
        """How many actions the verb has."""

    def __repr__(self) -> str:
        return f"Verb({', '.join([repr(self.name), *map(repr, self.params)])})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verb) and (self.name, self.params) == (other.name, other.params)

    def __hash__(self) -> int:
        return hash((self.name, self.params))


_Encoder = Callable[[Action], "int | None"]
_Decoder = Callable[[int], Action]


def _exact(param: Param) -> Callable[[Any, int], bool] | None:
    """For a parameter of tuples, a check that a tuple found among its values has exactly the
    types of the value it equals (``(1, True)`` equals ``(1, 1)``); ``None`` for other parameters,
    whose values' own class is checked."""
    if param.kind is not tuple:
        return None
    items = {x.__class__ for v in param.values for x in v}
    if len(items) == 1 and tuple not in items:
        item = items.pop()

        def flat(value: Any, digit: int) -> bool:
            for x in value:  # noqa: SIM110 (no generator: this is on the hot path)
                if x.__class__ is not item:
                    return False
            return True

        return flat
    values = param.values
    return lambda value, digit: _shape(value) == _shape(values[digit])


def _encoder(verb: Verb, offset: int) -> _Encoder:
    """A function giving the id of one of ``verb``'s actions (``None``: not one of them).

    It may raise ``KeyError`` (a value outside a parameter) or ``TypeError`` (an unhashable item):
    :meth:`ActionSpace.encode` turns both into :class:`MalformedActionError`.
    """
    params = verb.params
    n = len(params) + 1
    if n == 1:
        return lambda a: offset if len(a) == 1 else None
    checks = [_exact(p) for p in params]
    simple = all(c is None for c in checks)
    if n == 2 and simple:
        idx, kind = params[0].index, params[0].kind
        return lambda a: offset + idx[a[1]] if len(a) == 2 and a[1].__class__ is kind else None
    if n == 3 and simple:
        (i1, k1), (i2, k2) = ((p.index, p.kind) for p in params)
        r2 = len(params[1])

        def enc3(a: Action) -> int | None:
            if len(a) != 3 or a[1].__class__ is not k1 or a[2].__class__ is not k2:
                return None
            return offset + i1[a[1]] * r2 + i2[a[2]]

        return enc3
    if n == 4 and simple:
        (i1, k1), (i2, k2), (i3, k3) = ((p.index, p.kind) for p in params)
        r2, r3 = len(params[1]), len(params[2])

        def enc4(a: Action) -> int | None:
            if len(a) != 4 or a[1].__class__ is not k1 or a[2].__class__ is not k2 or a[3].__class__ is not k3:
                return None
            return offset + (i1[a[1]] * r2 + i2[a[2]]) * r3 + i3[a[3]]

        return enc4
    table = [(p.index, p.kind, len(p), check) for p, check in zip(params, checks, strict=True)]

    def enc(a: Action) -> int | None:
        if len(a) != n:
            return None
        i = 0
        k = 1
        for index, kind, radix, check in table:
            x = a[k]
            k += 1
            if x.__class__ is not kind:
                return None
            digit = index[x]
            if check is not None and not check(x, digit):
                return None
            i = i * radix + digit
        return offset + i

    return enc


def _decoder(verb: Verb) -> _Decoder:
    """A function giving the action of a position within ``verb``'s block of ids."""
    name = verb.name
    params = verb.params
    if not params:
        only = (name,)
        return lambda i: only
    if len(params) == 1:
        actions = tuple((name, v) for v in params[0].values)
        return actions.__getitem__
    if len(params) == 2:
        v1, v2 = params[0].values, params[1].values
        r2 = len(v2)

        def dec2(i: int) -> Action:
            q, r = divmod(i, r2)
            return (name, v1[q], v2[r])

        return dec2
    table = [(p.values, len(p)) for p in reversed(params)]

    def dec(i: int) -> Action:
        out = []
        for values, radix in table:
            i, r = divmod(i, radix)
            out.append(values[r])
        out.append(name)
        return tuple(reversed(out))

    return dec


TABLE_MAX = 1 << 16
"""A space with at most this many actions keeps them all in a tuple, indexed by id, for speed; a
larger one decodes by arithmetic. Either encodes parameter by parameter (a dict per parameter)."""


def _as_id(value: Any) -> int:
    """An int id from an int-like value (a numpy integer…); -1 (out of range) for anything else."""
    if isinstance(value, bool):
        return -1
    try:
        return operator.index(value)
    except TypeError:
        return -1


class ActionSpace:
    """A game's declared actions, numbered ``0 .. size - 1`` in action order.

    :ivar verbs: the verbs, sorted by name (the order of their blocks of ids).
    :ivar size: how many actions (ids) the space has.
    :ivar max_legal: an upper bound on how many actions are legal at once (never more than
        ``size``), so a client may size its buffers; :func:`check_space` checks it.
    """

    __slots__ = ("_actions", "_decoders", "_encoders", "_starts", "max_legal", "offsets", "size", "verbs")

    def __init__(self, verbs: Iterable[Verb], max_legal: int) -> None:
        ordered = tuple(sorted(verbs, key=lambda v: v.name))
        names = [v.name for v in ordered]
        dup = {n for n in names if names.count(n) > 1}
        if dup:
            raise ValueError(f"verb {sorted(dup)[0]!r} declared twice (one verb, one shape)")
        if not ordered:
            raise ValueError("an action space needs at least one verb")
        if not isinstance(max_legal, int) or max_legal < 1:
            raise ValueError(f"max_legal must be a positive int, not {max_legal!r}")
        self.verbs = ordered
        starts = []
        encoders: dict[str, _Encoder] = {}
        total = 0
        for v in ordered:
            starts.append(total)
            encoders[v.name] = _encoder(v, total)
            total += v.size
        self.size = total
        self.offsets: dict[str, int] = dict(zip(names, starts, strict=True))
        """Verb name → the id of its first action."""
        self.max_legal = min(max_legal, total)
        self._starts = starts
        self._encoders = encoders
        self._decoders = tuple(_decoder(v) for v in ordered)
        # A space of moderate size also keeps every action, so that decoding is one lookup.
        self._actions: tuple[Action, ...] | None = None
        if total <= TABLE_MAX:
            self._actions = tuple(self._decode(i) for i in range(total))

    def __len__(self) -> int:
        return self.size

    def __repr__(self) -> str:
        return f"ActionSpace({len(self.verbs)} verbs, size={self.size}, max_legal={self.max_legal})"

    def encode(self, action: Action) -> int:
        """The id of ``action``.

        :raises MalformedActionError: naming the action, if it is not in the space (an unknown
            verb, a wrong shape, a value outside a parameter, a redacted action…).
        """
        i = None
        if action.__class__ is tuple:
            try:
                i = self._encoders[action[0]](action)
            except (KeyError, TypeError, IndexError):
                i = None
        if i is None:
            raise MalformedActionError("not an action of this game's declared action space", action=action)
        return i

    def _find(self, action: Any) -> int | None:
        if action.__class__ is not tuple:
            return None
        try:
            return self._encoders[action[0]](action)
        except (KeyError, TypeError, IndexError):
            return None

    def decode(self, action_id: int) -> Action:
        """The action whose id is ``action_id``.

        :raises MalformedActionError: naming the id, if it is not an int in ``0 .. size - 1``.
        """
        i = action_id if action_id.__class__ is int else _as_id(action_id)
        if not 0 <= i < self.size:
            raise MalformedActionError(f"not an action id (0..{self.size - 1})", action=action_id)
        actions = self._actions
        if actions is not None:
            return actions[i]
        return self._decode(i)

    def _decode(self, i: int) -> Action:
        k = bisect_right(self._starts, i) - 1
        return self._decoders[k](i - self._starts[k])

    def contains(self, action: Any) -> bool:
        """Whether ``action`` is in the space."""
        return self._find(action) is not None

    __contains__ = contains

    def encode_all(self, actions: Iterable[Action]) -> list[int]:
        """The ids of several actions (of a state's legal actions, say), in the order given."""
        encode = self.encode
        return [encode(a) for a in actions]

    def label(self, action: Action | int, lang: str, state: GameState) -> str:
        """The label of an action (or of an id) as ``state`` words it (its ``action_label``)."""
        if isinstance(action, int):
            action = self.decode(action)
        return state.action_label(action, lang)

    def describe(self) -> dict[str, Any]:
        """A JSON-ready description of the space: each verb with its first id and its parameters."""
        return {
            "size": self.size,
            "max_legal": self.max_legal,
            "verbs": [
                {
                    "name": v.name,
                    "offset": self.offsets[v.name],
                    "size": v.size,
                    "params": [p.describe() for p in v.params],
                }
                for v in self.verbs
            ],
        }


def check_space(space: ActionSpace, actions: Sequence[Action], where: str = "") -> None:
    """Check the actions offered at once (a state's legal actions, or its chance outcomes'
    actions) against a declared space.

    :raises AssertionError: naming ``where`` and the action, if an action is not in the space, an
        id does not decode back to its action, ids do not increase with the actions' sorted order,
        or more actions are offered than ``space.max_legal``.
    """
    at = f"{where}: " if where else ""
    if len(actions) > space.max_legal:
        raise AssertionError(
            f"{at}{len(actions)} actions offered at once, more than the space's max_legal {space.max_legal}"
        )
    ids = []
    for a in actions:
        if not space.contains(a):
            raise AssertionError(f"{at}action {a!r} is not in the declared action space")
        i = space.encode(a)
        back = space.decode(i)
        if back != a or _shape(back) != _shape(a):
            raise AssertionError(f"{at}action {a!r} has id {i}, which decodes to {back!r}")
        ids.append(i)
    order = sorted(range(len(actions)), key=actions.__getitem__)
    for prev, nxt in pairwise(order):
        if not ids[prev] < ids[nxt]:
            raise AssertionError(
                f"{at}ids do not increase with action order: {actions[prev]!r} has id {ids[prev]} "
                f"but {actions[nxt]!r} (sorted after it) has id {ids[nxt]}"
            )
