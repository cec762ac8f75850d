"""The state of a game of Liar's Dice: its data, declared once, and the state protocol.

The game runs on the flow kernel (:mod:`asobi.core.flow`): a round is the task ``round``, which
schedules one ``roll`` chance node per die and then the opener's ``turn``; each turn asks a seat
for a ``call``; a challenge or spot on schedules ``settle``. The rules live in :mod:`.rules`; the
views, hidden information, labels and the tensor in their own modules, which read the state
through :class:`.model.Table`.
"""

from __future__ import annotations

from random import Random
from typing import Any

from asobi.core import Outcome
from asobi.core.actions import HIDDEN
from asobi.core.errors import BadRecordError
from asobi.core.fields import Cache, Custom, DeclaredState, Fields, List, Lists, Log, Value
from asobi.core.flow import FlowState
from asobi.core.log import EventLog

from . import hidden as _hidden
from . import labels as _labels
from . import tensor as _tensor
from . import view as _view
from .model import MOST_DICE, MOST_PLAYERS, Bid, Reveal, bid_of, bids_of, reveal_of
from .rules import FLOW
from .rules import roll as _roll
from .rules.calls import why_illegal_call

FIELDS = Fields(
    n=Value(int),
    start_dice=Value(int),
    wild_ones=Value(bool),
    spot_on=Value(bool),
    counts=List(int),
    dice=Lists(int),
    round=Value(int),
    opener=Value(int),
    bid=Custom(load=bid_of),
    bids=Custom(load=bids_of),
    shown=Custom(load=reveal_of),
    agenda=List(tuple),
    pending=Value(tuple, optional=True),
    chance=Value(tuple, optional=True),
    ended=Value(int, optional=True),
    legal_cache=Cache(),
    log=Log(),
)
"""Every field of the state: the generated clone, JSON, fingerprint and type checks follow."""


class LiarsDiceState(FlowState, DeclaredState):
    flow = FLOW
    __slots__ = FIELDS.slots

    n: int
    start_dice: int
    wild_ones: bool
    spot_on: bool
    counts: list[int]
    dice: list[list[int]]
    round: int
    opener: int
    bid: Bid | None
    bids: tuple[Bid, ...]
    shown: Reveal | None
    ended: int | None

    def __init__(self, players: int = 4, dice: int = 5, wild_ones: bool = True, spot_on: bool = False) -> None:
        self.n = players
        self.start_dice = dice
        self.wild_ones = wild_ones
        self.spot_on = spot_on
        self.counts = [dice] * players
        self.dice = [[] for _ in range(players)]
        self.round = 0
        self.opener = 0  # 2.2
        self.bid = None
        self.bids = ()
        self.shown = None
        self.agenda = [("round",)]
        self.pending = None
        self.chance = None
        self.ended = None
        self.legal_cache = None
        self.log = EventLog()
        args = (("players", players), ("dice", dice), ("wild_ones", wild_ones), ("spot_on", spot_on))
        self.log_tail.append(("1.1", "setup", args, None))
        self.run()

    # ---- the protocol -------------------------------------------------------------------------
    @property
    def n_seats(self) -> int:
        return self.n

    def chance_outcomes(self) -> tuple[tuple[tuple[Any, ...], float], ...]:
        return _roll.chance_outcomes(self)

    def apply_chance(self, action: tuple[Any, ...]) -> None:
        _roll.apply_chance(self, action)

    def redact(self, action: tuple[Any, ...], seat: int | None) -> tuple[Any, ...]:
        """A die rolled into another seat's cup is ``("roll", "?")`` to a seat (2.1); every call
        is public."""
        chance = self.chance
        if chance is not None and seat is not None and seat != chance[1] and action[:1] == ("roll",):
            return ("roll", HIDDEN)
        return action

    def why_illegal(self, action: tuple[Any, ...]) -> tuple[str | None, str]:
        if self.pending is None:
            return "2.1", "a die is being rolled: only a roll may be applied"
        return why_illegal_call(self, action)

    def outcome(self) -> Outcome | None:
        winner = self.ended
        if winner is None:
            return None
        scores = tuple(1.0 if p == winner else 0.0 for p in range(self.n))
        return Outcome((winner,), scores, "won", "1.2", (("seat", winner),))

    def metrics(self) -> dict[str, float]:
        """Rounds played and the dice left on the table."""
        return {"rounds": float(self.round), "dice_left": float(sum(self.counts))}

    def after_load(self) -> None:
        """Checks :meth:`from_json` adds to the declared fields' own."""
        if not 2 <= self.n <= MOST_PLAYERS or not 1 <= self.start_dice <= MOST_DICE:
            raise BadRecordError("state", "not a liars_dice state (2..6 players, 1..5 dice)")
        if len(self.counts) != self.n or len(self.dice) != self.n:
            raise BadRecordError("state", "not a liars_dice state (one count and one cup per seat)")
        if self.ended is None and self.chance is None and self.pending is None:
            raise BadRecordError("state", "not a liars_dice state (no call, no roll and not over)")

    # ---- views, text, hidden information (their own modules) ----------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        return _view.make_view(self, seat)

    def action_label(self, action: tuple[Any, ...], lang: str = "en") -> str:
        return _labels.action_label(action, lang)

    def determinize(self, seat: int, rng: Random) -> LiarsDiceState:
        made: LiarsDiceState = _hidden.determinize(self, seat, rng)
        return made

    def hidden_variants(self, seat: int, rng: Random) -> list[LiarsDiceState]:
        return _hidden.hidden_variants(self, seat, rng)

    def observation_tensor(self, seat: int) -> list[float]:
        return _tensor.observation_tensor(self, seat)

    def invariant_errors(self) -> list[str]:
        return self.field_errors() + _view.invariant_errors(self)


FIELDS.install(LiarsDiceState)
