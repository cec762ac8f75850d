"""Play: one WebSocket per seat or spectator (its messages are described in docs/server.md).

The first message is a hello: a seat's token opens that seat, ``"watch": true`` a spectator (if
the game's host has not closed it to them). Every later message of a seat carries its token,
checked in constant time; an error in one message is told to that socket only and the game goes
on. What cannot be a conversation at all — a game id out of range, a binary frame, a first
message that opens nothing, a socket over the limits (:class:`~asobi.server.limits.Limits`: per
address, per game, per seat) — gets an error message and a close frame with its reason.
"""

from __future__ import annotations

import asyncio
import hmac
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...core.errors import AsobiError
from ..errors import ServerError, public_text, status_of
from ..protocol import encode, error_message, parse_action, parse_lang, parse_message, parse_since, parse_text
from ..rooms import Connection, Hub, Room
from .hub import MAX_GAME_ID, HubOf

log = logging.getLogger("asobi.server")

router = APIRouter()

BINARY = "messages are JSON text, not binary"
UNSUPPORTED_DATA = 1003
"""The close code for a frame of a kind the server does not read (RFC 6455)."""


class Binary(Exception):
    """The client sent a binary frame."""


def game_id_of(text: str) -> int:
    """The game id in a socket's path.

    :raises ServerError: for anything but a whole number from 1 to 2**63 - 1.
    """
    if not (text.isascii() and text.isdigit()) or len(text) > 19 or not 1 <= int(text) <= MAX_GAME_ID:
        raise ServerError(f"a game id is a whole number from 1 to {MAX_GAME_ID}")
    return int(text)


async def _receive(socket: WebSocket) -> str | None:
    """The next text message, or ``None`` once the client has gone.

    :raises Binary: for a binary frame.
    """
    raw = await socket.receive()
    if raw["type"] == "websocket.disconnect":
        return None
    text = raw.get("text")
    if text is None:
        raise Binary
    return str(text)


async def _refuse(socket: WebSocket, text: str, status: int) -> None:
    """Tell the client why, then close the socket with that reason (code 4000 + status)."""
    await socket.send_text(encode(error_message(text, status)))
    await socket.close(code=4000 + status, reason=text[:120])


@router.websocket("/ws/games/{game_id}")
async def play(socket: WebSocket, game_id: str, hub: HubOf) -> None:
    await socket.accept()
    address = socket.client.host if socket.client is not None else ""
    try:
        hub.sockets.open(address)
    except ServerError as e:
        await _refuse(socket, str(e), e.status)
        return
    try:
        await _play(socket, game_id, hub)
    finally:
        hub.sockets.close(address)


async def _play(socket: WebSocket, game_id: str, hub: HubOf) -> None:
    conn: Connection | None = None
    room: Room | None = None
    number = 0
    try:
        try:
            number = game_id_of(game_id)
            first = await _receive(socket)
            if first is None:
                return
            hello = parse_message(first)
            if hello["type"] != "hello":
                raise ServerError("the first message is a hello: {\"type\": \"hello\", \"token\": …} "
                                  "or {\"type\": \"hello\", \"watch\": true}", status=401)
            conn = _connect(hub, number, socket, hello)
            room = await hub.room(number)
            try:
                room.admit(conn)
            except ServerError:
                hub.maybe_unload(room)
                raise
        except Binary:
            await socket.close(code=UNSUPPORTED_DATA, reason=BINARY)
            return
        except AsobiError as e:
            if status_of(e) == 503:
                log.warning("game %s: a socket could not open it: %s", game_id[:40], e)
            await _refuse(socket, public_text(e, hub.db_path), status_of(e))
            return
        await room.broadcast()  # everyone sees who is connected
        await room.tell_thinking(conn)
        room.start_bots()
        while True:
            text = await _receive(socket)
            if text is None:
                break
            try:
                await _handle(room, conn, parse_message(text))
            except AsobiError as e:
                if status_of(e) == 503:
                    log.warning("game %s: %s", number, e)
                await room.send_error(conn, public_text(e, hub.db_path), status_of(e))
            except Exception:  # a bug of ours: told to this socket, logged, and the game goes on
                log.exception("game %s: a message could not be handled", number)
                await room.send_error(conn, "the server failed to handle this message", 500)
            # Taking a message already received, and sending, need not suspend: without this, the
            # loop would serve a flood of queued messages whole before any other socket or game.
            await asyncio.sleep(0)
    except Binary:
        await socket.close(code=UNSUPPORTED_DATA, reason=BINARY)
    except WebSocketDisconnect:
        pass
    except Exception:  # a bug of ours before the game could start: logged, the client told little
        log.exception("game %s: a socket failed", game_id[:40])
        await socket.close(code=1011, reason="the server failed")
    finally:
        if conn is not None:
            conn.stop()
        if room is not None and conn is not None:
            room.connections.discard(conn)
            hub.maybe_unload(room)
            if hub.rooms.get(number) is room:
                await room.broadcast()


def _connect(hub: Hub, game_id: int, socket: WebSocket, hello: dict[str, Any]) -> Connection:
    """The connection a hello opens: the seat its token opens, or a spectator (if the game is open
    to them, or the hello carries the game's host secret)."""
    lang = parse_lang(hello, "en")
    since, epoch = parse_since(hello)
    token = hello.get("token")
    if hello.get("watch") is True and token is None:
        seat = None
        host = hello.get("host")
        if not hub.tokens.spectators_open(game_id) and not (isinstance(host, str) and hub.tokens.is_host(game_id, host)):
            raise ServerError("the game's host has closed it to spectators", status=403)
    else:
        if not isinstance(token, str) or not token:
            raise ServerError("this seat needs its token (from its join link); to watch, say \"watch\": true",
                              status=401)
        seat = hub.tokens.seat_of(game_id, token)
        if seat is None:
            raise ServerError(f"this token opens no seat of game {game_id}", status=403)
    return Connection(socket, seat, token if seat is not None else None, lang=lang, sent=since, epoch=epoch,
                      text=parse_text(hello, True), backlog=hub.limits.socket_backlog)


async def _handle(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """One message from a connected client. Every seat message carries the seat's token."""
    kind = message["type"]
    if conn.seat is not None:
        token = message.get("token")
        if not isinstance(token, str) or conn.token is None or not hmac.compare_digest(
                token.encode("utf-8", "surrogatepass"), conn.token.encode()):
            raise ServerError("every message of a seat carries the seat's token", status=403)
    if kind == "act":
        state_id = message.get("state_id")
        if state_id is not None and (isinstance(state_id, bool) or not isinstance(state_id, int)):
            raise ServerError("state_id is the state id the action was chosen in (an integer)")
        await room.submit(conn, parse_action(message), state_id)
    elif kind == "undo":
        await room.undo(conn)
    elif kind == "hint":
        await room.send_hint(conn)
    elif kind == "sync":
        conn.lang = parse_lang(message, conn.lang)
        conn.text = parse_text(message, conn.text)
        conn.sent, conn.epoch = parse_since(message)
        room.usable()
        await room.send_state(conn)
    elif kind == "hello":
        raise ServerError("this socket has said hello already: use act, undo, hint or sync (a sync "
                          "changes the language or what is sent again)")
    else:
        raise ServerError(f"no message type {kind[:40]!r}: use act, undo, hint or sync")
