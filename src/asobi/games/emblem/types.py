"""The state as the rules, views and hidden information see it: a typing protocol.

:class:`~.state.EmblemState` builds its flow from :mod:`.rules` and shows itself through
:mod:`.view`, :mod:`.hidden`, :mod:`.labels` and :mod:`.tensor`; those modules annotate the state
they are given with :class:`State` instead of importing the class, so no module of the game
imports the state's module back. The fields are those of ``state.FIELDS`` and the helpers the
state gives the rules; mypy checks that an ``EmblemState`` is a ``State`` wherever the state
hands itself to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar, Protocol

if TYPE_CHECKING:
    from asobi.core.events import EventFields
    from asobi.core.log import LogReads

    from .cards import CardPool

Pair = tuple[int, int]
"""A value per seat (A, B), replaced as a whole when one changes (``pairs.with_seat``)."""
DeckCards = tuple[tuple[int, ...], tuple[int, ...]]
"""A deck tuple and its cards, one entry a copy in pool order (``State.deck_cards``)."""
PileCounts = tuple[tuple[int, ...], tuple[tuple[int, float], ...]]
"""A pile of cards and how many copies of each it holds (``State.pile_counts``)."""
UnitEntries = tuple[list[int], int, int, tuple[tuple[int, float], ...]]
"""A unit, the land and guardian of its owner, and the observation's entries of the unit that
do not depend on the seat, worked out with them (``State.unit_values``)."""


class State(Protocol):
    """An emblem game under way (``state.py`` says what each field holds)."""

    cards: ClassVar[CardPool]
    deck_names: tuple[str, str]
    deck: tuple[tuple[int, ...], tuple[int, ...]]
    deck_left: list[int]
    hand: list[list[int]]
    kokugai: tuple[tuple[int, ...], tuple[int, ...]]
    offfield: tuple[tuple[int, ...], tuple[int, ...]]
    unused: list[int]
    used: list[int]
    land: Pair
    guardian: Pair
    field: list[list[int] | None]
    turn: int
    turn_player: int
    first: int
    koku: int
    phase_seat: int
    pending_deals: tuple[int, ...]
    mulligan_done: Pair
    chips_added: int
    deployed: int
    placed: int
    rallied: int
    active: int
    target: int
    attack_use: int
    counter_use: int
    winner: int
    wipeout_at_once: bool
    wiped: Pair
    start_todo: tuple[tuple[Any, ...], ...]
    amount: tuple[Any, ...]
    deploying: tuple[int, ...]
    cancels: int
    agenda: list[tuple[Any, ...]]
    pending: tuple[Any, ...] | None
    chance: tuple[str] | None
    ended: tuple[str, str] | None
    legal_cache: tuple[tuple[Any, ...], ...] | None
    chance_cache: tuple[tuple[int, ...], int, tuple[tuple[tuple[Any, ...], float], ...]] | None
    current_seat: int
    select_kept: tuple[tuple[Any, ...], ...] | None
    unit_kept: tuple[tuple[Any, ...], ...] | None
    item_kept: tuple[tuple[Any, ...], ...] | None
    unit_values: dict[int, UnitEntries] | None
    deck_cards: tuple[DeckCards | None, DeckCards | None]
    pile_counts: tuple[PileCounts | None, PileCounts | None]
    log: LogReads
    log_tail: list[EventFields]

    @property
    def step(self) -> int: ...

    @property
    def actor(self) -> int: ...

    def emit(
        self,
        clause: str,
        key: str,
        args: tuple[tuple[str, Any], ...] = (),
        seats: tuple[int, ...] | None = None,
        also: tuple[str, ...] = (),
    ) -> None: ...

    def push(self, *tasks: tuple[Any, ...]) -> None: ...

    def ask(self, kind: str, seat: int, *data: Any) -> None: ...

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]: ...

    def drawing_seat(self) -> int: ...

    def adjust_deck(self, seat: int, card: int, delta: int) -> None: ...

    def remove_from_deck(self, seat: int, card: int) -> None: ...

    def take_from_deck(self, seat: int, card: int, clause: str) -> None: ...

    def max_morale(self, u: list[int]) -> int: ...

    def own_unit(self, sq: int) -> list[int]: ...

    def clear_on_units(self, index: int) -> None: ...

    def add_chips(self, sq: int, n: int) -> int: ...

    def remove_unit(self, sq: int, to_kokugai: bool = False) -> list[int]: ...

    def to_offfield(self, seat: int, *cards: int) -> None: ...

    def units_of(self, seat: int) -> list[int]: ...

    def card_id(self, card: int) -> str: ...

    def clone(self) -> Any: ...
