"""Play: one WebSocket per seat or spectator (its messages are described in docs/server.md).

The first message is a hello: a seat's token opens that seat, ``"watch": true`` a spectator. Every
later message of a seat carries its token, checked in constant time; an error in one message is
told to that socket only and the game goes on.
"""

from __future__ import annotations

import hmac
import logging
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from ...core.errors import AsobiError
from ...store import StoreError
from ..errors import ServerError, status_of
from ..protocol import encode, error_message, parse_action, parse_lang, parse_message, parse_since, parse_text
from ..rooms import Connection, Hub, Room
from .hub import HubOf

log = logging.getLogger("asobi.server")

router = APIRouter()


@router.websocket("/ws/games/{game_id}")
async def play(socket: WebSocket, game_id: int, hub: HubOf) -> None:
    await socket.accept()
    conn: Connection | None = None
    room: Room | None = None
    try:
        try:
            hello = parse_message(await socket.receive_text())
            if hello["type"] != "hello":
                raise ServerError("the first message is a hello: {\"type\": \"hello\", \"token\": …} "
                                  "or {\"type\": \"hello\", \"watch\": true}", status=401)
            conn = _connect(hub, game_id, socket, hello)
            room = await hub.room(game_id)
        except (AsobiError, StoreError) as e:
            await socket.send_text(encode(error_message(str(e), status_of(e))))
            await socket.close(code=4000 + status_of(e))
            return
        room.connections.add(conn)
        await room.broadcast()  # everyone sees who is connected
        room.start_bots()
        while True:
            raw = await socket.receive()
            if raw["type"] == "websocket.disconnect":
                break
            text = raw.get("text")
            try:
                await _handle(room, conn, parse_message(text if text is not None else b""))
            except AsobiError as e:
                await room.send_error(conn, str(e), status_of(e))
            except Exception:  # a bug of ours: told to this socket, logged, and the game goes on
                log.exception("game %s: a message could not be handled", game_id)
                await room.send_error(conn, "the server failed to handle this message (see its log)", 500)
    except WebSocketDisconnect:
        pass
    finally:
        if room is not None and conn is not None:
            room.connections.discard(conn)
            hub.maybe_unload(room)
            if hub.rooms.get(game_id) is room:
                await room.broadcast()


def _connect(hub: Hub, game_id: int, socket: WebSocket, hello: dict[str, Any]) -> Connection:
    """The connection a hello opens: the seat its token opens, or a spectator."""
    lang = parse_lang(hello, "en")
    since, epoch = parse_since(hello)
    token = hello.get("token")
    if hello.get("watch") is True and token is None:
        seat = None
    else:
        if not isinstance(token, str) or not token:
            raise ServerError("this seat needs its token (from its join link); to watch, say \"watch\": true",
                              status=401)
        seat = hub.tokens.seat_of(game_id, token)
        if seat is None:
            raise ServerError(f"this token opens no seat of game {game_id}", status=403)
    return Connection(socket, seat, token if seat is not None else None, lang=lang, sent=since, epoch=epoch,
                      text=parse_text(hello, True))


async def _handle(room: Room, conn: Connection, message: dict[str, Any]) -> None:
    """One message from a connected client. Every seat message carries the seat's token."""
    kind = message["type"]
    if conn.seat is not None:
        token = message.get("token")
        if not isinstance(token, str) or conn.token is None or not hmac.compare_digest(token, conn.token):
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
        await room.send_state(conn)
    else:
        raise ServerError(f"no message type {kind!r}: use act, undo, hint or sync")
