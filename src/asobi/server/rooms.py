"""Games being played on the server: one room per game, one writer per room.

A room holds the game's :class:`~asobi.core.match.Match`, the sockets connected to it and an
``asyncio.Lock``: every change (a person's action, an undo, a bot's or chance's action) is made
under the lock, committed to the store by the match's :class:`StoreListener` as it is applied,
and only then sent out. A failed commit leaves nothing half done: the room is rebuilt from what
the store holds and the submitting socket is told. Rooms of different games share nothing but
the store, so games do not wait on each other except for the SQLite write itself.

A room is loaded (and the game leased, so ``asobi resume`` elsewhere is told it is in use) when a
socket opens it or its bots have work, and unloaded (lease released) when neither remains.
"""

from __future__ import annotations

import asyncio
import contextlib
import sqlite3
import time
import uuid
from collections import OrderedDict
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import orjson

from ..agents import BotNameError, make_bot, seat_kind
from ..core.actions import Action, action_to_json
from ..core.errors import AsobiError
from ..core.match import HUMAN, Match
from ..core.record import GameRecord
from ..core.spec import GameSpec
from ..core.state import CHANCE
from ..store import GameStore, StoreError
from ..store.listener import StoreListener
from .cards import card_name_table
from .checkpoints import Checkpointer, finish_log, without_auto_checkpoints
from .errors import ServerError
from .hints import hint
from .protocol import EventTexts, board_extras, encode, encoded, error_message, public_view, state_message
from .tokens import SeatTokens


class Socket(Protocol):
    """What a room needs of a WebSocket."""

    async def send_text(self, data: str) -> None: ...


@dataclass(eq=False)
class Connection:
    """One socket in a room: a seat (with its token) or a spectator (``seat`` ``None``)."""

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
    sending: asyncio.Lock = field(default_factory=asyncio.Lock)


