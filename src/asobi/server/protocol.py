"""What the server sends a seat or a spectator, and how it reads what clients send.

Everything a client receives is built here from the match's public API, for one viewer at a time:
a seat gets its own view (``state.view(seat)``), the updates it may see (``Match.updates``) and,
when it must decide, the legal actions with labels; a spectator gets only what every seat may
see. See docs/server.md for the message protocol.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import orjson

from ..core.actions import HIDDEN, Action, action_from_json, action_to_json
from ..core.errors import AsobiError
from ..core.events import Event
from ..core.match import Match, Update
from ..core.state import CHANCE, TERMINAL
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


# ---- spectators: only what every seat may see ---------------------------------------------------
def common_part(values: Sequence[Any]) -> Any:
    """The part of JSON values that is the same in all of them; ``None`` where they differ.

    Applied to every seat's view, this is what all seats know: anything one seat may see and
    another may not differs between their views, so it is left out.
    """
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values) and all(v.keys() == first.keys() for v in values[1:]):
        return {k: common_part([v[k] for v in values]) for k in first}
    if all(isinstance(v, list) for v in values) and all(len(v) == len(first) for v in values[1:]):
        return [common_part([v[i] for v in values]) for i in range(len(first))]
    return None


def public_view(match: Match) -> dict[str, Any]:
    """The view a spectator gets: the common part of every seat's view (all of it with open hands;
    the one view of a game whose views are public)."""
    if match.spec.info.public_views:
        return match.view(None)
    view = common_part([match.view(seat) for seat in range(len(match.seats))])
    return view if isinstance(view, dict) else {}


def _has_hidden(value: Any) -> bool:
    if isinstance(value, tuple):
        return any(_has_hidden(v) for v in value)
    return value == HIDDEN


def public_updates(match: Match, since: int, lang: str) -> list[Update]:
    """What a spectator sees happen after ``since``: an action as every seat saw it when they all
    saw it alike, else its one redacted form (the form with ``HIDDEN`` items) if the seats who did
    not see it whole all saw that, else no action at all; and only the events every seat may see."""
    per_seat = [match.updates(seat, since, lang) for seat in range(len(match.seats))]
    out = []
    for items in zip(*per_seat, strict=True):
        first = items[0]
        if first.action is None:
            out.append(first)
            continue
        forms = {(u.action, u.label) for u in items}
        redacted = {f for f in forms if _has_hidden(f[0])}
        action: Action | None
        if len(forms) == 1:
            action, label = next(iter(forms))
        elif len(redacted) == 1:
            action, label = next(iter(redacted))
        else:
            action, label = None, ""
        events = tuple(e for e in first.events if e.seats is None)
        out.append(Update(first.state_id, first.actor, action, label, events))
    return out


# ---- building messages -------------------------------------------------------------------------
def seat_name(match: Match, seat: int) -> str:
    if seat == CHANCE:
        return "chance"
    names = match.spec.seat_names(match.options)
    return names[seat] if 0 <= seat < len(names) else str(seat)


EventTexts = dict[tuple[Event, str], dict[str, Any]]
"""(event, lang) → the event's JSON: a room keeps one, since every seat is sent the same public
events and rendering one (its message template, its card names) is most of an update's cost."""

EVENT_TEXTS_KEPT = 4096
"""A room's :data:`EventTexts` is emptied when it holds more than this many (a game's log only
grows; its recent events are the ones sent again)."""


def event_json(match: Match, event: Event, lang: str, texts: EventTexts | None = None) -> dict[str, Any]:
    """``{"clause", "text"}`` of ``event`` in ``lang``; with ``texts``, made once per event and
    language (the dict is shared by the messages it goes into: nobody changes it)."""
    if texts is None:
        return {"clause": event.clause, "text": match.spec.event_text(event, lang)}
    key = (event, lang)
    try:
        found = texts.get(key)
    except TypeError:  # an argument that cannot be hashed: rendered every time
        return {"clause": event.clause, "text": match.spec.event_text(event, lang)}
    if found is None:
        if len(texts) >= EVENT_TEXTS_KEPT:
            texts.clear()
        found = texts[key] = {"clause": event.clause, "text": match.spec.event_text(event, lang)}
    return found


def update_json(match: Match, update: Update, lang: str, texts: EventTexts | None = None) -> dict[str, Any]:
    return {
        "state_id": update.state_id,
        "actor": update.actor,
        "actor_name": seat_name(match, update.actor),
        "action": None if update.action is None else action_to_json(update.action),
        "label": update.label,
        "events": [event_json(match, e, lang, texts) for e in update.events],
        "undone": update.undone,
    }


def card_names(match: Match, view: Any, lang: str, known: dict[tuple[str, str], str | None] | None = None) -> dict[str, str]:
    """Names for the ids in ``view`` that the game's localizer knows as cards (for drawing).

    :param known: (text, lang) → name or ``None``, what the localizer said before (a room keeps
        one: asking it again for every string of every view is most of a message's cost).
    """
    localize = match.spec.localize
    names: dict[str, str] = {}
    if localize is None:
        return names
    if known is None:
        known = {}

    pending: list[Any] = [view]  # a loop, not recursion: this runs for every message
    while pending:
        value = pending.pop()
        kind = type(value)
        if kind is dict:
            pending.extend(value.values())
        elif kind is list:
            pending.extend(value)
        elif kind is str and value not in names and len(value) <= 40:
            key = (value, lang)
            if key in known:
                text = known[key]
            else:
                try:
                    said: str | None = localize("card", value, lang)
                except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
                    said = None
                known[key] = text = None if said == value else said
            if text is not None:
                names[value] = text
    return names


