"""Building positions of ドレイクの野望 compactly for scenario tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from asobi.core import CHANCE
from asobi.core.log import EventLog
from asobi.games.byston.board import BOX, SUPPLY, counters_at, static
from asobi.games.byston.rules.turn import TURN_PHASES
from asobi.games.byston.state import BystonState

C = {cid: k for k, cid in enumerate(static().country_ids)}
"""Country id → index."""


def h(hex_id: str) -> int:
    return static().t.map.grid.parse(hex_id)


def u(unit_id: str) -> int:
    return static().unit_index(unit_id)


def ch(char_id: str) -> int:
    return static().char_index(char_id)


def chit(chit_id: str) -> int:
    return static().chit_index(chit_id)


def game(players: int = 4, **fields: Any) -> BystonState:
    """A fresh game at turn 1, before any phase has run, its log empty and fields set."""
    s = BystonState(players)
    s.log = EventLog()
    s.agenda = []
    s.pending = None
    s.chance = None
    s.legal_cache = None
    s.turn = 1
    for name, value in fields.items():
        setattr(s, name, value)
    return s


def phase(s: BystonState, name: str, *, only: bool = False) -> BystonState:
    """Run the turn from phase ``name`` (4.1) until a decision or a die; ``only`` stops after that
    phase (the rest of the turn is left off the agenda but a final end-of-turn keeps it whole)."""
    names = [p[0] for p in TURN_PHASES]
    start = names.index(name)
    tasks = list(TURN_PHASES[start : start + 1] if only else TURN_PHASES[start:])
    if only:
        tasks.append(("turn",))
    s.agenda = list(reversed(tasks))
    s.pending = None
    s.chance = None
    s.legal_cache = None
    s.run()
    return s


def put(s: BystonState, country: str, unit: str, hex_id: str, flipped: bool = False) -> int:
    """Put a counter of ``country`` on a hex, from its supply (or its box if the supply is out)."""
    c = C[country]
    for source in (SUPPLY, BOX):
        for i in static().counters_of(c, unit):
            if s.where[i] == source:
                s.set_where(i, h(hex_id))
                s.flipped[i] = int(flipped)
                return i
    raise AssertionError(f"no {unit} of {country} left")


def clear(s: BystonState, hex_id: str) -> None:
    """Send every counter on a hex back to its supply."""
    for i in counters_at(s, h(hex_id)):
        s.set_where(i, SUPPLY)
        s.flipped[i] = 0


def box(s: BystonState, country: str, unit: str) -> int:
    return sum(1 for i in static().counters_of(C[country], unit) if s.where[i] == BOX)


def supply(s: BystonState, country: str, unit: str) -> int:
    return sum(1 for i in static().counters_of(C[country], unit) if s.where[i] == SUPPLY)


def units_at(s: BystonState, hex_id: str) -> list[str]:
    st = static()
    return sorted(f"{st.country_ids[s.owner[i]]}:{st.unit_id(i)}" for i in counters_at(s, h(hex_id)))


def events(s: BystonState, key: str) -> list[Any]:
    return [e for e in s.log if e.key == key]


def clauses(s: BystonState) -> set[str]:
    return {e.clause for e in s.log}


def answer(s: BystonState, until: str, default: dict[str, tuple[Any, ...]] | None = None) -> None:
    """Answer each decision with its "nothing" choice until a ``until`` decision is pending."""
    nothing = {
        "declare": ("pass",),
        "develop": ("develop", 0),
        "produce": ("done",),
        "repair": ("done",),
        "build": ("done",),
        "surprise": ("draw",),
        **STAY,
        **(default or {}),
    }
    for _ in range(200):
        if (s.pending is not None and s.pending[0] == until) or (s.chance is not None and until == "chance"):
            return
        assert s.pending is not None, f"waiting for {until}, got chance {s.chance}"
        s.apply(nothing[s.pending[0]])
    raise AssertionError(f"no {until} decision came")


STAY = {"joint": ("act",), "move": ("done",), "load": ("go",), "step": ("stop",)}
"""The "nothing" answer of each movement decision (15.3, 17.1): act now, move no ship."""


def stay(s: BystonState) -> BystonState:
    """Answer the action phase under way with no movement (its country acts, moves nothing)."""
    while s.pending is not None and s.pending[0] in STAY:
        s.apply(STAY[s.pending[0]])
    return s


def asked(s: BystonState) -> tuple[str, int, str] | None:
    """(decision, seat, country id) of the pending decision, if it names a country."""
    p = s.pending
    if p is None:
        return None
    return (
        p[0],
        p[1],
        static().country_ids[p[2]] if len(p) > 2 and isinstance(p[2], int) and p[0] != "place" else "",
    )


def turn_of(s: BystonState, kind: str, country: str) -> BystonState:
    """Answer "done" for the countries before ``country`` in a ``kind`` phase (they may always
    destroy something of their own, 8.11, 12.11), until ``country`` is asked."""
    for _ in range(10):
        if s.pending is not None and s.pending[0] == kind and s.pending[2] == C[country]:
            return s
        assert s.pending is not None and s.pending[0] == kind, (s.pending, kind, country)
        s.apply(("done",))
    raise AssertionError(f"{country} was not asked")


def destroy(s: BystonState, i: int) -> tuple[Any, ...]:
    """The 8.11 action that destroys counter ``i`` (or one just like it)."""
    return ("destroy", static().counter_unit[i], s.where[i], s.flipped[i])


def repair(s: BystonState, i: int) -> tuple[Any, ...]:
    """The 11.5 action that repairs counter ``i`` (or one just like it)."""
    return ("repair", s.owner[i], static().counter_unit[i], s.where[i])


def random_step(s: BystonState, rng: Any) -> Callable[[], None]:
    """A step of a random game on ``s``: chance's outcome by its odds, else a legal action at
    random, from ``rng`` (for the speed-path tests that play a game and compare at each step)."""

    def step_once() -> None:
        if s.current_seat == CHANCE:
            s.apply_unchecked(s.sample_chance(rng))
        else:
            s.apply_unchecked(rng.choice(s.legal_actions()))

    return step_once
