"""The state as the rules, views and hidden information see it: a typing protocol.

:class:`~.state.LegionState` builds its flow from :mod:`.rules` and shows itself through
:mod:`.view`, :mod:`.hidden`, :mod:`.labels` and :mod:`.tensor`; those modules annotate the state
they are given with :class:`State` instead of importing the class, so no module of the game
imports the state's module back. The fields are those of ``state.FIELDS``; mypy checks that a
``LegionState`` is a ``State`` wherever the state hands itself to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from asobi.core.events import EventFields
    from asobi.core.log import LogReads

    from .content import Content, Tables

Weapon = tuple[int, int, int, int, int]
"""A weapon on the map: ``(square, owner, army card, attached code, zone)``. The zone is the
owner's weapon zone it was launched from (0, 1, 2): the piece's number (5.3, L-3), which names it
in actions, since several weapons may share a square."""


class State(Protocol):
    """A game of パラレルレギオン under way (``state.py`` says what each field holds)."""

    n: int
    difficulty: str
    open_hands: bool
    empty_hand_cap: bool
    own_weapons_only: bool
    timing: str
    round: int
    round_limit: int
    turn: int
    space_life: int
    max_space: int
    enemy_life: int
    event_count: int
    ship: int
    used: int
    black: list[int]
    weapons: list[Weapon]
    hands: list[list[int]]
    code_deck: list[int]
    code_discard: list[int]
    army_deck: list[int]
    army_discard: list[int]
    enemy_unseen: tuple[int, ...]
    enemy_queue: tuple[int, ...]
    event_unseen: tuple[int, ...]
    event_queue: tuple[int, ...]
    shield_new: tuple[int, ...]
    stack: tuple[tuple[Any, ...], ...]
    window: tuple[int, ...]
    shield: list[int]
    pieces: list[int]
    autopass: list[int]
    agenda: list[tuple[Any, ...]]
    pending: tuple[Any, ...] | None
    chance: tuple[Any, ...] | None
    ended: tuple[str, str] | None
    content: Content
    tables: Tables
    current_seat: int
    answerers: int
    lives_out: bool
    code_layout: list[int]
    army_layout: list[int]
    need_cache: int | None
    legal_cache: tuple[tuple[Any, ...], ...] | None
    hidden_cache: tuple[Any, Any] | None
    log: LogReads
    log_tail: list[EventFields]

    def say(self, clause: str, key: str, /, **args: Any) -> None: ...

    def tell(self, to: int, clause: str, key: str, /, **args: Any) -> None: ...

    def add_to_hand(self, seat: int, card: int) -> None: ...

    def push(self, *tasks: tuple[Any, ...]) -> None: ...

    def ask(self, kind: str, seat: int, *data: Any) -> None: ...

    def clone(self) -> Any: ...
