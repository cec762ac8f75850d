"""The state of a game of ドレイクの野望: its data and the state protocol.

The game runs on the core flow kernel: an agenda of tasks (a turn is its phases, 4.1; a phase
asks each country in the order of play), one pending decision at a time, and chance nodes for
dice and the chit cup. The rules modules in :mod:`.rules` define the tasks and decisions. Every
counter, character, country and chit type has a fixed number (:mod:`.board`), so the state is a
handful of flat lists of ints and a clone is a few list slices.

What a seat sees is worked out in :mod:`.view`, :mod:`.labels` and :mod:`.tensor`; they, the rules
and the board's queries know the state as :class:`.types.State`, so none of them imports this
module. Nothing is hidden (``spec.public_views``): no redaction and no ``hidden.py``.
"""

from __future__ import annotations

from bisect import bisect_left
from functools import cache
from typing import Any, ClassVar, NamedTuple

from asobi.core import GameSpec, Outcome
from asobi.core.errors import BadRecordError
from asobi.core.fields import Cache, DeclaredState, Fields, Kind, List, Log, Value
from asobi.core.flow import FlowState
from asobi.core.log import EventLog, LogReads

from . import labels as _labels
from . import tensor as _tensor
from . import view as _view
from .board import (
    AH,
    ARMED,
    BOX,
    COLLAPSED,
    CUP,
    DEAD,
    DRAKE,
    GONE,
    GROWN,
    HEAVY,
    KU,
    LEFT,
    MI,
    N_MARKS,
    NA,
    NEUTRAL,
    NOT_ENTERED,
    RAU,
    SUPPLY,
    WAR,
    ZELANA,
    counts_of,
    stacks_of,
    static,
)
from .board import SEATINGS as SEATINGS  # (1.2's seatings, read here by the spec and the tests)
from .control import camp_income
from .rules import FLOW, REFUSALS
from .rules.combat import COMBAT_CHANCES, NO_ROLE, combat_outcomes
from .rules.cup import draw_outcomes, draw_sample

DRAKE_CHAR = static().char_index("drake")
"""27.3: the Drake counter."""
GROUP_OF = static().group_of

STATE_CODE = {"neutral": NEUTRAL, "armed": ARMED, "war": WAR}
SETUP_CLAUSES = ("28.1", "29.1", "30.1", "31.1", "32.1", "33.1", "34.1", "32.3", "33.3")
"""The clauses a new game's setup applies besides 1.2 (cited by its first event)."""


ZELANA_RUNNERS = ("follow", "rau", "na")
"""B-1: the Zelana follows Na's entry into the war (34.8's advice), or stays with one runner."""

LAST_TURN = 16
"""27.1."""


class Index(Kind):
    """An index derived from ``where`` (``stacks``, the counts per group): not written to JSON
    (reading rebuilds it); a clone copies the list (and shares the tuples of ``stacks``)."""

    serialised = False

    def __init__(self, item: type) -> None:
        self.item = item

    def clone_code(self, expr: str) -> str:
        return f"{expr}.copy()"

    def check(self, value: object) -> str | None:
        if not isinstance(value, list) or not all(type(x) is self.item for x in value):
            return f"is not a list of {self.item.__name__}"
        return None


class Owners(Kind):
    """``owner``: a tuple of ints, shared by a clone (counters change hands only as 35.3's
    remnants, rarely, and :meth:`BystonState.set_owners` then makes a new tuple); written to JSON
    as a list."""

    def check(self, value: object) -> str | None:
        if not isinstance(value, tuple) or not all(type(x) is int for x in value):
            return "is not a list of int"
        return None


