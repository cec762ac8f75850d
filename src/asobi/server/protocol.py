"""The WebSocket's wire: messages encoded as JSON text, error messages, and reading what clients
send. The ``state`` messages themselves are built in :mod:`.messages`; docs/server.md describes
the protocol.
"""

from __future__ import annotations

from typing import Any

import orjson

from ..core.actions import Action, action_from_json
from .errors import ServerError

MAX_MESSAGE = 65_536
"""The longest message a client may send, in characters."""

LANGS = ("en", "ja")


def encode(message: dict[str, Any]) -> str:
    """A message as the JSON text sent on a socket (compact, UTF-8 as is).

    orjson, not the standard library: encoding was a third of the server's work per action.
    """
    return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()


def encoded(value: Any) -> orjson.Fragment:
    """``value`` encoded once, to be placed as it is in several messages (:func:`encode` copies a
    fragment's text without encoding it again)."""
    return orjson.Fragment(orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS))


def error_message(text: str, code: int = 400, state_id: int | None = None) -> dict[str, Any]:
    """An ``error`` message, to one socket only (``state_id``: the state it was refused in)."""
    return {"type": "error", "code": code, "message": text, "state_id": state_id}


# ---- reading what clients send --------------------------------------------------------------------
def parse_message(text: str | bytes) -> dict[str, Any]:
    """A client message as a dict with a ``type``.

    :raises ServerError: for anything else (not JSON, too long, no type).
    """
    if isinstance(text, bytes):
        raise ServerError("messages are JSON text, not binary")
    if len(text) > MAX_MESSAGE:
        raise ServerError(f"a message is at most {MAX_MESSAGE} characters")
    try:
        data = orjson.loads(text)
    except (orjson.JSONDecodeError, RecursionError):
        raise ServerError("a message is a JSON object, e.g. {\"type\": \"act\", \"action\": [...]}") from None
    if not isinstance(data, dict) or not isinstance(data.get("type"), str):
        raise ServerError("a message is a JSON object with a \"type\" (hello, act, undo, hint, sync)")
    return data


def parse_action(data: dict[str, Any]) -> Action:
    """The action of an ``act`` message.

    :raises MalformedActionError: if it is not an action.
    :raises ServerError: if there is none.
    """
    if "action" not in data:
        raise ServerError("an act message carries an \"action\" (a list, as in \"legal\")")
    return action_from_json(data["action"])


def parse_lang(data: dict[str, Any], default: str) -> str:
    lang = data.get("lang", default)
    if lang not in LANGS:
        raise ServerError(f"lang is one of {', '.join(LANGS)}, not {lang!r}")
    return str(lang)


def parse_text(data: dict[str, Any], default: bool) -> bool:
    """Whether a client wants the text drawing (``"text": false``: it draws the board itself)."""
    wanted = data.get("text", default)
    if not isinstance(wanted, bool):
        raise ServerError("text is true or false: whether to send the game's text drawing")
    return wanted


def parse_since(data: dict[str, Any]) -> tuple[int, str]:
    """The state id and epoch a client says it has (``-1`` and ``""`` if it has nothing)."""
    since = data.get("since", -1)
    epoch = data.get("epoch", "")
    if isinstance(since, bool) or not isinstance(since, int) or not isinstance(epoch, str):
        raise ServerError("since is a state id (an integer) and epoch the text the server sent")
    return since, epoch
