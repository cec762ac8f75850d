"""The state of a game of パラレルレギオン: its data and the state protocol.

The game runs as an agenda of small tasks (a round is its players' turns, the enemy turn and the
event time; an enemy turn is the pieces' moves, their squares and their attacks…). Tasks run until
one needs a seat's decision (``pending``) or a card from a deck (``chance``); the rules modules in
:mod:`.rules` define the tasks and the decisions. All data are ints, tuples and flat lists so a
clone is a handful of list copies.

What a seat sees is worked out in :mod:`.view` (its view, redaction), :mod:`.labels`,
:mod:`.hidden` (determinization, hidden variants) and :mod:`.tensor`; they and the rules know the
state as :class:`.types.State`, so none of them imports this module.
"""

from __future__ import annotations

from bisect import insort
from typing import Any, ClassVar

from asobi.core import GameSpec, Outcome
from asobi.core.errors import BadRecordError
from asobi.core.fields import Cache, DeclaredState, Fields, List, Lists, Log, Shared, Value
from asobi.core.flow import FlowState
from asobi.core.log import EventLog, LogReads

from . import hidden as _hidden
from . import labels as _labels
from . import tensor as _tensor
from . import view as _view
from .cards import ARMY, SEATS
from .content import Content, Tables, content, tables
from .rules import DECISIONS, FLOW
from .rules import draw as _draw
from .rules.draw import chance_outcomes, lay_out, sync_layouts
from .rules.level import work_out_threshold
from .rules.lives import sync_lives_out
from .rules.turn import check_end
from .rules.weapons import weapon_limit
from .rules.window import answerers, sync_answerer, sync_answerers

__all__ = ["ARMY", "SEATS", "LegionState"]

_WHY: dict[tuple[Any, ...], tuple[str, str]] = {
    ("supply",): ("5.1", "supply discards a code card from hand, once a turn (4.2)"),
    ("launch",): ("6.3", "launch needs a weapon and a code in hand, once a turn, within the weapon limit"),
    ("move",): (
        "5.5",
        "a weapon moves once a turn, one square up, down, left or right, onto a free square, "
        "and not after another main action has followed an activation (L-24)",
    ),
    ("activate",): (
        "5.5",
        "a weapon's activate effect (yours only with own_weapons_only), once a turn, when it does something, "
        "and not after another main action has followed a move (L-24)",
    ),
    ("repair",): ("5.6", "repair clears blackouts next to your weapons, once a turn"),
    ("develop",): ("5.7", "development needs enough codes of the enemy's alphabets, once a turn"),
    ("strategy",): ("6.4", "a strategy needs a code card of that alphabet to show, and something to do"),
    ("shield",): ("4.3", "the shield holds at most 3 codes"),
    ("swap",): ("4.4", "a shield code swaps for a hand code with its alphabet or number"),
}
"""The clause an illegal main- or shield-phase action breaks, by verb."""


FIELDS = Fields(
    n=Value(int),
    difficulty=Value(str),
    open_hands=Value(bool),
    empty_hand_cap=Value(bool),
    own_weapons_only=Value(bool),
    timing=Value(str),
    round=Value(int),
    round_limit=Value(int),
    turn=Value(int),
    space_life=Value(int),
    max_space=Value(int),
    enemy_life=Value(int),
    event_count=Value(int),
    ship=Value(int),
    used=Value(int),
    black=List(int),
    weapons=List(tuple),
    hands=Lists(int),
    code_deck=List(int),
    code_discard=List(int),
    army_deck=List(int),
    army_discard=List(int),
    # (the enemy and event decks change a few times a round, and the stack, the open window and
    # the codes shielded this phase are empty nearly always: tuples, replaced on change, which a
    # clone shares instead of copying)
    enemy_unseen=Value(tuple),
    enemy_queue=Value(tuple),
    event_unseen=Value(tuple),
    event_queue=Value(tuple),
    shield_new=Value(tuple),
    stack=Value(tuple),
    window=Value(tuple),
    shield=List(int),
    pieces=List(int),
    autopass=List(int),
    agenda=List(tuple),
    pending=Value(tuple, optional=True),
    chance=Value(tuple, optional=True),
    ended=Value(tuple, optional=True),
    content=Shared(content),
    tables=Shared(lambda: tables(content())),
    current_seat=Cache(),
    answerers=Cache(0),
    lives_out=Cache(False),
    code_layout=Cache(()),
    army_layout=Cache(()),
    need_cache=Cache(),
    legal_cache=Cache(),
    hidden_cache=Cache(),
    log=Log(),
)
"""Every field of the state, declared once: clone, JSON, fingerprint and type checks follow."""