FIELDS = Fields(
    players=Value(int),
    zelana_runner=Value(str),
    turn=Value(int),
    gp=List(int),
    tl=List(int),
    status=List(int),
    chits_made=List(int),
    marks=Value(tuple),  # written a few times a game: a tuple, shared by a clone (set_mark)
    where=List(int),
    stacks=Index(tuple),
    on_map_n=Index(int),
    in_box_n=Index(int),
    in_supply_n=Index(int),
    flipped=List(int),
    owner=Owners(),
    char_at=List(int),
    chit_cup=List(int),
    chit_open=List(int),
    surprise_held=Value(bool),
    secret=Value(int),
    secret_built=Value(bool),
    secret_found=Value(bool),
    declared=Value(bool),
    # movement (14.5, 15, 17)
    phase_chit=Value(int),
    waiting=List(int),
    # tuples, so that a clone shares them (they change a few times a move)
    moved=Value(tuple),
    chars_moved=Value(tuple),
    ship=Value(int),
    mp=Value(int),
    cargo=Value(tuple),
    crew=Value(tuple),
    # combat (18–26): the battle being fought, each counter's part in it and the hits it was
    # given this step, each character's mount, each camp's hits still to place (rules/combat.py);
    # tuples, so that a clone shares them
    fight=Value(tuple, optional=True),
    role=Value(tuple),
    blocks=Value(tuple),
    aboard=Value(tuple),
    hits=Value(tuple),
    command=Value(int),
    agenda=List(tuple),
    pending=Value(tuple, optional=True),
    chance=Value(tuple, optional=True),
    ended=Value(tuple, optional=True),
    current_seat=Cache(),
    legal_cache=Cache(),
    produce_kept=Cache(),
    build_kept=Cache(),
    camps_kept=Cache(),
    load_kept=Cache(),
    log=Log(),
)
"""Every field of the state, declared once: clone, JSON, fingerprint and type checks follow.

Per country (7, in the order of play): ``gp``, ``tl``, ``status`` (3.4 and collapse),
``chits_made`` (action chits produced this turn towards 8.11.1's limit). Per counter: ``where``
(a hex, ``SUPPLY``, ``BOX`` or ``GONE``; written only through :meth:`BystonState.set_where`, which
keeps in step ``stacks``, per hex the counters on it in counter order, and per group of counters
alike (:attr:`.board.Static.groups`) how many are on the map, in the box and in the supply:
``on_map_n``, ``in_box_n``, ``in_supply_n``), ``flipped`` (25.4), ``owner`` (35.3 remnants change
it). Per character: ``char_at``. Per chit type: ``chit_cup``, ``chit_open`` (14.2, 14.6).
Movement (:mod:`.rules.action`, :mod:`.rules.move`): ``phase_chit`` (the chit of the action phase
under way, −1 between phases), ``waiting`` per country (15.4, B-55), ``moved`` / ``chars_moved``
(counters and characters that moved this phase, B-53), and the ship being moved (``ship``, −1 when
none) with its ``mp`` left, its ``cargo`` counters and ``crew`` characters (17.15, B-20).
``marks``: the turn each milestone a rule waits for first happened (:mod:`.board`).
``produce_kept``: what the last production listing worked out that a country's next choice may
leave as it was (:func:`.rules.produce.legal_produce`; derived, not written); ``build_kept`` the
same of building (:func:`.rules.build.legal_build`). ``camps_kept``: the battle hex's counters
split by camp, with the stack and the owners they were split from (:func:`.rules.combat._camp_units`;
derived, not written). ``load_kept``: what the last listing of a ship's loading worked out, which
its next choice hands on (:func:`.rules.move.legal_load`; derived, not written).
"""

class Start(NamedTuple):
    """The start of every game (the authored setup, 28.1–34.1 for the states), worked out once:
    a new state copies these."""

    gp: tuple[int, ...]
    tl: tuple[int, ...]
    status: tuple[int, ...]
    where: tuple[int, ...]
    char_at: tuple[int, ...]
    stacks: tuple[tuple[int, ...], ...]
    on_map_n: tuple[int, ...]
    in_box_n: tuple[int, ...]
    in_supply_n: tuple[int, ...]


