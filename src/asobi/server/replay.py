"""The replay of a finished game as one seat saw it (or as a spectator), frame by frame.

The record is played again from the start; after each action the frame is the very message live
play would have sent that viewer then, built by the same :class:`~asobi.server.messages.StateMessages`
(naming the cards each frame shows): its view, its text drawing, and what it saw happen (other
seats' hidden choices redacted, only the log lines it could see). So a seat's replay shows what that seat could know at each moment and
nothing more, even though the game is over.
"""

from __future__ import annotations

import asyncio
import gzip
import logging
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Any

import orjson

from ..core.errors import AsobiError
from ..core.record import GameRecord
from ..core.replay import replaying
from .errors import ServerError
from .messages import Reader, StateMessages
from .thinking import ThinkFailed, apart

log = logging.getLogger("asobi.server")

REFUSED = b"!"
"""What the bytes of a replay built apart start with when the record does not replay (its
error's text follows): gzip's data never does."""

GZIP_LEVEL = 9
"""How hard a replay's JSON is compressed (once, in its process): a long game's frames repeat
themselves, so 12 MB of JSON keep in 0.2 MB."""

FRAME_KEYS = ("state_id", "to_move", "to_move_name", "over", "outcome", "view", "text", "names", "updates")
"""What a frame keeps of a state message (the seats, title and so on are said once)."""


def replay_message(record: GameRecord, game_id: int, seat: int | None, lang: str, *,
                   text: bool = True) -> dict[str, Any]:
    """Every frame of finished game ``game_id`` as ``seat`` (``None``: a spectator) saw it.

    Frame 0 is the setup (with its log lines in ``opening``); frame *k* follows action *k*, and
    its ``updates`` are what the viewer saw that action do. Without ``text`` each frame's text
    drawing is ``null``, as in live play for a socket that opts out (rendering it is most of a
    long game's replay's cost, docs/server.md).

    :raises ServerError: if the game is not over or the seat does not exist.
    :raises BadRecordError: if the record does not replay.
    """
    check_replayable(record, game_id, seat)
    reader = Reader(seat, lang, epoch="replay", text=text)
    messages: StateMessages | None = None
    frames = []
    first: dict[str, Any] = {}
    for match in replaying(record, journal=True, where=f"saved game {game_id}"):
        if messages is None:
            messages = StateMessages(record.spec, match.options, game_id, epoch="replay", names_from_views=True)
        message = messages.message(match, reader)
        if not first:
            first = message
        frames.append({key: message[key] for key in FRAME_KEYS})
        reader.sent = match.state_id
    return {
        "type": "replay",
        "game_id": game_id,
        "game": first["game"],
        "title": first["title"],
        "seat": seat,
        "lang": lang,
        "seats": [{"seat": s["seat"], "name": s["name"], "kind": s["kind"], "kind_name": s["kind_name"]}
                  for s in first["seats"]],
        "opening": first["opening"],
        "frames": frames,
    }


def check_replayable(record: GameRecord, game_id: int, seat: int | None) -> None:
    """:raises ServerError: if the game is not over or the seat does not exist."""
    if record.outcome is None:
        raise ServerError(f"game {game_id} is still being played: only a finished game is replayed", status=403)
    n = len(record.seats)
    if seat is not None and not 0 <= seat < n:
        raise ServerError(f"game {game_id} has seats 0 to {n - 1}, not {seat}")


def replay_apart(record: GameRecord, game_id: int, seat: int | None, lang: str, text: bool = True) -> bytes:
    """:func:`replay_message` as gzip-compressed JSON, built in a forked process of its own (it
    holds the interpreter for seconds in a long game: never beside the event loop); call it from
    a worker thread.

    :raises ServerError: if the game is not over or the seat does not exist (before forking).
    :raises AsobiError: if the record does not replay (its error's text).
    :raises ThinkFailed: if the process failed, died or hung.
    """
    check_replayable(record, game_id, seat)

    def build() -> bytes:
        try:
            made = orjson.dumps(replay_message(record, game_id, seat, lang, text=text), option=orjson.OPT_NON_STR_KEYS)
            return gzip.compress(made, GZIP_LEVEL, mtime=0)
        except AsobiError as e:
            return REFUSED + str(e).encode()

    made = apart(build, "replay")
    if made.startswith(REFUSED):
        raise AsobiError(made[len(REFUSED):].decode(errors="replace"))
    return made


ReplayKey = tuple[int, int | None, str, bool, int, str]
"""A replay's game id, seat, language, whether it has the text drawings, and its record's length
and fingerprint (a game deleted and its id used again is not mistaken for the old one)."""


class Replays:
    """Replays built lately, as gzip-compressed JSON (a finished game never changes), the ``kept``
    most recently asked for; each built once however many ask for it meanwhile, one at a time
    (each takes a core while it is built). Compressed once when built, a replay is sent as it is
    kept: the server does not compress it again for each request (a fifth of a second of a core
    for a long game's), and keeping it takes a fiftieth of the memory."""

    def __init__(self, kept: int) -> None:
        self.kept = kept
        self.built: OrderedDict[ReplayKey, bytes] = OrderedDict()
        self._building: dict[ReplayKey, asyncio.Task[bytes]] = {}
        self._one_at_a_time = asyncio.Lock()

    async def get(self, key: ReplayKey, load: Callable[[], Awaitable[GameRecord]]) -> bytes:
        """The replay ``key`` names, as gzip-compressed JSON: its game (whose record ``load``
        reads, if it must be built) as ``seat`` saw it, in ``lang``, with each frame's text drawing
        if ``text``.

        :raises ServerError: if the game is not over, the seat does not exist (400, 403), or the
            replay's process failed (500, logged).
        :raises AsobiError: if the record cannot be read or does not replay.
        """
        made = self.built.get(key)
        if made is not None:
            self.built.move_to_end(key)
            return made
        task = self._building.get(key)
        if task is None:
            task = self._building[key] = asyncio.get_running_loop().create_task(self._build(key, load))
            task.add_done_callback(self._built)
        return await asyncio.shield(task)  # a client that leaves does not stop the others' build

    def _built(self, task: asyncio.Task[bytes]) -> None:
        self._building = {k: t for k, t in self._building.items() if t is not task}
        if not task.cancelled():
            task.exception()  # retrieved: told to whoever waited, if anyone still did

    async def _build(self, key: ReplayKey, load: Callable[[], Awaitable[GameRecord]]) -> bytes:
        game_id, seat, lang, text = key[:4]
        async with self._one_at_a_time:
            record = await load()
            check_replayable(record, game_id, seat)
            try:
                made = await asyncio.to_thread(replay_apart, record, game_id, seat, lang, text)
            except ThinkFailed as e:
                log.error("game %s: its replay could not be built: %s", game_id, e)
                raise ServerError("the server failed to build this replay", status=500) from None
        self.built[key] = made
        while len(self.built) > self.kept:
            self.built.popitem(last=False)
        return made