class LegionState(FlowState, DeclaredState):
    spec: ClassVar[GameSpec]
    flow = FLOW
    content: Content
    """The game's content (a slot shared by every state, like ``tables``: see ``core.fields.Shared``)."""
    tables: Tables
    answerers: int
    """The seats a window asks (L-16, L-28), a bit each: ``rules/window.py``."""
    lives_out: bool
    """Whether the enemy life or the Space life is at 0 (2.2, 2.3): set where a life changes
    (``rules/lives.py``), for the kernel's end check (:attr:`stop_test`)."""
    code_layout: list[int]
    army_layout: list[int]
    """The code and army decks laid out, each card as many times as the deck holds it, in order
    (``rules/draw.lay_out``): a draw is sampled by indexing them. Shared by a clone and never
    changed in place."""
    need_cache: int | None
    """5.7's development threshold once worked out, until a piece, the enemy life, a blackout or a
    weapon changes (``rules/level.py``; ``None``: not worked out)."""
    current_seat: int  # a slot here (the kernel's property elsewhere)
    """The seat to decide, ``CHANCE`` or ``TERMINAL``: a slot that the kernel's loop sets when the
    agenda stops (and :meth:`after_load` on reading), not the kernel's property, because a search
    reads it every step and a property's getter is entered from C (about 900 instructions)."""
    __slots__ = FIELDS.slots
    log: LogReads

    def __init__(
        self,
        players: int = 3,
        difficulty: str = "normal",
        open_hands: bool = False,
        empty_hand_cap: bool = False,
        own_weapons_only: bool = False,
        timing: str = "printed",
    ) -> None:
        c = self.content = content()
        self.tables = tables(c)
        preset = c.presets[difficulty]
        self.n = players
        self.difficulty = difficulty
        self.open_hands = open_hands
        self.empty_hand_cap = empty_hand_cap
        """L-15's narrowing: the 8 − players cap limits an empty hand's 3 cards too."""
        self.own_weapons_only = own_weapons_only
        """L-26's narrowing: 操作 activates only the seat's own weapons."""
        self.timing = timing
        """L-28: ``printed`` passes priority wherever 6.4/6.5 allow a strategy; ``simple`` keeps the
        narrowed timing of L-16/L-20 (own main phase and windows on enemy/event items only)."""
        self.round = 0
        self.round_limit = preset.round_limit
        self.turn = -1
        self.space_life = preset.space_life[players]
        self.max_space = self.space_life
        self.enemy_life: int = preset.enemy_life
        self.event_count = preset.event_count
        self.ship = c.ship_start
        self.black = [0] * (c.rows * c.cols)
        self.weapons: list[tuple[int, int, int, int, int]] = []  # rules/weapons.Weapon
        self.hands: list[list[int]] = [[] for _ in range(players)]
        self.code_deck = [c.code_copies] * 9
        self.code_discard = [0] * 9
        self.army_deck = list(c.army_copies)
        self.army_discard = [0] * len(c.army_copies)
        sync_layouts(self)
        self.enemy_unseen: tuple[int, ...] = (1,) * len(c.enemy_ids)
        self.enemy_queue: tuple[int, ...] = ()
        self.event_unseen: tuple[int, ...] = (1,) * len(c.event_ids)
        self.event_queue: tuple[int, ...] = ()
        self.shield: list[int] = []
        self.shield_new: tuple[int, ...] = ()
        self.pieces = [c.barrier_core, -1, -1]
        self.used = 0
        self.stack: tuple[tuple[Any, ...], ...] = ()
        self.window: tuple[int, ...] = ()
        self.autopass = [0] * players
        self.answerers = 0  # (every hand is empty)
        self.lives_out = False
        self.need_cache = None
        self.agenda: list[tuple[Any, ...]] = [("round",)]
        self.pending: tuple[Any, ...] | None = None
        self.chance: tuple[Any, ...] | None = None
        self.ended: tuple[str, str] | None = None
        self.legal_cache: tuple[tuple[Any, ...], ...] | None = None
        self.hidden_cache: tuple[Any, Any] | None = None
        """What ``hidden.py`` keeps between calls: ``(known, redacted)``, the public knowledge of
        the hands with the log length it was read at, and each seat's redacted log (either
        ``None``); one slot, so a clone copies one reference."""
        self.log = EventLog()
        self.say(
            "1.9",
            "setup",
            players=players,
            difficulty=difficulty,
            space=self.space_life,
            enemy=self.enemy_life,
        )
        self.run()

    # ---- small helpers the rules modules use ------------------------------------------------
    # (``/``: the event's arguments, passed by keyword, are then not compared with the names of
    # the parameters before them on every call)
    def say(self, clause: str, key: str, /, **args: Any) -> None:
        """Log a public event."""
        self.log_tail.append((clause, key, tuple(args.items()), None))

    def tell(self, to: int, clause: str, key: str, /, **args: Any) -> None:
        """Log an event only ``to`` may see (a card drawn into a hidden hand)."""
        self.log_tail.append((clause, key, tuple(args.items()), (to,)))

    def add_to_hand(self, seat: int, card: int) -> None:
        insort(self.hands[seat], card)
        sync_answerer(self, seat)

    def stopped(self) -> bool:
        """2.2/2.3, checked by the kernel's loop after every action and task once a life is out
        (:attr:`stop_test`)."""
        return check_end(self)

    stop_test = "self.lives_out"
    """The only times 2.2/2.3 may end the game: the kernel calls :meth:`stopped` only then, when a
    life has reached 0 (:attr:`lives_out`: one slot's truth, where two ints' truths cost more, read
    before every task)."""

    def _derive(self) -> None:
        """Bring the fields derived from the rest up to date (:attr:`answerers` from the hands,
        the decks laid out, :attr:`lives_out` from the lives) and forget the development threshold
        kept: for a state read, set up or changed by hand."""
        sync_answerers(self)
        sync_layouts(self)
        sync_lives_out(self)
        self.need_cache = None

    def run(self) -> None:
        """Run tasks until a decision, a draw or the end of the game (for a state set up or changed
        by hand, its derived fields brought up to date first: :meth:`_derive`)."""
        self._derive()
        super().run()

    def sync_seat(self) -> None:
        """Set :attr:`current_seat` from the pending decision, the chance node or the end (as the
        kernel's loop does when it stops), the derived fields with it (:meth:`_derive`): for a
        state read or set up by hand."""
        self._derive()
        super().sync_seat()

    # ---- protocol -----------------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return self.n

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        if self.chance is None or self.ended is not None:
            return ()
        return chance_outcomes(self)

    apply_chance = _draw.apply_chance
    """A card drawn from a deck (``rules/draw.apply_chance``), as the kernel's
    ``apply_unchecked`` applies a chance outcome."""

    sample_chance = _draw.sample_chance
    """The base class's pick (one ``rng.random()`` against the running sum of the outcomes'
    probabilities), without building the outcome list (``rules/draw.sample_chance``)."""

    is_legal_chance = _draw.is_legal_chance
    """Whether an action is a card a deck still holds, without listing them (the kernel's
    ``is_legal`` at a draw; a main-phase or shield-phase action is checked by ``FLOW.checks``)."""

    def why_illegal(self, action: tuple[Any, ...]) -> tuple[str | None, str]:
        if self.pending is None:
            return "1.7", "a card is being drawn: only a chance outcome may be applied"
        kind, seat = self.pending[0], SEATS[self.pending[1]]
        if kind in ("main", "shield") and action[:1] in _WHY:
            clause, why = _WHY[action[:1]]
            return clause, f"{seat} may not do this now: {why}"
        return DECISIONS[kind][2], f"not a legal choice for {seat} now ({kind})"

    def metrics(self) -> dict[str, float]:
        """Figures for simulation summaries: rounds played and both lives at the end."""
        return {"rounds": float(self.round), "space_life": float(self.space_life), "enemy_life": float(self.enemy_life)}

    def outcome(self) -> Outcome | None:
        if self.ended is None:
            return None
        reason, clause = self.ended
        won = reason == "won"
        winners = tuple(range(self.n)) if won else ()
        score = 1.0 if won else 0.0
        return Outcome(winners, (score,) * self.n, reason, clause, (("round", self.round),))

    def after_load(self) -> None:
        """Checks :meth:`from_json` adds to the declared fields' own."""
        if not 2 <= self.n <= 5 or len(self.hands) != self.n:
            raise BadRecordError("state", "not a legion state (players must be 2..5 with one hand each)")
        if self.ended is None and self.chance is None and self.pending is None:
            raise BadRecordError("state", "not a legion state (no decision, no draw and not over)")
        self.sync_seat()

    def invariant_errors(self) -> list[str]:
        """Every card is somewhere once, the weapons keep 6.3's limits, the tracks their ranges."""
        errs: list[str] = []
        c = self.content
        launching = 1 if self.pending is not None and self.pending[0] == "place" else 0
        codes = sum(self.code_deck) + sum(self.code_discard) + len(self.shield) + len(self.weapons) + launching
        codes += sum(1 for h in self.hands for x in h if x < ARMY)
        if codes != 9 * c.code_copies:
            errs.append(f"{codes} code cards instead of {9 * c.code_copies}")
        army = sum(self.army_deck) + sum(self.army_discard) + len(self.weapons) + launching
        army += sum(1 for it in self.stack if it[0] == "strategy")
        army += sum(1 for h in self.hands for x in h if x >= ARMY)
        if army != sum(c.army_copies):
            errs.append(f"{army} army cards instead of {sum(c.army_copies)}")
        if min(self.code_deck + self.code_discard + self.army_deck + self.army_discard) < 0:
            errs.append("a negative card count")
        pieces = [(w[1], w[4]) for w in self.weapons]
        if len(set(pieces)) != len(pieces) or any(not 0 <= z < weapon_limit(self.n) for _, z in pieces):
            errs.append("two weapons from one weapon zone, or a zone 6.3 does not give")
        for w in self.weapons:
            if self.black[w[0]] or w[0] == self.ship:
                errs.append(f"a weapon on a blackout or under the ship at {w[0]}")
        for seat in range(self.n):
            if sum(1 for w in self.weapons if w[1] == seat) > weapon_limit(self.n):
                errs.append(f"seat {SEATS[seat]} has more weapons than 6.3 allows")
        if not 0 <= self.enemy_life <= 6 or not 0 <= self.space_life <= self.max_space:
            errs.append("a life track out of range")
        in_use = sum(1 for t in self.agenda if t[0] == "card_bottom" and t[1] == "enemy")
        if sum(self.enemy_unseen) + len(self.enemy_queue) + in_use != len(c.enemy_ids):
            errs.append("enemy deck count wrong")
        if len(self.shield) > 3 + 2:
            errs.append("shield too large")
        if self.answerers != answerers(self):
            errs.append("the seats a window asks (answerers) are not those the hands and auto-pass give")
        if not self.lives_out and (not self.enemy_life or not self.space_life):
            errs.append("a life is at 0 but lives_out is not set (the end check would not run)")
        if self.code_layout != lay_out(self.code_deck) or self.army_layout != lay_out(self.army_deck):
            errs.append("a deck laid out (code_layout, army_layout) is not the deck")
        if self.need_cache is not None and self.need_cache != work_out_threshold(self):
            errs.append("the development threshold kept (need_cache) is not the one the board gives")
        return errs

    # ---- what a seat sees (view.py, labels.py), hidden information (hidden.py), tensor.py ---------
    view = _view.make_view
    redact = _view.redact
    action_label = _labels.action_label
    hidden_variants = _hidden.hidden_variants
    determinize = _hidden.determinize
    observation_tensor = _tensor.observation_tensor


FIELDS.install(LegionState)