@cache
def _start() -> Start:
    """Each country's start: its buildings and units on the map, its factory box, its characters
    at their start hexes, its GP, TL and state."""
    st = static()
    t = st.t
    where = [SUPPLY] * len(st.counter_unit)

    def take(country: int, unit: str, to: int) -> None:
        for i in st.counters_of(country, unit):
            if where[i] == SUPPLY:
                where[i] = to
                return
        raise AssertionError(f"no {unit} counter of {country} left (the loader checks 9.5)")

    for c, cid in enumerate(st.country_ids):
        start = t.starts[cid]
        for hex_index, kind in start.buildings.items():
            take(c, kind, hex_index)
        for hex_index, stack in start.units.items():
            for unit, count in stack.items():
                for _ in range(count):
                    take(c, unit, hex_index)
        for unit, count in start.factory.items():
            for _ in range(count):
                take(c, unit, BOX)
    char_at = [NOT_ENTERED] * len(st.char_ids)
    for k, cid in enumerate(st.char_ids):
        ch = t.characters[cid]
        if ch.start_hex is not None:
            char_at[k] = ch.start_hex
    countries = [t.countries[c] for c in st.country_ids]
    on_map_n, in_box_n, in_supply_n = counts_of(where)
    return Start(
        gp=tuple(c.gp or 0 for c in countries),
        tl=tuple(c.tl or 0 for c in countries),
        status=tuple(STATE_CODE[c.state] for c in countries),
        where=tuple(where),
        char_at=tuple(char_at),
        stacks=tuple(stacks_of(where)),
        on_map_n=tuple(on_map_n),
        in_box_n=tuple(in_box_n),
        in_supply_n=tuple(in_supply_n),
    )