def parse_seat_kinds(spec: GameSpec, kinds: Sequence[str], n_seats: int) -> list[str]:
    """Seat kinds as a record holds them: ``human`` or ``bot:NAME`` (``bot`` is the game's best).

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
        self.epoch = uuid.uuid4().hex[:12]
        """Changes whenever the room's match is built anew: a client's state ids from another
        epoch mean nothing here, so it is sent everything again."""
        self.lock = asyncio.Lock()
        self.connections: set[Connection] = set()
        self.bots: asyncio.Task[None] | None = None
        self.closed = False
        self._shared: tuple[str, int, dict[str, Any] | None, dict[str, Any] | None, orjson.Fragment | None] = (
            "", -1, None, None, None
        )
        """What every socket is sent alike for one state — (epoch, state id, board extras, the
        spectators' view, which is every seat's too in a game with public views, and that view
        with the extras as JSON) — made once."""
        self.event_texts: EventTexts = {}
        """Each event's JSON in each language, made once for every socket (``protocol.event_json``)."""

    # ---- sending -------------------------------------------------------------------------------
    async def send_state(self, conn: Connection) -> None:
        """Send ``conn`` what it has not seen (everything, if it comes from another epoch)."""
        async with conn.sending:
            match = self.match
            since = conn.sent if conn.epoch == self.epoch else -1
            seat = conn.seat
            card_table: dict[str, str] = {}
            if conn.named_lang != conn.lang:  # the first message, or a new language: every card's name
                card_table = dict(card_name_table(match.spec.id, conn.lang))
                conn.named_lang = conn.lang
            message = state_message(
                match, seat, since=since, epoch=self.epoch, lang=conn.lang, game_id=self.game_id,
                seat_kinds=match.seats, connected=sorted({c.seat for c in self.connections if c.seat is not None}),
                can_undo=match.can_undo(seat) if seat is not None else 0, with_text=conn.text,
                card_table=card_table, event_texts=self.event_texts, **self._shared_parts(match, seat),
            )
            conn.sent, conn.epoch = match.state_id, self.epoch
            try:
                await conn.socket.send_text(encode(message))
            except Exception:  # a socket gone away: it is dropped when its reader notices
                conn.sent, conn.named_lang = -1, ""

    def _shared_parts(self, match: Match, seat: int | None) -> dict[str, Any]:
        """The parts of ``seat``'s state message that every socket shares at this state, made at
        most once a state: the board extras, and the view (also encoded) when it is a spectator's
        or the game's views are public (``state_message``'s ``board``, ``view`` and ``view_json``)."""
        epoch, state_id, board, view, view_json = self._shared
        if (epoch, state_id) != (self.epoch, match.state_id):
            board, view, view_json = board_extras(match), None, None
        if not (seat is None or match.spec.info.public_views):
            self._shared = (self.epoch, match.state_id, board, view, view_json)
            return {"board": board}
        if view is None:
            view = public_view(match)
            view_json = encoded(view if board is None else {**view, "board": board})
        self._shared = (self.epoch, match.state_id, board, view, view_json)
        return {"board": board, "view": view, "view_json": view_json}

    async def broadcast(self) -> None:
        for conn in list(self.connections):
            await self.send_state(conn)

    async def send_error(self, conn: Connection, text: str, code: int = 400) -> None:
        async with conn.sending:
            with contextlib.suppress(Exception):
                await conn.socket.send_text(encode(error_message(text, code, self.match.state_id)))

    async def send_hint(self, conn: Connection) -> None:
        """The best bot's suggestion for the connection's seat, to that socket only."""
        if conn.seat is None:
            raise ServerError("a hint is for a seat, not a spectator", status=403)
        async with self.lock:  # nothing changes while the bot thinks (the seat to decide is a person)
            match = self.match
            suggestion = await asyncio.to_thread(hint, match, conn.seat, conn.lang, f"game {self.game_id}")
            state_id = match.state_id
        async with conn.sending:
            with contextlib.suppress(Exception):
                await conn.socket.send_text(encode({
                    "type": "hint", "state_id": state_id, "action": action_to_json(suggestion.action),
                    "label": suggestion.label, "bot": suggestion.bot,
                }))

    # ---- changing the game ----------------------------------------------------------------------
    async def submit(self, conn: Connection, action: Action, state_id: int | None) -> None:
        """A person's action for the connection's seat: checked, committed, then sent out.

        :raises AsobiError: if it is refused (nothing changes).
        """
        if conn.seat is None:
            raise ServerError("spectators cannot act", status=403)
        async with self.lock:
            match = self.match
            if state_id is not None and state_id != match.state_id:
                raise ServerError(f"the game has moved on (state {match.state_id}, not {state_id}); "
                                  "look again and choose anew", status=409)
            try:
                match.submit(conn.seat, action)
            except StoreError:
                self._rebuild()
                raise
            failure = self._play_chance()
        if failure is not None:
            for other in list(self.connections):
                await self.send_error(other, failure, 503)
        await self.broadcast()
        self.start_bots()

    def _play_chance(self) -> str | None:
        """Chance's draws and rolls that follow at once, each committed, so that the seats are sent
        one state after a person's action rather than two. Under the room's lock.

        :returns: what went wrong, if chance could not go on (the room is rebuilt from the store).
        """
        match = self.match
        try:
            while match.current_seat == CHANCE:
                action = match.decide()
                if action is None:
                    break
                match.advance(action)
        except (StoreError, AsobiError) as e:
            self._rebuild()
            return f"the game could not go on: {e}"
        return None

    async def undo(self, conn: Connection) -> None:
        if conn.seat is None:
            raise ServerError("spectators cannot undo", status=403)
        async with self.lock:
            try:
                self.match.undo(conn.seat)
            except StoreError:
                self._rebuild()
                raise
        await self.broadcast()

    def _rebuild(self) -> None:
        """Build the match anew from what the store holds (after a failed commit)."""
        self.match = self.hub.build_match(self.game_id)
        self.epoch = uuid.uuid4().hex[:12]

    def start_bots(self) -> None:
        """Let chance and the bots play until a person must decide (in the background)."""
        if self.closed or (self.bots is not None and not self.bots.done()):
            return
        if self.match.is_over() or self.match.waiting_for() is not None:
            return
        self.bots = asyncio.get_running_loop().create_task(self._run_bots())

    async def _run_bots(self) -> None:
        delay = self.hub.bot_delay
        try:
            while not self.closed:
                async with self.lock:
                    match = self.match
                    seat = match.current_seat
                    if match.is_over() or match.waiting_for() is not None:
                        break
                    # A bot may think a while: it does so off the event loop; the state is only read.
                    action = match.decide() if seat == CHANCE else await asyncio.to_thread(match.decide)
                    if action is None or match is not self.match:
                        break
                    try:
                        match.advance(action)
                    except (StoreError, AsobiError) as e:
                        self._rebuild()
                        for conn in list(self.connections):
                            await self.send_error(conn, f"the game could not go on: {e}", 503)
                        break
                if seat != CHANCE and delay > 0:
                    await self.broadcast()
                    await asyncio.sleep(delay)
        finally:
            await self.broadcast()
            self.hub.maybe_unload(self)


