"""The state as the rules, the board's queries, views and labels see it: a typing protocol.

:class:`~.state.BystonState` builds its flow from :mod:`.rules` and shows itself through
:mod:`.view`, :mod:`.labels` and :mod:`.tensor`; those modules, the rules and the queries of
:mod:`.board` and :mod:`.control` annotate the state they are given with :class:`State` instead of
importing the class, so no module of the game imports the state's module back. The fields are
those of ``state.FIELDS`` and the helpers the state gives the rules; mypy checks that a
``BystonState`` is a ``State`` wherever the state hands itself to them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from asobi.core.events import EventFields
    from asobi.core.log import LogReads


class State(Protocol):
    """A game of ドレイクの野望 under way (``state.py`` says what each field holds)."""

    players: int
    zelana_runner: str
    turn: int
    gp: list[int]
    tl: list[int]
    status: list[int]
    chits_made: list[int]
    marks: tuple[int, ...]
    where: list[int]
    stacks: list[tuple[int, ...]]
    on_map_n: list[int]
    in_box_n: list[int]
    in_supply_n: list[int]
    flipped: list[int]
    owner: tuple[int, ...]
    char_at: list[int]
    chit_cup: list[int]
    chit_open: list[int]
    surprise_held: bool
    secret: int
    secret_built: bool
    secret_found: bool
    declared: bool
    phase_chit: int
    waiting: list[int]
    moved: tuple[int, ...]
    chars_moved: tuple[int, ...]
    ship: int
    mp: int
    cargo: tuple[int, ...]
    crew: tuple[int, ...]
    fight: tuple[Any, ...] | None
    role: tuple[int, ...]
    blocks: tuple[int, ...]
    aboard: tuple[int, ...]
    hits: tuple[int, ...]
    command: int
    agenda: list[tuple[Any, ...]]
    pending: tuple[Any, ...] | None
    chance: tuple[Any, ...] | None
    ended: tuple[Any, ...] | None
    legal_cache: tuple[tuple[Any, ...], ...] | None
    produce_kept: tuple[Any, ...] | None
    build_kept: tuple[Any, ...] | None
    camps_kept: tuple[Any, ...] | None
    load_kept: tuple[Any, ...] | None
    log: LogReads
    log_tail: list[EventFields]

    def set_where(self, i: int, to: int) -> None: ...

    def move_together(self, movers: tuple[int, ...], to: int) -> None: ...

    def set_mark(self, mark: int, turn: int) -> None: ...

    def set_owners(self, changes: dict[int, int]) -> None: ...

    def say(self, clause: str, key: str, /, *args: tuple[str, Any]) -> None: ...

    def cite(self, clause: str, also: tuple[str, ...], key: str, /, *args: tuple[str, Any]) -> None: ...

    def seat_of(self, country: int) -> int: ...

    def stopped(self) -> bool: ...

    def finish(self, ended: tuple[Any, ...]) -> None: ...

    def push(self, *tasks: tuple[Any, ...]) -> None: ...

    def ask(self, kind: str, seat: int, *data: Any) -> None: ...

    def ask_if_choice(self, kind: str, seat: int, *data: Any) -> bool: ...

    def legal_actions(self) -> tuple[tuple[Any, ...], ...]: ...

    def clone(self) -> Any: ...