class BystonState(FlowState, DeclaredState):
    spec: ClassVar[GameSpec]
    flow = FLOW
    __slots__ = FIELDS.slots
    log: LogReads
    current_seat: int  # a slot here (the kernel's property elsewhere)
    """The seat to decide, ``CHANCE`` or ``TERMINAL``: a slot that the kernel's loop sets when the
    agenda stops (and :meth:`after_load` on reading), not the kernel's property, because a playout
    reads it every step and a property's getter is entered from C."""

    def __init__(self, players: int = 4, zelana_runner: str = "follow") -> None:
        if players not in SEATINGS:
            raise ValueError(f"ドレイクの野望 is played by 2, 3 or 4 players (1.2), not {players}")
        if zelana_runner not in ZELANA_RUNNERS:
            raise ValueError(f"zelana_runner is one of {', '.join(ZELANA_RUNNERS)}")
        st = static()
        start = _start()
        self.players = players
        self.zelana_runner = zelana_runner
        self.turn = 0
        self.gp = list(start.gp)
        self.tl = list(start.tl)
        self.status = list(start.status)
        countries = st.country_ids
        self.chits_made = [0] * len(countries)
        self.marks: tuple[int, ...] = (0,) * N_MARKS
        n = len(st.counter_unit)
        self.where = list(start.where)
        self.flipped = [0] * n
        self.owner: tuple[int, ...] = st.printed_owner  # the very tuple: see owns_just_its_own
        self.char_at = list(start.char_at)
        self.chit_cup = [0] * len(st.chit_ids)
        self.chit_open = [0] * len(st.chit_ids)
        self.surprise_held = False
        self.secret = -1
        self.secret_built = False
        self.secret_found = False
        self.declared = False
        self.phase_chit = -1
        self.waiting = [0] * len(countries)
        self.moved: tuple[int, ...] = ()
        self.chars_moved: tuple[int, ...] = ()
        self.ship = -1
        self.mp = 0
        self.cargo: tuple[int, ...] = ()
        self.crew: tuple[int, ...] = ()
        self.fight: tuple[Any, ...] | None = None
        self.role: tuple[int, ...] = (NO_ROLE,) * n
        self.blocks: tuple[int, ...] = (0,) * n
        self.aboard: tuple[int, ...] = (NO_ROLE,) * len(st.char_ids)
        self.hits: tuple[int, ...] = (0, 0)
        self.command = 0
        self.stacks: list[tuple[int, ...]] = list(start.stacks)
        self.on_map_n = list(start.on_map_n)
        self.in_box_n = list(start.in_box_n)
        self.in_supply_n = list(start.in_supply_n)
        self.agenda: list[tuple[Any, ...]] = [("turn",)]
        self.pending: tuple[Any, ...] | None = None
        self.chance: tuple[Any, ...] | None = None
        self.ended: tuple[Any, ...] | None = None
        self.legal_cache: tuple[tuple[Any, ...], ...] | None = None
        self.produce_kept: tuple[Any, ...] | None = None
        self.build_kept: tuple[Any, ...] | None = None
        self.camps_kept: tuple[Any, ...] | None = None
        self.load_kept: tuple[Any, ...] | None = None
        self.log = EventLog()
        # 28.1–34.1: each country's state at the start; 32.3, 33.3 (B-1): Na's player runs Mi and
        # Ah; 34.8: the Zelana's runner follows Na's war unless an option fixes it
        self.cite("1.2", SETUP_CLAUSES + (("34.8",) if zelana_runner == "follow" else ()), "setup", ("players", players))
        self.run()

    # ---- helpers the rules use ----------------------------------------------------------------
    def set_where(self, i: int, to: int) -> None:
        """Put counter ``i`` at ``to`` (a hex, ``SUPPLY``, ``BOX`` or ``GONE``), keeping the
        indexes (``stacks`` and the counts per group) in step. Every change of ``where`` goes
        through here."""
        where = self.where
        at = where[i]
        if at == to:
            return
        group = GROUP_OF[i]
        if at >= 0:
            stack = self.stacks[at]
            if len(stack) == 1:  # (alone there: the usual case, without slices)
                self.stacks[at] = ()
            else:
                k = stack.index(i)
                self.stacks[at] = stack[:k] + stack[k + 1 :]
            self.on_map_n[group] -= 1
        elif at == BOX:
            self.in_box_n[group] -= 1
        elif at == SUPPLY:
            self.in_supply_n[group] -= 1
        if to >= 0:
            stack = self.stacks[to]
            if stack:
                k = bisect_left(stack, i)
                self.stacks[to] = (*stack[:k], i, *stack[k:])
            else:
                self.stacks[to] = (i,)
            self.on_map_n[group] += 1
        elif to == BOX:
            self.in_box_n[group] += 1
        elif to == SUPPLY:
            self.in_supply_n[group] += 1
        where[i] = to

    def move_together(self, movers: tuple[int, ...], to: int) -> None:
        """Move counters that are all on one hex of the map to hex ``to`` (a ship with its load,
        17.15): what :meth:`set_where` on each does, with the two stacks built once rather than
        once a counter (a ship of Drake's army often carries a dozen ABs)."""
        where = self.where
        stacks = self.stacks
        at = where[movers[0]]
        assert at >= 0 and to >= 0 and at != to
        leaving = set(movers)
        stacks[at] = tuple([i for i in stacks[at] if i not in leaving])
        stacks[to] = tuple(sorted((*stacks[to], *movers)))
        for i in movers:
            where[i] = to
        # (on the map before and after: the counts per group stay)

    def set_mark(self, mark: int, turn: int) -> None:
        """Note the turn of milestone ``mark`` (:mod:`.board`): a new tuple, so that clones made
        before keep theirs."""
        marks = self.marks
        self.marks = (*marks[:mark], turn, *marks[mark + 1 :])

    def set_owners(self, changes: dict[int, int]) -> None:
        """Give each counter in ``changes`` its new owner (35.3's remnants): a new tuple, so that
        clones made before keep theirs."""
        owner = list(self.owner)
        for i, country in changes.items():
            owner[i] = country
        printed = static().printed_owner
        self.owner = printed if owner == list(printed) else tuple(owner)

    def _index(self) -> None:
        """Build the indexes of ``where`` from scratch."""
        self.stacks = stacks_of(self.where)
        self.on_map_n, self.in_box_n, self.in_supply_n = counts_of(self.where)

    # An event's arguments are given as the (name, value) pairs it keeps, in order: keyword
    # arguments would be gathered into a dict and turned into those pairs at every event, which
    # cost a playout step about 3% of its instructions.
    def say(self, clause: str, key: str, /, *args: tuple[str, Any]) -> None:
        """Log a public event citing ``clause``, its arguments the (name, value) pairs ``args``."""
        self.log_tail.append((clause, key, args, None))

    def cite(self, clause: str, also: tuple[str, ...], key: str, /, *args: tuple[str, Any]) -> None:
        """Log a public event citing ``clause`` and the further clauses ``also`` that acted in it
        (6.4 and 6.5 beside 6.2's income); with none it is :meth:`say`."""
        if also:
            self.log_tail.append((clause, key, args, None, also))
        else:
            self.log_tail.append((clause, key, args, None))

    def seat_of(self, country: int) -> int:
        """The seat that runs ``country`` (1.2, B-1)."""
        if country == ZELANA:
            follow = self.zelana_runner
            if follow == "follow":
                country = NA if self.status[NA] == WAR else RAU
            else:
                country = NA if follow == "na" else RAU
        return SEATINGS[self.players][1][country]

    stop_test = f"self.char_at[{DRAKE_CHAR}] == {DEAD}"
    """The only time 27.3 ends the game: the kernel calls :meth:`stopped` only then (a call after
    every action and task cost more than the test)."""

    def stopped(self) -> bool:
        """27.3 (B-34): the game ends at once when Drake himself is removed from the game."""
        if self.ended is not None:
            return True
        if self.char_at[DRAKE_CHAR] == DEAD:
            self.cite("27.3", ("28.8",), "drake_removed")  # 28.8: Drake's army collapses with him
            self.finish(("sheela_complete", "27.3", *camp_income(self)))
            return True
        return False

    def finish(self, ended: tuple[Any, ...]) -> None:
        self.ended = ended
        self.pending = None
        self.chance = None
        self.agenda = []

    def after_load(self) -> None:
        """Rebuild the indexes, once ``where`` is known to hold only places there are."""
        size = static().t.map.grid.size
        if len(self.where) != len(static().counter_unit):
            raise BadRecordError("state", "field 'where' does not have one place per counter")
        for i, at in enumerate(self.where):
            if not (at in (SUPPLY, BOX, GONE) or 0 <= at < size):
                raise BadRecordError("state", f"field 'where' puts counter {i} at {at}, no place there is")
        if len(self.owner) != len(self.where):
            raise BadRecordError("state", "field 'owner' does not have one country per counter")
        if self.owner == static().printed_owner:
            self.owner = static().printed_owner  # the shared tuple again (owns_just_its_own)
        self._index()
        self.sync_seat()

    # ---- the protocol -------------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return self.players

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        chance = self.chance
        if chance is None:
            return ()
        if chance[0] == "draw":
            return draw_outcomes(self)
        if chance[0] in COMBAT_CHANCES:
            return combat_outcomes(chance)
        return DIE

    def sample_chance(self, rng: Any) -> tuple[Any, ...]:
        chance = self.chance
        if chance is not None and chance[0] == "draw":
            return draw_sample(self, rng.random())
        return super().sample_chance(rng)

    def apply_chance(self, action: tuple[Any, ...]) -> None:
        chance = self.chance
        assert chance is not None
        self.chance = None
        FLOW.tasks["chance_" + chance[0]](self, action, *chance[1:])

    def why_illegal(self, action: tuple[Any, ...]) -> tuple[str | None, str]:
        pending = self.pending
        if pending is None:
            return "14.4" if self.chance and self.chance[0] == "draw" else "7.4", (
                "a die or a draw is awaited: only one of its outcomes may be applied"
            )
        refuse = REFUSALS.get(pending[0])
        refusal = refuse(self, action) if refuse is not None else None
        if refusal is not None:
            return refusal
        return FLOW.decisions[pending[0]].clause, f"not a legal choice now ({pending[0]})"

    def outcome(self) -> Outcome | None:
        ended = self.ended
        if ended is None:
            return None
        band, clause, drake, sheela = ended
        drake_seats = tuple(sorted({self.seat_of(DRAKE), self.seat_of(KU)}))
        sheela_seats = tuple(s for s in range(self.players) if s not in drake_seats)
        score = BAND_SCORE[band]
        scores = tuple(score if s in drake_seats else 1.0 - score for s in range(self.players))
        winners = drake_seats if score > 0.5 else sheela_seats if score < 0.5 else ()
        return Outcome(winners, scores, band, clause, (("drake", drake), ("sheela", sheela)))


    def metrics(self) -> dict[str, float]:
        """The turn, each country's GP, and the camps' score: Drake's camp's income minus
        Sheela's camp's (27.2's difference; at the end, the one the result band is read from)."""
        drake, sheela = camp_income(self)
        return {
            "turn": float(self.turn),
            **{f"gp_{c}": float(g) for c, g in zip(static().country_ids, self.gp, strict=False)},
            "drake_lead": float(drake - sheela),
        }

    def invariant_errors(self) -> list[str]:
        """Every counter is somewhere it may be; numbers stay in range; the cup is consistent."""
        st = static()
        out = self.field_errors()
        size = st.t.map.grid.size
        buildings_at: dict[int, int] = {}
        places_ok = True
        for i, at in enumerate(self.where):
            if not (at in (SUPPLY, BOX, GONE) or 0 <= at < size):
                out.append(f"counter {i} is at {at}")
                places_ok = False
            if at >= 0 and st.is_building(i):
                buildings_at[at] = buildings_at.get(at, 0) + 1
            if self.flipped[i] and at < 0:
                out.append(f"counter {i} is flipped off the map")
        out.extend(f"hex {grid_id(h)} has {n} buildings (12.6)" for h, n in buildings_at.items() if n > 1)
        if places_ok and self.stacks != stacks_of(self.where):
            out.append("the per-hex index (stacks) does not match where the counters are")
        if places_ok and (self.on_map_n, self.in_box_n, self.in_supply_n) != counts_of(self.where):
            out.append("the counts per group (on_map_n, in_box_n, in_supply_n) do not match where")
        for c in range(7):
            if self.gp[c] < 0:
                out.append(f"country {c} has negative GP")
            if not 0 <= self.tl[c] <= st.t.tl_max:
                out.append(f"country {c} TL {self.tl[c]} off the track")
            if self.status[c] not in (NEUTRAL, ARMED, WAR, COLLAPSED):
                out.append(f"country {c} has state {self.status[c]}")
        for k, chit in enumerate(st.t.chits.values()):
            used = (
                self.chit_cup[k]
                + self.chit_open[k]
                + (1 if chit.kind == "surprise" and self.surprise_held else 0)
            )
            if not 0 <= used <= chit.count or self.chit_cup[k] < 0 or self.chit_open[k] < 0:
                out.append(f"chit {chit.id} counts {used} of {chit.count}")
        for c in (AH, MI):
            if self.chits_made[c] > 1:
                out.append(f"country {c} made {self.chits_made[c]} chits (8.11.2)")
        for k, at in enumerate(self.char_at):
            if not ((at >= 0 and at < size) or at in (NOT_ENTERED, CUP, HEAVY, DEAD, LEFT, GROWN)):
                out.append(f"character {st.char_ids[k]} is at {at}")
        if self.secret >= 0 and (self.where[self.secret] != st.rian_coast or st.kind(self.secret) != "fort"):
            out.append("the secret factory is not a fort at the Rian coast (30.6.1)")
        if self.ship >= 0:
            at = self.where[self.ship]
            if any(self.where[i] != at for i in self.cargo) or any(self.char_at[k] != at for k in self.crew):
                out.append("a ship's load is not in its hex (17.15, B-20)")
        if not 0 <= self.mp <= 3 or (self.ship < 0 and (self.cargo or self.crew)):
            out.append(f"movement: ship {self.ship}, {self.mp} MP, load {self.cargo} {self.crew}")
        if not 0 <= self.turn <= LAST_TURN:
            out.append(f"turn {self.turn}")
        return out

    # ---- what a seat sees (view.py, labels.py) and tensor.py; nothing is hidden, so
    # determinize and hidden_variants keep the core's perfect-information defaults ------------
    view = _view.view
    action_label = _labels.action_label
    observation_tensor = _tensor.observation_tensor


def grid_id(h: int) -> str:
    return static().t.map.grid.hex_id(h)


DIE = tuple((("die", d), 1 / 6) for d in range(1, 7))
"""One six-sided die (7.4)."""


BAND_SCORE = {
    "drake_complete": 1.0,
    "drake_ahead": 0.75,
    "draw": 0.5,
    "sheela_ahead": 0.25,
    "sheela_complete": 0.0,
}
"""27.2's five bands as the Drake camp's score (the Sheela camp scores the rest)."""

FIELDS.install(BystonState)