class Hub:
    """Every room of one server, the store they save to and the seat tokens."""

    def __init__(self, db_path: Path, *, bot_delay: float = 0.0) -> None:
        self.db_path = db_path
        self.bot_delay = bot_delay
        self.rooms: dict[int, Room] = {}
        self._loading = asyncio.Lock()
        self._store: GameStore | None = None
        self._tokens: SeatTokens | None = None
        self._checkpointer: Checkpointer | None = None
        self.checkpoints = (0, 0)
        """Once closed: the checkpoints its thread made, and how many times the loop restarted the log."""
        self.log_restarts: list[tuple[float, float]] = []
        """Each time the loop finished the log: seconds since the store opened, and ms it took."""
        self.replays: OrderedDict[tuple[int, int | None, str, int, str], dict[str, Any]] = OrderedDict()
        """Replay messages built lately (app.py keeps a few: a finished game never changes)."""

    def open(self) -> None:
        """Open the store (on the event loop's thread: SQLite connections stay on theirs).

        The server's connection commits without waiting for the disk (``synchronous = NORMAL``
        in WAL mode): a committed action survives the server being killed (``kill -9``), since the
        operating system holds the write, and only a crash of the whole machine could lose the
        last ones. It makes a commit about ten times cheaper, which is what lets one server keep
        a hundred games' round trips short (scripts/loadtest.py). Its connections leave copying
        the log into the database to a thread (:mod:`.checkpoints`), so the loop does not wait
        on the disk. Call it on the event loop.
        """
        self._store = GameStore(self.db_path)
        self._tokens = SeatTokens(self._store.path)
        try:
            self._store.db.execute("PRAGMA synchronous = NORMAL")
            for db in (self._store.db, self._tokens.db):
                without_auto_checkpoints(db)
        except sqlite3.Error as e:
            raise ServerError(f"{self.db_path}: cannot set up the store ({e})", status=503) from None
        store = self._store
        began = time.perf_counter()

        def finish() -> None:
            start = time.perf_counter()
            finish_log(store.db)
            self.log_restarts.append((round(start - began, 2), round((time.perf_counter() - start) * 1000, 1)))

        self._checkpointer = Checkpointer(store.path, asyncio.get_running_loop(), finish)
        self._checkpointer.start()

    @property
    def store(self) -> GameStore:
        if self._store is None:
            raise ServerError("the server's store is not open", status=503)
        return self._store

    @property
    def tokens(self) -> SeatTokens:
        if self._tokens is None:
            raise ServerError("the server's store is not open", status=503)
        return self._tokens

    async def close(self) -> None:
        for room in list(self.rooms.values()):
            room.closed = True
            if room.bots is not None:
                room.bots.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await room.bots
        self.rooms.clear()
        if self._checkpointer is not None:
            self._checkpointer.stop()
            self.checkpoints = (self._checkpointer.checkpoints, self._checkpointer.restarts)
            self._checkpointer = None
        if self._tokens is not None:
            self._tokens.close()
        if self._store is not None:
            self._store.close()  # releases every lease

    # ---- games ----------------------------------------------------------------------------------
    def create(self, spec: GameSpec, options: dict[str, Any], kinds: list[str], seed: int | None) -> tuple[int, dict[int, str]]:
        """Save a new game and hand out a token per human seat."""
        match = Match(spec, options, kinds, seed=seed, bot_maker=make_bot)  # checks options and seats first
        game_id = self.store.create(GameRecord.new(spec, match.options, list(kinds), seed))
        humans = [i for i, kind in enumerate(kinds) if kind == HUMAN]
        try:
            tokens = self.tokens.issue(game_id, humans)
        except AsobiError:
            self.store.delete(game_id)
            raise
        return game_id, tokens

    def build_match(self, game_id: int) -> Match:
        """The saved game as a match, saving each new action as it is applied."""
        record = self.store.load_for_play(game_id)
        match = Match(record.spec, record.options, record.seats, seed=record.seed, actions=record.actions,
                      where=f"saved game {game_id}", bot_maker=make_bot)
        match.listeners.append(StoreListener(self.store, game_id))
        return match

    async def room(self, game_id: int) -> Room:
        """The game's room, loading it (and taking its lease) if needed.

        :raises GameInUseError: if another program is playing it.
        """
        async with self._loading:
            room = self.rooms.get(game_id)
            if room is not None:
                return room
            store = self.store
            store.lease(game_id)
            try:
                match = self.build_match(game_id)
            except BaseException:
                with contextlib.suppress(StoreError):
                    store.release(game_id)
                raise
            room = self.rooms[game_id] = Room(self, game_id, match)
            return room

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
            with contextlib.suppress(StoreError):
                self.store.release(room.game_id)

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