def board_extras(match: Match) -> dict[str, Any] | None:
    """The public facts the game's rules derive for its board now (the same for every seat and
    spectator), or ``None`` for a game without any."""
    extras = match.spec.present.view_extras
    return None if extras is None else extras(match.state)


def state_message(match: Match, seat: int | None, *, since: int, epoch: str, lang: str, game_id: int,
                  seat_kinds: Sequence[str], connected: Sequence[int], can_undo: int, with_text: bool = True,
                  known_names: dict[tuple[str, str], str | None] | None = None,
                  card_table: dict[str, str] | None = None, board: dict[str, Any] | None = None,
                  view: dict[str, Any] | None = None, view_json: orjson.Fragment | None = None,
                  event_texts: EventTexts | None = None) -> dict[str, Any]:
    """The ``state`` message for ``seat`` (``None``: a spectator): its view, what happened since
    state id ``since`` (``-1``: everything from the start, the client's log is replaced), and its
    legal actions when it must decide.

    :param with_text: include the game's text drawing (``text`` is ``None`` without: a client
        that draws the board asks for it only while it shows it).
    :param known_names: a cache for :func:`card_names`.
    :param card_table: the card names to send (a room sends a socket the game's whole table once,
        :func:`~asobi.server.cards.card_name_table`, then none); ``None``: the names of the
        cards in the view (:func:`card_names`).
    :param board: the game's board extras of this very state (:func:`board_extras`), made once for
        every socket a room sends it to; ``None``: made here.
    :param view: ``seat``'s view of this very state, made once for the sockets that share it (a
        spectator's, or every seat's in a game with public views); ``None``: made here.
    :param view_json: that view with ``board`` in it, :func:`encoded` once for those sockets; the
        message carries it in place of the view.
    :param event_texts: a cache for :func:`event_json` (a room keeps one for all its sockets).
    """
    reset = since < 0
    updates = public_updates(match, max(since, 0), lang) if seat is None else match.updates(seat, max(since, 0), lang)
    if not reset and any(u.action is None for u in updates):  # an undo: events of undone actions are gone
        reset = True
        updates = public_updates(match, 0, lang) if seat is None else match.updates(seat, 0, lang)
    if view is None:
        view = public_view(match) if seat is None else match.view(seat)
    if board is None:
        board = board_extras(match)
    if board is not None:  # public facts the game's rules derive for its board (docs/server.md)
        view = {**view, "board": board}
    text: str | None = None
    if with_text:
        try:
            text = match.spec.present.render(view, seat, lang)
        except (AsobiError, KeyError, IndexError, TypeError, ValueError, AttributeError):
            text = ""  # a drawing that needs what a spectator may not see
    state = match.state
    current = state.current_seat
    legal: list[dict[str, Any]] = []
    window: dict[str, Any] | None = None
    stops = match.spec.stops
    if seat is not None and match.waiting_for() == seat:
        actions = state.legal_actions()
        legal = [{"action": action_to_json(a), "label": state.action_label(a, lang)} for a in actions]
        stop = stops.window(view, actions) if stops is not None else None
        if stop is not None:  # a window the client may pass by its person's stops
            window = {"stop": stop[0], "playable": stop[1]}
        forecast = match.spec.present.forecast
        if forecast is not None:  # what an attack would do, beside the choices that start one
            for item, action in zip(legal, actions, strict=True):
                found = forecast(state, action)
                if found is not None:
                    item["forecast"] = found
    outcome = state.outcome()
    opening = []
    if reset:
        events = match.opening_events(seat)
        opening = [event_json(match, e, lang, event_texts) for e in events if seat is not None or e.seats is None]
    names = match.spec.seat_names(match.options)
    return {
        "type": "state",
        "game_id": game_id,
        "game": match.spec.id,
        "title": match.spec.title_ja if lang == "ja" else match.spec.title_en,
        "epoch": epoch,
        "state_id": match.state_id,
        "seat": seat,
        "lang": lang,
        "seats": [
            {"seat": i, "name": names[i], "kind": kind, "connected": i in connected}
            for i, kind in enumerate(seat_kinds)
        ],
        "to_move": current if current >= 0 else None,
        "to_move_name": seat_name(match, current) if current >= 0 else None,
        "over": current == TERMINAL,
        "outcome": None if outcome is None else {**outcome.to_json(), "text": match.spec.outcome_text(outcome, lang)},
        "view": view if view_json is None else view_json,
        "text": text,
        "names": card_names(match, view, lang, known_names) if card_table is None else card_table,
        "legal": legal,
        "window": window,
        "stops": None if stops is None else {
            "names": list(stops.names), "default": [n for n in stops.names if n in stops.default],
            "pass": action_to_json(stops.pass_action),
        },
        "can_undo": can_undo,
        "reset_log": reset,
        "opening": opening,
        "updates": [update_json(match, u, lang, event_texts) for u in updates],
    }


def error_message(text: str, code: int = 400, state_id: int | None = None) -> dict[str, Any]:
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
