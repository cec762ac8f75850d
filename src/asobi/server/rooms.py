"""Games being played on the server: one room per game, one writer per room.

A room holds the game's :class:`~asobi.core.match.Match`, the sockets connected to it and an
``asyncio.Lock``: every change (a person's action, an undo, a bot's or chance's action) is made
under the lock, committed to the store by the match's :class:`StoreListener` as it is applied,
and only then sent out. A failed commit leaves nothing half done: the room is rebuilt from what
the store holds and the submitting socket is told (if the store cannot be read back either, the
room is let go and its sockets are told and closed, so that nothing unsaved is ever shown). Rooms
of different games share nothing but the store, so games do not wait on each other except for the
SQLite write itself. A change waits for the file's write lock before anything of it is applied
(:meth:`~asobi.store.serving.ServingStore.write`): while another program holds the lock, the
event loop serves every other socket and game, the room's later changes queue behind its lock,
and a change that waits too long is refused with nothing applied.

The room drives its match as every front end does, through :class:`~asobi.core.match.Match`
(:meth:`Room.run_until_person`): chance's outcomes applied at once, each bot deciding in a worker
thread so that the event loop never waits on its thinking; a bot that thinks longer than
:data:`THINKING_NOTICE` is told to every socket (who thinks is public: the seat to decide never
depends on hidden information), and its end too. Its state messages are built by a
:class:`~asobi.server.messages.StateMessages`, which makes what the sockets share once.

A room is loaded (and the game leased, so ``asobi resume`` elsewhere is told it is in use) when a
socket opens it or its bots have work, and unloaded (lease released) when neither remains.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
import time
import uuid
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol, TypeVar

from ..core.actions import Action, action_to_json
from ..core.bots import BotNameError, seat_kind
from ..core.errors import AsobiError
from ..core.match import HUMAN, Match
from ..core.record import GameRecord
from ..core.spec import GameSpec
from ..core.state import CHANCE
from ..store import GameStore, SeatTokens, StoreError
from ..store.listener import StoreListener
from ..store.serving import LOCK_WAIT, ServingStore, StoreLocked
from .errors import LimitError, ServerError, public_text
from .hints import hint
from .limits import ClientLimits, Limits, is_search, search_slots
from .messages import StateMessages
from .protocol import encode, error_message
from .replay import Replays
from .thinking import ThinkFailed, decide_apart
from .timers import TICK, TurnClock

log = logging.getLogger("asobi.server")

T = TypeVar("T")

BROKEN = "the game could not be read back from the server's database after a failed write; open it again later"
"""What the sockets of a room whose match could not be built again are told (:meth:`Room._break`)."""

REPLAYS_KEPT = 16
"""Replays kept built (compressed: a long game's a few hundred KB), most recently asked last."""

THINKING_NOTICE = 0.25
"""Seconds a bot thinks before the sockets are told it is thinking (a rule bot answers long before)."""


@dataclass(frozen=True)
class Thinking:
    """A bot thinking now: its seat, the state it decides in, and since when (the loop's clock)."""

    seat: int
    state_id: int
    since: float

    def message(self, now: float) -> dict[str, Any]:
        """The ``thinking`` message: the seat, the state and how long it has thought so far."""
        return {"type": "thinking", "seat": self.seat, "state_id": self.state_id,
                "elapsed": round(max(0.0, now - self.since), 1)}


class Socket(Protocol):
    """What a room needs of a WebSocket."""

    async def send_text(self, data: str) -> None: ...

    async def close(self, code: int = 1000, reason: str | None = None) -> None: ...


SLOW_READER = 4008
"""The close code of a socket dropped for not reading what it is sent (1008, policy, in the
private range the server's other close codes use)."""
CLOSE_SECONDS = 5.0
"""How long closing a socket may take (its close frame waits behind what it has not read)."""


@dataclass(eq=False)
class Connection:
    """One socket in a room: a seat (with its token) or a spectator (``seat`` ``None``); the
    :class:`~asobi.server.messages.Viewer` its state messages are built for.

    What it is sent waits in its outbox, in order, for a task of its own that writes it to the
    socket: a room never waits for one client to read. A client that leaves more than
    ``backlog`` characters unread is dropped (closed with :data:`SLOW_READER`), not buffered for.
    """

    socket: Socket
    seat: int | None
    token: str | None
    lang: str = "en"
    sent: int = -1
    """The state id this socket was last sent (``-1``: nothing yet, or it must start over)."""
    epoch: str = ""
    text: bool = True
    """Whether to send the game's text drawing with each state."""
    named_lang: str = ""
    """The language of the card names this socket was sent (``""``: none yet): they go once."""
    backlog: int = Limits.socket_backlog
    """Characters of messages it may leave waiting, unread, before it is dropped."""
    dropped: bool = False
    """The socket is closed or being closed: nothing more is sent to it."""
    on_drop: Callable[[Connection], None] | None = None
    """Told when the connection is dropped for reading too slowly (its room lets it go)."""
    _outbox: deque[str | tuple[int, str]] = field(default_factory=deque)
    _waiting: int = 0
    """Characters in the outbox and the message being written."""
    _writer: asyncio.Task[None] | None = None

    def post(self, text: str) -> None:
        """Send ``text`` after what is already waiting (without waiting for the client)."""
        if self.dropped:
            return
        self._waiting += len(text)
        if self._waiting > self.backlog:
            log.warning("a socket left %s characters unread: dropped", self._waiting)
            self._drop_slow()
            return
        self._outbox.append(text)
        self._write()

    def post_close(self, code: int, reason: str) -> None:
        """Close the socket once what is waiting has been sent."""
        if self.dropped:
            return
        self._outbox.append((code, reason[:120]))
        self.dropped = True
        self._write()

    def stop(self) -> None:
        """The client has gone: what waits is not sent."""
        self.dropped = True
        self._outbox.clear()
        if self._writer is not None:
            self._writer.cancel()

    def _write(self) -> None:
        if self._writer is None or self._writer.done():
            self._writer = _start_eagerly(self._drain())

    async def _drain(self) -> None:
        while self._outbox:
            item = self._outbox.popleft()
            if isinstance(item, tuple):
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(self.socket.close(code=item[0], reason=item[1]), CLOSE_SECONDS)
                return
            try:
                await self.socket.send_text(item)
            except Exception:  # a socket gone away: it is dropped when its reader notices
                self.sent, self.named_lang = -1, ""
                self.dropped = True
                self._outbox.clear()
                return
            finally:
                self._waiting -= len(item)

    def _drop_slow(self) -> None:
        self.stop()
        self._writer = None
        if self.on_drop is not None:
            self.on_drop(self)
        self._outbox.append((SLOW_READER, f"more than {self.backlog} characters sent were left unread"))
        self._write()


def _start_eagerly(coro: Coroutine[Any, Any, None]) -> asyncio.Task[None] | None:
    """Run ``coro`` at once as far as it goes without waiting, then in a task from where it first
    waits; ``None`` if it ended without waiting (what ``asyncio.eager_task_factory`` does from
    Python 3.12). A socket that takes a message takes it without waiting: a message is then written
    as it is posted, in order, with no task made for it."""
    try:
        awaited = coro.send(None)
    except StopIteration:
        return None
    return asyncio.get_running_loop().create_task(_go_on(coro, awaited))


async def _go_on(coro: Coroutine[Any, Any, None], awaited: Any) -> None:
    """Drive ``coro``, started by hand and waiting on ``awaited`` (the future it yielded; ``None``
    for a bare yield), to its end as a task would: it is resumed once what it waits on is done
    (and reads the outcome itself), and a cancellation of this task is passed into it."""
    while True:
        try:
            if awaited is None:
                await asyncio.sleep(0)
            else:
                await asyncio.wait((awaited,))
        except asyncio.CancelledError:
            if awaited is not None:
                awaited.cancel()
            try:
                awaited = coro.throw(asyncio.CancelledError())
            except StopIteration:
                return
            continue
        try:
            awaited = coro.send(None)
        except StopIteration:
            return


def parse_seat_kinds(spec: GameSpec, kinds: Sequence[str], n_seats: int) -> list[str]:
    """Seat kinds as a record holds them: ``human`` or ``bot:NAME`` (``bot`` is the ``normal`` level).

    :raises ServerError: for a wrong number of seats or an unknown kind.
    """
    if len(kinds) != n_seats:
        raise ServerError(f"{spec.id}: {len(kinds)} seats given, but this game with these options has {n_seats}")
    try:
        return [seat_kind(spec, kind) for kind in kinds]
    except BotNameError as e:
        raise ServerError(str(e)) from None


class Room:
    """One game on the server."""

    def __init__(self, hub: Hub, game_id: int, match: Match) -> None:
        self.hub = hub
        self.game_id = game_id
        self.match = match
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.messages = StateMessages(match.spec, match.options, game_id, connected=self.connections,
                                      epoch=uuid.uuid4().hex[:12])
        """Builds every socket's state messages, making what they share once."""
        self.bots: asyncio.Task[None] | None = None
        self.play_on_when_free = False
        """Whether chance or a bot was refused for another program's lock on the file: the bots'
        run then tries again after a wait (:meth:`_locked_out`)."""
        self.closed = False
        self.broken = False
        """The match could not be built again from the store after a failed commit, so it may hold
        an action the file does not: nothing more is sent from it or done with it."""
        self.thinking: Thinking | None = None
        """The bot thinking now, once it has thought for :data:`THINKING_NOTICE` (told to sockets)."""
        self._telling: set[asyncio.Task[None]] = set()

    @property
    def epoch(self) -> str:
        """Changes whenever the room's match is built anew: a client's state ids from another
        epoch mean nothing here, so it is sent everything again."""
        return self.messages.epoch

    def admit(self, conn: Connection) -> None:
        """Take ``conn`` in, within the limits: spectators while the room has fewer than
        ``spectators_per_game`` sockets, a seat's while it has fewer than ``sockets_per_seat``
        (so that spectators never keep a seat's person out). A connection dropped for reading
        too slowly leaves the room at once.

        :raises LimitError: if the room is full for it (429).
        """
        limits = self.hub.limits
        if conn.seat is None:
            if len(self.connections) >= limits.spectators_per_game:
                raise LimitError(f"this game has {len(self.connections)} sockets open, as many as it lets spectators "
                                 "make; try again later")
        elif sum(1 for c in self.connections if c.seat == conn.seat) >= limits.sockets_per_seat:
            raise LimitError(f"seat {conn.seat} has {limits.sockets_per_seat} sockets open already, the most one "
                             "seat may; close one first")
        conn.on_drop = self.connections.discard
        self.connections.add(conn)

    # ---- sending -------------------------------------------------------------------------------
    async def send_state(self, conn: Connection) -> None:
        """Send ``conn`` what it has not seen (everything, if it comes from another epoch)."""
        if self.broken or conn.dropped:
            return
        match = self.match
        text = self.messages.encoded(match, conn)
        conn.sent, conn.epoch, conn.named_lang = match.state_id, self.messages.epoch, conn.lang
        conn.post(text)

    async def broadcast(self) -> None:
        for conn in list(self.connections):
            await self.send_state(conn)

    async def send_error(self, conn: Connection, text: str, code: int = 400) -> None:
        state_id = None if self.broken else self.match.state_id  # a broken room's may be unsaved
        conn.post(encode(error_message(text, code, state_id)))

    async def send_hint(self, conn: Connection) -> None:
        """The normal level's suggestion for the connection's seat, to that socket only."""
        if conn.seat is None:
            raise ServerError("a hint is for a seat, not a spectator", status=403)
        async with self.lock:  # nothing changes while the bot thinks (the seat to decide is a person)
            self.usable()
            match = self.match
            suggestion = await asyncio.to_thread(hint, match, conn.seat, conn.lang, f"game {self.game_id}")
            state_id = match.state_id
        conn.post(encode({
            "type": "hint", "state_id": state_id, "action": action_to_json(suggestion.action),
            "label": suggestion.label, "bot": suggestion.bot,
        }))

    async def send_thinking(self, conn: Connection, message: dict[str, Any]) -> None:
        conn.post(encode(message))

    async def tell_thinking(self, conn: Connection) -> None:
        """Tell a socket that just joined which bot is thinking, if one is."""
        if self.thinking is not None:
            await self.send_thinking(conn, self.thinking.message(time.monotonic()))

    def _announce(self, message: dict[str, Any]) -> None:
        """Send ``message`` to every socket in the background (a slow socket must not hold up the
        bot's turn, which holds the room's lock)."""
        task = asyncio.get_running_loop().create_task(self._send_all(message))
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _send_all(self, message: dict[str, Any]) -> None:
        for conn in list(self.connections):
            await self.send_thinking(conn, message)

    def _start_thinking(self, seat: int, state_id: int, since: float) -> None:
        """The bot in ``seat`` has thought for :data:`THINKING_NOTICE`: every socket is told."""
        self.thinking = Thinking(seat, state_id, since)
        self._announce(self.thinking.message(time.monotonic()))

    async def tell_everyone(self, text: str, code: int) -> None:
        """An error every socket of the room is sent (the game could not go on)."""
        for conn in list(self.connections):
            await self.send_error(conn, text, code)

    # ---- changing the game ----------------------------------------------------------------------
    async def submit(self, conn: Connection, action: Action, state_id: int | None) -> None:
        """A person's action for the connection's seat: checked, committed, then sent out (with
        chance's draws and rolls that follow at once: the seats are sent one state, not two).

        :raises AsobiError: if it is refused (nothing changes).
        """
        if conn.seat is None:
            raise ServerError("spectators cannot act", status=403)
        async with self.lock:
            self.usable()
            match = self.match
            if state_id is not None and state_id != match.state_id:
                raise ServerError(f"the game has moved on (state {match.state_id}, not {state_id}); "
                                  "look again and choose anew", status=409)
            seat = conn.seat
            await self._change(lambda: match.submit(seat, action))
            failure = await self._play_chance()
        if failure is not None:
            await self.tell_everyone(failure, 503)
        await self.broadcast()
        self.start_bots()

    async def _change(self, change: Callable[[], T]) -> T:
        """Make ``change`` to the match (under the room's lock) and commit it as one write, once the
        file's write lock is free (waited for off the loop, nothing applied meanwhile). A failed
        write rebuilds the room from the store.

        :raises StoreLocked: if another program held the file all the while (nothing changed).
        :raises AsobiError: what ``change`` raises (an action the rules refuse: nothing changed),
            or a failed write (after the room is rebuilt).
        """
        try:
            return await self.hub.file.write(change, wait=self.hub.lock_wait)
        except StoreLocked:
            raise
        except StoreError:
            self._rebuild()
            raise

    async def time_out(self, seat: int) -> bool:
        """The person in ``seat`` ran out of the game's turn time (:mod:`.timers`): the normal
        level decides for them (from what the seat may see), every socket is told, play goes on.

        :returns: whether it did (not if the seat has decided meanwhile).
        """
        async with self.lock:
            self.usable()
            match = self.match
            if match.waiting_for() != seat:
                return False
            state_id = match.state_id
            chosen = await asyncio.to_thread(hint, match, seat, "en", f"game {self.game_id} timer")
            await self._change(lambda: match.submit(seat, chosen.action))
            failure = await self._play_chance()
        log.info("game %s: seat %s ran out of time; the %s level decided", self.game_id, seat, chosen.bot)
        await self._send_all({"type": "timeout", "seat": seat, "state_id": state_id, "bot": chosen.bot})  # before its state
        if failure is not None:
            await self.tell_everyone(failure, 503)
        await self.broadcast()
        self.start_bots()
        return True

    async def _play_chance(self) -> str | None:
        """Chance's draws and rolls that follow at once, committed as one write (under the room's
        lock).

        :returns: what went wrong, if chance could not go on (the room is rebuilt from the store;
            chance waits where it was if the file was locked).
        """
        match = self.match
        if match.current_seat != CHANCE:
            return None
        try:
            await self.hub.file.write(match.play_chance, wait=self.hub.lock_wait)
        except StoreLocked as e:
            return self._locked_out(e)
        except (StoreError, AsobiError) as e:
            try:
                self._rebuild()
            except AsobiError as again:
                return f"the game could not go on: {public_text(again, self.hub.db_path)}"
            return f"the game could not go on: {public_text(e, self.hub.db_path)}"
        return None

    async def undo(self, conn: Connection) -> None:
        if conn.seat is None:
            raise ServerError("spectators cannot undo", status=403)
        async with self.lock:
            self.usable()
            match, seat = self.match, conn.seat
            await self._change(lambda: match.undo(seat))
        await self.broadcast()

    def _rebuild(self) -> None:
        """Build the match anew from what the store holds (after a failed commit).

        :raises AsobiError: if the store cannot be read either; the room is then broken
            (:meth:`_break`), since its match may hold the action the file does not.
        """
        try:
            match = self.hub.build_match(self.game_id)
        except Exception:
            self._break()
            raise
        self.match = match
        self.messages.new_epoch(uuid.uuid4().hex[:12])

    def usable(self) -> None:
        """:raises ServerError: if the room is broken (its sockets are being closed)."""
        if self.broken:
            raise ServerError(BROKEN, status=503)

    def _break(self) -> None:
        """The match cannot be built again from the store: the room is closed and let go (a
        socket opening the game later loads it from the file as it is), and its sockets are told
        and closed (4503) in the background."""
        self.broken = self.closed = True
        self.hub.forget(self)
        task = asyncio.get_running_loop().create_task(self._close_all())
        self._telling.add(task)
        task.add_done_callback(self._telling.discard)

    async def _close_all(self) -> None:
        for conn in list(self.connections):
            await self.send_error(conn, BROKEN, 503)
            conn.post_close(4503, BROKEN)

    async def run_until_person(self, on_step: Callable[[Match], Awaitable[None]]) -> None:
        """Let chance and the bots play until a person must decide or the game ends.

        Each step is taken under the room's lock: chance's outcomes are applied at once
        (:meth:`Match.play_chance`), a bot thinks in a worker thread (:meth:`Match.decide`; the
        state is only read meanwhile) and its action is applied on the loop; ``on_step`` is awaited
        after each bot's action, outside the lock. A failed commit (or an action the rules refuse)
        rebuilds the room from the store, every socket is told, and play stops.
        """
        while not self.closed:
            async with self.lock:
                match = self.match
                failure = await self._play_chance()
                if failure is None:
                    seat = match.bot_to_decide()
                    if seat is None:
                        return  # a person decides, or the game is over
                    notice = asyncio.get_running_loop().call_later(
                        THINKING_NOTICE, self._start_thinking, seat, match.state_id, time.monotonic())
                    try:
                        if is_search(match.spec, match.seats[seat]):  # a long think waits for a search slot
                            try:
                                action = await self._search(match)
                            except ThinkFailed as e:
                                log.error("game %s: seat %s's search failed: %s", self.game_id, seat, e)
                                await self.tell_everyone("a bot failed to decide; the game waits (see the server's "
                                                         "log)", 500)
                                return
                        else:
                            action = await asyncio.to_thread(match.decide)
                    finally:
                        notice.cancel()
                        if self.thinking is not None:  # told it began: told it ended
                            self._announce({"type": "thinking", "seat": None, "state_id": self.thinking.state_id})
                            self.thinking = None
                    if action is None:
                        return
                    try:
                        await self.hub.file.write(functools.partial(match.advance, action), wait=self.hub.lock_wait)
                    except StoreLocked as e:  # nothing applied: the bot decides again when play resumes
                        failure = self._locked_out(e)
                    except (StoreError, AsobiError) as e:
                        failure = f"the game could not go on: {public_text(e, self.hub.db_path)}"
                        with contextlib.suppress(AsobiError):  # if it fails, the room is broken: told below
                            self._rebuild()
            if failure is not None:
                await self.tell_everyone(failure, 503)
                return
            await on_step(match)

    def _locked_out(self, e: StoreLocked) -> str:
        """Chance or a bot waited for another program's lock on the file all the while, and nothing
        was applied: the bots' run that ends next tries again after as long a wait
        (:meth:`_run_bots`), so a game whose next move is nobody's does not stop for good. What to
        tell everyone."""
        self.play_on_when_free = True
        return (f"the game could not go on: {public_text(e, self.hub.db_path)}; "
                f"it is tried again every {self.hub.lock_wait:g} s")

    async def _search(self, match: Match) -> Action | None:
        """A search bot's decision, in a process of its own (:mod:`.thinking`) waited for by a
        worker thread, holding one of the hub's search slots until it ends: cancelled (the room
        closed), it still holds the slot while the think finishes, so no more searches think at
        once than the slots allow.

        :raises ThinkFailed: if the search failed.
        """
        async with self.hub.searches:
            thinking = asyncio.ensure_future(asyncio.to_thread(decide_apart, match))
            try:
                return await asyncio.shield(thinking)
            except asyncio.CancelledError:
                with contextlib.suppress(Exception):
                    await thinking
                raise

    def start_bots(self) -> None:
        """Let chance and the bots play until a person must decide (in the background)."""
        if self.closed or (self.bots is not None and not self.bots.done()):
            return
        if self.match.is_over() or self.match.waiting_for() is not None:
            return
        self.bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        try:
            await self.run_until_person(self._after_bot)
        finally:
            await self.broadcast()
            self.hub.maybe_unload(self)
            if self.play_on_when_free:  # one try at a time: a run refused again sets it again
                self.play_on_when_free = False
                asyncio.get_running_loop().call_later(self.hub.lock_wait, self.start_bots)

    async def _after_bot(self, match: Match) -> None:
        """With a bot delay, everyone sees each bot's action, then the room waits a moment."""
        delay = self.hub.bot_delay
        if delay > 0:
            await self.broadcast()
            await asyncio.sleep(delay)


@dataclass
class SocketCount:
    """The WebSockets open from each address, held to ``most`` at once."""

    most: int
    open_from: dict[str, int] = field(default_factory=dict)

    def open(self, address: str) -> None:
        """One more socket from ``address``.

        :raises LimitError: if it has ``most`` open already (nothing counted).
        """
        count = self.open_from.get(address, 0)
        if count >= self.most:
            raise LimitError(f"at most {self.most} sockets at once from one address; close one first")
        self.open_from[address] = count + 1

    def close(self, address: str) -> None:
        count = self.open_from.get(address, 0) - 1
        if count > 0:
            self.open_from[address] = count
        else:
            self.open_from.pop(address, None)


class Hub:
    """Every room of one server, the store they save to and the seat tokens."""

    def __init__(self, db_path: Path, *, bot_delay: float = 0.0, limits: Limits | None = None,
                 timer_tick: float = TICK, lock_wait: float = LOCK_WAIT) -> None:
        self.db_path = db_path
        self.bot_delay = bot_delay
        self.lock_wait = lock_wait
        """Seconds a change waits for another program to let go of the file's write lock."""
        self.limits = limits if limits is not None else Limits()
        self.clients = ClientLimits(self.limits)
        """The games each address made (the limits on one client)."""
        self.sockets = SocketCount(self.limits.sockets_per_address)
        """The sockets open from each address."""
        self._searches: asyncio.Semaphore | None = None
        self.rooms: dict[int, Room] = {}
        self._loads: dict[int, tuple[asyncio.Lock, list[int]]] = {}
        """Per game being loaded or deleted: its lock and how many wait for it (dropped at none)."""
        self._releasing: set[asyncio.Task[None]] = set()
        """Leases of games unloaded while another program held the file, given up once it is free."""
        self._file: ServingStore | None = None
        self.checkpoints = (0, 0)
        """Once closed: the checkpoints its thread made, and how many times the loop restarted the log."""
        self.log_restarts: list[tuple[float, float]] = []
        """Once closed: each time the loop finished the log, seconds since the store opened and ms it took."""
        self.replays = Replays(REPLAYS_KEPT)
        """Replays built lately (a finished game never changes) and being built."""
        self.clock = TurnClock(self, timer_tick)
        """Lets a bot decide for a person out of their game's turn time."""

    def open(self) -> None:
        """Open the store for serving (:class:`~asobi.store.serving.ServingStore`: commits that do
        not wait for the disk, the log copied by a thread). Call it on the event loop.

        :raises StoreError: if the file cannot be opened or set up.
        """
        self._file = ServingStore(self.db_path, asyncio.get_running_loop())
        self._searches = search_slots(self.limits)
        self.clock.start()

    @property
    def searches(self) -> asyncio.Semaphore:
        """The slots of searches thinking at once (:attr:`Limits.searches_at_once`)."""
        if self._searches is None:
            raise ServerError("the server's store is not open", status=503)
        return self._searches

    @property
    def file(self) -> ServingStore:
        if self._file is None:
            raise ServerError("the server's store is not open", status=503)
        return self._file

    @property
    def store(self) -> GameStore:
        return self.file.games

    @property
    def tokens(self) -> SeatTokens:
        if self._file is None:
            raise ServerError("the server's store is not open", status=503)
        return self._file.tokens

    async def close(self) -> None:
        await self.clock.stop()
        for task in list(self._releasing):
            task.cancel()
        for room in list(self.rooms.values()):
            room.closed = True
            if room.bots is not None:
                room.bots.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.bots
        self.rooms.clear()
        if self._file is not None:
            self._file.close()  # releases every lease
            checkpointer = self._file.checkpointer
            self.checkpoints = (checkpointer.checkpoints, checkpointer.restarts)
            self.log_restarts = self._file.log_restarts
            self._file = None

    # ---- games ----------------------------------------------------------------------------------
    def create(self, spec: GameSpec, options: dict[str, Any], kinds: list[str],
               seed: int | None) -> tuple[int, dict[int, str], str]:
        """Save a new game; hand out a token per human seat and the host secret."""
        match = Match(spec, options, kinds, seed=seed)  # checks options and seats first
        game_id = self.store.create(GameRecord.new(spec, match.options, list(kinds), seed),
                                    to_move=match.state.current_seat)
        humans = [i for i, kind in enumerate(kinds) if kind == HUMAN]
        try:
            tokens = self.tokens.issue(game_id, humans)
            host = self.tokens.issue_host(game_id)
        except AsobiError:
            self.store.delete(game_id)
            raise
        return game_id, tokens, host

    async def close_spectators(self, game_id: int) -> None:
        """Close the sockets of the game's spectators (its host closed it to them)."""
        room = self.rooms.get(game_id)
        if room is None:
            return
        for conn in [c for c in room.connections if c.seat is None]:
            await room.send_error(conn, "the game's host closed it to spectators", 403)
            room.connections.discard(conn)
            conn.post_close(4403, "closed to spectators")

    async def delete(self, game_id: int) -> None:
        """Forget a game: its sockets are told and closed, its bots stopped, its record, tokens
        and host secret deleted.

        :raises GameInUseError: if another program is playing it.
        """
        async with self._loading(game_id):
            room = self.rooms.pop(game_id, None)
            if room is not None:
                room.closed = True
                if room.bots is not None and room.bots is not asyncio.current_task():
                    room.bots.cancel()
                    with contextlib.suppress(asyncio.CancelledError, Exception):
                        await room.bots
                await room.tell_everyone("the game's host deleted this game", 410)
                for conn in list(room.connections):
                    conn.post_close(4410, "the game was deleted")
                room.connections.clear()
            store = self.store
            store.lease(game_id)  # refused while a terminal plays it
            store.delete(game_id)  # takes the lease, the tokens and the host secret with it
            store.release(game_id)
            self.clients.forget(game_id)

    def build_match(self, game_id: int) -> Match:
        """The saved game as a match, saving each new action as it is applied."""
        return self._saving(game_id, _played(self.store.load_for_play(game_id), game_id))

    async def load_match(self, game_id: int) -> Match:
        """:meth:`build_match`, its actions played again in a worker thread (a long game takes a
        good part of a second) while the loop serves the other games."""
        record = self.store.load_for_play(game_id)
        return self._saving(game_id, await asyncio.to_thread(_played, record, game_id))

    def _saving(self, game_id: int, match: Match) -> Match:
        match.listeners.append(StoreListener(self.store, game_id))
        return match

    async def room(self, game_id: int) -> Room:
        """The game's room, loading it (and taking its lease) if needed.

        :raises GameInUseError: if another program is playing it.
        """
        room = self.rooms.get(game_id)
        if room is not None:  # loaded: never waits behind another game's loading
            return room
        async with self._loading(game_id):
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            store = self.store
            await self.file.write(lambda: store.lease(game_id), wait=self.lock_wait)
            try:
                match = await self.load_match(game_id)
            except BaseException:
                with contextlib.suppress(StoreError):
                    store.release(game_id)
                raise
            room = self.rooms[game_id] = Room(self, game_id, match)
            return room

    @contextlib.asynccontextmanager
    async def _loading(self, game_id: int) -> AsyncIterator[None]:
        """Hold the game's loading lock: one load (or delete) of a game at a time, while other
        games load beside it (a load may wait seconds for the file's lock, or play a long record)."""
        lock, users = self._loads.setdefault(game_id, (asyncio.Lock(), [0]))
        users[0] += 1
        try:
            async with lock:
                yield
        finally:
            users[0] -= 1
            if not users[0]:
                del self._loads[game_id]

    async def time_out(self, game_id: int, seat: int) -> bool:
        """The person in ``seat`` of the game ran out of its turn time: its room (loaded if need
        be) lets a bot decide for them (:meth:`Room.time_out`), then is unloaded if idle.

        :raises AsobiError: if the game is played elsewhere or cannot be read, or the decision fails.
        """
        room = await self.room(game_id)
        try:
            return await room.time_out(seat)
        finally:
            self.maybe_unload(room)

    def forget(self, room: Room) -> None:
        """Let go of a broken room at once: the next socket loads the game from the file."""
        if self.rooms.get(room.game_id) is room:
            del self.rooms[room.game_id]
            with contextlib.suppress(AsobiError):
                self.store.release(room.game_id)

    def maybe_unload(self, room: Room) -> None:
        """Drop a room nobody watches and whose bots have nothing to do; release its lease."""
        if room.connections:
            return
        if room.bots is not None and not room.bots.done() and room.bots is not asyncio.current_task():
            return  # they unload it when they stop
        if not room.closed and not room.match.is_over() and room.match.waiting_for() is None:
            return  # bots have moves to make
        if self.rooms.get(room.game_id) is room:
            del self.rooms[room.game_id]
            room.closed = True
            try:
                self.store.release(room.game_id)
            except StoreError:  # another program holds the file: give the lease up once it is free
                task = asyncio.get_running_loop().create_task(self._release_when_free(room.game_id))
                self._releasing.add(task)
                task.add_done_callback(self._releasing.discard)

    async def _release_when_free(self, game_id: int) -> None:
        """Give up the lease of a game unloaded while the file was locked (a terminal would see the
        game in use meanwhile), unless it is loaded again first."""

        def release() -> None:
            if game_id not in self.rooms and game_id not in self._loads:  # else it is wanted again
                self.store.release(game_id)

        while True:
            try:
                await self.file.write(release, wait=self.lock_wait)
                return
            except StoreLocked:
                continue
            except StoreError as e:
                log.warning("game %s: its lease could not be given up: %s", game_id, e)
                return

    async def resume_bot_games(self) -> None:
        """On start: every open game whose seats are all bots plays on."""
        for saved in self.store.list():
            if saved.status != "playing" or not self.tokens.has_links(saved.id):
                continue
            if all(kind.startswith("bot:") for kind in saved.seats.split(",")):
                try:
                    room = await self.room(saved.id)
                except AsobiError:
                    continue  # in use elsewhere or unreadable: left as it is
                room.start_bots()


def _played(record: GameRecord, game_id: int) -> Match:
    """The match of a saved game's record, its actions played again (every rules check)."""
    return Match(record.spec, record.options, record.seats, seed=record.seed, actions=record.actions,
                 where=f"saved game {game_id}")
